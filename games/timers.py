"""AI turns, auto-passes, timeouts and the overdue sweeper: what the Celery tasks call
(games/tasks.py only forwards here; the next task is queued by name, games/jobs.py). Every
decision goes through `appends.submit_decision` with `expected_seq` and an idempotency key
derived from (seq, seat) under its own actor (keys are scoped to the actor: a player cannot
take them), so a task that runs twice, late, or after someone else acted changes nothing. A
refusal other than "the game moved on" is logged as an error and the turn left to the
sweeper. See docs/operations.md "Timers".

- After each commit (`after_commit`, the services' after-commit listener): a prompt for a
  seat a bot plays, or for a player whose auto-pass choice may cover it, schedules
  `advance(game, seq)`; a timed prompt for a player schedules `expire(game, seq)` at its
  deadline.
- `play_automatic` plays consecutive automatic turns of one table in one task (up to
  RDI_AI_BATCH_SECONDS), group-committed (`appends.submit_group`), then hands on to a fresh task. When bots think
  (RDI_AI_THINK_SECONDS), a bot's turn goes on the AI clock instead (games/clock.py).
- `expire` submits the default decision as actor `timeout`; after RDI_TIMEOUTS_BEFORE_HANDOVER
  timeouts in a row the seat is handed to a bot (`seat_control_changed`) until its player acts.
  That bot is a *stand-in*: each of its turns waits RDI_STAND_IN_SECONDS on the AI clock, so
  the player can follow it and take the seat back; `play_automatic` stops before such a turn.
- `sweep` (Celery beat) re-sends anything overdue: a lost message or a dead worker never
  stalls a game; it also resigns the people of an untimed game idle RDI_ABANDONED_AFTER_DAYS.
"""
from __future__ import annotations

import contextlib
import logging
import threading
import time
from datetime import datetime, timedelta, timezone

from django.conf import settings
from django.db import connection

from games import ai, appends, clock, engine, jobs, redis_client, services, store
from games.errors import Illegal, NotFound, ServiceError
from games.models import Game, GameEvent, Seat

log = logging.getLogger(__name__)

#: Countdowns are capped so they stay far below the broker's visibility timeout; a timer
#: that fires early re-schedules itself for the rest.
MAX_COUNTDOWN = 3600
_local = threading.local()


# --- scheduling -----------------------------------------------------------------------------

def _batching() -> set:
    if not hasattr(_local, "games"):
        _local.games = set()
    return _local.games


@contextlib.contextmanager
def batching(game_id: int):
    """While set, commits of this game in this thread schedule no `advance`: the loop plays on."""
    games = _batching()
    games.add(game_id)
    try:
        yield
    finally:
        games.discard(game_id)


def timer_seconds(kind: str, turn_seconds: int | None, window_seconds: int | None) -> int | None:
    if not turn_seconds:
        return None
    if kind in appends.WINDOW_KINDS and window_seconds:
        return window_seconds
    return turn_seconds


def after_commit(*, game_id: int, seq: int, prompt, human_seats, turn_seconds, window_seconds,
                 ping: tuple[str, bytes] | None = None) -> bool:
    """Schedule what the newly opened prompt needs. Returns whether it also published `ping`
    (channel, message), which it does when it talks to Redis anyway. Never raises (the
    commit has happened; the sweeper covers a message that could not be sent). Registered
    with the services at start-up (games/apps.py); RDI_SCHEDULE_TASKS off (tests, benchmarks
    of the store alone) schedules nothing."""
    if prompt is None or not settings.RDI_SCHEDULE_TASKS:
        return False
    try:
        if human_seats is None:
            human_seats = _human_seats(game_id)
        if prompt.seat not in human_seats:
            if (settings.RDI_STAND_IN_SECONDS > 0 and prompt.seat in people_seats(game_id)
                    and prompt.seat in stand_in_seats(game_id)):
                # even inside a batch: the batch stops before this turn (play_automatic)
                clock.put(game_id, seq, ping=ping, delay=settings.RDI_STAND_IN_SECONDS)
                return ping is not None
            if clock.thinking():
                clock.put(game_id, seq, ping=ping)
                return ping is not None
            if game_id not in _batching():
                jobs.send_advance(game_id, seq, people=bool(human_seats))
            return False
        seconds = timer_seconds(prompt.kind, turn_seconds, window_seconds)
        if seconds:
            jobs.send(jobs.EXPIRE, game_id, seq, countdown=min(seconds, MAX_COUNTDOWN))
        if prompt.kind == "respond" and game_id not in _batching() and _autopass_of(game_id, prompt.seat) != "off":
            jobs.send(jobs.ADVANCE, game_id, seq)
    except Exception:  # noqa: BLE001 - logged; the sweeper re-sends overdue work
        log.warning("could not schedule game %s seq %s", game_id, seq, exc_info=True)
    return False


