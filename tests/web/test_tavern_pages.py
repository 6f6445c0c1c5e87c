"""Pages of a table with the tavern table options (Bar Deck, Prize, Pub Crawl;
games/web/tavern.py): the lobby offers each marked as a sampler, a table made with one plays
its installed pack, the game page shows its panel, and the log narrates its events."""
import json
import shutil
from pathlib import Path

from django.template.loader import render_to_string

import pytest

from games import engine, services
from games.models import Game, Table
from games.presentation import board, narration
from replay import charts
from tests.packs.conftest import packs_dir  # noqa: F401 (fixture)
from tests.replay.conftest import _fresh_caches, client_for  # noqa: F401 (autouse fixture)

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).parents[2]
SAMPLER = "Sampler deck: rulebook cards only, not the printed deck"
PACKS = ("bar-drinks", "prizes", "taverns")


@pytest.fixture
def with_tavern(packs_dir):  # noqa: F811
    for name in PACKS:
        shutil.copy(ROOT / "packs" / f"{name}.json", packs_dir / f"{name}.json")
    return packs_dir


def test_the_lobby_offers_the_tavern_options_marked_as_samplers(with_tavern, make_user):
    page = client_for(make_user("ana")).get("/").content.decode()
    assert 'name="bar_deck"' in page and "Bar Deck <span class=\"muted note\">sampler deck" in page
    assert page.count(SAMPLER) == 1
    assert 'name="packs" value="bar-drinks"' not in page      # chosen through the option


def test_without_its_pack_the_lobby_does_not_offer_the_bar_deck(packs_dir, make_user):  # noqa: F811
    assert 'name="bar_deck"' not in client_for(make_user("ana")).get("/").content.decode()


def test_a_table_with_the_bar_deck_plays_the_sampler_and_shows_the_bar_deck(with_tavern, make_user):
    client = client_for(make_user("ana"))
    r = client.post("/tables/new/", {"player_count": 3, "character": "zot", "ai_seats": 2, "bar_deck": "1",
                                     "start": 1})
    assert r.status_code == 302
    assert Table.objects.get().options == {"packs": ["bar-drinks"], "bar_deck": True}
    game = Game.objects.get()
    assert game.setup["options"] == {"bar_deck": True}
    page = client.get(f"/games/{game.pk}/board/").content.decode()
    assert 'id="bar-deck"' in page and "Bar Deck 8" in page
    assert "Bar deck" not in page                 # not also listed among the shared decks


def test_the_table_page_says_the_table_plays_the_bar_deck(with_tavern, make_user):
    ana = make_user("ana")
    table = services.table_create(owner=ana, player_count=2, options={"packs": ["bar-drinks"], "bar_deck": True})
    page = client_for(ana).get(f"/tables/{table.pk}/").content.decode()
    assert "Bar Deck" in page


def test_the_log_tells_the_bar_deck_dealing_and_its_reshuffle():
    state = engine.new_game({"seats": [{"character": "zot"}, {"character": "gerki"}], "seed": "log"})
    lines = narration.narrate_effects([{"type": "bar_dealt", "cards": 30, "left": 8},
                                     {"type": "reshuffled", "deck": "bar", "cards": 12}],
                                    state=state, names=["Zot", "Gerki"], seat=None, over=False)
    assert lines == ["30 Drinks from the Bar Deck are the new Drink Deck (8 left in the Bar Deck).",
                     "The Bar Deck ran out: the discarded Drinks were shuffled into a new Bar Deck."]


def test_a_table_with_prizes_shows_them_and_asks_for_one_with_named_buttons(with_tavern, make_user):
    client = client_for(make_user("ana"))
    r = client.post("/tables/new/", {"player_count": 2, "character": "zot", "ai_seats": 1, "prize": "1", "start": 1})
    assert r.status_code == 302
    assert Table.objects.get().options == {"packs": ["prizes"], "prize": True}
    game = Game.objects.get()
    page = client.get(f"/games/{game.pk}/board/").content.decode()
    assert 'id="prizes"' in page and "Talisman of Liquid Courage" in page and "In the Inn:" in page


