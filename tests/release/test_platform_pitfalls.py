"""Issue 18: pitfalls of a program installed on someone's computer, checked on Linux.

- The user folder (settings, saves) under a path with spaces and non-ASCII letters: given with
  BURROWBOX_HOME, and found by platformdirs under such a home folder (Linux, macOS) or user
  name (Windows, with Windows' own answer stood in).
- A read-only program folder, itself named with spaces and non-ASCII letters: the game starts,
  draws, plays and quits, and nothing is written beside the program.  The source run is
  watched by an audit hook that records every write, rename or new folder inside the program
  folder (root ignores file permissions, CI runs as root); every run also compares the folder
  before and after.  With BURROWBOX_EXE the built program is checked the same way.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game import APP_NAME, __version__

ROOT = Path(__file__).resolve().parents[2]
ODD = "Zoë Ünal – Пётр"          # spaces, Latin letters with marks, a dash, Cyrillic
EXE = os.environ.get("BURROWBOX_EXE", "")


def _env(home: Path | None = None, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("XDG_") and k != "BURROWBOX_HOME"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONDONTWRITEBYTECODE="1")
    if home is not None:
        env["HOME"] = str(home)
        env["USERPROFILE"] = str(home)
    env.update(extra)
    return env


def _fingerprint(folder: Path) -> dict[str, str]:
    """Every file and folder under ``folder`` with its content hash."""
    out = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        out[rel] = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
    return out


def _make_read_only(folder: Path) -> None:
    for path in [folder, *folder.rglob("*")]:
        mode = path.stat().st_mode
        path.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def _make_writable(folder: Path) -> None:
    for path in [folder, *folder.rglob("*")]:
        path.chmod(path.stat().st_mode | stat.S_IWUSR)


# ---- the user folder ---------------------------------------------------------------------------

def test_user_folder_with_spaces_and_non_ascii_letters_keeps_settings_and_saves(tmp_path,
                                                                                 monkeypatch):
    from game.app.store import saves, settings
    from game.app.session import LocalSession, default_seats
    from game.io.paths import user_data_dir
    from game.rules import new_game

    home = tmp_path / ODD / "Burrow Box data"
    monkeypatch.setenv("BURROWBOX_HOME", str(home))
    saves.set_current(None)
    try:
        assert user_data_dir() == home and home.is_dir()
        mine = settings.Settings((1100, 700), False, "fast", False)
        assert settings.save(mine) is None
        loaded, message = settings.load()
        assert message is None and tuple(loaded.window) == (1100, 700) and loaded.speed == "fast"
        state = new_game("moles", 2, seed=7)
        ctl = LocalSession("moles", default_seats(2, humans=2), state, autosave=False,
                             computers=False)
        ctl.apply(ctl.table.state.legal_actions()[0])
        assert saves.write_autosave("moles", ctl.seats, ctl.table.state, ctl.history, ctl.log) is None
        games, messages = saves.list_saves()
        assert messages == [] and [g.game_id for g in games] == ["moles"]
        assert saves.read_autosave(games[0].slot).game_id == "moles"
        assert (home / "saves").is_dir() and (home / "settings.json").is_file()
    finally:
        saves.flush_autosave()
        saves.set_current(None)


@pytest.mark.skipif(sys.platform == "win32", reason="Windows is covered with its answer stood in")
def test_platform_user_folder_under_a_non_ascii_home_with_spaces(tmp_path):
    """No BURROWBOX_HOME: platformdirs finds the folder under the user's own home."""
    home = tmp_path / ODD
    home.mkdir()
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "play",
                           "--exit-after-first-frame"], capture_output=True, text=True,
                          env=_env(home), cwd=tmp_path, timeout=120, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    if sys.platform == "darwin":
        expected = home / "Library" / "Application Support" / "BurrowBox"
    else:
        expected = home / ".local" / "share" / "BurrowBox"
    assert expected.is_dir(), sorted(p.relative_to(home).as_posix() for p in home.rglob("*"))


def test_windows_user_folder_for_a_user_name_with_non_ascii_letters(monkeypatch):
    """%LOCALAPPDATA%\\BurrowBox as Windows names it (a wide-character answer, any letters)."""
    import platformdirs
    import platformdirs.windows as win
    from game.io import paths

    asked = []

    def windows_answer(csidl: str) -> str:
        asked.append(csidl)
        return "C:\\Users\\Zoë Ünal Пётр\\AppData\\Local"

    monkeypatch.setattr(win, "get_win_folder", windows_answer)
    monkeypatch.setattr(platformdirs, "PlatformDirs", win.Windows)
    folder = paths.platform_user_data_dir()
    assert asked == ["CSIDL_LOCAL_APPDATA"]          # local, not roaming: saves stay on this PC
    assert str(folder).replace("/", "\\") == "C:\\Users\\Zoë Ünal Пётр\\AppData\\Local\\BurrowBox"


# ---- a read-only program folder ------------------------------------------------------------------

