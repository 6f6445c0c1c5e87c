from django.urls import path

from games.api import seats, views
from replay import api as replay_api

urlpatterns = [
    path("tables/", views.TableListCreate.as_view(), name="api-tables"),
    path("tables/<int:table_id>/", views.TableDetail.as_view(), name="api-table"),
    path("tables/<int:table_id>/seats/", views.SeatCreate.as_view(), name="api-table-seats"),
    path("tables/<int:table_id>/start/", views.TableStart.as_view(), name="api-table-start"),
    path("games/<int:game_id>/", views.GameDetail.as_view(), name="api-game"),
    path("games/<int:game_id>/decisions/", views.DecisionCreate.as_view(), name="api-game-decisions"),
    path("games/<int:game_id>/autopass/", seats.Autopass.as_view(), name="api-game-autopass"),
    path("games/<int:game_id>/control/", seats.TakeBack.as_view(), name="api-game-control"),
    path("games/<int:game_id>/resign/", seats.Resign.as_view(), name="api-game-resign"),
    path("games/<int:game_id>/events/", views.EventList.as_view(), name="api-game-events"),
    path("games/<int:game_id>/export/", views.GameExport.as_view(), name="api-game-export"),
    path("games/<int:game_id>/replay/", replay_api.ReplayFrame.as_view(), name="api-game-replay"),
    path("games/<int:game_id>/replay/timeline/", replay_api.ReplayTimeline.as_view(), name="api-game-replay-timeline"),
    path("games/<int:game_id>/fork/", replay_api.ReplayFork.as_view(), name="api-game-fork"),
    path("games/<int:game_id>/verify/", views.GameVerify.as_view(), name="api-game-verify"),
]