def _human_seats(game_id: int) -> frozenset:
    return frozenset(Seat.objects.filter(table__game__id=game_id, is_ai=False, bot="").values_list("index", flat=True))


_people: dict[int, frozenset] = {}


def people_seats(game_id: int) -> frozenset:
    """The seats a person sat down at: fixed once the game started, so remembered here and an
    all-bot table's turns cost no query for stand-ins."""
    seats = _people.get(game_id)
    if seats is None:
        if len(_people) >= 4096:
            _people.clear()
        seats = _people[game_id] = frozenset(Seat.objects.filter(table__game__id=game_id, is_ai=False)
                                             .values_list("index", flat=True))
    return seats


def stand_in_seats(game_id: int) -> frozenset:
    """The seats a bot plays for a player who timed out (not resigned: a resigned player's
    bot plays at bot speed, nobody waits for it). Their turns wait RDI_STAND_IN_SECONDS."""
    return frozenset(Seat.objects.filter(table__game__id=game_id, is_ai=False, resigned=False).exclude(bot="")
                     .values_list("index", flat=True))


def _autopass_of(game_id: int, seat: int) -> str:
    return Seat.objects.filter(table__game__id=game_id, index=seat).values_list("autopass", flat=True).first() or "off"


# --- automatic decisions: bots and auto-pass -------------------------------------------------

def seat_controls(game_id: int) -> dict[int, tuple[str, str]]:
    """{seat index: (bot name or "", auto-pass mode)} of a game's table. A change to either
    is an event, so it moves the game's seq: a batch that read these can keep them until
    its compare-and-set fails."""
    rows = Seat.objects.filter(table__game__id=game_id).values_list("index", "bot", "autopass")
    return {index: (bot, autopass) for index, bot, autopass in rows}


def _state_at(game_id: int, seq: int):
    """(state after `seq`, this process's cache entry holding it or None); (None, None) when
    the game is over or elsewhere. From the cache when it holds that seq (the common case for
    a worker: its own last commit; a game moved on elsewhere is caught by the submit's
    compare-and-set), else from the store."""
    entry = store.cache.peek(game_id, seq)
    if entry is not None:
        state = entry.state
    else:
        game = Game.objects.filter(pk=game_id).only("seq", "status", "state_hash").first()
        if game is None or game.status != Game.Status.ACTIVE or game.seq != seq:
            return None, None
        with connection.cursor() as cursor:
            state = store.state_for_read(cursor, game_id=game_id, seq=seq, expected_hash=game.state_hash)
    return (None, None) if state.over else (state, entry)


def automatic_decision(game_id: int, seq: int, controls: dict | None = None, skip: frozenset = frozenset()):
    """(seat, decision, actor, idempotency key) for the prompt open at `seq` when a bot plays
    that seat or its player's auto-pass covers it; None otherwise (or when the game moved on,
    or the seat is in `skip`). `controls` (seat_controls) saves a query; a cache entry
    remembers them between turns."""
    state, entry = _state_at(game_id, seq)
    if state is None:
        return None
    if controls is None:
        controls = entry.seat_controls if entry is not None else None
        if controls is None:
            controls = seat_controls(game_id)
            if entry is not None:
                entry.seat_controls = controls
    return automatic_for(state, seq, controls, skip)


