"""Two-Headed Dragon (docs/teams.md): its scenarios, its set-up, what a seat may see, and
random team games with 4, 6 and 8 seats keeping every invariant after every decision."""
import random
from pathlib import Path

import pytest

from games.ai.policies import random_decision
from games.engine import IllegalDecision, apply, clone, new_game, prompts, state_hash, view
from games.engine.core.invariants import check, total_gold
from games.engine.core.scenario import run_file
from tests.cards import shown_card_ids

VARIANT = "two-headed-dragon"
SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios" / "teams").glob("*.json"))
CHARACTERS = ["deirdre", "fiona", "gerki", "zot"]


@pytest.mark.parametrize("path", SCENARIOS, ids=[f.stem for f in SCENARIOS])
def test_team_scenario(path):
    run_file(path)


def _game(n, seed="t", **extra):
    seats = [{"character": CHARACTERS[i % 4]} for i in range(n)]
    return new_game({"seats": seats, "seed": seed, "variant": VARIANT, **extra})


@pytest.mark.parametrize("n", [4, 6, 8])
def test_set_up_one_mat_ten_gold_and_two_potions_per_team(n):
    state = _game(n, first_seat=3)
    assert [s.mat for s in state.seats] == [i // 2 for i in range(n)]
    assert [(m.fortitude, m.alcohol, m.gold) for m in state.mats] == [(20, 0, 10)] * (n // 2)
    assert total_gold(state) == 10 * n // 2
    v = view(state, "omniscient")
    assert [t["seats"] for t in v["teams"]] == [[i, i + 1] for i in range(0, n, 2)]
    assert all(t["potions"] == 2 for t in v["teams"])
    assert all(len(s.hand) == 7 and len(s.drink_me) == 1 for s in state.seats)
    assert state.active == 2, "the first seat asked for seat 3 is its team's first seat"


@pytest.mark.parametrize("n", [2, 3, 5, 7])
def test_two_headed_dragon_needs_teams_of_two(n):
    with pytest.raises(IllegalDecision) as e:
        _game(n)
    assert e.value.code == "bad_setup"


def test_an_unknown_variant_is_refused():
    with pytest.raises(IllegalDecision) as e:
        new_game({"seats": [{"character": "zot"}] * 4, "seed": "s", "variant": "three-headed-dragon"})
    assert e.value.code == "bad_setup" and "two-headed-dragon" in e.value.message


def test_a_seat_sees_its_partners_hand_and_nobody_elses():
    state = _game(6)
    for viewer in range(6):
        v = view(state, viewer)
        partner = viewer ^ 1
        for s in v["seats"]:
            if s["seat"] in (viewer, partner):
                assert [c["id"] for c in s["hand"]] == state.seats[s["seat"]].hand
            else:
                assert "hand" not in s
    assert all("hand" not in s for s in view(state, "spectator")["seats"])


def test_the_individual_game_has_no_teams():
    state = new_game({"seats": [{"character": c} for c in CHARACTERS], "seed": "s"})
    v = view(state, 0)
    assert v["teams"] == [] and sum("hand" in s for s in v["seats"]) == 1


# --- random team games ---------------------------------------------------------------------

def _hidden(state, viewer) -> set:
    """Ids the viewer must not see: hands outside its team, every deck and Drink Me! pile,
    the Drink Deck."""
    mine = {s for s in range(len(state.seats)) if state.seats[s].mat == state.seats[viewer].mat}
    out = set(state.drink_deck)
    for i, s in enumerate(state.seats):
        out |= set(s.deck) | set(s.drink_me)
        if i not in mine:
            out |= set(s.hand)
    return out


def _teams_hold_together(state):
    for a, b in zip(state.seats[::2], state.seats[1::2]):
        assert a.m is b.m and a.out == b.out, "teammates share one mat and leave the game together"
    if state.over:
        assert state.winners and all(w ^ 1 in state.winners for w in state.winners), "a team wins (or ties) whole"


@pytest.mark.parametrize("n", [4, 6, 8])
@pytest.mark.parametrize("seed", range(3))
def test_random_team_games_keep_every_invariant(n, seed):
    rng = random.Random(seed * 10 + n)
    setup = {"seats": [{"character": rng.choice(CHARACTERS)} for _ in range(n)], "seed": f"teams:{n}:{seed}",
             "variant": VARIANT}
    state = new_game(setup)
    gold = total_gold(state)
    log, hashes, kinds = [], [], set()
    for _ in range(3000):
        if state.over:
            break
        p = prompts(state)[0]
        d = random_decision(p, rng)
        kinds.add(d["type"])
        apply(state, d)
        log.append(d)
        hashes.append(state_hash(state))
        check(state, gold)
        _teams_hold_together(state)
        for viewer in range(n):
            seen = shown_card_ids(view(state, viewer))
            assert not seen & _hidden(state, viewer), f"seat {viewer} sees a hidden card"
            if not state.over:
                assert state.seed not in str(view(state, viewer))
        assert state_hash(clone(state)) == hashes[-1]
    assert state.over, "a random team game ends"
    refold = new_game(setup)
    for d, h in zip(log, hashes):
        apply(refold, d)
        assert state_hash(refold) == h


def test_random_team_games_reach_every_team_decision():
    kinds = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = _game(4 + 2 * (seed % 3), seed=f"kinds{seed}")
        while not state.over:
            d = random_decision(prompts(state)[0], rng)
            kinds.add(d["type"])
            apply(state, d)
    assert {"potion", "defer", "champion"} <= kinds
