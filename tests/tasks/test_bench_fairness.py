"""The fairness benchmark runs at a tiny size so it cannot rot; nothing here asserts on time
(RDI_BENCH_FAIRNESS_FULL=1 for the figures in docs/operations.md)."""
import io
import os

import pytest
import redis
from django.conf import settings as django_settings

from tests import bench_fairness

from .conftest import QUEUE

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_fairness_bench_prints_figures(worker_factory, make_user, settings):
    settings.RDI_MAX_AI_GAMES_PER_USER = 0          # the neighbour is the load the limit would refuse
    broker = redis.Redis.from_url(django_settings.CELERY_BROKER_URL)

    def purge():
        broker.delete(*[QUEUE, *(f"{QUEUE}\x06\x16{p}" for p in (3, 6, 9))], *broker.keys(f"{QUEUE}-*.dq2"))

    full = os.environ.get("RDI_BENCH_FAIRNESS_FULL") == "1"
    out = io.StringIO()
    results = bench_fairness.run(start_worker=worker_factory, purge=purge, person=make_user("person"),
                                 neighbour=make_user("neighbour"), tables=4 if full else 1,
                                 seconds=20 if full else 3, settings=settings, out=out)
    print(out.getvalue())
    assert len(results) == 4
    assert out.getvalue().count("bystander p50") == 4, out.getvalue()