def test_the_prize_prompt_names_each_prize():
    titles = {7: "“Fixture Purse”"}
    assert board.label({"seat": 0, "type": "prize", "card": 7}, "prize", ["Zot", "Gerki"], [], {}, titles) \
        == "Put “Fixture Purse” in the pot"
    assert "Prize" in engine.words.PROMPTS["prize"].words


def test_the_prize_panel_shows_the_inn_the_pot_the_winners_and_the_bin():
    card = {"id": 3, "key": "prize/x", "title": "X", "type": "Prize", "text": "t"}
    view = {"options": {"prize": True}, "zones": {"prize": {"cards": []}, "prize:pot": {"cards": []},
                                                   "prize:discard": {"cards": []}, "prize:1": {"cards": [card]}}}
    got = tavern_board(view)
    assert got["prize"]["held"] == [{"name": "Gerki", "cards": [card]}]
    assert [p["name"] for p in board._placed(board.panels(view, ["Zot", "Gerki"]))["side"]] == ["tavern"]


def tavern_board(view):
    return board.panels(view, ["Zot", "Gerki"]).get("tavern")


def test_the_log_tells_the_prize_cycle():
    state = engine.new_game({"seats": [{"character": "zot"}, {"character": "gerki"}], "seed": "log"})
    lines = narration.narrate_effects([{"type": "prize_chosen", "seat": 0, "card": 0, "title": "Fixture Purse"},
                                     {"type": "prizes_returned", "count": 2}],
                                    state=state, names=["Zot", "Gerki"], seat=None, over=False)
    assert lines == ["Zot put the Prize “Fixture Purse” in the pot.",
                     "No Prize was left in the Inn: the 2 in the Prize Bin go back to the Inn."]


def _mark(fx, names):
    return engine.words.MARKS[fx["type"]].entry(fx, names)["title"]


def test_the_replay_marks_prizes_won_and_bar_deck_deals():
    assert _mark({"type": "prize_won", "seat": 1}, ["Zot", "Gerki"]) == "Gerki won a Prize"
    assert _mark({"type": "bar_dealt", "cards": 30}, []) == "the Bar Deck dealt 30 Drinks"
    svg = "".join(charts._marks({"tavern": [{"seq": 5, "title": "Gerki won a Prize"}]}, "tavern", 10))
    assert 'class="tavern-mark"' in svg and "Gerki won a Prize" in svg


def test_the_lobby_offers_the_pub_crawl_and_refuses_it_without_tavern_drinks(with_tavern, make_user):
    client = client_for(make_user("ana"))
    assert 'name="pub_crawl"' in client.get("/").content.decode()
    r = client.post("/tables/new/", {"player_count": 2, "character": "zot", "ai_seats": 1, "pub_crawl": "1"}, follow=True)
    assert not Table.objects.exists()
    assert "The Pub Crawl needs the Drinks of at least one tavern" in r.content.decode()


def test_the_pub_crawl_panel_shows_the_taverns_in_order_and_where_the_party_is():
    root = Path(__file__).parents[2]
    content = [engine.BASE_PACK, json.loads((root / "packs" / "taverns.json").read_text()),
               json.loads((root / "tests" / "packs" / "pub-crawl" / "fixtures.json").read_text())]
    state = engine.new_game({"seats": [{"character": "zot"}, {"character": "gerki"}], "seed": "panel",
                             "options": {"pub_crawl": True}, "content": content})
    got = tavern_board(engine.view(state, 0))
    rows = got["crawl"]["taverns"]
    assert got["crawl"]["here"] == "The Red Dragon Inn" and rows[0]["here"] and rows[0]["left"] == 28
    assert [r["left"] for r in rows[1:]] == [6] * 5 and all(r["open"] for r in rows)
    html = render_to_string("web/_tavern.html", {"panel": got})
    assert 'id="pub-crawl"' in html and "Startusk&#x27;s" in html


