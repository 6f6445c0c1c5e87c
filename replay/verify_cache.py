"""The verification `GET /api/games/{id}/verify/` answers, cached in the shared cache (Redis,
so every process shares it) under a key that changes whenever anything verified changes.

A verification is a pure function of what it reads (the game row, its seed row, every event
row) and of the code that checks it (the rules version, the verifier and the chain). The key
holds all of these: a SHA-256 that Postgres computes over the full text of those rows (one
indexed scan, no Python fold), the server's rules version and a fingerprint of the verifier's
source. So a finished game is re-folded once, whoever asks and on whichever process; a live
game once per seq; and a row changed behind the service's back (a database owner editing an
event, the seed or the game row, without touching `last_hash`) gives a new key, so the next
verification re-folds and reports it: a stale "ok" never masks tampering. Entries also expire
after RDI_VERIFY_CACHE_SECONDS (0: no cache).

`python manage.py verify_game` and staff dispute evidence call `verify_game` itself, never
this cache.
"""
from __future__ import annotations

import hashlib
import logging
from pathlib import Path

from django.conf import settings
from django.core.cache import cache

from games import chain, store
from games.log_reads import log_db
from replay import verification

log = logging.getLogger(__name__)

# Everything verify_game reads, as text, in a fixed order.
_CONTENT_SQL = """
SELECT encode(sha256(convert_to(concat_ws(E'\\x1e',
           g::text,
           (SELECT s::text FROM games_gameseed s WHERE s.game_id = g.id),
           (SELECT string_agg(e::text, E'\\x1e' ORDER BY e.seq) FROM games_event e WHERE e.game_id = g.id)),
       'UTF8')), 'hex')
  FROM games_game g WHERE g.id = %s
"""


def _fingerprint() -> str:
    digest = hashlib.sha256()
    for module in (verification, store, chain):
        digest.update(Path(module.__file__).read_bytes())
    return digest.hexdigest()[:16]


FINGERPRINT = _fingerprint()


def content_digest(game_id: int) -> str | None:
    with log_db().cursor() as cursor:
        cursor.execute(_CONTENT_SQL, [game_id])
        row = cursor.fetchone()
    return row[0] if row else None


def cache_key(game_id: int) -> str | None:
    digest = content_digest(game_id)
    if digest is None:
        return None
    return f"verify:{game_id}:{digest}:{store.rules_version()}:{FINGERPRINT}"


def verify_cached(game_id: int) -> dict:
    seconds = settings.RDI_VERIFY_CACHE_SECONDS
    key = cache_key(game_id) if seconds > 0 else None
    if key is not None:
        try:
            hit = cache.get(key)
        except Exception:  # noqa: BLE001 - without the cache, verify anyway
            log.warning("verification cache unreachable", exc_info=True)
            key, hit = None, None
        if hit is not None:
            return hit
    result = verification.verify_game(game_id).as_dict()
    if key is not None:
        try:
            cache.set(key, result, seconds)
        except Exception:  # noqa: BLE001
            log.warning("verification cache unreachable", exc_info=True)
    return result
