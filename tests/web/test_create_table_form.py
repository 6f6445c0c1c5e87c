"""The lobby's Create table form and the rematch button go through the engine's one validation
of a table's setup (games/engine/core/table_setup.py): a bad timer, Starting Gold or option is
refused with the sentence the API gives (never a 500), and a refused request leaves nothing
behind: no table, no seat, not even the owner's; the lobby then shows the form as it was filled,
with the sentence next to it (issue 43 item 7). Boss tables: "Random" casts a villain for the
owner's seat, a hero is a Challenger or a Lackey where the rules allow one, and is greyed out
with the reason where every seat is a Boss."""
import json
import re
import shutil
from pathlib import Path

import pytest

from games import services
from games.engine.core import table_setup
from games.engine.core.errors import SetupError
from games.models import Game, Seat, Table
from tests.packs.conftest import packs_dir  # noqa: F401 (fixture)
from tests.replay.conftest import client_for
from tests.web.test_site_features import _fresh_cache, ana, finished_game  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).parents[2]
FORM = {"player_count": "2", "character": "zot", "ai_seats": "1", "variant": "base"}


def _post(user, **fields):
    return client_for(user).post("/tables/new/", {**FORM, **fields}, follow=True)


def _lobby_says(response) -> list[str]:
    """The refusal's sentence, said next to the form (not atop the page) on the lobby."""
    assert response.status_code == 200 and response.redirect_chain[-1][0] == "/#create-table", response.redirect_chain
    assert not list(response.context["messages"])
    return [response.context["form_refused"]] if response.context["form_refused"] else []


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


# --- issue 43 item 7: refusals a player can make sense of ----------------------------------

BOSS = {"character": "", "ai_seats": "3", "start": "1", "bot": "heuristic"}


@pytest.mark.parametrize("variant", ["leaders-and-lackeys", "two-headed-boss-battle"])
def test_random_at_a_boss_team_table_casts_a_villain_for_the_owner_s_seat(ana, variant):
    from games.packs import registry

    for _ in range(4):          # Random was refused whenever it drew a hero
        r = client_for(ana).post("/tables/new/", {**BOSS, "player_count": "4", "variant": variant, "start": ""})
        table = Table.objects.get()
        assert r["Location"] == f"/tables/{table.pk}/", r.get("Location")
        owner = table.seats.get(user=ana)
        assert owner.index == 0 and table.seats.count() == 4
        villains = {c["id"] for d in registry.content_for(table.options["packs"])
                    for c in d.get("characters", []) if c.get("alignment") == "villain"}
        assert owner.character in villains
        table.delete()


def test_a_hero_is_a_lackey_in_leaders_and_lackeys(ana):
    r = client_for(ana).post("/tables/new/", {**BOSS, "character": "zot", "player_count": "4",
                                              "variant": "leaders-and-lackeys"})
    game = Game.objects.get()
    assert r["Location"] == f"/games/{game.pk}/"
    assert game.table.seats.get(user=ana).index == 1       # Team A's Lackey; an AI villain leads


def test_a_hero_where_every_seat_is_a_boss_is_refused_saying_which_seat_why_and_how_to_fix_it(ana):
    said = _lobby_says(_post(ana, player_count="4", variant="two-headed-boss-battle", ai_seats="3"))
    assert not Table.objects.exists()
    assert len(said) == 1
    assert said[0].startswith("Seat 1 plays a Boss in Two-Headed Boss Battle, and a Boss must be a villain: "
                              "Zot the Wizard is not one")
    assert "Leaders and Lackeys (a Lackey)" in said[0] and "Random" in said[0]


def test_the_form_says_which_games_take_no_hero_and_who_the_villains_are(ana):
    r = client_for(ana).get("/")
    data = json.loads(re.search(r'<script id="lobby-variants" type="application/json">(.*?)</script>',
                                r.content.decode()).group(1))
    assert set(data["no_heroes"]) == {"two-headed-boss-battle", "boss-versus-boss"}
    assert {"daareka", "nerodia"} <= set(data["villains"]) and "zot" not in data["villains"]
    assert data["counts"]["leaders-and-lackeys"] == [4, 6, 8] and data["counts"]["base"] == list(range(2, 9))
    assert data["options"]["leaders-and-lackeys"]["otto"].startswith("Otto can't play in a team or Boss game")
    assert "base" not in data["options"]
    assert 'src="/static/rdi/lobby.js"' in r.content.decode()


def test_boss_games_are_offered_disabled_with_the_reason_when_no_villain_is_installed(packs_dir, ana):  # noqa: F811
    page = client_for(ana).get("/").content.decode()
    for variant in ("boss-battle", "two-headed-boss-battle", "leaders-and-lackeys", "boss-versus-boss"):
        option = re.search(rf'<option value="{variant}"[^>]*>[^<]*', page).group(0)
        assert " disabled" in option and "needs a villain&#x27;s pack" in option, option
    assert re.search(r'<option value="base"[^>]* selected', page)


def test_the_pub_crawl_without_tavern_drinks_is_offered_disabled_with_the_reason(packs_dir, ana):  # noqa: F811
    for name in ("taverns",):
        shutil.copy(ROOT / "packs" / f"{name}.json", packs_dir / f"{name}.json")
    page = client_for(ana).get("/").content.decode()
    box = re.search(r'<input type="checkbox" name="pub_crawl"[^>]*>', page).group(0)
    assert " disabled" in box
    assert "Can't be chosen: it needs a pack of Tavern Drinks for its taverns, and none is installed." in page


def test_a_refused_form_comes_back_as_filled(ana):
    fields = {"variant": "base", "player_count": "7", "character": "gerki", "otto": "1", "packs": ["rdi6-daareka"],
              "starting_gold": "15", "ai_seats": "6", "bot": "random", "turn_seconds": "120", "start": "1"}
    r = client_for(ana).post("/tables/new/", fields, follow=True)
    said = _lobby_says(r)
    assert said and "Otto" in said[0] and not Table.objects.exists()
    page = r.content.decode()
    form = page[page.index('id="create-table"'):page.index("</form>", page.index('id="create-table"'))]
    assert said[0].replace("'", "&#x27;") in form                  # next to the form
    assert re.search(r'<option value="7" selected>', form)
    assert re.search(r'<option value="gerki" selected>', form)
    assert re.search(r'name="otto" value="1" id="otto" checked', form)
    assert re.search(r'name="packs" value="rdi6-daareka" checked', form)
    assert 'name="starting_gold"' in form and 'value="15"' in form
    assert re.search(r'name="ai_seats" min="0" max="7" value="6"', form)
    assert re.search(r'<option value="random" selected>', form)
    assert re.search(r'<option value="120" selected>', form)
    assert re.search(r'name="start" value="1" checked', form)
    again = client_for(ana).get("/").content.decode()              # kept for one page only
    assert 'class="msg error form-refused"' not in again and '<option value="gerki" selected>' not in again


def test_a_refused_boss_form_keeps_its_game(ana):
    r = client_for(ana).post("/tables/new/", {**FORM, "variant": "boss-versus-boss", "player_count": "3"}, follow=True)
    assert _lobby_says(r) and re.search(r'<option value="boss-versus-boss"[^>]* selected>', r.content.decode())
