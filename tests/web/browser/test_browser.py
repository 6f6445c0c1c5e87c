"""Real headless Chromium against uvicorn + a Celery worker (see conftest.py)."""
import http.client
import itertools
import random
import time
from urllib.parse import urlparse

import pytest

from .conftest import shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSWORD = "a long passphrase 9"
_n = itertools.count()


def _name(prefix):
    return f"{prefix}{int(time.time() * 1000) % 10**8}{next(_n)}"


def sign_up(page, base, username):
    page.goto(base + "/signup/")
    page.fill("#id_username", username)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("form.stack-form button[type=submit]")
    page.wait_for_url(base + "/")


def board_seq(page) -> int:
    return int(page.get_attribute("#board .board", "data-seq"))


def wait_until(predicate, timeout, what, site):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.15)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}\n{site.logs()}")


def take_my_turn(page, rng) -> bool:
    """Make one of the offered decisions on the page, as a player would; False if none."""
    if page.locator("#discard-btn").count():
        # tick in one step (a board swapped in between two Playwright calls would detach a box)
        page.evaluate("""n => {
            const boxes = Array.from(document.querySelectorAll('#board input[name=cards]'));
            boxes.forEach((b, i) => { b.checked = i < n; b.dispatchEvent(new Event('change')); });
            const btn = document.getElementById('discard-btn');
            if (btn && btn.disabled) boxes.forEach(b => { b.checked = false; b.dispatchEvent(new Event('change')); });
        }""", rng.choice([0, 0, 1, 2]))
        return _click(page.locator("#discard-btn"))
    plays = page.locator("#board .card button.play:not([disabled])")
    others = page.locator("#choices button:not([disabled])")
    if plays.count() and rng.random() < 0.7:
        return _click(plays.nth(rng.randrange(plays.count())))
    if others.count():
        return _click(others.nth(rng.randrange(others.count())))
    if plays.count():
        return _click(plays.nth(0))
    return False


def _click(button) -> bool:
    """Click, or False when the board moved on between counting the buttons and clicking (a
    bot's move swapped the board in, and the button picked is gone): the caller looks again."""
    try:
        button.click(timeout=5000)
    except Exception:  # noqa: BLE001 - Playwright's TimeoutError: gone or replaced meanwhile
        return False
    return True


def log_says(page, text: str, timeout: int = 15000) -> None:
    """Wait until the log tells `text`. The page fetches the board and the log apart (rdi.js),
    so under load the log can trail the board by a fetch: the game-over panel, say, may show
    before the log's "Game over" line. A line that never comes fails the test after `timeout` ms."""
    page.wait_for_function("text => document.getElementById('log').innerText.includes(text)", arg=text,
                           timeout=timeout)


def play_until(page, site, rng, done=lambda page: page.locator("#gameover").count(), stuck="stuck",
               on_my_move=None) -> int:
    """Make the offered decisions as a player would until `done(page)` (by default the game is
    over); the number of moves made. Fails, with a screenshot `stuck`, when the board makes no
    progress for 90 s. `on_my_move(moves)` runs before each of the player's moves."""
    moves, last_progress, last_seq = 0, time.monotonic(), -1
    while not done(page):
        if time.monotonic() - last_progress > 90:
            shot(page, stuck)
            raise AssertionError(f"no progress for 90 s at seq {last_seq}\n{site.logs()}")
        seq = board_seq(page)
        if seq != last_seq:
            last_seq, last_progress = seq, time.monotonic()
        if page.get_attribute("#board .board", "data-your-prompt") == "1" and page.locator(
                "#board form.decide button:not([disabled])").count():
            if on_my_move:
                on_my_move(moves)
            if take_my_turn(page, rng) and moved_on(page, seq):
                moves += 1
                continue
        page.wait_for_timeout(150)
    return moves


def moved_on(page, seq: int, timeout: int = 10000) -> bool:
    """Whether the board passed `seq` after a move. False when the click was lost: it met a
    board being swapped in (the stream's or the safety net's refresh) and nothing was sent, so,
    as a player would, the caller looks and clicks again; the 90 s no-progress guard still
    fails a game that is really stuck."""
    try:
        page.wait_for_function(f"document.querySelector('#board .board').dataset.seq != '{seq}'", timeout=timeout)
    except Exception:  # noqa: BLE001 - Playwright's TimeoutError
        return False
    return True


def test_new_visitor_signs_up_plays_against_bots_until_game_over(site, chrome):
    context = chrome.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.on("dialog", lambda d: d.dismiss())
    sign_up(page, site.url, _name("visitor"))
    shot(page, "lobby")
    page.click("#play-now")
    page.wait_for_url(f"{site.url}/games/*/")
    page.evaluate("window.__noReload = true")
    turns = play_until(page, site, random.Random(7), stuck="play-now-stuck",
                       on_my_move=lambda moves: moves == 3 and shot(page, "play-now-your-move"))
    assert page.evaluate("window.__noReload === true"), "the page reloaded"
    assert turns > 0
    assert page.locator("#gameover .standings li").count() == 2
    log_says(page, "Game over")
    shot(page, "play-now-game-over")
    context.close()


