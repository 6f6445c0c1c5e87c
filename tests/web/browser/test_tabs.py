"""Several tabs of one player stay in step: a move made in one tab appears in the other
without a reload."""
import pytest

from .test_browser import _name, board_seq, moved_on, sign_up, take_my_turn, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_two_tabs_of_one_player_stay_in_step(site, chrome):
    import random

    context = chrome.new_context(viewport={"width": 1000, "height": 800})
    first = context.new_page()
    sign_up(first, site.url, _name("tabs"))
    first.click("#play-now")
    first.wait_for_url(f"{site.url}/games/*/")
    second = context.new_page()
    second.goto(first.url)
    for tab in (first, second):
        tab.evaluate("window.__noReload = true")
    rng = random.Random(5)
    moves = 0
    for _ in range(40):
        if moves >= 3 or first.locator("#gameover").count():
            break
        wait_until(lambda: first.get_attribute("#board .board", "data-your-prompt") == "1"
                   or first.locator("#gameover").count(), 60, "my prompt", site)
        if first.locator("#gameover").count():
            break
        before, mine = board_seq(second), board_seq(first)
        if not (take_my_turn(first, rng) and moved_on(first, mine)):
            first.wait_for_timeout(300)
            continue
        second.wait_for_function(f"Number(document.querySelector('#board .board').dataset.seq) > {before}",
                                 timeout=15000)
        moves += 1
    assert moves >= 1
    assert first.evaluate("window.__noReload === true") and second.evaluate("window.__noReload === true")
    context.close()
