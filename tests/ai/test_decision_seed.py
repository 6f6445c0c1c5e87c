"""A bot's randomness comes from the game's secret seed, not from anything public: nobody can
predict its choices during play, and it stays deterministic given the secret seed."""
import pytest

from games import ai, engine, services, store, timers
from games.ai import decision_seed

SECRET = "5eed" * 16


def test_the_seed_depends_on_the_secret_and_not_on_public_data():
    seed = decision_seed(secret=SECRET, seq=7, seat=1)
    assert seed == decision_seed(secret=SECRET, seq=7, seat=1)
    assert seed != decision_seed(secret=SECRET + "0", seq=7, seat=1)
    assert len({decision_seed(secret=SECRET, seq=q, seat=s) for q in range(5) for s in range(3)}) == 15
    public = store.seed_commitment(SECRET)
    assert seed != f"{public}:7:1"                                   # the old derivation
    assert seed != decision_seed(secret=public, seq=7, seat=1)       # the public hash as the key
    assert public not in seed and SECRET not in seed


@pytest.mark.django_db
def test_the_bot_on_an_ai_seat_gets_the_secret_seeded_stream(make_user, monkeypatch):
    seen = []

    def spy(view, *, seed):
        seen.append(seed)
        return dict(view["prompt"]["decisions"][0])

    monkeypatch.setitem(ai.BOTS, "random", ai.Bot("random", 1, spy, "records its seed"))
    owner = make_user("owner")
    table = services.table_create(owner=owner, player_count=2, turn_seconds=None)
    for character in ("zot", "fiona"):
        services.seat_take(table_id=table.pk, user=owner, character=character, ai=True, bot="random")
    game = services.table_start(table_id=table.pk, user=owner, seed=SECRET)
    seat = engine.prompts(engine.new_game({**game.setup, "seed": SECRET}))[0].seat
    assert timers.automatic_decision(game.pk, 0) is not None
    assert seen == [decision_seed(secret=SECRET, seq=0, seat=seat)]
    assert seen[0] != f"{game.seed_sha256}:0:{seat}"
