"""Replay frames: any game, any event, from one perspective (docs/replay.md).

A frame is what a viewer sees right after event `at`: `engine.view` of the state after it,
the event itself (redacted for a seat or a spectator exactly like the event log), who made
the decision, the narration of its Effects and, for every number that changed, the chain of
Effects that changed it ("explain this").

Effects are not stored, so a frame re-applies event `at` to the state before it. That state
comes from `store.load_state`: the nearest snapshot at or below `at - 1` plus a short fold,
never a fold from the start. Frames only depend on events up to `at`, which never change, so
they are cached per process keyed by the event's chain hash.

The timeline (the charts' numbers and the jump marks) is one fold over the whole game,
cached and extended incrementally while a game is still being played.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import orjson
from django.conf import settings
from django.contrib.auth import get_user_model

from games import engine, store
from games.errors import Conflict, Forbidden, IntegrityFailure, NotFound, ServiceError
from games.models import Game
from games.selectors import redact_event, seat_of
from games.engine import words
from games.log_reads import log_db

OMNISCIENT, SPECTATOR = "omniscient", "spectator"
#: A Round of Gambling starts with a player's card, or with Otto's Action box (games/engine/options/otto/turn.py).
STATS = ("fortitude", "alcohol", "gold")
class _LRU:
    def __init__(self, size: int):
        self.size, self._d, self._lock = size, OrderedDict(), threading.Lock()

    def get(self, key):
        with self._lock:
            value = self._d.get(key)
            if value is not None:
                self._d.move_to_end(key)
            return value

    def put(self, key, value):
        with self._lock:
            self._d[key] = value
            self._d.move_to_end(key)
            while len(self._d) > self.size:
                self._d.popitem(last=False)

    def clear(self):
        with self._lock:
            self._d.clear()


#: Frames per process (an omniscient 8-seat frame is some tens of KB); RDI_REPLAY_FRAME_CACHE overrides.
frame_cache = _LRU(getattr(settings, "RDI_REPLAY_FRAME_CACHE", 1024))
timeline_cache = _LRU(getattr(settings, "RDI_REPLAY_TIMELINE_CACHE", 64))


def clear_caches() -> None:
    frame_cache.clear()
    timeline_cache.clear()


# --- perspectives ----------------------------------------------------------------------------

def perspective(*, game: Game, user, requested: str | None) -> int | str:
    """The viewer a caller may replay as: a seat index, "spectator" or "omniscient".

    Staff may use any perspective at any time; once the game is over everyone may. During a
    game a player may replay only from their own seat (or as a spectator, which shows less),
    and anyone else only as a spectator. Left out: omniscient when allowed, else the caller's
    seat, else spectator."""
    over = game.status == Game.Status.OVER
    staff = bool(user is not None and user.is_authenticated and user.is_staff)
    mine = seat_of(game=game, user=user)
    seats = len(game.setup["seats"])
    if requested in (None, ""):
        if over or staff:
            return OMNISCIENT
        return SPECTATOR if mine is None else mine
    if requested in (OMNISCIENT, SPECTATOR):
        viewer: int | str = requested
    else:
        try:
            viewer = int(requested)
        except (TypeError, ValueError):
            raise ServiceError(f"Unknown perspective {requested!r}: use a seat number (0 to {seats - 1}), "
                               "'spectator' or 'omniscient'.", code="invalid_perspective") from None
        if not 0 <= viewer < seats:
            raise ServiceError(f"This game has seats 0 to {seats - 1}; there is no seat {viewer}.",
                               code="invalid_perspective")
    if over or staff or viewer == SPECTATOR or viewer == mine:
        return viewer
    if viewer == OMNISCIENT:
        raise Forbidden("The omniscient view of a game opens for everyone when the game is over; replay it "
                        "from your own seat until then.", code="perspective_not_allowed")
    if mine is None:
        raise Forbidden("During a game only its players may replay it from a seat, each from their own; you can "
                        "replay it as a spectator.", code="perspective_not_allowed")
    raise Forbidden(f"During a game you may replay it only from your own seat (seat {mine}).",
                    code="perspective_not_allowed")


# --- frames ----------------------------------------------------------------------------------

def _event_rows(cursor, game_id: int, lo: int, hi: int) -> list[tuple]:
    cursor.execute(
        "SELECT seq, kind, seat, actor, payload::text, created_at, prev_hash, hash, state_hash FROM games_event"
        " WHERE game_id = %s AND seq >= %s AND seq <= %s ORDER BY seq",
        [game_id, lo, hi],
    )
    return cursor.fetchall()


def _as_event(row) -> dict[str, Any]:
    seq, kind, seat, actor, payload, at, prev_hash, digest, state_hash = row
    return {"seq": seq, "kind": kind, "seat": seat, "actor": actor, "payload": orjson.loads(payload),
            "at": store.format_time(at), "prev_hash": prev_hash, "hash": digest, "state_hash": state_hash}


def describe_actor(actor: str | None) -> dict[str, Any] | None:
    """`user:5` → a person by name; `ai:heuristic@4` → a bot and its version; `timeout`..."""
    if actor is None:
        return None
    kind, _, rest = actor.partition(":")
    if kind == "user":
        user = get_user_model().objects.filter(pk=rest).values_list("username", flat=True).first() if rest.isdigit() \
            else None
        return {"kind": "person", "name": user or f"player {rest}", "label": user or f"player {rest}"}
    if kind == "ai":
        name, _, version = rest.partition("@")
        return {"kind": "bot", "name": name, "version": version or None,
                "label": f"bot {name}" + (f" (version {version})" if version else "")}
    if kind == "timeout":
        return {"kind": "timeout", "label": "the timer (the seat ran out of time)"}
    if kind == "autopass":
        return {"kind": "autopass", "label": "auto-pass"}
    if kind == "admin":
        return {"kind": "admin", "label": "an admin"}
    return {"kind": kind or "system", "label": "the server" if kind in ("", "system") else actor}


def _numbers(state) -> list[dict[str, Any]]:
    return [{"fortitude": s.fortitude, "alcohol": s.alcohol, "gold": s.gold, "out": s.out} for s in state.seats]


def _explain(effects: list[dict], teller: words.Teller, before: list[dict], after: list[dict]) -> list[dict]:
    """For each seat's changed number, the chain of Effects behind it: what was played or
    revealed, what cancelled or ignored part of it, and each step of the change."""
    causes: dict[Any, list[str]] = {}
    for fx in effects:
        if fx.get("type") in ("played", "revealed", "event", "negated", "ignored", "drink_ignored", "drink_changed",
                              "control", *words.ROUND_STARTS, "round_ended", "contest_won", "drank"):
            key = fx.get("card") if fx.get("card") is not None else fx.get("type")
            if fx.get("type") in words.ROUND_STARTS:
                key = "round"                     # what an ante answers to, whoever started the Round
            line = teller.line(fx)
            if line:
                causes.setdefault(key, []).append(line)
    changes = []
    for seat, (b, a) in enumerate(zip(before, after)):
        for stat in STATS:
            if b[stat] == a[stat]:
                continue
            chain: list[str] = []
            for fx in effects:
                t = fx.get("type")
                touches = (t == stat and fx.get("seat") == seat) or (
                    stat == "gold" and t == "gold" and (fx.get("seat") == seat or fx.get("to") == seat))
                if stat == "fortitude" and t == "drank" and fx.get("seat") == seat:
                    touches = True
                if not touches:
                    continue
                cause = "round" if t == "gold" and fx.get("reason") == "ante" else fx.get("card")
                for line in causes.get(cause, []) if cause is not None else []:
                    if line not in chain:
                        chain.append(line)
                line = teller.line(fx)
                if line and line not in chain:
                    chain.append(line)
            if not chain:
                chain = [line for lines in causes.values() for line in lines]
            changes.append({"seat": seat, "stat": stat, "before": b[stat], "after": a[stat], "chain": chain})
        if b["out"] != a["out"]:
            changes.append({"seat": seat, "stat": "status", "before": b["out"] or "in", "after": a["out"] or "in",
                            "chain": [teller.line(fx) for fx in effects
                                      if fx.get("type") in ("eliminated", "in_danger") and teller.line(fx)]})
    return changes


def same_rules(game: Game) -> None:
    """A game recorded under other rules can't be re-folded by this engine: say so, rather
    than let the fold fail as if the log were damaged."""
    if game.rules_version != store.rules_version():
        raise Conflict(f"Game {game.pk} was played under rules {game.rules_version} and this server runs rules "
                       f"{store.rules_version()}, so it can't be replayed step by step here. Its export and its "
                       "verification (hash chain and seed) still work; a server running its rules can replay it.",
                       code="rules_version_mismatch")


def frame(*, game: Game, at: int | None, viewer: int | str) -> dict[str, Any]:
    """The frame after event `at` (default: the latest) as `viewer` (already authorised)."""
    same_rules(game)
    if at is None:
        at = game.seq
    if not 0 <= at <= game.seq:
        raise NotFound(f"Game {game.pk} has events 0 to {game.seq}; there is no event {at}.", code="no_such_event")
    with log_db().cursor() as cursor:
        rows = _event_rows(cursor, game.pk, max(at - 1, 0), at)
        event = _as_event(rows[-1])
        key = (game.pk, at, viewer, event["hash"], store.rules_version())
        cached = frame_cache.get(key)
        if cached is not None:
            return cached
        if at == 0:
            before = store.load_state(cursor, game_id=game.pk, seq=0, expected_hash=event["state_hash"])
        else:
            before = store.load_state(cursor, game_id=game.pk, seq=at - 1, expected_hash=_as_event(rows[0])["state_hash"])
    effects: list[dict] = []
    numbers_before = _numbers(before)
    if event["kind"] in store.STATE_KINDS:
        state, effects = _refold(game.pk, engine.clone(before), event, check=True)
    else:
        state = before
    names = words.seat_names(engine.view(state, SPECTATOR))
    teller = words.Teller(state, names, viewer if isinstance(viewer, int) else None, over=viewer == OMNISCIENT)
    shown = engine.effects_view(before, state, effects, viewer)
    lines = [line for fx in shown if (line := teller.line(fx))]
    if event["kind"] == "game_created":
        lines = ["The night at the Inn begins: " + ", ".join(names) + " sit down."]
    elif event["kind"] == "game_ended":
        lines = ["The game is over; the seed is revealed so anyone can re-run every shuffle."]
    elif event["kind"] not in store.STATE_KINDS or not lines:
        lines = [f"{event['kind'].replace('_', ' ').capitalize()}."]
    shown_event = event if viewer == OMNISCIENT else redact_event(
        event, seat=viewer if isinstance(viewer, int) else None, over=False)
    numbers_after = _numbers(state)
    result = {
        "game": game.pk,
        "at": at,
        "last": game.seq,
        "over": game.status == Game.Status.OVER,
        "perspective": viewer,
        "event": shown_event,
        "actor": describe_actor(shown_event.get("actor")),
        "narration": lines,
        "effects": shown,
        "changes": _explain(shown, words.Teller(state, names, None, over=True), numbers_before, numbers_after),
        "names": names,
        "view": engine.view(state, viewer),
        "stack_empty": not state.stack,
    }
    frame_cache.put(key, result)
    return result


def _refold(game_id: int, state, event: dict, *, check: bool):
    """Apply one stored event; an event that does not apply, or (when `check`) a state that
    differs from the recorded `state_hash`, means the log is damaged: IntegrityFailure."""
    try:
        state, effects = store.apply_event(state, event["kind"], event["payload"])
    except Exception as exc:  # noqa: BLE001 - a stored event the engine refuses is a finding, not a crash
        raise _damaged(game_id, event["seq"]) from exc
    if check and engine.state_hash(state) != event["state_hash"]:
        raise _damaged(game_id, event["seq"])
    return state, effects


def _damaged(game_id: int, seq: int) -> IntegrityFailure:
    return IntegrityFailure(f"Game {game_id} does not fold to its recorded state at seq {seq}; run "
                            f"`python manage.py verify_game {game_id}` to find the first bad event.")


# --- the timeline: chart numbers and jump marks ----------------------------------------------

@dataclass
class _Timeline:
    seq: int
    last_hash: str
    state: Any
    data: dict


def _resources(state) -> list[dict]:
    """Each seat's public counters after an event, for the replay charts, as the mechanics
    register them (`engine.words`): tokens (Heat, Drunken Chi, Blood, Scarabs...) but a
    position, pile sizes (Minions in play), and numbers of their own (a Level, Otto's track)."""
    out = []
    for i, s in enumerate(state.seats):
        r = {k: v for k, v in s.tokens.items() if k not in words.UNCHARTED}
        for more in words.SEAT_SERIES:
            r.update(more(state, i))
        for z in words.CHARTED_ZONES:
            if z in s.zones:
                r[z] = len(s.zones[z])
        out.append(r)
    return out


def timeline(*, game: Game) -> dict[str, Any]:
    """Every seat's Fortitude, Alcohol and Gold after each event, the teams (seats sharing a
    mat; [] in an individual game), and the seqs worth jumping to: turns, drinks, gambling
    rounds, eliminations. Public numbers only."""
    same_rules(game)
    entry = timeline_cache.get(game.pk)
    if entry is not None and entry.seq == game.seq and entry.last_hash == game.last_hash:
        return entry.data
    with log_db().cursor() as cursor:
        if entry is not None and entry.seq < game.seq:
            start, state, data = entry.seq, engine.clone(entry.state), orjson.loads(orjson.dumps(entry.data))
            rows = _event_rows(cursor, game.pk, start + 1, game.seq)
            if rows and rows[0][6] != entry.last_hash:      # prev_hash: the cached prefix is not this log's
                entry = None
        if entry is None or entry.seq >= game.seq:
            start, state = 0, store.genesis_state(cursor, game.pk)
            first = engine.view(state, SPECTATOR)
            data = {"seats": len(state.seats), "names": words.seat_names(first),
                    "teams": [t["seats"] for t in first["teams"]],     # [] in an individual game
                    "team_names": [t["name"] for t in first["teams"]],
                    "series": [], "turns": [], "drinks": [], "rounds": [], "eliminations": [], "contests": [],
                    # a table token charted over the game (the Dungeon Event Deck's Progress
                    # Counters) and its marks: empty lists when the table plays without it
                    **{key: [] for ts in words.TABLE_SERIES.values() for key in (ts.key, ts.marks) if key}}
            rows = _event_rows(cursor, game.pk, 0, game.seq)
    for row in rows:
        event = _as_event(row)
        seq = event["seq"]
        effects: list[dict] = []
        if event["kind"] in store.STATE_KINDS:
            state, effects = _refold(game.pk, state, event, check=False)
        data["series"].append([[s.fortitude, s.alcohol, s.gold] for s in state.seats])
        for token, ts in words.TABLE_SERIES.items():
            if token in state.tokens:
                data.setdefault(ts.key, []).append(state.tokens[token])
        data.setdefault("resources", []).append(_resources(state))
        types = {fx.get("type") for fx in effects}
        if "turn" in types or seq == 0:
            data["turns"].append(seq)
        if "drank" in types:
            data["drinks"].append(seq)
        if types & words.ROUND_STARTS:
            data["rounds"].append(seq)
        if types & {"contest_won", "contest_tie"}:
            data["contests"].append(seq)
        for fx in effects:
            mark = words.MARKS.get(fx.get("type"))      # a Dungeon Event revealed, a Prize won...
            if mark:
                data.setdefault(mark.key, []).append({"seq": seq, **mark.entry(fx, data["names"])})
            if fx.get("type") == "eliminated":
                data["eliminations"].append({"seq": seq, "seat": fx.get("seat"), "reason": fx.get("reason")})
    if rows and engine.state_hash(state) != rows[-1][8]:     # the fold must end where the log says
        raise _damaged(game.pk, rows[-1][0])
    data["last"] = game.seq
    timeline_cache.put(game.pk, _Timeline(game.seq, game.last_hash, engine.clone(state), data))
    return data
