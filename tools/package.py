"""Release packages of the built program, one per system, with their SHA-256 checksums.

    python tools/package.py linux   [--dist dist] [--out dist/release]
    python tools/package.py macos   [--dist dist] [--out dist/release]
    python tools/package.py windows [--dist dist] [--out dist/release]
    python tools/package.py checksums FILE... [--out SHA256SUMS.txt]
    python tools/package.py notes [--out FILE]
    python tools/package.py check-tag TAG
    python tools/package.py check-linux-install HOME

- linux: ``BurrowBox-<version>-linux-x86_64.tar.gz``: a folder with the one-file program, its
  menu entry (packaging/linux/burrowbox.desktop), the icons 16-512 px and scalable, install.sh,
  a short README.txt and the licence.  Modes are kept (the program and install.sh run).
- macos: ``BurrowBox-<version>-macos-arm64.zip`` of dist/BurrowBox.app, made with ``ditto``
  (the way Finder zips: the bundle's symbolic links, permissions and extended attributes
  survive, unlike with zip -r).
- windows: ``BurrowBox-<version>-windows-x64.exe``: the one-file program, renamed.

Each writes ``<file>.sha256`` beside the package (``sha256sum -c`` reads it).  ``checksums``
writes one SHA256SUMS.txt for the release; ``notes`` prints this version's CHANGELOG.md entry
(the release's text); ``check-tag TAG`` fails unless TAG is ``v`` + the version of
game/__init__.py and CHANGELOG.md has its entry.  ``check-linux-install HOME`` checks what
install.sh put into HOME: the program, the icons and a valid menu entry whose Exec starts the
program (``--version``, then the game window drawn once, headless).
"""
from __future__ import annotations

import argparse
import hashlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from release_info import (DESKTOP_ID, NAME, TITLE, artifact_names,  # noqa: E402
                          changelog_entry, version)

LINUX_DIR = ROOT / "packaging" / "linux"

LINUX_README = """Burrow Box {version} for Linux (64-bit PC)

Install for yourself, with a menu entry and icon (no administrator password needed):

    ./install.sh

Then start "Burrow Box" from your desktop's menu (Games).  Or, without installing, run
./BurrowBox from this folder (double-click it in a file manager that runs programs).

Remove it again with ./install.sh --uninstall.  Your settings and saved games are kept in
~/.local/share/BurrowBox.
"""


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_checksum(path: Path) -> Path:
    """``<path>.sha256`` in the format of sha256sum (two spaces, then the file's name)."""
    target = path.with_name(path.name + ".sha256")
    target.write_text(f"{sha256_of(path)}  {path.name}\n", encoding="utf-8", newline="\n")
    return target


def _add(tar: tarfile.TarFile, name: str, data: bytes, mode: int, mtime: float) -> None:
    info = tarfile.TarInfo(name)
    info.size, info.mode, info.mtime = len(data), mode, int(mtime)
    info.uname = info.gname = "root"
    tar.addfile(info, io.BytesIO(data))


