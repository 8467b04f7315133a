"""The built executable (what ships), run headless.

Needs an executable built by ``pyinstaller build.spec``; set BURROWBOX_EXE to it (.ci/run builds
dist/BurrowBox and sets it).  Without BURROWBOX_EXE every test here is skipped.  Pictures go to
BURROWBOX_SHOTS when it names a folder (to look at them), else to pytest's tmp_path.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import APP_NAME, __version__

ROOT = Path(__file__).resolve().parents[2]
EXE = os.environ.get("BURROWBOX_EXE", "")
MAX_SIZE_MB = 30          # the Linux one-file executable
MAX_START_S = 1.5         # cold start to the title screen, median of 5

pytestmark = pytest.mark.skipif(
    not EXE, reason="no built executable: run `pyinstaller build.spec` and set "
                    "BURROWBOX_EXE=dist/BurrowBox (.ci/run does both)")


@pytest.fixture(scope="module")
def exe() -> Path:
    path = Path(EXE).resolve()
    # BURROWBOX_EXE is set, so a missing executable is a failure, not a reason to skip.
    assert path.is_file(), f"BURROWBOX_EXE={EXE} does not name a file"
    assert os.access(path, os.X_OK), f"{path} is not executable"
    return path


def run(exe: Path, *args: str, home: Path, env: dict | None = None, timeout: float = 60):
    full = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                BURROWBOX_HOME=str(home))
    full.update(env or {})
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=timeout,
                          env=full, stdin=subprocess.DEVNULL)


def shots_dir(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("BURROWBOX_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def check_picture(path: Path, size: tuple[int, int]) -> None:
    """A real picture: a PNG of the right size with many colours, not a blank frame."""
    import pygame
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG file"
    img = pygame.image.load(str(path))
    assert img.get_size() == size
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, size[0], 7) for y in range(0, size[1], 7)}
    assert len(colours) > 300, f"{path} has only {len(colours)} colours: not a rendered screen"


def test_version_matches_source(exe, tmp_path):
    proc = run(exe, "--version", home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"{APP_NAME} {__version__}\n"
    src = subprocess.run([sys.executable, str(ROOT / "main.py"), "--version"],
                         capture_output=True, text=True, timeout=60)
    assert src.stdout == proc.stdout


def test_screenshot_is_a_real_picture(exe, tmp_path):
    out = shots_dir(tmp_path) / "exe-screenshot-moles.png"
    out.unlink(missing_ok=True)
    proc = run(exe, "screenshot", "moles", "--out", str(out), "--moves", "12", home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert out.is_file(), proc.stdout + proc.stderr
    check_picture(out, (1280, 720))


def test_simulate_uses_the_bundled_rules_and_computer_players(exe, tmp_path):
    proc = run(exe, "simulate", "moles", "--games", "1", "--json", home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result, "simulate printed an empty result"


def test_bad_flag_is_one_error_line(exe, tmp_path):
    proc = run(exe, "--no-such-flag", home=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.startswith("error:") and proc.stderr.count("\n") == 1
    assert "Traceback" not in proc.stderr


def test_cold_start_and_user_files_in_user_data_folder(exe, tmp_path):
    """Title screen drawn and closed: fast, and nothing written beside the executable."""
    beside = sorted(p.name for p in exe.parent.iterdir())
    xdg = tmp_path / "xdg"
    env = {"XDG_DATA_HOME": str(xdg), "HOME": str(tmp_path / "home"), "BURROWBOX_HOME": ""}
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        proc = run(exe, "play", "--exit-after-first-frame", home=tmp_path, env=env)
        times.append(time.perf_counter() - t0)
        assert proc.returncode == 0, proc.stderr
    median = statistics.median(times)
    print(f"\ncold start to the title screen: median {median:.3f} s of "
          + ", ".join(f"{t:.3f}" for t in times))
    assert median <= MAX_START_S, f"start-up median {median:.2f} s > {MAX_START_S} s"
    if sys.platform.startswith("linux"):
        assert (xdg / "BurrowBox").is_dir(), "the user-data folder was not used"
    assert sorted(p.name for p in exe.parent.iterdir()) == beside, \
        "the executable wrote files beside itself"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="size target is for Linux")
def test_linux_executable_size(exe):
    size_mb = exe.stat().st_size / 1e6
    print(f"\nexecutable size: {size_mb:.1f} MB")
    assert size_mb <= MAX_SIZE_MB, f"{exe.name} is {size_mb:.1f} MB (> {MAX_SIZE_MB} MB)"


def test_every_resource_is_bundled(exe):
    """Every file under data/ and sprites/ is inside the one-file archive; no unused fonts."""
    readers = pytest.importorskip("PyInstaller.archive.readers",
                                  reason="PyInstaller (requirements-dev.txt) reads the archive")
    if sys.platform == "darwin":
        pytest.skip("macOS builds an .app folder, not a one-file archive")
    names = set(readers.CArchiveReader(str(exe)).toc)
    wanted = [p.relative_to(ROOT).as_posix()
              for folder in ("data", "sprites") for p in sorted((ROOT / folder).rglob("*"))
              if p.is_file() and p.name != "README.md" and "__pycache__" not in p.parts]
    assert wanted, "no resources found in the source tree"
    missing = [n for n in wanted if n not in names]
    assert not missing, f"not bundled: {missing}"
    for font in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf",
                 "NotoSans-BoldItalic.ttf", "FiraCode-Regular.ttf"):
        assert f"pygame_gui/data/{font}" in names, f"{font} (used by the widgets) is missing"
    unused = [n for n in names if "NotoSansSC" in n or "NotoSansJP" in n or "NotoSansKR" in n]
    assert not unused, f"unused fonts bundled: {unused}"
    # the languages: Babel's CLDR data and pygame_gui's translations of ours, no others
    from game.i18n import LANGUAGES
    for lang in LANGUAGES:
        assert f"babel/locale-data/{lang}.dat" in names, f"Babel's data for {lang} is missing"
        assert f"pygame_gui/data/translations/pygame-gui.{lang}.json" in names, lang
    assert "babel/locale-data/root.dat" in names and "babel/global.dat" in names
    others = [n for n in names if n.startswith("babel/locale-data/") and n.endswith(".dat")
              and n.rsplit("/", 1)[1][:-4] not in ("root", *LANGUAGES)]
    assert not others, f"unused locale data bundled: {others[:5]} ({len(others)})"


def test_a_screenshot_in_russian(exe, tmp_path):
    """The bundled font, catalogs and Babel's data work in the executable."""
    out = shots_dir(tmp_path) / "exe-screenshot-forest-ru.png"
    out.unlink(missing_ok=True)
    proc = run(exe, "screenshot", "forest", "--out", str(out), "--lang", "ru", "--moves", "40",
               home=tmp_path)
    assert proc.returncode == 0, proc.stderr
    check_picture(out, (1280, 720))


