"""Expensive reads (issue 37, item 6): GET /api/games/{id}/verify/ is served from the shared
cache without re-folding while nothing it checks changed, tampering gives a new key so a
stale "ok" never masks it, and verify, export, replay timeline and replay frames are
throttled: per address without an account, per account with one."""
import pytest
from django.db import connection
from rest_framework.test import APIClient

from replay import verification, verify_cache
from tests.owner import owner_role
from tests.replay.conftest import play, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def counted_folds(monkeypatch):
    calls = []
    real = verification.verify_game

    def counting(game_id):
        calls.append(game_id)
        return real(game_id)

    monkeypatch.setattr(verification, "verify_game", counting)
    return calls


def _rates(settings, **rates):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates}}


def _tamper_event(game, seq):
    with owner_role(), connection.cursor() as cursor:   # only the owner may touch the trigger
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("ALTER TABLE games_event DISABLE TRIGGER games_event_append_only")
        cursor.execute("UPDATE games_event SET payload = jsonb_set(payload, '{type}', '\"forged\"') "
                       "WHERE game_id = %s AND seq = %s", [game.pk, seq])
        cursor.execute("ALTER TABLE games_event ENABLE TRIGGER games_event_append_only")


def test_a_finished_games_verification_is_folded_once(finished_game, counted_folds):
    api = APIClient()
    first = api.get(f"/api/games/{finished_game.pk}/verify/")
    second = api.get(f"/api/games/{finished_game.pk}/verify/")
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json() and first.json()["ok"] is True
    assert counted_folds == [finished_game.pk]


def test_a_live_game_is_verified_again_after_each_append(players, counted_folds):
    game = play(start_game(*players), steps=5)
    api = APIClient()
    assert api.get(f"/api/games/{game.pk}/verify/").json()["last_seq"] == game.seq
    assert api.get(f"/api/games/{game.pk}/verify/").json()["last_seq"] == game.seq
    game = play(game, rng_seed=2, steps=1)
    assert api.get(f"/api/games/{game.pk}/verify/").json()["last_seq"] == game.seq
    assert counted_folds == [game.pk, game.pk]


def test_tampering_after_a_cached_ok_is_reported_not_masked(finished_game, counted_folds):
    """A database owner editing an event leaves the game row's last_hash alone; the key is a
    digest of every row verification reads, so the edit is a new key and a fresh fold."""
    api = APIClient()
    assert api.get(f"/api/games/{finished_game.pk}/verify/").json()["ok"] is True
    _tamper_event(finished_game, 7)
    body = api.get(f"/api/games/{finished_game.pk}/verify/").json()
    assert body["ok"] is False and body["first_bad_seq"] == 7, body
    assert len(counted_folds) == 2


def test_a_changed_seed_row_is_a_new_key(finished_game):
    before = verify_cache.cache_key(finished_game.pk)
    with owner_role(), connection.cursor() as cursor:
        cursor.execute("UPDATE games_gameseed SET seed = %s WHERE game_id = %s", ["cd" * 32, finished_game.pk])
    assert verify_cache.cache_key(finished_game.pk) != before


def test_no_cache_when_turned_off(finished_game, counted_folds, settings):
    settings.RDI_VERIFY_CACHE_SECONDS = 0
    api = APIClient()
    api.get(f"/api/games/{finished_game.pk}/verify/")
    api.get(f"/api/games/{finished_game.pk}/verify/")
    assert len(counted_folds) == 2


@pytest.mark.parametrize("path", ["verify/", "export/", "replay/timeline/"])
def test_anonymous_expensive_reads_answer_429_with_retry_after_and_a_sentence(finished_game, settings, path):
    _rates(settings, reads_anon="3/min", reads_user="5/min")
    api = APIClient()
    url = f"/api/games/{finished_game.pk}/{path}"
    assert [api.get(url).status_code for _ in range(3)] == [200, 200, 200]
    refused = api.get(url)
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    body = refused.json()
    assert body["code"] == "throttled"
    assert body["message"].startswith("Too many attempts; try again in ") and body["message"].endswith("seconds.")


def test_the_expensive_reads_share_one_budget(finished_game, settings):
    _rates(settings, reads_anon="2/min")
    api = APIClient()
    assert api.get(f"/api/games/{finished_game.pk}/verify/").status_code == 200
    assert api.get(f"/api/games/{finished_game.pk}/export/").status_code == 200
    assert api.get(f"/api/games/{finished_game.pk}/replay/timeline/").status_code == 429


def test_a_logged_in_player_keeps_their_own_budget(finished_game, players, settings):
    """An anonymous flood from the player's own address does not use up the player's reads,
    and each account's budget is its own."""
    _rates(settings, reads_anon="2/min", reads_user="4/min")
    url = f"/api/games/{finished_game.pk}/verify/"
    anonymous = APIClient()
    while anonymous.get(url).status_code == 200:
        pass
    ana, bob = APIClient(), APIClient()
    ana.force_authenticate(players[0])
    bob.force_authenticate(players[1])
    assert [ana.get(url).status_code for _ in range(5)] == [200, 200, 200, 200, 429]
    assert bob.get(url).status_code == 200
    assert anonymous.get(url).status_code == 429


def test_replay_frames_have_a_budget_of_their_own(finished_game, settings):
    _rates(settings, reads_anon="1/min", frames_anon="3/min")
    api = APIClient()
    assert api.get(f"/api/games/{finished_game.pk}/verify/").status_code == 200
    codes = [api.get(f"/api/games/{finished_game.pk}/replay/?at={n}").status_code for n in range(4)]
    assert codes == [200, 200, 200, 429]


def test_cheap_reads_are_not_throttled(finished_game, settings):
    _rates(settings, reads_anon="1/min", frames_anon="1/min")
    api = APIClient()
    for _ in range(5):
        assert api.get(f"/api/games/{finished_game.pk}/").status_code == 200
        assert api.get(f"/api/games/{finished_game.pk}/events/").status_code == 200
