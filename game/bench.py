"""Performance measurements against the project's targets (``python main.py bench``).

Per game:
  * play-screen frame time at 1280x720 and at 2560x1440 while something animates
    (``game.app.PlayHarness``: warm up, then time each ``step()``), median and 99th percentile;
  * rules throughput: seeded random playouts for about two seconds, actions per second
    (``legal_actions`` + ``apply`` + starting new games);
  * search fuel: ``clone`` calls per second on mid-game positions, and the expert search's
    iterations per second (deal from the view, descend, play out, evaluate) on such positions;
  * computer move time: every decision of the strongest computer level (from ``view(seat)``
    and ``legal_actions()`` only) in a few seeded computer-only games within a time budget,
    median and maximum.
Once:
  * start-up time to the title screen: ``main.py play --exit-after-first-frame`` in a fresh
    process under the dummy video driver, wall time, median of 3;
  * peak memory (max resident set size) of that start-up process and of this bench process;
  * idle CPU of the title and of a play screen waiting for a person, with the delay before an
    input reaches them: in a real window on a private Xvfb display (a child process running the
    app's own loop) where Xvfb is installed, else headless in this process (``bench_idle.py``).
"""
from __future__ import annotations

import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time

from . import APP_NAME, __version__
from .bench_idle import (_freeze_first, _main_command, _Xvfb, idle_probe,  # noqa: F401
                         measure_idle, xvfb_available)

# name -> (comparison, limit, unit)
TARGETS = {
    "frame_median_ms_1280x720": ("<=", 2.0, "ms"),
    "frame_p99_ms_1280x720": ("<=", 4.0, "ms"),
    "frame_median_ms_2560x1440": ("<=", 4.0, "ms"),     # a 120 Hz frame is 8.3 ms
    "frame_p99_ms_2560x1440": ("<=", 8.0, "ms"),
    "rules_actions_per_s": (">=", 50000.0, "actions/s"),
    "ai_move_max_s": ("<=", 1.0, "s"),
    "startup_s": ("<=", 1.0, "s"),
    "memory_mb": ("<=", 150.0, "MB"),
    "idle_cpu_pct": ("<=", 1.0, "% of a core"),
    "input_delay_ms": ("<=", 17.0, "ms"),
}
FRAME_SIZES = ((1280, 720), (2560, 1440))
IDLE_SCREENS = ("title", "play")
LONG_SECONDS = 240.0      # bench --long: the monkey's run (quick: 20 s)

FULL = {"warmup": 30, "frames": 300, "rules_seconds": 2.0, "ai_games": 3, "ai_seconds": 20.0,
        "startup_runs": 3, "search_seconds": 2.0, "think": None, "idle_seconds": 30.0,
        "long_seconds": LONG_SECONDS}
QUICK = {"warmup": 5, "frames": 30, "rules_seconds": 0.3, "ai_games": 1, "ai_seconds": 1.0,
         "startup_runs": 1, "search_seconds": 0.3, "think": 0.1, "idle_seconds": 1.0,
         "long_seconds": 20.0}


def percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    index = max(0, math.ceil(pct / 100.0 * len(ordered)) - 1)
    return ordered[index]


def peak_memory_mb(children: bool = False) -> float | None:
    """Max resident set size of this process (or of its largest finished child), in MB.

    For this process, Linux's own count of its memory's high-water mark (``VmHWM``) where
    there is one: ``ru_maxrss`` also keeps the memory of the process it was started from (the
    kernel carries it over ``exec``), so a bench child started by a big process (a test
    worker, the headless run) reported its parent's peak as its own."""
    if not children:
        try:
            with open("/proc/self/status", encoding="ascii") as fh:
                for line in fh:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) / 1024
        except (OSError, ValueError, IndexError):
            pass
    try:
        import resource
    except ImportError:  # Windows
        return None
    who = resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF
    maxrss = resource.getrusage(who).ru_maxrss
    if maxrss <= 0:
        return None
    # Linux reports kilobytes, macOS bytes.
    return maxrss / (1024 * 1024) if sys.platform == "darwin" else maxrss / 1024


