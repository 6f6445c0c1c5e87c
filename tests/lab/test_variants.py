"""lab/variants.py: today's search with other settings; three decide exactly as an older version did."""
import pytest

from lab import variants
from tests.ai.test_bot_versions import _decisions_hash


@pytest.mark.parametrize("name,pinned", [
    # the hashes tests/ai/test_bot_versions.py pinned for mcts@12, mcts@11 and mcts@10 at 0ea10e2
    ("flat-budget", "6991be07f58e6c5b"),
    ("hands-value", "34d2637dfebc089c"),
    ("margins-value", "2099ea649c1ebd30"),
])
def test_a_variant_decides_as_the_version_it_reproduces(name, pinned):
    assert _decisions_hash(name, 2, 60, get=variants.get, iterations=96, max_seconds=1000) == pinned


def test_today_s_bots_by_name_or_label_and_nothing_else():
    assert variants.get("mcts").label == "mcts@13" and variants.get("heuristic@9").label == "heuristic@9"
    assert variants.get("flat-budget").decide is not variants.get("mcts").decide
    for old in ("mcts@12", "heuristic@8", "nonsense"):
        with pytest.raises(ValueError, match="lab variant"):
            variants.get(old)
