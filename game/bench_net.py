"""Network figures (``python main.py bench --net``): measurements, not timed tests.

  * latency: several tables at once over loopback (127.0.0.1), each served by its own
    ``TableHost`` in its own thread (as several hosts would), every seat a ``TableClient``;
    the seat to act sends a random legal move, and the time from sending it to the moment the
    *last* other seat's client has the update is one sample (the window then draws it in its
    next frame); median and 99th percentile over every move of every table;
  * memory of a host with a table: the resident memory of a separate process that hosts one
    table while three players play it from this process (peak, and what hosting added to the
    process once the program's modules were loaded);
  * idle CPU of the play screen of a table online, waiting for another player (the window, the
    client's and the host's threads together).
"""
from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import threading
import time

TARGETS = {"latency_p99_ms": ("<=", 50.0, "ms"), "idle_cpu_pct": ("<=", 3.0, "% of a core")}
FULL = {"tables": 4, "players": 3, "moves": 60, "memory_moves": 40, "idle_seconds": 4.0}
QUICK = {"tables": 2, "players": 3, "moves": 15, "memory_moves": 10, "idle_seconds": 1.0}
GAME = "moles"


def _percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * pct // 100) - 1)]


def _timed_client(url: str, code: str, seat: int, name: str):
    from .net.client import TableClient

    class TimedClient(TableClient):
        """Notes when each update arrives (in its own thread, before the app would see it)."""

        def _deliver(self, msg: dict) -> None:
            if msg.get("t") == "update" and isinstance(msg.get("v"), int):
                self.arrived[msg["v"]] = time.perf_counter()
            super()._deliver(msg)

    client = TimedClient(url, code=code, name=name, seat=seat)
    client.arrived = {}
    client.last = None            # the newest state/update (read by the driver)
    return client


class _Table:
    def __init__(self, index: int, players: int, seed: int):
        from .net.host import HostThread, TableHost
        from .rules import new_game
        from .table import Seat, Table
        seats = [Seat(f"Player {i + 1}", i, "remote") for i in range(players)]
        self.table = Table(GAME, seats, new_game(GAME, players, seed=seed))
        self.host = TableHost(self.table)
        self.thread = HostThread(self.host)
        port = self.thread.start()[1]
        url = f"ws://127.0.0.1:{port}"
        self.clients = [_timed_client(url, self.host.code, s, f"Player {s + 1}")
                        for s in range(players)]
        for c in self.clients:
            c.start()
        self.sent: dict[int, tuple[float, int]] = {}      # version -> (time sent, seat)
        self.asked: int | None = None
        self.rng = random.Random(seed)

    def ready(self) -> bool:
        return self.host.ready()

    def drive(self) -> bool:
        """Read what arrived; the seat to act sends a move.  False once this table is done."""
        for c in self.clients:
            for msg in c.poll():
                if msg.get("t") in ("state", "update"):
                    c.last = msg
        if self.table.is_over():
            return False
        seat = self.table.current
        last = self.clients[seat].last
        if last is None or last.get("v") != self.table.version or not last.get("legal") \
                or self.asked == last["v"]:
            return True
        self.asked = last["v"]
        self.sent[last["v"] + 1] = (time.perf_counter(), seat)
        self.clients[seat].act(self.rng.choice(last["legal"]), last["v"])
        return True

    def samples(self) -> list[float]:
        out = []
        for v, (t0, seat) in self.sent.items():
            arrivals = [c.arrived.get(v) for i, c in enumerate(self.clients) if i != seat]
            if all(a is not None for a in arrivals):
                out.append((max(arrivals) - t0) * 1000.0)
        return out

    def close(self) -> None:
        for c in self.clients:
            c.close(2.0)
        self.thread.stop(3.0)


def measure_latency(tables: int, players: int, moves: int) -> dict:
    """Move -> every other seat's client has it, over loopback, ``tables`` tables at once."""
    live = [_Table(i, players, seed=100 + i) for i in range(tables)]
    try:
        deadline = time.monotonic() + 30
        while not all(t.ready() for t in live):
            if time.monotonic() > deadline:
                raise RuntimeError("the players did not sit down in time")
            time.sleep(0.01)
        for t in live:
            t.host.start()
        start = time.perf_counter()
        deadline = time.monotonic() + 60 + moves * tables * 0.5
        while time.monotonic() < deadline:
            going = [t for t in live if len(t.sent) < moves and t.drive()]
            if not going:
                break
            time.sleep(0.0005)
        time.sleep(0.3)                       # the last updates arrive
        wall = time.perf_counter() - start
        samples = [s for t in live for s in t.samples()]
    finally:
        for t in live:
            t.close()
    if not samples:
        return {"error": "no move was measured", "p50_ms": None, "p99_ms": None}
    return {"tables": tables, "players": players, "moves": len(samples),
            "p50_ms": statistics.median(samples), "p99_ms": _percentile(samples, 99),
            "max_ms": max(samples), "moves_per_s": len(samples) / wall}


