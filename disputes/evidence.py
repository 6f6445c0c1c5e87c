"""The evidence behind one dispute, for staff only (docs/disputes.md): the omniscient state
just before and just after the disputed event, their diff, the legal decisions that were on
offer and which one was taken, who decided and how long the prompt had been open, the
Effects narration, the surrounding events, the integrity check and the replay link.

Everything is recomputed from the event log (the truth), never from projections.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from games import engine, store
from games.models import Game, Seat
from games.selectors import events_raw
from games.presentation import board
from games.presentation.narration import seat_names
from replay import frames
from replay.verification import verify_game
from disputes.models import Dispute
from games.log_reads import log_db

AROUND = 5


def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """{"seats": [{"gold": 8}]} -> {"seats.0.gold": 8}: dotted paths to every leaf."""
    out: dict[str, Any] = {}
    if isinstance(value, dict):
        if not value and prefix:
            out[prefix] = {}
        for key, item in value.items():
            out.update(flatten(item, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(value, list):
        if not value and prefix:
            out[prefix] = []
        for index, item in enumerate(value):
            out.update(flatten(item, f"{prefix}.{index}" if prefix else str(index)))
    else:
        out[prefix] = value
    return out


def diff(before: dict | None, after: dict) -> list[dict[str, Any]]:
    """Every field whose value differs, by dotted path, in path order."""
    a, b = flatten(before or {}), flatten(after)
    rows = []
    for path in sorted(set(a) | set(b)):
        old, new = a.get(path, "—"), b.get(path, "—")
        if old != new:
            rows.append({"path": path, "before": old, "after": new})
    return rows


def _without_seat(decision: dict) -> dict:
    return {k: v for k, v in decision.items() if k != "seat"}


def offered(state, event: dict, names: list[str]) -> list[dict[str, Any]]:
    """engine.prompts(state before the event): each asked seat with every legal decision, the
    one the event took marked `taken`."""
    if state is None or state.over:
        return []
    taken_seat = event["seat"] if event["kind"] in store.FOLDED_KINDS else None
    taken = _without_seat(event["payload"]) if taken_seat is not None else None
    stack = engine.view(state, "omniscient").get("stack", [])
    out = []
    for prompt in engine.prompts(state):
        rows = []
        for decision in prompt.decisions:
            try:
                words = board.label(decision, prompt.kind, names, stack)
            except Exception:  # noqa: BLE001 - evidence must render even for a decision the labeller misses
                words = ""
            rows.append({"decision": decision, "label": words,
                         "taken": prompt.seat == taken_seat and _without_seat(decision) == taken})
        out.append({"seat": prompt.seat, "name": names[prompt.seat] if prompt.seat < len(names) else prompt.seat,
                    "kind": prompt.kind, "decisions": rows, "was_asked": prompt.seat == taken_seat})
    return out


def _seconds_between(earlier: str, later: str) -> float:
    return (datetime.fromisoformat(later) - datetime.fromisoformat(earlier)).total_seconds()


def who_decided(game: Game, event: dict) -> dict[str, Any]:
    actor = frames.describe_actor(event["actor"]) or {}
    out = {"actor": event["actor"], **actor}
    if event["seat"] is not None:
        seat = Seat.objects.filter(table_id=game.table_id, index=event["seat"]).select_related("user").first()
        if seat is not None:
            out["seat_holder"] = ("AI " + seat.bot) if seat.is_ai else seat.user.username
            out["character"] = seat.character
    return out


def evidence(dispute: Dispute) -> dict[str, Any]:
    game = dispute.game
    seq = dispute.seq
    events = events_raw(game_id=game.pk, after=max(seq - AROUND, 0) - 1, limit=2 * AROUND + 1)
    by_seq = {e["seq"]: e for e in events}
    event = by_seq[seq]
    previous = by_seq.get(seq - 1)
    with log_db().cursor() as cursor:
        before = None
        if previous is not None:
            before = store.load_state(cursor, game_id=game.pk, seq=seq - 1, expected_hash=previous["state_hash"])
        after = store.load_state(cursor, game_id=game.pk, seq=seq, expected_hash=event["state_hash"])
    names = seat_names(engine.view(after, "spectator"))
    view_before = engine.view(before, "omniscient") if before is not None else None
    view_after = engine.view(after, "omniscient")
    frame = frames.frame(game=game, at=seq, viewer=frames.OMNISCIENT)
    surrounding = []
    for e in events:
        surrounding.append({**e, "who": (frames.describe_actor(e["actor"]) or {}).get("label", e["actor"]),
                            "current": e["seq"] == seq})
    return {
        "dispute": dispute,
        "game": game,
        "event": event,
        "hash_matches_report": event["state_hash"] == dispute.state_hash,
        "names": names,
        "before": view_before,
        "after": view_after,
        "diff": diff(view_before, view_after),
        "offered": offered(before, event, names),
        "who": who_decided(game, event),
        "open_seconds": _seconds_between(previous["at"], event["at"]) if previous else None,
        "prompt_opened_at": previous["at"] if previous else None,
        "narration": frame["narration"],
        "changes": frame["changes"],
        "effects": frame["effects"],
        "surrounding": surrounding,
        "integrity": verify_game(game.pk).as_dict(),
        "replay_url": f"/games/{game.pk}/replay/?at={seq}&as=omniscient",
        "actions": list(dispute.actions.select_related("staff")),
    }
