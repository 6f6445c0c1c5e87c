"""Fair bot scheduling (games/jobs.py send_advance): the bot turns of a game no person plays
go on the broker's lowest priority, so a worker serves a bot reply a person waits for first,
however much self-playing work another user queued. Real Redis broker and a real worker."""
import pytest
import redis
from django.conf import settings

from games import jobs, services
from games.models import GameEvent

from .conftest import QUEUE, game_row, wait_for

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True), pytest.mark.slow]


def _game(owner, *, person: bool, seed: str):
    """A 3-seat game; with `person`, the owner plays the last seat (the bots move first)."""
    table = services.table_create(owner=owner, player_count=3)
    for index, character in enumerate(["deirdre", "zot", "fiona"]):
        human = person and index == 2
        services.seat_take(table_id=table.pk, user=owner, character=character, ai=not human,
                           bot=None if human else "heuristic", index=index)
    return services.table_start(table_id=table.pk, user=owner, seed=seed)


def _queued(broker) -> dict:
    """{priority: messages waiting} of this test run's queue (kombu names the list of
    priority p > 0 "<queue>\\x06\\x16<p>")."""
    return {p: broker.llen(QUEUE if p == 0 else f"{QUEUE}\x06\x16{p}") for p in (0, 3, 6, 9)}


def test_a_game_a_person_plays_is_queued_before_self_playing_games(worker_factory, make_user, settings):
    settings.RDI_MAX_AI_GAMES_PER_USER = 0
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    crowd = make_user("crowd")
    busy = [_game(crowd, person=False, seed=f"busy-{i}") for i in range(3)]
    person = make_user("person")
    watched = _game(person, person=True, seed="watched-1")   # seat 0 (a bot) opens
    assert 2 not in game_row(watched.pk).prompt_seats          # a bot's turn is open: a task is queued
    # nothing runs yet: the self-playing games' turns wait on the lowest priority
    wait_for(lambda: _queued(broker) == {0: 1, 3: 0, 6: 0, 9: 3}, timeout=5, what="four queued turns")

    worker = worker_factory()

    def first_bot_event(game_id):
        return (GameEvent.objects.filter(game_id=game_id, seq__gte=1).order_by("id")
                .values_list("id", flat=True).first())

    wait_for(lambda: all(first_bot_event(g.pk) for g in [watched, *busy]), timeout=60,
             what="every game's first bot turn", worker=worker)
    watched_first = first_bot_event(watched.pk)
    # queued last, served first
    assert all(watched_first < first_bot_event(g.pk) for g in busy)


def test_send_advance_picks_the_priority_from_the_seats(make_user, transactional_db):
    from rdi_service.celery import app

    app.conf.task_default_queue = QUEUE
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    broker.delete(*[QUEUE, *(f"{QUEUE}\x06\x16{p}" for p in (3, 6, 9))])
    try:
        jobs.send_advance(10**9, 5, people=True)
        jobs.send_advance(10**9 + 1, 5, people=False)
        assert _queued(broker) == {0: 1, 3: 0, 6: 0, 9: 1}
    finally:
        broker.delete(*[QUEUE, *(f"{QUEUE}\x06\x16{p}" for p in (3, 6, 9))])
