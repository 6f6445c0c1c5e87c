"""Content packs as the engine judges them: load_content, ContentError, new_game's content."""
import copy

import pytest

from games import engine
from games.engine import BASE_PACK, ContentError, IllegalDecision, load_content


def _pack(**changes):
    pack = copy.deepcopy(BASE_PACK)
    pack.update(changes)
    return pack


def test_the_base_pack_loads_and_is_the_default_content():
    content = load_content([BASE_PACK])
    assert set(content.characters) == set(engine.CHARACTERS) == {"deirdre", "fiona", "gerki", "zot"}
    assert len(content.deck_list("drink")) == 30 and len(content.deck_list("zot")) == 40
    assert load_content([copy.deepcopy(BASE_PACK)]) is content          # same packs, same content
    state = engine.new_game({"seats": [{"character": "zot"}, {"character": "gerki"}], "seed": "s",
                             "content": [BASE_PACK]})
    default = engine.new_game({"seats": [{"character": "zot"}, {"character": "gerki"}], "seed": "s"})
    assert engine.state_hash(state) == engine.state_hash(default)


def test_every_problem_is_reported_with_its_pack_card_and_field():
    pack = _pack()
    pack["pack"]["id"] = "broken"
    cards = pack["cards"]
    cards[0]["steps"] = [{"do": "teleport"}]
    cards[1]["steps"] = [{"do": "lose", "stat": "gold", "amount": -1, "who": "target", "extra": 1}]
    cards[2]["timing"] = ["whenever"]
    cards[3]["target"] = "everyone"
    pack["characters"].append({"id": "vlazlo", "name": "Vlazlo", "deck": "vlazlo",
                               "hooks": [{"at": "teatime", "steps": []}]})
    with pytest.raises(ContentError) as err:
        load_content([pack])
    got = {(p["pack"], p["card"], p["field"]) for p in err.value.problems}
    k = [f"{c['deck']}/{c['slug']}" for c in cards[:4]]
    assert {("broken", k[0], "steps.0.do"), ("broken", k[1], "steps.0.stat"), ("broken", k[1], "steps.0.amount"),
            ("broken", k[1], "steps.0.extra"), ("broken", k[2], "timing"), ("broken", k[3], "target"),
            ("broken", None, "characters.vlazlo.hooks.0.at"), ("broken", None, "characters.vlazlo.deck")} <= got
    assert all(p["message"] for p in err.value.problems)
    assert "teleport" in next(p["message"] for p in err.value.problems if p["field"] == "steps.0.do")


def test_a_card_in_an_unknown_deck_or_defined_twice_is_a_problem():
    extra = {"pack": {"id": "extra", "version": "1", "title": "x", "kind": "test"}, "decks": [],
             "cards": [dict(BASE_PACK["cards"][0]),
                       dict(BASE_PACK["cards"][0], deck="nowhere")]}
    with pytest.raises(ContentError) as err:
        load_content([BASE_PACK, extra])
    fields = {(p["card"], p["field"]) for p in err.value.problems}
    assert ("deirdre/gambling-im-in", "slug") in fields and ("nowhere/gambling-im-in", "deck") in fields


def test_new_game_refuses_bad_content_and_unknown_characters():
    bad = _pack()
    bad["cards"][0]["steps"] = [{"do": "teleport"}]
    with pytest.raises(IllegalDecision) as err:
        engine.new_game({"seats": [{"character": "zot"}, {"character": "gerki"}], "seed": "s", "content": [bad]})
    assert err.value.code == "bad_content"
    with pytest.raises(IllegalDecision) as err:
        engine.new_game({"seats": [{"character": "vlazlo"}, {"character": "gerki"}], "seed": "s"})
    assert err.value.code == "bad_setup"


def test_the_registries_name_what_a_pack_may_use():
    assert {"lose", "gain", "pay", "negate", "ignore_card", "choose", "gain_token"} <= set(engine.PRIMITIVES)
    assert {"setup", "turn_start", "after_discard", "before_draw", "after_card", "on_drink", "turn_end",
            "loss_check", "on_elimination", "on_token", "hand_size", "actions_per_turn", "opening_hand",
            "drinks_per_turn", "after_draw"} == set(engine.HOOKS)
    assert {"action", "anytime", "response"} <= set(engine.TIMINGS) and "other" in engine.TARGETS


def test_ai_hints_are_derived_from_the_steps():
    c = engine.CARDS
    assert (c["zot/down-pooky"].effect, c["zot/down-pooky"].params) == ("damage", {"fortitude": 1})
    assert c["gerki/hey-whered-the-little-guy-go"].effect == "ignore_card_or_drink"
    assert c["deirdre/wench-bring-some-drinks-for-my-friends"].params == {"cost": 1, "count": 2}


def test_every_registered_primitive_has_a_behaviour_and_back():
    from games.engine.core.interpreter import BEHAVIOUR
    assert set(engine.PRIMITIVES) == set(BEHAVIOUR)


