"""Issue 18: what each system's package holds, and one version everywhere.

- one version (game/__init__.py): window title, --version, build.spec, release name, changelog;
- Windows: version resource from the version, DPI-aware manifest, no console, icon;
- macOS: Info.plist with name, version, icon, high resolution and the minimum macOS;
- Linux: a tarball with the program, a valid menu entry, icons 16-512 px and install.sh, which
  installs into the user's home (paths with spaces, quotes and non-ASCII letters too) so that the
  menu entry's Exec starts the program; --uninstall removes it again.

The Linux package is built here around a stand-in program (a shell script that answers
--version); .ci/run does the same with the real one.
"""
from __future__ import annotations

import os
import plistlib
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from game import APP_NAME, WINDOW_TITLE, __version__

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import make_icons  # noqa: E402
import package  # noqa: E402
import release_info  # noqa: E402
from game.desktop import prepare_process, quiet_missing_streams  # noqa: E402

SPEC = (ROOT / "build.spec").read_text(encoding="utf-8")
POSIX = os.name == "posix"


# ---- one version -------------------------------------------------------------------------------

def test_one_version_everywhere():
    assert release_info.version() == __version__
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)
    assert WINDOW_TITLE == f"{APP_NAME} {__version__}"
    app_source = (ROOT / "game" / "app" / "app.py").read_text(encoding="utf-8")
    assert "set_caption(WINDOW_TITLE)" in app_source and 'set_caption("' not in app_source
    assert "VERSION = version(ROOT)" in SPEC
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "--version"],
                          capture_output=True, text=True, timeout=60)
    assert proc.stdout == f"{APP_NAME} {__version__}\n"
    names = release_info.artifact_names(__version__)
    assert all(__version__ in name for name in names.values())


def test_changelog_has_this_version_with_the_five_games():
    import yaml
    entry = release_info.changelog_entry(__version__)
    titles = [g["title"] for g in yaml.safe_load(
        (ROOT / "data" / "games.yaml").read_text(encoding="utf-8"))["games"]]
    assert len(titles) == 5
    for title in titles:
        assert title in entry, f"{title} is missing from the CHANGELOG entry"
    assert package.main(["check-tag", f"v{__version__}"]) == 0
    assert package.main(["check-tag", "v99.0.0"]) == 1


def test_readme_tells_a_player_each_file_and_the_first_start():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    part = readme.split("## Download and play", 1)[1].split("\n## ", 1)[0]
    for name in release_info.artifact_names("X.Y.Z").values():
        assert f"`{name}`" in part, f"{name} is not described for players"
    for words in ("More info", "Run anyway", "Open Anyway", "./install.sh", "SHA256SUMS.txt"):
        assert words in part, words


def test_version_numbers_for_windows():
    assert release_info.version_numbers("0.1.0") == (0, 1, 0, 0)
    assert release_info.version_numbers("1.2.3.4.5") == (1, 2, 3, 4)
    assert release_info.version_numbers("2.0") == (2, 0, 0, 0)


# ---- Windows -----------------------------------------------------------------------------------

def test_windows_manifest_is_dpi_aware_and_accepted_by_pyinstaller():
    winmanifest = pytest.importorskip("PyInstaller.utils.win32.winmanifest",
                                      reason="PyInstaller (requirements-dev.txt)")
    xml = winmanifest.create_application_manifest(release_info.WINDOWS_MANIFEST.encode("utf-8"))
    text = xml.decode("utf-8")
    assert "PerMonitorV2" in text and "true/pm" in text
    assert 'level="asInvoker"' in text and "Microsoft.Windows.Common-Controls" in text


def test_windows_build_settings_in_the_spec():
    assert "manifest=WINDOWS_MANIFEST if IS_WIN else None" in SPEC
    assert 'icon=str(ICONS["ico"]) if IS_WIN else None' in SPEC
    assert "version=version_info" in SPEC and "windows_version_strings(VERSION)" in SPEC
    assert SPEC.count("console=False") == 2          # no console window, no terminal on macOS
    assert '("X utf8=1", None, "OPTION")' in SPEC     # UTF-8 whatever the code page
    strings = release_info.windows_version_strings("1.2.3")
    assert strings["FileVersion"] == strings["ProductVersion"] == "1.2.3"
    assert strings["OriginalFilename"] == "BurrowBox.exe"


