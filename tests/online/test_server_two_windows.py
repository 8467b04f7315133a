"""A whole game on a table server from two real windows, across app restarts.

A real ``main.py serve`` on 127.0.0.1 (its own --data folder) and two app processes
(``main.py play``, each with its own user folder) side by side on one private Xvfb display:

* window A: title -> Play online -> Tables on a server -> types the server's address ->
  Create a table -> Hamster Burrow, 2 players (A's seat Person, the other Online), the short
  timer -> Create a table; A takes its seat and the screen shows the code;
* window B: title -> Play online -> Join a table -> types the address and the code -> Join ->
  Take this seat; the server starts the game;
* both play by real input: A by the keyboard alone (N / P to the target, Enter takes it), B by
  mouse clicks; which targets make a legal action comes from the apps' debug hook
  (game/app/devtools/debug_targets.py: the legal actions' routes, N's order, the focus);
* mid-game A quits (Menu -> Quit to title -> Quit) and is started again: Tables on a server
  (the address remembered) -> My tables -> Open, and plays on; then the server is killed
  (kill -9) and started again on its port, and both windows play on by themselves; later B
  is killed (kill -9) and started again: Tables on a server (at the server where it joined
  the table by its code) -> My tables -> Open;
* the game is played to its end; both windows show the results with the same result, A's
  *My tables* shows the table over, and the server's stored table (restored as the server
  does after a restart) is over with that same result (its digest,
  ``game.table.result_digest``).

Pictures (My tables before each window opens the table again, both windows' results, My
tables once the game is over) go to BURROWBOX_SHOTS (else tmp_path).  Every wait has a
timeout; the server, the apps and Xvfb are always stopped.
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.i18n import tr
from game.net.client import request
from tests.app.test_real_window import XServer, _missing_tools_reason
from tests.net.test_server import free_port
from tests.online.test_real_window_online import BESIDE, SCREEN, SIZE, Window, _shots

ROOT = Path(__file__).resolve().parent.parent.parent
GAME = "hamster"
GAME_SECONDS = 150            # the whole game, both players, the restarts
KEY_DELAY = 12                # ms between the key presses of one burst

if not sys.platform.startswith("linux"):
    pytestmark = pytest.mark.skip(reason="the real-window test uses Xvfb (Linux only)")


class Serve:
    """``main.py serve`` on 127.0.0.1 with its own data folder."""

    def __init__(self, data: Path):
        self.data, self.port = data, free_port()
        self.url = f"ws://127.0.0.1:{self.port}"
        self.address = f"127.0.0.1:{self.port}"
        self.log = data.parent / "serve.log"
        self.proc = None
        self.start()

    def start(self) -> None:
        env = dict(os.environ, BURROWBOX_HOME=str(self.data / "home"), BURROWBOX_LAN="off")
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "serve", "--bind", "127.0.0.1", "--port",
             str(self.port), "--data", str(self.data)], cwd=ROOT, env=env,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(self.log, "ab"),
            start_new_session=True)
        deadline = time.monotonic() + 20
        while request(self.url, "list", timeout=1).get("t") != "tables":
            assert self.proc.poll() is None, self.output()
            assert time.monotonic() < deadline, "the server did not start: " + self.output()
            time.sleep(0.1)

    def output(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-3000:]
        except OSError:
            return ""

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


class Player(Window):
    """One app window; ``by_keys``: it plays by the keyboard, else by the mouse."""

    def __init__(self, xserver: XServer, workdir: Path, home: Path, x: int, by_keys: bool):
        workdir.mkdir()
        (workdir / "home").symlink_to(home, target_is_directory=True)
        cmd = [sys.executable, str(ROOT / "main.py"), "play", "--size",
               f"{SIZE[0]}x{SIZE[1]}", "--lang", "en"]
        super().__init__(cmd, xserver, workdir)
        self.by_keys = by_keys
        self.button(tr("online.title_button", "en"), "title")
        self.find_window()
        self.move(x, 0)

    def play_view(self) -> dict:
        t = self.targets()
        return (t.get("play") or {}) if t.get("scene") == "play" else {}

    def keys(self, *names: str) -> None:
        self.xdotool("windowfocus", "--sync", self.wid)
        self.xdotool("key", "--delay", str(KEY_DELAY), *names)

    # ---- one legal action, target after target --------------------------------------------------
    def act(self, route: list[str]) -> None:
        for key in route:
            if self.by_keys:
                self._focus_by_keys(key)
                self.keys("Return")
            else:
                target = self.wait(f"the target {key}", lambda t: next(
                    (p for p in (t.get("play") or {}).get("targets", []) if p["key"] == key),
                    None), timeout=10)
                self.click(*target["center"])
            time.sleep(0.12)

    def _focus_by_keys(self, key: str) -> None:
        """N or P until the board's keyboard focus is on ``key`` (the fewer presses)."""
        for _ in range(4):
            play = self.play_view()
            order, cur = play.get("order") or [], play.get("focused")
            assert play.get("focus") == "board", f"the keyboard is not on the board: {play}"
            if key not in order:
                time.sleep(0.2)
                continue
            i, n = order.index(key), len(order)
            if cur in order:
                ahead, back = (i - order.index(cur)) % n, (order.index(cur) - i) % n
            else:
                ahead, back = i + 1, n - i
            if ahead or back:
                self.keys(*(["n"] * ahead if ahead <= back else ["p"] * back))
            try:
                self.wait(f"the focus on {key}", lambda t: (t.get("play") or {})
                          .get("focused") == key, timeout=4)
                return
            except pytest.fail.Exception:
                continue
        pytest.fail(f"the keys did not reach {key}: {self.play_view()}")

    # ---- the table again, from My tables ---------------------------------------------------------
    def open_from_my_tables(self, code: str, address: str | None = None,
                            picture: Path | None = None) -> None:
        self.click_button(tr("online.title_button", "en"), "title")
        self.click_button(tr("online.server.button", "en"), "online")
        if address is not None:      # remembered, also where the table was joined by its code
            self.wait("the server's address", lambda t: t.get("scene") == "online_server" and [
                e["text"] for e in t.get("entries", [])] == [address])
        self.wait("the table in My tables", lambda t: t.get("scene") == "online_server"
                  and code in ((t.get("info") or {}).get("tables") or []), timeout=20)
        if picture is not None:
            time.sleep(0.3)
            self.screenshot(picture)
        self.click_button(tr("online.server.open", "en"), "online_server")
        self.wait("the table open again", lambda t: t.get("scene") == "play", timeout=20)


