"""Stand-ins and resignations (issue 43 item 2), against a real worker on the real Redis.

A bot standing in for a player who timed out waits RDI_STAND_IN_SECONDS on the AI clock
before each decision (nobody's batch plays it at once, the sweeper does not send it early),
and "I'm back" while its turn waits leaves that turn unplayed. A resigned player's bot plays
at bot speed; a game every person resigned, or an untimed one abandoned for
RDI_ABANDONED_AFTER_DAYS, is played out and ends."""
import re
import time
from datetime import datetime, timedelta, timezone

import pytest
import redis
from django.conf import settings

from games import clock, jobs, selectors, services, timers
from games.models import Game, GameEvent, Seat
from replay.export import parse_export, refold_export
from replay.verification import verify_game

from .conftest import QUEUE, events_of, game_row, wait_for

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True), pytest.mark.slow]
BOT = "ai:heuristic@9"


@pytest.fixture
def clean_clock():
    client = redis.Redis.from_url(settings.REDIS_URL)
    yield client
    homes = [home.decode() for home in client.smembers(clock._key("homes"))]
    client.delete(clock._due(""), clock._key("homes"), *[clock._due(home) for home in homes])
    redis.Redis.from_url(settings.CELERY_BROKER_URL).delete(QUEUE)


def _game(make_user, *, turn_seconds, name="absent", ai_bot="heuristic"):
    """A person (seat 0) and a bot (seat 1)."""
    person = make_user(name)
    table = services.table_create(owner=person, player_count=2, turn_seconds=turn_seconds,
                                  window_seconds=turn_seconds)
    services.seat_take(table_id=table.pk, user=person, character="deirdre")
    services.seat_take(table_id=table.pk, user=person, character="zot", ai=True, bot=ai_bot)
    return person, table, services.table_start(table_id=table.pk, user=person).pk


def _stand_in_turns(game_id):
    return [e for e in events_of(game_id) if e.seat == 0 and e.actor == BOT and e.kind == "decision"]


def test_a_stand_in_plays_at_a_human_pace_and_i_am_back_cancels_its_waiting_turn(worker_factory, make_user,
                                                                                 api_for, clean_clock):
    pace = 3.5      # longer than RDI_SWEEP_STALE_SECONDS (2 here): the sweeper must not play it early
    worker = worker_factory(RDI_STAND_IN_SECONDS=str(pace))
    person, table, game_id = _game(make_user, turn_seconds=1)
    wait_for(lambda: GameEvent.objects.filter(game_id=game_id, kind="seat_control_changed").exists(),
             timeout=60, what="the seat to be handed to a bot", worker=worker)
    wait_for(lambda: len(_stand_in_turns(game_id)) >= 2, timeout=60, what="two stand-in decisions", worker=worker)
    by_seq = {e.seq: e for e in events_of(game_id)}
    for e in _stand_in_turns(game_id):
        waited = (e.created_at - by_seq[e.seq - 1].created_at).total_seconds()
        assert waited >= pace - 0.1, f"the stand-in decided seq {e.seq} after {waited:.2f} s"
    # the other bot at the table keeps its own speed: it is not made to wait (its turn may not
    # have come yet when the stand-in has decided twice, so wait for one, at its speed)
    def quick():
        events = events_of(game_id)
        seqs = {e.seq: e for e in events}
        return [e for e in events if e.seat == 1 and e.actor == BOT
                and (e.created_at - seqs[e.seq - 1].created_at).total_seconds() < 1]

    wait_for(quick, timeout=60, what="a decision of the AI seat's bot within 1 s (it waited like a stand-in)",
             worker=worker)

    def stand_in_waiting():
        game = game_row(game_id)
        fresh = datetime.now(timezone.utc) - game.updated_at < timedelta(seconds=pace - 2)
        return game if game.status == "active" and game.prompt_seats == [0] and fresh else None

    waiting = wait_for(stand_in_waiting, timeout=60, what="a stand-in's turn waiting on the clock", worker=worker,
                       every=0.05)
    api = api_for(person)
    r = api.post(f"/api/games/{game_id}/control/")            # "I'm back", while the turn waits
    assert r.status_code == 201 and r.json()["changed"], r.json()
    back = r.json()["seq"]
    assert back == waiting.seq + 1
    time.sleep(pace + 1.5)
    assert not [e for e in _stand_in_turns(game_id) if e.seq > waiting.seq], "the bot played the returned seat"
    game = game_row(game_id)
    assert game.seq == back or game.status == "over" or GameEvent.objects.get(game_id=game_id, seq=back + 1).actor \
        in ("timeout", f"user:{person.pk}")
    assert "is still waiting" not in worker.output()


