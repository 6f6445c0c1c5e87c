"""Sign-up, log-in and log-out through Django auth. Log-in opens a session (the browser) and
returns a fresh API token (`Authorization: Token <key>` for API clients; accounts.tokens)."""
from __future__ import annotations

from django.contrib.auth import authenticate, login, logout
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.parsers import JSONParser
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import services, throttles, tokens
from games.api.serializers import ErrorSerializer
from games.errors import ServiceError


class CredentialsSerializer(serializers.Serializer):
    username = serializers.RegexField(r"^[\w.@+-]+\Z", max_length=150)
    password = serializers.CharField(max_length=128, write_only=True, trim_whitespace=False)


class AccountSerializer(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField(help_text="Your API token; every log-in issues a new one and revokes the last.")


def _error(text: str) -> OpenApiResponse:
    return OpenApiResponse(ErrorSerializer, description=text)


THROTTLED = _error("`throttled`: too many attempts for this account or from this address; the `Retry-After` "
                   "header and the message say when to try again")
INVALID = _error("`invalid_input` (+ `fields`): a username of letters, digits and @.+-_ (at most 150) and a "
                 "password (at most 128) are required")
NOT_JSON = _error("`unsupported_media_type`: the body must be application/json")


class SessionCreatingView(APIView):
    """Sign-up and log-in open a session without any credentials yet, so no CSRF token can
    guard them; instead they take JSON only. A cross-site form can send only urlencoded,
    multipart or text/plain bodies (415 here), and a cross-site JSON request needs a CORS
    preflight this site never grants, so another site cannot log a visitor in."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []
    parser_classes = [JSONParser]


class SignUp(SessionCreatingView):
    throttle_classes = throttles.SIGNUP

    @extend_schema(request=CredentialsSerializer, summary="Create an account", responses={
        201: AccountSerializer,
        400: _error("`invalid_input` (+ `fields`) for a malformed username or password; `weak_password` with "
                    "what the password lacks"),
        409: _error("`username_taken`: an account with this name exists (names that differ only in case or "
                    "Unicode form count as one); `username_confusable`: an account's name looks the same "
                    "(Unicode TR39 confusables, e.g. a Cyrillic а for a Latin a)"),
        415: NOT_JSON, 429: THROTTLED})
    def post(self, request):
        serializer = CredentialsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = services.account_create(**serializer.validated_data)
        login(request, user)
        return Response(_account(user, tokens.token_rotate(user)), status=status.HTTP_201_CREATED)


class LogIn(SessionCreatingView):
    throttle_classes = throttles.LOGIN

    @extend_schema(request=CredentialsSerializer, summary="Log in: a session and a new API token", responses={
        200: AccountSerializer, 400: INVALID,
        401: _error("`invalid_credentials`: the username or password is wrong"),
        415: NOT_JSON, 429: THROTTLED})
    def post(self, request):
        serializer = CredentialsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = authenticate(request, **serializer.validated_data)
        if user is None:
            raise ServiceError("The username or password is wrong; check them and try again.",
                               code="invalid_credentials", status=401)
        login(request, user)
        return Response(_account(user, tokens.token_rotate(user)))


class LogOut(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(request=None, summary="End the session and revoke your API token", responses={
        204: None,
        401: _error("`authentication_failed` or `token_expired`: the token sent is no longer valid (already "
                    "logged out, or expired); there is nothing left to end")})
    def post(self, request):
        logout(request)   # the user_logged_out receiver revokes the token
        return Response(status=status.HTTP_204_NO_CONTENT)


class Me(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: AccountSerializer, 401: _error("`not_authenticated`, `authentication_failed` "
                                                                  "or `token_expired`: log in")},
                   summary="Who am I, and my API token (a new one if it had expired)")
    def get(self, request):
        return Response(_account(request.user, tokens.token_current(request.user)))


def _account(user, token) -> dict:
    return {"username": user.username, "token": token.key}
