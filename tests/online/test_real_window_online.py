"""Two real windows play together (issue 34): two app processes (``main.py play``, each with its
own user folder) on one private Xvfb display, side by side.  With real xdotool clicks and typing
the first hosts a table of Mole Dig (title -> Play online -> Host a table -> Mole Dig -> one seat
Online -> Open the table), the second joins it by typing the address and the code (title ->
Play online -> Join a table), takes the free seat, the host starts, and both play moves on their
own boards; each sees the other's move.  Pictures of the host's lobby, the join screen and both
play windows mid-game go to BURROWBOX_SHOTS (else tmp_path).

Everything stays on 127.0.0.1 (BURROWBOX_LAN=loopback: the table listens there and is announced
only there).  Where to click comes from the apps' debug hook (game/app/devtools/debug_targets.py), as in
tests/app/test_real_window.py, whose X server and window helpers are used here.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from tests.app.test_real_window import GameWindow, XServer, _missing_tools_reason

ROOT = Path(__file__).resolve().parent.parent.parent
SIZE = (1280, 720)
SCREEN = "2620x900x24"
BESIDE = 1330                     # x of the second window

if not sys.platform.startswith("linux"):
    pytestmark = pytest.mark.skip(reason="the real-window test uses Xvfb (Linux only)")


class Window(GameWindow):
    """A game window found by its process (two windows share the title)."""

    def find_window(self) -> str:
        def look(_):
            found = self.xdotool("search", "--onlyvisible", "--pid", str(self.proc.pid))
            return found.split()[0] if found else None
        self.wid = self.wait("the window of this process", look, timeout=30)
        return self.wid

    def move(self, x: int, y: int) -> None:
        self.xdotool("windowmove", self.wid, str(x), str(y))
        time.sleep(0.3)

    def entry(self, placeholder: str, scene: str) -> dict:
        def find(t):
            if t.get("scene") != scene:
                return None
            return next((e for e in t.get("entries", []) if e["placeholder"] == placeholder),
                        None)
        return self.wait(f'the field "{placeholder}" on the {scene} screen', find)

    def type_into(self, placeholder: str, scene: str, text: str) -> None:
        self.xdotool("windowfocus", self.wid)       # no window manager gives the keyboard
        self.click(*self.entry(placeholder, scene)["center"])
        time.sleep(0.2)
        self.xdotool("type", "--delay", "60", text)

        def typed(t):
            return any(e["text"] == text for e in t.get("entries", []))
        self.wait(f'"{text}" typed', typed)

    def my_turn(self, timeout: float = 40.0):
        def ready(t):
            play = t.get("play") or {}
            points = [p for p in play.get("targets", []) if p["kind"] == "point"]
            return t.get("scene") == "play" and play.get("human_to_act") \
                and not play.get("animating") and points and (play, points)
        return self.wait("this player's turn", ready, timeout=timeout)

    def turn(self) -> int:
        return (self.targets().get("play") or {}).get("turn", -1)


def _shots(tmp_path) -> Path:
    shots = Path(os.environ.get("BURROWBOX_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    return shots


@pytest.mark.slow
def test_two_windows_host_join_by_code_and_play(tmp_path, monkeypatch):
    reason = _missing_tools_reason()
    if reason:
        if os.environ.get("BURROWBOX_REQUIRE_XVFB") == "1":
            pytest.fail(reason + " (BURROWBOX_REQUIRE_XVFB=1: CI installed them)")
        pytest.skip(reason)
    shots = _shots(tmp_path)
    monkeypatch.setenv("BURROWBOX_LAN", "loopback")
    monkeypatch.setattr("tests.app.test_real_window.SCREEN", SCREEN)
    xserver = XServer(tmp_path)
    cmd = [sys.executable, str(ROOT / "main.py"), "play", "--size", f"{SIZE[0]}x{SIZE[1]}",
           "--lang", "en"]
    windows = []
    try:
        (tmp_path / "host").mkdir()
        (tmp_path / "join").mkdir()
        host = Window(cmd, xserver, tmp_path / "host")
        windows.append(host)
        joiner = Window(cmd, xserver, tmp_path / "join")
        windows.append(joiner)
        for w, x in ((host, 0), (joiner, BESIDE)):
            w.button("Play online", "title")
            w.find_window()
            w.move(x, 0)

        # the host: Play online -> Host a table -> Mole Dig -> two seats, one Online -> open
        host.click_button("Play online", "title")
        host.click_button("Host a table", "online")
        card = host.wait("the Mole Dig card", lambda t: t.get("scene") == "choose"
                         and t.get("cards", {}).get("moles"))
        host.click(*card)
        count = host.wait("the player count", lambda t: t.get("scene") == "host_setup" and next(
            (b for b in t["buttons"] if b["text"].endswith("players")), None))
        if count["text"] != "2 players":
            host.click(*count["center"])
            host.click_button("2 players", "host_setup")
        # the rows are rebuilt a frame after the drop-down shows its new choice
        host.wait("two seats, one Online", lambda t: t.get("scene") == "host_setup" and [
            b["text"] for b in t["buttons"] if b["text"] in ("Person", "Online", "Computer")]
            == ["Person", "Online"])
        time.sleep(0.3)
        host.click_button("Open the table", "host_setup")
        info = host.wait("the table's code", lambda t: t.get("scene") == "lobby"
                         and (t.get("info") or {}).get("code") and t["info"])
        code, port = info["code"], info["port"]
        time.sleep(0.4)
        host.screenshot(shots / "online-host-lobby.png")

        # the player: Play online -> Join a table -> the address and the code, typed
        joiner.click_button("Play online", "title")
        joiner.click_button("Join a table", "online")
        joiner.type_into("e.g. 192.168.1.20:8765", "join", f"127.0.0.1:{port}")
        joiner.type_into("e.g. KPXWRT", "join", code.lower())
        time.sleep(0.3)
        joiner.screenshot(shots / "online-join.png")
        joiner.click_button("Join", "join")
        joiner.click_button("Take this seat", "join")
        joiner.wait("the seat", lambda t: t.get("scene") == "join"
                    and (t.get("info") or {}).get("phase") == "seated")

        # the host starts; both windows show the board
        host.click_button("Start the game", "lobby")
        for w in (host, joiner):
            w.wait("the play screen", lambda t: t.get("scene") == "play")

        # both play: whoever's turn it is clicks a lit point on their own board
        moves = 0
        deadline = time.monotonic() + 240
        while moves < 4 and time.monotonic() < deadline:
            for w, other in ((host, joiner), (joiner, host)):
                play = w.targets().get("play") or {}
                if not play.get("human_to_act"):
                    continue
                play, points = w.my_turn()
                before = play["turn"]
                w.click(*points[len(points) // 2]["center"])
                # the other window shows the move (its turn counter moves on)
                other.wait("the move on the other screen", lambda t: (t.get("play") or {})
                           .get("turn", -1) > before, timeout=30)
                moves += 1
                if moves == 2:
                    time.sleep(0.5)
                    host.screenshot(shots / "online-play-host.png")
                    joiner.screenshot(shots / "online-play-join.png")
            time.sleep(0.1)
        assert moves >= 4, f"only {moves} moves were played"
        time.sleep(0.5)
        host.screenshot(shots / "online-play-host-later.png")
        joiner.screenshot(shots / "online-play-join-later.png")

        # the player leaves; the host quits to the title (the table is saved), then both quit
        joiner.click_button("Menu", "play")
        joiner.click_button("Quit to title", "pause")
        joiner.button("Play online", "title")
        host.click_button("Menu", "play")
        host.click_button("Quit to title", "pause")
        host.button("Continue: Mole Dig", "title")
        for w in (joiner, host):
            w.click_button("Quit", "title")
            assert w.proc.wait(20) == 0, w.output()
    finally:
        for w in windows:
            w.stop()
        xserver.stop()
