"""The Redis pub/sub channels of live updates, one namespace per deployment.

Several deployments may share one Redis server (and database number). A ping is only a hint
that a game changed, but a channel shared between deployments would still wake one
deployment's streams for another's games, so every channel carries the deployment's name:

    rdi:<deployment>:game:<game id>      a game's new events
    rdi:<deployment>:table:<table id>    a lobby table's seats or start (the table page)

The deployment is `RDI_DEPLOYMENT`, or, when that is empty, the name of the Django database:
every process of a deployment (gunicorn, uvicorn, Celery) connects to the same database, and
two deployments on one Postgres server cannot share a database name. Two deployments with
databases of the same name on different Postgres servers but one Redis must set
RDI_DEPLOYMENT (docs/operations.md). Read on every call, not at import: the test runner
renames the database after settings are loaded.
"""
from __future__ import annotations

import re

from django.conf import settings

_GLOB = re.compile(r"([\\*?\[\]])")


def deployment() -> str:
    return getattr(settings, "RDI_DEPLOYMENT", "") or str(settings.DATABASES["default"]["NAME"])


def prefix() -> str:
    return f"rdi:{deployment()}:game:"


def channel(game_id: int) -> str:
    return f"{prefix()}{game_id}"


def table_prefix() -> str:
    return f"rdi:{deployment()}:table:"


def table_channel(table_id: int) -> str:
    return f"{table_prefix()}{table_id}"


def pattern() -> str:
    return pattern_of(prefix())


def pattern_of(channel_prefix: str) -> str:
    """The PSUBSCRIBE pattern of the game channels under `channel_prefix` (glob characters in
    the deployment's name escaped, so a name like `a*` cannot match another deployment's)."""
    return _GLOB.sub(r"\\\1", channel_prefix) + "*"


def game_of(channel_name: bytes | str, channel_prefix: str) -> int | None:
    """The game (or table) id a channel under `channel_prefix` names; None for anything else."""
    name = channel_name.decode() if isinstance(channel_name, bytes) else channel_name
    if not name.startswith(channel_prefix):
        return None
    tail = name[len(channel_prefix):]
    return int(tail) if tail.isdigit() and len(tail) <= 18 else None