# ---- measurements ---------------------------------------------------------------------------

def size_name(size) -> str:
    return f"{size[0]}x{size[1]}"


def measure_frames(game: str, warmup: int, frames: int, size=(1280, 720)) -> dict:
    """Wall time of each frame (the figures with targets) and, beside it, the CPU time this
    thread spent on it (``cpu_``: what other programs on a busy machine do not add).

    The frames of a game being played: when a game ends inside the run, the harness opens a
    new play screen for the next one, and that frame and the ``warmup`` frames after it (a
    new screen, its pictures drawn for the first time) are timed apart (``new_game_*``)."""
    from .app import PlayHarness
    harness = PlayHarness(game, seed=0, size=size)
    times, cpu, fresh = [], [], []       # fresh: the frames of a new game's screen
    restarts = settle = steps = 0
    try:
        for _ in range(warmup):
            harness.step()
        while len(times) < frames and steps < 20 * frames:
            steps += 1
            start, start_cpu = time.perf_counter(), time.thread_time()
            restarted = harness.step()
            wall = (time.perf_counter() - start) * 1000.0
            if restarted:
                restarts += 1
                settle = warmup + 1          # this frame and the warm-up after it
            if settle:
                settle -= 1
                fresh.append(wall)
                continue
            times.append(wall)
            cpu.append((time.thread_time() - start_cpu) * 1000.0)
    finally:
        harness.close()
    return {"frames": len(times), "size": size_name(size), "median_ms": statistics.median(times),
            "p99_ms": percentile(times, 99), "cpu_median_ms": statistics.median(cpu),
            "cpu_p99_ms": percentile(cpu, 99), "new_games": restarts,
            "new_game_max_ms": max(fresh) if fresh else None}


def _player_counts(game: str) -> list[int]:
    from .rules import GAMES
    info = GAMES[game]
    return list(range(info.min_players, info.max_players + 1))


def measure_rules(game: str, seconds: float) -> dict:
    from .rules import new_game
    counts = _player_counts(game)
    rng = random.Random(0)
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    state = None
    while True:
        if state is None or state.is_over():
            state = new_game(game, players=counts[games % len(counts)], seed=games)
            games += 1
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
        if actions % 16 == 0 and time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {"actions": actions, "games_started": games, "seconds": elapsed,
            "actions_per_s": actions / elapsed}


def _positions(game: str, count: int) -> list:
    """Seeded mid-game positions with a real choice (random play from the start)."""
    from .rules import new_game
    counts = _player_counts(game)
    out = []
    for k in range(count * 4):
        state = new_game(game, players=counts[k % len(counts)], seed=100 + k)
        rng = random.Random(k)
        for _ in range(rng.randrange(4, 30)):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over() and len(state.legal_actions()) > 1:
            out.append(state)
        if len(out) >= count:
            break
    return out


def measure_search(game: str, seconds: float) -> dict:
    """``clone`` calls per second, and the expert search's iterations per second."""
    from .ai.expert import ExpertAgent
    positions = _positions(game, 4)
    if not positions:
        return {"clones_per_s": None, "iterations_per_s": None}
    clones = 0
    start = time.perf_counter()
    deadline = start + seconds / 2
    while time.perf_counter() < deadline:
        for state in positions:
            state.clone()
        clones += len(positions)
    clone_rate = clones / (time.perf_counter() - start)
    iterations = 0
    start = time.perf_counter()
    for k, state in enumerate(positions):
        agent = ExpertAgent(game, seed=k, think=seconds / 2 / len(positions))
        agent.decide(state.view(state.current_player), state.legal_actions())
        iterations += agent.last_iterations
    return {"clones_per_s": clone_rate,
            "iterations_per_s": iterations / (time.perf_counter() - start)}


