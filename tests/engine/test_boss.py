"""The Boss Battle family (docs/boss.md): the rulebooks' Boss examples as scenarios, each
variant's set-up and numbers, who may be a Boss, Boss cards shuffled in from a pack, and random
games of every variant with sampler and fixture packs keeping every invariant after every
decision and refolding to the same hashes."""
import ast
import json
import random
from pathlib import Path

import pytest

from games.ai.policies import random_decision
from games.engine import BASE_PACK, IllegalDecision, apply, clone, load_content, new_game, prompts, state_hash, view
from games.engine.core.invariants import check, total_gold
from games.engine.core.scenario import run_file, setup_from
from tests.cards import shown_card_ids

ROOT = Path(__file__).resolve().parent.parent.parent
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "boss").glob("*.json"))
SAMPLERS = [BASE_PACK] + [json.loads((ROOT / "packs" / f"{n}.json").read_text())
                          for n in ("daareka", "amundyr", "torglesnarf", "vlazlo", "nerodia")]
FIXTURES = json.loads((ROOT / "tests" / "packs" / "boss" / "boss-fixtures.json").read_text())
VILLAINS = ["daareka", "amundyr", "torglesnarf", "vlazlo", "nerodia"]
HEROES = ["deirdre", "fiona", "gerki", "zot"]


@pytest.mark.parametrize("path", SCENARIOS, ids=[f.stem for f in SCENARIOS])
def test_boss_scenario(path):
    run_file(path)


def _game(variant, characters, seed="b", content=None, **extra):
    return new_game({"seats": [{"character": c} for c in characters], "seed": seed, "variant": variant,
                     "content": SAMPLERS if content is None else content, **extra})


# --- Boss Battle: set-up -------------------------------------------------------------------------

@pytest.mark.parametrize("x", [2, 3, 4])
def test_boss_battle_set_up(x):
    state = _game("boss-battle", ["daareka"] + HEROES[:x], first_seat=2)
    assert state.active == 0, "the Boss always goes first"
    assert [s.mat for s in state.seats] == [0] + [1] * x, "the Boss is a team of one; the Challengers share a mat"
    assert [(m.fortitude, m.alcohol, m.gold) for m in state.mats] == [(20, 0, 10), (20, 0, 10)]
    assert len(state.seats[0].hand) == {2: 8, 3: 9, 4: 10}[x], "a hand of 8, 9 or 10"
    assert all(len(s.hand) == 7 and len(s.drink_me) == 1 for s in state.seats[1:])
    v = view(state, "omniscient")
    assert [t["seats"] for t in v["teams"]] == [[0], list(range(1, x + 1))]
    assert [t["potions"] for t in v["teams"]] == [x, x], "X Potions for the Boss, X in all for the Challengers"
    assert v["bosses"] == [{"seat": 0, "hand_size": 6 + x, "actions": 1 if x == 2 else 2,
                            "drinks": 1 if x == 2 else 2, "played": None}]


def test_torglesnarf_as_boss_keeps_his_two_extra_gold():
    state = _game("boss-battle", ["torglesnarf", "fiona", "zot"])
    assert state.mats[0].gold == 12 and state.mats[1].gold == 10


@pytest.mark.parametrize("n", [2, 6])
def test_boss_battle_needs_two_to_four_challengers(n):
    with pytest.raises(IllegalDecision, match="2, 3 or 4 Challengers"):
        _game("boss-battle", (["daareka"] + HEROES + HEROES)[:n])


def test_a_hero_may_not_be_the_boss():
    with pytest.raises(IllegalDecision) as e:
        _game("boss-battle", ["zot", "daareka", "fiona"])
    assert e.value.code == "bad_setup" and "must be a villain" in e.value.message


def test_villains_may_be_challengers():
    """Boss Amundyr against Torglesnarf, Vlazlo and Daareka [001:1985-1988]."""
    state = _game("boss-battle", ["amundyr", "torglesnarf", "vlazlo", "daareka"])
    assert state.mats[1].gold == 12, "the team takes Torglesnarf's extra Gold too [001:1773-1775]"


