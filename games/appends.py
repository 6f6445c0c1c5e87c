"""The write path: every event a game's log gets goes through here. Lock the game row (or, on
the hot path, compare-and-set it), fold the decision through the engine, append the events and
the game row's projection in one statement, write a snapshot when one is due, and after the
commit put the new state in this process's cache, call the after-commit listeners and publish
the live ping (docs/event-store.md).

Nothing here knows tables, seat control, timers or bots: they depend on it, one way, and hear
from it through listeners registered at start-up (games/apps.py): `listen_after_commit` (every
commit: the timers) and `listen_player_back` (a person decided for a seat a bot held: seat
control gives it back).
"""
from __future__ import annotations

import time
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, NamedTuple

import psycopg
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, IntegrityError, connection, connections, transaction

from games import chain, engine, live_channels, live_pings, store
from games.engine.core.canonical import digest
from games.errors import Conflict, Forbidden, Illegal, IntegrityFailure, NotFound
from games.models import Game, Seat


#: Prompt kinds timed by the table's response-window timer; the rest use its turn timer.
WINDOW_KINDS = ("respond", "gamble", "champion")   # a Champion choice comes in another team's turn

@dataclass
class DecisionResult:
    """What a submitted decision produced. A retry with the same idempotency key gets the same
    `game`, `seq`, `state_hash` and `over`, with `replayed=True` and no effects."""

    game: int
    seq: int
    state_hash: str
    over: bool
    replayed: bool = False
    effects: list[dict[str, Any]] = field(default_factory=list)


def submit_decision(*, game_id: int, seat: int | None, decision: dict, actor: str, expected_seq: int | None = None,
                    idempotency_key: str | None = None, kind: str = "decision") -> DecisionResult:
    """Append one decision: load the game's state, `engine.apply`, append the event (and
    `game_ended` when it ends the game) and the game row's projections atomically, publish
    `{game, seq}` after commit. `decision["seat"]` is set to `seat`.

    Raises NotFound, Conflict (stale `expected_seq`: code `stale_seq`), Illegal (the engine's
    code and message), IntegrityFailure. An idempotency key this `actor` used before returns
    the first result and appends nothing; keys are scoped to the actor, so another actor's key
    is simply unknown here (nobody can take a bot's or the timer's next key, nor learn from
    the answer who used a key).

    Hot path: this process's cached state of the game at `expected_seq` is applied and the
    append is one compare-and-set statement on the game row (docs/event-store.md). When the
    cache is cold or another writer got there first: the locked path (row lock, load, apply).
    """
    if kind not in store.FOLDED_KINDS:
        raise ValueError(f"kind must be one of {store.FOLDED_KINDS}")
    decision = {**decision, "seat": seat}
    entry = store.cache.take(game_id)
    if entry is not None:
        if _hot(entry, expected_seq):
            # A retried key needs no look-up here: its first append moved the seq on (the
            # compare-and-set fails) or, in the same seq, the (game, actor, key) unique index
            # refuses it. Either way the locked path below finds and returns the first result.
            result = _append(_ready(), game_id=game_id, entry=entry, decision=decision, actor=actor,
                             kind=kind, idempotency_key=idempotency_key, locked=False)
            if result is not None:
                return result
        else:
            store.cache.put(game_id, entry)
    with transaction.atomic(), connection.cursor() as cursor:
        entry = _lock_and_load(cursor, game_id=game_id, seat=seat, actor=actor, expected_seq=expected_seq,
                               idempotency_key=idempotency_key)
        if isinstance(entry, DecisionResult):
            return entry
        return _append(cursor.db, game_id=game_id, entry=entry, decision=decision, actor=actor, kind=kind,
                       idempotency_key=idempotency_key, locked=True)


def _ready():
    """Django's default connection itself (not the `connection` proxy, whose every attribute
    is a thread-local look-up), opened and checked as `db.cursor()` would, without building
    a Django cursor the hot path does not use (the append runs on psycopg directly)."""
    db = connections[DEFAULT_DB_ALIAS]
    db.close_if_health_check_failed()
    db.ensure_connection()
    db.validate_thread_sharing()
    return db


