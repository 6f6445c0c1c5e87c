"""Celery tasks: AI seats, timeouts and the sweeper (DESIGN.md §4), the top of the application
layer: each only calls `games.timers` or the AI clock, which decide and go through
`appends.submit_decision`; they queue the next task by name (games/jobs.py). Every task is
idempotent by (game, seq, seat), with keys under its own actor that no player can take: late
acks make a task whose worker died run again, and a run for an old seq does nothing."""
import time

import orjson
from celery import shared_task
from django.db import connection

from games import clock, jobs, redis_client, timers


@shared_task(name=jobs.ADVANCE, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def advance(game_id: int, seq: int) -> int:
    """Play the automatic turns (AI seats, auto-passes) of a game from `seq`."""
    return timers.play_automatic(game_id, seq)


@shared_task(name=jobs.EXPIRE, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def expire(game_id: int, seq: int) -> str:
    """The deadline of the prompt open at `seq` passed: submit the default decision as `timeout`."""
    return timers.expire(game_id, seq)


@shared_task(name=jobs.TICK, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def tick(home: str = "") -> int:
    """Play the bot turns due on the AI clock (games/clock.py): a worker's own (`home`, sent
    on its direct queue) or the shared ones."""
    return clock.tick(home, timers.play_one)


@shared_task(name="games.tasks.sweep", acks_late=True, ignore_result=True, expires=30)
def sweep() -> dict:
    """Beat: re-send overdue timeouts and stalled AI turns."""
    return timers.sweep()


@shared_task(name="games.tasks.bench_noop", acks_late=True, ignore_result=True)
def bench_noop(chain: int, step: int, think: float, stop_at: float) -> None:
    """The load benchmark's bare pipeline (tests/bench_stack.py): stamp the time, insert one
    row, publish, queue the next step after `think` seconds until `stop_at`. No engine, no
    store: the floor the AI pipeline is compared with."""
    stamped = time.time()
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO rdi_bench_bare (chain, step, stamped_at) VALUES (%s, %s, %s)",
                       [chain, step, stamped])
    redis_client.client().publish(f"rdi:bench:{chain}", orjson.dumps({"step": step}))
    if stamped + think < stop_at:
        bench_noop.apply_async((chain, step + 1, think, stop_at), countdown=think)