# Runs main.py of the copied program folder with an audit hook that records (in LOG) every
# attempt to write, create, rename, delete or change anything inside the program folder.
WATCH = r"""
import os, runpy, sys
prog = os.path.realpath(sys.argv[1])
log = os.open(sys.argv[2], os.O_WRONLY | os.O_APPEND | os.O_CREAT)
WRITE = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
def inside(path):
    if isinstance(path, int) or path is None:
        return False
    try:
        real = os.path.realpath(os.fsdecode(path))
    except (TypeError, ValueError):
        return False
    return real == prog or real.startswith(prog + os.sep)
def hook(event, args):
    if event == "open":
        path, mode, flags = args
        bad = isinstance(flags, int) and flags & WRITE and inside(path)
    elif event in ("os.mkdir", "os.rename", "os.replace", "os.remove", "os.rmdir", "os.chmod",
                   "os.truncate", "os.symlink", "os.link", "os.utime", "shutil.rmtree"):
        bad = any(inside(a) for a in args[:2] if isinstance(a, (str, bytes, os.PathLike)))
    else:
        return
    if bad:
        os.write(log, f"{event} {args!r}\n".encode("utf-8", "replace"))
sys.addaudithook(hook)
sys.path.insert(0, prog)
sys.argv = [os.path.join(prog, "main.py")] + sys.argv[3:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


@pytest.fixture
def read_only_program(tmp_path):
    """The program (main.py, game/, data/, sprites/) in a read-only folder with an odd name."""
    folder = tmp_path / f"Pro gram {ODD}"
    folder.mkdir()
    shutil.copy2(ROOT / "main.py", folder / "main.py")
    for part in ("game", "data", "sprites"):
        shutil.copytree(ROOT / part, folder / part,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    _make_read_only(folder)
    yield folder
    _make_writable(folder)


@pytest.mark.skipif(os.name != "posix", reason="file modes of a POSIX system")
def test_read_only_program_folder_nothing_written_beside_the_program(read_only_program,
                                                                     tmp_path):
    before = _fingerprint(read_only_program)
    log = tmp_path / "writes.log"
    home = tmp_path / f"home {ODD}"
    home.mkdir()
    out = tmp_path / f"pictures {ODD}" / "moles.png"
    out.parent.mkdir()
    for args in (["--version"],
                 ["screenshot", "moles", "--moves", "4", "--out", str(out)],
                 ["simulate", "gopher", "--games", "1"],
                 ["play", "--exit-after-first-frame"]):
        proc = subprocess.run([sys.executable, "-B", "-c", WATCH, str(read_only_program),
                               str(log), *args], capture_output=True, text=True,
                              env=_env(home), cwd=tmp_path, timeout=180,
                              stdin=subprocess.DEVNULL)
        assert proc.returncode == 0, f"{args}: {proc.stderr[-2000:]}"
        if args == ["--version"]:
            assert proc.stdout == f"{APP_NAME} {__version__}\n"
    assert out.is_file() and out.stat().st_size > 10_000
    assert not log.exists() or log.read_text(encoding="utf-8") == "", log.read_text()
    assert _fingerprint(read_only_program) == before, "files changed beside the program"
    assert (home / ".local" / "share" / "BurrowBox").is_dir() or sys.platform == "darwin"


@pytest.mark.skipif(os.name != "posix", reason="file modes of a POSIX system")
def test_the_watch_sees_a_write_beside_the_program(read_only_program, tmp_path):
    """The check above can fail: a picture asked for inside the program folder is seen."""
    log = tmp_path / "writes.log"
    inside = read_only_program / "data" / "shot.png"
    subprocess.run([sys.executable, "-B", "-c", WATCH, str(read_only_program), str(log),
                    "screenshot", "moles", "--out", str(inside)], capture_output=True,
                   text=True, env=_env(tmp_path), cwd=tmp_path, timeout=180,
                   stdin=subprocess.DEVNULL)
    assert log.is_file() and "shot.png" in log.read_text(encoding="utf-8")


@pytest.mark.skipif(not EXE, reason="no built executable (set BURROWBOX_EXE; .ci/run does)")
@pytest.mark.skipif(os.name != "posix", reason="file modes of a POSIX system")
def test_built_program_in_a_read_only_folder_with_an_odd_name(tmp_path):
    folder = tmp_path / f"Pro gram {ODD}"
    folder.mkdir()
    program = folder / Path(EXE).name
    shutil.copy2(EXE, program)
    _make_read_only(folder)
    try:
        before = _fingerprint(folder)
        home = tmp_path / f"home {ODD}"
        home.mkdir()
        out = tmp_path / f"pictures {ODD}" / "ants.png"
        out.parent.mkdir()
        for args in (["--version"], ["screenshot", "ants", "--moves", "4", "--out", str(out)],
                     ["play", "--exit-after-first-frame"]):
            proc = subprocess.run([str(program), *args], capture_output=True, text=True,
                                  env=_env(home), cwd=tmp_path, timeout=180,
                                  stdin=subprocess.DEVNULL)
            assert proc.returncode == 0, f"{args}: {proc.stderr[-2000:]}"
        assert out.is_file()
        assert _fingerprint(folder) == before, "the program wrote beside itself"
        if sys.platform.startswith("linux"):
            assert (home / ".local" / "share" / "BurrowBox").is_dir()
    finally:
        _make_writable(folder)
