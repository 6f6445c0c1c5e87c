"""The hosts of the multi-host benchmark (tests/hosts.py) and a tiny run of it
(tests/bench_hosts.py). Behaviour only: what is set up, what is reachable, what is left after;
nothing here asserts on time beyond the wire's delay being at least what was asked."""
import ipaddress
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from rdi_service.embedded import alive
from tests import hosts as hosts_module
from tests.hosts import PG_PORT, REDIS_PORT, ROLES, Hosts

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(os.geteuid() != 0, reason="network namespaces need root")]

ROOT = Path(__file__).resolve().parent.parent


def _ip(*args, ns=None):
    return subprocess.run([*(("ip", "netns", "exec", ns) if ns else ()), *args], capture_output=True, text=True,
                          timeout=30)


def _netns() -> str:
    return _ip("ip", "netns", "list").stdout


def _links(tag) -> list[str]:
    return re.findall(rf"\d+: (r{tag}\w+)[@:]", _ip("ip", "-o", "link", "show").stdout)


def _gone(hosts: Hosts, pids: list[int]) -> None:
    names = _netns()
    assert not [ns for ns in hosts.ns.values() if ns in names], names
    assert _links(hosts.tag) == []
    assert [pid for pid in pids if alive(pid)] == []
    assert not hosts.tmp.exists()


PY_CONNECT = ("import socket, sys\n"
              "s = socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=3)\n"
              "s.sendall(sys.argv[3].encode()); print(s.recv(200)); s.close()\n")


