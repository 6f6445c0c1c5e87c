"""Group commit (issue 15): a table's consecutive automatic decisions appended in one statement
write exactly the events one-by-one appends write, verify and fold alike, and publish once."""
import time

import orjson
import pytest
import redis
from django.conf import settings

from games import appends, live_pings, services, store, timers
from games.models import Game, GameEvent
from replay.verification import verify_game

pytestmark = pytest.mark.django_db(transaction=True)   # the cache is filled after commit

SEED = "9e" * 32
#: What must be the same either way; `created_at` and the chain hashes that cover it differ.
SAME = ("seq", "kind", "seat", "actor", "payload", "state_hash", "idempotency_key")


def bot_game(make_user, name, bot="random", seed=SEED, owner=None):
    owner = owner or make_user(name)
    table = services.table_create(owner=owner, player_count=3, turn_seconds=None)
    for character in ("deirdre", "zot", "fiona"):
        services.seat_take(table_id=table.pk, user=owner, character=character, ai=True, bot=bot)
    return services.table_start(table_id=table.pk, user=owner, seed=seed)


def events_of(game_id):
    return list(GameEvent.objects.filter(game_id=game_id).order_by("seq").values(*SAME, "created_at"))


def one_by_one(game_id):
    """The same automatic turns, each its own `submit_decision` (the path before group commit)."""
    seq = 0
    while True:
        auto = timers.automatic_decision(game_id, seq)
        if auto is None:
            return
        seat, decision, actor, key = auto
        result = appends.submit_decision(game_id=game_id, seat=seat, decision=decision, actor=actor,
                                          expected_seq=seq, idempotency_key=key)
        if result.over:
            return
        seq = result.seq


def test_group_committed_bot_turns_are_the_events_one_by_one_appends_write(make_user):
    owner = make_user("owner")
    grouped, single = bot_game(make_user, "", owner=owner), bot_game(make_user, "", owner=owner)
    played = timers.play_automatic(grouped.pk, 0, budget=120)
    one_by_one(single.pk)

    a, b = events_of(grouped.pk), events_of(single.pk)
    assert a[-1]["kind"] == "game_ended" and played == sum(e["kind"] == "decision" for e in a)
    assert [{k: e[k] for k in SAME} for e in a] == [{k: e[k] for k in SAME} for e in b]
    # the group path really wrote several events per statement (one server time per statement)
    assert len({e["created_at"] for e in a}) * 4 < len(a)
    assert len({e["created_at"] for e in b}) == len(b) - 1      # game_ended shares its decision's
    for game_id in (grouped.pk, single.pk):
        verification = verify_game(game_id)     # chain, seed, a full re-fold against every state hash
        assert verification.ok, verification.problem
    rows = {g.pk: g for g in Game.objects.filter(pk__in=[grouped.pk, single.pk])}
    for field in ("seq", "state_hash", "status", "winners", "prompt_seats"):
        assert getattr(rows[grouped.pk], field) == getattr(rows[single.pk], field)


def test_a_group_is_published_once_with_its_last_seq(make_user, monkeypatch):
    game = bot_game(make_user, "published")
    sent, send = [], live_pings.publisher.send
    monkeypatch.setattr(live_pings.publisher, "send", lambda game_id, seq: (sent.append((game_id, seq)),
                                                                            send(game_id, seq)))
    pubsub = redis.Redis.from_url(settings.REDIS_URL).pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(appends.live_channel(game.pk))
    pubsub.get_message(timeout=1)
    controls = timers.seat_controls(game.pk)
    taken = []

    def five(state, seq):
        if len(taken) == 5:
            return None
        taken.append(seq)
        return timers.automatic_for(state, seq, controls)

    result = appends.submit_group(game_id=game.pk, expected_seq=0, decide=five)
    assert (result.decisions, result.seq, taken) == (5, 5, [0, 1, 2, 3, 4])
    assert sent == [(game.pk, 5)]       # handed to the publisher once, not once per event
    heard, until = [], time.monotonic() + 1.5
    while time.monotonic() < until:
        message = pubsub.get_message(timeout=0.1)
        if message is not None:
            heard.append(orjson.loads(message["data"]))
    pubsub.close()
    # the game's start (seq 0) may still be on its way; of the group's seqs only the last is sent
    assert [ping for ping in heard if 0 < ping["seq"] <= 5] == [{"game": game.pk, "seq": 5}], heard
    assert Game.objects.get(pk=game.pk).seq == 5
    assert [e["seq"] for e in events_of(game.pk)] == [0, 1, 2, 3, 4, 5]


def test_a_group_stops_at_its_size(make_user, settings):
    settings.RDI_GROUP_COMMIT_MAX = 3
    game = bot_game(make_user, "capped")
    controls = timers.seat_controls(game.pk)
    result = appends.submit_group(game_id=game.pk, expected_seq=0,
                                   decide=lambda state, seq: timers.automatic_for(state, seq, controls))
    assert (result.decisions, result.seq) == (3, 3)
    assert Game.objects.get(pk=game.pk).seq == 3


def test_a_group_on_a_stale_state_writes_nothing_and_leaves_it_to_the_ordinary_path(make_user):
    game = bot_game(make_user, "stale")
    controls = timers.seat_controls(game.pk)
    stale = store.cache.peek(game.pk, 0)
    old = store.CachedState(0, stale.state_hash, stale.rules_version, services.engine.clone(stale.state),
                            last_hash=stale.last_hash, turn_seconds=stale.turn_seconds,
                            human_seats=stale.human_seats, window_seconds=stale.window_seconds)
    seat, decision, actor, key = timers.automatic_decision(game.pk, 0)
    appends.submit_decision(game_id=game.pk, seat=seat, decision=decision, actor=actor, expected_seq=0,
                             idempotency_key=key)
    store.cache.clear()
    store.cache.put(game.pk, old)             # this worker still believes the game is at seq 0

    decide = lambda state, seq: timers.automatic_for(state, seq, controls)  # noqa: E731
    assert appends.submit_group(game_id=game.pk, expected_seq=0, decide=decide) is None
    assert Game.objects.get(pk=game.pk).seq == 1 and len(events_of(game.pk)) == 2
    assert store.cache.peek(game.pk, 0) is None     # the stale entry is gone; the next one loads


def test_no_group_without_a_hot_state(make_user):
    game = bot_game(make_user, "cold")
    store.cache.clear()
    assert appends.submit_group(game_id=game.pk, expected_seq=0, decide=lambda state, seq: None) is None
    # the automatic task then goes one decision the ordinary way and groups from there on
    assert timers.play_automatic(game.pk, 0, budget=120) > 0
    assert Game.objects.get(pk=game.pk).status == Game.Status.OVER
    assert verify_game(game.pk).ok
