"""The RDI 6 characters (issue 17): Vlazlo, Amundyr, Torglesnarf and Daareka as sampler packs.

Every worked example and card note of the RDI 6 rulebook for them is a scenario under
tests/scenarios/rdi6/; here: the packs are honest samplers, their setup rules hold, random
legal play mixing them with the base characters at 2-8 seats keeps every invariant and hides
every hidden card, and a pack with cards the sampler lacks (written here from the same
primitives) plays too.
"""
import json
import random
import re
from pathlib import Path

import pytest

from games.engine import BASE_PACK, apply, load_content, new_game, prompts, view
from games.engine.core.scenario import run_file
from tests.engine.helpers import random_play

ROOT = Path(__file__).parent.parent.parent
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "rdi6").glob("*.json"))
NAMES = ("vlazlo", "amundyr", "torglesnarf", "daareka")
PACKS = {n: json.loads((ROOT / "packs" / f"{n}.json").read_text()) for n in NAMES}
CONTENT = [BASE_PACK] + [PACKS[n] for n in NAMES]
SAMPLER = "Sampler deck: rulebook cards only, not the printed deck"
SIZES = {"vlazlo": 30, "amundyr": 40, "torglesnarf": 40, "daareka": 40}
BASE = ("deirdre", "fiona", "gerki", "zot")


@pytest.mark.parametrize("path", SCENARIOS, ids=[f.stem for f in SCENARIOS])
def test_rdi6_scenario(path):
    run_file(path)


def test_every_rdi6_scenario_cites_rulebook_lines():
    assert len(SCENARIOS) >= 30
    for path in SCENARIOS:
        spec = json.loads(path.read_text())
        assert re.search(r"001:\d+", spec["source"]), path.name


@pytest.mark.parametrize("name", NAMES)
def test_the_packs_are_honest_samplers(name):
    pack = PACKS[name]
    assert pack["pack"]["kind"] == "sampler" and SAMPLER in pack["pack"]["note"]
    assert "ours" in pack["pack"]["note"]
    character = pack["characters"][0]
    assert character["alignment"] == "villain"            # RDI 6 characters are Villains [001:925-928]
    content = load_content([BASE_PACK, pack])
    assert len(content.deck_list(character["deck"])) == SIZES[name]
    for card in pack["cards"]:
        assert not card["title"].startswith("[test fixture]"), card["slug"]
        assert re.search(r"\[(001|004):\d+", card["note"]), card["slug"]     # every card cites its lines
        assert "ours" in card["note"].lower()                                   # and says what we chose


def test_boss_cards_are_left_out():
    titles = {c["title"] for p in PACKS.values() for c in p["cards"]}
    assert not any(t.startswith("First rule of") for t in titles)


def _check_backs(mine, seat):
    for s in mine["seats"]:
        assert "hand" in s or s["mat"] == mine["seats"][seat]["mat"] or "hand_backs" not in s or \
            set(s["hand_backs"].values()) <= set(range(s["hand_count"] + 1))


def _play(setup, rng, steps=3000, on_fx=None):
    return random_play(setup, rng, steps, on_fx=on_fx, check_view=_check_backs)[0]



@pytest.mark.parametrize("seats", range(2, 9))
def test_random_play_mixing_them_with_the_base_characters(seats):
    rng = random.Random(seats)
    pool = list(NAMES) + list(BASE)
    chosen = list(NAMES[: min(seats, 4)]) if seats % 2 == 0 else []
    chosen += [rng.choice(pool) for _ in range(seats - len(chosen))]
    rng.shuffle(chosen)
    state = _play({"seats": [{"character": c} for c in chosen], "seed": f"rdi6:{seats}", "content": CONTENT}, rng)
    assert state.over


def test_random_play_reaches_their_mechanics():
    seen = set()

    def note(state, fx):
        seen.update(f["type"] for f in fx)
        seen.update(("token", f.get("token")) for f in fx if f["type"] == "token")
        seen.update(fr["f"] for fr in state.stack)

    for seed in range(6):
        rng = random.Random(seed)
        _play({"seats": [{"character": c} for c in NAMES], "seed": f"reach:{seed}", "content": CONTENT}, rng, on_fx=note)
    assert {("token", "blood"), ("token", "scarab"), ("token", "scarab_supply"), "bought", "activated",
            "minion_hurt", "change", "wages"} <= seen, seen


def test_setup_vlazlo_takes_a_free_form_card_and_torglesnarf_two_extra_gold():
    """[001:985-991] one free form card, then 6 from his deck; [001:1123-1127] +2 Gold."""
    state = new_game({"seats": [{"character": "vlazlo"}, {"character": "torglesnarf"}], "seed": "setup",
                      "content": CONTENT, "first_seat": 1})
    p = prompts(state)[0]
    assert p.seat == 0 and p.kind == "buy" and {d["zone"] for d in p.decisions} == {"bat", "wolf"}
    apply(state, {"seat": 0, "type": "buy", "zone": "bat"})
    v = view(state, 1)
    assert v["seats"][0]["hand_count"] == 7 and v["seats"][0]["hand_backs"] == {"bat": 1, "wolf": 0}
    assert state.seats[0].tokens["blood"] == 0
    assert state.seats[1].gold == state.seats[0].gold + 2


