"""A newcomer's first run (issue 43 item 1): `bin/run` on its embedded Postgres and Redis, then
a live table against a bot in Chromium, whose moves arrive over the stream (SSE), not by the
page's fallback poll.

`bin/run` itself is started, as CI runs it (root, on a machine whose Postgres and Redis listen
on 5432 and 6379: RDI_EMBEDDED=always keeps away from them), in a var directory of its own.
Whatever the stream sends is read from the embedded database: every seq it announces is checked
against that database's events, so a stream that read another server's game fails here."""
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psycopg
import pytest

from .conftest import CHROMIUM, ROOT, shot
from .test_browser import sign_up, take_my_turn

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SERVICE_VARIABLES = ("DATABASE_URL", "DATABASE_OWNER_URL", "REDIS_URL", "RDI_CELERY_QUEUE", "CELERY_BROKER_URL",
                     "RDI_CACHE_URL", "RDI_CACHE_PREFIX", "RDI_DATABASE_ADMIN_URL", "RDI_VAR_DIR", "RDI_EMBEDDED",
                     "DJANGO_SETTINGS_MODULE", "RDI_STREAM_URL")
#: Every message the page's EventSource receives, and when, before the page's own script runs.
RECORD_STREAM = """(() => {
  const Native = window.EventSource;
  window.__stream = [];
  window.EventSource = function (url, options) {
    const source = new Native(url, options);
    source.addEventListener("message", ev => window.__stream.push(JSON.parse(ev.data).seq));
    return source;
  };
  window.EventSource.prototype = Native.prototype;
})();"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def embedded_run():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: bin/test installs Debian's chromium (apt-get install chromium)")
    tmp = Path(tempfile.mkdtemp(prefix="rdi-emb-"))     # short: the Postgres socket lives in it
    var, port = tmp / "var", _free_port()
    env = {**{k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES},
           "RDI_EMBEDDED": "always", "RDI_VAR_DIR": str(var), "PORT": str(port), "RDI_PLAY_NOW_SEATS": "2"}
    log_path = tmp / "run.log"
    with open(log_path, "ab") as log:
        run = subprocess.Popen([str(ROOT / "bin" / "run")], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    site = type("EmbeddedRun", (), {"url": base, "var": var,
                                    "log": lambda self=None: log_path.read_text(errors="replace")[-4000:]})()
    try:
        deadline = time.monotonic() + 240       # a fresh clone's first bin/run may install requirements
        while True:
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or run.poll() is not None:
                    pytest.fail(f"bin/run did not serve on the embedded servers:\n{site.log()}")
                time.sleep(0.3)
        yield site
    finally:
        try:
            os.killpg(run.pid, signal.SIGTERM)      # bin/run stops its worker and uvicorn
            run.wait(20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(run.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        subprocess.run([sys.executable, "-m", "rdi_service.embedded", "stop"], cwd=ROOT,
                       env={**env, "PYTHONPATH": str(ROOT)}, timeout=60)
        shutil.rmtree(tmp, ignore_errors=True)


def _bot_moves(site, game: int) -> list[int]:
    """The seqs of the game's events a bot made, from the embedded database."""
    with psycopg.connect(host=str(site.var / "pg"), dbname="rdi", user="rdi_service") as conn:
        rows = conn.execute("SELECT seq FROM games_event WHERE game_id = %s AND actor LIKE 'ai:%%' ORDER BY seq",
                            [game]).fetchall()
    return [seq for (seq,) in rows]


def test_a_newcomers_embedded_run_shows_the_bots_moves_live(embedded_run, chrome):
    context = chrome.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.add_init_script(RECORD_STREAM)
    page.on("dialog", lambda d: d.dismiss())
    sign_up(page, embedded_run.url, f"newcomer{int(time.time() * 1000) % 10**8}")
    page.click("#play-now")
    page.wait_for_url(f"{embedded_run.url}/games/*/")
    game = int(page.url.rstrip("/").rsplit("/", 1)[1])
    try:
        page.wait_for_selector("#live.on", timeout=15000)   # the stream is open
    except Exception:  # noqa: BLE001 - say why, with the servers' side of it
        raise AssertionError(f"the live stream did not open\n{embedded_run.log()}") from None

    rng, deadline, announced = random.Random(43), time.monotonic() + 90, None
    while announced is None:
        assert time.monotonic() < deadline, (f"no bot move came over the stream: it sent "
                                             f"{page.evaluate('window.__stream')}\n{embedded_run.log()}")
        stream = page.evaluate("window.__stream")
        # the first message answers the connection; those after it are the live updates
        bot = [seq for seq in _bot_moves(embedded_run, game) if stream and stream[0] < seq <= max(stream)]
        if bot:
            announced = max(stream)
            break
        if page.get_attribute("#board .board", "data-your-prompt") == "1" and page.locator(
                "#board form.decide button:not([disabled])").count():
            take_my_turn(page, rng)
        page.wait_for_timeout(300)

    # every seq the stream sent is this game's in the embedded database, and the page followed it
    with psycopg.connect(host=str(embedded_run.var / "pg"), dbname="rdi", user="rdi_service") as conn:
        stored = conn.execute("SELECT seq FROM games_game WHERE id = %s", [game]).fetchone()[0]
    assert max(page.evaluate("window.__stream")) <= stored
    page.wait_for_function(f"+document.querySelector('#board .board').dataset.seq >= {announced}", timeout=10000)
    assert page.locator("#live.on").count(), "the stream closed: the page fell back to polling"
    log = embedded_run.log()
    assert "PoolTimeout" not in log and "could not read game" not in log, log
    shot(page, "embedded-live-table")
    context.close()
