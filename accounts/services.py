"""Account writes. Sign-up from the API and from the page both come here."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q

from accounts.models import UsernameKey
from accounts.names import username_key, username_skeleton
from games.errors import Conflict, ServiceError


def username_taken(username: str) -> Conflict:
    return Conflict(f"The username {username!r} is taken (names that differ only in case count as one); "
                    "choose another.", code="username_taken")


def username_confusable(username: str) -> Conflict:
    return Conflict(f"The username {username!r} looks like an existing account's name (letters from other "
                    "alphabets or symbols that look the same count as one); choose a visibly different name.",
                    code="username_confusable")


def username_refusal(username: str) -> Conflict | None:
    """Why `username` cannot be a new account's name (409), or None. `username_taken` when an
    account has the same name up to case and form, `username_confusable` when one only looks
    the same (TR39 skeleton): both are unique keys in the database, this only words the answer.
    One query, so one snapshot: asked as two, a look-alike sign-up committing between them made
    a name equal up to case read as merely confusable."""
    key = username_key(username)
    keys = set(UsernameKey.objects.filter(Q(key=key) | Q(skeleton=username_skeleton(username)))
               .values_list("key", flat=True))
    if key in keys:
        return username_taken(username)
    if keys:
        return username_confusable(username)
    return None


def account_create(*, username: str, password: str):
    """A new account. Two sign-ups of look-alike names racing each other: the unique key in
    the database lets exactly one through, the other gets 409 `username_taken` or
    `username_confusable`."""
    User = get_user_model()
    refusal = username_refusal(username)
    if refusal:
        raise refusal
    try:
        validate_password(password, User(username=username))
    except DjangoValidationError as exc:
        raise ServiceError(" ".join(exc.messages), code="weak_password") from exc
    try:
        with transaction.atomic():
            return User.objects.create_user(username=username, password=password)
    except IntegrityError as exc:
        raise (username_refusal(username) or username_taken(username)) from exc
