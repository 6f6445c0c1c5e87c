"""Dungeon Events (a table option, games/engine/options/dungeon.py) and The Wench Dares You...
(games/engine/options/dares.py): their scenarios, the option's set-up rules, and random legal play with
the option on at tables of 2-8 seats mixing the base characters with the expansion test packs,
checking every invariant and hidden-information rule after every decision."""
import json
import random
from pathlib import Path

import pytest

from games.ai.policies import random_decision
from games.engine import BASE_PACK, IllegalDecision, apply, new_game, prompts, state_hash, view
from games.engine.core.scenario import run_file, setup_from
from games.engine.core.state import dump_state
from tests.engine.helpers import random_play


HERE = Path(__file__).parent.parent
ROOT = HERE.parent
SCENARIOS = sorted((HERE / "scenarios" / "dungeon").glob("*.json"))
DUNGEON = json.loads((ROOT / "packs" / "dungeon-events.json").read_text())
DARES = json.loads((ROOT / "packs" / "wench-dares-you.json").read_text())
FIXTURES = json.loads((HERE / "packs" / "dungeon-fixtures.json").read_text())
TEST_PACKS = {name: json.loads((HERE / "packs" / f"{name}.json").read_text())
              for name in ("amundyr-scarabs", "torglesnarf-minions", "vlazlo-blood")}
BASE_CHARACTERS = ["deirdre", "fiona", "gerki", "zot"]


@pytest.mark.parametrize("path", SCENARIOS, ids=[f.stem for f in SCENARIOS])
def test_dungeon_scenario(path):
    run_file(path)


def _setup(seats, seed, options=None, packs=(DUNGEON,), variant="base"):
    return {"seats": [{"character": c} for c in seats], "seed": seed, "variant": variant,
            "options": {"dungeon_events": True} if options is None else options,
            "content": [BASE_PACK, *packs]}


def test_the_option_needs_dungeon_event_cards():
    with pytest.raises(IllegalDecision, match="Dungeon Event cards") as e:
        new_game(_setup(["zot", "gerki"], "x", packs=()))
    assert e.value.code == "bad_setup"
    with pytest.raises(IllegalDecision, match="true or false"):
        new_game(_setup(["zot", "gerki"], "x", options={"dungeon_events": "yes"}))


def test_the_option_sets_up_a_hidden_deck_and_two_counters():
    state = new_game(_setup(["zot", "gerki", "fiona"], "setup"))
    assert state.tokens == {"dungeon_progress": 2} and len(state.zones["dungeon"]) == 3
    spectator = view(state, "spectator")
    assert spectator["tokens"] == {"dungeon_progress": 2}
    assert spectator["zones"]["dungeon"] == {"count": 3} and spectator["zones"]["dungeon:discard"]["cards"] == []


def test_without_the_option_nothing_changes_in_the_state():
    """The option off (or packs with Dungeon Events but no option) adds nothing to a state: the
    base game's encoding and hashes stay as they were (the golden corpus proves the folds)."""
    plain = new_game({"seats": [{"character": "zot"}, {"character": "gerki"}], "seed": "same"})
    assert b'"tokens":{' not in dump_state(plain).replace(b'"tokens":{}', b"")
    assert "tokens" not in plain.to_dict() and plain.zones == {}
    off = new_game(_setup(["zot", "gerki"], "same", options={"dungeon_events": False}))
    assert off.zones == {} and off.tokens == {}


def _check_choices(mine, seat):
    for fr in mine["stack"]:
        for chosen in (fr.get("chosen") or {}).values():
            assert set(chosen) == {"mode"}, "a Dungeon Event choice shows the cards to be discarded"


def _play(setup, steps=2500, rng=None):
    return random_play(setup, rng or random.Random(setup["seed"]), steps, check_view=_check_choices)



@pytest.mark.parametrize("seed", range(8))
def test_random_play_with_dungeon_events_keeps_the_invariants(seed):
    rng = random.Random(seed)
    n = 2 + seed % 7                                     # 2 to 8 seats
    packs = [DUNGEON, DARES, FIXTURES] + [TEST_PACKS[p] for p in sorted(TEST_PACKS)]
    pool = BASE_CHARACTERS + ["fixture-villain", "amundyr", "torglesnarf", "vlazlo"]
    seats = [rng.choice(pool) for _ in range(n)]
    state, kinds = _play(_setup(seats, f"dungeon:{seed}", packs=packs), rng=rng)
    assert "dungeon_progress" in kinds


@pytest.mark.parametrize("seed", range(3))
def test_random_team_play_with_dungeon_events_keeps_the_invariants(seed):
    rng = random.Random(100 + seed)
    seats = [rng.choice(BASE_CHARACTERS + ["fixture-villain"]) for _ in range(4 + 2 * (seed % 2))]
    _play(_setup(seats, f"dungeon-team:{seed}", packs=[DUNGEON, DARES, FIXTURES], variant="two-headed-dragon"),
          rng=rng)


def test_random_play_reaches_every_event_and_every_new_prompt():
    seen = set()
    for seed in range(12):
        rng = random.Random(seed)
        seats = [rng.choice(BASE_CHARACTERS + ["fixture-villain"]) for _ in range(3 + seed % 4)]
        state, kinds = _play(_setup(seats, f"reach:{seed}", packs=[DUNGEON, DARES, FIXTURES]), steps=1500, rng=rng)
        seen |= kinds
    assert {"dungeon", "dungeon_event", "dungeon_armed", "dungeon_choice", "drink_me_discarded", "dares"} <= seen


