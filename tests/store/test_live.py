"""After commit, an append publishes {game, seq} on the game's Redis channel (real Redis)."""
import random

import orjson
import pytest
import redis
from django.conf import settings

from games import appends

from .conftest import pick, twin

pytestmark = pytest.mark.django_db(transaction=True)


def test_each_commit_publishes_game_and_seq(start_game):
    game, _ = start_game()
    client = redis.Redis.from_url(settings.REDIS_URL)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(appends.live_channel(game.pk))
    pubsub.get_message(timeout=1)
    state = twin(game)
    decision = pick(state, random.Random(1))
    appends.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="test", expected_seq=0)
    # the game's creation publishes seq 0 from the publisher thread, which may come after the
    # subscription: what this commit publishes is the first ping past it
    pings = []
    for _ in range(3):
        message = pubsub.get_message(timeout=5)
        if message is None:
            break
        pings.append(orjson.loads(message["data"]))
        if pings[-1]["seq"] > 0:
            break
    assert pings and pings[-1] == {"game": game.pk, "seq": 1}, pings
    assert all(p == {"game": game.pk, "seq": 0} for p in pings[:-1]), pings
    pubsub.close()
