"""Sign-up, log-in and log-out through Django auth. Log-in opens a session (the browser) and
returns the account's API token (`Authorization: Token <key>` for API clients)."""
from __future__ import annotations

from django.contrib.auth import authenticate, login, logout
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.parsers import JSONParser
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import services
from games.errors import ServiceError


class CredentialsSerializer(serializers.Serializer):
    username = serializers.RegexField(r"^[\w.@+-]+\Z", max_length=150)
    password = serializers.CharField(max_length=128, write_only=True, trim_whitespace=False)


class AccountSerializer(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField()


def _account(user) -> dict:
    token, _ = Token.objects.get_or_create(user=user)
    return {"username": user.username, "token": token.key}


class SessionCreatingView(APIView):
    """Sign-up and log-in open a session without any credentials yet, so no CSRF token can
    guard them; instead they take JSON only. A cross-site form can send only urlencoded,
    multipart or text/plain bodies (415 here), and a cross-site JSON request needs a CORS
    preflight this site never grants, so another site cannot log a visitor in."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []
    parser_classes = [JSONParser]


class SignUp(SessionCreatingView):

    @extend_schema(request=CredentialsSerializer, responses={201: AccountSerializer}, summary="Create an account")
    def post(self, request):
        serializer = CredentialsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = services.account_create(**serializer.validated_data)
        login(request, user)
        return Response(_account(user), status=status.HTTP_201_CREATED)


class LogIn(SessionCreatingView):

    @extend_schema(request=CredentialsSerializer, responses={200: AccountSerializer}, summary="Log in")
    def post(self, request):
        serializer = CredentialsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = authenticate(request, **serializer.validated_data)
        if user is None:
            raise ServiceError("The username or password is wrong; check them and try again.",
                               code="invalid_credentials", status=401)
        login(request, user)
        return Response(_account(user))


class LogOut(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(request=None, responses={204: None}, summary="End the session")
    def post(self, request):
        logout(request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class Me(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: AccountSerializer}, summary="Who am I, and my API token")
    def get(self, request):
        return Response(_account(request.user))
