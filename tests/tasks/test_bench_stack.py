"""The full-stack load benchmark at a tiny size, so it cannot rot; nothing here asserts on time."""
import io
import re

import pytest

from tests import bench_stack

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_bench_stack_prints_figures_single_and_multi_node(settings):
    """One run of both topologies (each starts its own processes, so one run is the cost):
    single, then 2 web, 2 stream and 3 worker processes with tables started over HTTP on both
    web ports, followed over SSE on both stream ports, and the figures printed side by side."""
    out = io.StringIO()
    results = bench_stack.run(tables=4, rates=[40], workers=1, warmup=1, seconds=3, topologies=("single", "multi"),
                              out=out)
    text = out.getvalue()
    assert re.search(r"^  bare pipeline: \d+ decisions/s \(\d+ in 3 s\); commit->publish p50 [\d.]+ ms", text, re.M), text
    assert re.search(r"^  full stack, 4 tables: \d+ decisions/s .*commit->next decision .* p99 [\d.]+ ms", text,
                     re.M), text
    assert "ratios full/bare" in text
    assert [r["topology"] for r in results] == ["single", "multi"]
    full, bare = results[0]["full"], results[0]["bare"]
    # paced at 40/s over 4 tables: each table decides about every 0.1 s, so a few dozen in 3 s
    assert 20 <= full["steps"] and 20 <= bare["steps"]
    assert full["next"] and min(full["next"]) > -0.01, "a bot decided before its think time"
    assert "multi: 2 web, 2 stream and 3 worker processes" in text
    multi = results[1]["full"]
    assert 20 <= multi["steps"] and multi["next"] and min(multi["next"]) > -0.01
    assert multi["sse"], "no SSE message reached the clients on the stream processes"
    assert re.search(r"^  SSE clients on 4 games over 2 stream processes: commit->SSE message p50 [\d.]+ ms", text,
                     re.M), text
    table = text.split("side by side", 1)[1]
    assert re.search(r"^\s+40 single\s+\d+ ", table, re.M) and re.search(r"^\s+40 multi\s+\d+ ", table, re.M), table
