"""The verify-load benchmark runs at a tiny size so it cannot rot; nothing here asserts on time
(RDI_BENCH_VERIFY_FULL=1 for the figures in docs/operations.md)."""
import io
import os
import re

import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token

from tests import bench_verify
from tests.replay.conftest import play, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_verify_bench_prints_figures(players):
    finished = play(start_game(*players))
    bystander = play(start_game(*players), steps=3)
    token, _ = Token.objects.get_or_create(user=players[0])
    db = settings.DATABASES["default"]
    url = f"postgres://{db.get('USER') or 'postgres'}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"
    full = os.environ.get("RDI_BENCH_VERIFY_FULL") == "1"
    out = io.StringIO()
    result = bench_verify.run(database_url=url, finished=finished.pk, bystander=bystander.pk, token=token.key,
                              loops=6 if full else 2, seconds=15 if full else 1, out=out)
    print(out.getvalue())
    assert len(re.findall(r"bystander p50 +[\d.]+ ms", out.getvalue())) == 4, out.getvalue()
    assert 429 not in result[("before", 2 if not full else 6)]["answers"]
    assert 429 in result[("after", 2 if not full else 6)]["answers"] or not full
