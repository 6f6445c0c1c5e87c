"""Two-Headed Dragon in Chromium (docs/teams.md): a player and an AI partner against two AI
opponents, from the lobby to the end of the game, on a 390 px phone; one mat per team with
whose half of the shared turn is pending; then the replay with one chart line per team."""
import random
import time

import pytest

from .conftest import ARTIFACTS, shot
from .test_browser import _name, board_seq, log_says, moved_on, sign_up, take_my_turn

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_player_and_an_ai_partner_play_two_ai_opponents_to_the_end(site, chrome):
    context = chrome.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.on("dialog", lambda d: d.accept())          # "Drink a Potion ...?": yes
    sign_up(page, site.url, _name("team"))
    form = page.locator("#create-table")
    form.locator("select[name=variant]").select_option("two-headed-dragon")
    form.locator("select[name=player_count]").select_option("4")
    form.locator("input[name=ai_seats]").fill("3")
    form.locator("input[name=start]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"{site.url}/games/*/")
    page.wait_for_selector("#board .team-mat")
    assert page.locator("#board .team-mat").count() == 2, "one mat per team"
    assert page.locator("#board .team-mat.team-A .member").count() == 2
    assert page.locator("#board .team-mat.team-B .member").count() == 2
    assert page.locator("#board .team-mat.you .member.me").count() == 1
    assert "your teammate" in page.inner_text("#board .team-mat.you")
    assert page.locator("#board .team-mat .gauge[aria-label=Fortitude]").count() == 2, "the shared numbers once"
    fits(page)
    shot(page, "team-desktop-start")
    page.set_viewport_size({"width": 390, "height": 844})        # then play it on a phone
    page.evaluate("window.__noReload = true")
    assert page.locator("#partner-hand").count() == 1, "my teammate's hand has its own panel"
    assert "Potions: 2" in page.inner_text("#potions")
    fits(page)
    box = page.locator("#partner-hand").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    shot(page, "team-phone-start")
    halves = set()
    rng = random.Random(11)
    turns, last_progress, last_seq, kinds = 0, time.monotonic(), -1, set()
    while not page.locator("#gameover").count():
        if time.monotonic() - last_progress > 90:
            shot(page, "team-stuck")
            raise AssertionError(f"no progress for 90 s at seq {last_seq}\n{site.logs()}")
        seq = board_seq(page)
        if seq != last_seq:
            last_seq, last_progress = seq, time.monotonic()
            halves |= set(page.eval_on_selector_all("#board .team-mat .half-chip", "cs => cs.map(c => c.className)"))
            if "half-chip done" in halves and not (ARTIFACTS / "team-phone-half-done.png").exists():
                shot(page, "team-phone-half-done")
        if page.get_attribute("#board .board", "data-your-prompt") == "1" and page.locator(
                "#board form.decide button:not([disabled])").count():
            kinds |= set(page.eval_on_selector_all("#choices button", "bs => bs.map(b => b.dataset.type)"))
            if take_my_turn(page, rng) and moved_on(page, seq):
                turns += 1
                continue
        page.wait_for_timeout(150)
    assert page.evaluate("window.__noReload === true"), "the page reloaded"
    assert turns > 0 and "potion" in kinds
    assert page.locator("#gameover .standings li").count() == 4 and page.locator("#gameover .standings li.winner").count() in (2, 4)
    # the log's lines come over the stream, the board over its own swap: wait for the last line
    log_says(page, "Game over")
    shot(page, "team-phone-game-over")
    assert "half-chip now" in halves, "the mat showed whose half of the turn was being played"

    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#gameover a[href$='/replay/']")
    page.wait_for_selector("svg.chart")
    legend = page.inner_text(".charts .legend")
    assert "Team A: " in legend and "Team B: " in legend, legend
    for stat in ("fortitude", "alcohol", "gold"):
        assert page.locator(f"svg.chart[data-stat={stat}] polyline").count() == 2, f"one {stat} line per team"
    assert page.locator("#board .team-mat").count() == 2, "the replay's board shows the teams"
    fits(page)
    shot(page, "team-replay-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    fits(page)
    shot(page, "team-replay-phone")
    context.close()


def fits(page) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], widths