def test_boss_cards_are_shuffled_into_the_boss_deck_only():
    content = SAMPLERS + [FIXTURES]
    state = _game("boss-battle", ["torglesnarf", "torglesnarf", "zot"], content=content)
    keys = [state.cards[c] for c in state.seats[0].deck + state.seats[0].hand]
    boss = [k for k in keys if k.startswith("torglesnarf-boss/")]
    assert len(boss) == 15 and len(keys) == 55, "40 + 15 Boss cards [001:1855-1857]"
    challenger = [state.cards[c] for c in state.seats[1].deck + state.seats[1].hand]
    assert len(challenger) == 40 and not any(k.startswith("torglesnarf-boss/") for k in challenger)
    deck = [state.cards[c] for c in state.seats[0].deck]
    assert deck[-len(boss):] != [k for k in deck if k.startswith("torglesnarf-boss/")], "shuffled in, not on top"


# --- Boss Battle: the turns ----------------------------------------------------------------------

def _actions(state):
    return [d for d in prompts(state)[0].decisions if d["type"] == "play"]


def _settle(state, back_to):
    """Everyone else passes until `back_to` is asked in a phase again (or the game is over)."""
    for _ in range(200):
        if state.over:
            return
        p = prompts(state)[0]
        if p.seat == back_to and p.kind.startswith("phase:"):
            return
        passes = [d for d in p.decisions if d["type"] == "pass"]
        apply(state, passes[0] if passes else next(d for d in p.decisions if d["type"] != "potion"))
    raise AssertionError("nobody got back to the Boss")


def _boss_with_actions(x, turn):
    """A position: the Boss (Daareka) in its Action phase holding 5 Actions, on turn `turn`."""
    hand = ["stop-thinking-so-loudly"] * 5
    seats = [{"character": "daareka", "hand": hand, "deck": [], "deck_exact": True}]
    seats += [{"character": c, "hand": [], "deck": [], "deck_exact": True} for c in HEROES[:x]]
    return _position(seats, active=0, phase="action", turn=turn)


def _position(seats, **where):
    """A game from a scenario-style position (docs/scenarios.md) with the sampler packs."""
    spec = setup_from({"variant": "boss-battle", "seats": seats, **where})
    return new_game({**spec, "content": SAMPLERS})


@pytest.mark.parametrize("x,first,later", [(2, 1, 2), (3, 2, 3), (4, 2, 4)])
def test_the_boss_plays_x_actions_and_half_on_its_first_turn(x, first, later):
    for turn, allowed in ((1, first), (3, later)):
        state = _boss_with_actions(x, turn)
        played = 0
        while prompts(state)[0].seat == 0 and prompts(state)[0].kind == "phase:action":
            d = next(d for d in _actions(state) if d.get("target") == 1)
            apply(state, d)
            played += 1
            _settle(state, 0)
        assert played == allowed, f"turn {turn}: {played} Actions"
        assert prompts(state)[0].kind == "phase:order"
        ordered = 0
        while prompts(state)[0].kind == "phase:order" and any(
                d["type"] == "order" for d in prompts(state)[0].decisions):
            targets = {d["target"] for d in prompts(state)[0].decisions if d["type"] == "order"}
            assert targets == set(range(1, x + 1)), "to any Challenger"
            apply(state, {"seat": 0, "type": "order", "target": 1})
            ordered += 1
        assert ordered == allowed, f"turn {turn}: {ordered} Drinks ordered"


def test_each_challenger_plays_one_action_and_the_team_orders_one_drink():
    seats = [{"character": "daareka", "hand": [], "deck": [], "deck_exact": True}]
    seats += [{"character": "deirdre", "hand": [], "deck": [], "deck_exact": True}
              for _ in range(3)]
    state = _position(seats, active=1, phase="action", turn=2)
    done = []
    for _ in range(3):
        p = prompts(state)[0]
        assert p.kind == "phase:action" and p.seat not in done
        done.append(p.seat)
        apply(state, {"seat": p.seat, "type": "pass"})
    assert sorted(done) == [1, 2, 3], "each Challenger has its own part of the Action phase"
    ordered = []
    while prompts(state)[0].kind == "phase:order":
        p = prompts(state)[0]
        orders = [d for d in p.decisions if d["type"] == "order"]
        if orders:
            assert {d["target"] for d in orders} == {0}, "only the Boss is an opponent"
            apply(state, orders[0])
            ordered.append(p.seat)
        else:
            apply(state, {"seat": p.seat, "type": "pass"})
    assert len(ordered) == 1, "one Drink in all for the Boss [001:1997-2000]"
    assert len(state.seats[0].drink_me) == 1


