"""The hash chain that links a game's events, in its two schemes (docs/security.md, "The
hash chain and verification").

- `PLAIN` (1), games created before the keyed chain: `hash = sha256(prev_hash || event)`.
  Anyone can recompute it, so a redacted event's hidden part (kind, seat, actor, a small
  decision) could be found by trying every candidate against the public hash.
- `KEYED` (2), every game since: `hash = HMAC-SHA256(key, prev_hash || event)` with
  `key = HMAC-SHA256(seed, "rdi-chain/2")`. The seed is 256 secret bits revealed by
  `game_ended`, so until the end a hash tells nothing about the event it covers, and after
  it anyone holding the export recomputes every link.

A game's scheme is written in its `game_created` payload (`"chain": 2`; no field is
`PLAIN`), so a log or an export says itself how to check it. Pure Python: the offline
verifier needs nothing else.
"""
from __future__ import annotations

import hashlib
import hmac
from typing import Any, Iterable

from games.engine.core import canonical

GENESIS_HASH = "0" * 64
PLAIN, KEYED = 1, 2
#: The scheme new games are created with.
CURRENT = KEYED
_KEY_LABEL = b"rdi-chain/2"


def scheme_of(created_payload: dict) -> int:
    """The scheme a log declares in its `game_created` payload."""
    return created_payload.get("chain", PLAIN)


def key_for(scheme: int, seed: str | None) -> bytes | None:
    """The chain key of a game: None for the plain chain; for the keyed one, derived from the
    seed (so the seed's reveal at the end is the key's reveal, and nothing else is stored)."""
    if scheme == PLAIN:
        return None
    if scheme != KEYED:
        raise ValueError(f"unknown chain scheme {scheme!r}")
    if not seed:
        raise ValueError("a keyed chain needs the game's seed")
    return hmac.new(seed.encode("utf-8"), _KEY_LABEL, hashlib.sha256).digest()


def canonical_event(*, game_id: int, seq: int, kind: str, seat: int | None, actor: str, payload: Any,
                    at: str, state_hash: str) -> bytes:
    """The bytes an event's chain hash covers: the engine's canonical JSON (sorted keys,
    compact); `at` is the server time as `store.format_time` writes it (UTC, microseconds)."""
    return canonical.dumps(
        {
            "game": game_id,
            "seq": seq,
            "kind": kind,
            "seat": seat,
            "actor": actor,
            "payload": payload,
            "at": at,
            "state_hash": state_hash,
        },
    )


def chain_hash(prev_hash: str, canonical_bytes: bytes, key: bytes | None = None) -> str:
    """One link: sha256 (plain) or HMAC-SHA256 under `key` (keyed) of prev_hash as ASCII hex
    followed by the canonical event."""
    message = prev_hash.encode("ascii") + canonical_bytes
    if key is None:
        return hashlib.sha256(message).hexdigest()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def event_hash(game_id: int, event: dict, key: bytes | None) -> str:
    """The chain hash of a stored or exported event (a dict with seq, kind, seat, actor,
    payload, at, prev_hash and state_hash)."""
    return chain_hash(event["prev_hash"], canonical_event(
        game_id=game_id, seq=event["seq"], kind=event["kind"], seat=event["seat"], actor=event["actor"],
        payload=event["payload"], at=event["at"], state_hash=event["state_hash"]), key)


def first_break(game_id: int, events: Iterable[dict], key: bytes | None) -> tuple[int, str] | None:
    """Walk the chain from the genesis: (index, what is wrong) at the first event whose seq,
    prev_hash or hash does not hold, or None when every link holds. A missing field raises
    KeyError or TypeError for the caller to word."""
    prev = GENESIS_HASH
    for index, e in enumerate(events):
        if e["seq"] != index:
            return index, f"seq {index} is missing (the next event is seq {e['seq']})."
        if e["prev_hash"] != prev:
            return index, f"seq {index}: prev_hash does not match the hash of seq {index - 1}."
        if not hmac.compare_digest(event_hash(game_id, e, key), str(e["hash"])):
            return index, (f"seq {index}: the stored hash does not match the event's content "
                           "(the event was altered after it was written).")
        prev = e["hash"]
    return None
