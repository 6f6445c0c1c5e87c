"""A player cannot freeze a game with a bot by taking the bot's next idempotency key (the
bot's keys, `ai:<seq>:<seat>`, are predictable); a real worker plays the bot."""
import random

import pytest

from games.models import GameEvent

from .conftest import wait_for

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_a_player_using_the_bots_next_key_cannot_freeze_the_game(worker_factory, make_user, api_for):
    worker = worker_factory()
    owner = make_user("owner")
    api = api_for(owner)
    table = api.post("/api/tables/", {"player_count": 2, "turn_seconds": None}, format="json").json()
    assert api.post(f"/api/tables/{table['id']}/seats/", {"character": "zot"}, format="json").status_code == 201
    assert api.post(f"/api/tables/{table['id']}/seats/", {"character": "fiona", "ai": True, "bot": "heuristic"},
                    format="json").status_code == 201
    started = api.post(f"/api/tables/{table['id']}/start/")
    assert started.status_code == 201, started.json()
    game_id, bot_seat = started.json()["id"], 1 - started.json()["your_seat"]
    rng = random.Random(12)
    for _ in range(40):
        view = wait_for(lambda: (g := api.get(f"/api/games/{game_id}/").json())["over"] or g["your_prompt"] and g,
                        timeout=30, what="the bot to play its turn (the game froze)", worker=worker)
        if view is True or view["over"]:
            break
        seq = view["seq"]
        decision = rng.choice(view["view"]["prompt"]["decisions"])
        # every decision of mine takes the key the bot would use if it is asked next
        response = api.post(f"/api/games/{game_id}/decisions/", {
            "expected_seq": seq, "idempotency_key": f"ai:{seq + 1}:{bot_seat}", "decision": decision}, format="json")
        assert response.status_code == 201, response.json()
    bots = GameEvent.objects.filter(game_id=game_id, actor__startswith="ai:")
    assert bots.exists()
    mine = GameEvent.objects.filter(game_id=game_id, actor=f"user:{owner.pk}", idempotency_key__startswith="ai:")
    # the same keys live side by side under two actors
    shared = set(mine.values_list("idempotency_key", flat=True)) & set(bots.values_list("idempotency_key", flat=True))
    assert shared, "the test never took a key the bot then used"
