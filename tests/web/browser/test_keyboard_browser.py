"""A player with only a keyboard, and one with a screen reader (issue 43 item 10): Tab reaches
every control of the lobby, the table page, the game and the replay at both widths, each
showing where the focus is; a move is made with Tab and Enter; the game's log is a live region
and the player's prompt is read out when it comes (the board is swapped whole, so the prompt is
said from #announce outside it), and a replay step from the replay's own #announce. The axe-core
audit of every page the browser tests see is conftest.audit."""
import pytest

from .conftest import shot
from .test_browser import _name, board_seq, sign_up, wait_until
from .test_disputes_browser import _log_in
from .test_every_page import games  # noqa: F401 - the fixture: a live game, a finished one, a report

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}

# Which control an element is, in words that survive the board being swapped in again.
DESCRIBE = """el => [el.tagName, el.id, el.name, el.type === 'radio' ? '' : el.value, el.getAttribute('href'),
  (el.closest('[data-card]') || {dataset: {}}).dataset.card, (el.textContent || '').trim().slice(0, 40)].join('|')"""

CONTROLS = """describe => [...document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
  .filter(el => !el.disabled && el.checkVisibility({visibilityProperty: true})
                && !el.closest('[inert], #swagger-ui'))
  .map(el => describe(el))"""

FOCUSED = """describe => { const el = document.activeElement;
  if (!el || el === document.body) return null;
  const s = getComputedStyle(el);
  const ring = el.matches(':focus-visible') && s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
  return {what: describe(el), ring, radio: el.type === 'radio' ? el.name : null}; }"""


def tab_through(page, where: str) -> None:
    """Tab from the top of the page to its end: every visible control is reached, each with a
    visible focus ring (a radio group is one stop: the arrow keys move inside it)."""
    describe = f"({DESCRIBE})"
    wanted = page.evaluate(f"({CONTROLS})({describe})")
    page.evaluate("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    page.focus("body")
    reached, radios, no_ring = [], set(), []
    for _ in range(len(wanted) + 30):
        page.keyboard.press("Tab")
        now = page.evaluate(f"({FOCUSED})({describe})")
        if now is None:
            continue
        if reached and now["what"] == reached[0]:
            break                                    # round again to the first
        reached.append(now["what"])
        if now["radio"]:
            radios.add(now["radio"])
        if not now["ring"]:
            no_ring.append(now["what"])
    radio_names = page.evaluate(f"""() => Object.fromEntries([...document.querySelectorAll('input[type=radio]')]
        .map(el => [({DESCRIBE})(el), el.name]))""")
    missed = [w for w in wanted if w not in reached and radio_names.get(w) not in radios]
    assert not missed, f"{where}: Tab never reaches {missed}"
    assert not no_ring, f"{where}: no visible focus on {no_ring}"


@pytest.mark.parametrize("size", SIZES)
def test_tab_reaches_every_control_with_a_visible_focus(site, chrome, games, size):
    w, h = SIZES[size]
    ctx, ana = _log_in(chrome, site, f"ana{games.tag}")
    ana.set_viewport_size({"width": w, "height": h})
    for name, path in (("lobby", "/"), ("history", "/history/"), ("game-over", f"/games/{games.over.pk}/"),
                       ("replay", f"/games/{games.over.pk}/replay/?at=40")):
        ana.goto(site.url + path)
        ana.wait_for_load_state("networkidle")
        tab_through(ana, f"{name} at {w} px")
    ana.goto(site.url + "/")
    ana.click("#create-table button[type=submit]")
    ana.wait_for_url(f"{site.url}/tables/*/")
    tab_through(ana, f"the table page at {w} px")
    ctx.close()


def test_a_move_by_keyboard_and_the_prompt_read_out(site, chrome):
    ctx = chrome.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    sign_up(page, site.url, _name("keys"))
    page.focus("#play-now")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{site.url}/games/*/")
    assert page.get_attribute("#log", "aria-live") == "polite"
    assert page.get_attribute("#announce", "role") == "status"

    def my_move():
        return page.get_attribute("#board .board", "data-your-prompt") == "1" and \
            page.locator("#board form.decide button:not([disabled])").count()

    wait_until(my_move, 90, "my move", site)
    page.wait_for_timeout(300)                     # the board of this move settled
    tab_through(page, "the game at my move")
    # Tab to a button of the prompt (a card's Play or a choice) and press Enter: the move is made
    page.focus("body")
    seq = board_seq(page)
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("""() => { const el = document.activeElement;
                return !!el && !el.disabled && el.matches('#choices button, .playable-cards button.play'); }"""):
            break
    else:
        raise AssertionError("Tab never reaches a button of the prompt")
    shot(page, "keyboard-focus-on-a-move")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('#board .board').dataset.seq != '{seq}'", timeout=30000)

    # my next prompt is said from outside the board, in the prompt's own words
    wait_until(my_move, 90, "my next move", site)
    page.wait_for_function("""() => { const a = document.querySelector('#board #prompt.yours .ask');
        return a && document.getElementById('announce').textContent === a.textContent.trim(); }""", timeout=10000)
    ctx.close()


def test_a_replay_step_is_read_out(site, chrome, games):
    ctx, ana = _log_in(chrome, site, f"ana{games.tag}")
    ana.goto(f"{site.url}/games/{games.over.pk}/replay/?at=10")
    ana.focus("#next")
    ana.keyboard.press("Enter")
    ana.wait_for_function("document.querySelector('#frame .frame-body').dataset.at === '11'")
    said = ana.evaluate("document.getElementById('announce').textContent")
    assert said.startswith("Event 11 of"), said
    assert ana.evaluate("document.getElementById('narration').innerText.split('\\n')[0].trim()") in said
    ctx.close()
