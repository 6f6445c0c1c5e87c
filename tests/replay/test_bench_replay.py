"""The replay benchmark runs at a tiny size so it cannot rot; nothing here asserts on time."""
import io

import pytest

from tests import bench_replay

pytestmark = pytest.mark.django_db(transaction=True)


def test_bench_prints_per_step_figures():
    out = io.StringIO()
    result = bench_replay.run(events=40, players=3, out=out)
    text = out.getvalue()
    assert "step forward, cold cache" in text and "baseline, a full re-fold" in text, text
    assert result["events"] >= 40