# --- "discard N cards" is one subset offer of exactly N cards (docs/decisions.md) -------------

DOOM = HERE / "scenarios" / "dungeon" / "doom-choices-in-turn-order.json"


def _doom():
    """Gerki (seat 1, four cards) is asked first; Zot holds exactly three; Deirdre two."""
    spec = json.loads(DOOM.read_text())
    state = new_game(setup_from(spec["setup"], DOOM.parent))
    apply(state, {"seat": 1, "type": "drink"})
    return state


def test_a_discard_option_is_one_counted_subset_offer_shown_to_the_deciding_seat_only():
    state = _doom()
    p = prompts(state)[0]
    hand = sorted(state.seats[1].hand)
    assert (p.seat, p.kind) == (1, "dungeon")
    assert p.decisions == [{"seat": 1, "type": "dungeon", "mode": "drink"}]
    assert p.subsets == [{"seat": 1, "type": "dungeon", "mode": "discard", "cards": hand, "count": 3}]
    assert view(state, 1)["prompt"]["subsets"] == p.subsets
    for other in (0, 2, "spectator"):
        assert "subsets" not in view(state, other)["prompt"] and "decisions" not in view(state, other)["prompt"]


@pytest.mark.parametrize("why, cards", [
    ("two", lambda h, o: h[:2]), ("four", lambda h, o: h), ("none", lambda h, o: []),
    ("unsorted", lambda h, o: [h[2], h[0], h[1]]), ("duplicate", lambda h, o: [h[0], h[0], h[1]]),
    ("not in hand", lambda h, o: sorted(h[:2] + o[:1])), ("not ids", lambda h, o: [str(c) for c in h[:3]]),
    ("floats", lambda h, o: [float(c) for c in h[:3]]), ("booleans", lambda h, o: [False, True, h[2]]),
])
def test_a_counted_discard_refuses_anything_but_n_sorted_cards_of_the_hand(why, cards):
    state = _doom()
    hand, other = sorted(state.seats[1].hand), sorted(state.seats[2].hand)
    d = {"seat": 1, "type": "dungeon", "mode": "discard", "cards": cards(hand, other)}
    with pytest.raises(IllegalDecision) as e:
        apply(state, d)
    assert e.value.code == "illegal_decision", why
    assert prompts(state)[0].seat == 1 and sorted(state.seats[1].hand) == hand


def test_the_offer_count_is_not_part_of_a_decision():
    state = _doom()
    hand = sorted(state.seats[1].hand)
    for extra in ({"count": 3}, {"count": 4}):
        with pytest.raises(IllegalDecision):
            apply(state, {"seat": 1, "type": "dungeon", "mode": "discard", "cards": hand[:3], **extra})
    with pytest.raises(IllegalDecision):
        apply(state, {"seat": 1, "type": "dungeon", "mode": "drink", "cards": hand[:3]})


@pytest.mark.parametrize("k", range(4))
def test_every_n_card_set_of_the_hand_is_accepted_and_discards_those_cards(k):
    state = _doom()
    hand = sorted(state.seats[1].hand)
    chosen = [c for i, c in enumerate(hand) if i != k]
    apply(state, {"seat": 1, "type": "dungeon", "mode": "discard", "cards": chosen})
    p = prompts(state)[0]
    # Zot holds exactly three cards: one way to discard, listed as a decision, no subset offer
    assert (p.seat, p.subsets) == (2, [])
    assert {"seat": 2, "type": "dungeon", "mode": "discard", "cards": sorted(state.seats[2].hand)} in p.decisions
    apply(state, {"seat": 2, "type": "dungeon", "mode": "drink"})
    assert state.seats[1].hand == [hand[k]]
    assert state.seats[1].discard[-3:] == chosen or sorted(state.seats[1].discard) == chosen


LEGACY = ROOT / "tests" / "engine" / "dungeon-legacy-games.json"


@pytest.mark.parametrize("k", range(3))
def test_games_recorded_when_every_n_card_set_was_listed_fold_identically(k):
    """Three random games recorded before the counted subset offer (one decision per N-card
    set; each makes a discard choice among several), refolded now: every decision is still
    legal and every state hash the same."""
    game = json.loads(LEGACY.read_text())[k]
    packs = [json.loads((ROOT / "packs" / f"{p}.json").read_text()) for p in game["packs"]]
    state = new_game({**game["setup"], "content": [BASE_PACK, *packs]})
    assert any(d["type"] == "dungeon" and d.get("cards") for d in game["decisions"])
    for n, (d, h) in enumerate(zip(game["decisions"], game["hashes"])):
        state, _ = apply(state, d)
        assert state_hash(state) == h, f"decision {n} folds differently"


def test_random_play_discards_exactly_n_cards_for_a_dungeon_event():
    seen = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(_setup(["zot", "gerki", "fiona", "deirdre"][: 3 + seed % 2], f"count:{seed}",
                                packs=[DUNGEON, DARES]))
        for _ in range(1500):
            ps = prompts(state)
            if state.over or not ps:
                break
            d = random_decision(ps[0], rng)
            state, _ = apply(state, d)
            if d["type"] == "dungeon" and d.get("cards"):
                offer = next((o for o in ps[0].subsets if o["mode"] == d["mode"]), None)
                assert "count" not in d and len(d["cards"]) == (offer["count"] if offer else len(d["cards"]))
                seen += offer is not None
    assert seen
