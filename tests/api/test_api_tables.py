"""Tables and seats through the API: create, sit, add AI seats, and who may start."""
import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner_api(make_user, api_for):
    return api_for(make_user("owner"))


def test_create_sit_and_list(owner_api, make_user, api_for):
    table = owner_api.post("/api/tables/", {"player_count": 3, "turn_seconds": 60}, format="json")
    assert table.status_code == 201, table.json()
    table_id = table.json()["id"]
    sat = owner_api.post(f"/api/tables/{table_id}/seats/", {"character": "zot"}, format="json")
    assert sat.status_code == 201, sat.json()
    guest = api_for(make_user("guest"))
    assert guest.post(f"/api/tables/{table_id}/seats/", {"character": "fiona", "index": 2}, format="json").status_code == 201
    again = guest.post(f"/api/tables/{table_id}/seats/", {"character": "fiona"}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "already_seated"
    ai = owner_api.post(f"/api/tables/{table_id}/seats/", {"character": "gerki", "ai": True}, format="json")
    assert ai.status_code == 201
    seats = ai.json()["seats"]
    assert [(s["index"], s["character"], s["ai"], s["user"]) for s in seats] == [
        (0, "zot", False, "owner"), (1, "gerki", True, None), (2, "fiona", False, "guest")]
    listed = api_for().get("/api/tables/").json()
    assert [t["id"] for t in listed] == [table_id]


def test_only_the_owner_adds_ai_seats_and_starts(owner_api, make_user, api_for):
    table_id = owner_api.post("/api/tables/", {"player_count": 2}, format="json").json()["id"]
    guest = api_for(make_user("guest"))
    ai = guest.post(f"/api/tables/{table_id}/seats/", {"character": "zot", "ai": True}, format="json")
    assert ai.status_code == 403 and ai.json()["code"] == "forbidden"
    start = guest.post(f"/api/tables/{table_id}/start/")
    assert start.status_code == 403 and start.json()["code"] == "forbidden"
    anonymous = api_for().post(f"/api/tables/{table_id}/start/")
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "not_authenticated"
    early = owner_api.post(f"/api/tables/{table_id}/start/")
    assert early.status_code == 409 and early.json()["code"] == "seats_not_filled"


@pytest.mark.parametrize("body, code", [
    ({"player_count": 1}, "invalid_player_count"),      # the engine's codes (games/engine/core/table_setup.py)
    ({"player_count": "many"}, "invalid_player_count"),
    ({"player_count": 9}, "invalid_player_count"),
    ({"player_count": 2, "variant": "nope"}, "unknown_variant"),
    ({"player_count": 2, "options": [1, 2]}, "invalid_option"),
    ({"player_count": 2, "turn_seconds": -5}, "invalid_timer"),
    ({"player_count": 2, "options": {"note": "a\u0000b"}}, "invalid_input"),   # jsonb can't hold NUL
])
def test_bad_tables_are_4xx_with_a_code(owner_api, body, code):
    response = owner_api.post("/api/tables/", body, format="json")
    assert 400 <= response.status_code < 500 and response.json()["code"] == code


def test_bad_seats_and_unknown_tables(owner_api):
    table_id = owner_api.post("/api/tables/", {"player_count": 2}, format="json").json()["id"]
    bad_index = owner_api.post(f"/api/tables/{table_id}/seats/", {"character": "zot", "index": 5}, format="json")
    assert bad_index.status_code == 400 and bad_index.json()["code"] == "invalid_seat"
    assert owner_api.get("/api/tables/99999999/").json()["code"] == "not_found"
    huge = owner_api.post(f"/api/tables/{10**30}/seats/", {"character": "zot"}, format="json")
    assert huge.status_code == 404
    assert owner_api.get("/api/nowhere/").json()["code"] == "not_found"