def _hot(entry: store.CachedState, expected_seq: int | None) -> bool:
    return (entry.last_hash is not None and entry.human_seats is not None and not entry.state.over
            and entry.rules_version == store.rules_version()
            and (expected_seq is None or entry.seq == expected_seq))


class LockedGame(NamedTuple):
    """What `lock_game` reads under the lock: what every append checks and needs."""
    seq: int
    status: str
    last_hash: str
    state_hash: str
    rules_version: str
    turn_seconds: int | None
    window_seconds: int | None
    human_seats: list[int]      # the seats a person controls now
    table_id: int
    chain: int                  # the hash chain's scheme (games.chain)

    def chain_key(self, state) -> bytes | None:
        return chain.key_for(self.chain, state.seed)


def lock_game(cursor, game_id) -> LockedGame:
    """Lock the game row for an append (the one lock every writer takes) and read what the
    append checks."""
    cursor.execute(
        "SELECT g.seq, g.status, g.last_hash, g.state_hash, g.rules_version, t.turn_seconds, t.window_seconds,"
        " ARRAY(SELECT s.index FROM games_seat s WHERE s.table_id = t.id AND NOT s.is_ai AND s.bot = ''), t.id,"
        " g.chain"
        " FROM games_game g JOIN games_table t ON t.id = g.table_id WHERE g.id = %s FOR UPDATE OF g",
        [game_id],
    )
    row = cursor.fetchone()
    if row is None:
        raise NotFound(f"There is no game {game_id}.")
    return LockedGame(*row)


def _lock_and_load(cursor, *, game_id, seat, actor, expected_seq, idempotency_key):
    """Lock the game row, re-check the key, the seq and the rules; return its state (a cache
    entry this caller owns) or the first result of a retried key."""
    locked = lock_game(cursor, game_id)
    seq, status, last_hash, state_hash, rules_version = locked[:5]
    if idempotency_key is not None:
        first = _first_result(cursor, game_id=game_id, seat=seat, actor=actor, key=idempotency_key)
        if first is not None:
            return first
    if status == Game.Status.OVER:
        raise Illegal("The game is over; no more decisions can be made.", code="game_over")
    if expected_seq is not None and expected_seq != seq:
        raise Conflict(f"The game is at seq {seq}, not {expected_seq}: fetch the game again and decide on "
                       "what you see now.", code="stale_seq")
    if rules_version != store.rules_version():
        raise Conflict(f"This game was played under rules {rules_version} and this server runs "
                       f"{store.rules_version()}; it can be exported and verified but not continued here.",
                       code="rules_version_mismatch")
    state = store.state_for_write(cursor, game_id=game_id, seq=seq, expected_hash=state_hash)
    return store.CachedState(seq, state_hash, rules_version, state, last_hash=last_hash,
                             turn_seconds=locked.turn_seconds, human_seats=frozenset(locked.human_seats),
                             window_seconds=locked.window_seconds, chain_key=locked.chain_key(state))


def _append(db, *, game_id: int, entry: store.CachedState, decision: dict, actor: str, kind: str,
            idempotency_key: str | None, locked: bool) -> DecisionResult | None:
    """Apply `decision` to the entry's state and append it. Unlocked (hot path), None means
    "go the locked way": another writer moved the game, or the engine refused the decision
    on a state that may be stale."""
    if (actor.startswith("user:") and entry.human_seats is not None and decision["seat"] is not None
            and decision["seat"] not in entry.human_seats and resigned(game_id=game_id, seat=decision["seat"])):
        # only a seat a bot plays is looked up: a resigned player's seat is the bot's for good
        raise Forbidden("You resigned from this game; a bot plays your seat until the end.", code="resigned")
    try:
        state, effects = engine.apply(entry.state, decision)
    except engine.IllegalDecision as exc:
        if not locked:
            return None
        raise Illegal(exc.message, code=exc.code) from exc
    events, blob = _events_after(state, decision=decision, actor=actor, kind=kind, idempotency_key=idempotency_key)
    snapshot = _snapshot_due(entry.seq, entry.seq + len(events), blob, events[-1].state_hash)
    done = _write(db, game_id=game_id, entry=entry, state=state, events=events, snapshot=snapshot,
                  locked=locked)
    if done is None:
        return None
    if (actor.startswith("user:") and entry.human_seats is not None and decision["seat"] is not None
            and decision["seat"] not in entry.human_seats and not state.over):
        # a player acting on a seat a bot took over after timeouts: the seat is theirs again
        # (unless that decision ended the game: an ended game's seats no longer change)
        seat_back = decision["seat"]
        for listener in _player_back_listeners:
            db.on_commit(lambda listener=listener: listener(game_id=game_id, seat=seat_back, actor=actor))
    return DecisionResult(game=game_id, seq=entry.seq + 1, state_hash=done.state_hash, over=state.over,
                          effects=effects)


