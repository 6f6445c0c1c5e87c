"""Spyke and Flower (Allies) and the RDI 5 characters: their sampler packs (packs/), the
rulebooks' worked examples as scenarios (tests/scenarios/allies/, tests/scenarios/rdi5/),
and random legal play mixing them with the other boxes at 2-8 seats, with every invariant
and the hidden-information checks for the new zones (the Treasure deck, equipment, Chi).
"""
import json
import random
from pathlib import Path

import pytest

from games.engine import BASE_PACK
from games.engine.core.content import load_content
from games.engine.core.scenario import run_file
from tests.engine.helpers import random_play


ROOT = Path(__file__).parent.parent.parent
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "allies").glob("*.json")) + \
    sorted((ROOT / "tests" / "scenarios" / "rdi5").glob("*.json"))
SAMPLERS = ["spyke-and-flower", "zakhan", "sera", "joran", "lizwick"]
PACKS = {p: json.loads((ROOT / "packs" / f"{p}.json").read_text()) for p in SAMPLERS}
TEST_PACKS = {p.stem: json.loads(p.read_text()) for p in sorted((ROOT / "tests" / "packs").glob("*.json"))}
FIXTURES = json.loads((ROOT / "tests" / "packs" / "rdi5" / "treasure-fixtures.json").read_text())
NEW = ["spyke", "flower", "zakhan", "sera", "joran", "lizwick"]
BASE_CHARS = ["deirdre", "fiona", "gerki", "zot"]
OTHER_BOXES = {"vlazlo-blood": "vlazlo", "amundyr-scarabs": "amundyr", "samantha-brawl": "samantha",
               "torglesnarf-minions": "torglesnarf"}


@pytest.mark.parametrize("path", SCENARIOS, ids=[f"{f.parent.name}/{f.stem}" for f in SCENARIOS])
def test_rulebook_example(path):
    run_file(path)


def test_every_sampler_card_is_played_in_a_scenario():
    used = set()
    for f in SCENARIOS:
        used |= run_file(f).used
    cards = {f"{c['deck']}/{c['slug']}" for p in PACKS.values() for c in p["cards"]
             if c["type"] not in ("Treasure",)}
    assert not sorted(cards - used), sorted(cards - used)


def test_sampler_packs_say_so_and_cite_their_lines():
    for name, doc in PACKS.items():
        assert doc["pack"]["kind"] == "sampler"
        assert doc["pack"]["note"].startswith("Sampler deck: rulebook cards only, not the printed deck")
        for c in doc["cards"]:
            assert c.get("note") and any(ch.isdigit() for ch in c["note"]), c["slug"]
            assert "[test fixture]" not in c["title"]
        for ch in doc["characters"]:
            deck = sum(c["quantity"] for c in doc["cards"] if c["deck"] == ch["deck"])
            assert deck == 40, (ch["id"], deck)


def _check_rdi5_view(mine, seat):
    for other, v in enumerate(mine["seats"]):
        if other != seat and "items" in (v.get("zones") or {}):
            assert "cards" not in v["zones"]["items"]                # another seat's Items: a count
        if "equipment" in v.get("zones", {}):
            assert "cards" in v["zones"]["equipment"]                 # equipped Treasure is public
    assert mine["zones"].get("treasure", {}).keys() <= {"count"}      # the Treasure deck: a count only


def _play(setup, rng, limit=2500, seen=None):
    state, reached = random_play(setup, rng, limit, check_view=_check_rdi5_view)
    if seen is not None:
        seen |= reached
    return state



@pytest.mark.parametrize("seed", range(8))
def test_random_tables_mixing_the_new_characters_with_every_box(seed):
    """2-8 seats of the six new characters, the base four and the test packs' villains."""
    rng = random.Random(seed)
    n = 2 + seed % 7
    pool = NEW + BASE_CHARS + list(OTHER_BOXES.values())
    chars = rng.sample(NEW, min(n, 3)) + [rng.choice(pool) for _ in range(n - min(n, 3))]
    content = [BASE_PACK] + [PACKS[p] for p in SAMPLERS] + [TEST_PACKS[p] for p in OTHER_BOXES]
    _play({"seats": [{"character": c} for c in chars], "seed": f"rdi5:{seed}", "content": content}, rng)


@pytest.mark.parametrize("seed", range(3))
def test_random_team_games_with_zakhan_and_the_treasure(seed):
    rng = random.Random(seed)
    chars = ["zakhan", "spyke", "flower", "sera"] + (["joran", "lizwick"] if seed else [])
    content = [BASE_PACK] + [PACKS[p] for p in SAMPLERS]
    _play({"seats": [{"character": c} for c in chars], "seed": f"team:{seed}", "variant": "two-headed-dragon",
           "content": content}, rng)