def test_the_crawl_prompt_and_the_log_name_the_taverns():
    assert board.label({"seat": 0, "type": "crawl", "tavern": 9}, "crawl", ["Zot"], [], {}, {9: "“Startusk's”"}) \
        == "Crawl to “Startusk's”"
    state = engine.new_game({"seats": [{"character": "zot"}, {"character": "gerki"}], "seed": "log"})
    lines = narration.narrate_effects([{"type": "crawled", "seat": 0, "tavern": 9, "title": "Startusk's"},
                                     {"type": "tavern_closed", "card": 9, "title": "Startusk's"}],
                                    state=state, names=["Zot", "Gerki"], seat=None, over=False)
    assert lines == ["Zot Crawled: the party moves to Startusk's.", "Startusk's is out of Drinks and Closes."]
    assert _mark({"type": "crawled", "title": "Startusk's"}, []) == "the party Crawled to Startusk's"


def test_a_fork_of_a_bar_deck_game_keeps_the_bar_deck_in_order():
    import random as _random

    from replay.fork import position_from_view
    root = Path(__file__).parents[2]
    setup = {"seats": [{"character": "zot"}, {"character": "gerki"}], "seed": "fork", "options": {"bar_deck": True},
             "content": [engine.BASE_PACK, json.loads((root / "packs" / "bar-drinks.json").read_text())]}
    state = engine.new_game(setup)
    rng = _random.Random(1)
    for _ in range(60):
        state, _ = engine.apply(state, rng.choice(engine.prompts(state)[0].decisions))
        if not state.stack and state.phase in ("action", "order"):
            break
    omni = engine.view(state, "omniscient")
    fork = engine.new_game({**setup, "position": position_from_view(omni, state.owner)})
    bar = [state.cards[c] for c in state.zones["bar"]]
    assert [fork.cards[c] for c in fork.zones["bar"]] == bar
    assert sorted(fork.cards[c] for c in fork.drink_deck) == sorted(state.cards[c] for c in state.drink_deck)


def test_a_tavern_event_is_shown_asked_and_narrated():
    """A Tavern Event (fixture taverns: the rulebooks print none) on the stack, its choice and
    its log lines read as a Tavern Event, not a Dungeon Event."""
    from games.engine.core.scenario import run

    root = Path(__file__).parents[2]
    spec = json.loads((root / "tests" / "scenarios" / "pub-crawl" / "tavern-closes-mid-order-event-then-order-on.json")
                      .read_text())
    spec["steps"] = spec["steps"][:2]               # Fiona has Crawled to the Garden: its Event asks Zot
    spec["setup"]["packs"] = [str(root / "tests" / "packs" / "pub-crawl" / "tavern-events.json")]
    state = run(spec).state
    v = engine.view(state, 2)
    assert v["prompt"]["kind"] == "tavern_event" and "Tavern Event" in engine.words.PROMPTS["tavern_event"].words
    frame = board._frame(next(fr for fr in v["stack"] if fr["f"] == "tavern_event"), ["Fiona", "Gerki", "Zot"])
    assert frame["title"] == "Tavern Event: Fiona Crawled to [test fixture] The Garden"
    assert board.label({"seat": 2, "type": "tavern_event", "mode": "discard", "cards": [5]}, "tavern_event",
                       ["Fiona", "Gerki", "Zot"], [], {}, {5: "Winning Hand"}).endswith("Winning Hand")
    lines = narration.narrate_effects([{"type": "tavern_event", "seat": 0, "card": 153, "title": "The Garden"},
                                     {"type": "tavern_event_choice", "seat": 2, "mode": "discard", "card": 153}],
                                    state=state, names=["Fiona", "Gerki", "Zot"], seat=None, over=False)
    assert lines[0] == "Tavern Event at The Garden: it happens to everyone!" and lines[1] == "Zot chose to discard."
    other = narration.narrate_effects([{"type": "tavern_event_choice", "seat": 1, "mode": "lose_fortitude", "card": 153}],
                                    state=state, names=["Fiona", "Gerki", "Zot"], seat=None, over=False)
    assert other == ["Gerki chose to lose fortitude."], "a pack's own option name, read as a verb"
