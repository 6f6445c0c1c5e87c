"""The staff's evidence page of a game whose log no longer folds names the integrity failure
and what the check found, instead of a bare 500."""
import pytest
from django.test import Client

from disputes import services
from games.models import GameSeed
from tests.owner import owner_role
from games import store
from replay import frames

pytestmark = pytest.mark.django_db


def test_the_evidence_page_of_a_broken_log_names_the_failure(people, live_game):
    dispute = services.dispute_report(game_id=live_game.pk, user=people.ana, seq=3, category="rules",
                                      text="This looks wrong.")
    with owner_role():     # the service role may not change a seed: only the owner can tamper
        GameSeed.objects.filter(game=live_game).update(seed="cd" * 32)   # the seed no longer matches its commitment
    store.cache.clear()
    frames.clear_caches()
    client = Client()
    client.force_login(people.staff)
    page = client.get(f"/staff/disputes/{dispute.pk}/")
    assert page.status_code == 500
    assert b"integrity_failure" in page.content and b"seed" in page.content
