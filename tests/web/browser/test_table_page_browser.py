"""The table page before the game, in Chromium (issue 43 item 3): it follows the table's live
stream without reloading, so what a joiner or the owner has chosen in a form stays chosen;
the owner copies an invite link; everyone seated goes to the game when the owner starts."""
import pytest

from .conftest import shot
from .test_browser import _name, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _seats(page) -> str:
    return page.inner_text("#table-seats")


def test_the_table_page_updates_live_keeps_choices_and_invites(site, chrome):
    owner_ctx = chrome.new_context(viewport={"width": 1280, "height": 800}, permissions=["clipboard-read", "clipboard-write"])
    joiner_ctx = chrome.new_context(viewport={"width": 390, "height": 844})
    waiter_ctx = chrome.new_context(viewport={"width": 390, "height": 844})
    ana, bob, cat = owner_ctx.new_page(), joiner_ctx.new_page(), waiter_ctx.new_page()
    names = {p: _name(n) for p, n in ((ana, "ana"), (bob, "bob"), (cat, "cat"))}
    for page, name in names.items():
        sign_up(page, site.url, name)
    ana.select_option("#create-table select[name=player_count]", "3")
    ana.select_option("#create-table select[name=character]", "zot")
    ana.click("#create-table button[type=submit]")
    ana.wait_for_url(f"{site.url}/tables/*/")
    table_url = ana.url

    # the owner copies the invite link: it is this page's address
    ana.click("#copy-invite")
    assert ana.evaluate("navigator.clipboard.readText()") == table_url
    assert ana.inner_text("#copy-invite") == "Copied"
    # ... and starts choosing an AI seat
    ana.select_option(".seat-forms form[action$='/ai/'] select[name=character]", "gerki")
    for page in (ana, bob, cat):
        if page is not ana:
            page.goto(table_url)
        page.evaluate("window.__noReload = true")
    cat.select_option(".seat-forms form[action$='/join/'] select[name=character]", "deirdre")
    shot(ana, "table-page-owner-1280")

    bob.select_option(".seat-forms form[action$='/join/'] select[name=character]", "fiona")
    bob.click("#join")
    bob.wait_for_url(table_url)
    for page in (ana, cat):
        page.wait_for_function("name => document.getElementById('table-seats').innerText.includes(name)",
                               arg=names[bob], timeout=15000)
        assert page.evaluate("window.__noReload === true"), "the page reloaded itself"
    assert ana.input_value(".seat-forms form[action$='/ai/'] select[name=character]") == "gerki"
    assert cat.input_value(".seat-forms form[action$='/join/'] select[name=character]") == "deirdre"
    shot(cat, "table-page-waiting-390")

    ana.click(".seat-forms form[action$='/ai/'] button[type=submit]")
    ana.wait_for_url(table_url)
    # full: the forms go away for the one still looking, and the owner may start
    cat.wait_for_function("document.querySelector('.seat-forms').hidden", timeout=15000)
    assert "Gerki" in _seats(cat) and cat.evaluate("window.__noReload === true")
    assert ana.is_enabled("#start")
    bob.evaluate("window.__noReload = true")
    ana.click("#start")
    ana.wait_for_url(f"{site.url}/games/*/")
    bob.wait_for_url(f"{site.url}/games/*/", timeout=15000)      # sent on by the stream, no click
    assert bob.url == ana.url
    for ctx in (owner_ctx, joiner_ctx, waiter_ctx):
        ctx.close()