def _create_table(a: Player, address: str) -> str:
    """A creates a 2-person table of Hamster Burrow (short timer) on the server; its code."""
    a.click_button(tr("online.title_button", "en"), "title")
    a.click_button(tr("online.server.button", "en"), "online")
    a.type_into(tr("online.server.address_example", "en"), "online_server", address)
    a.click_button(tr("online.server.create", "en"), "online_server")
    card = a.wait("the Hamster Burrow card", lambda t: t.get("scene") == "choose"
                  and t.get("cards", {}).get(GAME))
    a.click(*card)
    count = a.wait("the player count", lambda t: t.get("scene") == "server_setup" and next(
        (b for b in t["buttons"] if b["text"].endswith("players")), None))
    if count["text"] != "2 players":
        a.click(*count["center"])
        a.click_button("2 players", "server_setup")
    kinds = (tr("seat.human", "en"), tr("seat.remote", "en"), tr("seat.computer", "en"))
    a.wait("two seats: Person, Online", lambda t: t.get("scene") == "server_setup" and [
        b["text"] for b in t["buttons"] if b["text"] in kinds] == list(kinds[:2]))
    timer = a.wait("the timer's choice", lambda t: t.get("scene") == "server_setup" and next(
        (b for b in t["buttons"] if "timer" in b["text"].lower()), None))
    if not timer["text"].startswith("Short"):
        a.click(*timer["center"])
        short = a.wait("the short timer", lambda t: next(
            (b for b in t.get("buttons", []) if b["text"].startswith("Short")), None))
        a.click(*short["center"])
        a.wait("the short timer chosen", lambda t: t.get("scene") == "server_setup" and any(
            b["text"].startswith("Short") for b in t["buttons"]) and not any(
            b["text"].startswith("Full") for b in t["buttons"]))
    time.sleep(0.3)
    a.click_button(tr("online.server.create", "en"), "server_setup")
    info = a.wait("A's seat at the new table", lambda t: t.get("scene") == "join"
                  and (t.get("info") or {}).get("phase") == "seated" and t["info"], timeout=20)
    return info["code"]


