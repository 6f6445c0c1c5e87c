"""The site's own assets and words in a real browser (issue 43 items 8 and 9): /api/docs/
renders Swagger UI with every request to another host refused, /favicon.ico is an icon, the
evidence page's "same" stays on one line at a phone's width, the lobby's create form says the
sampler note once, and a response window says whose card it is, on each side of it.
Screenshots: var/screenshots/site-*.png at 1280x800 and 390x844."""
import random
from urllib.parse import urlparse

import pytest

from games import appends, engine, selectors
from tests.replay.conftest import start_game

from .conftest import shot
from .test_disputes_browser import PASSWORD, _log_in
from .test_every_page import SIZES, fits, games  # noqa: F401 (fixture)
from .test_browser import _name

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SAMPLER = "Sampler deck: rulebook cards only, not the printed deck"


def _offline(context) -> list[str]:
    """Refuse every request that leaves this machine; the list fills with what was refused."""
    refused = []

    def route(r):
        if urlparse(r.request.url).hostname in ("127.0.0.1", "localhost"):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()
    context.route("**/*", route)
    return refused


@pytest.mark.parametrize("size", SIZES)
def test_the_api_docs_render_offline(site, chrome, size):
    w, h = SIZES[size]
    context = chrome.new_context(viewport={"width": w, "height": h})
    refused = _offline(context)
    page = context.new_page()
    page.goto(f"{site.url}/api/docs/")
    page.wait_for_selector(".swagger-ui .info .title", timeout=30000)
    assert "RDI Service API" in page.inner_text(".swagger-ui .info .title")
    page.wait_for_selector(".swagger-ui .opblock", timeout=30000)     # the schema loaded: operations listed
    assert page.locator(".swagger-ui .opblock").count() > 10
    assert not refused, f"requests to other hosts: {refused}"
    shot(page, f"site-{size}-api-docs")
    icon = context.request.get(f"{site.url}/favicon.ico")
    assert icon.status == 200 and icon.headers["content-type"] == "image/x-icon"
    context.close()


@pytest.mark.parametrize("size", SIZES)
def test_same_stays_on_one_line_on_the_evidence_page(site, chrome, games, size):  # noqa: F811
    w, h = SIZES[size]
    ctx, page = _log_in(chrome, site, f"sam{games.tag}")
    page.set_viewport_size({"width": w, "height": h})
    page.goto(f"{site.url}/staff/disputes/{games.dispute.pk}/")
    heights = page.evaluate("""() => Array.from(document.querySelectorAll('#summary .same')).map(e => {
        const line = parseFloat(getComputedStyle(e).lineHeight) || 20;
        return e.getBoundingClientRect().height / line; })""")
    assert heights and max(heights) < 1.5, f"'same' takes {max(heights):.1f} lines"
    fits(page, f"the evidence page at {w}px")
    shot(page, f"site-{size}-evidence")
    ctx.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_form_says_the_sampler_note_once(site, chrome, django_user_model, size):
    w, h = SIZES[size]
    name = _name("lob")
    django_user_model.objects.create_user(username=name, password=PASSWORD)
    ctx, page = _log_in(chrome, site, name)
    page.set_viewport_size({"width": w, "height": h})
    page.goto(site.url + "/")
    form = page.inner_text("#create-table")
    assert form.count(SAMPLER) == 1, form
    fits(page, f"the lobby at {w}px")
    page.locator("#create-table").scroll_into_view_if_needed()
    shot(page, f"site-{size}-lobby")
    ctx.close()


def _to_a_window(ana, bob):
    """A two-player game (no bot to move on by itself) played until a response window on a
    played card asks the other player: (game, seat that played it, seat asked)."""
    for attempt in range(10):
        game = start_game(ana, bob, characters=("zot", "fiona"), seed=f"{attempt:02x}" * 32)
        rng = random.Random(attempt)
        for _ in range(600):
            game.refresh_from_db()
            if game.status == "over":
                break
            state = selectors.game_state(game=game)
            prompt = engine.prompts(state)[0]
            if prompt.kind == "respond" and state.stack[-1]["f"] == "card" and prompt.seat != state.stack[-1]["seat"]:
                return game, state.stack[-1]["seat"], prompt.seat
            plays = [d for d in prompt.decisions if d["type"] == "play"]
            decision = rng.choice(plays) if plays and prompt.kind.startswith("phase:") else rng.choice(prompt.decisions)
            appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=decision,
                                     actor=f"user:{(ana if prompt.seat == 0 else bob).pk}", expected_seq=game.seq)
    raise AssertionError("no response window on a card asking the other player in 10 games")


@pytest.mark.parametrize("size", SIZES)
def test_a_response_window_says_whose_card_it_is(site, chrome, django_user_model, size):
    w, h = SIZES[size]
    tag = _name("")
    users = [django_user_model.objects.create_user(username=f"{n}{tag}", password=PASSWORD) for n in ("ana", "bob")]
    game, player, asked = _to_a_window(*users)
    names = ["Zot", "Fiona"]
    pages = {}
    for seat in (0, 1):
        ctx, page = _log_in(chrome, site, users[seat].username)
        page.set_viewport_size({"width": w, "height": h})
        page.goto(f"{site.url}/games/{game.pk}/")
        pages[seat] = (ctx, page)
        ask = page.inner_text("#prompt .ask")
        assert "Something is happening" not in ask
        if seat == asked:
            who = "You" if seat == player else names[player]
            assert f"{who} played “" in ask and "Play a response, or let it happen." in ask, ask
        else:
            assert "You played “" in ask and "the others may respond to it" in ask, ask
        fits(page, f"the window at {w}px as seat {seat}")
        shot(page, f"site-{size}-window-{'asked' if seat == asked else 'player'}")
    for ctx, _ in pages.values():
        ctx.close()
