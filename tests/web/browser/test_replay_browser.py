"""The replay page in real headless Chromium: open a finished game's replay, step with the
keyboard, jump to the next gambling round, switch perspective and check what each
perspective shows and hides (docs/replay.md)."""
import re

import pytest

from replay import frames
from tests.replay.conftest import play, start_game

from .conftest import shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _at(page) -> int:
    return int(page.locator("#frame .frame-body").get_attribute("data-at"))


def _wait_at(page, at: int):
    page.wait_for_function(f"document.querySelector('#frame .frame-body').dataset.at === '{at}'", timeout=10_000)
    assert re.search(rf"[?&]at={at}(&|$)", page.url), page.url


def _titles(cards):
    return sorted(c["title"] for c in cards)


def test_step_jump_and_switch_perspective(site, chrome, django_user_model):
    ana = django_user_model.objects.create_user(username="ana-replay", password="a long enough password 1")
    bob = django_user_model.objects.create_user(username="bob-replay", password="a long enough password 1")
    frames.clear_caches()
    game = play(start_game(ana, bob))
    marks = frames.timeline(game=game)
    assert marks["rounds"], "this seed's game has a Round of Gambling"
    page = chrome.new_page()
    page.goto(f"{site.url}/games/{game.pk}/replay/?at=0&as=omniscient")
    assert _at(page) == 0
    page.keyboard.press("ArrowRight")
    _wait_at(page, 1)
    page.keyboard.press("ArrowRight")
    _wait_at(page, 2)
    page.keyboard.press("ArrowLeft")
    _wait_at(page, 1)
    page.keyboard.press("End")
    _wait_at(page, game.seq)
    assert page.locator("#gameover").is_visible()
    page.keyboard.press("Home")
    _wait_at(page, 0)
    page.keyboard.press("ArrowDown")                     # next turn
    next_turn = next(t for t in marks["turns"] if t > 0)
    _wait_at(page, next_turn)
    page.keyboard.press("ArrowUp")
    _wait_at(page, 0)

    page.keyboard.press("g")                             # the next Round of Gambling
    round_at = marks["rounds"][0]
    _wait_at(page, round_at)
    assert "Round of Gambling" in page.locator("#narration").inner_text()
    shot(page, "replay-gambling-omniscient")

    # Omniscient: every hand is listed, as the engine's omniscient view has them then.
    omni = frames.frame(game=game, at=round_at, viewer="omniscient")["view"]
    everyone = page.locator("#everyone").inner_text()
    for s in omni["seats"]:
        for title in _titles(s["hand"]):
            assert title in everyone

    # Seat 1: its own hand only, no other hidden card, the URL says so.
    page.select_option("#perspective", "1")
    page.wait_for_function("document.querySelector('#frame .frame-body').dataset.as === '1'", timeout=10_000)
    assert "as=1" in page.url and _at(page) == round_at
    assert page.locator("#everyone").count() == 0
    mine = frames.frame(game=game, at=round_at, viewer=1)["view"]["seats"][1]
    shown = sorted(page.locator(".hand .card .title").all_inner_texts())
    assert shown == _titles(mine["hand"])
    html = page.locator("#frame").inner_html()
    others_only = {t for i, s in enumerate(omni["seats"]) if i != 1 for t in _titles(s["hand"] + s["drink_me"])}
    public = {c["title"] for s in omni["seats"] for c in s["discard"]} | {c["title"] for c in omni["drink_discard"]}
    public |= set(_titles(mine["hand"]))
    for fr in omni["stack"]:
        if isinstance(fr.get("card"), dict):
            public.add(fr["card"]["title"])
        public |= {c["title"] for r in fr.get("reveals", []) for c in r.get("cards", [])}
    for title in others_only - public:
        assert title not in html, f"seat 1's frame shows {title!r}, a card only another seat holds"
    shot(page, "replay-gambling-seat1")

    # Spectator: no hand at all.
    page.select_option("#perspective", "spectator")
    page.wait_for_function("document.querySelector('#frame .frame-body').dataset.as === 'spectator'",
                           timeout=10_000)
    assert page.locator(".hand").count() == 0 and page.locator("#everyone").count() == 0

    # Explain: a changed number opens the chain of Effects behind it.
    changed_at = next(at for at in range(1, game.seq) if frames.frame(game=game, at=at, viewer="spectator")["changes"])
    page.goto(f"{site.url}/games/{game.pk}/replay/?at={changed_at}&as=spectator")
    page.locator("#frame .changed").first.click()
    assert page.locator("#explain").is_visible() and page.locator("#explain li").count() >= 1
    assert "→" in page.locator("#explain").inner_text()

    # The charts: a click jumps somewhere else; eliminations are marked.
    assert page.locator("svg.chart line.elim").count() >= 1
    chart = page.locator("svg.chart").first
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    chart.click(position={"x": box["width"] * 0.5, "y": box["height"] / 2})
    page.wait_for_function(f"document.querySelector('#frame .frame-body').dataset.at !== '{changed_at}'",
                           timeout=10_000)
    assert abs(_at(page) - game.seq / 2) <= game.seq * 0.05 + 1
    page.close()


