"""What people expect from a game site: a rematch at game over, games to watch from the lobby
(as a spectator), Play now's timer notice, bots offered as levels, and an unknown /api/
address answered in JSON even with DEBUG on."""
from pathlib import Path

import pytest
from django.test import Client, override_settings

from games import appends, services, store
from games.models import Game, Table
from replay.export import parse_export
from tests.replay.conftest import client_for

pytestmark = pytest.mark.django_db(transaction=True)
GOLDEN = Path(__file__).parents[1] / "golden" / "two-players.jsonl"


@pytest.fixture(autouse=True)
def _fresh_cache():
    store.cache.clear()
    yield
    store.cache.clear()


@pytest.fixture
def ana(django_user_model):
    return django_user_model.objects.create_user(username="ana", password="a long enough password 1")


@pytest.fixture
def finished_game(ana):
    """A recorded two-player game replayed to its end: ana in seat 0, a Hard bot in seat 1."""
    header, events = parse_export(GOLDEN.read_text())
    seats = header["setup"]["seats"]
    table = services.table_create(owner=ana, player_count=2, turn_seconds=60, window_seconds=15)
    services.seat_take(table_id=table.pk, user=ana, character=seats[0]["character"])
    services.seat_take(table_id=table.pk, user=ana, character=seats[1]["character"], ai=True, bot="mcts")
    game = services.table_start(table_id=table.pk, user=ana, seed=header["seed"])
    for e in events:
        if e["kind"] == "decision":
            appends.submit_decision(game_id=game.pk, seat=e["seat"], decision=e["payload"], actor=e["actor"],
                                     expected_seq=e["seq"] - 1)
    game.refresh_from_db()
    assert game.status == Game.Status.OVER
    return game


def test_game_over_offers_a_rematch_that_deals_the_same_seats_a_new_seed(finished_game, ana):
    client = client_for(ana)
    page = client.get(f"/games/{finished_game.pk}/").content.decode()
    assert 'id="rematch"' in page
    r = client.post(f"/games/{finished_game.pk}/rematch/")
    assert r.status_code == 302
    new = Game.objects.exclude(pk=finished_game.pk).get()
    assert r["Location"] == f"/games/{new.pk}/"
    old_seats = [(s.index, s.character, s.is_ai, s.bot, s.user_id) for s in finished_game.table.seats.order_by("index")]
    new_seats = [(s.index, s.character, s.is_ai, s.bot, s.user_id) for s in new.table.seats.order_by("index")]
    assert new_seats == old_seats
    assert (new.table.turn_seconds, new.table.window_seconds) == (60, 15)
    assert new.status == Game.Status.ACTIVE and new.seed_sha256 != finished_game.seed_sha256


def test_a_rematch_with_other_players_leaves_their_seats_open(finished_game, ana, django_user_model):
    bob = django_user_model.objects.create_user(username="bob", password="a long enough password 1")
    seat = finished_game.table.seats.get(index=1)
    seat.is_ai, seat.user, seat.bot = False, bob, ""
    seat.save()
    r = client_for(ana).post(f"/games/{finished_game.pk}/rematch/")
    table = Table.objects.exclude(pk=finished_game.table_id).get()
    assert r["Location"] == f"/tables/{table.pk}/"
    assert table.status == Table.Status.OPEN and list(table.seats.values_list("index", "user_id")) == [(0, ana.pk)]


def test_only_a_player_of_a_finished_game_gets_a_rematch(finished_game, django_user_model):
    eve = django_user_model.objects.create_user(username="eve", password="a long enough password 1")
    r = client_for(eve).post(f"/games/{finished_game.pk}/rematch/", follow=True)
    assert b"Only a player of a finished game can ask for a rematch." in r.content
    assert Game.objects.count() == 1


def test_the_lobby_lists_live_games_to_watch_as_a_spectator(ana, django_user_model):
    table = services.table_create(owner=ana, player_count=2)
    services.seat_take(table_id=table.pk, user=ana, character="zot")
    services.seat_take(table_id=table.pk, user=ana, character="fiona", ai=True, bot="random")
    game = services.table_start(table_id=table.pk, user=ana)
    eve = django_user_model.objects.create_user(username="eve", password="a long enough password 1")
    lobby = client_for(eve).get("/").content.decode()
    assert f'href="/games/{game.pk}/"' in lobby and "Watch game" in lobby and "Fiona (Easy bot)" in lobby
    watching = client_for(eve).get(f"/games/{game.pk}/").content.decode()
    assert "watching this game as a spectator" in watching and 'id="prompt"' not in watching
    assert 'name="cards"' not in watching and 'data-card=' not in watching       # no hand at all
    assert "Watch game" not in client_for(ana).get("/").content.decode()            # not your own game


@override_settings(RDI_TURN_SECONDS=90, RDI_WINDOW_SECONDS=20, RDI_TIMEOUTS_BEFORE_HANDOVER=3)
def test_play_now_says_that_turn_timers_apply_and_how_long(ana):
    lobby = client_for(ana).get("/").content.decode()
    assert 'id="timer-notice"' in lobby
    # the timer is per decision, not per turn (issue 43 item 2), and the hand-over is told
    assert "<strong>90 s</strong> for each decision on your turn" in lobby and "<strong>20 s</strong> to answer" in lobby
    assert "After three timeouts in a row a bot plays your seat, slowly, until you press" in lobby


def test_bots_are_offered_as_levels_with_a_line_each(ana):
    lobby = client_for(ana).get("/").content.decode()
    for level, bot in (("Easy", "random"), ("Normal", "heuristic"), ("Hard", "mcts")):
        assert f'<option value="{bot}"' in lobby and f">{level}</option>" in lobby
    assert "heuristic@" not in lobby and "games/ai/" not in lobby


@override_settings(DEBUG=True)
def test_an_unknown_api_address_is_a_json_404_even_with_debug_on():
    r = Client().get("/api/no/such/thing/")
    assert r.status_code == 404 and r["Content-Type"] == "application/json"
    assert r.json() == {"code": "not_found", "message": "There is nothing at this address."}
    assert Client(enforce_csrf_checks=True).post("/api/games/AAA/autopass/").json()["code"] == "not_found"
    assert Client().get("/api/tables").status_code == 301       # a known address without its slash
