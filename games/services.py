"""Every write of the game service: tables, seats, starting a game, and `submit_decision`,
the one way in for every decision from anywhere (API, tasks, admin, commands).

Functions take keyword arguments and raise `games.errors` types; callers translate them.
"""
from __future__ import annotations

import logging
import queue
import secrets
import threading
import time
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, NamedTuple

import orjson
import psycopg
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, IntegrityError, connection, connections, transaction

from games import ai as bots
from games import bosses, chain, engine, live_channels, quotas, redis_client, store
from games.engine.core.canonical import digest
from games.engine.core.errors import SetupError
from games.engine.core import table_setup
from games.errors import Conflict, Forbidden, Illegal, IntegrityFailure, NotFound, ServiceError
from games.models import Game, GameSeed, Seat, Table
from games.packs import registry as packs

log = logging.getLogger(__name__)

MIN_SEATS, MAX_SEATS = table_setup.MIN_PLAYERS, table_setup.MAX_PLAYERS
#: The content id of the engine's own base pack: a game playing exactly it records no documents.
BUILT_IN_CONTENT = engine.load_content([engine.BASE_PACK]).id
#: Prompt kinds timed by the table's response-window timer; the rest use its turn timer.
WINDOW_KINDS = ("respond", "gamble", "champion")   # a Champion choice comes in another team's turn


# --- tables and seats ------------------------------------------------------------------------

_DEFAULT = object()


def refused(exc: SetupError) -> ServiceError:
    """The engine's refusal of a table setup as the service's: its reason code, its sentence."""
    return ServiceError(exc.message, code=exc.reason)


@quotas.guarded(quotas.creating_table)   # per-user limits (games/quotas.py)
def table_create(*, owner, player_count: int, variant: str = "base", options: dict | None = None,
                 turn_seconds: int | None = _DEFAULT, window_seconds: int | None = _DEFAULT,
                 content: list[dict] | None = None) -> Table:
    """A new open table. Timers left out get the defaults (settings.RDI_TURN_SECONDS and
    RDI_WINDOW_SECONDS); None means no timer. `options["packs"]` chooses installed content
    packs (docs/packs.md); refused with `unknown_pack` / `invalid_pack`. The rest of the setup
    is checked by the engine's one validation (games/engine/core/table_setup.py) before anything
    is written: its code and sentence are the refusal's, whoever asked (API, lobby, rematch)."""
    if turn_seconds is _DEFAULT:
        turn_seconds = settings.RDI_TURN_SECONDS
    if window_seconds is _DEFAULT:
        window_seconds = settings.RDI_WINDOW_SECONDS if turn_seconds else None
    try:
        table_setup.check_players(player_count)
        table_setup.check_variant(variant, player_count)
        for name, seconds in (("turn_seconds", turn_seconds), ("window_seconds", window_seconds)):
            table_setup.check_timer(name, seconds)
        options = {} if options is None else options
        table_setup.check_object(options)
    except SetupError as exc:
        raise refused(exc) from None
    chosen = options.get("packs", [])
    if not isinstance(chosen, list) or not all(isinstance(p, str) for p in chosen):
        raise ServiceError("options.packs is a list of installed pack ids, e.g. [\"daareka\"].", code="invalid_pack")
    if engine.VARIANTS[variant].needs_villains and content is None:
        # A Boss is a villain and the base game has none: the table plays the villains' packs
        # and the Boss cards (docs/boss.md), as a Dungeon Events table plays their pack.
        chosen = chosen + bosses.villain_packs(chosen)
        options = {**options, "packs": chosen}
    # `content`: what the game will play instead of the chosen packs (a fork pins its source's)
    docs = packs.content_for(chosen) if content is None else content
    played = {name: value for name, value in options.items() if name != "packs"}   # what new_game gets
    try:
        table_setup.check_options(played, table_setup.Table(player_count, variant, engine.load_content(docs)))
    except SetupError as exc:
        raise refused(exc) from None
    except engine.ContentError as exc:
        raise ServiceError(f"The chosen packs can't be played together: {exc}", code="invalid_pack") from None
    return Table.objects.create(owner=owner, player_count=player_count, variant=variant, options=options,
                                turn_seconds=turn_seconds, window_seconds=window_seconds)


