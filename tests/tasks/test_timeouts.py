"""Timers against a real worker: a player who never acts times out at each deadline, a bot
takes the seat, and the seat is theirs again when they come back; a late timer is a no-op."""
from datetime import timedelta

import pytest

from games import appends, engine, services
from games.models import GameEvent, Seat

from .conftest import events_of, wait_for

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True), pytest.mark.slow]


def _table(api, timers):
    table = api.post("/api/tables/", {"player_count": 2, **timers}, format="json").json()
    return table["id"]


def test_absent_player_times_out_then_a_bot_plays_then_they_take_the_seat_back(worker_factory, make_user, api_for):
    worker = worker_factory(RDI_AI_PAUSE="0.15")
    absent = make_user("absent")
    api = api_for(absent)
    table_id = _table(api, {"turn_seconds": 1, "window_seconds": 1})
    assert api.post(f"/api/tables/{table_id}/seats/", {"character": "deirdre"}, format="json").status_code == 201
    r = api.post(f"/api/tables/{table_id}/seats/", {"character": "zot", "ai": True, "bot": "heuristic"},
                 format="json")
    assert r.status_code == 201
    game_id = api.post(f"/api/tables/{table_id}/start/").json()["id"]

    def handed_over():
        return GameEvent.objects.filter(game_id=game_id, kind="seat_control_changed").exists()

    wait_for(handed_over, timeout=60, what="the seat to be handed to a bot", worker=worker)
    events = events_of(game_id)
    timeouts = [e for e in events if e.kind == "timeout"]
    assert len(timeouts) == 2 and all(e.actor == "timeout" and e.seat == 0 for e in timeouts)
    by_seq = {e.seq: e for e in events}
    for e in timeouts:  # each fired at its deadline: a full timer after the prompt opened
        opened = by_seq[e.seq - 1].created_at
        assert e.created_at - opened >= timedelta(seconds=0.95), (e.seq, e.created_at - opened)
    handover = next(e for e in events if e.kind == "seat_control_changed")
    assert handover.payload == {"seat": 0, "to": "bot", "bot": "heuristic@9", "reason": "timeouts"}
    assert handover.actor == "timeout"
    assert Seat.objects.get(table_id=table_id, index=0).bot == "heuristic"

    # the bot plays seat 0 now, with no deadline
    wait_for(lambda: GameEvent.objects.filter(game_id=game_id, seat=0, actor="ai:heuristic@9").exists(),
             timeout=30, what="the bot to play the absent player's seat", worker=worker)

    # the player comes back
    r = api.post(f"/api/games/{game_id}/control/")
    assert r.status_code == 201 and r.json()["changed"], r.json()
    back = GameEvent.objects.filter(game_id=game_id, kind="seat_control_changed").order_by("-seq").first()
    assert back.payload["to"] == "player" and back.actor == f"user:{absent.pk}"
    assert Seat.objects.get(table_id=table_id, index=0).bot == ""

    def my_prompt():
        detail = api.get(f"/api/games/{game_id}/").json()
        if detail["over"]:
            pytest.skip("the game ended before the player could act")  # pragma: no cover
        prompt = detail["view"]["prompt"]
        return detail if prompt and prompt["seat"] == 0 and prompt.get("decisions") else None

    detail = wait_for(my_prompt, timeout=30, what="a prompt for the returning player", worker=worker)
    assert detail["deadline"] is not None          # a person's prompt is timed again
    decision = detail["view"]["prompt"]["decisions"][0]
    r = api.post(f"/api/games/{game_id}/decisions/", {"expected_seq": detail["seq"], "decision": decision},
                 format="json")
    assert r.status_code == 201, r.json()
    mine = GameEvent.objects.get(game_id=game_id, seq=r.json()["seq"])
    assert mine.actor == f"user:{absent.pk}" and mine.kind == "decision"
    after = [e for e in events_of(game_id) if e.seq > back.seq and e.seat == 0 and e.kind in ("decision", "timeout")]
    assert all(not e.actor.startswith("ai:") for e in after)


def test_a_timer_that_fires_after_the_player_acted_changes_nothing(worker_factory, make_user, api_for):
    from games import tasks

    worker = worker_factory()
    players = [make_user("p0"), make_user("p1")]
    table = services.table_create(owner=players[0], player_count=2, turn_seconds=1, window_seconds=1)
    for user, character in zip(players, ("deirdre", "zot")):
        services.seat_take(table_id=table.pk, user=user, character=character)
    game = services.table_start(table_id=table.pk, user=players[0], seed="stale-timer")
    state = engine.new_game({**game.setup, "seed": "stale-timer"})
    prompt = engine.prompts(state)[0]
    result = appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=prompt.decisions[0],
                                      actor=f"user:{players[prompt.seat].pk}", expected_seq=0)
    before = events_of(game.pk)
    # the timer of seq 0 fires now, after the player acted (as a delayed message would)
    tasks.expire.apply_async((game.pk, 0))
    wait_for(lambda: "succeeded" in worker.output() and "'stale'" in worker.output(), timeout=30,
             what="the late timer to run", worker=worker)
    # and a duplicate of the timer that did fire for the new seq, run twice, times out once
    after = events_of(game.pk)
    assert [e.hash for e in after[:len(before)]] == [e.hash for e in before]
    assert not any(e.kind == "timeout" and e.seq <= result.seq for e in after)
