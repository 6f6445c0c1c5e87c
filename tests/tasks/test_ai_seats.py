"""AI seats, timeouts and crashes against a real Celery worker on the real Redis broker."""

import pytest

from replay.verification import verify_game

from .conftest import events_of, game_row, wait_for

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True), pytest.mark.slow]

CHARS = ["deirdre", "zot", "fiona", "gerki"]


def _all_ai_game_via_api(api, owner, bots=("heuristic", "random", "heuristic", "random")):
    table = api.post("/api/tables/", {"player_count": 4}, format="json").json()
    for character, bot in zip(CHARS, bots):
        r = api.post(f"/api/tables/{table['id']}/seats/", {"character": character, "ai": True, "bot": bot},
                     format="json")
        assert r.status_code == 201, r.json()
    r = api.post(f"/api/tables/{table['id']}/start/")
    assert r.status_code == 201, r.json()
    return r.json()["id"]


def _assert_clean_log(game_id):
    events = events_of(game_id)
    assert [e.seq for e in events] == list(range(len(events)))
    keys = [e.idempotency_key for e in events if e.idempotency_key]
    assert len(keys) == len(set(keys))
    decided_at = [e.seq for e in events if e.kind in ("decision", "timeout")]
    # one decision per prompt: every decision's key names the seq it answered
    for e in events:
        if e.kind == "decision" and e.actor.startswith("ai:"):
            assert e.idempotency_key == f"ai:{e.seq - 1}:{e.seat}"
    assert decided_at
    report = verify_game(game_id).as_dict()
    assert report["ok"], report
    return events


def test_four_ai_seats_play_to_a_winner(worker_factory, make_user, api_for):
    worker = worker_factory()
    owner = make_user("owner")
    game_id = _all_ai_game_via_api(api_for(owner), owner)
    game = wait_for(lambda: (g := game_row(game_id)).status == "over" and g, timeout=90, what="the game to end",
                    worker=worker)
    assert game.winners
    events = _assert_clean_log(game_id)
    decisions = [e for e in events if e.kind in ("decision", "timeout")]
    assert {e.actor for e in decisions} <= {"ai:heuristic@9", "ai:random@1"}
    assert all(e.kind == "decision" for e in decisions)
    assert events[-1].kind == "game_ended"


def test_worker_killed_mid_game_and_a_new_one_finishes_it(worker_factory, make_user, api_for):
    first = worker_factory(RDI_AI_PAUSE="0.03")
    owner = make_user("owner")
    game_id = _all_ai_game_via_api(api_for(owner), owner)
    wait_for(lambda: game_row(game_id).seq >= 15, timeout=60, what="the game to get going", worker=first)
    first.kill()
    at_kill = game_row(game_id)
    assert at_kill.status == "active", "the game ended before the worker could be killed"
    second = worker_factory()
    game = wait_for(lambda: (g := game_row(game_id)).status == "over" and g, timeout=120,
                    what="the second worker to finish the game", worker=second)
    assert game.seq > at_kill.seq and game.winners
    _assert_clean_log(game_id)