def test_form_cards_in_hand_are_counted_for_everyone_but_not_shown():
    state = new_game({"seats": [{"character": "vlazlo"}, {"character": "daareka"}], "seed": "backs",
                      "content": CONTENT, "first_seat": 1})
    apply(state, {"seat": 0, "type": "buy", "zone": "wolf"})
    seen = view(state, 1)["seats"][0]
    assert "hand" not in seen and seen["hand_backs"] == {"bat": 0, "wolf": 1}
    assert "hand_backs" not in view(state, 1)["seats"][1]       # a character without side decks


# --- a pack with cards the sampler lacks ---------------------------------------------------

OWNER_PACK = {
    "pack": {"id": "owner-rdi6", "version": "1", "title": "Test: an owner's fuller decks", "kind": "custom",
             "note": "Written by a test from the registered primitives: fixture cards the samplers lack, "
                     "added to Vlazlo's form decks and as a fuller Torglesnarf."},
    "characters": [{"id": "torglesnarf-full", "name": "[test fixture] Torglesnarf with more Minions", "deck": "torg-full",
                    "alignment": "villain", "zones": {"minions": {"visibility": "public"}},
                    "hooks": [{"at": "setup", "steps": [{"do": "gain", "stat": "gold", "amount": 2, "who": "self"}]}]}],
    "decks": [{"id": "torg-full", "kind": "character"}],
    "cards": [
        {"deck": "vlazlo-bat", "slug": "fixture-bat-coins", "title": "[test fixture] Bat form: coins", "type": "Anytime",
         "quantity": 6, "text": "Test fixture. Any time: another player pays you 1 Gold. Then gain 1 Blood.",
         "timing": ["anytime"], "target": "other", "steps": [{"do": "pay", "amount": 1, "who": "target", "to": "player"}],
         "riders": [{"when": "resolved", "steps": [{"do": "gain_token", "token": "blood", "amount": 1, "who": "self"}]}]},
        {"deck": "vlazlo-wolf", "slug": "fixture-wolf-bite", "title": "[test fixture] Wolf form: bite", "type": "Action",
         "quantity": 6, "text": "Test fixture. Costs 1 Blood. As your Action: another player loses 4 Fortitude.",
         "timing": ["action"], "target": "other",
         "steps": [{"do": "spend_token", "token": "blood", "amount": 1}, {"do": "lose", "stat": "fortitude", "amount": 4, "who": "target"}]},
        {"deck": "torg-full", "slug": "fixture-brute", "title": "[test fixture] Brute (Minion)", "type": "Action - Minion",
         "quantity": 20, "text": "Test fixture. Minion, Wages 1. Once in each of your Action phases: each other player pays you 1 Gold.",
         "timing": ["action"], "steps": [{"do": "move_card", "zone": "minions"}], "wages": 1,
         "activate": {"target": "none", "steps": [{"do": "pay", "amount": 1, "who": "others", "to": "player"}]}},
        {"deck": "torg-full", "slug": "fixture-swat", "title": "[test fixture] Swat", "type": "Action", "quantity": 20,
         "text": "Test fixture. As your Action: another player loses 2 Fortitude and discards a card at random.",
         "timing": ["action"], "target": "other",
         "steps": [{"do": "lose", "stat": "fortitude", "amount": 2, "who": "target"}, {"do": "discard_random", "amount": 1, "who": "target"}]},
    ],
}


def test_a_pack_with_cards_the_samplers_lack_plays():
    content = CONTENT + [OWNER_PACK]
    c = load_content(content)
    assert len(c.deck_list("vlazlo-bat")) == 8 and len(c.deck_list("vlazlo-wolf")) == 8
    seen = set()
    for seed in range(4):
        rng = random.Random(seed)
        seats = [{"character": ch} for ch in ("vlazlo", "torglesnarf-full", "amundyr", "zot")[: 2 + seed % 3]]
        _play({"seats": seats, "seed": f"owner:{seed}", "content": content}, rng,
              on_fx=lambda st, fx: seen.update(st.cards[f["card"]] for f in fx if f["type"] in ("played", "activated")))
    assert {"vlazlo-wolf/fixture-wolf-bite", "torg-full/fixture-brute"} & seen


# --- team games (§16) -----------------------------------------------------------------------

def test_a_team_with_torglesnarf_starts_with_his_two_extra_gold():
    """[001:1670-1672]: the team's Stash gets his 2 bonus Gold."""
    state = new_game({"seats": [{"character": c} for c in ("torglesnarf", "zot", "vlazlo", "fiona")],
                      "variant": "two-headed-dragon", "seed": "team-gold", "content": CONTENT, "first_seat": 1})
    assert state.seats[0].gold == state.seats[2].gold + 2 and state.seats[0].mat == state.seats[1].mat


@pytest.mark.parametrize("seats", (4, 6))
def test_random_team_play_with_them_keeps_the_invariants(seats):
    rng = random.Random(100 + seats)
    chosen = list(NAMES) + [rng.choice(BASE) for _ in range(seats - 4)]
    rng.shuffle(chosen)
    state = _play({"seats": [{"character": c} for c in chosen], "variant": "two-headed-dragon",
                   "seed": f"rdi6-team:{seats}", "content": CONTENT}, rng)
    assert state.over


def test_simulate_seats_the_installed_samplers_by_name(capsys):
    """`python manage.py simulate --characters vlazlo,amundyr,torglesnarf,daareka` needs no --packs."""
    from django.core.management import call_command
    call_command("simulate", "--characters", ",".join(NAMES), "--games", "2", "--policy", "heuristic", "--no-progress")
    out = capsys.readouterr().out
    assert "finished: 2  errors: 0" in out
