"""The process's one Redis client, shared by the live pings (games/services.py), the AI clock
(games/clock.py) and the sweeper's claims (games/timers.py). Short timeouts: a Redis that does
not answer costs a delay, never a stuck append."""
from __future__ import annotations

import redis
from django.conf import settings

_client: redis.Redis | None = None


def client() -> redis.Redis:
    global _client
    if _client is None:
        _client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2)
    return _client
