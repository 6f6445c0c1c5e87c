"""After commit, an append publishes {game, seq} on the game's Redis channel (real Redis)."""
import random

import orjson
import pytest
import redis
from django.conf import settings

from games import services

from .conftest import pick, twin

pytestmark = pytest.mark.django_db(transaction=True)


def test_each_commit_publishes_game_and_seq(start_game):
    game, _ = start_game()
    client = redis.Redis.from_url(settings.REDIS_URL)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(services.live_channel(game.pk))
    pubsub.get_message(timeout=1)
    state = twin(game)
    decision = pick(state, random.Random(1))
    services.submit_decision(game_id=game.pk, seat=decision["seat"], decision=decision, actor="test", expected_seq=0)
    message = pubsub.get_message(timeout=5)
    assert message is not None and orjson.loads(message["data"]) == {"game": game.pk, "seq": 1}
    pubsub.close()
