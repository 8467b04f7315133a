"""Smoke run of a built Burrow Box program: what a release ships must start and play.

    python tools/smoke.py PROGRAM [--out DIR]

PROGRAM is the built program itself (dist/BurrowBox, dist/BurrowBox.exe or
dist/BurrowBox.app/Contents/MacOS/BurrowBox).  It runs, headless and with a throw-away
user-data folder:

- ``PROGRAM --version``: must print the version of game/__init__.py;
- ``PROGRAM screenshot GAME`` for every game of data/games.yaml: a real picture (1280x720,
  many colours);
- ``PROGRAM simulate GAME --json`` for every game: one finished computer-only game;
- ``PROGRAM play --exit-after-first-frame``: the title screen opens and closes;

and checks that nothing was written beside the program.  Exit 0 when all pass, 1 otherwise
(each failure is one line on stderr).  The release workflow and .ci/run both use it.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from release_info import TITLE, version  # noqa: E402


def game_ids(root: Path = ROOT) -> list[str]:
    """The ids of every game in data/games.yaml (all must pass the smoke run)."""
    import yaml
    entries = yaml.safe_load((root / "data" / "games.yaml").read_text(encoding="utf-8"))
    if isinstance(entries, dict):
        entries = entries.get("games", [])
    return [str(entry["id"]) for entry in entries]


def _snapshot(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")}


def check_picture(path: Path, size=(1280, 720)) -> str | None:
    """None when ``path`` is a rendered screen, else why not."""
    if not path.is_file() or path.read_bytes()[:8] != b"\x89PNG\r\n\x1a\n":
        return f"{path.name} is not a PNG file"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    img = pygame.image.load(str(path))
    if img.get_size() != size:
        return f"{path.name} is {img.get_width()}x{img.get_height()}, not {size[0]}x{size[1]}"
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, size[0], 7)
               for y in range(0, size[1], 7)}
    if len(colours) <= 150:        # a blank or half-drawn frame has a handful
        return f"{path.name} has only {len(colours)} colours: not a rendered screen"
    return None


def smoke(program: Path, out: Path) -> list[str]:
    """Run every check; returns the failures (empty: all passed).  Prints one line per check."""
    failures: list[str] = []
    home = Path(tempfile.mkdtemp(prefix="burrowbox-smoke-"))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", BURROWBOX_HOME=str(home))
    beside = program.parent
    before = _snapshot(beside)

    def run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess | None:
        t0 = time.perf_counter()
        try:
            proc = subprocess.run([str(program), *args], capture_output=True, text=True,
                                  encoding="utf-8", errors="replace", env=env,
                                  stdin=subprocess.DEVNULL, timeout=timeout)
        except (OSError, subprocess.TimeoutExpired) as exc:
            failures.append(f"{' '.join(args)}: {exc}")
            return None
        took = time.perf_counter() - t0
        if proc.returncode != 0:
            last = (proc.stderr.strip().splitlines() or ["(no output)"])[-1]
            failures.append(f"{' '.join(args)}: exit code {proc.returncode}: {last}")
            return None
        print(f"ok   {' '.join(args)}  ({took:.1f} s)")
        return proc

    want = f"{TITLE} {version()}"
    proc = run("--version")
    if proc is not None and proc.stdout.strip() != want:
        failures.append(f"--version printed {proc.stdout.strip()!r}, expected {want!r}")
    out.mkdir(parents=True, exist_ok=True)
    for game in game_ids():
        picture = out / f"smoke-{game}.png"
        picture.unlink(missing_ok=True)
        if run("screenshot", game, "--moves", "6", "--out", str(picture)) is not None:
            problem = check_picture(picture)
            if problem:
                failures.append(f"screenshot {game}: {problem}")
        proc = run("simulate", game, "--games", "1", "--json")
        if proc is not None:
            try:
                result = json.loads(proc.stdout)
            except ValueError:
                failures.append(f"simulate {game}: the output is not JSON")
            else:
                if not result:
                    failures.append(f"simulate {game}: an empty result")
    run("play", "--exit-after-first-frame")
    written = sorted(_snapshot(beside) - before)
    if written:
        failures.append(f"the program wrote beside itself: {', '.join(written[:5])}")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Smoke run of a built Burrow Box program.")
    parser.add_argument("program", type=Path, help="the built program")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "smoke",
                        help="folder for the screenshots (default: build/smoke)")
    args = parser.parse_args(argv)
    program = args.program.resolve()
    if not program.is_file():
        print(f"error: {args.program} is not a file", file=sys.stderr)
        return 1
    failures = smoke(program, args.out.resolve())
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    print(f"smoke run of {program.name}: {'FAILED' if failures else 'passed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