def test_the_boss_is_its_own_champion_and_the_challengers_choose_one():
    """A Drinking Contest the Boss reveals: the Challengers name a Champion; the Boss is its own."""
    seats = [{"character": "daareka", "hand": [], "deck": [], "deck_exact": True, "drink_me": ["drinking-contest"]}]
    seats += [{"character": c, "hand": [], "deck": [], "deck_exact": True} for c in ("fiona", "zot")]
    state = _position(seats, active=0, phase="drink", turn=2)
    apply(state, {"seat": 0, "type": "drink"})
    p = prompts(state)[0]
    assert p.kind == "champion" and p.seat == 1
    assert {d["champion"] for d in p.decisions if d["type"] == "champion"} == {1, 2}


# --- Boss cards ----------------------------------------------------------------------------------

BOSS_CARDS = json.loads((ROOT / "packs" / "boss-cards.json").read_text())


@pytest.mark.parametrize("card,negated", [("daareka-boss/first-rule-of-villainy-brains-over-brawn", False),
                                          ("stop-thinking-so-loudly", True)])
def test_first_rule_of_villainy_cant_be_negated(card, negated):
    """Two-Headed Boss Battle: Amundyr holds a fixture that Negates an Action. It is offered
    against Daareka's ordinary Action, never against her "First rule of villainy" [001:91-103]."""
    seats = [{"character": "daareka", "hand": [card], "deck": [], "deck_exact": True},
             {"character": "vlazlo", "hand": [], "deck": [], "deck_exact": True},
             {"character": "amundyr", "hand": ["amundyr-boss/fixture-boss-no"], "deck": [], "deck_exact": True},
             {"character": "torglesnarf", "hand": ["quick-run-away"], "deck": [], "deck_exact": True}]
    spec = setup_from({"variant": "two-headed-boss-battle", "seats": seats, "active": 0, "phase": "action",
                       "turn": 3})
    state = new_game({**spec, "content": SAMPLERS + [BOSS_CARDS, FIXTURES]})
    play = next(d for d in prompts(state)[0].decisions if d["type"] == "play" and d.get("target") in (None, 2))
    apply(state, play)
    p = prompts(state)[0]
    offered = p.kind == "respond" and any(d["type"] == "play" and state.cards[d["card"]] == "amundyr-boss/fixture-boss-no"
                                          for d in p.decisions)
    assert offered == negated
    if not negated:
        assert [len(state.seats[s].hand) for s in (2, 3)] == [0, 0], "each threw away its one Sometimes card"
        assert state.mats[1].fortitude == 18, "each other player loses 1: the team of two loses 2"


# --- the other variants --------------------------------------------------------------------------

def test_two_headed_boss_battle_every_seat_a_villain_with_boss_cards():
    content = SAMPLERS + [FIXTURES]
    state = _game("two-headed-boss-battle", ["daareka", "amundyr", "vlazlo", "torglesnarf"], content=content)
    assert [s.mat for s in state.seats] == [0, 0, 1, 1]
    assert len(state.seats[0].hand) == 7 and len(state.seats[1].hand) == 7
    assert all(view(state, "omniscient")["teams"][t]["potions"] == 2 for t in (0, 1))
    keys = [state.cards[c] for c in state.seats[1].deck + state.seats[1].hand]
    assert sum(k.startswith("amundyr-boss/") for k in keys) == 3, "the fixture's Amundyr Boss cards"
    with pytest.raises(IllegalDecision, match="must be a villain"):
        _game("two-headed-boss-battle", ["daareka", "amundyr", "vlazlo", "zot"])
    with pytest.raises(IllegalDecision, match="4 or 6 seats"):
        _game("two-headed-boss-battle", ["daareka", "amundyr", "vlazlo"])


def test_leaders_and_lackeys_a_boss_and_a_lackey_per_team():
    content = SAMPLERS + [FIXTURES]
    state = _game("leaders-and-lackeys", ["torglesnarf", "torglesnarf", "amundyr", "zot"], content=content)
    assert len(state.seats[0].hand) == 7, "a hand of 7 for the Boss too"
    lackey = [state.cards[c] for c in state.seats[1].deck + state.seats[1].hand]
    assert not any(k.startswith("torglesnarf-boss/") for k in lackey), "the Lackey's puny non-Boss deck"
    leader = [state.cards[c] for c in state.seats[0].deck + state.seats[0].hand]
    assert sum(k.startswith("torglesnarf-boss/") for k in leader) == 15
    with pytest.raises(IllegalDecision, match="must be a villain"):
        _game("leaders-and-lackeys", ["zot", "daareka", "amundyr", "fiona"])


