"""Browser tests: Debian's Chromium driven by Playwright against a real uvicorn serving the
whole site (pages, API and the SSE stream: pytest-django's live_server is WSGI and hangs on a
stream) and a real Celery worker with beat playing the AI seats, all on this run's test
database and a Celery queue of its own. Screenshots go to var/screenshots/ (not committed).

Run apart from asyncio tests, with DJANGO_ALLOW_ASYNC_UNSAFE=true (bin/test does both)."""
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings

ROOT = Path(__file__).resolve().parents[3]
ARTIFACTS = ROOT / "var" / "screenshots"
CHROMIUM = os.environ.get("RDI_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
QUEUE = f"rdi-web-test-{os.getpid()}"

pytestmark = pytest.mark.browser


def pytest_collection_modifyitems(items):
    """Every browser test needs the test database, which the site runs on; pytest-django creates
    it only when a collected test asks for it, so a run of browser tests none of which did (one
    file, say) ran the site on the development database. Transactional, as a browser test that
    writes must be (docs/web.md, "Tests"): with a plain mark a session was still open when the
    run ended, and the test database could not be dropped."""
    for item in items:
        if item.get_closest_marker("browser") and not item.get_closest_marker("django_db"):
            item.add_marker(pytest.mark.django_db(transaction=True))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _database_url() -> str:
    db = settings.DATABASES["default"]
    return f"postgres://{db.get('USER') or 'postgres'}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


class Proc:
    def __init__(self, name, cmd, env, logdir):
        self.name, self.log_path = name, logdir / f"{name}.log"
        self.log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")[-3000:]

    def stop(self):
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)     # the process group this fixture started
            self.proc.wait(10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.log.close()


@pytest.fixture(scope="session")
def site(django_db_setup, django_db_blocker):
    """The base URL of uvicorn + a Celery worker (with beat) on the test database."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: bin/test installs Debian's chromium (apt-get install chromium)")
    if not settings.DATABASES["default"]["NAME"].startswith("test_"):
        pytest.fail(f"the site would run on {settings.DATABASES['default']['NAME']}, not a test database")
    logdir = Path(tempfile.mkdtemp(prefix="rdi-web-"))
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": _database_url(), "RDI_CELERY_QUEUE": QUEUE,
           # throttle counts of its own: sign-ups from 127.0.0.1 in earlier runs must not count
           "RDI_CACHE_PREFIX": QUEUE, "PYTHONPATH": str(ROOT),
           # every browser test signs its people up from 127.0.0.1: far more than the 20 an hour
           # one address may (tests/accounts test that throttle)
           "RDI_THROTTLE_SIGNUP_ADDRESS": "1000/hour",
           "DJANGO_SETTINGS_MODULE": "rdi_service.settings", "DEBUG": "false", "RDI_SCHEDULE_TASKS": "true",
           "RDI_PLAY_NOW_SEATS": "2", "RDI_SWEEP_SECONDS": "1", "RDI_SWEEP_STALE_SECONDS": "2",
           "ALLOWED_HOSTS": "127.0.0.1,localhost", "RDI_STREAM_URL": ""}
    procs = [
        Proc("web", [sys.executable, "-m", "uvicorn", "rdi_service.asgi:application", "--host", "127.0.0.1",
                     "--port", str(port), "--workers", "1", "--log-level", "warning",
                     "--timeout-graceful-shutdown", "1"], env, logdir),
        Proc("worker", [sys.executable, "-m", "celery", "-A", "rdi_service", "worker", "-B", "--pool=solo",
                        "-Q", QUEUE, "--schedule", str(logdir / "beat-schedule"), "-l", "WARNING",
                        "--without-gossip", "--without-mingle", "--without-heartbeat",
                        "-n", f"{QUEUE}@%h"], env, logdir),
    ]
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/healthz", timeout=2)
            break
        except OSError:
            if time.monotonic() > deadline or procs[0].proc.poll() is not None:
                out = procs[0].output()
                for p in procs:
                    p.stop()
                pytest.fail(f"uvicorn did not start:\n{out}")
            time.sleep(0.3)
    site = type("Site", (), {"url": base, "procs": procs, "logs": lambda self=None: "\n".join(
        f"--- {p.name} ---\n{p.output()}" for p in procs)})()
    yield site
    for p in procs:
        p.stop()
    import redis

    redis.Redis.from_url(settings.CELERY_BROKER_URL).delete(QUEUE)
    shutil.rmtree(logdir, ignore_errors=True)


def pytest_configure(config):
    """This run's audit only: emptied once, by the process that starts the run (with xdist, the
    controller, before any worker appends)."""
    if not hasattr(config, "workerinput"):
        (ARTIFACTS / "a11y.txt").unlink(missing_ok=True)


@pytest.fixture(scope="session")
def chrome():
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def shot(page, name: str) -> Path:
    """A screenshot of the page as it is, which is also audited (`audit`): every page a browser
    test looks at is checked at the width it was seen."""
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    audit(page, name)
    return path


# Swagger UI's own widget on /api/docs/ is another project's markup (its page around it is ours)
NOT_OURS = ["#swagger-ui"]


def audit(page, where: str) -> None:
    """axe-core's WCAG 2.1 A/AA and best-practice rules on the page as it is now: no serious or
    critical violation. Every violation, of any impact, is listed in var/screenshots/a11y.txt."""
    found = Axe().run(page, context={"exclude": [[s] for s in NOT_OURS]}, options={
        "resultTypes": ["violations"],
        "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}})
    violations = found.response["violations"]
    with open(ARTIFACTS / "a11y.txt", "a") as log:
        log.write(f"{where} ({page.viewport_size['width']} px): {len(violations)} violations\n")
        for v in violations:
            node = v["nodes"][0]
            log.write(f"  {v['impact']} {v['id']} x{len(v['nodes'])}: {node['target']} {' '.join(node['html'].split())[:160]}\n")
    bad = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert not bad, f"{where}: accessibility violations:\n" + "\n".join(
        f"{v['impact']} {v['id']} ({v['help']}): {[n['target'] for n in v['nodes'][:3]]} {v['nodes'][0]['html'][:200]}"
        for v in bad)
