"""The AI clock: bots that think before they act, without a task or a sleeping worker per turn.

With `RDI_AI_THINK_SECONDS` > 0 every bot turn waits that long (so people at the table can
follow it, and so a busy server spreads its bots' work evenly). A turn waiting to be played
is a member `"<game>:<seq>"` of the Redis sorted set `rdi:ai:due:<queue>`, scored by when it
is due (one set per Celery queue, so test runs and benchmarks sharing a Redis keep apart).
Turns due in the same `RDI_AI_TICK_SECONDS` slice share one `tick` task, queued for the end
of the slice; a tick plays everything due, from every table, one decision each. So the
broker carries ~1/tick-slice messages per second however many tables there are, where a task
per decision would saturate it.

A turn is taken off the set before it is played; if its worker dies on the way, the sweeper
re-sends the game's turn (`timers.sweep`), and a tick that was lost is made up by the next
one (each plays *everything* due) or by the sweeper. Playing a turn twice is harmless: the
submit carries `expected_seq` and the (game, seq, seat) idempotency key.
"""
from __future__ import annotations

import logging
import math
import time

from django.conf import settings

log = logging.getLogger(__name__)

#: How many due turns a tick takes off the set at once (fewer: other ticks share the work).
TAKE = 16
#: Atomically take up to ARGV[2] members due by ARGV[1]: two ticks never take the same turn.
_TAKE_DUE = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
if #due > 0 then redis.call('ZREM', KEYS[1], unpack(due)) end
return due
"""


def thinking() -> bool:
    return settings.RDI_AI_THINK_SECONDS > 0


def _key(name: str) -> str:
    from games import tasks

    return f"rdi:ai:{name}:{tasks.tick.app.conf.task_default_queue}"


def _redis():
    from games import services

    return services._redis_client()


def put(game_id: int, seq: int, *, now: float | None = None) -> None:
    """Put the bot turn open at `seq` on the clock, due after the think time, and make sure a
    tick is queued for its slice."""
    from games import tasks

    due = (now or time.time()) + settings.RDI_AI_THINK_SECONDS
    width = settings.RDI_AI_TICK_SECONDS
    slice_end = math.ceil(due / width) * width
    pipe = _redis().pipeline(transaction=False)
    pipe.zadd(_key("due"), {f"{game_id}:{seq}": due})
    pipe.set(_key(f"tick:{slice_end:.3f}"), 1, nx=True, ex=60)
    _, first_of_slice = pipe.execute()
    if first_of_slice:
        tasks.tick.apply_async(countdown=max(0.0, slice_end - time.time()))


def take_due(now: float | None = None) -> list[tuple[int, int]]:
    """Take the turns due by `now` off the clock (at most TAKE): [(game, seq)]."""
    members = _redis().eval(_TAKE_DUE, 1, _key("due"), now or time.time(), TAKE)
    return [tuple(int(part) for part in m.decode().split(":")) for m in members]


def next_due() -> float | None:
    """When the earliest turn on the clock is due, or None when there is none."""
    first = _redis().zrange(_key("due"), 0, 0, withscores=True)
    return first[0][1] if first else None


def tick() -> int:
    """Play every turn due now (one decision each; its commit puts the table's next bot turn
    back on the clock), and stay while the next one is due within a tick slice: under load
    a tick runs on like a pump and the slices' own ticks find nothing left. Hands on to a
    fresh tick after RDI_AI_BATCH_SECONDS so the worker serves its other tasks too. Returns
    how many decisions it submitted."""
    from games import tasks, timers

    started = time.monotonic()
    played = 0
    while True:
        due = take_due()
        for game_id, seq in due:
            played += timers.play_one(game_id, seq)
        if not due:
            soonest = next_due()
            wait = None if soonest is None else soonest - time.time()
            if wait is None or wait > settings.RDI_AI_TICK_SECONDS:
                return played           # the slice's own tick plays it
            time.sleep(max(0.0, wait))
        if time.monotonic() - started > settings.RDI_AI_BATCH_SECONDS:
            tasks.tick.apply_async()
            return played


def overdue(now: float | None = None) -> bool:
    """Whether a turn has waited past its due time by more than the sweeper's stale period
    (its tick was lost with a worker)."""
    horizon = (now or time.time()) - settings.RDI_SWEEP_STALE_SECONDS
    return bool(_redis().zrangebyscore(_key("due"), "-inf", horizon, start=0, num=1))
