"""The Pub Crawl Variant (a table option, games/engine/options/pub_crawl.py): its scenarios, its
set-up rules, the separate discard piles, and random legal play with the option on (alone,
with teams, with the Bar Deck and the Prizes), checking every invariant, hidden information
and refolds after every decision."""
import json
import random
from pathlib import Path

import pytest

from games.engine import BASE_PACK, IllegalDecision, new_game, view
from games.engine.core.ops import draw_drink
from games.engine.core.scenario import run_file
from tests.engine.helpers import random_play

HERE = Path(__file__).parent.parent
ROOT = HERE.parent
SCENARIOS = sorted((HERE / "scenarios" / "pub-crawl").glob("*.json"))
TAVERNS = json.loads((ROOT / "packs" / "taverns.json").read_text())
FIXTURES = json.loads((HERE / "packs" / "pub-crawl" / "fixtures.json").read_text())
BAR = json.loads((ROOT / "packs" / "bar-drinks.json").read_text())
PRIZES = json.loads((ROOT / "packs" / "prizes.json").read_text())
BASE_CHARACTERS = ["deirdre", "fiona", "gerki", "zot"]


@pytest.mark.parametrize("path", SCENARIOS, ids=[f.stem for f in SCENARIOS])
def test_pub_crawl_scenario(path):
    run_file(path)


def _setup(seats, seed, options=None, packs=(TAVERNS, FIXTURES), variant="base"):
    return {"seats": [{"character": c} for c in seats], "seed": seed, "variant": variant,
            "options": {"pub_crawl": True} if options is None else options,
            "content": [BASE_PACK, *packs]}


def test_the_option_needs_taverns_and_tavern_drinks():
    with pytest.raises(IllegalDecision, match="Tavern cards") as e:
        new_game(_setup(["zot", "gerki"], "x", packs=()))
    assert e.value.code == "bad_setup"
    with pytest.raises(IllegalDecision, match="Tavern Drink decks"):
        new_game(_setup(["zot", "gerki"], "x", packs=(TAVERNS,)))       # the sampler alone: no Drinks
    with pytest.raises(IllegalDecision, match="true or false"):
        new_game(_setup(["zot", "gerki"], "x", options={"pub_crawl": 1}))


def test_the_party_starts_at_the_red_dragon_inn_with_five_hidden_tavern_decks():
    state = new_game(_setup(["zot", "gerki", "fiona"], "setup"))
    spectator = view(state, "spectator")
    taverns = spectator["zones"]["taverns"]["cards"]
    assert [c["title"] for c in taverns][0] == "The Red Dragon Inn" and len(taverns) == 6
    assert spectator["tokens"]["party"] == taverns[0]["id"]
    assert spectator["zones"]["tavern-drinks:startusks"] == {"count": 6}
    assert len(state.drink_deck) == 27                # the Drink Me! piles come from the Drink Deck


def test_a_tavern_drink_goes_to_its_own_pile_and_never_into_the_drink_deck():
    state = new_game(_setup(["zot", "gerki"], "sweep"))
    tavern_drink = state.zones["tavern-drinks:startusks"].pop()
    state.drink_discard.extend([tavern_drink, state.drink_deck.pop(0)])
    while state.drink_deck:
        state.drink_discard.append(state.drink_deck.pop())
    draw_drink(state)                                    # the Drink Deck is reshuffled from its discards
    assert tavern_drink not in state.drink_deck and tavern_drink not in state.drink_discard
    assert state.zones["tavern-drinks:startusks:discard"] == [tavern_drink]


def _play(setup, steps=2500, rng=None):
    return random_play(setup, rng or random.Random(setup["seed"]), steps)


@pytest.mark.parametrize("seed", range(6))
def test_random_play_with_the_pub_crawl_keeps_the_invariants(seed):
    rng = random.Random(seed)
    seats = [rng.choice(BASE_CHARACTERS) for _ in range(2 + seed % 7)]
    _play(_setup(seats, f"crawl:{seed}"), rng=rng)


def test_random_play_crawls_closes_taverns_and_gets_stuck():
    seen = set()
    for seed in range(6):
        rng = random.Random(60 + seed)
        _, kinds = _play(_setup(["zot", "gerki", "fiona", "deirdre"][: 2 + seed % 3], f"reach:{seed}"), rng=rng)
        seen |= kinds
    assert {"crawl", "crawled", "tavern_closed", "crawl_stuck"} <= seen


@pytest.mark.parametrize("seed", range(2))
def test_random_team_play_with_every_tavern_option(seed):
    rng = random.Random(400 + seed)
    seats = [rng.choice(BASE_CHARACTERS) for _ in range(4 + 2 * seed)]
    _play(_setup(seats, f"crawl-team:{seed}", options={"pub_crawl": True, "bar_deck": True, "prize": True},
                 packs=(TAVERNS, FIXTURES, BAR, PRIZES), variant="two-headed-dragon"), rng=rng)


# --- Tavern Events (R-CRAWL-EVENTS): fixture taverns, since the rulebooks print no Event -----

EVENTS = json.loads((HERE / "packs" / "pub-crawl" / "tavern-events.json").read_text())


def test_no_shipped_tavern_has_an_invented_event():
    assert all("each" not in c for c in TAVERNS["cards"])
    assert all(c["title"].startswith("[test fixture]") for c in EVENTS["cards"])


def test_a_bad_tavern_event_is_located_and_starts_nothing():
    from games.packs import check

    doc = json.loads(json.dumps(EVENTS))
    cellar = next(c for c in doc["cards"] if c["slug"] == "fixture-cellar")
    cellar["each"] = [{"do": "pay"}, {"do": "dance"}]
    garden = next(c for c in doc["cards"] if c["slug"] == "fixture-garden")
    garden["each"] = []
    where = {(p["card"], p["field"]): p["message"] for p in check.check(doc, file="bad-taverns.json")}
    assert "Tavern Event" in where[("fixture-tavern/fixture-cellar", "each.1.do")]
    assert "amount" in where[("fixture-tavern/fixture-cellar", "each.0.amount")]
    assert ("fixture-tavern/fixture-garden", "each") in where
    with pytest.raises(IllegalDecision, match="fixture-cellar/each.0.amount: pay needs .amount.") as e:
        new_game(_setup(["zot", "gerki"], "bad", packs=(doc,)))
    assert e.value.code == "bad_content"


def test_only_moving_to_a_tavern_resolves_its_event():
    state = new_game(_setup(["zot", "gerki"], "start", packs=(EVENTS,)))
    assert not state.stack and state.seats[0].fortitude == state.seats[1].fortitude     # none at the start


@pytest.mark.parametrize("seed", range(4))
def test_random_play_with_tavern_events_keeps_the_invariants(seed):
    rng = random.Random(700 + seed)
    seats = [rng.choice(BASE_CHARACTERS) for _ in range(2 + seed % 4)]
    _, seen = _play(_setup(seats, f"events:{seed}", packs=(EVENTS,)), rng=rng)
    assert "tavern_event" in seen


def test_random_team_play_with_tavern_events_chooses_champions():
    seen = set()
    for seed in range(2):
        rng = random.Random(800 + seed)
        _, kinds = _play(_setup(["zot", "gerki", "fiona", "deirdre"], f"events-team:{seed}", packs=(EVENTS,),
                                variant="two-headed-dragon"), rng=rng)
        seen |= kinds
    assert {"tavern_event", "champion"} <= seen
