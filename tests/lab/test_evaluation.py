"""The older searches' logistic leaf values (lab/evaluation.py) and their fitting script (lab/fit_evaluation.py)."""
import math
import random

from games import engine
from lab import evaluation, fit_evaluation
from tests.ai.play import heuristic_states


def _positions(seed, n=2, every=7):
    return heuristic_states(f"eval-{seed}", ("deirdre", "zot", "fiona")[:n], every, secret=seed)


def test_two_seats_chances_add_up_to_one_and_ends_are_certain():
    for state in _positions(1):
        a, b = evaluation.win_chance(state, 0), evaluation.win_chance(state, 1)
        assert 0 <= a <= 1 and math.isclose(a + b, 1.0)
    assert state.over and {evaluation.win_chance(state, s) for s in (0, 1)} == {0.0, 1.0}
    assert evaluation.win_chance(state, state.winners[0]) == 1.0


def test_more_margin_or_gold_is_worth_more():
    state = next(_positions(2))
    base = evaluation.win_chance(state, 0)
    state.seats[1].alcohol += 6            # the opponent 6 closer to passing out
    assert evaluation.win_chance(state, 0) > base
    state.seats[1].alcohol -= 6
    state.seats[1].gold = 1                # the opponent about to run out of Gold
    assert evaluation.win_chance(state, 0) > base


def test_the_fit_recovers_known_weights():
    rng = random.Random(5)
    truth = [0.8, -1.5, 0.3]
    rows = []
    for _ in range(4000):
        x = [rng.gauss(0, 1) for _ in truth]
        p = 1 / (1 + math.exp(-sum(w * xi for w, xi in zip(truth, x))))
        rows.append((x, int(rng.random() < p)))
    w = fit_evaluation.fit(rows, ridge=0.1)
    assert all(abs(a - b) < 0.15 for a, b in zip(w, truth))
    assert fit_evaluation.score(rows, w)[0] < fit_evaluation.score(rows, [0.0] * 3)[0]


def test_the_fitting_data_labels_the_winners():
    rows = fit_evaluation.positions(0, seed=9, players=2, every=10)
    assert rows and {y for _, y in rows} == {0, 1}
    # the shipped weights predict these games better than a coin
    assert fit_evaluation.score(rows, evaluation.WEIGHTS)[0] < math.log(2)


# --- mcts@11's value: the hands too, fitted at each turn's start ---------------------------

def test_the_hands_value_adds_up_to_one_and_ends_are_certain():
    for state in _positions(3):
        a, b = evaluation.HANDS(state, 0), evaluation.HANDS(state, 1)
        assert 0 <= a <= 1 and math.isclose(a + b, 1.0)
    assert {evaluation.HANDS(state, s) for s in (0, 1)} == {0.0, 1.0}


def _card_of_kind(state, seat: int, effect: str) -> int:
    """An instance id of one of seat's cards whose effect is `effect`."""
    cards = engine.content_of(state.content).cards
    return next(cid for cid, key in enumerate(state.cards)
                if state.owner[cid] == seat and cards[key].effect == effect)


def test_the_hands_value_reads_the_hand_by_kind_of_card():
    state = next(_positions(4))              # Deirdre (seat 0) against Zot
    plain = evaluation.hand_features(state, 0)
    assert plain[:len(evaluation.NAMES)] == evaluation.features(state.seats[0])
    assert len(plain) == len(evaluation.HAND_NAMES) == len(evaluation.HANDS.weights)
    assert plain[-1] == (1.0 if state.active == 0 else 0.0)
    savers, attacks = evaluation.HAND_NAMES.index("savers"), evaluation.HAND_NAMES.index("attacks")
    state.seats[0].hand[0] = _card_of_kind(state, 0, "damage")
    with_attack, attack_worth = evaluation.hand_features(state, 0), evaluation.HANDS(state, 0)
    state.seats[0].hand[0] = _card_of_kind(state, 0, "pass_drink")
    with_saver, saver_worth = evaluation.hand_features(state, 0), evaluation.HANDS(state, 0)
    # one card swapped: one saver more, one attack less, nothing else changed
    assert [b - a for a, b in zip(with_attack, with_saver)] == [
        1 if i == savers else -1 if i == attacks else 0 for i in range(len(plain))]
    assert saver_worth > attack_worth         # by the fitted weights, a saver kept is worth more


def test_the_fitting_data_at_turns_is_one_row_a_seat_each_turn():
    rows = fit_evaluation.positions(0, seed=9, players=2, every=4, value="hands", at="turns")
    every = fit_evaluation.positions(0, seed=9, players=2, every=4, value="hands")
    assert rows and {y for _, y in rows} == {0, 1}
    assert all(len(x) == len(evaluation.HAND_NAMES) for x, _ in rows)
    assert len(rows) < len(every)
    # whose turn is starting: one seat of each pair of rows, the other's the opposite
    assert all(x[-1] in (1.0, -1.0) for x, _ in rows)
    assert fit_evaluation.score(rows, evaluation.HANDS.weights)[0] < math.log(2)


def test_the_fitting_data_for_mcts_5_is_unchanged():
    """`--value margins` rows are those mcts@5's weights were fitted on."""
    rows = fit_evaluation.positions(0, seed=9, players=2, every=10)
    assert all(len(x) == len(evaluation.NAMES) for x, _ in rows)
    assert rows == fit_evaluation.positions(0, seed=9, players=2, every=10, value="margins", at="every")
