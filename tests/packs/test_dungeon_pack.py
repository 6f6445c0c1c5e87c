"""A pack of Dungeon Events is judged like any other: the schema (an Encounter Level and what
each player does), the engine's event vocabulary (every problem located), and a playout with
the table option on."""
import copy
import json
from pathlib import Path

from games.packs import check

ROOT = Path(__file__).parents[2]
SAMPLER = json.loads((ROOT / "packs" / "dungeon-events.json").read_text())


def test_the_sampler_and_the_wench_pack_are_good_and_marked_as_samplers():
    for name in ("dungeon-events", "wench-dares-you"):
        doc = json.loads((ROOT / "packs" / f"{name}.json").read_text())
        assert check.check(doc, file=name) == []
        assert doc["pack"]["kind"] == "sampler"
        assert all(c.get("note") for c in doc["cards"]), "every printed card carries its rulebook lines"


def test_a_bad_dungeon_event_is_located():
    doc = copy.deepcopy(SAMPLER)
    cave, doom, feats = doc["cards"]
    cave["each"][0] = {"do": "explode", "amount": 1}
    doom["each"][0]["options"]["discard"][0]["amount"] = 0
    feats["each"].append({"do": "discard", "amount": 2})
    del feats["encounter_level"]
    problems = check.check(doc, file="d.json")
    where = {(p["card"], p["field"]) for p in problems}
    assert ("dungeon/cave-in", "each.0.do") in where
    assert ("dungeon/drink-or-meet-your-doom", "each.0.options.discard.0.amount") in where
    assert any(p["card"] == "dungeon/feats-of-heroism" and "encounter_level" in (p["field"] or "") + p["message"]
               for p in problems)
    assert ("dungeon/feats-of-heroism", "each.1") in where        # a discard outside a choice


def test_the_summary_names_the_events_mechanics():
    assert set(check.summary(SAMPLER)["primitives"]) >= {"pay", "discard_drink_me", "choose", "reveal_drink",
                                                         "by_alignment", "gain", "lose"}
