from django.urls import path

from accounts import api

urlpatterns = [
    path("signup/", api.SignUp.as_view(), name="api-signup"),
    path("login/", api.LogIn.as_view(), name="api-login"),
    path("logout/", api.LogOut.as_view(), name="api-logout"),
    path("me/", api.Me.as_view(), name="api-me"),
]
