"""The live stream against a ping it must not believe (issue 37, item 7): the real stream app
under uvicorn, the real Redis and this run's Postgres.

A ping published on the game's own channel with a seq far ahead of the game (what another
deployment sharing the Redis server used to send, or anyone who can PUBLISH) must not reach
the client, and must not make the stream drop the real updates after it, on the open stream
or after a reconnect with that seq as Last-Event-ID. Channels carry the deployment's name, so
another deployment's pings are not even heard."""
import os
import queue
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import orjson
import pytest
import redis
from django.conf import settings

from games import appends, engine, live_channels, selectors
from games.models import Game
from tests import bench_stream

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
FOREIGN = 10**6


@pytest.fixture
def stream_port():
    db = settings.DATABASES["default"]
    url = f"postgres://{db.get('USER') or 'postgres'}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"
    port = bench_stream._free_port()
    env = {**os.environ, "DATABASE_URL": url, "PYTHONPATH": str(ROOT), "DJANGO_SETTINGS_MODULE": "rdi_service.settings"}
    env.pop("RDI_DEPLOYMENT", None)
    server = subprocess.Popen([sys.executable, "-m", "uvicorn", "rdi_service.asgi:application", "--host", "127.0.0.1",
                               "--port", str(port), "--log-level", "warning", "--timeout-graceful-shutdown", "1"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                pytest.fail("uvicorn did not start: " + (server.stderr.read() or b"").decode()[-2000:])
            time.sleep(0.2)
    yield port
    server.terminate()
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()


class Sse:
    """One SSE connection to `/stream/<kind>/<key>/`; the `id:` lines it receives land in
    `ids`, each message's (id, data) in `messages`."""

    def __init__(self, port: int, game: int, last: int | None = None, kind: str = "games"):
        self.ids: queue.Queue = queue.Queue()
        self.messages: queue.Queue = queue.Queue()
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        extra = f"Last-Event-ID: {last}\r\n" if last is not None else ""
        self.sock.sendall(f"GET /stream/{kind}/{game}/ HTTP/1.1\r\nHost: test\r\n{extra}\r\n".encode())
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        ident = None
        try:
            with self.sock.makefile("rb") as lines:
                for line in lines:
                    if line.startswith(b"id: "):
                        ident = int(line[4:].strip())
                        self.ids.put(ident)
                    elif line.startswith(b"data: "):
                        self.messages.put((ident, orjson.loads(line[6:])))
        except (OSError, ValueError):
            pass

    def next_id(self, timeout: float = 10.0) -> int:
        return self.ids.get(timeout=timeout)

    def quiet(self, seconds: float) -> list[int]:
        time.sleep(seconds)
        out = []
        while not self.ids.empty():
            out.append(self.ids.get_nowait())
        return out

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


def _decide(game_id: int) -> int:
    game = Game.objects.get(pk=game_id)
    prompt = engine.prompts(selectors.game_state(game=game))[0]
    result = appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=prompt.decisions[0],
                                      actor="test", expected_seq=game.seq)
    return result.seq


def _foreign_ping(game_id: int) -> None:
    redis.Redis.from_url(settings.REDIS_URL).publish(appends.live_channel(game_id),
                                                      orjson.dumps({"game": game_id, "seq": FOREIGN}))


def test_a_ping_ahead_of_the_store_is_not_relayed_and_real_updates_still_arrive(stream_port):
    game = bench_stream.make_games(1)[0]
    sse = Sse(stream_port, game.pk)
    try:
        assert sse.next_id() == 0                       # the store's seq on connect
        time.sleep(0.3)                                  # the subscriber is listening
        _foreign_ping(game.pk)
        assert sse.quiet(0.5) == [], "a ping's own seq reached the client"
        first = _decide(game.pk)
        assert sse.next_id() == first
        second = _decide(game.pk)
        assert sse.next_id() == second
        _foreign_ping(game.pk)
        third = _decide(game.pk)
        assert sse.next_id() == third
        assert FOREIGN not in sse.quiet(0.3)
    finally:
        sse.close()


def test_a_reconnect_with_an_id_past_the_game_gets_the_store_seq_and_what_follows(stream_port):
    game = bench_stream.make_games(1)[0]
    seq = _decide(game.pk)
    sse = Sse(stream_port, game.pk, last=FOREIGN)    # what a client of a stream that relayed the ping holds
    try:
        assert sse.next_id() == seq
        time.sleep(0.3)
        after = _decide(game.pk)
        assert sse.next_id() == after
    finally:
        sse.close()


def test_channels_are_namespaced_per_deployment(settings):
    """Another deployment's channels (another database name, or another RDI_DEPLOYMENT) are
    not this one's pattern's: its pings are never heard here, whatever its game ids."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    settings.RDI_DEPLOYMENT = f"here-{os.getpid()}*"
    ours = live_channels.channel(7)
    assert settings.RDI_DEPLOYMENT in ours and live_channels.game_of(ours, live_channels.prefix()) == 7
    pubsub.psubscribe(live_channels.pattern())
    pubsub.get_message(timeout=1)
    for other in (f"here-{os.getpid()}x", f"here-{os.getpid()}"):   # `*` in a name is not a wildcard
        settings.RDI_DEPLOYMENT = other
        assert live_channels.channel(7) != ours
        client.publish(live_channels.channel(7), b'{"game": 7, "seq": 99}')
    client.publish("rdi:game:7", b'{"game": 7, "seq": 99}')          # the channel before namespaces
    client.publish(ours, b'{"game": 7, "seq": 1}')
    heard = []
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and len(heard) < 4:
        message = pubsub.get_message(timeout=0.2)
        if message:
            heard.append(message["channel"].decode())
    pubsub.close()
    assert heard == [ours]
    settings.RDI_DEPLOYMENT = ""
    assert live_channels.deployment() == settings.DATABASES["default"]["NAME"]