def package_linux(dist: Path, out: Path, ver: str | None = None) -> Path:
    """The Linux tarball from dist/BurrowBox; returns its path."""
    ver = ver or version()
    program = dist / NAME
    if not program.is_file():
        raise SystemExit(f"error: {program} does not exist (build it first: pyinstaller build.spec)")
    sys.path.insert(0, str(ROOT / "tools"))
    from make_icons import HICOLOR_SIZES, make_icons
    out.mkdir(parents=True, exist_ok=True)
    icons = make_icons(ROOT / "sprites" / "icon.svg", out / f".icons-{ver}")
    folder = f"{NAME}-{ver}"
    target = out / artifact_names(ver)["linux"]
    now = time.time()
    with tarfile.open(target, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        _add(tar, f"{folder}/{NAME}", program.read_bytes(), 0o755, now)
        _add(tar, f"{folder}/install.sh", (LINUX_DIR / "install.sh").read_bytes(), 0o755, now)
        _add(tar, f"{folder}/{DESKTOP_ID}.desktop",
             (LINUX_DIR / f"{DESKTOP_ID}.desktop").read_bytes(), 0o644, now)
        for size in HICOLOR_SIZES:
            _add(tar, f"{folder}/icons/hicolor/{size}x{size}/apps/{DESKTOP_ID}.png",
                 icons[f"hicolor-{size}"].read_bytes(), 0o644, now)
        _add(tar, f"{folder}/icons/hicolor/scalable/apps/{DESKTOP_ID}.svg",
             (ROOT / "sprites" / "icon.svg").read_bytes(), 0o644, now)
        _add(tar, f"{folder}/README.txt", LINUX_README.format(version=ver).encode("utf-8"),
             0o644, now)
        _add(tar, f"{folder}/LICENSE.txt", (ROOT / "LICENSE").read_bytes(), 0o644, now)
    shutil.rmtree(out / f".icons-{ver}", ignore_errors=True)
    write_checksum(target)
    return target


def package_macos(dist: Path, out: Path, ver: str | None = None) -> Path:
    """The zipped BurrowBox.app (ditto keeps links, permissions and attributes)."""
    ver = ver or version()
    bundle = dist / f"{NAME}.app"
    if not (bundle / "Contents" / "Info.plist").is_file():
        raise SystemExit(f"error: {bundle} is not an application bundle (build it on macOS)")
    ditto = shutil.which("ditto")
    if not ditto:
        raise SystemExit("error: ditto (macOS) is needed to zip the .app with its links intact")
    out.mkdir(parents=True, exist_ok=True)
    target = out / artifact_names(ver)["macos"]
    target.unlink(missing_ok=True)
    subprocess.run([ditto, "-c", "-k", "--sequesterRsrc", "--keepParent", str(bundle),
                    str(target)], check=True)
    write_checksum(target)
    return target


def package_windows(dist: Path, out: Path, ver: str | None = None) -> Path:
    """The one-file BurrowBox.exe under its release name."""
    ver = ver or version()
    program = dist / f"{NAME}.exe"
    if not program.is_file():
        raise SystemExit(f"error: {program} does not exist (build it on Windows)")
    out.mkdir(parents=True, exist_ok=True)
    target = out / artifact_names(ver)["windows"]
    shutil.copy2(program, target)
    write_checksum(target)
    return target


def write_sums(files: list[Path], target: Path) -> Path:
    lines = [f"{sha256_of(path)}  {path.name}\n" for path in sorted(files, key=lambda p: p.name)]
    target.write_text("".join(lines), encoding="utf-8", newline="\n")
    return target


# ---- checking an installed Linux package ------------------------------------------------------

def desktop_entry(path: Path) -> dict[str, str]:
    """The [Desktop Entry] keys of a .desktop file, string escapes (\\s \\n \\t \\r \\\\) undone."""
    values: dict[str, str] = {}
    group = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            group = line
            continue
        if group == "[Desktop Entry]" and "=" in line:
            key, value = line.split("=", 1)
            out, i = [], 0
            while i < len(value):
                if value[i] == "\\" and i + 1 < len(value):
                    out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}.get(
                        value[i + 1], "\\" + value[i + 1]))
                    i += 2
                else:
                    out.append(value[i])
                    i += 1
            values[key.strip()] = "".join(out)
    return values


def exec_argv(exec_value: str) -> list[str]:
    """The Exec key as arguments, as the Desktop Entry Specification reads it: arguments split
    at spaces; inside double quotes a backslash escapes one of \\ " ` $; field codes (%f, %U,
    ...) dropped and %% read as %."""
    argv: list[str] = []
    current: list[str] | None = None
    quoted, i = False, 0
    while i < len(exec_value):
        char = exec_value[i]
        if quoted:
            if char == "\\" and i + 1 < len(exec_value) and exec_value[i + 1] in '\\"`$':
                current.append(exec_value[i + 1])
                i += 1
            elif char == '"':
                quoted = False
            else:
                current.append(char)
        elif char == " ":
            if current is not None:
                argv.append("".join(current))
                current = None
        else:
            current = [] if current is None else current
            if char == '"':
                quoted = True
            else:
                current.append(char)
        i += 1
    if current is not None:
        argv.append("".join(current))
    return [arg.replace("%%", "%") for arg in argv
            if not (len(arg) == 2 and arg[0] == "%" and arg[1] != "%")]


