"""The table server (issue 35) as a real ``main.py serve`` process on the loopback interface:
tables are created, joined and played to the end; ``kill -9`` at any moment and a restart lose
nothing and apply nothing twice (the players reconnect by themselves); a table waits across a
client's restart; hostile messages leave it up; a damaged or newer database is refused with a
sentence that names the file."""
from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.net.bot import play_remote
from game.net.client import TableClient, request
from game.net.server import TableServer
from game.net.store import Store

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, data: Path, port: int):
        self.data, self.port = data, port
        self.proc = None
        self.url = f"ws://127.0.0.1:{port}"

    def start(self):
        env = dict(os.environ, BURROWBOX_HOME=str(self.data / "home"), BURROWBOX_LAN="off")
        self.proc = subprocess.Popen(
            [sys.executable, "main.py", "serve", "--bind", "127.0.0.1", "--port", str(self.port),
             "--data", str(self.data)], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if request(self.url, "list", timeout=1).get("t") == "tables":
                return self
            assert self.proc.poll() is None, self.proc.stderr.read()
            time.sleep(0.1)
        raise AssertionError("the server did not start")

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path, free_port()).start()
    yield s
    s.stop()


def create(server, game="moles", kinds=("remote", "remote", "computer"), **kw):
    got = request(server.url, "create", game=game, variant=kw.get("variant"),
                  options=kw.get("options", {}), listed=kw.get("listed", False),
                  timer=kw.get("timer", 0),
                  seats=[{"kind": k, "level": "random", "name": ""} for k in kinds])
    assert got["t"] == "created", got
    return got["code"]


def final_tables(data: Path):
    """The server's tables as the database has them (replayed in this process)."""
    store = Store(data)
    try:
        srv = TableServer(store)
        srv.load()
        return {code: room.table for code, room in srv.rooms.items()}
    finally:
        store.close()


