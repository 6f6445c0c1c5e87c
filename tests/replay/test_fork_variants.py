"""A fork of a game with a table option that keeps state on the table (the Pub Crawl's
taverns, their decks and discards and the Party Pawn; the Prizes; Otto's deck and tracks)
starts from exactly that position: every table zone in order and every table token, through
the position's generic `table` (replay/fork.py), so a new option's state is copied too. The
fork hides what it hid, plays to the end and verifies."""
import shutil
from pathlib import Path

import pytest

from games import engine, selectors, services
from games.models import Game
from replay import fork
from replay.verification import verify_game
from tests.cards import shown_card_ids
from tests.engine.test_expansion_packs import _hidden_ids
from tests.packs.conftest import packs_dir  # noqa: F401 (fixture)
from tests.replay.conftest import client_for, play

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).parents[2]
INSTALL = {"taverns": ROOT / "packs" / "taverns.json",
           "pub-crawl-fixtures": ROOT / "tests" / "packs" / "pub-crawl" / "fixtures.json",
           "prizes": ROOT / "packs" / "prizes.json",
           "test-otto": ROOT / "tests" / "packs" / "otto" / "fixtures.json"}


def _rich_pub_crawl(state) -> int:
    zones = state.zones
    return (2 * len(zones.get("taverns:closed", []))
            + sum(len(ids) for name, ids in zones.items() if name.startswith("tavern-drinks:") and name.endswith(":discard"))
            + sum(1 for s in state.seats for c in s.drink_me if state.owner[c] != "drink")
            + (state.tokens["party"] != zones["taverns"][0]))


def _rich_prize(state) -> int:
    return sum(len(ids) for name, ids in state.zones.items() if name.startswith("prize:"))


def _rich_otto(state) -> int:
    moved = sum(abs(v - (6 if ":fortitude:" in k else 0)) for k, v in state.tokens.items()
                if k.startswith(("otto:fortitude:", "otto:alcohol:")))
    return moved + len(state.zones.get("otto:discard", []))


VARIANTS = {
    "pub_crawl": (["taverns", "pub-crawl-fixtures"], _rich_pub_crawl),
    "prize": (["prizes"], _rich_prize),
    "otto": (["test-otto"], _rich_otto),
}


def _finished(make_user, packs_dir, option):  # noqa: F811
    packs, _ = VARIANTS[option]
    for pid in packs:
        shutil.copy(INSTALL[pid], packs_dir / f"{pid}.json")
    ana, bob = make_user("ana"), make_user("bob")
    table = services.table_create(owner=ana, player_count=3, turn_seconds=None, options={"packs": packs, option: True})
    services.seat_take(table_id=table.pk, user=ana, character="zot")
    services.seat_take(table_id=table.pk, user=bob, character="fiona")
    services.seat_take(table_id=table.pk, user=ana, character="gerki", ai=True)
    game = services.table_start(table_id=table.pk, user=ana, seed="c4" * 32)
    return play(game, rng_seed=5), bob


def _richest(game, weight) -> int:
    best, at_best = -1, None
    for at in range(1, game.seq):
        state = fork.state_at(game=game, at=at)
        if fork.forkable(state) is None and weight(state) > best:
            best, at_best = weight(state), at
    assert at_best is not None and best > 0, "the game never left the variant's start behind"
    return at_best


def _table(view: dict) -> tuple:
    keys = {c["id"]: c["key"] for z in view["zones"].values() for c in z.get("cards", [])}
    tokens = {k: keys.get(v, v) if k == "party" else v for k, v in view["tokens"].items()}
    return {name: [c["key"] for c in z["cards"]] for name, z in view["zones"].items()}, tokens


@pytest.mark.parametrize("option", sorted(VARIANTS))
def test_a_fork_keeps_the_table_options_state_hides_what_it_hid_and_verifies(option, make_user, packs_dir):  # noqa: F811
    game, bob = _finished(make_user, packs_dir, option)
    assert game.status == Game.Status.OVER
    at = _richest(game, VARIANTS[option][1])
    before = fork.state_at(game=game, at=at)
    r = client_for(bob).post(f"/api/games/{game.pk}/fork/", {"at": at, "seat": 1}, content_type="application/json")
    assert r.status_code == 201, r.content
    new = Game.objects.get(pk=r.json()["game"])
    after = selectors.game_state(game=new)

    old_view, new_view = engine.view(before, "omniscient"), engine.view(after, "omniscient")
    assert _table(old_view) == _table(new_view) and old_view["options"] == new_view["options"]
    for a, b in zip(old_view["seats"], new_view["seats"]):
        for k in ("character", "fortitude", "alcohol", "gold", "status", "tokens"):
            assert a[k] == b[k], k
        for pile in ("hand", "deck", "discard", "drink_me"):
            assert [c["key"] for c in a[pile]] == [c["key"] for c in b[pile]], pile
    assert (old_view["active"], old_view["phase"], old_view["inn"]) == (new_view["active"], new_view["phase"], new_view["inn"])
    # every card keeps its owner, so a Tavern Drink still goes to its own tavern's discard pile
    assert sorted((after.cards[c], str(after.owner[c])) for s in after.seats for c in s.drink_me) == \
        sorted((before.cards[c], str(before.owner[c])) for s in before.seats for c in s.drink_me)

    omni, spectator = engine.view(after, "omniscient"), engine.view(after, "spectator")
    hidden = _hidden_ids(omni, spectator, 1)
    assert hidden and not shown_card_ids(engine.view(after, 1)) & hidden, "the fork shows a hidden card"

    assert play(new, rng_seed=9).status == Game.Status.OVER
    assert verify_game(new.pk).ok and verify_game(game.pk).ok
