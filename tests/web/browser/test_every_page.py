"""Every page at a desktop (1280x800) and a phone (390x844): no sideways scroll anywhere, the
report dialog inside the screen, and on the desktop table the prompt, the cards that can
answer it and every mat on the first screen. Screenshots: var/screenshots/<size>-<page>.png."""
import pytest

from disputes import services as disputes
from replay import frames
from tests.replay.conftest import play, start_game

from .conftest import shot
from .test_browser import _name, sign_up, wait_until
from .test_disputes_browser import PASSWORD, _log_in

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def fits(page, where: str) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    wide = page.evaluate("""() => Array.from(document.querySelectorAll('body *'))
        .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 3)
        .map(e => e.tagName + '.' + e.className)""")
    assert widths[0] <= widths[1], f"{where}: the page is {widths[0]} px wide in a {widths[1]} px window: {wide}"


def on_screen(page, selector: str) -> bool:
    """The element's box lies wholly inside the viewport as the page opens (no scrolling)."""
    return page.evaluate("""sel => { const r = document.querySelector(sel).getBoundingClientRect();
        return window.scrollY === 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight
            && r.right <= window.innerWidth; }""", selector)


@pytest.fixture
def games(django_user_model):
    """A game in progress, a finished one and a report on the first, for ana, bob and staff."""
    users = django_user_model.objects
    tag = _name("")
    ana = users.create_user(username=f"ana{tag}", password=PASSWORD)
    bob = users.create_user(username=f"bob{tag}", password=PASSWORD)
    users.create_user(username=f"sam{tag}", password=PASSWORD, is_staff=True)
    users.create_user(username=f"eve{tag}", password=PASSWORD)
    frames.clear_caches()
    live = play(start_game(ana, bob), steps=12)
    over = play(start_game(ana, bob, seed="cd" * 32))
    dispute = disputes.dispute_report(game_id=live.pk, user=ana, seq=5, category="rules", text="Look at this.")
    return type("Games", (), {"tag": tag, "live": live, "over": over, "dispute": dispute})


@pytest.mark.parametrize("size", SIZES)
def test_every_page_fits_the_screen(site, chrome, games, size):
    w, h = SIZES[size]
    t = games.tag

    def visit(page, name, path):
        page.set_viewport_size({"width": w, "height": h})
        page.goto(site.url + path)
        page.wait_for_load_state("networkidle")
        fits(page, f"{name} at {w}px")
        shot(page, f"{size}-{name}")

    anon = chrome.new_context(viewport={"width": w, "height": h}).new_page()
    for name, path in (("lobby-visitor", "/"), ("login", "/login/"), ("signup", "/signup/"),
                       ("game-visitor", f"/games/{games.live.pk}/"), ("replay-visitor", f"/games/{games.over.pk}/replay/")):
        visit(anon, name, path)

    ana_ctx, ana = _log_in(chrome, site, f"ana{t}")
    for name, path in (("lobby", "/"), ("history", "/history/"), ("my-reports", "/disputes/"),
                       ("game", f"/games/{games.live.pk}/"), ("game-over", f"/games/{games.over.pk}/"),
                       ("replay", f"/games/{games.over.pk}/replay/?at=40"),
                       ("replay-omniscient", f"/games/{games.over.pk}/replay/?at=40&as=omniscient")):
        visit(ana, name, path)
    assert ana.locator("#report-open").count()
    ana.click("#report-open")
    assert on_screen(ana, "#report-dialog"), "the report dialog is cut off"
    fits(ana, "the report dialog")
    shot(ana, f"{size}-report-dialog")
    ana.goto(f"{site.url}/games/{games.over.pk}/")
    assert ana.locator("#rematch").is_visible()
    ana.click("#rematch")                    # bob's seat stays open: the new table's page
    ana.wait_for_url(f"{site.url}/tables/*/")
    fits(ana, "the rematch table")
    shot(ana, f"{size}-table-setup")

    eve_ctx, eve = _log_in(chrome, site, f"eve{t}")
    eve.set_viewport_size({"width": w, "height": h})
    eve.goto(site.url + "/")
    eve.click(f"#live-games a[href='/games/{games.live.pk}/']")
    eve.wait_for_selector(".spectating")
    assert eve.locator("#prompt").count() == 0 and eve.locator("[data-card]").count() == 0
    fits(eve, "a spectator's table")
    shot(eve, f"{size}-spectator")

    sam_ctx, sam = _log_in(chrome, site, f"sam{t}")
    for name, path in (("staff-disputes", "/staff/disputes/"),
                       ("staff-evidence", f"/staff/disputes/{games.dispute.pk}/")):
        visit(sam, name, path)
    for ctx in (anon.context, ana_ctx, eve_ctx, sam_ctx):
        ctx.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_prompt_and_the_cards_that_answer_it_stand_together(site, chrome, size):
    w, h = SIZES[size]
    context = chrome.new_context(viewport={"width": w, "height": h})
    page = context.new_page()
    sign_up(page, site.url, _name("fit"))
    assert "Turn timers apply" in page.inner_text("#timer-notice")
    page.click("#play-now")
    page.wait_for_url(f"{site.url}/games/*/")
    wait_until(lambda: page.get_attribute("#board .board", "data-your-prompt") == "1", 60, "my prompt", site)
    page.evaluate("window.scrollTo(0, 0)")
    fits(page, f"the table at {w}px")
    cards = page.locator("#prompt .playable-cards .card")
    assert page.locator("#prompt #choices").count()
    if size == "desktop":
        assert on_screen(page, "#prompt"), "the prompt is not on the first screen"
        for i in range(cards.count()):
            assert on_screen(page, f"#prompt .playable-cards .card:nth-child({i + 1})"), f"playable card {i + 1}"
        for i in range(page.locator(".mat").count()):
            assert on_screen(page, f".mat[data-seat='{i}']"), f"mat {i}"
    else:
        # the prompt (with its cards) sticks to the bottom of the screen while the page scrolls
        top = page.evaluate("document.getElementById('prompt').getBoundingClientRect().top")
        assert top < h, "the prompt is below the first screen"
        page.evaluate("window.scrollTo(0, 200)")
        assert page.evaluate("document.getElementById('prompt').getBoundingClientRect().bottom") <= h + 1
    shot(page, f"{size}-your-move")
    context.close()
