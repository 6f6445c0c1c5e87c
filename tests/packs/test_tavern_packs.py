"""The tavern options' sampler packs (Bar Deck, Prize, Pub Crawl) are judged like any other:
good, marked as samplers with a note per printed card, and a bad card is located."""
import copy
import json
from pathlib import Path

from games.packs import check

ROOT = Path(__file__).parents[2]
PACKS = ("bar-drinks", "prizes", "taverns")


def _doc(name):
    return json.loads((ROOT / "packs" / f"{name}.json").read_text())


def test_the_tavern_samplers_are_good_and_marked_as_samplers():
    for name in PACKS:
        doc = _doc(name)
        assert check.check(doc, file=name) == []
        assert doc["pack"]["kind"] == "sampler"
        assert all(c.get("note") for c in doc["cards"]), "every printed card carries its rulebook lines"


def test_a_bad_bar_drink_is_located():
    doc = copy.deepcopy(_doc("bar-drinks"))
    doc["cards"][0]["drink"]["alcohol"] = "two"
    where = {(p["card"], p["field"]) for p in check.check(doc, file="bad")}
    assert ("drink/angel-tears", "drink") in where or any(c == "drink/angel-tears" for c, _ in where)


def test_a_bad_prize_is_located():
    doc = copy.deepcopy(_doc("prizes"))
    doc["cards"][0]["steps"] = [{"do": "drink_fortitude"}]          # its most is missing
    doc["cards"].append({**doc["cards"][0], "slug": "typo", "type": "Prise"})
    where = {(p["card"], p["field"]) for p in check.check(doc, file="bad")}
    assert any(c == "prize/talisman-of-liquid-courage" and "steps" in (f or "") for c, f in where)
    assert any(c == "prize/typo" for c, _ in where)


def test_a_bad_tavern_is_located():
    doc = copy.deepcopy(_doc("taverns"))
    doc["cards"][1]["tavern"] = {}
    doc["cards"][2]["tavern"] = {"home": True, "drinks": "luckys-rolling-barrel-drinks"}
    where = {(p["card"], p["field"]) for p in check.check(doc, file="bad")}
    assert any(c == "tavern/startusks" and "tavern" in (f or "") for c, f in where)
    assert any(c == "tavern/luckys-rolling-barrel" and "tavern" in (f or "") for c, f in where)