def _join(b: Player, address: str, code: str) -> None:
    b.click_button(tr("online.title_button", "en"), "title")
    b.click_button(tr("online.join", "en"), "online")
    b.type_into(tr("online.join.address_example", "en"), "join", address)
    b.type_into(tr("online.join.code_example", "en"), "join", code.lower())
    time.sleep(0.3)
    b.click_button(tr("online.join.join", "en"), "join")
    b.click_button(tr("online.join.take", "en"), "join")


def _stored_result(data: Path) -> tuple[dict, str]:
    """The server's stored table, restored as the server does after a restart: its row and
    the digest of its result."""
    from game.net.server import TableServer
    from game.net.store import Store
    from game.table import result_digest
    store = Store(data)
    try:
        rows = [row for row, _ in store.tables()]
        server = TableServer(store)
        assert server.load() == 1
        table = next(iter(server.rooms.values())).table
        return rows[0], result_digest(table.result())
    finally:
        store.close()


@pytest.mark.slow
def test_two_windows_play_a_whole_game_on_a_table_server_across_restarts(tmp_path, monkeypatch):
    reason = _missing_tools_reason()
    if reason:
        if os.environ.get("BURROWBOX_REQUIRE_XVFB") == "1":
            pytest.fail(reason + " (BURROWBOX_REQUIRE_XVFB=1: CI installed them)")
        pytest.skip(reason)
    started = time.monotonic()
    shots = _shots(tmp_path)
    monkeypatch.setenv("BURROWBOX_LAN", "off")
    monkeypatch.setattr("tests.app.test_real_window.SCREEN", SCREEN)
    homes = {"a": tmp_path / "home-a", "b": tmp_path / "home-b"}
    for h in homes.values():
        h.mkdir()       # the animations at Fast (the test's time), no sound
        (h / "settings.json").write_text('{"speed": "fast", "sound": false}', encoding="utf-8")
    (tmp_path / "server").mkdir()
    xserver = XServer(tmp_path)
    server = None
    players: dict[str, Player] = {}
    runs = {"a": 0, "b": 0}

    def start(who: str) -> Player:
        runs[who] += 1
        players[who] = Player(xserver, tmp_path / f"{who}{runs[who]}", homes[who],
                              0 if who == "a" else BESIDE, by_keys=who == "a")
        return players[who]

    try:
        server = Serve(tmp_path / "server")
        a, b = start("a"), start("b")
        code = _create_table(a, server.address)
        _join(b, server.address, code)
        for w in (a, b):
            w.wait("the play screen", lambda t: t.get("scene") == "play", timeout=20)

        rng = random.Random(35)
        made = {"a": 0, "b": 0}
        moments = {"a": 0, "b": 0}
        marks = {"set up": time.monotonic() - started}
        restarted = {"a": False, "b": False, "server": False}
        deadline = time.monotonic() + GAME_SECONDS
        while True:
            assert time.monotonic() < deadline, \
                f"the game did not end in time ({made}, {marks}); A: {a.last}\nB: {b.last}"
            assert server.proc.poll() is None, server.output()
            seen = {w: players[w].targets().get("scene") for w in players}
            for w, scene in seen.items():
                if scene == "earned":        # what this person earned, over the results
                    players[w].click_button(tr("achievements.great", "en"), "earned")
                    players[w].wait("the results", lambda t: t.get("scene") == "results",
                                    timeout=15)
                    seen[w] = "results"
            if all(scene == "results" for scene in seen.values()):
                break
            # early enough for the shortest game: A quits after its 3rd action and comes
            # back, the server is killed after the 7th, B after its 5th
            if made["a"] >= 3 and not restarted["a"]:
                restarted["a"] = True
                a.click_button(tr("common.menu", "en"), "play")
                a.click_button(tr("pause.quit_to_title", "en"), "pause")
                a.click_button(tr("common.quit", "en"), "title")
                assert a.proc.wait(20) == 0, a.output()
                a = start("a")
                a.open_from_my_tables(code, address=server.address,
                                      picture=shots / "server-my-tables-a.png")
                marks["A back"] = time.monotonic() - started
                continue
            if made["a"] + made["b"] >= 7 and not restarted["server"]:
                # the server is killed (kill -9) and started again: both play on by themselves
                restarted["server"] = True
                server.kill()
                server.start()
                marks["server back"] = time.monotonic() - started
                continue
            if made["b"] >= 5 and not restarted["b"]:
                restarted["b"] = True
                os.killpg(b.proc.pid, signal.SIGKILL)
                b.proc.wait(10)
                b = start("b")
                b.open_from_my_tables(code, address=server.address,
                                      picture=shots / "server-my-tables-b.png")
                marks["B back"] = time.monotonic() - started
                continue
            moved = False
            for who, w in (("a", a), ("b", b)):
                play = w.play_view()
                go_on = tr("play.moment_go_on", "en")
                if any(x["text"] == go_on for x in w.last.get("buttons", [])):
                    # a big moment waits to be seen on this screen: Continue
                    if w.by_keys:
                        w.keys("Return")
                    else:
                        w.click_button(go_on, "play")
                    w.wait("the moment seen", lambda t: not any(
                        x["text"] == go_on for x in t.get("buttons", [])), timeout=10)
                    moments[who] += 1
                    moved = True
                    continue
                if not (play.get("human_to_act") and not play.get("animating")
                        and play.get("routes")):
                    continue
                before = play["version"]
                w.act(rng.choice(play["routes"]))
                w.wait("the action confirmed by the server", lambda t: (t.get("play") or {})
                       .get("version", -1) > before or t.get("scene") == "results", timeout=15)
                made[who] += 1
                moved = True
            if not moved:
                time.sleep(0.1)

        assert all(restarted.values()) and made["a"] > 3 and made["b"] > 5, made
        time.sleep(0.5)
        finals = {}
        for who, w in players.items():
            # the results show for a frame before what this person earned opens over them
            # (the loop above may have seen that frame): "Great!" again, then the results
            w.wait("the results with their fingerprint", lambda t, w=w: _past_earned(w, t)
                   and t.get("scene") == "results" and isinstance(t.get("info"), dict)
                   and t["info"].get("digest"), timeout=20)
            w.screenshot(shots / f"server-results-{who}.png")
            finals[who] = w.targets()["info"]
        assert finals["a"]["digest"] and finals["a"] == finals["b"], finals

        # A goes back to the title: My tables shows the table over (nothing to open)
        a.click_button(tr("results.to_title", "en"), "results")
        a.click_button(tr("online.title_button", "en"), "title")
        a.click_button(tr("online.server.button", "en"), "online")
        a.wait("the table over in My tables", lambda t: t.get("scene") == "online_server"
               and (t.get("info") or {}).get("tables") == [code] and [
                   x["enabled"] for x in t["buttons"]
                   if x["text"] == tr("online.server.open", "en")] == [False])
        time.sleep(0.3)
        a.screenshot(shots / "server-my-tables-over.png")
        marks["end"] = time.monotonic() - started

        server.stop()
        row, digest = _stored_result(tmp_path / "server")
        assert row["code"] == code and row["over"] and row["game"] == GAME
        assert digest == finals["a"]["digest"], (digest, finals)
        print(f"\nwhole game: {made} actions (A by keys, B by clicks), {moments} moments; "
              + ", ".join(f"{k} {v:.1f} s" for k, v in marks.items()))
    finally:
        for w in players.values():
            w.stop()
        if server is not None:
            server.stop()
        xserver.stop()


def _past_earned(w, targets: dict) -> bool:
    """True unless the earned screen shows; then "Great!" is pressed (False: look again)."""
    if targets.get("scene") != "earned":
        return True
    w.click_button(tr("achievements.great", "en"), "earned")
    w.wait("the earned screen closed", lambda t: t.get("scene") != "earned", timeout=10)
    return False
