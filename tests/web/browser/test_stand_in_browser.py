"""Stepping away (issue 43 item 2), in Chromium against uvicorn + a worker: a player who
times out sees a bot stand in at a human pace (RDI_STAND_IN_SECONDS, 8 s here), takes the
seat back with "I'm back", then resigns: their part ends and the game leaves "Your games"."""
import re

import pytest

from .conftest import shot
from .test_browser import _name, sign_up, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]
PACE = 8        # the site's RDI_STAND_IN_SECONDS (the default)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_a_player_steps_away_comes_back_and_resigns(site, chrome, django_user_model, width, height):
    from games import services
    from games.models import GameEvent, Seat

    context = chrome.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    name = _name("away")
    sign_up(page, site.url, name)
    user = django_user_model.objects.get(username=name)
    table = services.table_create(owner=user, player_count=2, turn_seconds=1, window_seconds=1)
    services.seat_take(table_id=table.pk, user=user, character="deirdre")
    services.seat_take(table_id=table.pk, user=user, character="zot", ai=True, bot="heuristic")
    game_id = services.table_start(table_id=table.pk, user=user).pk
    page.goto(f"{site.url}/games/{game_id}/")

    # the player does nothing: three timeouts, then a bot stands in and the page offers "I'm back"
    page.wait_for_selector("#take-back", timeout=60000)
    handed = GameEvent.objects.filter(game_id=game_id, kind="seat_control_changed").order_by("seq").last()
    assert handed.payload["to"] == "bot"
    shot(page, f"stand-in-{width}")

    def stand_in_moves():
        return list(GameEvent.objects.filter(game_id=game_id, seat=0, kind="decision", actor__startswith="ai:")
                    .order_by("seq"))

    first = wait_until(lambda: stand_in_moves(), 3 * PACE + 10, "the stand-in's first decision", site)[0]
    opened = GameEvent.objects.get(game_id=game_id, seq=first.seq - 1).created_at
    assert (first.created_at - opened).total_seconds() >= PACE - 0.2, "the stand-in did not wait"

    page.click("#take-back")
    wait_until(lambda: GameEvent.objects.filter(game_id=game_id, kind="seat_control_changed",
                                                payload__to="player").exists(), 15, "the seat to come back", site)
    back = GameEvent.objects.filter(game_id=game_id, kind="seat_control_changed", payload__to="player").last()
    assert back.actor == f"user:{user.pk}"
    assert not [e for e in stand_in_moves() if back.seq < e.seq < back.seq + 2], "the bot played on"
    shot(page, f"im-back-{width}")

    # resign: behind a confirmation, then the game is gone from "Your games"
    page.goto(f"{site.url}/games/{game_id}/")
    page.click("#resign summary")
    assert "can't take it back" in page.inner_text("#resign")
    shot(page, f"resign-confirm-{width}")
    page.click("#resign-confirm")
    page.wait_for_url(site.url + "/")
    assert "You resigned; a bot plays your seat to the end." in page.inner_text(".messages")
    yours = page.inner_text("section.panel:has(h2:text('Your games'))")
    assert f"Game {game_id}" not in yours
    assert re.search(r"for each decision on your turn", page.inner_text("#timer-notice"))
    shot(page, f"resigned-lobby-{width}")
    assert Seat.objects.get(table_id=table.pk, index=0).resigned
    page.goto(f"{site.url}/games/{game_id}/")
    # nobody waits for a resigned player: the bot plays at bot speed, often to the end at once
    page.wait_for_selector("#resigned-note, #gameover")
    assert page.locator("#take-back").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    shot(page, f"resigned-game-{width}")
    context.close()