def check_linux_install(home: Path, data_home: Path | None = None,
                        bin_home: Path | None = None) -> list[str]:
    """What install.sh put into ``home``; returns the problems (empty: all is well)."""
    data_home = data_home or home / ".local" / "share"
    bin_home = bin_home or home / ".local" / "bin"
    problems = []
    program = bin_home / NAME
    if not (program.is_file() and os.access(program, os.X_OK)):
        problems.append(f"{program} is missing or not executable")
    entry = data_home / "applications" / f"{DESKTOP_ID}.desktop"
    if not entry.is_file():
        return problems + [f"{entry} is missing"]
    from make_icons import HICOLOR_SIZES
    for size in HICOLOR_SIZES:
        icon = data_home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{DESKTOP_ID}.png"
        if not icon.is_file():
            problems.append(f"{icon} is missing")
    values = desktop_entry(entry)
    if values.get("Icon") != DESKTOP_ID:
        problems.append(f"Icon={values.get('Icon')!r}, expected {DESKTOP_ID!r}")
    argv = exec_argv(values.get("Exec", ""))
    if not argv or Path(argv[0]) != program:
        problems.append(f"Exec={values.get('Exec')!r} does not name {program}")
        return problems
    validator = shutil.which("desktop-file-validate")
    if validator:
        proc = subprocess.run([validator, str(entry)], capture_output=True, text=True)
        if proc.returncode != 0 or proc.stdout.strip():
            problems.append(f"desktop-file-validate: {(proc.stdout + proc.stderr).strip()}")
    env = dict(os.environ, HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([*argv, "--version"], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=120)
    if proc.returncode != 0 or not proc.stdout.startswith(TITLE):
        problems.append(f"Exec --version gave exit {proc.returncode}: "
                        f"{(proc.stdout + proc.stderr).strip()[:200]}")
    else:
        print(f"installed menu entry starts: {proc.stdout.strip()}")
    # As a click on the menu entry starts it (no arguments: the game window), drawn once.
    proc = subprocess.run([*argv, "--exit-after-first-frame"], capture_output=True, text=True,
                          env=env, stdin=subprocess.DEVNULL, timeout=120)
    if proc.returncode != 0:
        problems.append(f"Exec (the game window) gave exit {proc.returncode}: "
                        f"{(proc.stdout + proc.stderr).strip()[-200:]}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Release packages of Burrow Box.")
    sub = parser.add_subparsers(dest="command", required=True)
    for system in ("linux", "macos", "windows"):
        cmd = sub.add_parser(system, help=f"the {system} package")
        cmd.add_argument("--dist", type=Path, default=ROOT / "dist")
        cmd.add_argument("--out", type=Path, default=ROOT / "dist" / "release")
    sums = sub.add_parser("checksums", help="one SHA256SUMS.txt for the given files")
    sums.add_argument("files", type=Path, nargs="+")
    sums.add_argument("--out", type=Path, default=Path("SHA256SUMS.txt"))
    notes = sub.add_parser("notes", help="this version's CHANGELOG.md entry")
    notes.add_argument("--out", type=Path)
    tag = sub.add_parser("check-tag", help="the tag must be v + the version")
    tag.add_argument("tag")
    check = sub.add_parser("check-linux-install", help="check what install.sh put into HOME")
    check.add_argument("home", type=Path)
    args = parser.parse_args(argv)

    if args.command in ("linux", "macos", "windows"):
        make = {"linux": package_linux, "macos": package_macos, "windows": package_windows}
        target = make[args.command](args.dist.resolve(), args.out.resolve())
        print(f"wrote {target} ({target.stat().st_size / 1e6:.1f} MB), sha256 {sha256_of(target)}")
    elif args.command == "checksums":
        missing = [str(f) for f in args.files if not f.is_file()]
        if missing:
            print(f"error: not files: {', '.join(missing)}", file=sys.stderr)
            return 1
        print(write_sums(args.files, args.out).read_text(encoding="utf-8"), end="")
    elif args.command == "notes":
        text = changelog_entry(version())
        if args.out:
            args.out.write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
    elif args.command == "check-tag":
        ver = version()
        if args.tag != f"v{ver}":
            print(f"error: the tag {args.tag!r} does not match the version {ver} of "
                  f"game/__init__.py (tag v{ver}, or change __version__ first)", file=sys.stderr)
            return 1
        changelog_entry(ver)
        print(f"tag {args.tag}: version {ver}, CHANGELOG.md has its entry")
    else:
        problems = check_linux_install(args.home.resolve())
        for problem in problems:
            print(f"FAIL {problem}", file=sys.stderr)
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
