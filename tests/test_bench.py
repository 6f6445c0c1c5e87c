"""The engine benchmark runs at a tiny size so it cannot rot; nothing here asserts on time."""
import io
import re

from tests import bench_engine


def test_bench_prints_figures():
    out = io.StringIO()
    result = bench_engine.run(decisions=200, fold_decisions=100, players=3, seed=7, out=out)
    text = out.getvalue()
    assert re.search(r"^playout: \d+ decisions .* [\d,]+ decisions/s; .*x one clone", text, re.M), text
    assert re.search(r"^fold: \d+ decisions .* ms = [\d.]+x loading", text, re.M), text
    assert result["playout"]["decisions"] == 200
    assert result["fold"]["decisions"] == 100


def test_the_instruction_count_parts_run():
    assert bench_engine.count_part("setup", 50) == 0
    assert bench_engine.count_part("playout", 50, players=3, seed=7) == 50
    assert bench_engine.count_part("fold", 50, players=3, seed=7) == 50
