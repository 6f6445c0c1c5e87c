"""Account writes. Sign-up from the API and from the page both come here."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction

from accounts.models import UsernameKey
from accounts.names import username_key
from games.errors import Conflict, ServiceError


def username_taken(username: str) -> Conflict:
    return Conflict(f"The username {username!r} is taken (names that differ only in case count as one); "
                    "choose another.", code="username_taken")


def account_create(*, username: str, password: str):
    """A new account. Two sign-ups of look-alike names racing each other: the unique key in
    the database lets exactly one through, the other gets 409 `username_taken`."""
    User = get_user_model()
    if UsernameKey.objects.filter(key=username_key(username)).exists():
        raise username_taken(username)
    try:
        validate_password(password, User(username=username))
    except DjangoValidationError as exc:
        raise ServiceError(" ".join(exc.messages), code="weak_password") from exc
    try:
        with transaction.atomic():
            return User.objects.create_user(username=username, password=password)
    except IntegrityError as exc:
        raise username_taken(username) from exc