def seat_take(*, table_id: int, user, character: str, ai: bool = False, index: int | None = None,
              bot: str | None = None) -> Seat:
    """Sit `user` at the table with `character`, or (owner only, ai=True) add an AI seat played
    by `bot` (a games.ai name; the default bot when omitted)."""
    if ai:
        try:
            bot = bots.get_bot(bot or bots.DEFAULT_BOT).name
        except ValueError as exc:
            raise ServiceError(str(exc), code="unknown_bot") from exc
    elif bot:
        raise ServiceError("Only AI seats have a bot; leave 'bot' out when you sit down yourself.", code="invalid_bot")
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None:
            raise NotFound(f"There is no table {table_id}.")
        characters = packs.characters((table.options or {}).get("packs"))
        if character not in characters:
            raise ServiceError(f"Unknown character {character!r}; choose one of {', '.join(characters)}.",
                               code="unknown_character")
        if table.status != Table.Status.OPEN:
            raise Conflict("This table has already started; join another table or create one.", code="table_started")
        if ai and table.owner_id != user.id:
            raise Forbidden("Only the table's owner can add AI seats.")
        taken = set(table.seats.values_list("index", flat=True))
        if not ai and table.seats.filter(user=user).exists():
            raise Conflict("You already have a seat at this table.", code="already_seated")
        if index is None:
            free = [i for i in range(table.player_count) if i not in taken]
            if not free:
                raise Conflict("Every seat at this table is taken.", code="table_full")
            index = free[0]
        elif not 0 <= index < table.player_count:
            raise ServiceError(f"Seat {index} does not exist; this table has seats 0 to {table.player_count - 1}.",
                               code="invalid_seat")
        elif index in taken:
            raise Conflict(f"Seat {index} is taken; choose a free seat.", code="seat_taken")
        content = engine.load_content(packs.content_for((table.options or {}).get("packs")))
        rules = engine.VARIANTS.get(table.variant, engine.VARIANTS["base"])
        problem = rules.check_character(index, table.player_count, content.characters[character])
        if problem:
            raise ServiceError(problem, code="boss_not_villain")
        _table_changed(table.pk)
        return Seat.objects.create(table=table, index=index, user=None if ai else user, is_ai=ai, character=character,
                                   bot=bot if ai else "")


@quotas.guarded(quotas.starting_table)   # per-user limits (games/quotas.py)
def table_start(*, table_id: int, user, seed: str | None = None, position: dict | None = None,
                forked_from: dict | None = None) -> Game:
    """The owner starts a full table: creates the game, its secret seed and `game_created`.
    `position` (docs/scenarios.md) starts it from a chosen moment instead of a fresh deal;
    `forked_from` ({game, seq}) records where that position came from (replay.fork)."""
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None:
            raise NotFound(f"There is no table {table_id}.")
        if table.owner_id != user.id:
            raise Forbidden("Only the table's owner can start it.")
        if table.status != Table.Status.OPEN:
            raise Conflict("This table has already started.", code="table_started")
        seats = list(table.seats.order_by("index"))
        if len(seats) != table.player_count:
            raise Conflict(f"{len(seats)} of {table.player_count} seats are taken; fill every seat (players or AI) "
                           "before starting.", code="seats_not_filled")
        _table_changed(table.pk)
        return game_create(table=table, seats=seats, seed=seed, position=position, forked_from=forked_from)


def game_setup(table: Table, seats: list[Seat], content: list[dict] | None = None) -> dict:
    """The engine setup of `table`'s game, its seed left out: the seats' characters, the
    variant, the options and the pack documents it plays (`content`, else the table's)."""
    options = dict(table.options or {})
    chosen = options.pop("packs", None)
    content = packs.content_for(chosen) if content is None else content
    setup = {"seats": [{"character": s.character} for s in seats], "variant": table.variant, "options": options}
    # The game pins the exact documents it plays (docs/packs.md, "Pinning"); only the engine's
    # own base pack, versioned with RULES_VERSION like the rest of the rules, needs no copy.
    if engine.load_content(content).id != BUILT_IN_CONTENT:
        setup["content"] = content
    return setup


