"""``bench --server``: many players at many tables of one table server, over loopback.

A ``main.py serve`` process is started with a throw-away data folder; this process creates M
tables on it (every seat a remote one) and connects N = M x seats players, all in one asyncio
loop (no thread a player).  Each player is a computer of the ``random`` level: it answers its
turn after a think time drawn from ``think`` (people take seconds, not milliseconds), from the
legal actions it was sent.  Measured: actions a second, the latency from an action sent to
every other player of its table having the update (p50/p99), and the server's memory (peak
RSS) and CPU (share of one core) over the run.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .. import __version__
from .protocol import APP, PROTOCOL, encode

log = logging.getLogger(__name__)

GAMES = [("moles", 4, None), ("hamster", 4, None), ("ants", 4, "autumn"), ("forest", 4, "race"),
         ("gopher", 4, "standard")]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _proc_stats(pid: int) -> tuple[float, float]:
    """(peak resident MB, CPU seconds) of a process (Linux /proc; zeros elsewhere)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
        hwm = next((int(line.split()[1]) for line in status.splitlines()
                    if line.startswith("VmHWM:")), 0) / 1024
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return hwm, cpu
    except (OSError, ValueError, IndexError, StopIteration):
        return 0.0, 0.0


class _Player:
    def __init__(self, run: "_Run", code: str, seat: int, table: int):
        self.run, self.code, self.seat, self.table = run, code, seat, table
        self.ws = None
        self.rng = random.Random(table * 8 + seat)
        self.asked = None
        self.over = False

    async def play(self) -> None:
        from websockets.asyncio.client import connect
        run = self.run
        async with connect(run.url, max_size=2 ** 23, proxy=None, compression=None,
                           open_timeout=60, ping_interval=None) as ws:
            self.ws = ws
            await ws.send(encode("hello", p=PROTOCOL, app=APP, version=__version__,
                                 code=self.code, name=f"P{self.seat}", colour=self.seat,
                                 seat=self.seat, token=None))
            async for data in ws:
                msg = json.loads(data)
                t = msg.get("t")
                if t == "update":
                    run.arrived(self.table, msg["v"], self.seat)
                if t in ("state", "update"):
                    if (msg.get("env") or {}).get("over"):
                        self.over = True
                        return
                    legal = msg.get("legal") or []
                    if legal and msg.get("started", True) and self.asked != msg["v"]:
                        self.asked = msg["v"]
                        run.loop.create_task(self._answer(legal, msg["v"]))
                if run.stopping:
                    return

    async def _answer(self, legal: list, version: int) -> None:
        lo, hi = self.run.think
        await asyncio.sleep(self.rng.uniform(lo, hi))
        if self.run.stopping or self.ws is None:
            return
        self.run.sent(self.table, version + 1)
        try:
            await self.ws.send(encode("act", v=version, a=self.rng.choice(legal)))
        except Exception:  # noqa: BLE001 - the reader sees the closed connection
            log.warning("_answer: fell back after an error", exc_info=True)
            pass


class _Run:
    def __init__(self, url: str, think: tuple[float, float], seats: dict[int, int]):
        self.url, self.think, self.seats = url, think, seats
        self.loop = asyncio.get_running_loop()
        self.stopping = False
        self.pending: dict[tuple[int, int], list] = {}   # (table, version) -> [t0, seen]
        self.latencies: list[float] = []
        self.actions = 0

    def sent(self, table: int, version: int) -> None:
        self.pending[(table, version)] = [time.perf_counter(), 0]

    def arrived(self, table: int, version: int, seat: int) -> None:
        p = self.pending.get((table, version))
        if p is None:
            return
        p[1] += 1
        if p[1] >= self.seats[table]:
            self.latencies.append(time.perf_counter() - p[0])
            self.actions += 1
            del self.pending[(table, version)]


