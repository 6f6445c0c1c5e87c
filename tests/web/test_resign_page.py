"""Resigning from the game page (issue 43 item 2): a confirmation step, then the seat is the
bot's for good, the game leaves "Your games", the page says so and the log tells it."""
import re

import pytest

from games import services, store
from games.models import GameEvent, Seat
from tests.replay.conftest import client_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fresh_cache():
    store.cache.clear()
    yield
    store.cache.clear()


@pytest.fixture
def ana(django_user_model):
    return django_user_model.objects.create_user(username="ana", password="a long enough password 1")


@pytest.fixture
def game(ana):
    table = services.table_create(owner=ana, player_count=2, turn_seconds=None)
    services.seat_take(table_id=table.pk, user=ana, character="deirdre")
    services.seat_take(table_id=table.pk, user=ana, character="zot", ai=True, bot="heuristic")
    return services.table_start(table_id=table.pk, user=ana)


def _your_games(lobby: str) -> str:
    return re.search(r"<h2>Your games</h2>(.*?)</section>", lobby, re.S).group(1)


def test_the_game_page_offers_resigning_behind_a_confirmation(ana, game):
    page = client_for(ana).get(f"/games/{game.pk}/").content.decode()
    assert 'id="resign"' in page and "Resign or leave the game" in page
    assert f'action="/games/{game.pk}/resign/"' in page and 'id="resign-confirm"' in page
    assert 'id="resign"' not in client_for().get(f"/games/{game.pk}/").content.decode()   # spectators


def test_resigning_from_the_page_ends_your_part_and_the_game_leaves_your_games(ana, game):
    client = client_for(ana)
    assert f"/games/{game.pk}/" in _your_games(client.get("/").content.decode())
    r = client.post(f"/games/{game.pk}/resign/", follow=True)
    assert r.redirect_chain[-1][0] == "/"
    lobby = r.content.decode()
    assert "You resigned; a bot plays your seat to the end." in lobby
    assert f"/games/{game.pk}/" not in _your_games(lobby)
    assert GameEvent.objects.filter(game_id=game.pk, kind="seat_resigned").count() == 1
    assert Seat.objects.get(table_id=game.table_id, index=0).resigned

    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="resigned-note"' in page and 'id="take-back"' not in page and 'id="resign"' not in page
    assert "Deirdre resigned; a bot plays their seat." in page          # the log tells it
    assert f"/games/{game.pk}/" in client.get("/history/").content.decode()

    again = client.post(f"/games/{game.pk}/resign/", follow=True).content.decode()
    assert "You already resigned from this game." in again


def test_an_abandoned_seat_is_told_as_a_player_who_left(ana, game):
    services.seat_resign(game_id=game.pk, seat=0, actor="sweeper", reason="abandoned")
    log = client_for().get(f"/games/{game.pk}/log/?after=-1").json()
    lines = [line for step in log["steps"] for line in step["lines"]]
    assert "Deirdre left; a bot plays their seat." in lines
