"""A bystander's bot-reply latency while another user's all-AI tables load the worker
(issue 37, item 4). Nothing here passes or fails on time (DESIGN.md §9).

One real Celery worker (solo pool, as bin/run starts it) on this run's database. The bystander
table: a person in seat 0, played by this script through `appends.submit_decision` (random
legal decisions), and two `mcts` seats. A reply is the time from the person's decision until
the next bot decision is committed (the wait for a worker plus one search; decisions after
which the person is asked again at once are not counted). The neighbour:
another user's tables of three `mcts` seats each, kept running. Two configurations of the same
code:

- before: RDI_AI_BACKGROUND_PRIORITY=0 and RDI_AI_BACKGROUND_BATCH_SECONDS=1 (every bot turn
  on one FIFO, a self-playing table holding the worker a second at a time: what issue 37 found)
- after:  the defaults (priority 9 for games no person plays, 0.1 s batches)

Run through pytest (it needs the test database and the worker fixture):
tests/tasks/test_bench_fairness.py runs it at a tiny size; RDI_BENCH_FAIRNESS_FULL=1 there runs
four neighbour tables for 20 s per phase and prints the figures of docs/operations.md.
"""
from __future__ import annotations

import random
import time

from django.db import connection

from games import appends, engine, selectors, services
from games.models import Game

CONFIGS = {
    "before": {"RDI_AI_BACKGROUND_PRIORITY": "0", "RDI_AI_BACKGROUND_BATCH_SECONDS": "1.0"},
    "after": {},
}
CHARACTERS = ["deirdre", "zot", "fiona"]


def _pct(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _table(owner, *, person: bool, seed: str) -> Game:
    table = services.table_create(owner=owner, player_count=3, turn_seconds=None)
    for index, character in enumerate(CHARACTERS):
        human = person and index == 0
        services.seat_take(table_id=table.pk, user=owner, character=character, ai=not human,
                           bot=None if human else "mcts", index=index)
    return services.table_start(table_id=table.pk, user=owner, seed=seed)


def _first_bot_reply(game: Game, seq: int, since: float) -> list[float]:
    """[seconds until the first event after `seq`], or [] when the person is asked again first."""
    while time.monotonic() - since < 60:
        connection.close_if_unusable_or_obsolete()
        game.refresh_from_db()
        if game.seq > seq:
            return [time.monotonic() - since]
        if game.status == Game.Status.OVER or 0 in (game.prompt_seats or []):
            return []
        time.sleep(0.002)
    return [60.0]


def _phase(*, person, neighbour, tables: int, seconds: float, tag: str) -> list[float]:
    """Play the bystander for `seconds` beside `tables` running neighbour tables: reply times (s)."""
    rng = random.Random(7)
    heavy = [_table(neighbour, person=False, seed=f"{tag}-heavy-{i}") for i in range(tables)]
    game = _table(person, person=True, seed=f"{tag}-bystander-0")
    replies, asked_at, games = [], None, 0
    stop = time.monotonic() + 120          # the clock starts when the person is first asked
    while time.monotonic() < stop:
        connection.close_if_unusable_or_obsolete()
        game.refresh_from_db()
        if game.status == Game.Status.OVER:
            games += 1
            game, asked_at = _table(person, person=True, seed=f"{tag}-bystander-{games}"), None
            continue
        if 0 not in (game.prompt_seats or []):
            time.sleep(0.005)
            continue
        if asked_at is None and not games:
            stop = time.monotonic() + seconds  # the worker is up and serving
        state = selectors.game_state(game=game)
        prompt = next(p for p in engine.prompts(state) if p.seat == 0)
        result = appends.submit_decision(game_id=game.pk, seat=0, decision=rng.choice(prompt.decisions),
                                          actor=f"user:{person.pk}", expected_seq=game.seq)
        asked_at = time.monotonic()
        replies += _first_bot_reply(game, result.seq, asked_at)
    Game.objects.filter(pk__in=[g.pk for g in heavy] + [game.pk]).update(status=Game.Status.OVER)
    return replies


def run(*, start_worker, purge, person, neighbour, tables: int, seconds: float, settings, out) -> dict:
    """Four phases (before/after × alone/beside `tables` neighbour tables), a fresh worker each."""
    results = {}
    for name, env in CONFIGS.items():
        for load in (0, tables):
            saved = {key: getattr(settings, key) for key in env}
            for key, value in env.items():      # this process queues the neighbours' first turns
                setattr(settings, key, type(saved[key])(value))
            worker = start_worker(**env)
            try:
                replies = _phase(person=person, neighbour=neighbour, tables=load, seconds=seconds,
                                 tag=f"{name}-{load}")
            finally:
                worker.stop()
                purge()
            for key, value in saved.items():
                setattr(settings, key, value)
            results[(name, load)] = replies
            print(f"{name:6} neighbour tables {load}: {len(replies):4} replies, bystander p50 "
                  f"{_pct(replies, 0.5) * 1000:7.0f} ms, p90 {_pct(replies, 0.9) * 1000:7.0f} ms, "
                  f"max {max(replies, default=float('nan')) * 1000:7.0f} ms", file=out)
    return results
