"""The RDI 6 characters in Chromium (issue 17): a player as Vlazlo against AI Amundyr,
Torglesnarf and Daareka (the installed sampler packs), from the lobby to the end of the game on
a 390 px phone; the samplers are marked in the lobby, the free form card at setup, Blood,
Scarabs and form cards in hand on the mats; then the replay with the Scarab supply chart."""
import random

import pytest

from .conftest import shot
from .test_browser import _name, play_until, sign_up
from .test_team_browser import fits

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SAMPLER = "Sampler deck: rulebook cards only, not the printed deck"


def test_vlazlo_plays_amundyr_torglesnarf_and_daareka_to_the_end(site, chrome):
    context = chrome.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.on("dialog", lambda d: d.accept())
    sign_up(page, site.url, _name("rdi6"))
    if not page.locator("#create-table").count():
        shot(page, "rdi6-lobby-missing")
        raise AssertionError(page.content()[:3000] + "\n" + site.logs()[-3000:])
    form = page.locator("#create-table")
    assert SAMPLER in form.inner_text()
    form.locator("select[name=player_count]").select_option("4")
    for pid in ("rdi6-vlazlo", "rdi6-amundyr", "rdi6-torglesnarf", "rdi6-daareka"):
        form.locator(f"input[name=packs][value={pid}]").check()
    form.locator("select[name=character]").select_option("vlazlo")
    fits(page)
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"{site.url}/tables/*/")
    for character in ("amundyr", "torglesnarf", "daareka"):
        ai = page.locator("form[action$='/ai/']")
        ai.locator("select[name=character]").select_option(character)
        ai.locator("button[type=submit]").click()
        page.wait_for_load_state()
    page.click("#start")
    page.wait_for_url(f"{site.url}/games/*/")
    page.wait_for_selector("#board .mat")
    page.wait_for_function("document.querySelector('#board .board').dataset.yourPrompt == '1'", timeout=60000)
    choices = page.inner_text("#choices")
    assert "Bat deck (free)" in choices and "Wolf deck (free)" in choices, choices    # one free form card
    mats = page.inner_text("#board .seats")
    assert "In hand: Bat 0 · Wolf 0" in mats and "SCARAB SUPPLY" in mats.upper(), mats
    shot(page, "rdi6-desktop-setup")
    page.set_viewport_size({"width": 390, "height": 844})
    fits(page)
    turns = play_until(page, site, random.Random(6), stuck="rdi6-stuck")
    assert turns > 0
    fits(page)
    assert page.locator("#gameover .standings li").count() == 4
    shot(page, "rdi6-phone-game-over")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#gameover a[href$='/replay/']")
    page.wait_for_selector("svg.chart")
    assert page.locator("svg.chart[data-stat=scarab_supply] polyline").count() == 1, "Amundyr's supply is charted"
    shot(page, "rdi6-replay")
