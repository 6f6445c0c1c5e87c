"""Otto in Chromium (docs/otto.md): the lobby's "With Otto" option, his mat with a track facing
each player on a 390 px phone, and his turn told in the log while the player plays against an
AI seat. No Otto card is installed (none is printed), so his Action phase does nothing."""
import random

import pytest

from .conftest import shot
from .test_browser import _name, log_says, play_until, sign_up
from .test_team_browser import fits

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_player_plays_with_otto_on_a_phone(site, chrome):
    context = chrome.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.on("dialog", lambda d: d.accept())
    sign_up(page, site.url, _name("otto"))
    form = page.locator("#create-table")
    assert "With Otto" in form.inner_text(timeout=60000)
    form.locator("select[name=player_count]").select_option("2")
    form.locator("input[name=ai_seats]").fill("1")
    form.locator("#otto").check()
    form.locator("input[name=start]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"{site.url}/games/*/")
    page.wait_for_selector("#board #otto-mat", timeout=60000)       # a slow shared machine: be patient
    mat = page.inner_text("#otto-mat")
    assert "Facing" in mat and "none (Inn)" in mat
    assert page.locator("#otto-mat tr.otto-track").count() == 2
    log_says(page, "Otto joins the table")
    page.set_viewport_size({"width": 390, "height": 844})
    fits(page)
    shot(page, "otto-phone-start")
    play_until(page, site, random.Random(7), stuck="otto-stuck",
               done=lambda page: "Otto's turn" in page.inner_text("#log") or page.locator("#gameover").count())
    log_says(page, "Otto's turn")                       # the turn passes him after the second player's
    fits(page)
    shot(page, "otto-phone-later")
    context.close()