async def _drive(url: str, tables: int, seconds: float, think: tuple[float, float],
                 create_rate: float) -> dict:
    from .client import request
    codes = []
    loop = asyncio.get_running_loop()
    for i in range(tables):
        game, players, variant = GAMES[i % len(GAMES)]
        got = await loop.run_in_executor(None, lambda g=game, n=players, v=variant: request(
            url, "create", game=g, variant=v, options={}, listed=False, timer=0,
            seats=[{"kind": "remote", "level": "random", "name": ""}] * n))
        if got.get("t") != "created":
            raise RuntimeError(f"the server refused a table: {got}")
        codes.append((got["code"], players))
        if create_rate:
            await asyncio.sleep(1 / create_rate)
    run = _Run(url, think, {i: n for i, (_, n) in enumerate(codes)})
    players = [_Player(run, code, seat, i) for i, (code, n) in enumerate(codes)
               for seat in range(n)]
    tasks = []
    for p in players:
        tasks.append(asyncio.create_task(p.play()))
        await asyncio.sleep(0.002)        # joins spread over a moment, as people arrive
    connected = len(players)
    c0 = time.process_time()
    t0 = time.perf_counter()
    run.latencies.clear()
    run.actions = 0
    await asyncio.sleep(seconds)
    run.stopping = True
    elapsed = time.perf_counter() - t0
    driver_cpu = time.process_time() - c0
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(run.latencies)
    return {"tables": tables, "clients": connected, "seconds": round(elapsed, 1),
            "actions": run.actions, "actions_per_s": round(run.actions / elapsed, 1),
            "players_cpu_pct": round(100 * driver_cpu / elapsed, 1),
            "p50_ms": round(1000 * statistics.median(lat), 1) if lat else None,
            "p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 1)
            if lat else None}


def run(tables: int = 50, seconds: float = 30.0, think: tuple[float, float] = (2.0, 8.0),
        create_rate: float = 0.0) -> dict:
    """One measured run against a fresh ``main.py serve`` process."""
    root = Path(__file__).resolve().parents[2]
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="burrowbox-bench-server-") as data:
        env = dict(os.environ, BURROWBOX_LAN="off", BURROWBOX_HOME=data)
        cmd = [sys.executable, "main.py"] if not getattr(sys, "frozen", False) else \
            [sys.executable]
        proc = subprocess.Popen(cmd + ["serve", "--bind", "127.0.0.1", "--port", str(port),
                                       "--data", data, "--log-level", "warning",
                                       "--max-tables-per-address", str(tables + 10),
                                       "--max-connections", str(tables * 8 + 100)],
                                cwd=root, env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            url = f"ws://127.0.0.1:{port}"
            from .client import request
            deadline = time.monotonic() + 30
            while request(url, "list", timeout=1).get("t") != "tables":
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("the table server did not start")
                time.sleep(0.2)
            _, cpu0 = _proc_stats(proc.pid)
            t0 = time.perf_counter()
            result = asyncio.run(_drive(url, tables, seconds, think, create_rate))
            rss, cpu1 = _proc_stats(proc.pid)
            wall = time.perf_counter() - t0
            result.update({"server_rss_mb": round(rss, 1),
                           "server_cpu_pct": round(100 * (cpu1 - cpu0) / wall, 1) if wall else 0,
                           "think_s": list(think)})
            return result
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def bench_report(quick: bool = False) -> dict:
    """``bench --server``: the runs at 50, 200 and 500 tables (one short run at 20 with
    ``--quick``), as checks in the shape of ``game.bench`` (targets: update p99 <= 100 ms and
    server memory <= 400 MB at 500 tables and 2,000 players)."""
    import platform

    from .. import APP_NAME
    sizes, seconds = ([20], 10.0) if quick else ([50, 200, 500], 60.0)
    result = {"app": f"{APP_NAME} {__version__}", "python": platform.python_version(),
              "platform": platform.platform(terse=True), "quick": quick, "games": {},
              "checks": [], "startup": {"error": None}, "server": []}
    for n in sizes:
        r = run(tables=n, seconds=seconds)
        result["server"].append(r)
        last = n == sizes[-1]
        for key, label, unit, limit in (
                ("p50_ms", "update to every player, median", "ms", None),
                ("p99_ms", "update to every player, p99", "ms", 100.0 if last else None),
                ("server_rss_mb", "server memory, peak", "MB", 400.0 if last else None),
                ("server_cpu_pct", "server CPU", "% of a core", None),
                ("actions_per_s", "actions", "actions/s", None)):
            value = r.get(key)
            check = {"name": f"server.{n}.{key}",
                     "label": f"{n} tables, {r['clients']} players: {label}", "value": value,
                     "target": None, "pass": None}
            if limit is not None:
                check["target"] = {"op": "<=", "limit": limit, "unit": unit}
                check["pass"] = value is not None and value <= limit
            result["checks"].append(check)
    result["passed"] = all(c["pass"] is not False for c in result["checks"])
    return result
