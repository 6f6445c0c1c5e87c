"""lab/fit_trees.py: the search's leaf value fitted on self-play, and the shipped model it wrote."""
import math

from games.ai import trees
from lab import fit_trees


def test_the_shipped_model_reads_the_features_the_fitting_names():
    assert trees.TREES.model.features == fit_trees.feature_names()


def test_the_fitting_positions_label_both_seats_at_each_turns_start():
    rows = fit_trees.positions(0, seed=7)
    names = fit_trees.feature_names()
    assert rows and len(rows) % 2 == 0
    for (a, b, hands, won), (a2, b2, hands2, won2) in zip(rows[::2], rows[1::2]):
        assert len(a) == len(b) == len(names)
        assert (a2, b2) == (b, a) and won + won2 == 1 and math.isclose(hands + hands2, 1.0)
    active = names.index("active")
    assert {a[active] + b[active] for a, b, _, _ in rows} == {1}