def measure_ai(game: str, games: int, budget_s: float, think: float | None = None) -> dict:
    """Time every decision of the strongest computer level in seeded computer-only games
    (moments with a single legal action do not count).

    Stops early (after the decision under way) once ``budget_s`` seconds have been spent.
    ``think``: the searching level's think time a move (None: its default).
    """
    from .ai import LEVELS, arena
    from .rules import new_game
    level = LEVELS[-1]
    counts = _player_counts(game)
    times = []
    finished = 0
    deadline = time.perf_counter() + budget_s
    for k in range(games):
        players = counts[k % len(counts)]
        state = new_game(game, players=players, seed=k)

        def faster(agent, seat):
            if think is not None and hasattr(agent, "think"):
                agent.think = think

        def timed(seat, view, legal, action, seconds):
            if len(legal) > 1:  # a forced move is no decision
                times.append(seconds)
        arena.play(state, arena.seat_agents(game, [level] * players, k, faster),
                   on_decision=timed, deadline=deadline, label=f"{game} seed {k}")
        if not state.is_over():
            break
        finished += 1
    return {"level": level, "decisions": len(times), "games_finished": finished,
            "median_s": statistics.median(times) if times else None,
            "max_s": max(times) if times else None}


def measure_long(seconds: float, seed: int = 0, report=None, window: bool = False) -> dict:
    """The UI monkey (game/app/devtools/monkey.py) for ``seconds``: random clicks, keys and resizes
    through every screen and game on a 1920x1080 desktop; the peak resident memory from the
    monkey's start (``peak_mb``; ``process_peak_mb`` the same by the system's count) and what
    is resident at its end (``rss_mb``).  ``window``: in a real window on this process's
    display (its desktop), not headless."""
    import pygame

    from .app.store import saves
    from .app.app import App
    from .app.devtools.monkey import Monkey
    _freeze_first()
    old = os.environ.get("BURROWBOX_HOME")
    with tempfile.TemporaryDirectory(prefix="burrowbox-long-") as home:
        os.environ["BURROWBOX_HOME"] = home
        try:
            app = App(size=(1280, 720), fullscreen=False, headless=not window,
                      desktop=None if window else (1920, 1080))
            app.settings.speed = "fast"
            app.go_title()
            monkey = Monkey(app, seed=seed)
            try:
                result = monkey.run(seconds=seconds, report=report)
            finally:
                monkey.close()
                saves.flush_autosave()
                pygame.display.quit()
        finally:
            if old is None:
                os.environ.pop("BURROWBOX_HOME", None)
            else:
                os.environ["BURROWBOX_HOME"] = old
    result["process_peak_mb"] = peak_memory_mb()
    return result


WINDOW_NOTE = "main.py bench --long --window on a desktop"


def measure_long_window(quick: bool, timeout: float) -> dict:
    """The long session in a real X11 window: a virtual display (Xvfb) and a child process
    ``main.py bench --long --window``; its monkey's figures, or ``error`` (no Xvfb here)."""
    if not xvfb_available():
        return {"error": f"not measured: no Xvfb here ({WINDOW_NOTE})"}
    try:
        xvfb = _Xvfb()
    except OSError:
        return {"error": "not measured: Xvfb did not start"}
    try:
        env = dict(os.environ, DISPLAY=xvfb.display, SDL_VIDEODRIVER="x11",
                   SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        cmd = _main_command() + ["bench", "--long", "--window", "--json"] + \
            (["--quick"] if quick else [])
        try:
            proc = subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                                  text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"error": f"not measured: the window run took more than {timeout:.0f} s"}
        try:
            return json.loads(proc.stdout)["monkey"]
        except (ValueError, KeyError, TypeError):
            last = (proc.stderr.strip().splitlines() or ["(no message)"])[-1]
            return {"error": f"the window run failed (exit code {proc.returncode}: {last})"}
    finally:
        xvfb.stop()


