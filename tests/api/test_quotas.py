"""Per-user limits (games/quotas.py): open tables and running games no person plays. Refused
with 409, a stable code and a sentence; a refused request leaves nothing behind; one user's
limit never touches another's; two racing requests cannot both take the last place."""
import threading

import pytest
from django.db import connection

from games.models import Game, Seat, Table

pytestmark = pytest.mark.django_db

CHARS = ["deirdre", "zot", "fiona", "gerki"]


def _table(api, n=2):
    r = api.post("/api/tables/", {"player_count": n}, format="json")
    return r


def _full_table(api, *, people: bool):
    table = _table(api).json()
    for index, character in enumerate(CHARS[:2]):
        body = {"character": character} if people and index == 0 else {"character": character, "ai": True}
        r = api.post(f"/api/tables/{table['id']}/seats/", body, format="json")
        assert r.status_code == 201, r.json()
    return table["id"]


def test_open_tables_are_limited_per_user_with_a_sentence(settings, make_user, api_for):
    settings.RDI_MAX_OPEN_TABLES_PER_USER = 2
    alice, bob = make_user("alice"), make_user("bob")
    api = api_for(alice)
    assert _table(api).status_code == 201
    assert _table(api).status_code == 201
    refused = _table(api)
    assert refused.status_code == 409
    assert refused.json() == {"code": "too_many_open_tables",
                              "message": "You already have 2 open tables; start or close one first."}
    assert Table.objects.filter(owner=alice).count() == 2          # nothing left behind
    assert _table(api_for(bob)).status_code == 201                   # another user's limit is their own


def test_a_started_table_frees_its_place(settings, make_user, api_for):
    settings.RDI_MAX_OPEN_TABLES_PER_USER = 1
    alice = make_user("alice")
    api = api_for(alice)
    table_id = _full_table(api, people=True)
    assert _table(api).status_code == 409
    assert api.post(f"/api/tables/{table_id}/start/").status_code == 201
    assert _table(api).status_code == 201


def test_games_no_person_plays_are_limited_per_user(settings, make_user, api_for):
    settings.RDI_MAX_AI_GAMES_PER_USER = 1
    alice = make_user("alice")
    api = api_for(alice)
    first, second, played = (_full_table(api, people=False), _full_table(api, people=False),
                             _full_table(api, people=True))
    assert api.post(f"/api/tables/{first}/start/").status_code == 201
    refused = api.post(f"/api/tables/{second}/start/")
    assert refused.status_code == 409
    assert refused.json()["code"] == "too_many_ai_games"
    assert refused.json()["message"] == ("You already have 1 game with only AI seats running; wait for one to "
                                         "end or take a seat yourself.")
    assert Table.objects.get(pk=second).status == "open" and not Game.objects.filter(table_id=second).exists()
    # a game a person plays is not counted, and is not refused
    assert api.post(f"/api/tables/{played}/start/").status_code == 201
    # when the AI game ends, its place is free again
    Game.objects.filter(table_id=first).update(status=Game.Status.OVER)
    assert api.post(f"/api/tables/{second}/start/").status_code == 201


def test_a_game_whose_person_handed_over_to_a_bot_counts_as_an_ai_game(settings, make_user, api_for):
    settings.RDI_MAX_AI_GAMES_PER_USER = 1
    alice = make_user("alice")
    api = api_for(alice)
    played, other = _full_table(api, people=True), _full_table(api, people=False)
    assert api.post(f"/api/tables/{played}/start/").status_code == 201
    Seat.objects.filter(table_id=played, is_ai=False).update(bot="heuristic")   # timed out: a bot plays it
    assert api.post(f"/api/tables/{other}/start/").json()["code"] == "too_many_ai_games"


def test_the_lobby_form_refuses_with_the_sentence_and_leaves_nothing(settings, make_user, client):
    settings.RDI_MAX_OPEN_TABLES_PER_USER = 1
    alice = make_user("alice")
    client.force_login(alice)
    form = {"player_count": "3", "character": "zot", "ai_seats": "1", "turn_seconds": "60"}
    assert client.post("/tables/new/", form).status_code == 302
    answer = client.post("/tables/new/", form, follow=True)
    assert answer.status_code == 200
    assert "You already have 1 open table; start or close one first." in answer.content.decode()
    assert Table.objects.filter(owner=alice).count() == 1
    assert Seat.objects.filter(table__owner=alice).count() == 2


def test_limits_of_zero_are_off(settings, make_user, api_for):
    settings.RDI_MAX_OPEN_TABLES_PER_USER = 0
    api = api_for(make_user("alice"))
    assert all(_table(api).status_code == 201 for _ in range(5))


@pytest.mark.django_db(transaction=True)
def test_racing_requests_cannot_both_take_the_last_place(settings, make_user):
    """Each request locks its owner's row before counting, so of many concurrent creations
    exactly the limit succeed (without the lock, most of them would)."""
    from games import services
    from games.errors import Conflict

    settings.RDI_MAX_OPEN_TABLES_PER_USER = 1
    alice = make_user("alice")
    barrier, results = threading.Barrier(6), []

    def create():
        try:
            barrier.wait()
            services.table_create(owner=alice, player_count=2)
            results.append("created")
        except Conflict as exc:
            results.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=create) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(results) == ["created"] + ["too_many_open_tables"] * 5
    assert Table.objects.filter(owner=alice).count() == 1


def test_play_now_at_the_limit_is_refused_with_the_sentence(settings, make_user, client):
    settings.RDI_MAX_OPEN_TABLES_PER_USER = 1
    alice = make_user("alice")
    client.force_login(alice)
    assert client.post("/tables/new/", {"player_count": "3", "character": "zot"}).status_code == 302
    answer = client.post("/play-now/", follow=True)
    assert answer.status_code == 200
    assert "You already have 1 open table; start or close one first." in answer.content.decode()
    assert Table.objects.filter(owner=alice).count() == 1
