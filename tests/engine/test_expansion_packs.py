"""The content model says the later boxes: test-only packs (tests/packs/) play their
scenarios, and random legal play with them keeps every invariant and hides every new zone.

Property tests of the expansion packs live here (tests/test_properties.py covers the base game).
"""
import json
import random
from pathlib import Path

import pytest

from games.ai.policies import random_decision
from games.engine import BASE_PACK, apply, clone, new_game, prompts, state_hash, view
from games.engine.core.invariants import check, total_gold
from games.engine.core.scenario import run_file
from tests.cards import shown_card_ids

HERE = Path(__file__).parent.parent
SCENARIOS = sorted((HERE / "scenarios" / "expansions").glob("*.json"))
PACKS = {p.stem: json.loads(p.read_text()) for p in sorted((HERE / "packs").glob("*.json"))}
NEW = {"vlazlo-blood": "vlazlo", "amundyr-scarabs": "amundyr", "samantha-brawl": "samantha",
       "torglesnarf-minions": "torglesnarf"}


@pytest.mark.parametrize("path", SCENARIOS, ids=[f.stem for f in SCENARIOS])
def test_expansion_scenario(path):
    run_file(path)


def _hidden_ids(omni: dict, spectator: dict, viewer: int) -> set:
    """Card ids no seat but the omniscient view may see: other hands, decks, Drink Me!
    piles, the Drink Deck and every face-down zone (a form deck, a Brawler deck)."""
    hidden = {c["id"] for c in omni["drink_deck"]}
    for s, public in zip(omni["seats"], spectator["seats"]):
        hidden |= {c["id"] for c in s["deck"] + s["drink_me"]}
        for name, z in (s.get("zones") or {}).items():
            if "cards" not in public["zones"][name]:    # face-down to the table (Minions in play are not)
                hidden |= {c["id"] for c in z.get("cards", [])}
        if s["seat"] != viewer:
            hidden |= {c["id"] for c in s["hand"]}
    for name, z in omni["zones"].items():
        if "cards" not in spectator["zones"][name]:     # face down (a discard pile, the Prizes are not)
            hidden |= {c["id"] for c in z.get("cards", [])}
    return hidden


@pytest.mark.parametrize("pack", sorted(NEW))
@pytest.mark.parametrize("seed", range(4))
def test_random_play_with_an_expansion_pack_keeps_the_invariants(pack, seed):
    rng = random.Random(seed)
    others = ["deirdre", "fiona", "gerki", "zot"]
    seats = [{"character": NEW[pack]}] + [{"character": rng.choice(others)} for _ in range(1 + seed % 3)]
    setup = {"seats": seats, "seed": f"{pack}:{seed}", "content": [BASE_PACK, PACKS[pack]]}
    state = new_game(setup)
    gold = total_gold(state)
    hashes, log = [], []
    for _ in range(1500):
        if state.over:
            break
        p = prompts(state)[0]
        d = random_decision(p, rng)
        apply(state, d)
        log.append(d)
        hashes.append(state_hash(state))
        check(state, gold)
        omni, spectator = view(state, "omniscient"), view(state, "spectator")
        for seat in range(len(state.seats)):
            mine = view(state, seat)
            assert not (shown_card_ids(mine) & _hidden_ids(omni, spectator, seat)), f"seat {seat} sees a hidden card"
            for name, z in mine["zones"].items():
                assert name.endswith(":discard") or "cards" not in z
        assert state_hash(clone(state)) == hashes[-1]
    refold = new_game(setup)
    for d, h in zip(log, hashes):
        apply(refold, d)
        assert state_hash(refold) == h


def test_the_expansion_packs_use_their_mechanics_in_random_play():
    """The random games above reach the mechanics, not only the base cards."""
    seen = set()
    for pack, character in NEW.items():
        for seed in range(6):
            rng = random.Random(seed)
            state = new_game({"seats": [{"character": character}, {"character": "zot"}, {"character": "gerki"}],
                              "seed": f"uses:{seed}", "content": [BASE_PACK, PACKS[pack]]})
            for _ in range(1500):
                if state.over:
                    break
                _, fx = apply(state, random_decision(prompts(state)[0], rng))
                seen |= {(f["type"], f.get("token")) for f in fx if f["type"] == "token"}
                seen |= {("change", None) for fr in state.stack if fr["f"] == "change"}
                seen |= {(f["type"], None) for f in fx if f["type"] in ("bought", "activated", "minion_hurt")}
    assert {("token", "blood"), ("token", "scarab"), ("token", "brawl"), ("change", None), ("bought", None),
            ("activated", None), ("minion_hurt", None)} <= seen


def test_vlazlo_takes_one_free_form_card_of_his_choice_then_draws_six():
    """Setup [001:989-991]: a form card from the Wolf or Bat deck, free, then 6 from his deck;
    the others are dealt 7 as usual. He must take one (no stopping), and only one."""
    state = new_game({"seats": [{"character": "vlazlo"}, {"character": "zot"}], "seed": "forms",
                      "content": [BASE_PACK, PACKS["vlazlo-blood"]], "first_seat": 1})
    v = state.seats[0]
    assert v.hand == [] and len(state.seats[1].hand) == 7
    p = prompts(state)[0]
    assert p.seat == 0 and p.kind == "buy"
    assert sorted(d["zone"] for d in p.decisions) == ["bat", "wolf"] and all(d["type"] == "buy" for d in p.decisions)
    top = v.zones["wolf"][-1]
    apply(state, {"seat": 0, "type": "buy", "zone": "wolf"})
    assert len(v.hand) == 7 and v.hand[0] == top and len(v.zones["wolf"]) == 7 and len(v.zones["bat"]) == 8
    assert v.tokens["blood"] == 0
    assert sum(state.cards[c].startswith("vlazlo-") for c in v.hand) == 1
    p = prompts(state)[0]
    assert p.seat == 1 and p.kind == "phase:discard"
    view(state, 1)      # his hand stays hidden from the others
    assert "hand" not in view(state, 1)["seats"][0]


def test_random_play_with_every_test_pack_at_once_keeps_the_invariants():
    """Pending changes answered across packs (reduce, redirect, Wages, Minions, Scarabs), with
    every invariant and no hidden card in any seat's view after each decision, and the same
    hashes when the game is folded again."""
    packs = [BASE_PACK] + [PACKS[p] for p in sorted(PACKS)]
    seen = set()
    for seed in range(4):
        rng = random.Random(seed)
        setup = {"seats": [{"character": c} for c in ("vlazlo", "amundyr", "torglesnarf", "samantha", "zot")],
                 "seed": f"all:{seed}", "content": packs}
        state = new_game(setup)
        gold = total_gold(state)
        log, hashes = [], []
        for _ in range(2000):
            if state.over:
                break
            d = random_decision(prompts(state)[0], rng)
            _, fx = apply(state, d)
            check(state, gold)
            omni, spectator = view(state, "omniscient"), view(state, "spectator")
            for seat in range(len(state.seats)):
                assert not (shown_card_ids(view(state, seat)) & _hidden_ids(omni, spectator, seat))
            log.append(d)
            hashes.append(state_hash(state))
            seen |= {f["type"] for f in fx}
            seen |= {fr["f"] for fr in state.stack}
        refold = new_game(setup)
        for d, h in zip(log, hashes):
            apply(refold, d)
            assert state_hash(refold) == h
    assert {"reduced", "redirected", "change", "then", "minion_hurt"} <= seen, seen