def game_create(*, table: Table, seats: list[Seat], seed: str | None = None, position: dict | None = None,
                forked_from: dict | None = None, content: list[dict] | None = None) -> Game:
    """Create the game of `table` (locked by the caller) and append `game_created` at seq 0.
    `content`: the pack documents to play instead of the table's packs (a fork pins exactly
    its source game's, replay.fork); never taken from a request."""
    seed = seed or secrets.token_hex(32)
    setup = game_setup(table, seats, content)
    if position:
        setup["position"] = position
    try:
        state = engine.new_game({**setup, "seed": seed})
    except SetupError as exc:       # the same refusal table_create gives (a table stored before it checked)
        raise refused(exc) from exc
    except engine.IllegalDecision as exc:
        raise ServiceError(exc.message, code="invalid_setup") from exc
    except Exception as exc:  # noqa: BLE001 - options are user input; whatever the engine rejects is a 400
        raise ServiceError(f"The engine cannot set up this table ({exc}); change the characters or options.",
                           code="invalid_setup") from exc
    state_hash = engine.state_hash(state)
    commitment = store.seed_commitment(seed)
    game = Game.objects.create(table=table, rules_version=store.rules_version(), setup=setup,
                               seed_sha256=commitment, seq=0, last_hash="", chain=chain.CURRENT,
                               state_hash=state_hash)
    GameSeed.objects.create(game=game, seed=seed)
    key = chain.key_for(chain.CURRENT, seed)
    payload = {"setup": setup, "seed_sha256": commitment, "rules_version": store.rules_version(),
               "chain": chain.CURRENT}
    if forked_from:
        payload["forked_from"] = forked_from
    with connection.cursor() as cursor:
        digest = store.append_event(cursor, game_id=game.pk, seq=0, prev_hash=store.GENESIS_HASH,
                                    kind="game_created", seat=None, actor=f"user:{table.owner_id}",
                                    payload=payload, state_hash=state_hash, key=key)
    humans = frozenset(s.index for s in seats if not s.is_ai)
    projection = _projection(state=state, turn_seconds=table.turn_seconds, human_seats=humans,
                             window_seconds=table.window_seconds)
    Game.objects.filter(pk=game.pk).update(last_hash=digest, **projection)
    table.status = Table.Status.STARTED
    table.save(update_fields=["status"])
    entry = store.CachedState(0, state_hash, store.rules_version(), state, last_hash=digest,
                              turn_seconds=table.turn_seconds, human_seats=humans,
                              window_seconds=table.window_seconds, chain_key=key)
    transaction.on_commit(lambda: _after_commit(game.pk, entry))
    game.refresh_from_db()
    return game


# --- decisions -------------------------------------------------------------------------------

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
        db.on_commit(lambda: seat_control_change(game_id=game_id, seat=seat_back, to="player",
                                                 reason="player_acted", actor=actor))
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


# --- seat control and auto-pass: events the fold ignores ---------------------------------

#: Non-decision events about who plays a seat and how; `engine.apply` never sees them.
SEAT_CONTROL_CHANGED, AUTOPASS_CHANGED = "seat_control_changed", "autopass_changed"
SEAT_RESIGNED = "seat_resigned"
RESIGN_REASONS = ("resigned", "abandoned")
AUTOPASS_MODES = ("off", "untargeted", "windows")


def seat_control_change(*, game_id: int, seat: int, to: str, reason: str, actor: str,
                        bot: str | None = None) -> int | None:
    """Hand a player's seat to a bot (`to="bot"`, after timeouts) or give it back
    (`to="player"`): appends `seat_control_changed` {seat, to, bot, reason} and updates the
    seat. Returns the new seq, or None when the seat already is in that hand (nothing written)."""
    if to not in ("bot", "player"):
        raise ValueError("to must be 'bot' or 'player'")
    label = bots.get_bot(bot or bots.DEFAULT_BOT).label if to == "bot" else None

    def change(seat_row):
        if seat_row.resigned and to == "player":
            raise Conflict("You resigned from this game; a bot plays your seat until the end.", code="resigned")
        if seat_row.user_id is None or (seat_row.bot != "") == (to == "bot"):
            return None
        seat_row.bot = label.partition("@")[0] if to == "bot" else ""
        return {"seat": seat, "to": to, "bot": label, "reason": reason}

    return _append_seat_event(game_id=game_id, seat=seat, kind=SEAT_CONTROL_CHANGED, actor=actor, change=change)


def seat_resign(*, game_id: int, seat: int, actor: str, reason: str = "resigned") -> int:
    """The player leaves the game for good: appends `seat_resigned` {seat, reason, bot} and
    hands the seat to the default bot, which plays it at bot speed (nobody waits for them)
    until the end; taking it back is refused (`resigned`). `reason` "abandoned": the sweeper
    resigned an idle player of an untimed game. Returns the new seq."""
    if reason not in RESIGN_REASONS:
        raise ValueError(f"reason must be one of {RESIGN_REASONS}")
    label = bots.get_bot(bots.DEFAULT_BOT).label

    def change(seat_row):
        if seat_row.user_id is None:
            raise Forbidden("A bot plays this seat; only a player can resign.", code="not_your_seat")
        if seat_row.resigned:
            raise Conflict("You already resigned from this game.", code="already_resigned")
        seat_row.resigned = True
        seat_row.bot = label.partition("@")[0]
        return {"seat": seat, "reason": reason, "bot": label}

    return _append_seat_event(game_id=game_id, seat=seat, kind=SEAT_RESIGNED, actor=actor, change=change)


def resigned(*, game_id: int, seat: int) -> bool:
    return Seat.objects.filter(table__game__id=game_id, index=seat, resigned=True).exists()


