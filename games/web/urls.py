from django.urls import path

from games.web import views

urlpatterns = [
    path("", views.lobby, name="web-lobby"),
    path("signup/", views.signup, name="web-signup"),
    path("login/", views.login_page, name="web-login"),
    path("logout/", views.logout_page, name="web-logout"),
    path("history/", views.history, name="web-history"),
    path("play-now/", views.play_now, name="web-play-now"),
    path("tables/new/", views.table_create, name="web-table-create"),
    path("tables/<int:table_id>/", views.table_page, name="web-table"),
    path("tables/<int:table_id>/seats/", views.table_seats, name="web-table-seats"),
    path("tables/<int:table_id>/<str:action>/", views.table_action, name="web-table-action"),
    path("games/<int:game_id>/", views.game_page, name="web-game"),
    path("games/<int:game_id>/board/", views.game_board, name="web-game-board"),
    path("games/<int:game_id>/log/", views.game_log, name="web-game-log"),
    path("games/<int:game_id>/rematch/", views.rematch, name="web-game-rematch"),
    path("games/<int:game_id>/decide/", views.game_decide, name="web-game-decide"),
    path("games/<int:game_id>/resign/", views.game_resign, name="web-game-resign"),
]
