"""The full-stack load benchmark at a tiny size, so it cannot rot; nothing here asserts on time."""
import io
import re

import pytest

from tests import bench_stack

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_bench_stack_prints_figures(settings):
    out = io.StringIO()
    results = bench_stack.run(tables=4, rates=[40], workers=1, warmup=1, seconds=3, out=out)
    text = out.getvalue()
    assert re.search(r"^  bare pipeline: \d+ decisions/s \(\d+ in 3 s\); commit->publish p50 [\d.]+ ms", text, re.M), text
    assert re.search(r"^  full stack, 4 tables: \d+ decisions/s .*commit->next decision .* p99 [\d.]+ ms", text,
                     re.M), text
    assert "ratios full/bare" in text
    full, bare = results[0]["full"], results[0]["bare"]
    # paced at 40/s over 4 tables: each table decides about every 0.1 s, so a few dozen in 3 s
    assert 20 <= full["steps"] and 20 <= bare["steps"]
    assert full["next"] and min(full["next"]) > -0.01, "a bot decided before its think time"
