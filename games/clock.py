"""The AI clock: bots that think before they act, without a task or a sleeping worker per turn.

With `RDI_AI_THINK_SECONDS` > 0 every bot turn waits that long (so people at the table can
follow it, and so a busy server spreads its bots' work evenly). A bot standing in for a
player after their timeouts waits `RDI_STAND_IN_SECONDS` on the clock whatever the think time. A turn waiting to be played
is a member `"<game>:<seq>"` of a Redis sorted set, scored by when it is due. Turns due in
the same `RDI_AI_TICK_SECONDS` slice share one `tick` task, queued for the end of the slice;
a tick plays everything due, one decision each, and stays while more comes due within a
slice. So the broker carries a few messages per slice however many tables there are, where
a task per decision would saturate it.

**Homes.** The worker that commits a decision holds the game's state in its memory, so the
table's next bot turn goes on *that worker's* set and its tick on that worker's own queue
(Celery's worker-direct queue): the next decision is the store's one-statement hot path
instead of a locked load. Turns put by other processes (a person's decision in the web
server, a game's start) go on the shared set, served by ticks on the shared queue. A worker
with nothing of its own due steals turns running late on another's set (`_steal`).

**Nothing waits forever.** A turn is taken off its set before it is played; if its worker
dies on the way, the sweeper re-sends the game's turn (`timers.sweep`). A home whose turns
are overdue (its worker died or stalls, and no other was idle enough to steal them) has them
moved to the shared set by the sweeper, with a shared tick. Playing a turn twice is harmless: the submit carries `expected_seq` and the
(seq, seat) idempotency key of the bot's own actor.

Keys carry the Celery queue name, so test runs and benchmarks sharing a Redis keep apart.
"""
from __future__ import annotations

import math
import threading
import time
from typing import Callable

from celery.utils.nodenames import worker_direct
from django.conf import settings

from games import jobs, redis_client