def test_boss_versus_boss_an_individual_game_of_bosses():
    state = _game("boss-versus-boss", ["daareka", "amundyr", "vlazlo"])
    assert [s.mat for s in state.seats] == [0, 1, 2]
    assert [m.gold for m in state.mats] == [10, 10, 10], "R-BOSS-VS-BOSS: Boss Setup's 10 Gold"
    v = view(state, "omniscient")
    assert v["teams"] == [] and all(s.tokens.get("potions", 0) == 0 for s in state.seats)
    assert len(state.seats[0].hand) == 7
    assert all(b["actions"] == 1 and b["drinks"] == 1 for b in v["bosses"])
    with pytest.raises(IllegalDecision, match="must be a villain"):
        _game("boss-versus-boss", ["daareka", "fiona"])


# --- random games --------------------------------------------------------------------------------

def _hidden(state, viewer) -> set:
    from games.engine.core.teams import team
    mine = set(team(state, viewer))
    out = set()
    for i, s in enumerate(state.seats):
        out |= set(s.deck) | set(s.drink_me)
        if i not in mine:
            out |= set(s.hand)
    return out | set(state.drink_deck)


CASTS = {
    "boss-battle": [["daareka", "fiona", "zot"], ["nerodia", "phyll", "farai", "lucky"],
                    ["vlazlo", "deirdre", "gerki", "amundyr", "torglesnarf"], ["amundyr", "torglesnarf", "vlazlo", "daareka"]],
    "two-headed-boss-battle": [["daareka", "amundyr", "vlazlo", "torglesnarf"],
                               ["nerodia", "torglesnarf", "daareka", "amundyr", "vlazlo", "daareka"]],
    "leaders-and-lackeys": [["daareka", "zot", "amundyr", "fiona"], ["vlazlo", "farai", "nerodia", "gerki", "torglesnarf", "lucky"]],
    "boss-versus-boss": [["daareka", "amundyr"], ["vlazlo", "nerodia", "torglesnarf", "amundyr"]],
}
RDI8 = [json.loads((ROOT / "packs" / f"{n}.json").read_text()) for n in ("farai", "lucky", "phyll")]


@pytest.mark.parametrize("variant,cast", [(v, c) for v, cs in CASTS.items() for c in cs],
                         ids=[f"{v}-{len(c)}-{i}" for v, cs in CASTS.items() for i, c in enumerate(cs)])
@pytest.mark.parametrize("fixtures", [False, True], ids=["sampler", "fixture"])
def test_random_boss_games_keep_every_invariant(variant, cast, fixtures):
    rng = random.Random(f"{variant}{cast}{fixtures}")
    content = SAMPLERS + RDI8 + [BOSS_CARDS] + ([FIXTURES] if fixtures else [])
    setup = {"seats": [{"character": c} for c in cast], "seed": f"boss:{variant}:{len(cast)}:{fixtures}",
             "variant": variant, "content": content}
    state = new_game(setup)
    gold = total_gold(state)
    log, hashes = [], []
    for _ in range(4000):
        if state.over:
            break
        d = random_decision(prompts(state)[0], rng)
        apply(state, d)
        log.append(d)
        hashes.append(state_hash(state))
        check(state, gold)
        for viewer in range(len(cast)):
            assert not shown_card_ids(view(state, viewer)) & _hidden(state, viewer), "a hidden card is seen"
        assert state_hash(clone(state)) == hashes[-1]
    assert state.over, "a random game ends"
    refold = new_game(setup)
    for d, h in zip(log, hashes):
        apply(refold, d)
        assert state_hash(refold) == h


# --- a Boss pack with a bad card ----------------------------------------------------------------

def _boss_pack(steps):
    """Daareka's sampler with her Boss deck in the same pack, as an owner's pack of the real decks would be."""
    doc = json.loads((ROOT / "packs" / "daareka.json").read_text())
    doc["pack"] = {**doc["pack"], "id": "owner-daareka"}
    doc["decks"].append({"id": "daareka-boss", "kind": "side"})
    doc["cards"].append({"deck": "daareka-boss", "slug": "bad-boss-card", "title": "Bad boss card", "type": "Action",
                         "quantity": 1, "text": "As your Action: something.", "timing": ["action"], "steps": steps})
    return doc