def _events_after(state, *, decision: dict, actor: str, kind: str, idempotency_key: str | None):
    """The events one applied decision writes (and `game_ended` when it ended the game), with
    the state's canonical bytes: encoded once, for the state hash and a snapshot alike."""
    blob = engine.dump_state(state)
    new_hash = digest(blob)
    events = [store.NewEvent(kind, decision["seat"], actor, decision, new_hash, idempotency_key)]
    if state.over:
        events.append(store.NewEvent("game_ended", None, "system", {"winners": list(state.winners),
                                                                    "seed": state.seed}, new_hash))
    return events, blob


def _snapshot_due(before_seq: int, after_seq: int, blob: bytes, state_hash: str):
    """(seq, bytes, hash) when the events up to `after_seq` cross a multiple of RDI_SNAPSHOT_EVERY."""
    every = settings.RDI_SNAPSHOT_EVERY
    if every and after_seq // every > before_seq // every:
        return after_seq, blob, state_hash
    return None


def _write(db, *, game_id: int, entry: store.CachedState, state, events: list[store.NewEvent], snapshot,
           locked: bool) -> store.CachedState | None:
    """Append `events` after the entry's head in one statement, leaving the game in `state`;
    after commit the new entry goes in the cache and the last seq is published. Unlocked, None
    when the compare-and-set or a unique index refused it (the caller goes the locked way)."""
    projection = _projection(state=state, turn_seconds=entry.turn_seconds, human_seats=entry.human_seats,
                             window_seconds=entry.window_seconds)
    try:
        # nested in a caller's transaction, a savepoint keeps a failed hot append from breaking it
        with transaction.atomic(using=db.alias) if db.in_atomic_block and not locked else nullcontext():
            last_hash = store.append_events(db, game_id=game_id, after_seq=entry.seq,
                                            after_hash=entry.last_hash, events=events, projection=projection,
                                            key=entry.chain_key, snapshot=snapshot)
    except (IntegrityError, psycopg.IntegrityError):
        # hot path only: e.g. this actor's key, used at an earlier seq. append_events runs on
        # libpq (or a raw psycopg cursor), so the error is psycopg's, not Django's wrapper.
        if locked:
            raise
        return None
    if last_hash is None:
        if locked:
            raise IntegrityFailure(f"Game {game_id}'s row changed under its lock; retry.")
        return None
    done = store.CachedState(entry.seq + len(events), events[-1].state_hash, entry.rules_version, state,
                             last_hash=last_hash, turn_seconds=entry.turn_seconds, human_seats=entry.human_seats,
                             window_seconds=entry.window_seconds, seat_controls=entry.seat_controls,
                             chain_key=entry.chain_key)
    db.on_commit(lambda: _after_commit(game_id, done))
    return done


#: Who hears that a person decided for a seat a bot held (after timeouts): seat control gives
#: it back (games/services.py), registered at start-up: listener(game_id=, seat=, actor=).
_player_back_listeners: list[Callable[..., None]] = []


def listen_player_back(listener: Callable[..., None]) -> None:
    if listener not in _player_back_listeners:
        _player_back_listeners.append(listener)


def resigned(*, game_id: int, seat: int) -> bool:
    return Seat.objects.filter(table__game__id=game_id, index=seat, resigned=True).exists()


