"""A real window: the game under a virtual X server (Xvfb), played with real mouse clicks.

Starts ``python main.py`` (and, when BURROWBOX_EXE names a built executable, that executable)
in a 1280x720 window on a private Xvfb display and, with xdotool moving and clicking the mouse:
title -> New game -> Mole Dig -> seats (2 players: one human, one computer) -> Start game ->
places a mole on a legal point -> waits for the computer's reply -> captures the window (xwd)
-> checks the autosave moved on -> Menu -> Quit to title -> Continue is offered -> Quit.

Where to click comes from the app's debug hook (game/app/devtools/debug_targets.py, BURROWBOX_DEBUG_TARGETS): the
window-relative centres of the buttons, game cards and legal board points of the current screen.
Needs Xvfb and xdotool (apt: xvfb xdotool; x11-apps gives xwd, else the Xvfb frame buffer is
read).  Without them the test is skipped, unless BURROWBOX_REQUIRE_XVFB=1 (.ci/run sets it once
apt installed them), where it fails.  Pictures go to BURROWBOX_SHOTS if set, else tmp_path.
"""
from __future__ import annotations

import json
import os
import select
import shutil
import signal
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import WINDOW_TITLE
from game.i18n import tr

KINDS = [tr("seat.human", "en"), tr("seat.computer", "en")]    # the set-up's "plays as" choices

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1280, 720)
SCREEN = "1366x900x24"
HOVER = 0.3          # seconds between moving the pointer and clicking (pygame_gui hover)

if not sys.platform.startswith("linux"):
    pytestmark = pytest.mark.skip(reason="the real-window test uses Xvfb (Linux only)")


def _missing_tools_reason() -> str | None:
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if not missing:
        return None
    return (f"{' and '.join(missing)} not installed: this test needs a virtual X server "
            "(apt-get install xvfb xdotool x11-apps; .ci/run installs them)")


# ---- XWD pictures (what xwd and Xvfb -fbdir write) ---------------------------------------------

def read_xwd(data: bytes):
    """(width, height, window x, window y, RGBX bytes) of a 32-bit TrueColor XWD image."""
    (header_size, _version, pixmap_format, _depth, width, height, _xoff, byte_order, _unit,
     _bit_order, _pad, bits_per_pixel, bytes_per_line, _visual, red, green, blue, _bits, _cmap,
     ncolors, _ww, _wh, win_x, win_y, _border) = struct.unpack(">25I", data[:100])
    if pixmap_format != 2 or bits_per_pixel != 32:
        raise ValueError(f"unsupported XWD image (format {pixmap_format}, {bits_per_pixel} bpp)")
    start = header_size + 12 * ncolors
    pixels = data[start:start + bytes_per_line * height]
    rows = bytearray(b"".join(pixels[y * bytes_per_line:y * bytes_per_line + 4 * width]
                              for y in range(height)))
    if len(rows) != 4 * width * height:
        raise ValueError("truncated XWD image")
    # Turn the pixel words into bytes R, G, B, X whatever the masks and byte order.
    order = "<I" if byte_order == 0 else ">I"
    shifts = [mask.bit_length() - 8 for mask in (red, green, blue)]
    if byte_order == 0 and (red, green, blue) == (0xFF0000, 0xFF00, 0xFF):
        rgbx = bytearray(len(rows))                      # the usual case: B, G, R, X in memory
        rgbx[0::4], rgbx[1::4], rgbx[2::4] = rows[2::4], rows[1::4], rows[0::4]
    else:
        rgbx = bytearray()
        for (word,) in struct.iter_unpack(order, rows):
            rgbx += bytes(((word & m) >> s) & 0xFF for m, s in zip((red, green, blue), shifts))
            rgbx.append(255)
    rgbx[3::4] = b"\xff" * (width * height)
    return width, height, win_x, win_y, bytes(rgbx)


def save_png(width: int, height: int, rgbx: bytes, path: Path):
    import pygame
    surface = pygame.image.frombuffer(rgbx, (width, height), "RGBA").copy()
    pygame.image.save(surface, str(path))
    return surface


# ---- the X server and the game window ---------------------------------------------------------