def measure_startup(runs: int) -> dict:
    times = []
    error = None
    with tempfile.TemporaryDirectory(prefix="burrowbox-bench-") as home:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   BURROWBOX_HOME=home, PYGAME_HIDE_SUPPORT_PROMPT="1")
        cmd = _main_command() + ["play", "--exit-after-first-frame"]
        for _ in range(runs):
            start = time.perf_counter()
            try:
                proc = subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL,
                                      capture_output=True, text=True, timeout=120)
            except subprocess.TimeoutExpired:
                error = "did not finish within 120 s"
                break
            elapsed = time.perf_counter() - start
            if proc.returncode != 0:
                last = (proc.stderr.strip().splitlines() or ["(no message)"])[-1]
                error = f"exit code {proc.returncode}: {last}"
                break
            times.append(elapsed)
    return {"runs": len(times), "median_s": statistics.median(times) if times else None,
            "peak_mb": peak_memory_mb(children=True) if times else None, "error": error}


# ---- putting it together --------------------------------------------------------------------

def _check(name: str, label: str, value, target: str | None) -> dict:
    check = {"name": name, "label": label, "value": value, "target": None, "pass": None}
    if target is not None:
        op, limit, unit = TARGETS[target]
        check["target"] = {"op": op, "limit": limit, "unit": unit}
        if value is not None:
            check["pass"] = value <= limit if op == "<=" else value >= limit
        else:
            check["pass"] = False
    return check


def _idle_checks(cfg: dict, result: dict) -> None:
    checks = result["checks"]
    result["idle"] = {}
    for screen in IDLE_SCREENS:
        idle = measure_idle(screen, cfg["idle_seconds"])
        result["idle"][screen] = idle
        where = "real window" if idle.get("window") not in (None, "headless") else "headless"
        checks.append(_check(f"idle.{screen}.cpu_pct", f"idle {screen} screen ({where}): CPU",
                             idle["cpu_pct"], "idle_cpu_pct"))
        checks.append(_check(f"idle.{screen}.input_delay_ms",
                             f"idle {screen} screen ({where}): input delay, median",
                             idle["input_delay_ms"], "input_delay_ms"))


def run_long(quick: bool = False, seconds: float | None = None, report=None,
             window: bool = False, in_window: bool | None = None) -> dict:
    """``bench --long``: idle CPU per screen, then minutes of the UI monkey; peak memory.  The
    same session again in a real X11 window (under Xvfb, in a child process) where Xvfb is
    there (``in_window``: None = where it is).  ``window``: only the session, in a real
    window on this display (the child, or ``bench --long --window`` on a desktop)."""
    cfg = QUICK if quick else FULL
    result = {"app": f"{APP_NAME} {__version__}", "python": platform.python_version(),
              "platform": platform.platform(terse=True), "quick": quick, "games": {},
              "checks": [], "startup": {"error": None}}
    where = "in a real window" if window else "headless"
    if not window:
        _idle_checks(cfg, result)
    long_seconds = cfg["long_seconds"] if seconds is None else seconds
    run = measure_long(long_seconds, report=report, window=window)
    result["monkey"] = run
    peak = run["process_peak_mb"] if run["process_peak_mb"] is not None else run["peak_mb"]
    result["checks"].append(_check("long.memory_mb", f"long session ({where}): peak memory",
                                   peak, "memory_mb"))
    result["checks"].append(_check("long.memory_end_mb",
                                   f"long session ({where}): memory at its end",
                                   run["rss_mb"], None))
    if not window and in_window is not False:
        win = measure_long_window(quick, timeout=long_seconds + 240)
        result["window"] = win
        peak = win.get("process_peak_mb") or win.get("peak_mb")
        result["checks"].append(_check("long.window_memory_mb",
                                       "long session (a real X11 window, Xvfb): peak memory",
                                       peak, "memory_mb" if peak is not None else None))
    result["passed"] = all(c["pass"] is not False for c in result["checks"])
    return result


