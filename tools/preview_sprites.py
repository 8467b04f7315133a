"""Contact sheet of every SVG under sprites/ (a developer tool, not shipped).

    SDL_VIDEODRIVER=dummy python tools/preview_sprites.py [out.png]

Loads every file with pygame.image.load and pygame.image.load_sized_svg, reports any that fail
or are large, and draws a sheet: the seat palette and theme from data/ui.yaml, the mole tokens
at 28/32/64/128 px (plus simulated colour-blind views), then every other sprite at a small and a
large size on the app background.  Default output: /tmp/sprites_preview.png.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import yaml  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SPRITES = ROOT / "sprites"
MAX_BYTES = 6 * 1024

# Machado et al. (2009) colour-vision-deficiency matrices, severity 1.0 (linear RGB).
CVD = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
               (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
               (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
               (0.004733, 0.691367, 0.303900)),
}


def _to_lin(c: int) -> float:
    x = c / 255
    return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4


def _to_srgb(x: float) -> int:
    x = min(1.0, max(0.0, x))
    x = 12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055
    return round(x * 255)


def simulate(surf: pygame.Surface, kind: str) -> pygame.Surface:
    m = CVD[kind]
    out = surf.copy()
    cache: dict = {}
    w, h = out.get_size()
    for y in range(h):
        for x in range(w):
            r, g, b, a = out.get_at((x, y))
            key = (r, g, b)
            if key not in cache:
                lr, lg, lb = _to_lin(r), _to_lin(g), _to_lin(b)
                cache[key] = tuple(_to_srgb(row[0] * lr + row[1] * lg + row[2] * lb) for row in m)
            out.set_at((x, y), (*cache[key], a))
    return out


def load(path: Path, size: tuple[int, int] | None = None) -> pygame.Surface:
    if size is None:
        return pygame.image.load(str(path)).convert_alpha()
    return pygame.image.load_sized_svg(str(path), size).convert_alpha()


def hexrgb(s: str) -> pygame.Color:
    return pygame.Color(s)


def main(argv: list[str]) -> int:
    out = argv[1] if len(argv) > 1 else "/tmp/sprites_preview.png"
    pygame.init()
    pygame.display.set_mode((1, 1))
    font = pygame.font.Font(None, 18)
    big = pygame.font.Font(None, 26)

    ui = yaml.safe_load((ROOT / "data" / "ui.yaml").read_text(encoding="utf-8"))
    theme = ui["ui"]
    seats = ui["seat_colours"]
    bg = hexrgb(theme["background"])
    text = hexrgb(theme["text"])

    files = sorted(SPRITES.rglob("*.svg"))
    problems = []
    for f in files:
        size = f.stat().st_size
        if size > MAX_BYTES:
            problems.append(f"{f.relative_to(ROOT)}: {size} bytes (> {MAX_BYTES})")
        try:
            s = load(f)
            load(f, (32, 32))
            if s.get_width() == 0:
                problems.append(f"{f.relative_to(ROOT)}: empty image")
        except Exception as exc:  # noqa: BLE001 - report every failure, keep going
            problems.append(f"{f.relative_to(ROOT)}: {exc}")
        if b"<text" in f.read_bytes():
            problems.append(f"{f.relative_to(ROOT)}: uses <text> (nanosvg ignores it)")

    W = 1500
    sheet = pygame.Surface((W, 3000), pygame.SRCALPHA)
    sheet.fill(bg)
    y = 10

    def label(s: str, x: int, yy: int, f=font, col=text) -> None:
        sheet.blit(f.render(s, True, col), (x, yy))

    # palette and theme
    label("Seats (data/ui.yaml)", 10, y, big)
    y += 28
    x = 10
    for seat in seats:
        pygame.draw.rect(sheet, hexrgb(seat["rgb"]), (x, y, 60, 30))
        pygame.draw.rect(sheet, hexrgb(seat["dark"]), (x, y + 30, 60, 10))
        label(f"{seat['name']} / {seat['marking']}", x, y + 44)
        x += 150
    y += 66
    x = 10
    for key, val in theme.items():
        pygame.draw.rect(sheet, hexrgb(val), (x, y, 40, 24))
        pygame.draw.rect(sheet, text, (x, y, 40, 24), 1)
        label(key, x + 44, y + 5)
        x += 160
    y += 40

    # mole tokens
    label("Mole tokens at 28 / 32 / 64 / 128 px, on background, board green and cream; "
          "then 64 px protan / deutan / tritan", 10, y, big)
    y += 30
    board_green = pygame.Color("#6E8B3D")
    cream = pygame.Color("#F5EBD7")
    for seat in seats:
        f = SPRITES / "moles" / f"mole_{seat['id']}.svg"
        if not f.exists():
            continue
        x = 10
        for px in (28, 32, 64, 128):
            sheet.blit(load(f, (px, px)), (x, y))
            x += px + 10
        for back in (board_green, cream):
            pygame.draw.rect(sheet, back, (x, y, 120, 70))
            sheet.blit(load(f, (28, 28)), (x + 6, y + 6))
            sheet.blit(load(f, (32, 32)), (x + 40, y + 4))
            sheet.blit(load(f, (48, 48)), (x + 70, y + 4))
            x += 130
        base = pygame.Surface((64, 64), pygame.SRCALPHA)
        base.fill(board_green)
        base.blit(load(f, (64, 64)), (0, 0))
        for kind in CVD:
            sheet.blit(simulate(base, kind), (x, y))
            x += 74
        y += 138

    # all the CVD tokens side by side, 32 px, as a colour-blind player sees the whole table
    label("All six at 32 px: normal / protan / deutan / tritan", 10, y, big)
    y += 26
    row = pygame.Surface((6 * 38, 38), pygame.SRCALPHA)
    row.fill(board_green)
    for i, seat in enumerate(seats):
        f = SPRITES / "moles" / f"mole_{seat['id']}.svg"
        if f.exists():
            row.blit(load(f, (32, 32)), (i * 38 + 3, 3))
    x = 10
    for kind in (None, *CVD):
        sheet.blit(row if kind is None else simulate(row, kind), (x, y))
        x += 6 * 38 + 20
    y += 50

    # everything else
    others = [f for f in files if not f.name.startswith("mole_")]
    label("Other sprites: small and large", 10, y, big)
    y += 30
    x = 10
    row_h = 0
    for f in others:
        games = f.parent.name == "games"
        small, large = ((80, 60), (240, 180)) if games else ((32, 32), (128, 128))
        cell_w = small[0] + large[0] + 30
        if x + cell_w > W:
            x = 10
            y += row_h + 10
            row_h = 0
        panel = pygame.Rect(x, y, cell_w, large[1] + 26)
        pygame.draw.rect(sheet, hexrgb(theme["panel"]), panel, border_radius=6)
        label(str(f.relative_to(SPRITES)), x + 6, y + 4)
        sheet.blit(load(f, small), (x + 6, y + 22))
        sheet.blit(load(f, large), (x + 16 + small[0], y + 22))
        x += cell_w + 10
        row_h = max(row_h, panel.h)
    y += row_h + 10

    if problems:
        label("PROBLEMS:", 10, y, big, hexrgb(theme["warning"]))
        y += 26
        for p in problems:
            label(p, 10, y, font, hexrgb(theme["warning"]))
            y += 20
    sheet = sheet.subsurface((0, 0, W, y + 10)).copy()
    pygame.image.save(sheet, out)
    print(f"{len(files)} SVG files, {len(problems)} problem(s); sheet: {out}")
    for p in problems:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