def append_created(*, game_id: int, state, state_hash: str, key: bytes | None, actor: str, payload: dict, table,
                   human_seats: frozenset) -> None:
    """A new game's first event, `game_created` at seq 0, and the game row's projection of its
    first state; after the commit the state goes in the cache and the listeners hear of it as
    after any append."""
    with connection.cursor() as cursor:
        last_hash = store.append_event(cursor, game_id=game_id, seq=0, prev_hash=store.GENESIS_HASH,
                                       kind="game_created", seat=None, actor=actor, payload=payload,
                                       state_hash=state_hash, key=key)
    projection = _projection(state=state, turn_seconds=table.turn_seconds, human_seats=human_seats,
                             window_seconds=table.window_seconds)
    Game.objects.filter(pk=game_id).update(last_hash=last_hash, **projection)
    entry = store.CachedState(0, state_hash, store.rules_version(), state, last_hash=last_hash,
                              turn_seconds=table.turn_seconds, human_seats=human_seats,
                              window_seconds=table.window_seconds, chain_key=key)
    transaction.on_commit(lambda: _after_commit(game_id, entry))


# --- group commit: a table's consecutive automatic decisions in one statement ---------------

@dataclass
class GroupResult:
    """What `submit_group` wrote: `decisions` decisions (0: nothing was automatic at the
    expected seq), the last of them at `seq` leaving `state_hash` (like DecisionResult: a
    `game_ended` after it is not counted), `over` if it ended the game."""

    game: int
    seq: int
    state_hash: str
    over: bool
    decisions: int


def submit_group(*, game_id: int, expected_seq: int, decide, kind: str = "decision") -> GroupResult | None:
    """Consecutive automatic decisions of one game (bots, auto-passes) appended in ONE
    statement, hence one transaction: `decide(state, seq)` names the next one for the state
    after `seq` as (seat, decision, actor, idempotency key), or None to stop. Each is applied
    in turn and becomes its own event row with its own seq, chain link and state hash:
    exactly the events one `submit_decision` per decision would write, except that they share
    one server time. Stops at RDI_GROUP_COMMIT_MAX decisions, after RDI_GROUP_COMMIT_SECONDS
    of deciding, or when the game ends; the commit publishes the last seq once.

    Only on this process's hot state at `expected_seq`. None means "nothing written, go one
    by one" (`submit_decision` gives the authoritative answer): the cache is cold or elsewhere,
    the engine refused a decision, the compare-and-set found the game moved on, or a unique
    index refused a key (a retried task)."""
    entry = store.cache.take(game_id)
    if entry is None:
        return None
    if not _hot(entry, expected_seq):
        store.cache.put(game_id, entry)
        return None
    state, seq, events, snapshot = entry.state, entry.seq, [], None
    started = time.monotonic()
    while len(events) < settings.RDI_GROUP_COMMIT_MAX and not state.over:
        if events and time.monotonic() - started > settings.RDI_GROUP_COMMIT_SECONDS:
            break
        chosen = decide(state, seq)
        if chosen is None:
            break
        seat, decision, actor, key = chosen
        decision = {**decision, "seat": seat}
        try:
            state, _ = engine.apply(state, decision)
        except engine.IllegalDecision:
            return None     # the entry is dropped: the engine may have touched its state
        new, blob = _events_after(state, decision=decision, actor=actor, kind=kind, idempotency_key=key)
        snapshot = _snapshot_due(seq, seq + len(new), blob, new[-1].state_hash) or snapshot
        events += new
        seq += len(new)
    if not events:
        store.cache.put(game_id, entry)
        return GroupResult(game_id, entry.seq, entry.state_hash, False, 0)
    done = _write(_ready(), game_id=game_id, entry=entry, state=state, events=events, snapshot=snapshot,
                  locked=False)
    if done is None:
        return None
    decisions = sum(event.kind != "game_ended" for event in events)
    return GroupResult(game_id, entry.seq + decisions, done.state_hash, state.over, decisions)


def _first_result(cursor, *, game_id: int, seat: int | None, actor: str, key: str) -> DecisionResult | None:
    """The first result of `actor`'s decision with `key`, or None. Only the actor's own
    events are looked at: another actor's key must answer exactly like an unknown one."""
    cursor.execute(
        "SELECT e.seq, e.seat, e.state_hash, n.kind FROM games_event e LEFT JOIN games_event n"
        " ON n.game_id = e.game_id AND n.seq = e.seq + 1"
        " WHERE e.game_id = %s AND e.actor = %s AND e.idempotency_key = %s",
        [game_id, actor, key],
    )
    row = cursor.fetchone()
    if row is None:
        return None
    seq, first_seat, state_hash, next_kind = row
    if first_seat != seat:
        raise Conflict("You already used this idempotency key for another seat's decision; use a new key.",
                       code="idempotency_key_reused")
    return DecisionResult(game=game_id, seq=seq, state_hash=state_hash, over=next_kind == "game_ended",
                          replayed=True)


