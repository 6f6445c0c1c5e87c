"""The lobby's Create table form and the rematch button go through the engine's one validation
of a table's setup (games/engine/table_setup.py): a bad timer, Starting Gold or option is
refused with the sentence the API gives (never a 500), and a refused request leaves nothing
behind: no table, no seat, not even the owner's."""
import pytest

from games import services
from games.engine import table_setup
from games.engine.errors import SetupError
from games.models import Game, Seat, Table
from tests.replay.conftest import client_for
from tests.web.test_site_features import _fresh_cache, ana, finished_game  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db(transaction=True)
FORM = {"player_count": "2", "character": "zot", "ai_seats": "1", "variant": "base"}


def _post(user, **fields):
    return client_for(user).post("/tables/new/", {**FORM, **fields}, follow=True)


def _lobby_says(response) -> list[str]:
    assert response.status_code == 200 and response.redirect_chain[-1][0] == "/", response.redirect_chain
    return [str(m) for m in response.context["messages"]]


def _api_says(user, **body) -> dict:
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(user)
    answer = api.post("/api/tables/", {"player_count": 2, **body}, format="json")
    assert answer.status_code == 400
    return answer.json()


@pytest.mark.parametrize("seconds", ["-5", "999999", "86401", "99999999999999999999", "0", "1.5", "abc"])
def test_a_bad_turn_timer_is_refused_with_the_api_s_sentence_and_no_table(ana, seconds):
    said = _lobby_says(_post(ana, turn_seconds=seconds))
    assert not Table.objects.exists() and not Seat.objects.exists()
    assert len(said) == 1 and "The turn timer (turn_seconds) is a whole number of seconds from 1 to 86400" in said[0]
    if seconds.lstrip("-").isdigit():
        assert said[0] == _api_says(ana, turn_seconds=int(seconds))["message"]


@pytest.mark.parametrize("gold", ["-5", "0", "101", "18446744073709551615", "3.5", "yes"])
def test_a_bad_starting_gold_is_refused_with_the_engine_s_sentence(ana, gold):
    said = _lobby_says(_post(ana, starting_gold=gold))
    assert not Table.objects.exists()
    with pytest.raises(SetupError) as e:
        table_setup.check_options({"starting_gold": int(gold) if gold.lstrip("-").isdigit() else gold}, None)
    assert said == [e.value.message]


def test_a_starting_gold_in_range_plays(ana):
    r = client_for(ana).post("/tables/new/", {**FORM, "starting_gold": "20", "start": "1"})
    game = Game.objects.get()
    assert r["Location"] == f"/games/{game.pk}/" and game.setup["options"] == {"starting_gold": 20}


def test_the_table_page_says_the_starting_gold(ana):
    r = client_for(ana).post("/tables/new/", {**FORM, "starting_gold": "15", "ai_seats": "0"})
    table = Table.objects.get()
    assert r["Location"] == f"/tables/{table.pk}/" and table.options == {"starting_gold": 15}
    assert "Starting Gold: 15 on every mat" in client_for(ana).get(r["Location"]).content.decode()


def test_otto_at_seven_players_is_refused_with_the_api_s_sentence(ana):
    said = _lobby_says(_post(ana, player_count="7", otto="1"))
    assert said == [_api_says(ana, player_count=7, options={"otto": True})["message"]]
    assert not Table.objects.exists()


def test_a_refused_seat_leaves_no_table_with_only_the_owner_s_seat(ana):
    said = _lobby_says(_post(ana, ai_seats="1", bot="no-such-bot"))
    assert said and "no-such-bot" in said[0]
    assert not Table.objects.exists() and not Seat.objects.exists()


def _rematch_refused(user, game) -> list[str]:
    r = client_for(user).post(f"/games/{game.pk}/rematch/", follow=True)
    assert r.status_code == 200 and r.redirect_chain[-1][0] == f"/games/{game.pk}/"
    assert Table.objects.count() == 1 and Game.objects.count() == 1       # only the finished game's
    return [str(m) for m in r.context["messages"]]


def test_a_refused_rematch_leaves_no_empty_open_table(finished_game, ana):
    """The owner's character is no longer offered (its pack was removed): no seat, no table."""
    Seat.objects.filter(table=finished_game.table, index=0).update(character="gone")
    said = _rematch_refused(ana, finished_game)
    assert said and "Unknown character 'gone'" in said[0]


def test_a_rematch_refused_after_the_owner_sat_leaves_nothing(finished_game, ana):
    Seat.objects.filter(table=finished_game.table, index=1).update(bot="retired-bot")
    said = _rematch_refused(ana, finished_game)
    assert said and "retired-bot" in said[0]
