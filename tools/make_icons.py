"""Application icons from the project's own artwork (sprites/icon.svg), drawn by pygame.

    python tools/make_icons.py [--out DIR]      (default: build/icons)

writes ``icon.png`` (256 px, Linux and the README), ``icon.ico`` (Windows: 16-256 px) and
``icon.icns`` (macOS: 16-1024 px), and for Linux desktops one PNG per size a desktop asks for
(``hicolor/NxN/apps/burrowbox.png``, 16-512 px, the freedesktop icon-theme layout that
``tools/package.py`` puts in the Linux tarball).  The containers hold PNG images, which Windows
(Vista and later) and macOS (10.7 and later) read natively, so no other image library is needed.
``build.spec`` calls ``make_icons()`` at build time, so the icons always match the SVG and no
binary copies are kept in the repository.
"""
from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "sprites" / "icon.svg"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns element types holding PNG data, by pixel size (the @2x types share sizes with others).
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256),
              ("ic09", 512), ("ic10", 1024), ("ic11", 32), ("ic12", 64), ("ic13", 256),
              ("ic14", 512))
# Linux desktops (hicolor icon theme): the sizes menus, docks and file managers ask for.
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICON_NAME = "burrowbox"


def _pygame():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    return pygame


def render_png(svg: Path, size: int) -> bytes:
    """The SVG drawn at ``size`` x ``size`` pixels, as PNG bytes."""
    pygame = _pygame()
    surface = pygame.image.load_sized_svg(str(svg), (size, size))
    if surface.get_size() != (size, size):      # keep the icon square whatever the viewBox
        square = pygame.Surface((size, size), pygame.SRCALPHA)
        square.blit(surface, surface.get_rect(center=(size // 2, size // 2)))
        surface = square
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file (ICONDIR + one ICONDIRENTRY per size + PNG data)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size          # 0 means 256 in an ICO directory
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file: 'icns', total length, then (type, length, PNG data) elements."""
    body = b""
    for kind, size in ICNS_TYPES:
        data = pngs[size]
        body += kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(svg: Path = SVG, out_dir: Path | str = ROOT / "build" / "icons") -> dict[str, Path]:
    """Write icon.png, icon.ico and icon.icns into ``out_dir``; returns their paths by kind."""
    svg, out = Path(svg), Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    sizes = sorted(set(ICO_SIZES) | {s for _, s in ICNS_TYPES} | set(HICOLOR_SIZES))
    pngs = {size: render_png(svg, size) for size in sizes}
    paths = {"png": out / "icon.png", "ico": out / "icon.ico", "icns": out / "icon.icns"}
    paths["png"].write_bytes(pngs[256])
    paths["ico"].write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    paths["icns"].write_bytes(icns_bytes(pngs))
    for size in HICOLOR_SIZES:
        path = out / "hicolor" / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pngs[size])
        paths[f"hicolor-{size}"] = path
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make icon.png/.ico/.icns from sprites/icon.svg.")
    parser.add_argument("--svg", type=Path, default=SVG, help="source SVG (default: sprites/icon.svg)")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "icons",
                        help="output folder (default: build/icons)")
    args = parser.parse_args(argv)
    if not args.svg.is_file():
        print(f"error: {args.svg} does not exist", file=sys.stderr)
        return 1
    for kind, path in make_icons(args.svg, args.out).items():
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
