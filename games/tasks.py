"""Celery tasks: AI seats, timeouts and the sweeper (DESIGN.md §4). Each only calls
`games.timers`, which decides and goes through `services.submit_decision`. Every task is
idempotent by (game, seq, seat), with keys under its own actor that no player can take: late
acks make a task whose worker died run again, and a run for an old seq does nothing."""
from celery import shared_task


@shared_task(name="games.tasks.advance", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def advance(game_id: int, seq: int) -> int:
    """Play the automatic turns (AI seats, auto-passes) of a game from `seq`."""
    from games import timers

    return timers.play_automatic(game_id, seq)


def send_advance(game_id: int, seq: int, *, people: bool) -> None:
    """Queue `advance` for a game, behind people's work when no person plays it.

    The bot turns of a game no person plays go at RDI_AI_BACKGROUND_PRIORITY (Redis broker: 0
    is served first, then 3, 6, 9; rdi_service/settings.py); everything a person waits for
    keeps 0, so one user's self-playing tables queue behind other people's replies
    (docs/operations.md, "Quotas and fair bot scheduling"). Priority changes when a turn is
    played, never what a bot decides: decisions are seeded from the game's seed, seq and seat."""
    from django.conf import settings

    advance.apply_async((game_id, seq), priority=0 if people else settings.RDI_AI_BACKGROUND_PRIORITY)


@shared_task(name="games.tasks.expire", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def expire(game_id: int, seq: int) -> str:
    """The deadline of the prompt open at `seq` passed: submit the default decision as `timeout`."""
    from games import timers

    return timers.expire(game_id, seq)


@shared_task(name="games.tasks.tick", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def tick(home: str = "") -> int:
    """Play the bot turns due on the AI clock (games/clock.py): a worker's own (`home`, sent
    on its direct queue) or the shared ones."""
    from games import clock

    return clock.tick(home)


@shared_task(name="games.tasks.sweep", acks_late=True, ignore_result=True, expires=30)
def sweep() -> dict:
    """Beat: re-send overdue timeouts and stalled AI turns."""
    from games import timers

    return timers.sweep()


@shared_task(name="games.tasks.bench_noop", acks_late=True, ignore_result=True)
def bench_noop(chain: int, step: int, think: float, stop_at: float) -> None:
    """The load benchmark's bare pipeline (tests/bench_stack.py): stamp the time, insert one
    row, publish, queue the next step after `think` seconds until `stop_at`. No engine, no
    store: the floor the AI pipeline is compared with."""
    import time

    import orjson
    from django.db import connection

    from games import services

    stamped = time.time()
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO rdi_bench_bare (chain, step, stamped_at) VALUES (%s, %s, %s)",
                       [chain, step, stamped])
    services._redis_client().publish(f"rdi:bench:{chain}", orjson.dumps({"step": step}))
    if stamped + think < stop_at:
        bench_noop.apply_async((chain, step + 1, think, stop_at), countdown=think)
