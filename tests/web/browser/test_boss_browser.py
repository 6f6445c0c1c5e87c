"""Boss Battle in Chromium (docs/boss.md): a player as Boss Daareka against two AI Challengers,
from the lobby to the end of the game on a 390 px phone; the Boss's mat shows its hand size and
its Actions this turn; then the replay with one chart line per team."""
import random
import time

import pytest

from .conftest import shot
from .test_browser import _name, board_seq, log_says, moved_on, sign_up, take_my_turn
from .test_team_browser import fits

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_player_as_the_boss_plays_two_ai_challengers_to_the_end(site, chrome):
    context = chrome.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.on("dialog", lambda d: d.accept())          # "Drink a Potion ...?": yes
    sign_up(page, site.url, _name("boss"))
    form = page.locator("#create-table")
    form.locator("select[name=variant]").select_option("boss-battle")
    form.locator("select[name=player_count]").select_option("3")
    form.locator("select[name=character]").select_option("daareka")
    form.locator("input[name=ai_seats]").fill("2")
    form.locator("input[name=start]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"{site.url}/games/*/")
    page.wait_for_selector("#board .team-mat")
    assert page.locator("#board .team-mat").count() == 2, "the Boss, a team of one, and the Challengers"
    assert page.locator("#board .team-mat.you .member").count() == 1
    assert page.locator("#board .team-mat:not(.you) .member").count() == 2
    boss = page.inner_text("#board .team-mat.you .boss-line")
    assert "Boss · draws up to 8" in boss and ("1 Action a turn" in boss or "Actions 0 of 1" in boss), boss
    fits(page)
    shot(page, "boss-desktop-start")
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("window.__noReload = true")
    fits(page)
    shot(page, "boss-phone-start")
    rng = random.Random(7)
    lines = set()
    turns, last_progress, last_seq = 0, time.monotonic(), -1
    while not page.locator("#gameover").count():
        if time.monotonic() - last_progress > 90:
            shot(page, "boss-stuck")
            raise AssertionError(f"no progress for 90 s at seq {last_seq}\n{site.logs()}")
        seq = board_seq(page)
        if seq != last_seq:
            last_seq, last_progress = seq, time.monotonic()
            if page.locator("#board .boss-line").count():
                lines.add(page.inner_text("#board .boss-line"))
        if page.get_attribute("#board .board", "data-your-prompt") == "1" and page.locator(
                "#board form.decide button:not([disabled])").count():
            if take_my_turn(page, rng) and moved_on(page, seq):
                turns += 1
                continue
        page.wait_for_timeout(150)
    assert page.evaluate("window.__noReload === true"), "the page reloaded"
    assert turns > 0
    assert any("2 Actions a turn" in line or " of 2" in line for line in lines), \
        f"after the half first turn the Boss plays 2 Actions a turn: {lines}"
    assert page.locator("#gameover .standings li").count() == 3
    log_says(page, "Game over")
    shot(page, "boss-phone-game-over")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#gameover a[href$='/replay/']")
    page.wait_for_selector("svg.chart")
    for stat in ("fortitude", "alcohol", "gold"):
        assert page.locator(f"svg.chart[data-stat={stat}] polyline").count() == 2, f"one {stat} line per team"
    shot(page, "boss-replay")
