"""A fork of a pack game plays exactly the content its source pinned in `game_created` — even
once the packs are uninstalled — starts from the same position (tokens and zones included),
folds and verifies; a position that would need a drawn-from shared deck is refused."""
import json
import random
import shutil
from pathlib import Path

import pytest

from games import engine, selectors, services
from games.models import Game, GameEvent
from replay import fork
from replay.verification import verify_game
from tests.packs.conftest import forget_content, packs_dir  # noqa: F401 (fixtures)
from tests.replay.conftest import client_for, play, start_game

pytestmark = pytest.mark.django_db(transaction=True)
TEST_PACKS = Path(__file__).parents[1] / "packs"


@pytest.fixture
def pack_game(packs_dir, make_user):  # noqa: F811
    for name in ("vlazlo-blood", "torglesnarf-minions"):
        shutil.copy(TEST_PACKS / f"{name}.json", packs_dir / f"{name}.json")
    ana, bob = make_user("ana"), make_user("bob")
    table = services.table_create(owner=ana, player_count=3, turn_seconds=None,
                                  options={"packs": ["test-vlazlo", "test-torglesnarf"]})
    services.seat_take(table_id=table.pk, user=ana, character="vlazlo")
    services.seat_take(table_id=table.pk, user=bob, character="torglesnarf")
    services.seat_take(table_id=table.pk, user=ana, character="zot", ai=True)
    game = services.table_start(table_id=table.pk, user=ana, seed="f0" * 32)
    return play(game, rng_seed=4), bob


def _richest_forkable(game) -> int:
    """The forkable event where the pack mechanics left the most behind (Blood, bought form
    cards, Minions in play), so the fork has something to keep."""
    def weight(state):
        vlazlo, torglesnarf = state.seats[0], state.seats[1]
        return (vlazlo.tokens.get("blood", 0) + 8 * 2 - len(vlazlo.zones["bat"]) - len(vlazlo.zones["wolf"])
                + 3 * len(torglesnarf.zones["minions"]))
    best, at_best = -1, None
    for at in range(1, game.seq):
        state = fork.state_at(game=game, at=at)
        if fork.forkable(state) is None and weight(state) > best:
            best, at_best = weight(state), at
    assert at_best is not None and best > 0
    return at_best


def test_a_fork_of_a_pack_game_plays_its_pinned_content_from_the_same_position(pack_game, packs_dir,  # noqa: F811
                                                                               forget_content):  # noqa: F811
    game, bob = pack_game
    assert game.status == Game.Status.OVER
    at = _richest_forkable(game)
    before = fork.state_at(game=game, at=at)
    for path in packs_dir.glob("*-*.json"):           # the test packs are uninstalled since
        path.unlink()
    forget_content()
    r = client_for(bob).post(f"/api/games/{game.pk}/fork/", {"at": at, "seat": 1}, content_type="application/json")
    assert r.status_code == 201, r.content
    new = Game.objects.get(pk=r.json()["game"])
    pinned = GameEvent.objects.get(game=game, seq=0).payload["setup"]["content"]
    created = GameEvent.objects.get(game=new, seq=0).payload
    assert created["setup"]["content"] == pinned and created["forked_from"] == {"game": game.pk, "seq": at}

    old_view = engine.view(before, "omniscient")
    new_view = engine.view(selectors.game_state(game=new), "omniscient")
    for a, b in zip(old_view["seats"], new_view["seats"]):
        for k in ("character", "fortitude", "alcohol", "gold", "status", "tokens"):
            assert a[k] == b[k], k
        for pile in ("hand", "deck", "discard", "drink_me"):
            assert [c["key"] for c in a[pile]] == [c["key"] for c in b[pile]], pile
        assert {n: [c["key"] for c in z["cards"]] for n, z in (a.get("zones") or {}).items()} == \
            {n: [c["key"] for c in z["cards"]] for n, z in (b.get("zones") or {}).items()}
    forget_content()
    played = play(new, rng_seed=9)
    assert played.status == Game.Status.OVER
    forget_content()
    assert verify_game(new.pk).ok and verify_game(game.pk).ok


def test_a_fork_of_a_base_game_pins_nothing(make_user):
    game = play(start_game(make_user("ana"), make_user("bob")))
    at = next(at for at in range(1, game.seq) if fork.forkable(fork.state_at(game=game, at=at)) is None)
    new = fork.game_fork(game=game, at=at, user=game.table.owner, seat=0)
    assert "content" not in GameEvent.objects.get(game=new, seq=0).payload["setup"]


def test_a_drawn_from_shared_deck_is_not_forkable():
    pack = (TEST_PACKS / "samantha-brawl.json").read_text()
    state = engine.new_game({"seats": [{"character": "samantha"}, {"character": "zot"}], "seed": "brawl",
                             "content": [engine.BASE_PACK, json.loads(pack)]})
    rng = random.Random(2)
    while not (state.zones["brawlers:discard"] and not state.stack):
        assert not state.over
        prompt = engine.prompts(state)[0]
        state, _ = engine.apply(state, rng.choice(prompt.decisions))
    assert "shared brawlers deck has been drawn from" in fork.forkable(state)
