"""The lobby's Create table form in Chromium (issue 43 item 7): Leaders and Lackeys with your
character on Random makes a table with a villain Leader in your seat; choosing a game where
every seat is a Boss greys the heroes out and says why, as a game greys out the player counts
it can't be played with; a refused form comes back as filled
with the sentence next to it; at 1280x800 and 390x844."""
import pytest

from .conftest import ARTIFACTS, shot
from .test_browser import _name, sign_up
from .test_team_browser import fits

pytestmark = [pytest.mark.browser]


def test_leaders_and_lackeys_with_random_makes_a_table_with_a_villain_leader(site, chrome):
    context = chrome.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_up(page, site.url, _name("lackey"))
    form = page.locator("#create-table")
    form.locator("select[name=variant]").select_option("leaders-and-lackeys")
    note = page.inner_text("#character-note")
    assert "a hero is its Lackey" in note and "Random casts a villain Leader" in note, note
    assert form.locator("select[name=character] option[value=zot]").is_enabled()
    assert not form.locator("input[name=otto]").is_enabled()
    assert page.inner_text("#options-note").startswith("Otto can't play in a team or Boss game")
    assert form.locator("select[name=player_count]").input_value() == "4", "3 players can't play it"
    assert not form.locator("select[name=player_count] option[value='5']").is_enabled()
    said = page.inner_text("#players-note")
    assert said == "Leaders and Lackeys is played by 4, 6 or 8 players. Players set to 4.", said
    form.locator("input[name=ai_seats]").fill("3")
    shot(page, "lobby-form-leaders-desktop")
    page.locator("#create-table").screenshot(path=str(ARTIFACTS / "lobby-form-leaders-desktop-form.png"))
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"{site.url}/tables/*/")
    seats = page.inner_text("#table-seats")
    assert "Leader · Team A" in seats, seats
    context.close()


def test_heroes_are_greyed_out_where_every_seat_is_a_boss_and_a_refused_form_keeps_its_values(site, chrome):
    context = chrome.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_up(page, site.url, _name("refused"))
    form = page.locator("#create-table")
    character = form.locator("select[name=character]")
    character.select_option("zot")
    form.locator("select[name=variant]").select_option("two-headed-boss-battle")
    assert character.input_value() == "", "a hero can't play here: back on Random"
    assert not form.locator("select[name=character] option[value=zot]").is_enabled()
    assert "Zot the Wizard — not a villain" in form.locator("select[name=character] option[value=zot]").inner_text()
    assert form.locator("select[name=character] option[value=daareka]").is_enabled()
    note = page.inner_text("#character-note")
    assert "is not a villain, so your character is back on Random" in note and "heroes can't play" in note, note
    # a setup the engine refuses: Otto with seven players
    form.locator("select[name=variant]").select_option("base")
    assert form.locator("select[name=character] option[value=zot]").is_enabled()
    assert form.locator("input[name=otto]").is_enabled() and page.inner_text("#options-note") == ""
    form.locator("select[name=player_count]").select_option("7")
    character.select_option("gerki")
    form.locator("input[name=otto]").check()
    form.locator("input[name=starting_gold]").fill("15")
    form.locator("input[name=ai_seats]").fill("6")
    form.locator("select[name=turn_seconds]").select_option("120")
    form.locator("input[name=start]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#create-refused")
    assert "Otto" in page.inner_text("#create-refused")
    form = page.locator("#create-table")
    assert form.locator("select[name=player_count]").input_value() == "7"
    assert form.locator("select[name=character]").input_value() == "gerki"
    assert form.locator("input[name=otto]").is_checked() and form.locator("input[name=start]").is_checked()
    assert form.locator("input[name=starting_gold]").input_value() == "15"
    assert form.locator("input[name=ai_seats]").input_value() == "6"
    assert form.locator("select[name=turn_seconds]").input_value() == "120"
    assert page.locator(".messages").count() == 0, "said once, next to the form"
    fits(page)
    page.locator("#create-table").scroll_into_view_if_needed()
    shot(page, "lobby-form-refused-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    fits(page)
    shot(page, "lobby-form-refused-phone")
    form.locator("select[name=variant]").select_option("boss-versus-boss")
    assert form.locator("select[name=player_count]").input_value() == "5"
    assert page.inner_text("#players-note") == "Boss Versus Boss is played by 2, 3, 4 or 5 players. Players set to 5."
    shot(page, "lobby-form-bvb-phone")
    page.locator("#create-table").screenshot(path=str(ARTIFACTS / "lobby-form-bvb-phone-form.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("#create-table").screenshot(path=str(ARTIFACTS / "lobby-form-bvb-desktop-form.png"))
    context.close()
