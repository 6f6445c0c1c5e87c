"""Celery tasks: AI seats, timeouts and the sweeper (DESIGN.md §4). Each only calls
`games.timers`, which decides and goes through `services.submit_decision`. Every task is
idempotent by (game, seq, seat): late acks make a task whose worker died run again, and a
run for an old seq does nothing."""
from celery import shared_task


@shared_task(name="games.tasks.advance", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def advance(game_id: int, seq: int) -> int:
    """Play the automatic turns (AI seats, auto-passes) of a game from `seq`."""
    from games import timers

    return timers.play_automatic(game_id, seq)


@shared_task(name="games.tasks.expire", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def expire(game_id: int, seq: int) -> str:
    """The deadline of the prompt open at `seq` passed: submit the default decision as `timeout`."""
    from games import timers

    return timers.expire(game_id, seq)


@shared_task(name="games.tasks.sweep", acks_late=True, ignore_result=True, expires=30)
def sweep() -> dict:
    """Beat: re-send overdue timeouts and stalled AI turns."""
    from games import timers

    return timers.sweep()