def automatic_for(state, seq: int, controls: dict, skip: frozenset = frozenset()):
    """The automatic decision for `state` (the state after `seq`) as automatic_decision gives
    it, from seat controls already read; None when the seat asked decides for itself or is in
    `skip` (a stand-in's, played from the AI clock)."""
    prompts = engine.prompts(state)
    if not prompts:
        return None
    seat = prompts[0].seat
    if seat in skip:
        return None
    bot_name, mode = controls.get(seat, ("", "off"))
    if bot_name:
        bot = ai.get_bot(bot_name)
        seed = ai.decision_seed(secret=state.seed, seq=seq, seat=seat)
        decision = bot.decide(bot.sees(state, seat), seed=seed)
        return seat, decision, bot.actor, f"ai:{seq}:{seat}"
    if prompts[0].kind == "respond" and (mode == "windows"
                                         or (mode == "untargeted" and not engine.concerns(state, seat))):
        return seat, {"seat": seat, "type": "pass"}, "autopass", f"autopass:{seq}:{seat}"
    return None


def play_automatic(game_id: int, seq: int, *, budget: float | None = None) -> int:
    """Play the automatic turns of a game from `seq` on, in this task, for up to `budget`
    seconds; then hand on to a fresh task. Returns how many decisions it submitted. While
    bots think (docs/operations.md "The AI clock") it plays one: the commit schedules the next.

    Group commit: from this worker's cached state the consecutive turns are decided and
    appended together (`appends.submit_group`, one statement for up to RDI_GROUP_COMMIT_MAX
    of them); a cold cache or anything the group cannot settle goes one decision the ordinary
    way, which also warms the cache for the next group.

    A stand-in's turn (stand_in_seats) is never played here: the batch stops before it (its
    commit put it on the AI clock), and a turn found waiting is played only once its
    RDI_STAND_IN_SECONDS are over (`_stand_in_turn`: the sweeper may send it early)."""
    stand_ins = (stand_in_seats(game_id) if settings.RDI_STAND_IN_SECONDS > 0 and people_seats(game_id)
                 else frozenset())
    if stand_ins:
        waiting = _stand_in_turn(game_id, seq, stand_ins)
        if waiting is not None:
            return waiting
    if clock.thinking():
        return play_one(game_id, seq)
    controls = seat_controls(game_id)
    people = bool(_human_seats(game_id))   # a person still plays: their replies come first
    if budget is None:
        budget = settings.RDI_AI_BATCH_SECONDS if people else settings.RDI_AI_BACKGROUND_BATCH_SECONDS
    started = time.monotonic()
    played = 0

    def decide(state, at):
        chosen = automatic_for(state, at, controls, stand_ins)
        if chosen is not None and settings.RDI_AI_PAUSE:
            time.sleep(settings.RDI_AI_PAUSE)
        return chosen

    with batching(game_id):
        while True:
            result = appends.submit_group(game_id=game_id, expected_seq=seq, decide=decide)
            if result is not None and result.decisions == 0:
                return played
            if result is None:
                result = _submit_automatic(game_id, seq, controls, stand_ins)
                if result is None:
                    return played
                played += not result.replayed
            else:
                played += result.decisions
            if result.over:
                return played
            seq = result.seq
            if time.monotonic() - started > budget:
                break
    jobs.send_advance(game_id, seq, people=people)
    return played


def _stand_in_turn(game_id: int, seq: int, stand_ins: frozenset) -> int | None:
    """When the game waits at `seq` on a stand-in: play its turn if its wait is over (1 if it
    submitted), else put it on the AI clock for the rest of the wait (0). None otherwise."""
    row = Game.objects.filter(pk=game_id, seq=seq, status=Game.Status.ACTIVE).values_list(
        "prompt_seats", "updated_at").first()
    if row is None or not stand_ins.intersection(row[0]):
        return None
    wait = row[1].timestamp() + settings.RDI_STAND_IN_SECONDS - time.time()
    if wait > 0:
        clock.put(game_id, seq, delay=wait)
        return 0
    return play_one(game_id, seq)


def play_one(game_id: int, seq: int) -> int:
    """Play the automatic turn open at `seq`, if it still is: 1 if it submitted a decision."""
    result = _submit_automatic(game_id, seq, None)
    return int(result is not None and not result.replayed)