def run_bench(games: list[str], quick: bool = False) -> dict:
    cfg = QUICK if quick else FULL
    result = {"app": f"{APP_NAME} {__version__}", "python": platform.python_version(),
              "platform": platform.platform(terse=True), "quick": quick, "games": {},
              "checks": []}
    checks = result["checks"]

    # Start-up first: it runs in a child process, before this one has grown.
    startup = measure_startup(cfg["startup_runs"])
    result["startup"] = startup
    checks.append(_check("startup_s", "start-up to the title screen, median",
                         startup["median_s"], "startup_s"))

    for game in games:
        entry: dict = {}
        from .rules import GAMES
        entry["frames"] = {}
        for size in FRAME_SIZES:
            try:
                if not GAMES[game].available:     # rules and computer players, no screen yet
                    raise ImportError("no play screen yet")
                got = measure_frames(game, cfg["warmup"], cfg["frames"], size)
            except ImportError as exc:  # the app package is not there (yet)
                got = {"error": f"not measured ({exc})", "size": size_name(size),
                       "median_ms": None, "p99_ms": None}
            entry["frames"][size_name(size)] = got
        entry["rules"] = measure_rules(game, cfg["rules_seconds"])
        entry["search"] = measure_search(game, cfg["search_seconds"])
        entry["ai"] = measure_ai(game, cfg["ai_games"], cfg["ai_seconds"], cfg["think"])
        result["games"][game] = entry
        if GAMES[game].available:     # a game without a screen has no frame to time
            for size in FRAME_SIZES:
                name, got = size_name(size), entry["frames"][size_name(size)]
                checks += [
                    _check(f"{game}.frame_{name}_median_ms",
                           f"{game}: play-screen frame at {name}, median",
                           got["median_ms"], f"frame_median_ms_{name}"),
                    _check(f"{game}.frame_{name}_p99_ms", f"{game}: play-screen frame at {name}, p99",
                           got["p99_ms"], f"frame_p99_ms_{name}"),
                ]
                if got.get("new_game_max_ms") is not None:     # told apart, no target
                    checks.append(_check(f"{game}.frame_{name}_new_game_max_ms",
                                         f"{game}: a new game's first frames at {name}, max",
                                         got["new_game_max_ms"], None))
        checks += [
            _check(f"{game}.rules_actions_per_s", f"{game}: rules, random playouts",
                   entry["rules"]["actions_per_s"], "rules_actions_per_s"),
            _check(f"{game}.clones_per_s", f"{game}: rules, clones",
                   entry["search"]["clones_per_s"], None),
            _check(f"{game}.search_iterations_per_s", f"{game}: expert search, iterations",
                   entry["search"]["iterations_per_s"], None),
            _check(f"{game}.ai_move_median_s",
                   f"{game}: computer move ({entry['ai']['level']}), median",
                   entry["ai"]["median_s"], None),
            _check(f"{game}.ai_move_max_s", f"{game}: computer move ({entry['ai']['level']}), max",
                   entry["ai"]["max_s"], "ai_move_max_s"),
        ]

    _idle_checks(cfg, result)

    result["memory_mb"] = {"startup": startup["peak_mb"], "bench": peak_memory_mb()}
    if result["memory_mb"]["startup"] is not None or startup["error"]:
        checks.append(_check("memory_startup_mb", "peak memory, start-up process",
                             result["memory_mb"]["startup"], "memory_mb"))
    if result["memory_mb"]["bench"] is not None:
        checks.append(_check("memory_bench_mb", "peak memory, this bench (play screen, AI)",
                             result["memory_mb"]["bench"], "memory_mb"))
    result["passed"] = all(c["pass"] is not False for c in checks)
    return result


def to_json(result: dict) -> str:
    return json.dumps(result, indent=2)


