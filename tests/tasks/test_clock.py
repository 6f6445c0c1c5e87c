"""Bots that think (RDI_AI_THINK_SECONDS): their turns wait on the AI clock in Redis and are
played by tick tasks on a real worker; the sweeper makes up a tick lost with its message."""
import time

import pytest
import redis
from django.conf import settings

from games import clock, services
from games.models import GameEvent
from replay.verification import verify_game

from .conftest import QUEUE, events_of, game_row, wait_for

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True), pytest.mark.slow]

THINK = 0.03
THINKING = {"RDI_AI_THINK_SECONDS": str(THINK), "RDI_AI_TICK_SECONDS": "0.01"}


@pytest.fixture
def thinking(settings):
    settings.RDI_AI_THINK_SECONDS = THINK
    settings.RDI_AI_TICK_SECONDS = 0.01
    client = redis.Redis.from_url(settings.REDIS_URL)
    client.delete(clock._due(""))
    yield
    homes = [home.decode() for home in client.smembers(clock._key("homes"))]
    client.delete(clock._due(""), clock._key("homes"), *[clock._due(home) for home in homes])
    redis.Redis.from_url(settings.CELERY_BROKER_URL).delete(QUEUE)


def _all_ai_game(make_user, bots=("heuristic", "random")):
    owner = make_user("owner")
    table = services.table_create(owner=owner, player_count=len(bots))
    for character, bot in zip(("deirdre", "gerki"), bots):
        services.seat_take(table_id=table.pk, user=owner, character=character, ai=True, bot=bot)
    return services.table_start(table_id=table.pk, user=owner).pk


def test_thinking_bots_play_to_a_winner_one_think_apart(thinking, worker_factory, make_user):
    worker = worker_factory(**THINKING)
    game_id = _all_ai_game(make_user)
    game = wait_for(lambda: (g := game_row(game_id)).status == "over" and g, timeout=120, what="the game to end",
                    worker=worker)
    assert game.winners
    decisions = [e for e in events_of(game_id) if e.kind == "decision"]
    assert decisions and all(e.actor.startswith("ai:") for e in decisions)
    gaps = [(b.created_at - a.created_at).total_seconds() for a, b in zip(decisions, decisions[1:])]
    assert min(gaps) >= THINK * 0.9, "a bot acted before its think time was up"
    assert verify_game(game_id).as_dict()["ok"]
    assert "tick" in worker.output()


def test_take_due_hands_each_due_turn_out_once_and_leaves_the_rest(thinking):
    now = time.time()
    clock.put(7001, 3, now=now - 1)
    clock.put(7002, 5, now=now - 1)
    clock.put(7003, 9, now=now + 60)
    assert sorted(clock.take_due(now=now)) == [(7001, 3), (7002, 5)]
    assert clock.take_due(now=now) == []
    assert clock.take_due(now=now + 61) == [(7003, 9)]


def test_the_sweeper_moves_a_silent_workers_overdue_turns_to_the_shared_set(thinking, monkeypatch):
    monkeypatch.setattr(clock, "_home", "gone@host")
    clock._redis().sadd(clock._key("homes"), "gone@host")
    now = time.time()
    clock.put(7101, 4, now=now - 60)             # long overdue on a worker that no longer ticks
    clock.put(7102, 8, now=now)                  # due soon: left where it is
    assert clock.rescue_overdue(now) is True
    assert clock.take_due("", now=now) == [(7101, 4)]
    assert clock.take_due("gone@host", now=now + 1) == [(7102, 8)]
    assert clock.rescue_overdue(now) is False


def test_a_lost_tick_is_made_up_by_the_sweeper(thinking, worker_factory, make_user):
    game_id = _all_ai_game(make_user)            # its first bot turn goes on the clock, a tick is queued
    redis.Redis.from_url(settings.CELERY_BROKER_URL).delete(QUEUE)    # ...and lost
    assert game_row(game_id).seq == 0
    time.sleep(THINK + 0.1)
    worker = worker_factory(**THINKING)        # beat runs the sweeper every second (stale after 2 s)
    wait_for(lambda: game_row(game_id).seq >= 5, timeout=30, what="the sweeper to restart the clock", worker=worker)
    assert GameEvent.objects.filter(game_id=game_id, seq=1, actor__startswith="ai:").exists()


def test_a_game_whose_home_worker_dies_is_finished_by_another(thinking, worker_factory, make_user):
    first = worker_factory(**THINKING)
    game_id = _all_ai_game(make_user)
    wait_for(lambda: game_row(game_id).seq >= 10, timeout=60, what="the game to get going", worker=first)
    first.kill()                                  # its own due set holds the table's next turn
    at_kill = game_row(game_id)
    assert at_kill.status == "active", "the game ended before the worker could be killed"
    second = worker_factory(**THINKING)
    game = wait_for(lambda: (g := game_row(game_id)).status == "over" and g, timeout=120,
                    what="the second worker to finish the game", worker=second)
    events = events_of(game_id)
    assert [e.seq for e in events] == list(range(len(events)))
    keys = [e.idempotency_key for e in events if e.idempotency_key]
    assert len(keys) == len(set(keys)), "a turn was played twice"
    assert game.seq > at_kill.seq and verify_game(game_id).as_dict()["ok"]