# ---- the memory of a host ------------------------------------------------------------------------

def _rss(field: str) -> float | None:
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return None


def host_child() -> None:  # pragma: no cover - runs in its own process
    """The child of ``measure_host_memory``: host one table, say the port and the code, wait
    for "done" on stdin, then say its memory."""
    from .net.host import HostThread, TableHost
    from .rules import new_game
    from .table import BotRunner, Seat, Table
    import websockets.asyncio.server  # noqa: F401 - loaded before the first figure
    before = _rss("VmRSS")
    seats = [Seat(f"Player {i + 1}", i, "remote") for i in range(3)] + [Seat("Computer", 3,
                                                                             "computer", "good")]
    table = Table(GAME, seats, new_game(GAME, 4, seed=5))
    host = TableHost(table)
    thread = HostThread(host)
    port = thread.start()[1]
    print(json.dumps({"port": port, "code": host.code}), flush=True)
    bots = BotRunner(table)
    stop = threading.Event()

    def computers():
        while not stop.is_set():
            if host.started:
                bots.poll(0.02)
            elif host.ready():
                host.start()
            time.sleep(0.02)
    worker = threading.Thread(target=computers, daemon=True)
    worker.start()
    sys.stdin.readline()
    stop.set()
    after, peak = _rss("VmRSS"), _rss("VmHWM")
    print(json.dumps({"before_mb": before, "rss_mb": after, "peak_mb": peak,
                      "version": table.version}), flush=True)
    thread.stop(3.0)


def measure_host_memory(moves: int) -> dict:
    """A separate process hosts one table of four (three players here, a computer there)."""
    code = "from game.bench_net import host_child; host_child()"
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, cwd=_root())
    clients = []
    try:
        first = json.loads(proc.stdout.readline())
        url = f"ws://127.0.0.1:{first['port']}"
        clients = [_timed_client(url, first["code"], s, f"Player {s + 1}") for s in range(3)]
        for c in clients:
            c.start()
        rng = random.Random(1)
        made, asked, started = 0, None, False
        deadline = time.monotonic() + 60 + moves
        while made < moves and time.monotonic() < deadline:
            for c in clients:
                for msg in c.poll():
                    if msg.get("t") in ("state", "update"):
                        c.last = msg
            if not started:
                started = all(c.last is not None and c.last.get("t") == "state"
                              and c.last.get("started") for c in clients)
                if not started:
                    time.sleep(0.01)
                    continue
            for c in clients:
                last = c.last
                if last and last.get("legal") and asked != last.get("v") and \
                        not (last.get("env") or {}).get("over"):
                    asked = last["v"]
                    c.act(rng.choice(last["legal"]), last["v"])
                    made += 1
            time.sleep(0.005)
        proc.stdin.write("done\n")
        proc.stdin.flush()
        figures = json.loads(proc.stdout.readline())
        figures["moves"] = made
        return figures
    except (ValueError, OSError) as exc:
        return {"error": f"{type(exc).__name__}: {exc}", "rss_mb": None, "peak_mb": None}
    finally:
        for c in clients:
            c.close(2.0)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def _root() -> str:
    from pathlib import Path
    return str(Path(__file__).resolve().parent.parent)


# ---- the idle window at a table online ------------------------------------------------------------