def _fmt(value, unit: str) -> str:
    if value is None:
        return "n/a"
    if unit == "actions/s":
        return f"{value:,.0f} actions/s"
    if unit in ("clones/s", "iterations/s"):
        return f"{value:,.0f} {unit}"
    if unit == "ms":
        return f"{value:.2f} ms"
    if unit == "MB":
        return f"{value:.0f} MB"
    if unit == "% of a core":
        return f"{value:.1f} %"
    if value < 0.1:
        return f"{value * 1000:.1f} ms"
    return f"{value:.3f} s"


_UNITS = {"frame": "ms", "clones": "clones/s", "iterations": "iterations/s",
          "rules": "actions/s", "memory": "MB", "cpu": "% of a core", "delay": "ms",
          "_ms": "ms", "actions_per_s": "actions/s", "rss": "MB"}


def _unit_of(check: dict) -> str:
    if check["target"]:
        return check["target"]["unit"]
    return next((u for key, u in _UNITS.items() if key in check["name"]), "s")


def format_report(result: dict) -> str:
    lines = [f"{result['app']} bench (Python {result['python']}, {result['platform']})"
             + ("  [quick: rough figures]" if result["quick"] else ""), ""]
    rows = []
    for c in result["checks"]:
        unit = _unit_of(c)
        target = ""
        if c["target"]:
            target = f"{c['target']['op']} {_fmt(c['target']['limit'], unit)}"
        verdict = "" if c["pass"] is None else ("PASS" if c["pass"] else "FAIL")
        rows.append((c["label"], _fmt(c["value"], unit), target, verdict))
    w = [max(len(r[i]) for r in rows + [("measure", "value", "target", "")]) for i in range(3)]
    lines.append(f"  {'measure':<{w[0]}}  {'value':>{w[1]}}   {'target':<{w[2]}}   result")
    for label, value, target, verdict in rows:
        lines.append(f"  {label:<{w[0]}}  {value:>{w[1]}}   {target:<{w[2]}}   {verdict}".rstrip())
    notes = []
    for screen, idle in (result.get("idle") or {}).items():
        where = "a real window (Xvfb)" if idle.get("window") not in (None, "headless") else \
            "headless (no Xvfb: the dummy video driver polls for events)"
        notes.append(f"idle {screen}: {idle['frames_drawn']} frames drawn in {idle['seconds']} s, "
                     f"in {where}")
        if idle.get("error"):
            notes.append(f"idle {screen}: no real window ({idle['error']})")
    run = result.get("monkey")
    if run:
        notes.append(f"long session: {run['events']} random events, {run['frames']} frames in "
                     f"{run['seconds']} s; screens: {', '.join(run['screens'])}; "
                     f"games: {', '.join(run['games'])}")
        if run.get("start_mb") is not None:
            notes.append(f"long session: {run['start_mb']:.0f} MB in use at its start (title screen)")
    win = result.get("window")
    if win:
        if win.get("error"):
            notes.append(f"long session in a real window: {win['error']}")
        else:
            notes.append(f"long session in a real window (Xvfb): {win['events']} random events, "
                         f"{win['frames']} frames in {win['seconds']} s"
                         + (f", {win['start_mb']:.0f} MB at its start"
                            if win.get("start_mb") is not None else ""))
    if result["startup"]["error"]:
        notes.append(f"start-up: {result['startup']['error']}")
    for game, entry in result["games"].items():
        for name, got in entry["frames"].items():
            if got.get("error"):
                notes.append(f"{game} frames at {name}: {got['error']}")
        ai = entry["ai"]
        notes.append(f"{game}: {ai['decisions']} computer decisions (2+ choices) timed, "
                     f"{ai['games_finished']} whole game{'s' if ai['games_finished'] != 1 else ''}")
    if notes:
        lines += [""] + [f"  note: {n}" for n in notes]
    failed = sum(1 for c in result["checks"] if c["pass"] is False)
    lines += ["", "  all targets met" if not failed else
              f"  {failed} target{'s' if failed != 1 else ''} missed"]
    return "\n".join(lines)