def test_a_boss_pack_with_a_bad_card_gives_a_located_error_and_starts_nothing():
    from games.packs import check
    doc = _boss_pack([{"do": "discard_type", "types": ["Sometimes"], "who": "nobody-in-particular"}])
    problems = check.check(doc, file="owner-daareka.json")
    assert problems and all(p["file"] == "owner-daareka.json" for p in problems)
    assert any(p["card"] == "daareka-boss/bad-boss-card" and "who" in (p["field"] or "") for p in problems), problems
    with pytest.raises(IllegalDecision) as e:
        _game("boss-battle", ["daareka", "zot", "fiona"], content=[SAMPLERS[0], doc])
    assert e.value.code == "bad_content" and "daareka-boss/bad-boss-card" in e.value.message


def test_a_good_boss_pack_passes_the_check_with_a_boss_battle_playout():
    from games.packs import check
    doc = _boss_pack([{"do": "discard_type", "types": ["Sometimes"], "who": "others"},
                      {"do": "lose", "stat": "fortitude", "amount": 1, "who": "others"}, {"do": "unstoppable"}])
    assert check.check(doc, file="owner-daareka.json") == []
    assert [c.id for c in check._bosses(load_content([SAMPLERS[0], doc]), "owner-daareka")] == ["daareka"]


# --- casting and seating: the variant's own points (core/variants.py) -------------------------

BOSS_SEATS = {   # variant -> {seats: the Boss seats}
    "boss-battle": {3: [0], 4: [0], 5: [0]},
    "two-headed-boss-battle": {4: [0, 1, 2, 3], 6: [0, 1, 2, 3, 4, 5]},
    "leaders-and-lackeys": {4: [0, 2], 6: [0, 2, 4], 8: [0, 2, 4, 6]},
    "boss-versus-boss": {n: list(range(n)) for n in range(2, 6)},
}


def _pool(*ids):
    characters = load_content(SAMPLERS).characters
    return [characters[c] for c in ids]


@pytest.mark.parametrize("name", ["base", "two-headed-dragon"])
def test_a_game_without_bosses_casts_anyone_in_pool_order(name):
    from games.engine import VARIANTS
    rules = VARIANTS[name]
    assert not rules.needs_villains
    assert not any(rules.boss_seat(i, n) or rules.every_seat_a_boss(n) for n in range(2, 9) for i in range(n))
    assert rules.owner_seat(4, _pool("zot")[0]) is None and rules.owner_seat(4, _pool("daareka")[0]) is None
    assert rules.cast(3, _pool("zot", "fiona", "gerki", "deirdre")) == ["zot", "fiona", "gerki"]
    assert rules.cast(6, _pool("zot", "fiona", "gerki", "deirdre")) == [
        "zot", "fiona", "gerki", "deirdre", "zot", "fiona"]
    # the seats taken keep theirs; the others take the characters not taken, again and again
    assert rules.cast(5, _pool("zot", "fiona", "gerki"), {1: "zot"}) == ["fiona", "zot", "gerki", "fiona", "gerki"]
    assert rules.cast(2, _pool("daareka")) == ["daareka", "daareka"]      # no villain needed


@pytest.mark.parametrize("name", sorted(BOSS_SEATS))
def test_a_boss_variant_casts_villains_for_its_boss_seats(name):
    from games.engine import VARIANTS
    rules = VARIANTS[name]
    assert rules.needs_villains
    pool = _pool(*HEROES, *VILLAINS)
    for n, seats in BOSS_SEATS[name].items():
        assert [i for i in range(n) if rules.boss_seat(i, n)] == seats
        assert rules.every_seat_a_boss(n) == (len(seats) == n)
        cast = rules.cast(n, pool)
        assert all(cast[i] in VILLAINS for i in seats), cast
        assert len(set(cast)) == n or len(seats) > len(VILLAINS)      # each once while there are enough
        assert [c for i, c in enumerate(cast) if i not in seats] == HEROES[:n - len(seats)]   # anyone, in pool order
        taken = {seats[-1]: "vlazlo"}
        again = rules.cast(n, pool, taken)
        assert again[seats[-1]] == "vlazlo" and again.count("vlazlo") == 1
        assert all(again[i] in VILLAINS for i in seats)
        # more Boss seats than villains: a villain again rather than a hero
        cast = rules.cast(n, _pool("zot", "daareka"))
        assert all(cast[i] == "daareka" for i in seats) and cast.count("daareka") >= len(seats)
    with pytest.raises(ValueError, match=f"^{rules.title} needs villains for its Bosses"):
        rules.cast(min(BOSS_SEATS[name]), _pool(*HEROES))


