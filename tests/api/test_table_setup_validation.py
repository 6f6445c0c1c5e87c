"""A table's setup through the API is checked once, by the engine (games/engine/core/table_setup.py),
when the table is created: exact JSON values for every option, numbers in their ranges, the
packs an option needs, Otto's limits, the timers. A refusal is a 400 with the engine's code
and sentence and leaves no table; the service and `new_game` refuse with the same sentence."""
import pytest

from games import engine, services
from games.engine.core import table_setup
from games.engine.core.errors import SetupError
from games.errors import ServiceError
from games.models import Game, Seat, Table
from tests.packs.conftest import packs_dir  # noqa: F401 (fixture: only the base pack installed)

pytestmark = pytest.mark.django_db
BASE = engine.load_content([engine.BASE_PACK])


@pytest.fixture
def ana(make_user):
    return make_user("ana")


def _create(api, **body):
    return api.post("/api/tables/", {"player_count": 2, **body}, format="json")


def _engine_says(options, players=2, variant="base") -> str:
    with pytest.raises(SetupError) as e:
        table_setup.check_table(players=players, variant=variant, options=options, content=BASE)
    return e.value.message


def _refused(response, code):
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == code, response.json()
    assert not Table.objects.exists() and not Seat.objects.exists()      # nothing left behind
    return response.json()["message"]


@pytest.mark.parametrize("gold", [-5, 0, 101, 2**64 - 1, 3.0, 2.5, True, False, "3", None], ids=repr)
def test_starting_gold_is_a_whole_number_from_1_to_100(ana, api_for, gold):
    message = _refused(_create(api_for(ana), options={"starting_gold": gold}), "invalid_option")
    assert message == _engine_says({"starting_gold": gold})
    assert "from 1 to 100" in message


def test_a_starting_gold_in_range_is_the_game_s(ana, api_for):
    r = _create(api_for(ana), options={"starting_gold": 30}, turn_seconds=None)
    assert r.status_code == 201, r.json()
    table = r.json()["id"]
    services.seat_take(table_id=table, user=ana, character="zot")
    services.seat_take(table_id=table, user=ana, character="fiona", ai=True)
    game = services.table_start(table_id=table, user=ana)
    from games import selectors
    assert [s.gold for s in selectors.game_state(game=game).seats] == [30, 30]


@pytest.mark.parametrize("name", ["dungeon_events", "pub_crawl", "bar_deck", "prize", "otto"])
@pytest.mark.parametrize("value", ["3", 3.0, "yes", 1, "true"], ids=repr)
def test_an_option_is_its_exact_json_value(ana, api_for, name, value):
    message = _refused(_create(api_for(ana), options={name: value}), "invalid_option")
    assert message == _engine_says({name: value}) and message.startswith(f"The {name} option is ")


def test_an_unknown_option_is_refused(ana, api_for):
    message = _refused(_create(api_for(ana), options={"startinggold": 20}), "unknown_option")
    assert "'startinggold'" in message and "starting_gold" in message


@pytest.mark.parametrize("options", [None, [1, 2], "otto", 3])
def test_options_are_an_object(ana, api_for, options):
    assert _refused(_create(api_for(ana), options=options), "invalid_option").startswith("options is an object")


@pytest.mark.parametrize("name, pack", [("pub_crawl", "taverns"), ("bar_deck", "bar-drinks"), ("prize", "prizes")])
def test_an_option_without_its_pack_is_refused_at_creation_not_at_the_start(packs_dir, ana, api_for,  # noqa: F811
                                                                            name, pack):
    message = _refused(_create(api_for(ana), options={name: True}), "invalid_option")
    assert message == _engine_says({name: True}) and f'"{pack}" in options.packs' in message


def test_an_option_with_its_installed_pack_is_created(ana, api_for):
    r = _create(api_for(ana), options={"prize": True, "packs": ["prizes"]})
    assert r.status_code == 201, r.json()


@pytest.mark.parametrize("players, variant, code", [(7, "base", "otto_player_count"),
                                                    (4, "two-headed-dragon", "otto_team_variant")])
def test_otto_s_limits_have_one_sentence_everywhere(ana, api_for, players, variant, code):
    api = _refused(_create(api_for(ana), player_count=players, variant=variant, options={"otto": True}), code)
    with pytest.raises(ServiceError) as service:
        services.table_create(owner=ana, player_count=players, variant=variant, options={"otto": True})
    assert service.value.code == code
    assert api == service.value.message == _engine_says({"otto": True}, players, variant)
    with pytest.raises(SetupError) as e:          # the engine refuses the game itself the same way
        engine.new_game({"seats": [{"character": "zot"}] * players, "seed": "s", "variant": variant,
                         "options": {"otto": True}})
    assert e.value.message == api


def test_otto_s_factions_can_be_chosen(ana, api_for):
    r = _create(api_for(ana), options={"otto": ["warrior", "wizard"]})
    assert r.status_code == 201, r.json()
    assert r.json()["options"] == {"otto": ["warrior", "wizard"]}
    bard = _create(api_for(ana), options={"otto": ["warrior", "bard"]})
    assert bard.status_code == 400 and bard.json()["code"] == "invalid_option"
    assert Table.objects.count() == 1


@pytest.mark.parametrize("name", ["turn_seconds", "window_seconds"])
@pytest.mark.parametrize("seconds", [-5, 0, 86401, 999999, 2**64 - 1, 1.5, "60", True], ids=repr)
def test_timers_are_whole_seconds_from_1_to_a_day(ana, api_for, name, seconds):
    message = _refused(_create(api_for(ana), **{name: seconds}), "invalid_timer")
    assert "whole number of seconds from 1 to 86400" in message


@pytest.mark.parametrize("players", [1, 9, "3", 3.0, True, 2**64 - 1, None], ids=repr)
def test_the_player_count_is_a_whole_number_from_2_to_8(ana, api_for, players):
    message = _refused(_create(api_for(ana), player_count=players), "invalid_player_count")
    assert message == "A game needs 2 to 8 seats: choose a player count from 2 to 8."


def test_a_table_stored_before_the_checks_is_refused_at_the_start_with_the_same_sentence(ana):
    """A worker never plays (nor retries) a game the engine can't set up: the start refuses it."""
    table = Table.objects.create(owner=ana, player_count=2, options={"starting_gold": 2**64 - 1})
    services.seat_take(table_id=table.pk, user=ana, character="zot")
    services.seat_take(table_id=table.pk, user=ana, character="fiona", ai=True)
    with pytest.raises(ServiceError) as e:
        services.table_start(table_id=table.pk, user=ana)
    assert e.value.code == "invalid_option" and e.value.message == _engine_says({"starting_gold": 2**64 - 1})
    assert not Game.objects.exists()
