"""``bench``'s idle figures: the CPU an idle title and an idle play screen take, and the delay
before an input reaches them, in a real window on a private Xvfb display (a child process
running the app's own loop) where Xvfb is installed, else headless in this process."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

def _main_command() -> list[str]:
    if getattr(sys, "frozen", False):  # the PyInstaller executable is main.py itself
        return [sys.executable]
    return [sys.executable, str(Path(__file__).resolve().parent.parent / "main.py")]


def _idle_app(screen: str, headless: bool = True):
    """An app showing ``screen`` with nothing to do: the title, or a Mole Dig game of two
    people (nothing moves, nobody thinks); headless, or in a real window."""
    from .app import launch
    from .app.app import App
    app = App(size=(1280, 720), fullscreen=False, headless=headless)
    app.go_title()
    if screen == "play":
        seats = [{"name": f"Player {i + 1}", "colour": i, "kind": "human", "level": "good"}
                 for i in range(2)]
        session = launch.new("moles", seats, seed=1)
        session.autosave_enabled = False
        app.launch(session)
    return app


def measure_idle(screen: str, seconds: float) -> dict:
    """CPU time of the app on an idle screen, in % of one core over ``seconds`` of wall time
    once it settled; then how long an input waits before the screen gets it (an event posted
    from another thread while the loop sleeps), median of 5.  In a real window under Xvfb
    when Xvfb is installed (``window``: "x11"), else headless in this process ("headless")."""
    _freeze_first()
    return _measure_idle(screen, seconds)


def _freeze_first() -> None:
    """Hide what lives as long as the program from the collector (as the first App does) from
    a frame without closures: the closure cells of a frame alive at that moment would be
    frozen too and keep whatever they later hold (an app the bench is done with) for ever."""
    from .app.loop import memory
    memory.freeze_startup()


def _measure_idle(screen: str, seconds: float) -> dict:
    error = None
    if xvfb_available():
        result, error = _idle_under_xvfb(screen, seconds)
        if result is not None:
            return result
    result = _idle_headless(screen, seconds)
    result["error"] = error
    return result


def _settle(app, flip: bool = False) -> None:
    """Let the screen come to rest: the title's moles have peeked, looping effects calm down."""
    top = app.top
    if hasattr(top, "anim_left"):
        top.anim_left = 0.0
    for _ in range(30):
        app.frame(force=True)
        if flip:
            app.present()
    app._hot = 0.0
    until = time.perf_counter() + 10.0
    while time.perf_counter() < until and app.wants_frame():
        if app.frame() and flip:
            app.present()


def _watch_inputs(app) -> list:
    """The delays (ms) of the inputs posted to ``app`` from now on (a USEREVENT with
    ``posted``: when it was posted), in a list that fills as the app takes them."""
    import pygame
    seen: list = []
    real = app.dispatch

    def dispatch(event):
        if event.type == pygame.USEREVENT and "posted" in event.dict:
            seen.append((time.perf_counter() - event.posted) * 1000.0)
        real(event)
    app.dispatch = dispatch
    return seen


