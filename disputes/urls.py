from django.urls import path

from disputes import views

urlpatterns = [
    path("games/<int:game_id>/report/", views.report, name="disputes-report"),
    path("disputes/", views.mine, name="disputes-mine"),
    path("staff/disputes/", views.staff_list, name="disputes-staff-list"),
    path("staff/disputes/<int:dispute_id>/", views.staff_page, name="disputes-staff-page"),
    path("staff/disputes/<int:dispute_id>/act/", views.staff_act, name="disputes-staff-act"),
    path("api/games/<int:game_id>/disputes/", views.GameDisputes.as_view(), name="api-game-disputes"),
    path("api/disputes/", views.MyDisputes.as_view(), name="api-disputes"),
    path("api/disputes/<int:dispute_id>/", views.DisputeDetail.as_view(), name="api-dispute"),
]