def test_a_table_is_created_joined_and_played_to_the_end(server):
    code = create(server, "hamster", ("remote", "remote", "computer"))
    assert len(code) >= 10
    results, errors = {}, []

    def player(seat):
        try:
            results[seat] = play_remote(server.url, code, level="random", seat=seat,
                                        name=f"P{seat}", timeout=120)
        except Exception as exc:  # noqa: BLE001
            errors.append(repr(exc))
    threads = [threading.Thread(target=player, args=(s,)) for s in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(150)
    assert not errors and results[0]["env"]["over"]
    server.stop()
    table = final_tables(server.data)[code]
    assert table.is_over() and table.version == results[0]["v"] == results[1]["v"]
    for seat in (0, 1):
        assert json.dumps(results[seat]["env"], sort_keys=True) == \
            json.dumps(json.loads(json.dumps(table.view_for(seat))), sort_keys=True)


def test_kill_9_and_a_restart_lose_nothing_and_apply_nothing_twice(server):
    code = create(server, "ants", ("remote", "remote"), variant="autumn")
    results, errors = {}, []
    seen: dict[int, list[int]] = {0: [], 1: []}

    def player(seat):
        client = TableClient(server.url, code=code, name=f"P{seat}", seat=seat)
        real_poll = client.poll

        def poll():
            got = real_poll()
            seen[seat].extend(m["v"] for m in got if m.get("t") == "update")
            return got
        client.poll = poll
        try:
            results[seat] = play_remote(server.url, code, level="random", seat=seat,
                                        timeout=180, client=client)
        except Exception as exc:  # noqa: BLE001
            errors.append(repr(exc))
    threads = [threading.Thread(target=player, args=(s,)) for s in (0, 1)]
    for t in threads:
        t.start()
    for moment in (25, 70):                 # kill -9 twice in the middle of the game
        deadline = time.monotonic() + 60
        while max(seen[0] + [0]) < moment and time.monotonic() < deadline:
            time.sleep(0.01)
        server.kill()
        time.sleep(0.5)
        server.start()
    for t in threads:
        t.join(200)
    assert not errors, errors
    server.stop()
    table = final_tables(server.data)[code]
    assert table.is_over() and results[0]["v"] == results[1]["v"] == table.version
    for seat in (0, 1):           # every version told once, in order, none skipped or repeated
        assert seen[seat] == sorted(set(seen[seat]))


def test_a_table_waits_across_a_client_restart(server):
    code = create(server, "moles", ("remote", "remote"))
    a = TableClient(server.url, code=code, name="A", seat=0)
    b = TableClient(server.url, code=code, name="B", seat=1)
    a.start()
    b.start()
    deadline = time.monotonic() + 10
    while not (a.token and b.token) and time.monotonic() < deadline:
        time.sleep(0.02)
    token = a.token
    while time.monotonic() < deadline:      # the server starts a full table in its next round
        got = request(server.url, "mine", tables=[{"code": code, "token": token}])
        if got["tables"][0]["started"]:
            break
        time.sleep(0.05)
    a.close()
    b.close()
    got = request(server.url, "mine", tables=[{"code": code, "token": token}])
    assert got["tables"][0]["seat"] == 0 and got["tables"][0]["started"]
    back = TableClient(server.url, code=code, token=token)
    back.start()
    deadline = time.monotonic() + 10
    state = None
    while state is None and time.monotonic() < deadline:
        state = next((m for m in back.poll() if m.get("t") == "state"), None)
        time.sleep(0.02)
    assert state and state["env"]["seat"] == 0 and state["env"]["seats"][0]["name"] == "A"
    back.close()


def test_hostile_messages_leave_the_server_up(server):
    from websockets.sync.client import connect
    junk = ["{", "[]", '{"t":"create","seats":"x"}', '{"t":"create","seats":[1]}',
            '{"t":"mine","tables":[{"code":5}]}', '{"t":"hello","p":1,"app":"BurrowBox",'
            '"version":"0","code":"AAAAAAAAAA"}', "x" * 70000,
            json.dumps({"t": "create", "p": 1, "app": "BurrowBox", "version": "0.0",
                        "game": "moles", "seats": [{"kind": "computer"}]})]
    for _ in range(3):
        try:
            with connect(server.url, proxy=None) as ws:
                for msg in junk * 20:
                    ws.send(msg)
        except Exception:  # noqa: BLE001 - the server may close an abusive connection
            pass
    assert request(server.url, "list").get("t") == "tables"
    code = create(server)
    got = request(server.url, "mine", tables=[{"code": code, "token": "nope"}])
    assert got["tables"] == []


def test_guessing_codes_is_stopped(server):
    for _ in range(25):
        c = TableClient(server.url, code="AAAAAAAAAA")
        c.start()
        c.thread.join(5)
    c = TableClient(server.url, code=create(server))
    c.start()
    c.thread.join(5)
    assert c.why == "too_fast"


@pytest.mark.parametrize("damage", ["garbage", "newer"])
def test_a_damaged_or_newer_database_is_refused_with_a_sentence(tmp_path, damage):
    db = tmp_path / "tables.sqlite3"
    if damage == "garbage":
        db.write_bytes(b"this is not a database" * 100)
    else:
        con = sqlite3.connect(db)
        con.execute("PRAGMA user_version=99")
        con.close()
    out = subprocess.run([sys.executable, "main.py", "serve", "--port", "0", "--bind",
                          "127.0.0.1", "--data", str(tmp_path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, env=dict(os.environ, BURROWBOX_LAN="off"))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "tables.sqlite3" in out.stderr
    assert ("damaged" in out.stderr) if damage == "garbage" else ("newer" in out.stderr)


def test_the_server_bench_runs_a_short_load():
    """``bench --server`` in small: players at a few tables of a real server process."""
    from game.net import loadtest
    r = loadtest.run(tables=5, seconds=4.0, think=(0.1, 0.4))
    assert r["clients"] == 20 and r["actions"] > 10 and r["p99_ms"] is not None
    assert r["server_rss_mb"] > 0
