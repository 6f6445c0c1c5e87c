"""Per-user limits on what one account may keep running (docs/security.md, "One user cannot
starve others"; docs/operations.md, "Quotas and fair bot scheduling").

- **Open tables**: tables a user owns that have not started (RDI_MAX_OPEN_TABLES_PER_USER).
- **AI games**: started, unfinished games of tables a user owns in which no seat is a person
  still playing (every seat an AI, or every person handed over to a bot). Those are the games
  that play on by themselves and cost the workers the most (RDI_MAX_AI_GAMES_PER_USER).

0 turns a limit off. Staff are held to the same limits: the limits protect other people's
games, whoever runs the load. A refusal is a 409 with a stable code and a sentence.

`guarded` wraps a service function: one transaction that first locks the owner's user row,
so two concurrent requests of one user are counted one after the other and cannot both pass
a limit of which each sees one free place.
"""
from __future__ import annotations

import functools

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from games.errors import Conflict
from games.models import Game, Seat, Table


def open_tables(user) -> int:
    return Table.objects.filter(owner_id=user.pk, status=Table.Status.OPEN).count()


def ai_games(user) -> int:
    """Running games of `user`'s tables with no person still playing a seat."""
    with_people = Seat.objects.filter(is_ai=False, bot="").values("table_id")
    return (Game.objects.filter(table__owner_id=user.pk, status=Game.Status.ACTIVE)
            .exclude(table_id__in=with_people).count())


def _plays_itself(table_id: int) -> bool:
    return not Seat.objects.filter(table_id=table_id, is_ai=False, bot="").exists()


def _tables(n: int) -> str:
    return "table" if n == 1 else "tables"


def _games(n: int) -> str:
    return "game" if n == 1 else "games"


def _lock(user) -> None:
    get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True).first()


def check_open_table(owner) -> None:
    """Refuse a new table when `owner` already has the most open tables allowed."""
    limit = settings.RDI_MAX_OPEN_TABLES_PER_USER
    if limit and owner is not None and owner.pk is not None:
        _lock(owner)
        count = open_tables(owner)
        if count >= limit:
            raise Conflict(f"You already have {count} open {_tables(count)}; start or close one first.",
                           code="too_many_open_tables")


def check_ai_game(user, table_id) -> None:
    """Refuse to start a table no person plays when `user` already runs the most AI games."""
    limit = settings.RDI_MAX_AI_GAMES_PER_USER
    if limit and user is not None and user.pk is not None and _plays_itself(table_id):
        _lock(user)
        count = ai_games(user)
        if count >= limit:
            raise Conflict(f"You already have {count} {_games(count)} with only AI seats running; wait for one to end "
                           "or take a seat yourself.", code="too_many_ai_games")


def guarded(check):
    """Decorator: run `check(**kwargs)` and the service function in one transaction."""
    def wrap(fn):
        @functools.wraps(fn)
        def run(*args, **kwargs):
            with transaction.atomic():
                check(**kwargs)
                return fn(*args, **kwargs)
        return run
    return wrap


def creating_table(*, owner, **_) -> None:
    check_open_table(owner)


def starting_table(*, table_id, user, **_) -> None:
    check_ai_game(user, table_id)