def test_play_automatic_and_the_sweeper_leave_a_stand_in_turn_to_its_time(make_user, settings, monkeypatch,
                                                                          clean_clock):
    settings.RDI_STAND_IN_SECONDS = 30
    sent = []
    monkeypatch.setattr(jobs, "send", lambda name, *args, **kw: sent.append(args) if name == jobs.ADVANCE else None)
    monkeypatch.setattr(clock, "_send_tick", lambda *a, **kw: None)
    monkeypatch.setattr(timers, "_claim", lambda key: True)
    person, table, game_id = _game(make_user, turn_seconds=None)
    for _ in range(50):     # no worker here: the bot's first turns (when it starts) are played in this test
        game = game_row(game_id)
        if game.prompt_seats == [0]:
            break
        timers.play_automatic(game_id, game.seq)
    assert game_row(game_id).prompt_seats == [0]
    services.seat_control_change(game_id=game_id, seat=0, to="bot", reason="timeouts", actor="timeout")
    game = game_row(game_id)
    assert timers.stand_in_seats(game_id) == {0}
    due = clean_clock.zscore(clock._due(""), f"{game_id}:{game.seq}")
    assert due is not None and 29 < due - time.time() <= 30          # put on the clock by the commit

    sent.clear()
    clean_clock.delete(clock._due(""))
    assert timers.play_automatic(game_id, game.seq) == 0               # early: back on the clock
    assert game_row(game_id).seq == game.seq
    assert 28 < clean_clock.zscore(clock._due(""), f"{game_id}:{game.seq}") - time.time() <= 30

    stale = settings.RDI_SWEEP_STALE_SECONDS + settings.RDI_AI_THINK_SECONDS
    Game.objects.filter(pk=game_id).update(updated_at=game.updated_at - timedelta(seconds=stale + 1))
    assert timers.sweep()["turns"] == 0 and sent == []                 # late for a bot, not for a stand-in
    Game.objects.filter(pk=game_id).update(updated_at=game.updated_at - timedelta(seconds=stale + 31))
    assert timers.sweep()["turns"] == 1 and sent == [(game_id, game.seq)]
    assert timers.play_automatic(game_id, game.seq) == 1               # overdue: played now
    assert GameEvent.objects.get(game_id=game_id, seq=game.seq + 1).actor == BOT


def test_when_every_person_resigned_the_bots_play_it_out_in_the_background(worker_factory, make_user, api_for,
                                                                           clean_clock, settings, monkeypatch):
    worker = worker_factory(RDI_STAND_IN_SECONDS="30")
    person, table, game_id = _game(make_user, turn_seconds=None)
    wait_for(lambda: game_row(game_id).prompt_seats == [0], timeout=30, what="the person's prompt", worker=worker)
    queued = []
    monkeypatch.setattr(jobs, "send_advance", lambda g, s, *, people: queued.append(people))
    settings.RDI_SCHEDULE_TASKS = True
    r = api_for(person).post(f"/api/games/{game_id}/resign/")
    assert r.status_code == 201, r.json()
    assert queued == [False]        # no person plays it now: background priority
    monkeypatch.undo()
    jobs.send_advance(game_id, r.json()["seq"], people=False)         # what the commit queued, for real
    game = wait_for(lambda: (g := game_row(game_id)).status == "over" and g, timeout=120,
                    what="the resigned game to end at bot speed (not the stand-in's 30 s)", worker=worker)
    assert game_id not in [g.pk for g in selectors.games_active()]    # it does not linger in "Watch a game"
    assert selectors.games_active_of(user=person) == []
    events = events_of(game_id)
    assert [e.kind for e in events].count("seat_resigned") == 1
    assert all(e.actor.startswith("ai:") for e in events if e.kind == "decision" and e.seq > r.json()["seq"])
    assert verify_game(game_id).as_dict()["ok"]
    export = api_for(person).get(f"/api/games/{game_id}/export/")
    text = b"".join(export.streaming_content).decode() if export.streaming else export.content.decode()
    refold_export(*parse_export(text))         # the export verifies without a database, service event and all


def test_the_sweeper_resigns_an_abandoned_untimed_game_and_it_ends(worker_factory, make_user, clean_clock):
    worker = worker_factory(RDI_ABANDONED_AFTER_DAYS="7")
    person, table, game_id = _game(make_user, turn_seconds=None)
    waiting = wait_for(lambda: (g := game_row(game_id)).prompt_seats == [0] and g, timeout=30,
                       what="the person's prompt", worker=worker)
    sweeps = worker.ran("games.tasks.sweep")
    wait_for(lambda: worker.ran("games.tasks.sweep") >= sweeps + 3, timeout=30, what="three more sweeps",
             worker=worker)     # ...which leave a game idle for less than the limit alone
    assert not GameEvent.objects.filter(game_id=game_id, kind="seat_resigned").exists()
    Game.objects.filter(pk=game_id).update(updated_at=waiting.updated_at - timedelta(days=8))
    left = wait_for(lambda: GameEvent.objects.filter(game_id=game_id, kind="seat_resigned").first(), timeout=30,
                    what="the sweeper to resign the idle person", worker=worker)
    assert left.actor == "sweeper" and left.payload == {"seat": 0, "reason": "abandoned", "bot": "heuristic@9"}
    assert Seat.objects.get(table_id=table.pk, index=0).resigned
    wait_for(lambda: game_row(game_id).status == "over", timeout=120, what="the abandoned game to end",
             worker=worker)
    assert verify_game(game_id).as_dict()["ok"]
    assert not re.search(r"ERROR", worker.output())