def test_random_play_reaches_the_mechanics():
    """Treasure equipped and discarded, Curses, equipped Treasure played, Chi gained and lowered."""
    seen = set()
    content = [BASE_PACK] + [PACKS[p] for p in SAMPLERS] + [FIXTURES]
    for seed in range(10):
        rng = random.Random(seed)
        _play({"seats": [{"character": c} for c in ("spyke", "flower", "zakhan", "sera")], "seed": f"reach:{seed}",
               "content": content}, rng, seen=seen)
    assert {"equipped", "unequipped", "token:chi", "calm", "gain_token", "decline", "revealed"} <= seen, seen


def test_a_pack_with_cards_the_sampler_lacks_plays():
    """A game owner's own deck, written from the same primitives: more Treasure (every slot,
    a Curse, one with a subtype), Level-dependent cards of both kinds ("instead" and
    cumulative) and a Zakhan-like character whose card raises its Chi."""
    doc = {
        "pack": {"id": "owner-allies", "version": "1", "title": "An owner's deck", "kind": "custom"},
        "decks": [{"id": "hero", "kind": "character"}, {"id": "loot", "kind": "shared"}, {"id": "monk", "kind": "character"}],
        "characters": [
            {"id": "hero", "name": "Hero", "deck": "hero",
             "zones": {"loot": {"deck": "loot", "shared": True}, "gear": {"visibility": "public", "equip": True, "play": True}},
             "hooks": [{"at": "turn_start", "steps": [{"do": "get_treasure", "zone": "loot", "reshuffle": False}]}]},
            {"id": "monk", "name": "Monk", "deck": "monk",
             "tokens": {"chi": {"start": 0, "max": 5, "drunkenness": True, "discard_lowers": 2}},
             "hooks": [{"at": "on_drink", "steps": [{"do": "may_gain_token", "token": "chi", "amount": 2}]}]}],
        "cards": [
            {"deck": "hero", "slug": "smash", "title": "Smash", "type": "Action", "quantity": 20, "text": "x",
             "timing": ["action"], "target": "other",
             "steps": [{"do": "lose", "stat": "fortitude", "amount": 1, "who": "target"},
                       {"do": "at_level", "level": 2, "then": [{"do": "pay", "amount": 1, "who": "target", "to": "player"}]}]},
            {"deck": "hero", "slug": "find", "title": "Find", "type": "Sometimes", "quantity": 20, "text": "x",
             "timing": ["after_hurt"], "steps": [{"do": "get_treasure", "zone": "loot"}]},
            {"deck": "loot", "slug": "hat", "title": "Hat", "type": "Treasure", "quantity": 3, "text": "x",
             "treasure": {"slot": "headgear", "level": 1}},
            {"deck": "loot", "slug": "club", "title": "Club", "type": "Treasure", "quantity": 3, "text": "x",
             "treasure": {"slot": "2 hand", "level": 2}},
            {"deck": "loot", "slug": "knife", "title": "Knife", "type": "Action", "quantity": 3, "text": "x",
             "timing": ["action"], "target": "other", "treasure": {"slot": "1 hand", "level": 1},
             "steps": [{"do": "lose", "stat": "fortitude", "amount": 2, "who": "target"}]},
            {"deck": "loot", "slug": "hex", "title": "Hex", "type": "Curse", "quantity": 2, "text": "x",
             "steps": [{"do": "gain", "stat": "alcohol", "amount": 1, "who": "self"}]},
            {"deck": "monk", "slug": "breathe", "title": "Breathe", "type": "Action", "quantity": 40, "text": "x",
             "timing": ["action"], "steps": [{"do": "gain_token", "token": "chi", "amount": 1}]},
        ]}
    content = [BASE_PACK, doc]
    load_content(content)
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = _play({"seats": [{"character": c} for c in ("hero", "monk", "zot")], "seed": f"own:{seed}",
                       "content": content}, rng, seen=seen)
        assert state.over
    assert {"equipped", "token:chi", "calm"} <= seen, seen


def test_random_play_with_lizwicks_items_keeps_the_invariants_and_hides_her_items():
    """The fixture Lizwick with an Item deck (tests/packs/rdi5/lizwick-items.json): Items drawn
    into a private zone, played from it, Immediate ones resolved, her turn ended by Needle of
    Sleeping; nobody else sees her Items or her Item deck."""
    items = json.loads((ROOT / "tests" / "packs" / "rdi5" / "lizwick-items.json").read_text())
    content = [BASE_PACK] + [PACKS[p] for p in SAMPLERS] + [items]
    seen = set()
    for seed in range(8):
        rng = random.Random(seed)
        chars = ["lizwick-with-items", "zakhan", "sera", "zot", "spyke"][: 2 + seed % 4]
        _play({"seats": [{"character": c} for c in chars], "seed": f"items:{seed}", "content": content}, rng, seen=seen)
    assert {"drew_item", "turn_ended"} <= seen, seen
