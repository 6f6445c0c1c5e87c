"""A refused automatic decision, in process: only "the game moved on" is quiet."""
import pytest

from games import services, timers
from games.models import Game

pytestmark = pytest.mark.django_db


def _bots_game(owner, seed):
    table = services.table_create(owner=owner, player_count=2, turn_seconds=None)
    services.seat_take(table_id=table.pk, user=owner, character="zot", ai=True, bot="random")
    services.seat_take(table_id=table.pk, user=owner, character="fiona", ai=True, bot="random")
    return services.table_start(table_id=table.pk, user=owner, seed=seed)


def test_a_refused_automatic_decision_is_logged_not_swallowed(make_user, caplog):
    """Any refusal but "the game moved on" leaves the game waiting, so it is an error in the
    log (and the sweeper sends the turn again); it used to be dropped without a word."""
    game = _bots_game(make_user("owner"), "refused")
    Game.objects.filter(pk=game.pk).update(rules_version="0")   # refused: rules_version_mismatch
    with caplog.at_level("ERROR", logger="games.timers"):
        assert timers.play_one(game.pk, 0) == 0
    assert Game.objects.get(pk=game.pk).seq == 0
    assert [r.levelname for r in caplog.records if "still waiting" in r.getMessage()] == ["ERROR"], caplog.text
    assert "rules_version_mismatch" in caplog.text


def test_the_game_moving_on_is_quiet(make_user, caplog):
    game = _bots_game(make_user("owner"), "moved-on")
    assert timers.play_one(game.pk, 0) == 1
    with caplog.at_level("INFO", logger="games.timers"):
        assert timers.play_one(game.pk, 0) == 0         # a late or repeated task for seq 0
        assert timers.expire(game.pk, 0) == "stale"
    assert Game.objects.get(pk=game.pk).seq == 1 and not caplog.records
