"""What a player meets on a phone (issue 43 items 5 and 6): every card and every choice reads
in full at 390 px (no text cut off with "…", no text only in a tooltip a phone cannot show),
and at first view the player's own mat and the prompt bar are both on the screen, apart, in a
base game, a Boss Battle and a team game."""
import pytest

from .conftest import ARTIFACTS, shot
from .test_browser import _name, sign_up, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]
PHONE = {"reduced_motion": "reduce", "is_mobile": True, "has_touch": True}
SIZES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 740}}

# Every element of the board whose text is cut: an ellipsis or a clamp that hides some of it,
# or a box that hides what overflows it. Gauges' bars are drawings, not text; a heading for
# screen readers only (.visually-hidden) is not shown at all.
CLIPPED = """() => [...document.querySelectorAll('#board *')].filter(e => {
  if (!e.offsetParent || !e.textContent.trim() || e.closest('.track, .visually-hidden')) return false;
  const s = getComputedStyle(e);
  const hides = ['hidden', 'clip'].includes(s.overflowX) || ['hidden', 'clip'].includes(s.overflowY);
  const cut = e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
  return (hides && cut) || (s.webkitLineClamp && s.webkitLineClamp !== 'none' && cut);
}).map(e => e.className + ': ' + e.textContent.trim().slice(0, 60))"""

FIRST_VIEW = """() => {
  window.scrollTo(0, 0);
  const box = s => { const e = document.querySelector(s); if (!e) return null; const r = e.getBoundingClientRect();
                     return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  return {mat: box('#board .mat.you'), prompt: box('#prompt.yours'), h: window.innerHeight, w: window.innerWidth};
}"""


def first_screen(page, name: str) -> None:
    """What the phone shows before any scrolling (a full-page shot stretches the sticky bar)."""
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"{name}-first-screen.png"))


def _my_move(page, site):
    wait_until(lambda: page.get_attribute("#board .board", "data-your-prompt") == "1", 90, "my prompt", site)
    page.wait_for_selector("#prompt.yours")


def mat_and_prompt_both_seen(page, what: str) -> None:
    got = page.evaluate(FIRST_VIEW)
    mat, prompt = got["mat"], got["prompt"]
    assert mat and prompt, got
    for name, b in (("own mat", mat), ("prompt", prompt)):
        assert b["top"] >= 0 and b["bottom"] <= got["h"] + 1, f"{what}: the {name} is not all on the first screen: {got}"
    apart = mat["bottom"] <= prompt["top"] + 1 or prompt["bottom"] <= mat["top"] + 1
    assert apart, f"{what}: the prompt bar covers the player's own mat: {got}"


def nothing_cut(page, what: str) -> None:
    clipped = page.evaluate(CLIPPED)
    assert not clipped, f"{what}: text cut off: {clipped}"
    # a card's rules text is on the card itself, not only in a tooltip
    only_tooltip = page.evaluate("""() => [...document.querySelectorAll('#board [title]')]
      .filter(e => e.closest('.card, .in-play, .treasure, .prize-chip')).map(e => e.outerHTML.slice(0, 80))""")
    assert not only_tooltip, f"{what}: card text in a tooltip: {only_tooltip}"
    buttons = page.evaluate("""() => [...document.querySelectorAll('#choices button, .plays button')]
      .filter(b => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().width > window.innerWidth)
      .map(b => b.textContent.trim())""")
    assert not buttons, f"{what}: choice buttons wider than the screen: {buttons}"


@pytest.mark.parametrize("size", ["390", "360"])
def test_a_base_game_on_a_phone_shows_own_mat_and_prompt_and_every_card_in_full(site, chrome, size):
    context = chrome.new_context(viewport=SIZES[size], **PHONE)
    page = context.new_page()
    sign_up(page, site.url, _name("fullcard"))
    page.evaluate("document.getElementById('play-now').click()")
    page.wait_for_url(f"{site.url}/games/*/")
    _my_move(page, site)
    shot(page, f"phone-{size}-base-first-view")
    first_screen(page, f"phone-{size}-base")
    mat_and_prompt_both_seen(page, "base game")
    nothing_cut(page, "base game")
    assert page.locator("#board .hand .card .text, #board .playable-cards .card .text").count() >= 1
    context.close()


def _lobby_table(page, site, variant: str, count: str, character: str | None, ai: str):
    form = page.locator("#create-table")
    form.locator("select[name=variant]").select_option(variant)
    form.locator("select[name=player_count]").select_option(count)
    if character:
        form.locator("select[name=character]").select_option(character)
    form.locator("input[name=ai_seats]").fill(ai)
    form.locator("input[name=start]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"{site.url}/games/*/", timeout=60000)


@pytest.mark.parametrize("variant,count,character,ai,size", [
    ("boss-battle", "3", "daareka", "2", "390"),     # the player is the Boss, a team of one
    ("boss-battle", "3", "zot", "2", "390"),         # the player is a Challenger
    ("boss-battle", "3", "zot", "2", "360"),
    ("two-headed-dragon", "4", None, "3", "390"),
])
def test_a_team_game_on_a_phone_shows_own_team_mat_and_the_prompt_apart(site, chrome, variant, count, character, ai,
                                                                         size):
    context = chrome.new_context(viewport=SIZES[size], **PHONE)
    page = context.new_page()
    page.on("dialog", lambda d: d.dismiss())
    sign_up(page, site.url, _name("phoneteam"))
    _lobby_table(page, site, variant, count, character, ai)
    _my_move(page, site)
    shot(page, f"phone-{size}-{variant}-{character or 'team'}-first-view")
    first_screen(page, f"phone-{size}-{variant}-{character or 'team'}")
    mat_and_prompt_both_seen(page, f"{variant} as {character}")
    nothing_cut(page, f"{variant} as {character}")
    context.close()
