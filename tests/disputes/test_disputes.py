"""Disputes end to end below the browser: report at a seq, the staff evidence page, who may
see what, outcomes as admin_* events that keep the game verifiable, the read-only admin."""
import orjson
import pytest
from django.db import connection

from games import engine, selectors, store
from games.errors import Illegal
from games.models import Game, GameEvent
from disputes import services as dispute_services
from disputes.models import Dispute, DisputeAction
from replay import frames
from replay.export import export_lines, parse_export, refold_export
from replay.verification import verify_game
from tests.disputes.conftest import play

pytestmark = pytest.mark.django_db(transaction=True)


def _decision_seq(game, seat=None):
    """The seq of a decision event in the game (by `seat` when given)."""
    events = GameEvent.objects.filter(game=game, kind="decision").order_by("seq")
    if seat is not None:
        events = events.filter(seat=seat)
    return events[len(events) // 2].seq


def _report(api, user, game, seq, category="rules", text="That card should not have hit me."):
    return api(user).post(f"/api/games/{game.pk}/disputes/", {"seq": seq, "category": category, "text": text},
                          format="json")


def test_a_player_reports_at_a_seq(api, people, live_game):
    seq = _decision_seq(live_game)
    resp = _report(api, people.bob, live_game, seq)
    assert resp.status_code == 201, resp.content
    body = resp.json()
    event = GameEvent.objects.get(game=live_game, seq=seq)
    assert (body["seq"], body["state_hash"], body["perspective"], body["category"]) == (seq, event.state_hash, "1",
                                                                                       "rules")
    dispute = Dispute.objects.get(pk=body["id"])
    assert dispute.reporter == people.bob and dispute.status == "open" and dispute.created_at
    mine = api(people.bob).get("/api/disputes/").json()
    assert [d["id"] for d in mine] == [dispute.pk]
    # the report is not an event: the game log is untouched
    assert GameEvent.objects.filter(game=live_game).count() == live_game.seq + 1


def test_who_may_report(api, people, live_game):
    assert _report(api, people.eve, live_game, 3).status_code == 403           # not playing, game in progress
    assert api().post(f"/api/games/{live_game.pk}/disputes/", {"seq": 1, "category": "rules", "text": "x"},
                      format="json").status_code in (401, 403)
    assert _report(api, people.ana, live_game, live_game.seq + 5).status_code == 404
    assert _report(api, people.ana, live_game, 2, category="weather").status_code == 400
    finished = play(live_game)
    resp = _report(api, people.eve, finished, 4, category="other", text="Looks odd.")
    assert resp.status_code == 201 and resp.json()["perspective"] == "omniscient"


def test_report_form_from_the_page(client, people, live_game):
    client.force_login(people.ana)
    page = client.get(f"/games/{live_game.pk}/")
    assert b'id="report-dialog"' in page.content
    replay_page = client.get(f"/games/{live_game.pk}/replay/?at=3&as=0")
    assert replay_page.status_code == 200 and b'id="report-dialog"' in replay_page.content
    assert b'name="seq" id="report-seq" value="3"' in replay_page.content
    resp = client.post(f"/games/{live_game.pk}/report/", {"seq": 4, "category": "timeout", "text": "I was there!"})
    assert resp.status_code == 302 and resp["Location"] == "/disputes/"
    mine = client.get("/disputes/")
    assert b"I was there!" in mine.content and b"open" in mine.content
    client.force_login(people.eve)
    assert client.post(f"/games/{live_game.pk}/report/", {"seq": 4, "category": "rules", "text": "x"}).status_code \
        == 403


def test_staff_page_shows_the_evidence(client, api, people, live_game):
    seq = _decision_seq(live_game)
    dispute_id = _report(api, people.bob, live_game, seq).json()["id"]
    event = GameEvent.objects.get(game=live_game, seq=seq)
    client.force_login(people.staff)
    page = client.get(f"/staff/disputes/{dispute_id}/")
    assert page.status_code == 200
    html = page.content.decode()
    for part in ('id="sides"', 'id="diff"', 'id="offered"', "TAKEN", 'id="integrity-result"', "OK: the hash chain",
                 f"/games/{live_game.pk}/replay/?at={seq}&amp;as=omniscient", "The prompt had been open for"):
        assert part in html, part
    ctx = page.context
    assert ctx["diff"], "a decision changes the state"
    # the diff is exactly the difference of the two omniscient views
    for row in ctx["diff"]:
        assert row["before"] != row["after"]
    taken = [d for p in ctx["offered"] for d in p["decisions"] if d["taken"]]
    assert len(taken) == 1
    assert {k: v for k, v in taken[0]["decision"].items() if k != "seat"} == \
        {k: v for k, v in event.payload.items() if k != "seat"}
    # the offered decisions are the engine's prompts on the state before the event
    with connection.cursor() as cursor:
        prev = GameEvent.objects.get(game=live_game, seq=seq - 1)
        before = store.load_state(cursor, game_id=live_game.pk, seq=seq - 1, expected_hash=prev.state_hash)
    assert [(p.seat, p.kind, len(p.decisions)) for p in engine.prompts(before)] == \
        [(p["seat"], p["kind"], len(p["decisions"])) for p in ctx["offered"]]
    who = ctx["who"]
    assert who["actor"] == event.actor
    assert who["kind"] == ("person" if event.actor.startswith("user:") else "bot")
    assert ctx["open_seconds"] >= 0
    assert [e["seq"] for e in ctx["surrounding"]] == list(range(max(seq - 5, 0), min(seq + 5, live_game.seq) + 1))
    # the API gives staff the same evidence
    data = api(people.staff).get(f"/api/disputes/{dispute_id}/").json()
    assert data["evidence"]["diff"] and data["evidence"]["integrity"]["ok"] is True


def test_only_staff_see_evidence(client, api, people, live_game):
    dispute_id = _report(api, people.bob, live_game, 5).json()["id"]
    for user in (people.ana, people.bob, people.eve):
        client.force_login(user)
        assert client.get(f"/staff/disputes/{dispute_id}/").status_code == 403
        assert client.get("/staff/disputes/").status_code == 403
    client.logout()
    assert client.get(f"/staff/disputes/{dispute_id}/").status_code == 403
    # the reporter sees their own dispute, without evidence; other players see nothing of it
    own = api(people.bob).get(f"/api/disputes/{dispute_id}/")
    assert own.status_code == 200 and "evidence" not in own.json()
    assert api(people.ana).get(f"/api/disputes/{dispute_id}/").status_code == 404
    assert api(people.ana).get("/api/disputes/").json() == []
    assert api(people.ana).get("/api/disputes/?all=1").json() == []


def test_non_staff_get_403_on_the_admin(client, people):
    client.force_login(people.bob)
    for url in ("/admin/", "/admin/games/gameevent/", "/admin/disputes/dispute/"):
        assert client.get(url).status_code == 403, url
    client.force_login(people.staff)
    people.staff.is_superuser = True
    people.staff.save()
    for url in ("/admin/", "/admin/games/game/", "/admin/games/table/", "/admin/games/seat/",
                "/admin/games/gameevent/", "/admin/games/gamesnapshot/", "/admin/disputes/dispute/",
                "/admin/disputes/dispute/?status__exact=open&category__exact=rules", "/admin/disputes/dispute/?q=x"):
        assert client.get(url).status_code == 200, url


def test_the_admin_cannot_change_or_delete_an_event(client, people, live_game):
    people.staff.is_superuser = True
    people.staff.save()
    client.force_login(people.staff)
    event = GameEvent.objects.get(game=live_game, seq=3)
    before = (event.kind, event.payload, event.hash)
    page = client.get(f"/admin/games/gameevent/{event.pk}/change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content      # a view, no save button
    assert client.post(f"/admin/games/gameevent/{event.pk}/change/",
                       {"kind": "decision", "seq": 3, "actor": "admin:1", "payload": "{}"}).status_code == 403
    assert client.post(f"/admin/games/gameevent/{event.pk}/delete/", {"post": "yes"}).status_code == 403
    assert client.post("/admin/games/gameevent/", {"action": "delete_selected", "_selected_action": [event.pk],
                                                    "post": "yes"}).status_code in (200, 302)
    assert client.get("/admin/games/gameevent/add/").status_code == 403
    event.refresh_from_db()
    assert (event.kind, event.payload, event.hash) == before
    assert GameEvent.objects.filter(game=live_game).count() == live_game.seq + 1
    assert verify_game(live_game.pk).ok


def test_resolving_adds_the_outcome_event_and_the_game_still_verifies(client, api, people, live_game):
    dispute_id = _report(api, people.bob, live_game, 6).json()["id"]
    client.force_login(people.staff)
    client.post(f"/staff/disputes/{dispute_id}/act/", {"action": "note", "text": "Checked the stack: fine."})
    resp = client.post(f"/staff/disputes/{dispute_id}/act/", {"action": "resolved",
                                                               "text": "The card was played correctly."})
    assert resp.status_code == 302
    live_game.refresh_from_db()
    tail = list(GameEvent.objects.filter(game=live_game).order_by("-seq")[:2])[::-1]
    assert [e.kind for e in tail] == ["admin_note", "admin_dispute_outcome"]
    assert tail[1].actor == f"admin:{people.staff.pk}" and tail[1].payload["outcome"] == "resolved"
    assert "The card was played" not in orjson.dumps(tail[1].payload).decode()   # the reason stays with the dispute
    assert verify_game(live_game.pk).ok
    actions = list(DisputeAction.objects.filter(dispute_id=dispute_id))
    assert [(a.kind, a.staff_id, a.event_seq) for a in actions] == [("note", people.staff.pk, tail[0].seq),
                                                                     ("resolve", people.staff.pk, tail[1].seq)]
    mine = api(people.bob).get("/api/disputes/").json()[0]
    assert (mine["status"], mine["outcome"]) == ("resolved", "The card was played correctly.")
    # a closed dispute cannot be closed again, and the game plays on after staff events
    resp = client.post(f"/staff/disputes/{dispute_id}/act/", {"action": "rejected", "text": "no"})
    assert Dispute.objects.get(pk=dispute_id).status == "resolved"
    play(live_game, steps=5)
    assert verify_game(live_game.pk).ok


def test_a_correction_is_folded_everywhere(api, people, live_game):
    dispute_id = _report(api, people.ana, live_game, 4).json()["id"]
    state = selectors.game_state(game=live_game)
    gold_before, inn_before = state.seats[0].gold, state.inn
    action = dispute_services.dispute_correct(dispute_id=dispute_id, staff=people.staff, seat=0, gold=2,
                                              reason="Gold lost to a proven fault")
    live_game.refresh_from_db()
    event = GameEvent.objects.get(game=live_game, seq=action.event_seq)
    assert event.kind == "admin_correction" and event.seat == 0 and event.payload["gold"] == 2
    store.cache.clear()
    state = selectors.game_state(game=live_game)                  # a cold load folds the correction
    moved = state.seats[0].gold - gold_before
    assert moved == 2 and state.inn == inn_before - moved
    assert engine.state_hash(state) == event.state_hash == live_game.state_hash
    assert verify_game(live_game.pk).ok
    frame = frames.frame(game=live_game, at=event.seq, viewer=frames.OMNISCIENT)
    assert frame["event"]["kind"] == "admin_correction" and frame["narration"]
    assert frames.timeline(game=live_game)["series"][-1][0][2] == state.seats[0].gold
    play(live_game)                                               # to the end, then the export re-folds
    assert verify_game(live_game.pk).ok
    header, events = parse_export(b"".join(export_lines(game=Game.objects.get(pk=live_game.pk), seat=None)).decode())
    assert refold_export(header, events) is None
    with pytest.raises(Exception):
        dispute_services.dispute_correct(dispute_id=dispute_id, staff=people.staff, seat=0, gold=1, reason="late")


def test_voiding_ends_the_game_with_no_winner(client, api, people, live_game):
    dispute_id = _report(api, people.ana, live_game, 4, category="abuse", text="Collusion").json()["id"]
    client.force_login(people.staff)
    client.post(f"/staff/disputes/{dispute_id}/act/", {"action": "void", "text": "Collusion proven"})
    live_game.refresh_from_db()
    assert live_game.status == "over" and live_game.winners == []
    tail = list(GameEvent.objects.filter(game=live_game).order_by("-seq")[:2])[::-1]
    assert [e.kind for e in tail] == ["admin_void", "game_ended"]
    assert tail[1].payload["voided"] is True and tail[1].payload["winners"] == []
    result = verify_game(live_game.pk)
    assert result.ok and result.seed_revealed
    # notes and outcomes still work on the finished game
    client.post(f"/staff/disputes/{dispute_id}/act/", {"action": "resolved", "text": "Game voided."})
    assert Dispute.objects.get(pk=dispute_id).status == "resolved"
    assert verify_game(live_game.pk).ok
    with pytest.raises(Illegal):
        dispute_services.dispute_void(dispute_id=dispute_id, staff=people.staff, reason="again")


def test_only_staff_can_act(people, api, live_game):
    dispute_id = _report(api, people.bob, live_game, 4).json()["id"]
    from games.errors import Forbidden

    with pytest.raises(Forbidden):
        dispute_services.dispute_close(dispute_id=dispute_id, staff=people.bob, outcome="resolved", reason="mine")
    assert Dispute.objects.get(pk=dispute_id).status == "open"


def test_evidence_at_the_first_event_and_at_a_staff_event(client, api, people, live_game):
    first = _report(api, people.ana, live_game, 0, category="other", text="The deal looked odd.").json()["id"]
    action = dispute_services.dispute_correct(dispute_id=first, staff=people.staff, seat=1, fortitude=-1,
                                              reason="Test correction")
    second = _report(api, people.bob, live_game, action.event_seq, text="Why did I lose Fortitude?").json()["id"]
    client.force_login(people.staff)
    page = client.get(f"/staff/disputes/{first}/")
    assert page.status_code == 200 and page.context["before"] is None and page.context["offered"] == []
    page = client.get(f"/staff/disputes/{second}/")
    assert page.status_code == 200
    assert page.context["who"]["kind"] == "admin"
    assert any(row["path"] == "seats.1.fortitude" for row in page.context["diff"])
    assert page.context["integrity"]["ok"]
