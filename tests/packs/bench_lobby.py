"""How long a lobby page takes with a big-but-legal uploaded pack installed (docs/packs.md,
"Limits"). Run by hand: `bin/test tests/packs/bench_lobby.py -s`; prints figures, asserts none."""
import json
import statistics
import time

import pytest
from django.test import Client

from games.models import UploadedPack
from games.packs import check, limits
from tests.packs.conftest import daareka

pytestmark = pytest.mark.django_db


def big_legal_pack(cards: int = 1000) -> dict:
    """One character and `cards` distinct cards, just under the byte limit."""
    doc = daareka()
    doc["pack"].update(id="big", title="A big legal pack")
    card = doc["cards"][3]
    doc["cards"] = [{**card, "slug": f"c{i}", "quantity": 1, "title": f"Card {i}",
                     "text": card["text"] + " " + "Filler words. " * 25, "note": "N" * 300} for i in range(cards)]
    return doc


def test_lobby_with_a_big_pack(packs_dir, make_user):
    doc = big_legal_pack()
    size = len(json.dumps(doc).encode())
    assert size <= limits.DEFAULT.bytes
    t = time.perf_counter()
    assert check.check(doc, file="big.json") == []
    checked = time.perf_counter() - t
    c = Client()
    c.force_login(make_user("reader"))
    print(f"\npack: {size / 1000:.0f} kB, {len(doc['cards'])} cards; pack check {checked * 1000:.0f} ms")
    lobby(c, "lobby, base only")
    UploadedPack.objects.create(pack_id="big", title="t", version="1", kind="custom", document=doc)
    lobby(c, "lobby, big pack uploaded")


def lobby(c, what, n=8):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        r = c.get("/")
        times.append(time.perf_counter() - t)
        assert r.status_code == 200
    print(f"{what}: first {times[0] * 1000:.0f} ms, then median {statistics.median(times[1:]) * 1000:.0f} ms "
          f"(max {max(times[1:]) * 1000:.0f} ms)")
