"""The stream benchmark runs at a tiny size so it cannot rot; nothing here asserts on time."""
import io
import re

import pytest
from django.conf import settings

from tests import bench_stream

pytestmark = pytest.mark.django_db(transaction=True)


def test_stream_bench_prints_figures():
    db = settings.DATABASES["default"]
    url = f"postgres://{db.get('USER') or 'postgres'}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"
    out = io.StringIO()
    result = bench_stream.run(streams=20, games=2, decisions=6, interval=0.02, database_url=url, out=out)
    text = out.getvalue()
    assert re.search(r"^Stream: 20/20 streams open", text, re.M), text
    assert re.search(r"delivery .* p50 [\d.]+ ms, p99 [\d.]+ ms", text), text
    assert re.search(r"stream server: CPU [\d.]+ s .* RSS \d+ MB", text), text
    assert result["deliveries"] == result["expected"] == 60