#: How many due turns a tick takes off its set at once (fewer: other ticks share the work).
TAKE = 16
#: Take up to ARGV[2] members due by ARGV[1] off KEYS[1], atomically: two ticks never take
#: the same turn. With KEYS[2], move them there instead (the sweeper's rescue).
_TAKE_DUE = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[2]))
local members = {}
for i = 1, #due, 2 do
  members[#members + 1] = due[i]
  if KEYS[2] then redis.call('ZADD', KEYS[2], due[i + 1], due[i]) end
end
if #members > 0 then redis.call('ZREM', KEYS[1], unpack(members)) end
return members
"""
#: How many turns the sweeper moves per script call (Lua's unpack has a limit).
_MOVE = 1000
#: This process's home: its worker's name, or "" outside a worker (rdi_service/celery.py).
_home = ""
#: `.home`: the home whose tick this thread is running, if any.
_running = threading.local()


def thinking() -> bool:
    return settings.RDI_AI_THINK_SECONDS > 0


def set_home(hostname: str) -> None:
    """Called once a worker knows its name: turns it commits are ticked on its own queue."""
    global _home
    _home = hostname
    _redis().sadd(_key("homes"), hostname)


def _key(name: str) -> str:
    return f"rdi:ai:{name}:{jobs.queue()}"


def _due(home: str) -> str:
    return _key(f"due:{home}")


def _redis():
    return redis_client.client()


def _send_tick(home: str, countdown: float = 0.0) -> None:
    options = {"queue": worker_direct(home)} if home else {}
    jobs.send(jobs.TICK, home, countdown=countdown, **options)


def put(game_id: int, seq: int, *, now: float | None = None, ping: tuple[str, bytes] | None = None,
        delay: float | None = None) -> None:
    """Put the bot turn open at `seq` on this process's home set, due after the think time
    (or `delay` seconds: a stand-in's human pace, timers.stand_in_seconds), and make sure a
    tick will play it. `ping` (channel, message) is published in the same round trip: the
    commit's live update goes out at once, not via the publisher thread."""
    due = (now or time.time()) + (settings.RDI_AI_THINK_SECONDS if delay is None else delay)
    pipe = _redis().pipeline(transaction=False)
    if ping is not None:
        pipe.publish(*ping)
    pipe.zadd(_due(_home), {f"{game_id}:{seq}": due})
    if _home and getattr(_running, "home", None) == _home:
        pipe.execute()      # this home's tick runs here: it plays the turn, or ticks for it leaving
        return
    _tick_by(due, pipe=pipe)


def _tick_by(due: float, *, pipe=None, home: str | None = None) -> None:
    """Make sure a tick of `home` (this process's) runs at the end of `due`'s slice: one per
    slice, whoever asks. `pipe` holds commands to send in the same round trip."""
    home = _home if home is None else home
    width = settings.RDI_AI_TICK_SECONDS
    slice_end = math.ceil(due / width) * width
    pipe = pipe if pipe is not None else _redis().pipeline(transaction=False)
    pipe.set(_key(f"tick:{home}:{slice_end:.3f}"), 1, nx=True, ex=60)
    if pipe.execute()[-1]:
        _send_tick(home, countdown=max(0.0, slice_end - time.time()))


def take_due(home: str = "", now: float | None = None) -> list[tuple[int, int]]:
    """Take the turns due by `now` off a home's set (at most TAKE): [(game, seq)]."""
    return _turns(_redis().eval(_TAKE_DUE, 1, _due(home), now or time.time(), TAKE))


def _turns(members) -> list[tuple[int, int]]:
    return [tuple(int(part) for part in m.decode().split(":")) for m in members]


def _next_due(home: str) -> float | None:
    first = _redis().zrange(_due(home), 0, 0, withscores=True)
    return first[0][1] if first else None


def tick(home: str, play: Callable[[int, int], int]) -> int:
    """Play every turn due now on a home's set, one decision each (its commit puts the
    table's next bot turn on this worker's set). A tick of this worker's own home stays
    while the next turn is due within a slice: under load it runs on like a pump, the turns
    its decisions put back need no tick of their own, and leaving, it ticks for the earliest
    left. A tick of the shared set leaves as soon as nothing is due, so a busy worker takes
    few new tables and an idle one many. Hands on to a fresh tick after RDI_AI_BATCH_SECONDS
    so the worker serves its other tasks too. `play(game, seq)` plays one turn and says how
    many decisions it submitted (timers.play_one); returns how many in all."""
    started = time.monotonic()
    played = 0
    pump = bool(home) and home == _home
    _running.home = home if pump else None
    try:
        while time.monotonic() - started < settings.RDI_AI_BATCH_SECONDS:
            due = take_due(home) or (_steal(home) if pump else [])
            for game_id, seq in due:
                played += play(game_id, seq)
            if due:
                continue
            soonest = _next_due(home) if pump else None
            if soonest is None:
                return played
            if soonest - time.time() > settings.RDI_AI_TICK_SECONDS:
                _tick_by(soonest, home=home)
                return played
            time.sleep(max(0.0, soonest - time.time()))
        _send_tick(home)
        return played
    finally:
        _running.home = None


def _steal(home: str) -> list[tuple[int, int]]:
    """With nothing of its own due, a worker takes turns running late on another's set (that
    worker is busy, or dead): the load evens out, and the thief becomes the tables' home."""
    late = time.time() - 2 * settings.RDI_AI_TICK_SECONDS
    client = _redis()
    for other in client.smembers(_key("homes")):
        other = other.decode()
        if other != home:
            turns = _turns(client.eval(_TAKE_DUE, 1, _due(other), late, TAKE))
            if turns:
                return turns
    return []


def rescue_overdue(now: float | None = None) -> bool:
    """The sweeper's part: move every turn overdue by more than RDI_SWEEP_STALE_SECONDS (its
    home worker died, stalls, or its tick was lost) to the shared set and tick it there.
    Returns whether anything was overdue."""
    horizon = (now or time.time()) - settings.RDI_SWEEP_STALE_SECONDS
    client = _redis()
    overdue = bool(client.zrangebyscore(_due(""), "-inf", horizon, start=0, num=1))
    for home in client.smembers(_key("homes")):
        while moved := client.eval(_TAKE_DUE, 2, _due(home.decode()), _due(""), horizon, _MOVE):
            overdue = True
            if len(moved) < _MOVE:
                break
    if overdue:
        _send_tick("")
    return overdue
