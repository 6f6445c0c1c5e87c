from django.urls import path

from replay import views

urlpatterns = [
    path("games/<int:game_id>/replay/", views.replay_page, name="replay-page"),
    path("games/<int:game_id>/replay/frame/", views.replay_frame, name="replay-frame"),
    path("games/<int:game_id>/replay/fork/", views.replay_fork, name="replay-fork"),
]