def test_two_players_see_each_others_moves_live_and_never_the_other_hand(site, chrome):
    ctx_a = chrome.new_context(viewport={"width": 1100, "height": 900})
    ctx_b = chrome.new_context(viewport={"width": 1100, "height": 900})
    a, b = ctx_a.new_page(), ctx_b.new_page()
    sign_up(a, site.url, _name("ana"))
    sign_up(b, site.url, _name("bob"))
    a.select_option("#create-table select[name=player_count]", "2")
    a.select_option("#create-table select[name=character]", "zot")
    a.click("#create-table button[type=submit]")
    a.wait_for_url(f"{site.url}/tables/*/")
    table_url = a.url
    b.goto(table_url)
    b.select_option("form.row-form select[name=character]", "fiona")
    b.click("#join")
    a.goto(table_url)
    a.click("#start")
    a.wait_for_url(f"{site.url}/games/*/")
    b.wait_for_url(f"{site.url}/games/*/")   # Bob's table page follows its stream on to the game
    assert a.url == b.url
    for p in (a, b):
        p.evaluate("window.__noReload = true")

    def hand(p):
        return p.evaluate("""Object.fromEntries(Array.from(document.querySelectorAll('#board [data-card]'))
            .map(c => [c.dataset.card, c.querySelector('.title').textContent]))""")

    def card_titles(p):
        return set(p.evaluate("""Array.from(document.querySelectorAll('[data-card] .title'))
            .map(t => t.textContent)"""))

    rng = random.Random(11)
    moves = 0
    for _ in range(16):
        if moves >= 6:
            break
        pages = {"a": a, "b": b}
        mover = next((k for k, p in pages.items() if p.get_attribute("#board .board", "data-your-prompt") == "1"), None)
        if mover is None:
            a.wait_for_timeout(300)
            continue
        me, other = pages[mover], pages["b" if mover == "a" else "a"]
        before = board_seq(other)
        mine, theirs = hand(me), hand(other)
        pages_html = (me.content(), other.content())
        shown = (card_titles(me), card_titles(other))
        if mine != hand(me) or theirs != hand(other):
            continue                  # a board swapped in meanwhile: look again
        for html, titles, hidden, visible in ((pages_html[0], shown[0], theirs, mine),
                                              (pages_html[1], shown[1], mine, theirs)):
            for cid, title in hidden.items():
                assert f'data-card="{cid}"' not in html
                # Before anything is played or discarded, no card on the page (outside your own
                # hand) may carry a title only the other hand holds. Rules text may quote titles.
                if title not in visible.values() and moves == 0:
                    assert title not in titles, title
        before_me = board_seq(me)
        if not take_my_turn(me, rng):
            me.wait_for_timeout(300)  # the mover's own board was still catching up: look again
            continue
        for page, seq in ((other, before), (me, before_me)):
            page.wait_for_function(f"Number(document.querySelector('#board .board').dataset.seq) > {seq}",
                                   timeout=15000)
        moves += 1
    assert moves >= 3
    assert a.evaluate("window.__noReload === true") and b.evaluate("window.__noReload === true")
    assert a.locator("#live.on").count() and b.locator("#live.on").count()
    shot(a, "two-players-ana")
    shot(b, "two-players-bob")
    ctx_a.close()
    ctx_b.close()


def test_table_page_at_360px_shows_prompt_and_hand_without_horizontal_scroll(site, chrome):
    context = chrome.new_context(viewport={"width": 360, "height": 740}, reduced_motion="reduce",
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    sign_up(page, site.url, _name("phone"))
    page.click("#play-now")
    page.wait_for_url(f"{site.url}/games/*/")
    wait_until(lambda: page.get_attribute("#board .board", "data-your-prompt") == "1", 60, "my prompt", site)
    assert page.locator("#prompt.yours").is_visible()
    assert page.locator("#board [data-card]").count() >= 1 and page.locator("#board [data-card]").first.is_visible()
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], widths
    shot(page, "phone-360-your-move")
    # keyboard: K keeps the hand (discard phase) or P passes / 1 picks the first choice
    seq = board_seq(page)
    key = "k" if page.locator("#discard-btn").count() else "1"
    page.keyboard.press(key)
    page.wait_for_function(f"document.querySelector('#board .board').dataset.seq != '{seq}'", timeout=15000)
    context.close()


def _sse(base, path, last=None, read_messages=1, timeout=10):
    u = urlparse(base)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=timeout)
    headers = {"Accept": "text/event-stream"}
    if last is not None:
        headers["Last-Event-ID"] = str(last)
    conn.request("GET", path, headers=headers)
    resp = conn.getresponse()
    ids = []
    if resp.status == 200:
        while len(ids) < read_messages:
            line = resp.fp.readline().decode()
            if line.startswith("id: "):
                ids.append(int(line[4:]))
    conn.close()
    return resp.status, ids


def test_stream_resumes_from_last_event_id(site, chrome):
    context = chrome.new_context()
    page = context.new_page()
    sign_up(page, site.url, _name("sse"))
    page.click("#play-now")
    page.wait_for_url(f"{site.url}/games/*/")
    game = int(page.url.rstrip("/").split("/")[-1])
    wait_until(lambda: board_seq(page) >= 1 or page.get_attribute("#board .board", "data-your-prompt") == "1",
               30, "the game to start", site)
    status, ids = _sse(site.url, f"/stream/games/{game}/")
    assert status == 200 and ids and ids[0] >= 0
    now = ids[0]
    assert _sse(site.url, f"/stream/games/{game}/", last=-1)[1][0] >= now    # behind: told the latest at once
    assert _sse(site.url, "/stream/games/999999999/")[0] == 404
    context.close()
