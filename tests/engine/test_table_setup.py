"""The one validation of a table's setup (games/engine/core/table_setup.py): each table option's
values as exact JSON (true is not 1, 3.0 is not 3, "3" is not 3), numbers in their ranges,
the packs an option needs, Otto's limits, the timers; `new_game` refuses a bad setup with the
same located problem the service gives when a table is created (docs/api.md, "Table setup")."""
import ast
import inspect
import json
from pathlib import Path

import pytest

from games.engine import BASE_PACK, TABLE_OPTIONS, IllegalDecision, load_content, new_game
from games.engine.core import extensions
from games.engine.core import setup as engine_setup
from games.engine.core import table_setup
from games.engine.core.errors import SetupError

ROOT = Path(__file__).parents[2]
BASE = load_content([BASE_PACK])
BOOLEAN_OPTIONS = ["dungeon_events", "pub_crawl", "bar_deck", "prize"]
NOT_BOOLEANS = ["3", 3.0, "yes", 1, 0, None, [], {}]
BAD_GOLD = [-5, 0, 101, 2**64 - 1, 3.0, 10.5, True, False, "3", "ten", None, [10]]


def _setup(options, n=2, variant="base", content=None):
    chars = ["deirdre", "fiona", "gerki", "zot"]
    out = {"seats": [{"character": chars[i % 4]} for i in range(n)], "seed": "setup", "variant": variant,
           "options": options}
    if content is not None:
        out["content"] = content
    return out


def _refused(options, n=2, variant="base", content=BASE) -> SetupError:
    with pytest.raises(SetupError) as e:
        table_setup.check_table(players=n, variant=variant, options=options, content=content)
    return e.value


@pytest.mark.parametrize("gold", BAD_GOLD, ids=repr)
def test_new_game_refuses_a_starting_gold_that_is_not_a_whole_number_from_1_to_100(gold):
    with pytest.raises(IllegalDecision) as e:
        new_game(_setup({"starting_gold": gold}))
    assert e.value.code == "bad_setup"
    assert e.value.reason == "invalid_option" and e.value.field == "options.starting_gold"
    assert "a whole number of Gold from 1 to 100" in e.value.message
    assert e.value.message == _refused({"starting_gold": gold}).message     # one sentence, at creation too


@pytest.mark.parametrize("gold", [1, 30, 100])
def test_a_starting_gold_in_range_is_every_mat_s_gold(gold):
    state = new_game(_setup({"starting_gold": gold}, n=3))
    assert [m.gold for m in state.mats] == [gold] * 3
    with_otto = new_game(_setup({"starting_gold": gold, "otto": True}))
    assert [m.gold for m in with_otto.mats] == [gold] * 2        # Otto's 10-for-two gives way to it
    teams = new_game(_setup({"starting_gold": gold}, n=4, variant="two-headed-dragon"))
    assert [m.gold for m in teams.mats] == [gold] * 2


@pytest.mark.parametrize("name", BOOLEAN_OPTIONS)
@pytest.mark.parametrize("value", NOT_BOOLEANS, ids=repr)
def test_a_true_or_false_option_takes_only_true_or_false(name, value):
    problem = _refused({name: value})
    assert (problem.reason, problem.field) == ("invalid_option", f"options.{name}")
    assert problem.message == f"The {name} option is true or false."
    with pytest.raises(IllegalDecision, match="true or false"):
        new_game(_setup({name: value}))


@pytest.mark.parametrize("value", [["warrior", "warrior"], ["bard"], [], ["warrior", "rogue", "cleric"], "warrior",
                                   1, "yes", [1], [["warrior"]], [{"f": 1}]], ids=repr)
def test_otto_takes_true_false_or_one_or_two_factions(value):
    problem = _refused({"otto": value})
    assert problem.reason == "invalid_option" and "one or two different factions" in problem.message


@pytest.mark.parametrize("value", [True, False, ["warrior"], ["rogue", "wizard"]], ids=repr)
def test_otto_s_factions_option_is_a_setup(value):
    table_setup.check_table(players=2, variant="base", options={"otto": value}, content=BASE)
    new_game(_setup({"otto": value}))


