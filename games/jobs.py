"""Queueing the Celery tasks of games/tasks.py by name. The tasks call down into the timers and
the AI clock; those ask for the next task through here, so nothing below the tasks imports them.
"""
from __future__ import annotations

from celery import current_app
from django.conf import settings

ADVANCE = "games.tasks.advance"
EXPIRE = "games.tasks.expire"
TICK = "games.tasks.tick"


def send(name: str, *args, **options) -> None:
    """Queue task `name` with `args`; `options` as for `apply_async` (countdown, queue, priority)."""
    current_app.send_task(name, args=args, **options)


def queue() -> str:
    """The queue tasks go to unless told otherwise (a test run's own, in tests/tasks)."""
    return current_app.conf.task_default_queue


def send_advance(game_id: int, seq: int, *, people: bool) -> None:
    """Queue `advance` for a game, behind people's work when no person plays it.

    The bot turns of a game no person plays go at RDI_AI_BACKGROUND_PRIORITY (Redis broker: 0
    is served first, then 3, 6, 9; rdi_service/settings.py); everything a person waits for
    keeps 0, so one user's self-playing tables queue behind other people's replies
    (docs/operations.md, "Quotas and fair bot scheduling"). Priority changes when a turn is
    played, never what a bot decides: decisions are seeded from the game's seed, seq and seat."""
    send(ADVANCE, game_id, seq, priority=0 if people else settings.RDI_AI_BACKGROUND_PRIORITY)
