"""The full-stack load benchmark at a tiny size, so it cannot rot; nothing here asserts on time."""
import io
import re

import pytest

from tests import bench_stack

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_bench_stack_prints_figures():
    out = io.StringIO()
    result = bench_stack.run(tables=2, decisions=40, workers=1, out=out)
    text = out.getvalue()
    assert re.search(r"^bare pipeline: \d+ decisions, \d+ decisions/s; commit->publish p50", text, re.M), text
    assert re.search(r"^full stack, 2 tables: \d+ decisions, \d+ decisions/s", text, re.M), text
    assert "ratios full/bare" in text
    assert result["full"]["steps"] >= 40