def test_process_is_made_dpi_aware_on_windows_only():
    class Call:
        def __init__(self, log, name, fail=False):
            self.log, self.name, self.fail = log, name, fail

        def __call__(self, *args):
            if self.fail:
                raise OSError("not here")
            self.log.append((self.name, args))
            return 0

    class Lib:
        def __init__(self, **calls):
            self.__dict__.update(calls)

    log: list = []
    env: dict = {}
    windll = Lib(shcore=Lib(SetProcessDpiAwareness=Call(log, "shcore")),
                 user32=Lib(SetProcessDPIAware=Call(log, "user32")))
    assert prepare_process("win32", env, windll) == "per-monitor"
    assert log == [("shcore", (2,))] and env["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"
    log.clear()
    old = Lib(shcore=Lib(SetProcessDpiAwareness=Call(log, "shcore", fail=True)),
              user32=Lib(SetProcessDPIAware=Call(log, "user32")))
    assert prepare_process("win32", {}, old) == "system" and log == [("user32", ())]
    assert prepare_process("win32", {}, Lib()) == "hint"
    env = {}
    assert prepare_process("linux", env) is None and env == {}
    assert prepare_process("darwin", env) is None and env == {}


def test_a_program_without_a_console_gets_quiet_streams():
    class Streams:
        stdout = None
        stderr = sys.stderr

    streams = Streams()
    assert quiet_missing_streams(streams) == ["stdout"]
    print("nobody sees this", file=streams.stdout)
    streams.stdout.close()
    assert streams.stderr is sys.stderr


def test_windowed_program_without_streams_still_answers(tmp_path):
    """main.py with stdout and stderr closed (as a double-clicked Windows program has)."""
    code = ("import sys, runpy; sys.stdout = sys.stderr = None; sys.argv = ['main.py', "
            "'--no-such-flag']; runpy.run_path(sys.argv[0], run_name='__main__')")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


# ---- macOS -------------------------------------------------------------------------------------

def test_macos_info_plist():
    info = release_info.macos_info_plist("1.2.3")
    assert info["CFBundleName"] == info["CFBundleDisplayName"] == "Burrow Box"
    assert info["CFBundleShortVersionString"] == info["CFBundleVersion"] == "1.2.3"
    assert info["NSHighResolutionCapable"] is True
    assert re.fullmatch(r"\d+\.\d+", info["LSMinimumSystemVersion"])
    assert info["CFBundleIdentifier"] == release_info.APP_ID
    plistlib.loads(plistlib.dumps(info))             # a valid property list
    assert "info_plist=macos_info_plist(VERSION)" in SPEC
    assert 'BUNDLE(' in SPEC and 'icon=str(ICONS["icns"])' in SPEC


def test_macos_zip_keeps_links_with_ditto():
    source = (ROOT / "tools" / "package.py").read_text(encoding="utf-8")
    assert '"-c", "-k", "--sequesterRsrc", "--keepParent"' in source


# ---- icons -------------------------------------------------------------------------------------

def test_icons_for_every_desktop_size(tmp_path):
    import pygame
    paths = make_icons.make_icons(make_icons.SVG, tmp_path)
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        path = tmp_path / "hicolor" / f"{size}x{size}" / "apps" / "burrowbox.png"
        assert paths[f"hicolor-{size}"] == path
        assert pygame.image.load(str(path)).get_size() == (size, size)
    assert paths["ico"].read_bytes()[:4] == b"\0\0\1\0"
    assert paths["icns"].read_bytes()[:4] == b"icns"


# ---- Linux -------------------------------------------------------------------------------------

def test_desktop_entry_is_valid_and_names_the_program_and_icon():
    entry = ROOT / "packaging" / "linux" / "burrowbox.desktop"
    values = package.desktop_entry(entry)
    assert values["Type"] == "Application" and values["Name"] == "Burrow Box"
    assert values["Icon"] == "burrowbox" and values["Terminal"] == "false"
    assert "Game" in values["Categories"].split(";")
    for lang in ("de", "fr", "ru"):
        assert values[f"Comment[{lang}]"]
    validator = shutil.which("desktop-file-validate")
    if validator:
        proc = subprocess.run([validator, str(entry)], capture_output=True, text=True)
        assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout + proc.stderr


@pytest.mark.parametrize("value,argv", [
    ('"/home/a b/.local/bin/BurrowBox"', ["/home/a b/.local/bin/BurrowBox"]),
    ('"/home/q\\"x \\$y \\`z\\\\w/BurrowBox" %U', ['/home/q"x $y `z\\w/BurrowBox']),
    ("/usr/bin/BurrowBox --windowed", ["/usr/bin/BurrowBox", "--windowed"]),
    ('"/home/50%%/BurrowBox"', ["/home/50%/BurrowBox"]),
])
def test_exec_key_is_read_as_the_specification_says(value, argv):
    assert package.exec_argv(value) == argv


@pytest.fixture
def stand_in_dist(tmp_path) -> Path:
    """A dist/ folder whose BurrowBox answers --version like the real program."""
    dist = tmp_path / "dist"
    dist.mkdir()
    program = dist / "BurrowBox"
    program.write_text(f'#!/bin/sh\necho "{APP_NAME} {__version__}"\n', encoding="utf-8")
    program.chmod(0o755)
    return dist


@pytest.mark.skipif(not POSIX, reason="the Linux package is made and installed on Linux")
def test_linux_tarball_holds_program_entry_icons_and_installer(stand_in_dist, tmp_path):
    tarball = package.package_linux(stand_in_dist, tmp_path / "out")
    assert tarball.name == f"BurrowBox-{__version__}-linux-x86_64.tar.gz"
    with tarfile.open(tarball) as tar:
        members = {m.name: m for m in tar.getmembers()}
    top = f"BurrowBox-{__version__}"
    for name, mode in (("BurrowBox", 0o755), ("install.sh", 0o755),
                       ("burrowbox.desktop", 0o644), ("README.txt", 0o644),
                       ("LICENSE.txt", 0o644)):
        assert members[f"{top}/{name}"].mode == mode, name
    for size in make_icons.HICOLOR_SIZES:
        assert f"{top}/icons/hicolor/{size}x{size}/apps/burrowbox.png" in members
    assert f"{top}/icons/hicolor/scalable/apps/burrowbox.svg" in members
    assert all(name.startswith(top + "/") for name in members)
    digest, name = (tarball.parent / (tarball.name + ".sha256")).read_text().split()
    assert name == tarball.name and digest == package.sha256_of(tarball)
    if shutil.which("sha256sum"):
        subprocess.run(["sha256sum", "-c", tarball.name + ".sha256"], cwd=tarball.parent,
                       check=True, capture_output=True)


def _install(tarball: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    home.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        tar.extractall(home, filter="tar")
    script = next(home.glob("BurrowBox-*/install.sh"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env["HOME"] = str(home)
    return subprocess.run(["sh", str(script), *args], capture_output=True, text=True, env=env,
                          timeout=60)


@pytest.mark.skipif(not POSIX, reason="install.sh is for Linux")
@pytest.mark.parametrize("home_name", ["plain", "Zoë Ünal Пётр", 'odd $HOME "q" `x` 50% \\b'])
def test_install_into_home_then_menu_entry_starts_the_program(stand_in_dist, tmp_path,
                                                               home_name):
    tarball = package.package_linux(stand_in_dist, tmp_path / "out")
    home = tmp_path / home_name
    proc = _install(tarball, home)
    assert proc.returncode == 0, proc.stderr
    assert package.check_linux_install(home) == []
    entry = home / ".local" / "share" / "applications" / "burrowbox.desktop"
    # Installing again (an update) replaces everything in place.
    assert _install(tarball, home).returncode == 0
    assert package.check_linux_install(home) == []
    proc = _install(tarball, home, "--uninstall")
    assert proc.returncode == 0, proc.stderr
    assert not entry.exists() and not (home / ".local" / "bin" / "BurrowBox").exists()
    assert not list((home / ".local" / "share" / "icons").rglob("burrowbox.*"))


@pytest.mark.skipif(not POSIX, reason="install.sh is for Linux")
def test_install_script_help_and_bad_option(stand_in_dist, tmp_path):
    tarball = package.package_linux(stand_in_dist, tmp_path / "out")
    proc = _install(tarball, tmp_path / "h", "--help")
    assert proc.returncode == 0 and "--uninstall" in proc.stdout
    proc = _install(tarball, tmp_path / "h", "--frobnicate")
    assert proc.returncode == 2 and proc.stderr.startswith("error:")
    assert not (tmp_path / "h" / ".local").exists()


def test_packages_refuse_a_missing_build(tmp_path):
    for make in (package.package_linux, package.package_macos, package.package_windows):
        with pytest.raises(SystemExit, match="error:"):
            make(tmp_path, tmp_path / "out")


def test_release_sums_file(tmp_path):
    files = []
    for name in ("b.exe", "a.tar.gz"):
        (tmp_path / name).write_bytes(name.encode())
        files.append(tmp_path / name)
    sums = package.write_sums(files, tmp_path / "SHA256SUMS.txt").read_text()
    assert sums.splitlines()[0].endswith("  a.tar.gz") and len(sums.splitlines()) == 2