def test_python_not_needed(exe):
    """The executable runs with a bare environment: no Python on PATH, no PYTHON* variables."""
    env = {"PATH": os.environ.get("SystemRoot", r"C:\Windows") if sys.platform == "win32"
           else "/nonexistent"}
    proc = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60,
                          env=env, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"{APP_NAME} {__version__}"


def test_the_executable_serves_hosts_and_joins_tables(exe, tmp_path):
    """What ships carries the network (websockets, sqlite3): a table server, a table created on
    it and two computer players joining it by code play a game to the end."""
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               BURROWBOX_HOME=str(tmp_path), BURROWBOX_LAN="off")
    server = subprocess.Popen([str(exe), "serve", "--bind", "127.0.0.1", "--port", str(port),
                               "--data", str(tmp_path / "server")], env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    try:
        code = None
        deadline = time.monotonic() + 30
        while code is None and time.monotonic() < deadline:
            made = run(exe, "host", "moles", "--players", "2", "--remote", "1,2", "--ai", "random",
                       "--server", f"127.0.0.1:{port}", home=tmp_path,
                       env={"BURROWBOX_LAN": "off"})
            if made.returncode == 0:
                code = made.stdout.split("Table code: ")[1].split()[0]
            else:
                time.sleep(0.5)
        assert code, server.stderr.read() if server.poll() is not None else "no table"
        joins = [subprocess.Popen([str(exe), "join", f"127.0.0.1:{port}", code, "--ai", "random"],
                                  env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for _ in range(2)]
        for j in joins:
            out, err = j.communicate(timeout=180)
            assert j.returncode == 0, err
            assert out.strip().splitlines()[-1].startswith("Winner:")
    finally:
        server.terminate()
        server.wait(10)