def _median(values: list):
    return sorted(values)[len(values) // 2] if values else None


def _close(app) -> None:
    """The idle app is done: its screens stop and its display closes."""
    import pygame
    app.__dict__.pop("dispatch", None)      # _watch_inputs' wrapper and the app hold each other
    for scene in app.stack:
        stop = getattr(scene, "stop", None)
        if stop:
            stop()
    pygame.display.quit()


def _idle_headless(screen: str, seconds: float) -> dict:
    import threading

    import pygame
    app = _idle_app(screen)
    try:
        _settle(app)
        app.frame()
        drawn = app.frames_drawn
        cpu0, wall0 = time.process_time(), time.perf_counter()
        while time.perf_counter() - wall0 < seconds:
            app.frame()
        cpu = time.process_time() - cpu0
        wall = time.perf_counter() - wall0
        frames = app.frames_drawn - drawn
        seen = _watch_inputs(app)
        for _ in range(5):
            app._hot = 0.0
            while app.wants_frame():
                app.frame()
            timer = threading.Timer(0.15, lambda: pygame.event.post(
                pygame.event.Event(pygame.USEREVENT, posted=time.perf_counter())))
            timer.start()
            until = time.perf_counter() + 0.4
            while time.perf_counter() < until:
                app.frame()
            timer.join()
        delay = _median(seen)
    finally:
        _close(app)
    return {"screen": screen, "window": "headless", "seconds": round(wall, 2),
            "cpu_pct": 100.0 * cpu / wall, "frames_drawn": frames, "input_delay_ms": delay}


# ---- idle in a real window: a child process on a private Xvfb display ----------------------------

XVFB_SCREEN = "1920x1080x24"


def xvfb_available() -> bool:
    import shutil
    return sys.platform.startswith("linux") and shutil.which("Xvfb") is not None


class _Xvfb:
    """A private Xvfb display (``-displayfd``: it picks a free display number)."""

    def __init__(self):
        import select
        read_fd, write_fd = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", XVFB_SCREEN, "-nolisten", "tcp",
             "-noreset"], pass_fds=(write_fd,), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_fd)
        number = b""
        deadline = time.monotonic() + 15
        try:
            while not number.endswith(b"\n") and time.monotonic() < deadline:
                ready, _, _ = select.select([read_fd], [], [], 0.5)
                if ready:
                    chunk = os.read(read_fd, 64)
                    if not chunk:
                        break
                    number += chunk
        finally:
            os.close(read_fd)
        if not number.strip().isdigit():
            self.stop()
            raise OSError("Xvfb did not start")
        self.display = f":{number.decode().strip()}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def _idle_under_xvfb(screen: str, seconds: float) -> tuple[dict | None, str | None]:
    """(the child's figures, None) or (None, why not)."""
    try:
        xvfb = _Xvfb()
    except OSError as exc:
        return None, str(exc)
    try:
        with tempfile.TemporaryDirectory(prefix="burrowbox-idle-") as home:
            env = dict(os.environ, DISPLAY=xvfb.display, SDL_VIDEODRIVER="x11",
                       SDL_AUDIODRIVER="dummy", BURROWBOX_HOME=home, PYGAME_HIDE_SUPPORT_PROMPT="1")
            cmd = _main_command() + ["bench", "--idle-probe", screen, "--seconds", f"{seconds:g}"]
            try:
                proc = subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                                      text=True, timeout=seconds + 90)
            except subprocess.TimeoutExpired:
                return None, "the idle window did not finish in time"
        if proc.returncode != 0:
            last = (proc.stderr.strip().splitlines() or ["(no message)"])[-1]
            return None, f"the idle window stopped (exit code {proc.returncode}: {last})"
        try:
            return json.loads(proc.stdout.strip().splitlines()[-1]), None
        except (ValueError, IndexError):
            return None, "the idle window printed no figures"
    finally:
        xvfb.stop()


def idle_probe(screen: str, seconds: float) -> dict:
    """In the child of ``_idle_under_xvfb``: the app's own loop (``App.run``) in a real window
    on an idle ``screen``; its CPU over ``seconds``, then the delay of five posted inputs."""
    _freeze_first()
    return _idle_probe(screen, seconds)


def _idle_probe(screen: str, seconds: float) -> dict:
    import threading

    app = _idle_app(screen, headless=False)
    got: dict = {}
    try:
        _settle(app, flip=True)
        seen = _watch_inputs(app)
        watch = threading.Thread(target=_idle_watch, args=(app, seconds, got), daemon=True)
        watch.start()
        app.run()
        watch.join()
    finally:
        _close(app)
    return {"screen": screen, "window": got.get("driver"), "seconds": round(got["wall"], 2),
            "cpu_pct": 100.0 * got["cpu"] / got["wall"], "frames_drawn": got["frames"],
            "input_delay_ms": _median(seen)}


def _idle_watch(app, seconds: float, got: dict) -> None:
    """Beside the app's loop: its CPU (every thread of the process) over ``seconds``, then
    five inputs posted while it sleeps, then the end of the loop."""
    import pygame
    got["driver"] = pygame.display.get_driver()
    time.sleep(0.5)
    cpu0, wall0, drawn = time.process_time(), time.perf_counter(), app.frames_drawn
    time.sleep(seconds)
    got.update(cpu=time.process_time() - cpu0, wall=time.perf_counter() - wall0,
               frames=app.frames_drawn - drawn)
    for _ in range(5):
        time.sleep(0.4)
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, posted=time.perf_counter()))
    time.sleep(0.4)
    app.quit()
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))      # wakes the loop to end
