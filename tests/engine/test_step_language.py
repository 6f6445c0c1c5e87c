"""One step language (games/engine/core/primitives.py): a card's steps, a Dungeon or Tavern
Event's `each` and the boxes of Otto's cards are words from one registry, judged by one
validator with located problems, whose `who` comes from one selector vocabulary, and run by
one interpreter."""
import ast
import json
from pathlib import Path

from games.engine import BASE_PACK, new_game
from games.engine.core.interpreter import BEHAVIOUR
from games.engine.core.primitives import BOXES, CARD, PRIMITIVES, WHO
from games.engine.core.steps import seats_of
from games.engine.options.dungeon import EVENT
from games.engine.options.otto.events import READING
from games.engine.options.otto.turn import ACTION_BOX, SOMETIMES_BOX
from games.packs import check

HERE = Path(__file__).parents[1]
ENGINE = HERE.parent / "games" / "engine"
OTTO = json.loads((HERE / "packs" / "otto" / "fixtures.json").read_text())


def _event_pack(*each_lists):
    cards = [{"deck": "dungeon", "slug": f"e{n}", "title": f"E{n}", "type": "Dungeon Event", "quantity": 1,
              "encounter_level": 2, "each": each} for n, each in enumerate(each_lists)]
    return {"pack": {"id": "events"}, "decks": [{"id": "dungeon", "kind": "shared"}], "cards": cards}


def _problems(doc) -> dict:
    return {(p["card"], p["field"]): p["message"] for p in check.check(doc, file="x.json")}


def test_the_same_word_is_one_registry_entry_written_in_every_box():
    assert PRIMITIVES["lose"].boxes == {CARD, EVENT, ACTION_BOX, SOMETIMES_BOX}
    assert PRIMITIVES["gamble"].boxes == {CARD, ACTION_BOX}
    assert PRIMITIVES["self"].boxes == {ACTION_BOX, SOMETIMES_BOX}
    assert set(BOXES) >= {CARD, EVENT, ACTION_BOX, SOMETIMES_BOX}


def test_every_box_takes_its_selectors_from_the_one_vocabulary():
    for box in BOXES.values():
        assert set(box.who) <= set(WHO), box.name
        assert box.fixed.get("who", "self") in WHO


def test_a_word_written_in_a_box_has_a_run_there_and_otto_reads_every_event_word():
    for p in PRIMITIVES.values():
        for box in p.boxes - {CARD}:
            assert box in BEHAVIOUR[p.name].runs, (p.name, box)
        if EVENT in p.boxes:
            assert READING in BEHAVIOUR[p.name].runs, p.name      # a new Event word can't skip Otto


def test_no_module_keeps_a_step_vocabulary_of_its_own():
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        names = {t.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
                 for t in node.targets if isinstance(t, ast.Name)}
        assert not names & {"STEPS", "RESPONSES"}, path


def test_an_event_step_is_judged_by_the_one_validator_with_its_place():
    doc = _event_pack([{"do": "dance"}],
                      [{"do": "lose", "stat": "fortitude", "amount": 1, "who": "others"}],
                      [{"do": "gain", "stat": "gold", "amount": 1}],
                      [{"do": "discard", "amount": 1}],
                      [{"do": "by_alignment", "hero": [{"do": "choose", "options": {"a": [{"do": "discard_drink_me"}],
                                                                                  "b": [{"do": "reveal_drink"}]}}],
                        "villain": []}],
                      [{"do": "choose", "options": {"only": [{"do": "reveal_drink"}]}}],
                      [{"do": "pay", "amount": 1, "to": "player"}])
    where = _problems(doc)
    assert "Dungeon or Tavern Event" in where[("dungeon/e0", "each.0.do")]
    assert "always 'self'" in where[("dungeon/e1", "each.0.who")]
    assert "fortitude, alcohol" in where[("dungeon/e2", "each.0.stat")]
    assert "option of a \"choose\"" in where[("dungeon/e3", "each.0")]
    assert "stands at the top" in where[("dungeon/e4", "each.0.hero.0")]
    assert ("dungeon/e4", "each.0.villain") in where                # an empty list of steps
    assert "two or more" in where[("dungeon/e5", "each.0.options")]
    assert "always 'inn'" in where[("dungeon/e6", "each.0.to")]


def test_a_card_may_not_say_an_event_s_or_otto_s_words_nor_his_selectors():
    doc = json.loads(json.dumps(BASE_PACK))
    card = next(c for c in doc["cards"] if c.get("steps") and c["steps"][0]["do"] == "lose")
    card["steps"] = [{"do": "reveal_drink"}, {"do": "lose", "stat": "fortitude", "amount": 1, "who": "most_gold"},
                     {"do": "self", "stat": "fortitude", "amount": 1}]
    where = _problems(doc)
    key = f"{card['deck']}/{card['slug']}"
    assert "in a card" in where[(key, "steps.0.do")]
    assert "target, self, others, all, targets" in where[(key, "steps.1.who")]
    assert (key, "steps.2.do") in where


def test_otto_s_boxes_are_judged_by_the_same_validator():
    doc = json.loads(json.dumps(OTTO))
    doc["cards"][0]["action"] = [{"do": "self", "stat": "alcohol", "amount": 0}]
    doc["cards"][1]["action"] = [{"do": "ignore"}]
    doc["cards"][2]["action"] = []                                   # his Action box may do nothing
    doc["cards"][4]["sometimes"]["steps"] = [{"do": "lose", "stat": "fortitude", "amount": 1, "who": "each"}]
    where = _problems(doc)
    assert "not 0" in where[("otto/swing-at-the-strongest", "action.0.amount")]
    assert "Action box" in where[("otto/swing-at-everyone", "action.0.do")]
    assert not any(card == "otto/pick-the-richest-pocket" for card, _ in where)
    assert "always 'player'" in where[("otto/mend-himself", "sometimes.steps.0.who")]


def _seats(fortitude, gold, out=()):
    state = new_game({"seats": [{"character": c} for c in ("deirdre", "fiona", "gerki", "zot")], "seed": "who"})
    for s, (f, g) in enumerate(zip(fortitude, gold)):
        state.seats[s].fortitude, state.seats[s].gold = f, g
        state.seats[s].out = s in out
    return state


def test_most_and_least_name_every_living_player_tied_at_the_end():
    state = _seats([5, 9, 9, 2], [3, 3, 7, 1], out=(3,))
    fr = {"seat": "otto"}
    assert seats_of(state, fr, "most_fortitude") == [1, 2]
    assert seats_of(state, fr, "least_fortitude") == [0]              # seat 3 is out of the game
    assert seats_of(state, fr, "least_gold") == [0, 1]
    assert seats_of(state, fr, "each") == seats_of(state, {"seat": 0, "args": {}}, "all") == [0, 1, 2]


def test_the_player_a_box_answers_is_nobody_for_a_drink_or_a_player_out_of_the_game():
    state = _seats([5, 9, 9, 2], [3, 3, 7, 1], out=(3,))
    assert seats_of(state, {"seat": "otto", "player": 2}, "player") == [2]
    assert seats_of(state, {"seat": "otto", "player": 3}, "player") == []
    assert seats_of(state, {"seat": "otto", "player": None}, "player") == []
