"""The value of mcts@13 (games/ai/trees.py): boosted trees over both seats' features, as shipped
(its fitting: tests/lab/test_fit_trees.py)."""
import math

from games import engine
from games.ai import trees
from tests.ai.play import heuristic_states


def _positions(seed, characters=("deirdre", "zot")):
    return heuristic_states(f"trees-{seed}", characters, every=5, secret=seed)


def test_the_shipped_model_reads_every_feature_a_base_game_gives():
    assert "held-out log-loss" in trees.TREES.fitted
    seen = set()
    for state in _positions(1):
        if not state.over:
            for i in (0, 1):
                seen |= set(trees.seat_features(state, i))
    assert seen <= set(trees.TREES.model.features)


def test_two_seats_chances_add_up_to_one_and_ends_are_certain():
    for state in _positions(2):
        a, b = trees.TREES(state, 0), trees.TREES(state, 1)
        assert 0 < a < 1 or state.over
        assert math.isclose(a + b, 1.0)
    assert trees.TREES(state, state.winners[0]) == 1.0


def test_margin_and_the_drinks_waiting_move_the_chance_the_way_they_should():
    state = next(s for s in _positions(3) if s.turn >= 2)
    before = trees.TREES(state, 0)
    state.seats[1].alcohol += 8                       # the opponent eight points nearer passing out
    assert trees.TREES(state, 0) > before + 0.05
    state.seats[1].alcohol -= 8
    seat = state.seats[0]
    drinks = engine.content_of(state.content).cards
    strong = next(cid for cid in state.drink_deck if drinks[state.cards[cid]].facts.alcohol >= 2)
    state.drink_deck.remove(strong)
    seat.drink_me.append(strong)                      # a strong Drink on top of my pile
    assert trees.seat_features(state, 0)["drink_me_top_alcohol"] >= 2
    assert trees.TREES(state, 0) < before


def test_three_seats_out_or_alone_is_certain():
    state = next(_positions(4, ("deirdre", "zot", "fiona")))
    state.seats[2].out = "passed_out"
    three = trees.TREES(state, 0)
    assert 0 < three < 1 and math.isclose(three + trees.TREES(state, 1), 1.0)
    assert trees.TREES(state, 2) == 0.0
    state.seats[1].out = "passed_out"
    assert trees.TREES(state, 0) == 1.0