@pytest.mark.parametrize("name,hero_seat", [("boss-battle", 1), ("leaders-and-lackeys", 1),
                                            ("two-headed-boss-battle", None), ("boss-versus-boss", None)])
def test_a_boss_variant_seats_a_villain_owner_first_and_a_hero_where_no_boss_sits(name, hero_seat):
    from games.engine import VARIANTS
    rules = VARIANTS[name]
    n = min(BOSS_SEATS[name])
    assert rules.owner_seat(n, _pool("daareka")[0]) is None and rules.owner_seat(n, None) is None
    assert rules.owner_seat(n, _pool("zot")[0]) == hero_seat


BOSS_NAMES = ("boss-battle", "two-headed-boss-battle", "leaders-and-lackeys", "boss-versus-boss")


#: The one place outside the engine that spells Boss variants' names: the lobby's list of games (data).
LOBBY_LIST = "VARIANT_OFFERS"


def tells_bosses_by_name(source: str) -> list[str]:
    """"line: what" wherever `source` tells a Boss variant apart by name or by the engine's
    module instead of asking the variant: `is_boss_variant`, an import of `variants.boss`,
    `hasattr(..., "boss_seat")`, a Boss variant's name (`variant == "boss-battle"`, an argument)
    anywhere but the lobby's list of games."""
    tree = ast.parse(source)
    listed = {id(n) for a in ast.walk(tree) if isinstance(a, ast.Assign)
              and any(getattr(t, "id", None) == LOBBY_LIST for t in a.targets) for n in ast.walk(a.value)}
    found = []
    for node in ast.walk(tree):
        if "is_boss_variant" in (getattr(node, "id", None), getattr(node, "attr", None), getattr(node, "name", None)):
            found.append(f"{node.lineno}: is_boss_variant")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").endswith("variants.boss"):
            found.append(f"{node.lineno}: imports {node.module}")
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "hasattr" and any(
                isinstance(a, ast.Constant) and a.value == "boss_seat" for a in node.args):
            found.append(f"{node.lineno}: hasattr(..., 'boss_seat')")
        elif isinstance(node, ast.Constant) and node.value in BOSS_NAMES and id(node) not in listed:
            found.append(f"{node.lineno}: names {node.value!r}")
    return found


def test_boss_variant_names_are_all_registered():
    from games.engine import VARIANTS
    assert sorted(v.name for v in VARIANTS.values() if v.needs_villains) == sorted(BOSS_NAMES)


def test_outside_the_engine_nothing_tells_a_boss_variant_by_its_name():
    """The service, pages, bots and commands ask the variant (`needs_villains`, `boss_seat`,
    `cast`, `owner_seat`...) and never tell a Boss variant by name or by the engine's module."""
    games = ROOT / "games"
    found = {str(p.relative_to(ROOT)): f for p in sorted(games.rglob("*.py"))
             if (games / "engine") not in p.parents and (f := tells_bosses_by_name(p.read_text()))}
    assert not found, found


def test_the_check_for_names_finds_them():
    source = ('from games.engine.variants.boss import is_boss_variant\n'
              'if variant == "boss-battle" or v in ("base", "boss-versus-boss") or hasattr(r, "boss_seat"):\n'
              '    run("leaders-and-lackeys", help="boss-battle and its family")\n'
              'VARIANT_OFFERS = (("boss-battle", "Boss Battle"),)\n'
              'bosses.is_boss_variant(v)\n')
    assert sorted(tells_bosses_by_name(source)) == [
        "1: imports games.engine.variants.boss", "1: is_boss_variant", "2: hasattr(..., 'boss_seat')",
        "2: names 'boss-battle'", "2: names 'boss-versus-boss'", "3: names 'leaders-and-lackeys'",
        "5: is_boss_variant"]
