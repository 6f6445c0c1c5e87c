"""The RDI 8 characters (issue 18): Farai's Brews, Lucky's Heat, Nerodia's Petrification
Pile, Phyll's Mix-ins and Shelf, Samantha's Brawls.

Their sampler packs (`packs/`) and the fixture cards where no printed card shows a mechanic
(`tests/packs/rdi8/fixtures.json`) play every scenario under `tests/scenarios/rdi8/`; random
legal play mixing them with the base characters at 2-8 seats (and in team games) keeps every
invariant, hides every new zone, and folds again to the same hashes.
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

ROOT = Path(__file__).parent.parent.parent
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "rdi8").glob("*.json"))
RDI8 = ["farai", "lucky", "nerodia", "phyll", "samantha"]
SAMPLERS = [json.loads((ROOT / "packs" / f"{c}.json").read_text()) for c in RDI8]
FIXTURES = json.loads((ROOT / "tests" / "packs" / "rdi8" / "fixtures.json").read_text())
BASE = ["deirdre", "fiona", "gerki", "zot"]


@pytest.mark.parametrize("path", SCENARIOS, ids=[f.stem for f in SCENARIOS])
def test_rdi8_scenario(path):
    run_file(path)


def test_every_sampler_is_marked_and_every_printed_card_cites_its_lines():
    for pack in SAMPLERS:
        assert pack["pack"]["kind"] == "sampler"
        assert "Sampler deck: rulebook cards only, not the printed deck" in pack["pack"]["note"]
        deck = pack["characters"][0]["deck"]
        assert sum(c["quantity"] for c in pack["cards"] if c["deck"] == deck) == 40      # [003:7-61]
        for c in pack["cards"]:
            assert "003_e584ec2f0361c3e4.txt" in c["note"] and "line" in c["note"], c["slug"]
            assert not c["title"].startswith("[test fixture]")
    for c in FIXTURES["cards"]:
        assert c["title"].startswith("[test fixture]")


def _secret_ids(omni: dict, spectator: dict, viewer: int) -> set:
    """Card ids a seat may not see: other hands, decks, Drink Me! piles, the Drink Deck, every
    face-down zone (the Petrification Pile, cards under a Glare, a Brawler deck) and every Brew
    card under the face-up top one."""
    hidden = {c["id"] for c in omni["drink_deck"]}
    for s, public in zip(omni["seats"], spectator["seats"]):
        hidden |= {c["id"] for c in s["deck"] + s["drink_me"]}
        for name, z in (s.get("zones") or {}).items():
            shown = public["zones"][name]
            if "cards" not in shown:
                top = shown.get("top", {}).get("id")
                hidden |= {c["id"] for c in z.get("cards", []) if c["id"] != top}
        if s["mat"] != omni["seats"][viewer]["mat"]:          # teammates see each other's hands
            hidden |= {c["id"] for c in s["hand"]}
    for name, z in omni["zones"].items():
        if not name.endswith(":discard"):
            hidden |= {c["id"] for c in z.get("cards", [])}
    return hidden


def _check_views(state, prompt_seat):
    omni, spectator = view(state, "omniscient"), view(state, "spectator")
    for seat in range(len(state.seats)):
        mine = view(state, seat)
        assert not (shown_card_ids(mine) & _secret_ids(omni, spectator, seat)), f"seat {seat} sees a hidden card"
        for s in mine["seats"]:
            for name, z in (s.get("zones") or {}).items():
                if name == "petrified" or name.startswith("under:") or name.endswith(":new"):
                    assert set(z) == {"count"}, f"seat {seat} sees into {name}"     # nobody, not even Nerodia [003:591]
        for fr in mine["stack"]:
            if fr.get("f") == "pick" and fr.get("kind") == "petrify":
                assert "options" not in fr            # which cards a seat may Petrify: only in its prompt


def _play(setup, rng, limit=2500):
    state = new_game(setup)
    gold = total_gold(state)
    log, hashes, seen = [], [], set()
    for _ in range(limit):
        if state.over:
            break
        p = prompts(state)[0]
        d = random_decision(p, rng)
        _, fx = apply(state, d)
        log.append(d)
        hashes.append(state_hash(state))
        check(state, gold)
        _check_views(state, p.seat)
        assert state_hash(clone(state)) == hashes[-1]
        seen |= {f["type"] for f in fx}
        seen |= {(f["type"], f["token"]) for f in fx if f["type"] == "token" and f["delta"]}
        seen |= {p.kind}
    refold = new_game(setup)
    for d, h in zip(log, hashes):
        apply(refold, d)
        assert state_hash(refold) == h
    return state, seen


@pytest.mark.parametrize("seed", range(14))
def test_random_tables_mixing_rdi8_and_base_characters_keep_every_invariant(seed):
    rng = random.Random(seed)
    n = 2 + seed % 7
    chars = [RDI8[seed % 5]] + [rng.choice(RDI8 + BASE) for _ in range(n - 1)]
    rng.shuffle(chars)
    packs = [BASE_PACK] + SAMPLERS + ([FIXTURES] if seed % 2 else [])
    state, _ = _play({"seats": [{"character": c} for c in chars], "seed": f"rdi8:{seed}", "content": packs}, rng)
    assert state.over or state.decisions > 0


@pytest.mark.parametrize("seed", range(4))
def test_rdi8_characters_in_team_games_keep_every_invariant(seed):
    rng = random.Random(100 + seed)
    chars = rng.sample(RDI8, 4) if seed % 2 else rng.sample(RDI8, 3) + ["zot", "gerki", "deirdre"]
    setup = {"seats": [{"character": c} for c in chars], "seed": f"rdi8-team:{seed}", "variant": "two-headed-dragon",
             "content": [BASE_PACK] + SAMPLERS + [FIXTURES]}
    _play(setup, rng)


def test_random_play_reaches_every_rdi8_mechanic():
    """The games above are not only base play: Brews are worked and finished, Heat is gained
    and paid, cards are Petrified, Decay and Glare, Mix-ins are played and shelved, Brawls start."""
    seen = set()
    for seed in range(10):
        rng = random.Random(seed)
        setup = {"seats": [{"character": c} for c in RDI8], "seed": f"reach:{seed}",
                 "content": [BASE_PACK] + SAMPLERS + [FIXTURES]}
        _, got = _play(setup, rng)
        seen |= got
    want = {"brewed", "brew_moved", ("token", "heat"), "heat_penalty", "petrified", "decayed", "glare", "returned",
            "shelved", ("token", "brawl"), "brew", "heat", "petrify"}
    assert want <= seen, want - seen


def test_a_pack_with_cards_the_sampler_lacks_plays():
    """A game owner's pack may add cards to a sampler's decks (here the fixture pack adds Brew
    cards, Brew-symbol cards, Glare cards, Brawlers): the game deals them and plays them."""
    state = new_game({"seats": [{"character": c} for c in ("farai", "nerodia", "samantha")], "seed": "owner",
                      "content": [BASE_PACK] + SAMPLERS + [FIXTURES]})
    farai = state.seats[0]
    assert all(len(farai.zones[z]) == 4 for z in ("beer", "wine", "spirits"))
    assert len(state.zones["brawlers"]) == 14
    decks = {state.cards[c].split("/")[1] for s in state.seats for c in s.deck + s.hand}
    assert {"fixture-beer-symbol", "fixture-glare-stare", "fixture-start-a-brawl"} <= decks
    assert prompts(state)[0].kind == "brew"          # Farai places his token first [003:544]


def test_a_fork_position_keeps_petrified_cards_their_owners():
    """replay/fork.py turns a position into a scenario: Nerodia's pile holds other seats'
    cards, which must still go back to them (not to her) when they Decay."""
    from replay.fork import position_from_view
    from games.engine.core.scenario import setup_from
    state = new_game(setup_from({"packs": [f"../../../packs/{c}.json" for c in RDI8], "seats": [
        {"character": "nerodia", "zones": {"petrified": [{"seat": 1, "card": "help-an-old-lady-out-with-these-barrels"}]}},
        {"character": "lucky"}], "active": 1, "phase": "drink"}, ROOT / "tests" / "scenarios" / "rdi8"))
    position = position_from_view(view(state, "omniscient"), state.owner)
    assert position["seats"][0]["zones"]["petrified"] == [{"seat": 1, "card": "lucky/help-an-old-lady-out-with-these-barrels"}]
    fork = new_game({"seats": [{"character": "nerodia"}, {"character": "lucky"}], "seed": "fork",
                     "content": [BASE_PACK] + SAMPLERS, "position": position})
    cid = fork.seats[0].zones["petrified"][0]
    assert fork.owner[cid] == 1
    apply(fork, {"seat": 1, "type": "drink"})               # Lucky sobers up; Nerodia's turn: Decay
    assert cid in fork.seats[1].hand