def autopass_set(*, game_id: int, seat: int, mode: str, actor: str) -> int | None:
    """A player's auto-pass choice for this game (docs/ai.md): `off` (asked whenever they have
    a legal response), `untargeted` (windows about things that do not concern them pass by
    themselves), `windows` (every response window passes by itself). Appends
    `autopass_changed` {seat, mode}; None when the mode is already that."""
    if mode not in AUTOPASS_MODES:
        raise ServiceError(f"Unknown auto-pass mode {mode!r}; choose one of {', '.join(AUTOPASS_MODES)}.",
                           code="invalid_autopass")

    def change(seat_row):
        if seat_row.autopass == mode:
            return None
        seat_row.autopass = mode
        return {"seat": seat, "mode": mode}

    return _append_seat_event(game_id=game_id, seat=seat, kind=AUTOPASS_CHANGED, actor=actor, change=change)


def _append_seat_event(*, game_id: int, seat: int, kind: str, actor: str, change) -> int | None:
    """Lock the game, let `change(seat_row)` update the seat and return the payload (or None:
    nothing to do), append the event with the unchanged state hash, refresh the deadline."""
    with transaction.atomic(), connection.cursor() as cursor:
        locked = lock_game(cursor, game_id)
        if locked.status == Game.Status.OVER:
            raise Illegal("The game is over; nothing about its seats can change now.", code="game_over")
        seat_row = Seat.objects.select_for_update().filter(table_id=locked.table_id, index=seat).first()
        if seat_row is None:
            raise NotFound(f"There is no seat {seat} in game {game_id}.")
        payload = change(seat_row)
        if payload is None:
            return None
        seat_row.save(update_fields=["bot", "autopass", "resigned"])
        humans = frozenset(Seat.objects.filter(table_id=locked.table_id, is_ai=False, bot="")
                           .values_list("index", flat=True))
        state = store.state_for_read(cursor, game_id=game_id, seq=locked.seq, expected_hash=locked.state_hash)
        return append_locked(cursor, game_id=game_id, locked=locked, state=state, human_seats=humans,
                             events=[store.NewEvent(kind, seat, actor, payload, locked.state_hash)]).seq


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

def _table_changed(table_id: int) -> None:
    """After the commit, ping the table page's stream: a seat was taken or the table started.
    Like a game's ping it only means "read this table again" (games/web/stream.py reads the
    table's version from Postgres, never from the ping)."""
    def publish():
        try:
            redis_client.client().publish(live_channels.table_channel(table_id), orjson.dumps({"table": table_id}))
        except Exception:  # noqa: BLE001 - the page also re-reads every 5 s; a lost ping costs a delay
            log.warning("could not publish table %s's ping", table_id, exc_info=True)

    transaction.on_commit(publish)


def live_channel(game_id: int) -> str:
    """The Redis pub/sub channel that carries `{"game": id, "seq": n}` after each commit, in
    this deployment's namespace (`games.live_channels`): the stream reads the seq from the
    store on each ping and never relays the ping's own."""
    return live_channels.channel(game_id)


def _ping(game_id: int, seq: int) -> bytes:
    return orjson.dumps({"game": game_id, "seq": seq})


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
                             ping=(live_channel(game_id), _ping(game_id, entry.seq))) or published
    if not published:
        _publisher.send(game_id, entry.seq)


class _Publisher:
    """Publishes `{game, seq}` pings from one background thread per process, in order, so the
    append path never waits on Redis. A lost ping is harmless: the store is the truth and
    clients fill gaps with Last-Event-ID.

    Under load it sends at most one round trip per LINGER seconds, with only each game's
    latest seq (a stream collapses pings into the latest seq anyway): a round trip costs more
    CPU than a whole append's Python, and on a busy host that CPU is taken from the writers.
    Idle, a ping goes out at once."""

    LINGER = 0.002

    def __init__(self):
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def send(self, game_id: int, seq: int) -> None:
        if self._thread is None or not self._thread.is_alive():
            with self._lock:
                if self._thread is None or not self._thread.is_alive():
                    self._thread = threading.Thread(target=self._run, name="rdi-live-publisher", daemon=True)
                    self._thread.start()
        self._queue.put((game_id, seq))

    def _run(self) -> None:
        sent_at = 0.0
        while True:
            latest = dict([self._queue.get()])
            wait = sent_at + self.LINGER - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            while len(latest) < 500:  # whatever queued up meanwhile goes in one round trip
                try:
                    game_id, seq = self._queue.get_nowait()
                except queue.Empty:
                    break
                if seq > latest.get(game_id, -1):
                    latest[game_id] = seq
            try:
                pipe = redis_client.client().pipeline(transaction=False)
                for game_id, seq in latest.items():
                    pipe.publish(live_channel(game_id), _ping(game_id, seq))
                pipe.execute()
            except Exception:  # noqa: BLE001 - logged; the next ping or a reconnect catches up
                log.warning("could not publish %d pings on Redis", len(latest), exc_info=True)
            sent_at = time.monotonic()


_publisher = _Publisher()