def test_concerns_is_derived_from_card_data_and_agrees_with_the_old_word_list():
    """engine.concerns reads the steps. Auto-pass used to decide from a list of effect words
    in games/timers.py (kept below as the reference): over random base games the two must
    agree on every window, so the switch changed no auto-pass."""
    import random

    from games.engine import apply, concerns, new_game, prompts, view
    from games.ai.policies import random_decision

    by_words = _word_rule

    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = new_game({"seats": [{"character": c} for c in ("deirdre", "fiona", "gerki", "zot")[: 2 + seed % 3]],
                          "seed": f"concerns:{seed}"})
        while not state.over:
            omni = view(state, "omniscient")
            for seat in state.living():          # a seat out of the game is never asked
                assert concerns(state, seat) == by_words(omni, seat), (seed, seat, omni["stack"][-1:])
                checked += 1
            apply(state, random_decision(prompts(state)[0], rng))
    assert checked > 1000


def test_a_state_of_unloaded_content_says_so():
    import json
    from pathlib import Path

    from games.engine import dump_state, load_state, view
    from games.engine.core import content as content_module

    pack = json.loads((Path(__file__).parent.parent / "packs" / "amundyr-scarabs.json").read_text())
    state = engine.new_game({"seats": [{"character": "amundyr"}, {"character": "zot"}], "seed": "s",
                             "content": [BASE_PACK, pack]})
    blob = dump_state(state)
    saved = dict(content_module._LOADED)
    content_module._LOADED.pop(state.content)
    try:
        with pytest.raises(ContentError) as err:
            view(load_state(blob), "omniscient")
        assert "load_content" in err.value.problems[0]["message"]
    finally:
        content_module._LOADED.update(saved)
    assert view(load_state(blob), "omniscient")["seats"][0]["name"] == "Amundyr the Cursed"


def _word_rule(view: dict, seat: int) -> bool:
    """The rule auto-pass used before engine.concerns (games/timers.py under rules 1): effect
    words read from the omniscient view's stack."""
    stack = view.get("stack") or []
    if not stack:
        return True
    top = stack[-1]
    kind = top.get("f")
    if top.get("seat") == seat:
        return True
    if kind == "card":
        args = top.get("args") or {}
        if args.get("target") == seat or seat in (args.get("targets") or []):
            return True
        if top.get("effect") in ("damage_each", "steal_each", "mass_heal", "toast", "gamble", "control", "raise",
                                 "winning_hand", "force_out", "take_pot", "end_round_to_inn"):
            return True
        if "portion" in args:
            for fr in reversed(stack):
                if fr.get("f") == "drink":
                    portions = fr.get("portions") or []
                    if 0 <= args["portion"] < len(portions) and portions[args["portion"]].get("holder") == seat:
                        return True
                    break
        on = top.get("on")
        return any(fr.get("id") == on and fr.get("seat") == seat for fr in stack)
    if kind == "drink":
        return any(p.get("holder") == seat for p in top.get("portions") or [])
    if kind in ("hitback",):
        return seat in (top.get("victims") or [])
    return True   # events, contests, last chances, wins: everyone's business


def test_the_pending_change_primitives_reject_bad_arguments_with_their_field():
    pack = _pack()
    pack["pack"]["id"] = "broken"
    cards = pack["cards"]
    cards[0]["steps"] = [{"do": "reduce_change"}]
    cards[1]["steps"] = [{"do": "reduce_change", "amount": 2, "stats": ["blood"]}]
    cards[2]["steps"] = [{"do": "redirect_change", "to": "anyone"}]
    cards[3]["steps"] = [{"do": "replace_change", "stat": "alcohol", "with": "gold"}]
    cards[4]["steps"] = [{"do": "lose", "stat": "fortitude", "amount": 3, "who": "target", "ignore_reduces": "two"}]
    cards[5]["steps"] = [{"do": "pay", "amount": 1, "who": "self", "to": "everyone"}]
    with pytest.raises(ContentError) as err:
        load_content([pack])
    got = {(p["card"], p["field"]) for p in err.value.problems}
    k = [f"{c['deck']}/{c['slug']}" for c in cards[:6]]
    assert {(k[0], "steps.0.amount"), (k[1], "steps.0.stats"), (k[2], "steps.0.to"), (k[3], "steps.0.stat"),
            (k[3], "steps.0.with"), (k[4], "steps.0.ignore_reduces"), (k[5], "steps.0.to")} <= got
    assert "reduce_change needs 'amount'" in next(p["message"] for p in err.value.problems
                                                  if (p["card"], p["field"]) == (k[0], "steps.0.amount"))


def test_only_content_that_can_answer_a_cards_change_makes_card_changes_wait():
    import json
    from pathlib import Path
    packs = Path(__file__).parent.parent / "packs"
    assert not load_content([BASE_PACK]).changes_answerable
    assert not load_content([BASE_PACK, json.loads((packs / "vlazlo-blood.json").read_text())]).changes_answerable
    assert load_content([BASE_PACK, json.loads((packs / "amundyr-scarabs.json").read_text())]).changes_answerable