def moved_on(exc: ServiceError) -> bool:
    """Whether a refused automatic submit only means the game no longer waits for it (someone
    else's commit scheduled what follows). Any other refusal leaves a game waiting: the
    caller logs it with `still_waiting`, and the sweeper re-sends the turn."""
    return isinstance(exc, NotFound) or exc.code in ("stale_seq", "game_over")


def still_waiting(exc: ServiceError, *, game_id: int, seq: int, actor: str, decision: dict, seat: int) -> None:
    log.error("game %s seq %s is still waiting: %s's decision %s for seat %s was refused (%s: %s); "
              "the sweeper will send the turn again", game_id, seq, actor, decision, seat, exc.code, exc.message)


def _submit_automatic(game_id: int, seq: int, controls: dict | None, skip: frozenset = frozenset()):
    """Decide and submit the automatic turn open at `seq`: the DecisionResult, or None when
    there is none (not automatic, in `skip`, the game moved on, or the submit was refused: logged)."""
    auto = automatic_decision(game_id, seq, controls, skip)
    if auto is None:
        return None
    seat, decision, actor, key = auto
    if settings.RDI_AI_PAUSE:
        time.sleep(settings.RDI_AI_PAUSE)
    try:
        return appends.submit_decision(game_id=game_id, seat=seat, decision=decision, actor=actor,
                                        expected_seq=seq, idempotency_key=key)
    except ServiceError as exc:
        if not moved_on(exc):
            still_waiting(exc, game_id=game_id, seq=seq, actor=actor, decision=decision, seat=seat)
        return None


# --- timeouts -------------------------------------------------------------------------------

def expire(game_id: int, seq: int, *, now: datetime | None = None) -> str:
    """The timer of the prompt open at `seq` fired: submit the default decision as `timeout`
    if the game is still there and the deadline has passed. Returns what it did."""
    now = now or datetime.now(timezone.utc)
    game = Game.objects.filter(pk=game_id).only("seq", "status", "state_hash", "deadline", "table_id").first()
    if game is None or game.status != Game.Status.ACTIVE or game.seq != seq or game.deadline is None:
        return "stale"
    if now < game.deadline:
        remaining = (game.deadline - now).total_seconds()
        jobs.send(jobs.EXPIRE, game_id, seq, countdown=min(remaining + 0.05, MAX_COUNTDOWN))
        return "early"
    with connection.cursor() as cursor:
        state = store.state_for_read(cursor, game_id=game_id, seq=seq, expected_hash=game.state_hash)
    prompt = engine.prompts(state)[0]
    seat = prompt.seat
    if Seat.objects.filter(table_id=game.table_id, index=seat).exclude(bot="").exists():
        return "bot"                # a bot plays this seat now; `advance` decides
    decision = ai.default_decision(engine.view(state, seat))
    try:
        result = appends.submit_decision(game_id=game_id, seat=seat, decision=decision, actor="timeout",
                                          expected_seq=seq, idempotency_key=f"timeout:{seq}:{seat}",
                                          kind="timeout")
    except ServiceError as exc:
        if moved_on(exc):
            return "stale"
        still_waiting(exc, game_id=game_id, seq=seq, actor="timeout", decision=decision, seat=seat)
        return "refused"
    if not result.over and timeouts_in_a_row(game_id, seat) >= settings.RDI_TIMEOUTS_BEFORE_HANDOVER:
        try:
            services.seat_control_change(game_id=game_id, seat=seat, to="bot", reason="timeouts", actor="timeout")
        except Illegal:
            pass
        return "handed_over"
    return "timed_out"


def timeouts_in_a_row(game_id: int, seat: int) -> int:
    """How many of the seat's latest decisions were timeouts (auto-passes do not count either way)."""
    count = 0
    events = (GameEvent.objects.filter(game_id=game_id, seat=seat)
              .exclude(actor="autopass").order_by("-seq").values_list("kind", flat=True)[:50])
    for kind in events:
        if kind == "timeout":
            count += 1
        elif kind == "autopass_changed":
            continue
        else:
            break
    return count


# --- the sweeper ----------------------------------------------------------------------------

