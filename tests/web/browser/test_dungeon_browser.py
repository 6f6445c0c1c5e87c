"""Dungeon Events in Chromium (docs/web.md): the lobby's table option (marked as a sampler),
the Dungeon panel with its Progress Counters on a 390 px phone, a Dungeon Event told in the
log while the player plays against AI seats, and the replay's counters chart."""
import random
import re

import pytest

from .conftest import shot
from .test_browser import _name, log_says, play_until, sign_up
from .test_team_browser import fits

pytestmark = [pytest.mark.browser, pytest.mark.slow]
SAMPLER = "Sampler deck: rulebook cards only, not the printed deck"


def test_a_player_plays_with_dungeon_events_on_a_phone(site, chrome):
    context = chrome.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.on("dialog", lambda d: d.accept())
    sign_up(page, site.url, _name("dungeon"))
    form = page.locator("#create-table")
    assert SAMPLER in form.inner_text(timeout=60000)
    form.locator("select[name=player_count]").select_option("3")
    form.locator("input[name=ai_seats]").fill("2")
    form.locator("#dungeon-events").check()
    form.locator("input[name=start]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"{site.url}/games/*/")
    page.wait_for_selector("#board #dungeon", timeout=60000)       # a slow shared machine: be patient
    # three seats start with 2 counters; the AI seats may already have played a turn or two
    # (one counter each) before a slow page shows the board; "1 Progress Counter" is singular
    panel = page.inner_text("#dungeon")
    counters = re.search(r"(\d+) Progress Counters?\b", panel)
    assert counters and int(counters[1]) <= 2 and SAMPLER in panel, panel
    page.set_viewport_size({"width": 390, "height": 844})
    fits(page)
    shot(page, "dungeon-phone-start")
    play_until(page, site, random.Random(5), stuck="dungeon-stuck",
               done=lambda page: "Dungeon Event: “" in page.inner_text("#log") or page.locator("#gameover").count())
    log_says(page, "Dungeon Event: “")                  # three turns pass in any game
    # the event card shows while it is being chosen about (maybe by this player) and after
    page.wait_for_selector("#board #dungeon .t-dungeon-event")
    fits(page)
    shot(page, "dungeon-phone-event")
    context.close()


@pytest.mark.django_db(transaction=True)
def test_a_player_ticks_the_cards_a_dungeon_event_discards(site, chrome, django_user_model):
    """"Drink or Meet Your Doom!" reaches the player (a scenario position, docs/scenarios.md)
    with four cards: the prompt offers "Reveal a Drink" as a button and "Discard 3 cards" as a
    pick form whose button waits until exactly three cards are ticked, by keyboard here, on a
    390 px phone; the log then names the three cards."""
    from tests.web.test_dungeon_pages import doom_at_my_table
    context = chrome.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    name = _name("doom")
    sign_up(page, site.url, name)
    game = doom_at_my_table(django_user_model.objects.get(username=name))
    page.goto(f"{site.url}/games/{game.pk}/")
    page.wait_for_selector("#pick-form", timeout=60000)
    button = page.locator('#pick-form button[data-count="3"]')
    assert button.is_disabled() and button.inner_text() == "Discard 3 cards (0 of 3 ticked)"
    assert page.locator("#choices button", has_text="Reveal a Drink and drink it").is_enabled()
    boxes = page.locator('#board input[name=cards][form="pick-form"]')
    assert boxes.count() == 4
    for i in range(4):                         # all four: one too many
        boxes.nth(i).focus()
        page.keyboard.press("Space")
    assert button.is_disabled() and "(4 of 3 ticked)" in button.inner_text()
    shot(page, "dungeon-pick-too-many")
    page.keyboard.press("Space")               # the last one again: three left
    assert button.is_enabled() and button.inner_text() == "Discard 3 cards (3 of 3 ticked)"
    ticked = [boxes.nth(i).evaluate("b => b.closest('.card').querySelector('.title').textContent") for i in range(3)]
    shot(page, "dungeon-pick-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    fits(page)
    shot(page, "dungeon-pick-phone")
    button.focus()
    page.keyboard.press("Enter")
    log_says(page, "discarded 3 cards to", timeout=60000)
    said = next(line for line in page.inner_text("#log").splitlines() if "discarded 3 cards to" in line)
    assert all(f"“{t}”" in said for t in ticked), said
    shot(page, "dungeon-pick-done")
    context.close()