def test_the_replay_opens_at_the_deal_and_the_standings_follow_who_lasted(site, chrome, django_user_model):
    """Issue 43: the replay used to open at its last event, where "next" does nothing; it opens
    at the deal, a link with ?at= opens at its event, and the last frame, the game-over table
    and the history rank the seat that went out last above the one that went out first."""
    from games import standings

    from .test_disputes_browser import PASSWORD, _log_in

    ana = django_user_model.objects.create_user(username="ana-standings", password=PASSWORD)
    bob = django_user_model.objects.create_user(username="bob-standings", password=PASSWORD)
    frames.clear_caches()
    game = play(start_game(ana, bob))
    names = frames.timeline(game=game)["names"]
    ranked = [names[r["seat"]] for r in standings.of_game(game)]
    context, page = _log_in(chrome, site, "ana-standings")
    page.set_viewport_size({"width": 1280, "height": 800})

    page.goto(f"{site.url}/games/{game.pk}/replay/")
    assert _at(page) == 0 and page.locator("#gameover").count() == 0
    page.click("#next")
    _wait_at(page, 1)
    page.click("#next")
    _wait_at(page, 2)
    shot(page, "replay-opens-at-the-deal-desktop")

    page.goto(f"{site.url}/games/{game.pk}/replay/?at=17&as=spectator")
    assert _at(page) == 17
    page.keyboard.press("ArrowRight")
    _wait_at(page, 18)

    page.click("#last")
    _wait_at(page, game.seq)
    page.locator("#gameover").scroll_into_view_if_needed()
    items = page.locator("#gameover .standings li").all_inner_texts()
    assert [next(n for n in names if n in item) for item in items] == ranked, items
    shot(page, "replay-standings-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site.url}/games/{game.pk}/replay/?at={game.seq}")
    page.locator("#gameover").screenshot(path=str(shot(page, "replay-standings-phone").with_name(
        "replay-standings-phone-panel.png")))
    page.goto(f"{site.url}/games/{game.pk}/replay/")
    assert _at(page) == 0
    shot(page, "replay-opens-at-the-deal-phone")

    for width, height, size in ((1280, 800, "desktop"), (390, 844, "phone")):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{site.url}/games/{game.pk}/")
        page.wait_for_load_state("networkidle")              # the page swaps its board in once more
        items = page.locator("#gameover .standings li").all_inner_texts()
        assert [next(n for n in names if n in item) for item in items] == ranked, items
        assert "on turn" in items[1] and "on turn" in items[2]
        page.locator("#gameover").screenshot(path=str(shot(page, f"game-over-standings-{size}").with_name(
            f"game-over-standings-{size}-panel.png")))
        page.goto(f"{site.url}/history/")
        chips = page.locator("ol.placings").first.locator("li").all_inner_texts()
        assert [next(n for n in names if n.split()[0] in chip) for chip in chips] == ranked, chips
        shot(page, f"history-standings-{size}")
    context.close()