def _projection(*, state, turn_seconds: int | None, human_seats: frozenset, window_seconds: int | None = None) -> dict:
    """The game row's projection of `state`: status, prompt seats, winners, deadline (the
    window timer for a response window or gambling turn, else the turn timer; only when a
    person controls the seat being asked)."""
    over = bool(state.over)
    prompts = [] if over else engine.prompts(state)
    prompt_seats = sorted({p.seat for p in prompts})
    deadline = None
    if turn_seconds and human_seats.intersection(prompt_seats):
        seconds = turn_seconds
        if window_seconds and any(p.kind in WINDOW_KINDS for p in prompts):
            seconds = window_seconds
        deadline = datetime.now(timezone.utc) + timedelta(seconds=seconds)
    return {"status": Game.Status.OVER if over else Game.Status.ACTIVE, "prompt_seats": prompt_seats,
            "winners": list(state.winners) if over else [], "deadline": deadline}


# --- the append every locked writer outside the decision path goes through ------------------

def append_locked(cursor, *, game_id: int, locked: LockedGame, state, events: list[store.NewEvent],
                  human_seats: frozenset, projection: dict | None = None) -> store.CachedState:
    """Append `events` after the row `lock_game` locked and read (`locked`), in the caller's
    transaction, leaving the game in `state`: the game row gets `projection` (default: the
    projection of `state`), and after the commit the cache, timers and live ping follow as
    after a decision. Used by seat-control events here and by staff events
    (disputes/services.py); returns the new cache entry (its `seq` is the last event's)."""
    if projection is None:
        projection = _projection(state=state, turn_seconds=locked.turn_seconds, human_seats=human_seats,
                                 window_seconds=locked.window_seconds)
    key = locked.chain_key(state)
    digest = store.append_events(cursor.db, game_id=game_id, after_seq=locked.seq, after_hash=locked.last_hash,
                                 events=events, projection=projection, key=key)
    if digest is None:
        raise IntegrityFailure(f"Game {game_id}'s row changed under its lock; retry.")
    entry = store.CachedState(locked.seq + len(events), events[-1].state_hash, locked.rules_version, state,
                              last_hash=digest, turn_seconds=locked.turn_seconds, human_seats=human_seats,
                              window_seconds=locked.window_seconds, chain_key=key)
    transaction.on_commit(lambda: _after_commit(game_id, entry))
    return entry


# --- after commit ---------------------------------------------------------------------------
def live_channel(game_id: int) -> str:
    """The Redis pub/sub channel that carries `{"game": id, "seq": n}` after each commit, in
    this deployment's namespace (`games.live_channels`): the stream reads the seq from the
    store on each ping and never relays the ping's own."""
    return live_channels.channel(game_id)


#: What follows each commit of a game's events, registered at start-up (games/apps.py: the
#: timers): listener(game_id=, seq=, prompt=, human_seats=, turn_seconds=, window_seconds=,
#: ping=(channel, message)) -> True when it published the live ping itself.
_after_commit_listeners: list[Callable[..., bool]] = []


def listen_after_commit(listener: Callable[..., bool]) -> None:
    if listener not in _after_commit_listeners:
        _after_commit_listeners.append(listener)


def _after_commit(game_id: int, entry: store.CachedState) -> None:
    prompt = None if entry.state.over else engine.prompts(entry.state)[0]   # read before others can take it
    store.cache.put(game_id, entry)
    published = False
    for listener in _after_commit_listeners:
        published = listener(game_id=game_id, seq=entry.seq, prompt=prompt, human_seats=entry.human_seats,
                             turn_seconds=entry.turn_seconds, window_seconds=entry.window_seconds,
                             ping=(live_channel(game_id), live_pings.message(game_id, entry.seq))) or published
    if not published:
        live_pings.publisher.send(game_id, entry.seq)
