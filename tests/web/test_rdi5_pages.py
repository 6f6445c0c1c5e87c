"""The table page with Spyke, Flower, Zakhan and Sera (the sampler packs): the sampler note
in the lobby, Levels and equipped Treasure on the mats, Drunken Chi and Total Drunkenness,
the Treasure and Chi prompts in words, and the log telling the mechanics."""
import shutil
from pathlib import Path

import pytest

from games import engine, selectors, services
from tests.packs.conftest import packs_dir  # noqa: F401 (fixture)
from tests.replay.conftest import _fresh_caches, client_for  # noqa: F401 (autouse fixture)
from tests.web.autoplay import bot_turns

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).parents[2]
SAMPLER = "Sampler deck: rulebook cards only, not the printed deck"


@pytest.fixture
def samplers(packs_dir):  # noqa: F811
    for name in ("spyke-and-flower", "zakhan", "sera", "joran", "lizwick"):
        shutil.copy(ROOT / "packs" / f"{name}.json", packs_dir / f"{name}.json")
    return packs_dir


def test_the_lobby_marks_the_new_characters_as_sampler_decks(samplers, make_user):
    page = client_for(make_user("ana")).get("/").content.decode()
    for name in ("Spyke", "Flower", "Zakhan", "Sera", "Joran", "Lizwick"):
        assert name in page
    for pack in ("spyke-and-flower", "zakhan", "sera", "joran", "lizwick"):
        assert f'(sampler deck)" data-pack="{pack}"' in page
    assert page.count(SAMPLER) == 1


def test_the_board_shows_levels_treasure_chi_and_their_prompts(samplers, make_user):
    ana = make_user("ana")
    table = services.table_create(owner=ana, player_count=4, turn_seconds=None,
                                  options={"packs": ["spyke-and-flower", "zakhan", "sera"]})
    services.seat_take(table_id=table.pk, user=ana, character="flower")
    for ch in ("spyke", "zakhan", "sera"):
        services.seat_take(table_id=table.pk, user=ana, character=ch, ai=True)
    game = services.table_start(table_id=table.pk, user=ana, seed="5e" * 32)
    seen = set()
    for _, prompt, _ in bot_turns(game, limit=300):
        if "treasure" in seen and "token" in seen and game.seq > 60:
            break
        if prompt.seat == 0 and prompt.kind == "treasure" and "treasure" not in seen:
            page = client_for(ana).get(f"/games/{game.pk}/board/").content.decode()
            assert "Equip " in page and "Discard " in page and "Treasure!" in page
            seen.add("treasure")
        if prompt.seat == 2 and prompt.kind == "token":
            seen.add("token")
    assert {"treasure", "token"} <= seen
    page = client_for(ana).get(f"/games/{game.pk}/board/").content.decode()
    assert "<dt>Level</dt>" in page and "Equipped:" in page and "Total Drunkenness" in page
    assert "Treasure deck" in page
    watcher = client_for(make_user("watcher")).get(f"/games/{game.pk}/board/").content.decode()
    assert "<dt>Level</dt>" in watcher
    omni = engine.view(selectors.game_state(game=game), "omniscient")
    deck = {c["id"] for c in omni["zones"]["treasure"].get("cards", [])}
    assert not any(f'data-card="{cid}"' in watcher for cid in deck)
    log = client_for(ana).get(f"/games/{game.pk}/log/?after=0").json()
    text = " ".join(line for step in log["steps"] for line in step["lines"])
    assert "from the treasure deck" in text
