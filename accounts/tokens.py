"""API tokens: one per account, issued fresh at every API log-in (the old one stops working),
revoked at log-out (API or page), and refused once older than RDI_TOKEN_MAX_AGE seconds
(401 `token_expired`: log in again for a new one)."""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed


class TokenExpired(AuthenticationFailed):
    default_code = "token_expired"


def expired(token: Token) -> bool:
    return token.created < timezone.now() - timedelta(seconds=settings.RDI_TOKEN_MAX_AGE)


def token_rotate(user) -> Token:
    """A new token for `user`; the previous one, if any, is revoked."""
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user)


def token_current(user) -> Token:
    """The account's live token, or a new one when it has none or it expired."""
    token = Token.objects.filter(user=user).first()
    if token is None or expired(token):
        return token_rotate(user)
    return token


def token_revoke(user) -> None:
    Token.objects.filter(user=user).delete()


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        user, token = super().authenticate_credentials(key)
        if expired(token):
            token.delete()
            raise TokenExpired("Your API token has expired; log in again (POST /api/accounts/login/) for a new one.")
        return user, token