def measure_idle_online(seconds: float) -> dict:
    """CPU of the whole process (window, client and host threads) while a player's play
    screen waits for the host's move; frames drawn meanwhile."""
    import os
    os.environ.setdefault("BURROWBOX_LAN", "off")
    from .app.app import App
    from .app.online.host_session import host_new
    from .app.online.remote_session import RemoteSession
    from .app.loop import wake
    from .net.client import TableClient
    app = App(size=(1280, 720), fullscreen=False, headless=True)
    seats = [{"name": "Host", "colour": 0, "kind": "human", "level": "good"},
             {"name": "Guest", "colour": 1, "kind": "remote", "level": "good"}]
    hs = host_new(GAME, seats, seed=7, port=0, bind="127.0.0.1")
    hs.autosave_enabled = False
    client = TableClient(f"ws://127.0.0.1:{hs.port}", code=hs.code, name="Guest", seat=1,
                         wake=wake.post)
    client.start()
    got: list = []
    rs = None
    try:
        deadline = time.monotonic() + 20
        while rs is None and time.monotonic() < deadline:
            got += client.poll()
            hs.poll_notices()
            if hs.ready() and not hs.started:
                hs.start()
            started = [i for i, m in enumerate(got) if m.get("t") == "state" and m.get("started")]
            if started:
                lobby = next(m["lobby"] for m in reversed(got) if m.get("lobby"))
                rs = RemoteSession(client, lobby, got[started[-1]:])
            time.sleep(0.01)
        if rs is None:
            return {"error": "the table did not start", "cpu_pct": None}
        if rs.human_to_act():          # the guest moves first: one move, then it waits
            rs.act(rs.legal_for_board()[0])
        app.go(app.scene("play", rs))
        for _ in range(30):
            app.frame(force=True)
        app._hot = 0.0
        settle = time.perf_counter() + 8.0
        while time.perf_counter() < settle and app.wants_frame():
            app.frame()
        app.frame()
        drawn = app.frames_drawn
        cpu0, wall0 = time.process_time(), time.perf_counter()
        while time.perf_counter() - wall0 < seconds:
            app.frame()
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        return {"cpu_pct": 100.0 * cpu / wall, "frames_drawn": app.frames_drawn - drawn,
                "seconds": round(wall, 1)}
    finally:
        for scene in app.stack:
            stop = getattr(scene, "stop", None)
            if stop:
                stop()
        client.close(2.0)
        hs.close()
        import pygame
        pygame.display.quit()


# ---- the report ---------------------------------------------------------------------------------

def run(quick: bool = False) -> dict:
    cfg = QUICK if quick else FULL
    result = {"quick": quick, "game": GAME}
    result["latency"] = measure_latency(cfg["tables"], cfg["players"], cfg["moves"])
    result["host_memory"] = measure_host_memory(cfg["memory_moves"])
    result["idle"] = measure_idle_online(cfg["idle_seconds"])
    checks = []
    lat = result["latency"]
    for name, label, value, target in (
            ("latency_p50_ms", "move -> every other seat's client, median", lat.get("p50_ms"),
             None),
            ("latency_p99_ms", "move -> every other seat's client, p99", lat.get("p99_ms"),
             "latency_p99_ms"),
            ("host_rss_mb", "host process with one table, resident",
             result["host_memory"].get("rss_mb"), None),
            ("host_added_mb", "what hosting the table added",
             _delta(result["host_memory"]), None),
            ("idle_cpu_pct", "idle play screen at a table online, CPU",
             result["idle"].get("cpu_pct"), "idle_cpu_pct")):
        entry = {"name": name, "label": label, "value": value, "target": None, "pass": None}
        if target is not None and value is not None:
            op, limit, unit = TARGETS[target]
            entry["target"] = {"op": op, "limit": limit, "unit": unit}
            entry["pass"] = value <= limit
        checks.append(entry)
    result["checks"] = checks
    result["passed"] = all(c["pass"] is not False for c in checks)
    return result


def _delta(mem: dict):
    if mem.get("rss_mb") is None or mem.get("before_mb") is None:
        return None
    return mem["rss_mb"] - mem["before_mb"]


def format_report(result: dict) -> str:
    lines = ["Burrow Box bench --net (loopback, 127.0.0.1)"
             + ("  [quick: rough figures]" if result["quick"] else ""), ""]
    for c in result["checks"]:
        v = c["value"]
        unit = "MB" if c["name"].endswith("_mb") else ("%" if c["name"].endswith("pct") else "ms")
        shown = "n/a" if v is None else f"{v:.1f} {unit}"
        target = f"{c['target']['op']} {c['target']['limit']:g} {unit}" if c["target"] else ""
        verdict = "" if c["pass"] is None else ("PASS" if c["pass"] else "FAIL")
        lines.append(f"  {c['label']:<46} {shown:>10}   {target:<10} {verdict}".rstrip())
    lat, mem, idle = result["latency"], result["host_memory"], result["idle"]
    lines.append("")
    if lat.get("moves"):
        lines.append(f"  note: {lat['tables']} tables at once, {lat['players']} players each, "
                     f"{lat['moves']} moves timed ({lat['moves_per_s']:.0f} moves/s in all), "
                     f"slowest {lat['max_ms']:.1f} ms")
    if mem.get("peak_mb") is not None:
        lines.append(f"  note: host process peak {mem['peak_mb']:.0f} MB after {mem['moves']} "
                     f"moves; {mem['before_mb']:.0f} MB before it hosted")
    if idle.get("frames_drawn") is not None:
        lines.append(f"  note: idle online play screen drew {idle['frames_drawn']} frames in "
                     f"{idle['seconds']} s")
    for part in (lat, mem, idle):
        if part.get("error"):
            lines.append(f"  error: {part['error']}")
    return "\n".join(lines)