def test_hosts_namespaces_addresses_delay_database_and_teardown():
    with Hosts(rtt_ms=1.0) as hosts:
        names = _netns()
        for role in ROLES:
            ns = hosts.ns[role]
            assert ns in names
            addr = _ip("ip", "-4", "-o", "addr", "show", "dev", "eth0", ns=ns).stdout
            assert f"inet {hosts.addr[role]}/24" in addr
            assert "UP" in _ip("ip", "link", "show", "lo", ns=ns).stdout
            # no default route, so nothing but the subnet is reachable from a host
            assert _ip("ip", "route", "show", "default", ns=ns).stdout.strip() == ""
            assert _ip("ip", "route", "get", "1.1.1.1", ns=ns).returncode != 0
            assert all(line.startswith(str(hosts.subnet)) for line in
                       _ip("ip", "route", "show", ns=ns).stdout.splitlines()), role
        assert f"inet {hosts.driver_addr}/24" in _ip("ip", "-4", "-o", "addr", "show", "dev", hosts.driver_dev).stdout
        # the wire holds each packet rtt/2; read back, and a connect (one round trip) takes at least the RTT
        assert hosts.delay_us() == 500.0
        env = hosts.start_database()
        db = hosts.addr["db"]
        assert env["DATABASE_URL"] == f"postgres://rdi_service@{db}:{PG_PORT}/rdi"
        assert env["REDIS_URL"] == f"redis://{db}:{REDIS_PORT}/0"
        assert hosts.connect_rtt("web", db, PG_PORT, n=5) >= 1.0
        hosts.set_rtt(0.0)
        assert hosts.delay_us() == 0.0

        # a process on the web host reaches the db host's Postgres (as the service role) and Redis
        code = ("import psycopg, redis, sys\n"
                "print(psycopg.connect(sys.argv[1]).execute('SELECT current_user, inet_server_addr()').fetchone())\n"
                "print(redis.Redis.from_url(sys.argv[2]).ping())\n")
        done = subprocess.run(hosts.command("web", [sys.executable, "-c", code, env["DATABASE_URL"], env["REDIS_URL"]]),
                              capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        assert f"('rdi_service', IPv4Address('{db}'))" in done.stdout and "True" in done.stdout, done.stdout
        # the web host's loopback is its own: the machine's Postgres and Redis are not there
        for port in (5432, 6379):
            refused = subprocess.run(hosts.command("web", [sys.executable, "-c", PY_CONNECT, "127.0.0.1", str(port), ""]),
                                     capture_output=True, text=True, timeout=30)
            assert refused.returncode != 0 and "ConnectionRefusedError" in refused.stderr

        # from outside the subnet the db host cannot answer: it has no route back
        outside = _ip("ip", "-4", "-o", "addr", "show", "scope", "global").stdout
        sources = [a for a in re.findall(r"inet (\d+\.\d+\.\d+\.\d+)/", outside)
                   if ipaddress.ip_address(a) not in hosts.subnet]
        assert sources, outside
        with socket.socket() as sock:
            sock.bind((sources[0], 0))
            sock.settimeout(2)
            with pytest.raises(OSError):
                sock.connect((db, PG_PORT))

        pids = [int(p) for role in ROLES for p in _ip("ip", "netns", "pids", hosts.ns[role]).stdout.split()]
        pids.append(hosts.wire.pid)
        assert len(pids) > 3         # the wire, Redis, the postmaster and its children
    _gone(hosts, pids)


def test_teardown_when_the_body_raises():
    with pytest.raises(RuntimeError, match="boom"):
        with Hosts() as hosts:
            sleeper = hosts.popen("work", ["sleep", "300"])
            pids = [sleeper.pid, hosts.wire.pid]
            raise RuntimeError("boom")
    _gone(hosts, pids)


def test_cleanup_removes_what_a_dead_run_left():
    dead = subprocess.Popen(["true"])
    dead.wait()
    hosts = Hosts(tag=dead.pid)
    hosts.__enter__()            # and never exits, as a run killed with SIGKILL
    sleeper = hosts.popen("db", ["sleep", "300"])
    pids = [sleeper.pid, hosts.wire.pid]
    try:
        assert dead.pid in hosts_module.leftovers()
        removed = hosts_module.cleanup()
        assert f"netns {hosts.ns['db']}" in removed and any(item.startswith("wire pid") for item in removed)
        sleeper.wait(10)
        hosts.wire.wait(10)
        _gone(hosts, pids)
        assert dead.pid not in hosts_module.leftovers()
    finally:
        hosts.close()


def test_bench_hosts_tiny_run_prints_figures_from_every_host():
    """The whole benchmark at a handful of tables for a few seconds, one RTT, one process per
    role, in its own process (it points Django at the db host it makes)."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.bench_hosts", "--tables", "6", "--rate", "12", "--human-tables", "2",
         "--human-think", "0.2", "--rtts", "0.5", "--no-single", "--seconds", "5", "--warmup", "2", "--web", "1",
         "--stream", "1", "--workers", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=150, env={**os.environ, "PYTHONPATH": str(ROOT)})
    text = done.stdout
    assert done.returncode == 0, done.stderr[-3000:] + text
    assert "hosts, RTT 0.5 ms: web on web, stream on stream, workers on work" in text
    assert re.search(r"measured round trips \(median TCP connect\): web->Postgres [\d.]+ ms", text), text
    assert re.search(r"one human decision alone .*: GET [\d.]+ ms \(server [\d.]+ ms\), \d+ round trips to "
                     r"Postgres .*POST [\d.]+ ms \(server [\d.]+ ms\), [1-9]\d* round trips to Postgres", text), text
    # the workers (work host) decided, through Postgres (db host)
    ai = re.search(r"^  AI: (\d+) decisions/s \((\d+) in 5 s\); commit->next AI decision .* p50 [\d.]+ ms p99 "
                   r"[\d.]+ ms; commit->SSE p50 [\d.]+ ms p99 [\d.]+ ms \((\d+)\)", text, re.M)
    assert ai and int(ai[2]) > 0, text
    # the stream host delivered them to SSE clients
    assert int(ai[3]) > 0, text
    # people decided through the web host
    human = re.search(r"^  human: (\d+) decisions \(\d+ refused, \d+ request errors\); request->response p50 "
                      r"[\d.]+ ms p99 [\d.]+ ms, of which the server \(Server-Timing\) p50 [\d.]+ ms", text, re.M)
    assert human and int(human[1]) > 0, text
    trips = re.search(r"work->Postgres ([\d.]+) and work->Redis ([\d.]+) per bot decision; web->Postgres ([\d.]+)",
                      text)
    assert trips and float(trips[1]) > 0 and float(trips[2]) > 0 and float(trips[3]) > 0, text
    table = text.split("side by side", 1)[1]
    assert re.search(r"^  hosts\s+0.5\s+\d+\s+[\d.]+/[\d.]+\s+[\d.]+/[\d.]+", table, re.M), table
    # and it left nothing behind
    prefix = re.search(r"namespaces (rdi\d+)-\*", text)[1]
    assert prefix not in _netns()
    assert _links(prefix[3:]) == []