class XServer:
    """A private Xvfb display; -displayfd lets it pick a free display number."""

    def __init__(self, workdir: Path):
        self.fbdir = workdir / "fb"
        self.fbdir.mkdir()
        self.log = workdir / "xvfb.log"
        self.read_fd, write_fd = os.pipe()
        # -noreset: no server reset when the last client leaves (a reset would write the display
        # number to the pipe again and stop the server if nobody reads it).
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", SCREEN, "-nolisten", "tcp",
             "-noreset", "-fbdir", str(self.fbdir)],
            pass_fds=(write_fd,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=open(self.log, "wb"))
        os.close(write_fd)
        number = b""
        deadline = time.monotonic() + 15
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            ready, _, _ = select.select([self.read_fd], [], [], 0.5)
            if ready:
                chunk = os.read(self.read_fd, 64)
                if not chunk:
                    break
                number += chunk
        if not number.strip().isdigit():
            self.stop()
            pytest.fail(f"Xvfb did not start: {self.log.read_text(errors='replace')[-2000:]}")
        self.display = f":{number.decode().strip()}"

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self.read_fd is not None:
            os.close(self.read_fd)
            self.read_fd = None


class GameWindow:
    """The game running on the X server, driven with xdotool."""

    def __init__(self, cmd: list[str], xserver: XServer, workdir: Path):
        self.x = xserver
        self.workdir = workdir
        self.home = workdir / "home"
        self.home.mkdir(exist_ok=True)      # a restarted app keeps its user folder
        self.targets_file = workdir / "targets.json"
        self.log = workdir / "app.log"
        self.env = dict(os.environ, DISPLAY=xserver.display, SDL_VIDEODRIVER="x11",
                        SDL_AUDIODRIVER="dummy", BURROWBOX_HOME=str(self.home),
                        BURROWBOX_DEBUG_TARGETS=str(self.targets_file))
        # its own session: the one-file executable runs the game in a child process
        self.proc = subprocess.Popen(cmd, env=self.env, cwd=workdir, stdin=subprocess.DEVNULL,
                                     stdout=open(self.log, "wb"), stderr=subprocess.STDOUT,
                                     start_new_session=True)
        self.wid = None
        self.last: dict = {}

    # -- looking ------------------------------------------------------------------------------
    def targets(self) -> dict:
        try:
            self.last = json.loads(self.targets_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pass
        return self.last

    def wait(self, what: str, check, timeout: float = 20.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.x.alive():
                pytest.fail(f"Xvfb stopped while waiting for {what}: "
                            f"{self.x.log.read_text(errors='replace')[-2000:]}")
            if self.proc.poll() is not None:
                pytest.fail(f"the game stopped (exit code {self.proc.returncode}) while waiting "
                            f"for {what}:\n{self.output()}")
            result = check(self.targets())
            if result:
                return result
            time.sleep(0.1)
        pytest.fail(f"timed out waiting for {what}; last screen: {json.dumps(self.last)[:1500]}"
                    f"\n{self.output()}")

    def output(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-3000:]
        except OSError:
            return ""

    def xdotool(self, *args: str) -> str:
        proc = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True,
                              timeout=20)
        return proc.stdout.strip()

    def find_window(self) -> str:
        """The id of the visible window titled "Burrow Box <version>" (the title is checked)."""
        def look(_):
            for wid in self.xdotool("search", "--onlyvisible", "--class", ".").split():
                if self.xdotool("getwindowname", wid) == WINDOW_TITLE:
                    return wid
            return None
        self.wid = self.wait(f'a window titled "{WINDOW_TITLE}"', look, timeout=20)
        return self.wid

    def window_geometry(self) -> dict:
        shell = self.xdotool("getwindowgeometry", "--shell", self.wid)
        return {k: int(v) for k, v in (line.split("=") for line in shell.splitlines())
                if k in ("X", "Y", "WIDTH", "HEIGHT")}

    def screenshot(self, path: Path):
        """Capture the window (xwd; else crop the Xvfb frame buffer) into a PNG; its Surface."""
        if shutil.which("xwd"):
            data = subprocess.run(["xwd", "-silent", "-id", self.wid], env=self.env,
                                  capture_output=True, timeout=20, check=True).stdout
            width, height, _, _, rgbx = read_xwd(data)
        else:
            sw, sh, _, _, screen = read_xwd((self.x.fbdir / "Xvfb_screen0").read_bytes())
            g = self.window_geometry()
            width, height = g["WIDTH"], g["HEIGHT"]
            rgbx = b"".join(screen[((g["Y"] + y) * sw + g["X"]) * 4:
                                   ((g["Y"] + y) * sw + g["X"] + width) * 4]
                            for y in range(height))
        return save_png(width, height, rgbx, path)

    # -- acting -------------------------------------------------------------------------------
    def click(self, x: int, y: int) -> None:
        self.xdotool("mousemove", "--window", self.wid, str(int(x)), str(int(y)))
        time.sleep(HOVER)
        self.xdotool("click", "1")

    def button(self, text: str, scene: str) -> dict:
        def find(t):
            if t.get("scene") != scene:
                return None
            return next((b for b in t.get("buttons", []) if b["text"] == text and b["enabled"]),
                        None)
        return self.wait(f'the button "{text}" on the {scene} screen', find)

    def click_button(self, text: str, scene: str) -> None:
        self.click(*self.button(text, scene)["center"])

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait(10)


# ---- the test ---------------------------------------------------------------------------------

def _commands() -> list:
    size = f"{SIZE[0]}x{SIZE[1]}"
    exe = os.environ.get("BURROWBOX_EXE", "")
    return [
        pytest.param([sys.executable, str(ROOT / "main.py"), "--size", size], id="source"),
        pytest.param([exe, "--size", size], id="executable", marks=pytest.mark.skipif(
            not exe, reason="no built executable: set BURROWBOX_EXE (.ci/run builds one)")),
    ]


def _changed_pixels(a, b, centre, radius: int = 24) -> int:
    cx, cy = centre
    return sum(1 for x in range(cx - radius, cx + radius, 2) for y in range(cy - radius, cy + radius, 2)
               if a.get_at((x, y)) != b.get_at((x, y)))


def _session(request, tmp_path):
    """Skip (or, in CI, fail) without Xvfb/xdotool/xwd; the test's id and its picture folder."""
    reason = _missing_tools_reason()
    if reason:
        if os.environ.get("BURROWBOX_REQUIRE_XVFB") == "1":
            pytest.fail(reason + " (BURROWBOX_REQUIRE_XVFB=1: CI installed them)")
        pytest.skip(reason)
    shots = Path(os.environ.get("BURROWBOX_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    return request.node.callspec.id, shots


@pytest.mark.slow
@pytest.mark.parametrize("cmd", _commands())
def test_play_a_move_in_a_real_window(cmd, tmp_path, request):
    variant, shots = _session(request, tmp_path)

    xserver = XServer(tmp_path)
    game = None
    try:
        game = GameWindow(cmd, xserver, tmp_path)
        game.button("New game", "title")
        game.find_window()
        geometry = game.window_geometry()
        assert (geometry["WIDTH"], geometry["HEIGHT"]) == SIZE, geometry

        # title -> choose -> Mole Dig
        game.click_button("New game", "title")
        card = game.wait("the Mole Dig card", lambda t: t.get("scene") == "choose"
                         and t.get("cards", {}).get("moles"))
        game.click(*card)

        # seats: two players, the first a human, the second a computer
        def seat_kinds(t):
            return [b["text"] for b in t.get("buttons", []) if b["text"] in KINDS]
        count = game.wait("the player count", lambda t: t.get("scene") == "seats" and next(
            (b for b in t["buttons"] if b["text"].endswith("players")), None))
        if count["text"] != "2 players":
            game.click(*count["center"])
            game.click_button("2 players", "seats")
        # the rows are rebuilt a frame after the drop-down shows its new choice
        kinds = game.wait("two seat rows", lambda t: t.get("scene") == "seats"
                          and len(seat_kinds(t)) == 2 and seat_kinds(t))
        assert kinds == KINDS, kinds
        game.click_button("Start game", "seats")

        # the human places a mole: the legal points come from the board itself
        def ready(t):
            play = t.get("play") or {}
            points = [p for p in play.get("targets", []) if p["kind"] == "point"]
            return t.get("scene") == "play" and play.get("human_to_act") \
                and not play.get("animating") and points and (play, points)
        play, points = game.wait("the human's turn to place a mole", ready)
        first = play["turn"]           # the computer may have placed first
        assert play["current"] == 0
        time.sleep(0.3)
        before = game.screenshot(shots / f"window-{variant}-before.png")
        cx = sum(p["center"][0] for p in points) / len(points)
        cy = sum(p["center"][1] for p in points) / len(points)
        target = min(points, key=lambda p: (p["center"][0] - cx) ** 2 + (p["center"][1] - cy) ** 2)
        game.click(*target["center"])

        # the computer answers; then it is the human's turn again
        def replied(t):
            play = t.get("play") or {}
            return play.get("turn", 0) >= first + 2 and play.get("human_to_act") \
                and not play.get("animating") and play
        play = game.wait("the computer's reply", replied, timeout=30)
        assert play["current"] == 0

        def saved(_):
            try:
                data = json.loads(max((game.home / "saves").glob("*.json"),
                                      key=lambda p: p.stat().st_mtime).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return None
            return data if data["state"]["turn_number"] >= first + 2 else None
        data = game.wait("the autosave of both moves", saved, timeout=10)
        assert [s["kind"] for s in data["seats"]] == ["human", "computer"]
        seats = [e["e"].get("seat") for e in data["log"] if isinstance(e, dict)]   # event records
        assert 0 in seats and 1 in seats, data["log"]

        time.sleep(0.3)
        after_png = shots / f"window-{variant}-after.png"
        after = game.screenshot(after_png)
        assert after.get_size() == SIZE
        colours = {tuple(after.get_at((x, y)))[:3] for x in range(0, SIZE[0], 7)
                   for y in range(0, SIZE[1], 7)}
        assert len(colours) > 300, f"{after_png}: only {len(colours)} colours"
        changed = _changed_pixels(before, after, target["center"])
        assert changed > 40, f"the picture did not change where the mole was placed ({changed})"

        # Menu -> Quit to title: the game is offered to continue; Quit closes the window
        game.click_button("Menu", "play")
        game.click_button("Quit to title", "pause")
        game.button("Continue: Mole Dig", "title")
        game.click_button("Quit", "title")
        try:
            code = game.proc.wait(15)
        except subprocess.TimeoutExpired:
            pytest.fail("the game did not close after Quit")
        assert code == 0, game.output()
    finally:
        if game is not None:
            game.stop()
        xserver.stop()


@pytest.mark.slow
@pytest.mark.parametrize("cmd", _commands())
def test_ants_round_in_a_real_window(cmd, tmp_path, request):
    """Ants & Grasshopper by real clicks: the human (the first ant) lays six ants on lit cards
    and picks a disc; the computer jumps as the grasshopper; the round is collected and saved."""
    variant, shots = _session(request, tmp_path)
    xserver = XServer(tmp_path)
    game = None
    try:
        game = GameWindow(cmd, xserver, tmp_path)
        game.button("New game", "title")
        game.find_window()
        game.click_button("New game", "title")
        card = game.wait("the Ants & Grasshopper card", lambda t: t.get("scene") == "choose"
                         and t.get("cards", {}).get("ants"))
        game.click(*card)
        count = game.wait("the player count", lambda t: t.get("scene") == "seats" and next(
            (b for b in t["buttons"] if b["text"].endswith("players")), None))
        if count["text"] != "2 players":
            game.click(*count["center"])
            game.click_button("2 players", "seats")
        game.wait("two seat rows", lambda t: t.get("scene") == "seats" and [
            b["text"] for b in t["buttons"] if b["text"] in KINDS] == KINDS)
        game.click_button("Start game", "seats")

        def ready(kind, turn=None):
            def check(t):
                play = t.get("play") or {}
                found = [p for p in play.get("targets", []) if p["kind"] == kind]
                return (t.get("scene") == "play" and play.get("human_to_act")
                        and not play.get("animating") and found
                        and (turn is None or play.get("turn") == turn) and (play, found))
            return check
        play, cells = game.wait("the first ant", ready("cell"))
        assert play["current"] == 0 and play["turn"] == 0
        for n in range(6):
            # the click of ant n has been carried out once the turn counter has moved on
            play, cells = game.wait(f"ant {n + 1}", ready("cell", turn=n))
            game.click(*cells[len(cells) // 2]["center"])
        play, discs = game.wait("the secret disc", ready("button"))
        time.sleep(0.3)
        game.screenshot(shots / f"ants-{variant}-trail.png")
        game.click(*discs[0]["center"])

        def saved(_):
            try:
                data = json.loads(max((game.home / "saves").glob("*.json"),
                                      key=lambda p: p.stat().st_mtime).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return None
            return data if data["state"]["turn_number"] >= 8 else None
        data = game.wait("the grasshopper's jump and the round's end", saved, timeout=30)
        log = "\n".join(e["e"].get("text", "") if isinstance(e, dict) else e for e in data["log"])
        # the sixth ant is ant 6, or the new ant 1 when it starts the trail
        assert ("Player 1 puts ant 6" in log or "now count 2 to 6" in log), log
        assert "Player 1 lays a disc face down" in log, log
        assert "Computer 2 jumps onto" in log and "reveals the" in log, log
        time.sleep(1.5)
        after = game.screenshot(shots / f"ants-{variant}-after.png")
        colours = {tuple(after.get_at((x, y)))[:3] for x in range(0, SIZE[0], 7)
                   for y in range(0, SIZE[1], 7)}
        assert len(colours) > 300
    finally:
        if game is not None:
            game.stop()
        xserver.stop()