@pytest.mark.parametrize("n, variant, reason", [
    (7, "base", "otto_player_count"), (8, "base", "otto_player_count"),
    (4, "two-headed-dragon", "otto_team_variant"), (3, "boss-battle", "otto_team_variant"),
])
def test_otto_s_limits_are_one_check_with_one_sentence(n, variant, reason):
    problem = _refused({"otto": True}, n=n, variant=variant)
    assert problem.reason == reason and problem.field == "options.otto"
    assert "leave Otto out" in problem.message and "[" not in problem.message     # no rulebook line refs
    assert _refused({"otto": ["warrior"]}, n=n, variant=variant).message == problem.message
    table_setup.check_table(players=n, variant=variant, options={"otto": False}, content=BASE)


@pytest.mark.parametrize("name, sampler", [("pub_crawl", "taverns"), ("bar_deck", "bar-drinks"),
                                           ("prize", "prizes"), ("dungeon_events", "dungeon-events")])
def test_an_option_without_the_pack_it_needs_is_refused_naming_the_pack(name, sampler):
    problem = _refused({name: True})
    assert problem.reason == "invalid_option" and f'"{sampler}" in options.packs' in problem.message
    with pytest.raises(IllegalDecision) as e:
        new_game(_setup({name: True}))
    assert e.value.message == problem.message
    pack = json.loads((ROOT / "packs" / f"{sampler}.json").read_text())
    if name != "pub_crawl":             # the taverns sampler prints no Tavern Drinks (a fixture pack has them)
        table_setup.check_table(players=2, variant="base", options={name: True},
                                content=load_content([BASE_PACK, pack]))


def test_an_unknown_option_is_refused_at_creation_and_ignored_by_an_old_game_s_fold():
    problem = _refused({"startinggold": 20})
    assert problem.reason == "unknown_option" and "starting_gold" in problem.message
    assert len(_refused({"x" * 500: 1}).message) < 400          # a request's text is cut short
    new_game(_setup({"note": "a table made before tables refused unknown options"}))


@pytest.mark.parametrize("players", [1, 9, 0, -1, 2**64, 3.0, "3", True, None])
def test_the_player_count_is_a_whole_number_from_2_to_8(players):
    problem = _refused({}, n=players)
    assert (problem.reason, problem.field) == ("invalid_player_count", "player_count")
    assert problem.message == "A game needs 2 to 8 seats: choose a player count from 2 to 8."


def test_a_variant_must_exist_and_fit_the_player_count():
    assert _refused({}, variant="nope").reason == "unknown_variant"
    assert _refused({}, variant=["base"]).reason == "unknown_variant"
    problem = _refused({}, n=3, variant="two-headed-dragon")
    assert problem.reason == "invalid_player_count" and "4, 6 or 8 seats" in problem.message


@pytest.mark.parametrize("seconds", [0, -5, 86401, 999999, 2**64 - 1, 1.5, 60.0, "60", True])
def test_a_timer_is_whole_seconds_from_1_to_a_day_or_none(seconds):
    for name in ("turn_seconds", "window_seconds"):
        with pytest.raises(SetupError) as e:
            table_setup.check_timer(name, seconds)
        assert (e.value.reason, e.value.field) == ("invalid_timer", name)
        assert "whole number of seconds from 1 to 86400" in e.value.message
    for fine in (None, 1, 60, 86400):
        table_setup.check_timer("turn_seconds", fine)


def test_every_option_declares_its_values_and_the_core_names_none():
    assert table_setup.values() == {name: o.values for name, o in TABLE_OPTIONS.items()}
    assert set(TABLE_OPTIONS) >= {"starting_gold", "otto", *BOOLEAN_OPTIONS}
    for module in (table_setup, extensions, engine_setup):
        tree = ast.parse(inspect.getsource(module))
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
        words = " ".join(n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                         and id(n) not in docs)
        for name in TABLE_OPTIONS:     # (`starting_gold` the method is the variant's point, not the option)
            assert name not in words, (module.__name__, name)
