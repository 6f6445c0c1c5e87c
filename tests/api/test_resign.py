"""Resigning through the API (issue 43 item 2): `POST /api/games/{id}/resign/` appends
`seat_resigned` with the unchanged state hash, hands the seat to a bot for good, and every
refusal has its own code and sentence; the game leaves the player's "Your games" list."""
import pytest
from rest_framework.test import APIClient

from games import selectors, services
from games.models import Game, GameEvent, Seat

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery"


def _account(name):
    token = APIClient().post("/api/accounts/signup/", {"username": name, "password": PASSWORD},
                             format="json").json()["token"]
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return api


@pytest.fixture
def game():
    ana, bob, eve = _account("ana"), _account("bob"), _account("eve")
    table_id = ana.post("/api/tables/", {"player_count": 2}, format="json").json()["id"]
    assert ana.post(f"/api/tables/{table_id}/seats/", {"character": "deirdre"}, format="json").status_code == 201
    assert bob.post(f"/api/tables/{table_id}/seats/", {"character": "zot"}, format="json").status_code == 201
    started = ana.post(f"/api/tables/{table_id}/start/")
    assert started.status_code == 201, started.json()
    return {"id": started.json()["id"], "table": table_id, "ana": ana, "bob": bob, "eve": eve}


def test_resigning_appends_an_event_the_fold_ignores_and_gives_the_seat_to_a_bot_for_good(game):
    before = Game.objects.get(pk=game["id"])
    r = game["ana"].post(f"/api/games/{game['id']}/resign/")
    assert r.status_code == 201, r.json()
    assert r.json() == {"game": game["id"], "seq": before.seq + 1, "changed": True}
    event = GameEvent.objects.get(game_id=game["id"], seq=before.seq + 1)
    assert event.kind == "seat_resigned" and event.seat == 0 and event.actor.startswith("user:")
    assert event.payload == {"seat": 0, "reason": "resigned", "bot": "heuristic@9"}
    assert event.state_hash == before.state_hash            # a service event: the state is unchanged
    seat = Seat.objects.get(table_id=game["table"], index=0)
    assert seat.resigned and seat.bot == "heuristic"
    detail = game["ana"].get(f"/api/games/{game['id']}/").json()
    assert detail["seats"][0]["resigned"] is True and detail["seats"][0]["bot"] == "heuristic"
    assert detail["deadline"] is None and detail["your_prompt"] is False   # nobody waits for them
    assert game["ana"].get(f"/api/games/{game['id']}/verify/").json()["ok"]


def test_every_refusal_has_its_code_and_nothing_is_appended(game):
    gid = game["id"]
    r = game["eve"].post(f"/api/games/{gid}/resign/")
    assert r.status_code == 403 and r.json() == {"code": "not_your_seat", "message": "You have no seat at this game."}
    assert game["ana"].post(f"/api/games/{gid}/resign/").status_code == 201
    seq = Game.objects.get(pk=gid).seq

    r = game["ana"].post(f"/api/games/{gid}/resign/")
    assert r.status_code == 409 and r.json() == {"code": "already_resigned",
                                                "message": "You already resigned from this game."}
    r = game["ana"].post(f"/api/games/{gid}/control/")       # "I'm back" is refused after resigning
    assert r.status_code == 409 and r.json()["code"] == "resigned", r.json()
    assert "resigned" in r.json()["message"]
    detail = game["ana"].get(f"/api/games/{gid}/").json()
    decision = {"type": "discard", "cards": []}
    r = game["ana"].post(f"/api/games/{gid}/decisions/", {"expected_seq": detail["seq"], "decision": decision},
                         format="json")
    assert r.status_code == 403 and r.json()["code"] == "resigned", r.json()
    assert Game.objects.get(pk=gid).seq == seq
    assert Seat.objects.get(table_id=game["table"], index=0).bot == "heuristic"

    Game.objects.filter(pk=gid).update(status=Game.Status.OVER)
    r = game["bob"].post(f"/api/games/{gid}/resign/")
    assert r.status_code == 400 and r.json()["code"] == "game_over", r.json()
    assert Game.objects.get(pk=gid).seq == seq


def test_a_resigned_game_leaves_your_games_but_stays_watchable_and_in_your_history(game, django_user_model):
    ana = django_user_model.objects.get(username="ana")
    bob = django_user_model.objects.get(username="bob")
    assert [g.pk for g in selectors.games_active_of(user=ana)] == [game["id"]]
    services.seat_resign(game_id=game["id"], seat=0, actor=f"user:{ana.pk}")
    assert selectors.games_active_of(user=ana) == []
    assert [g.pk for g in selectors.games_active_of(user=bob)] == [game["id"]]
    assert [g.pk for g in selectors.games_of(user=ana)] == [game["id"]]
    assert game["id"] in [g.pk for g in selectors.games_active()]


def test_the_api_schema_lists_the_resign_endpoint(game):
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json")
    if schema.status_code != 200:
        pytest.skip("no schema view here")
    assert "/api/games/{game_id}/resign/" in schema.content.decode()
