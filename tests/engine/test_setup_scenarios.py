"""The set-up rules of every box as scenarios dealt by the engine itself (docs/scenarios.md,
"Starting from a deal"), including what each seat sees of the deal."""
from pathlib import Path

import pytest

from games.engine.core.scenario import ScenarioFailure, run, run_file

FILES = sorted((Path(__file__).parent.parent / "scenarios" / "setup").glob("*.json"))
SEATS = [{"character": "gerki"}, {"character": "zot"}]


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_setup_scenario(path):
    run_file(path)


def test_a_dealt_scenario_is_dealt_not_placed():
    """With `deal` the engine deals (its seed decides the hands); a written position is not."""
    a = run({"setup": {"deal": True, "seed": "one", "seats": SEATS}, "steps": []}).state
    b = run({"setup": {"deal": True, "seed": "two", "seats": SEATS}, "steps": []}).state
    assert len(a.seats[0].hand) == len(b.seats[0].hand) == 7
    assert [a.cards[c] for c in a.seats[0].hand] != [b.cards[c] for c in b.seats[0].hand]
    placed = run({"setup": {"seats": SEATS}, "steps": []}).state
    assert placed.seats[0].hand == []


def test_a_refusal_must_be_the_one_expected():
    nine = {"deal": True, "seats": SEATS * 4 + SEATS[:1]}
    with pytest.raises(ScenarioFailure, match="was refused"):
        run({"setup": nine, "refused": "something else", "steps": []})
    with pytest.raises(ScenarioFailure, match="expected the set-up to be refused"):
        run({"setup": {"deal": True, "seats": SEATS}, "refused": "A game needs", "steps": []})


def test_a_seat_view_expectation_fails_on_what_the_seat_cannot_see():
    deal = {"deal": True, "seats": SEATS}
    with pytest.raises(ScenarioFailure, match="not to see seats.1.hand"):
        run({"setup": deal, "steps": [{"expect_view": {"as": 1, "lacks": ["seats.1.hand"]}}]})
    with pytest.raises(ScenarioFailure, match="sees no seats.0.hand"):
        run({"setup": deal, "steps": [{"expect_view": {"as": 1, "has": {"seats.0.hand.len": 7}}}]})
