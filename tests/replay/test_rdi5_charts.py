"""The replay charts the later boxes' resources: the Level of equipped Treasure and Drunken
Chi get a chart of their own when some seat has any (replay.frames._resources)."""
from pathlib import Path

from games import engine
from games.engine.core.scenario import setup_from
from replay import charts
from replay.frames import _resources

ROOT = Path(__file__).parents[2]


def test_level_and_chi_are_charted():
    spec = {"packs": ["../../../packs/spyke-and-flower.json", "../../../packs/zakhan.json"],
            "seats": [{"character": "spyke", "zones": {"equipment": ["treasure/dwarven-elven-armor"]}},
                      {"character": "zakhan", "tokens": {"chi": 3}}], "phase": "action"}
    state = engine.new_game(setup_from(spec, ROOT / "tests" / "scenarios" / "rdi5"))
    got = _resources(state)
    assert got == [{"level": 2}, {"chi": 3}]
    data = {"names": ["Spyke", "Zakhan"], "teams": [], "last": 1, "eliminations": [],
            "series": [[[20, 0, 8], [20, 0, 8]], [[19, 1, 8], [20, 2, 8]]], "resources": [[{}, {}], got]}
    drawn = charts.charts(data)
    assert [c["title"] for c in drawn] == ["Fortitude", "Alcohol Content", "Gold", "Drunken Chi (Zakhan)",
                                           "Level (equipped Treasure)"]
    assert 'data-stat="level"' in drawn[4]["svg"]


def test_a_base_game_has_only_the_three_charts():
    data = {"names": ["A", "B"], "teams": [], "last": 1, "eliminations": [],
            "series": [[[20, 0, 8], [20, 0, 8]], [[19, 1, 8], [20, 2, 8]]], "resources": [[{}, {}], [{}, {}]]}
    assert len(charts.charts(data)) == 3
    del data["resources"]                   # a timeline cached before resources existed
    assert len(charts.charts(data)) == 3