def sweep(*, now: datetime | None = None) -> dict:
    """Re-send every overdue timeout, every automatic turn left waiting longer than
    RDI_SWEEP_STALE_SECONDS (a lost message, a worker that died) past its think time, and a
    tick when the AI clock holds a turn that late. Safe to run anywhere, any
    number of times: the tasks are idempotent by (game, seq, seat)."""
    now = now or datetime.now(timezone.utc)
    sent = {"timeouts": 0, "turns": 0, "ticks": 0}
    for game_id, seq in Game.objects.filter(status=Game.Status.ACTIVE, deadline__lt=now).values_list("id", "seq"):
        if _claim(f"expire:{game_id}:{seq}"):
            jobs.send(jobs.EXPIRE, game_id, seq)
            sent["timeouts"] += 1
    if clock.thinking() or settings.RDI_STAND_IN_SECONDS > 0:
        sent["ticks"] = int(clock.rescue_overdue(now.timestamp()))
    # a bot turn waits its think time on the clock before it is late, a stand-in's its own
    # (slower) pace: sent earlier, `play_automatic` would only put it back on the clock
    stale = now - timedelta(seconds=settings.RDI_SWEEP_STALE_SECONDS + settings.RDI_AI_THINK_SECONDS)
    stand_in_stale = now - timedelta(seconds=settings.RDI_SWEEP_STALE_SECONDS + settings.RDI_STAND_IN_SECONDS)
    games = list(Game.objects.filter(status=Game.Status.ACTIVE, deadline__isnull=True, updated_at__lt=stale)
                 .values_list("id", "seq", "table_id", "prompt_seats", "updated_at"))
    if games:
        automatic = {(table_id, index): bool(user_id) and not resigned
                     for table_id, index, user_id, resigned in
                     Seat.objects.filter(table_id__in=[g[2] for g in games]).exclude(bot="", autopass="off")
                     .values_list("table_id", "index", "user_id", "resigned")}
        for game_id, seq, table_id, prompt_seats, updated_at in games:
            late = [s for s in prompt_seats if (table_id, s) in automatic
                    and (not automatic[(table_id, s)] or updated_at < stand_in_stale)]
            if late and _claim(f"advance:{game_id}:{seq}"):
                jobs.send(jobs.ADVANCE, game_id, seq)
                sent["turns"] += 1
    sent["abandoned"] = abandon_idle(now=now)
    return sent


def abandon_idle(*, now: datetime) -> int:
    """Resign the people of every untimed game that has waited for one of them longer than
    RDI_ABANDONED_AFTER_DAYS (actor `sweeper`, reason `abandoned`): nothing else would ever
    end such a game, and it would stay in "Your games" and "Watch a game" forever. Its bots
    then play it out. Returns how many seats it resigned."""
    if settings.RDI_ABANDONED_AFTER_DAYS <= 0:
        return 0
    idle = now - timedelta(days=settings.RDI_ABANDONED_AFTER_DAYS)
    resigned = 0
    games = (Game.objects.filter(status=Game.Status.ACTIVE, deadline__isnull=True, table__turn_seconds__isnull=True,
                                 updated_at__lt=idle).values_list("id", "seq", "table_id", "prompt_seats")[:100])
    for game_id, seq, table_id, prompt_seats in games:
        people = dict(Seat.objects.filter(table_id=table_id, user__isnull=False, resigned=False)
                      .values_list("index", "bot"))
        # only a game waiting on a person: a bot's stalled turn is the sweeper's re-send above
        if not any(people.get(s, None) == "" for s in prompt_seats) or not _claim(f"abandon:{game_id}:{seq}"):
            continue
        for seat in sorted(people):
            try:
                services.seat_resign(game_id=game_id, seat=seat, actor="sweeper", reason="abandoned")
                resigned += 1
            except ServiceError as exc:     # resigned meanwhile, or the game ended: nothing to do
                log.info("game %s seat %s was not resigned as abandoned: %s", game_id, seat, exc.code)
    return resigned


def _claim(key: str) -> bool:
    """At most one re-send per (game, seq) per stale period, so a busy worker is not flooded."""
    try:
        return bool(redis_client.client().set(f"rdi:sweep:{key}", 1, nx=True,
                                              ex=max(1, int(settings.RDI_SWEEP_STALE_SECONDS))))
    except Exception:  # noqa: BLE001 - without Redis, send anyway
        return True
