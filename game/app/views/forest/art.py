"""The Forest Gold pictures: tile backs, the thirteen tile faces (each with its own symbol),
campfires and the pack pieces (seat colour *and* seat marking). Everything is drawn with
pygame at twice the size and smoothed down, and kept in the kit's cache (``CacheSpace``)."""
from __future__ import annotations

import math

import pygame

from ... import ui
from ...board.draw import convert
from .common import board, ink, mix, tint

SS = 2      # drawn at this many times the size, then smoothed


def _rrect(surf, colour, rect, radius, width=0):
    pygame.draw.rect(surf, colour, rect, width, border_radius=max(0, int(radius)))


def _poly(surf, colour, pts, width=0):
    pygame.draw.polygon(surf, colour, [(int(x), int(y)) for x, y in pts], width)


def _line(surf, colour, a, b, w):
    pygame.draw.line(surf, colour, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), max(1, int(w)))


def _arrow(surf, colour, c, d, u, outline):
    """An arrow from near the centre ``c`` towards direction ``d`` (dx, dy)."""
    dx, dy = d
    ln = math.hypot(dx, dy) or 1.0
    dx, dy = dx / ln, dy / ln
    px, py = -dy, dx
    a = (c[0] + dx * u * 0.08, c[1] + dy * u * 0.08)
    tip = (c[0] + dx * u * 0.42, c[1] + dy * u * 0.42)
    base = (c[0] + dx * u * 0.24, c[1] + dy * u * 0.24)
    _line(surf, outline, a, base, u * 0.11)
    _line(surf, colour, a, base, u * 0.06)
    head = [tip, (base[0] + px * u * 0.11, base[1] + py * u * 0.11),
            (base[0] - px * u * 0.11, base[1] - py * u * 0.11)]
    _poly(surf, colour, head)
    _poly(surf, outline, head, max(1, int(u * 0.02)))


def _symbol(surf, kind: str, u: int, extra: dict) -> None:
    """Draw the symbol of ``kind`` on ``surf`` (u x u)."""
    c = (u / 2, u / 2)
    k = ink()
    w = max(2, int(u * 0.03))
    if kind == "empty":                        # a fir tree
        g = mix(board("grass"), k, 0.25)
        for i, (top, half) in enumerate(((0.18, 0.16), (0.3, 0.22), (0.42, 0.28))):
            pts = [(c[0], u * top), (c[0] + u * half, u * (top + 0.22)), (c[0] - u * half, u * (top + 0.22))]
            _poly(surf, g, pts)
            _poly(surf, k, pts, w)
        _rrect(surf, board("nut_fallback"), pygame.Rect(c[0] - u * 0.05, u * 0.64, u * 0.1, u * 0.16), 2)
    elif kind == "gold":                       # a heap of nuggets
        for ox, oy, r in ((-0.14, 0.08, 0.13), (0.14, 0.08, 0.13), (0.0, -0.1, 0.14)):
            x, y, rr = c[0] + ox * u, c[1] + oy * u, r * u
            pts = [(x + rr * math.cos(a) * (1 + 0.18 * math.sin(3 * a)),
                    y + rr * 0.8 * math.sin(a)) for a in [i * math.pi / 4 for i in range(8)]]
            _poly(surf, board("gold"), pts)
            _poly(surf, k, pts, w)
            pygame.draw.circle(surf, board("paper"), (int(x - rr * 0.35), int(y - rr * 0.3)), max(1, int(rr * 0.2)))
    elif kind == "mole_tunnel":                # a hole with an L-shaped path
        pygame.draw.ellipse(surf, board("earth_deep"), pygame.Rect(u * 0.22, u * 0.42, u * 0.56, u * 0.3))
        pygame.draw.ellipse(surf, k, pygame.Rect(u * 0.22, u * 0.42, u * 0.56, u * 0.3), w)
        pts = [(u * 0.25, u * 0.2), (u * 0.25, u * 0.34), (u * 0.5, u * 0.34)]
        pygame.draw.lines(surf, board("earth_mid"), False, [(int(x), int(y)) for x, y in pts], max(2, int(u * 0.05)))
        _poly(surf, board("earth_mid"), [(u * 0.58, u * 0.34), (u * 0.48, u * 0.28), (u * 0.48, u * 0.4)])
    elif kind == "bees":                       # honeycomb and a bee
        for ox, oy in ((-0.12, 0.06), (0.12, 0.06), (0.0, 0.27)):
            x, y = c[0] + ox * u, c[1] + oy * u
            pts = [(x + u * 0.12 * math.cos(a), y + u * 0.12 * math.sin(a))
                   for a in [math.pi / 6 + i * math.pi / 3 for i in range(6)]]
            _poly(surf, board("insect_bee"), pts)
            _poly(surf, k, pts, w)
        bx, by = c[0], u * 0.24
        pygame.draw.ellipse(surf, board("paper"), pygame.Rect(bx - u * 0.13, by - u * 0.12, u * 0.12, u * 0.1))
        pygame.draw.ellipse(surf, board("paper"), pygame.Rect(bx + u * 0.01, by - u * 0.12, u * 0.12, u * 0.1))
        body = pygame.Rect(bx - u * 0.1, by - u * 0.06, u * 0.2, u * 0.12)
        pygame.draw.ellipse(surf, board("insect_bee"), body)
        _line(surf, k, (bx - u * 0.02, by - u * 0.06), (bx - u * 0.02, by + u * 0.06), w)
        _line(surf, k, (bx + u * 0.04, by - u * 0.06), (bx + u * 0.04, by + u * 0.06), w)
        pygame.draw.ellipse(surf, k, body, w)
    elif kind in ("lynx", "red_fox"):          # a cat head with tufts / a pointed fox head
        col = board("kind_wood") if kind == "lynx" else board("insect_ladybug")
        if kind == "lynx":
            head = [(c[0] + u * 0.22 * math.cos(a), c[1] + 0.05 * u + u * 0.2 * math.sin(a))
                    for a in [i * math.pi / 8 for i in range(16)]]
        else:
            head = [(c[0] - u * 0.26, c[1] - u * 0.08), (c[0] + u * 0.26, c[1] - u * 0.08),
                    (c[0], c[1] + u * 0.3)]
        for side in (-1, 1):
            ear = [(c[0] + side * u * 0.06, c[1] - u * 0.1), (c[0] + side * u * 0.24, c[1] - u * 0.34),
                   (c[0] + side * u * 0.24, c[1] - u * 0.04)]
            _poly(surf, col, ear)
            _poly(surf, k, ear, w)
            if kind == "lynx":
                _line(surf, k, (c[0] + side * u * 0.24, c[1] - u * 0.34), (c[0] + side * u * 0.26, c[1] - u * 0.44), w)
        _poly(surf, col, head)
        _poly(surf, k, head, w)
        if kind == "red_fox":
            _poly(surf, board("paper"), [(c[0] - u * 0.1, c[1] + u * 0.05), (c[0] + u * 0.1, c[1] + u * 0.05),
                                         (c[0], c[1] + u * 0.28)])
        for side in (-1, 1):
            pygame.draw.circle(surf, k, (int(c[0] + side * u * 0.08), int(c[1] - u * 0.0)), max(2, int(u * 0.03)))
        pygame.draw.circle(surf, k, (int(c[0]), int(c[1] + u * (0.12 if kind == "lynx" else 0.27))), max(2, int(u * 0.03)))
    elif kind == "wolf_den":                   # a rock with a dark cave mouth
        rock = [(u * 0.12, u * 0.78), (u * 0.2, u * 0.36), (u * 0.42, u * 0.18), (u * 0.66, u * 0.22),
                (u * 0.86, u * 0.48), (u * 0.88, u * 0.78)]
        _poly(surf, board("kind_stone"), rock)
        _poly(surf, k, rock, w)
        mouth = pygame.Rect(u * 0.32, u * 0.44, u * 0.36, u * 0.5)
        pygame.draw.ellipse(surf, board("earth_deep"), mouth)
        pygame.draw.rect(surf, board("earth_deep"), pygame.Rect(u * 0.32, u * 0.66, u * 0.36, u * 0.12))
        for side in (-1, 1):
            pygame.draw.circle(surf, board("glow"), (int(c[0] + side * u * 0.06), int(u * 0.6)), max(2, int(u * 0.025)))
    elif kind == "bear":                       # a paw print
        pygame.draw.ellipse(surf, board("nut_fallback"), pygame.Rect(u * 0.3, u * 0.44, u * 0.4, u * 0.34))
        pygame.draw.ellipse(surf, k, pygame.Rect(u * 0.3, u * 0.44, u * 0.4, u * 0.34), w)
        for ox, oy in ((-0.2, -0.02), (-0.08, -0.14), (0.08, -0.14), (0.2, -0.02)):
            p = (int(c[0] + ox * u), int(c[1] + oy * u - u * 0.06))
            pygame.draw.circle(surf, board("nut_fallback"), p, int(u * 0.075))
            pygame.draw.circle(surf, k, p, int(u * 0.075), w)
    elif kind == "serpent":                    # a coiling snake
        pts = [(u * (0.16 + 0.6 * i / 30), c[1] + u * 0.16 * math.sin(i / 30 * 2.4 * math.pi)) for i in range(31)]
        pygame.draw.lines(surf, k, False, [(int(x), int(y)) for x, y in pts], max(3, int(u * 0.11)))
        pygame.draw.lines(surf, board("insect_caterpillar"), False, [(int(x), int(y)) for x, y in pts], max(2, int(u * 0.07)))
        hx, hy = pts[-1]
        pygame.draw.circle(surf, board("insect_caterpillar"), (int(hx), int(hy)), int(u * 0.08))
        pygame.draw.circle(surf, k, (int(hx), int(hy)), int(u * 0.08), w)
        _line(surf, board("insect_ladybug"), (hx + u * 0.07, hy), (hx + u * 0.16, hy), w)
    elif kind == "hare":                       # long ears over a round head
        col = board("paper")
        for side in (-1, 1):
            ear = pygame.Rect(0, 0, u * 0.12, u * 0.36)
            ear.center = (int(c[0] + side * u * 0.09), int(u * 0.3))
            pygame.draw.ellipse(surf, col, ear)
            pygame.draw.ellipse(surf, k, ear, w)
        pygame.draw.circle(surf, col, (int(c[0]), int(u * 0.6)), int(u * 0.18))
        pygame.draw.circle(surf, k, (int(c[0]), int(u * 0.6)), int(u * 0.18), w)
        pygame.draw.circle(surf, k, (int(c[0] - u * 0.06), int(u * 0.57)), max(2, int(u * 0.025)))
        pygame.draw.circle(surf, k, (int(c[0] + u * 0.06), int(u * 0.57)), max(2, int(u * 0.025)))
    elif kind == "arrows":                     # the arrows, turned as the tile lies
        dirs = extra.get("directions") or [(0, -1)]
        pygame.draw.circle(surf, board("paper"), (int(c[0]), int(c[1])), int(u * 0.08))
        pygame.draw.circle(surf, k, (int(c[0]), int(c[1])), int(u * 0.08), w)
        for d in dirs:
            _arrow(surf, board("insect_dragonfly"), c, d, u, k)
    elif kind == "hunters_call":               # a horn with sound waves
        horn = [(u * 0.2, u * 0.46), (u * 0.5, u * 0.4), (u * 0.62, u * 0.28), (u * 0.62, u * 0.72),
                (u * 0.5, u * 0.6), (u * 0.2, u * 0.54)]
        _poly(surf, board("gold"), horn)
        _poly(surf, k, horn, w)
        for i in (1, 2):
            r = pygame.Rect(0, 0, u * (0.1 + 0.12 * i), u * (0.2 + 0.2 * i))
            r.center = (int(u * 0.62), int(c[1]))
            pygame.draw.arc(surf, k, r, -0.9, 0.9, w)
    elif kind == "swamp":                      # reeds over water, one stone per bump
        for i in range(3):
            y = u * (0.22 + 0.1 * i)
            pts = [(u * (0.15 + 0.7 * j / 12), y + u * 0.025 * math.sin(j * 1.3)) for j in range(13)]
            pygame.draw.lines(surf, board("kind_tiles"), False, [(int(x), int(yy)) for x, yy in pts], w)
        n = int(extra.get("bumps", 2))
        for b in range(n):
            x = u * (0.5 + (b - (n - 1) / 2) * 0.2)
            pygame.draw.ellipse(surf, board("earth_mid"), pygame.Rect(x - u * 0.08, u * 0.6, u * 0.16, u * 0.12))
            pygame.draw.ellipse(surf, k, pygame.Rect(x - u * 0.08, u * 0.6, u * 0.16, u * 0.12), w)
    elif kind == "campfire":                   # crossed logs and a flame
        _line(surf, board("disc_wood"), (u * 0.22, u * 0.76), (u * 0.78, u * 0.6), u * 0.08)
        _line(surf, board("disc_wood"), (u * 0.22, u * 0.6), (u * 0.78, u * 0.76), u * 0.08)
        flame = [(c[0], u * 0.16), (c[0] + u * 0.2, u * 0.5), (c[0] + u * 0.12, u * 0.66),
                 (c[0] - u * 0.12, u * 0.66), (c[0] - u * 0.2, u * 0.5)]
        _poly(surf, board("amber"), flame)
        _poly(surf, k, flame, w)
        inner = [(c[0], u * 0.34), (c[0] + u * 0.09, u * 0.54), (c[0], u * 0.64), (c[0] - u * 0.09, u * 0.54)]
        _poly(surf, board("glow"), inner)


def tile_surface(cache, kind: str, size: int, extra: dict | None = None, seat_rgb=None):
    """A tile of ``size`` pixels: a back ("face_down") or a face with its symbol."""
    extra = extra or {}
    key = ("tile", kind, size, tuple(map(tuple, extra.get("directions") or ())), extra.get("bumps"),
           seat_rgb)
    img = cache.get(key)
    if img is not None:
        return img
    u = size * SS
    surf = pygame.Surface((u, u), pygame.SRCALPHA)
    rad = u * 0.14
    if kind == "face_down":
        _rrect(surf, board("felt_dark"), surf.get_rect(), rad)
        _rrect(surf, board("felt"), surf.get_rect().inflate(-u * 0.14, -u * 0.14), rad * 0.6, max(2, int(u * 0.03)))
        leaf = [(u / 2, u * 0.3), (u * 0.62, u / 2), (u / 2, u * 0.7), (u * 0.38, u / 2)]
        _poly(surf, board("felt"), leaf)
        _line(surf, board("felt_dark"), (u / 2, u * 0.32), (u / 2, u * 0.68), max(1, u * 0.02))
    else:
        _rrect(surf, tint(kind), surf.get_rect(), rad)
        edge = seat_rgb if seat_rgb is not None else mix(tint(kind), ink(), 0.45)
        _rrect(surf, edge, surf.get_rect(), rad, max(2, int(u * (0.07 if seat_rgb else 0.03))))
        _symbol(surf, kind, u, extra)
    img = convert(pygame.transform.smoothscale(surf, (size, size)))
    cache[key] = img
    return img


def face_down_face(cache, kind: str, size: int, extra: dict | None = None):
    """A face-down tile shown face up (everything open, in a replay): its face dimmed by
    the felt, with the back's diamond in a corner, so it reads as "was face down"."""
    extra = extra or {}
    key = ("veiled", kind, size, tuple(map(tuple, extra.get("directions") or ())), extra.get("bumps"))
    img = cache.get(key)
    if img is not None:
        return img
    img = tile_surface(cache, kind, size, extra).copy()
    veil = pygame.Surface((size, size), pygame.SRCALPHA)
    rad = max(2, int(size * 0.14))
    pygame.draw.rect(veil, (*board("felt_dark")[:3], 120), veil.get_rect(), border_radius=rad)
    d = max(3, size // 7)           # the back's diamond, small, in the top-left corner
    cx = cy = max(2, size // 12) + d
    pygame.draw.polygon(veil, (*board("felt")[:3], 235), [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])
    pygame.draw.polygon(veil, (*board("felt_dark")[:3], 255), [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)],
                        max(1, size // 40))
    img.blit(veil, (0, 0))
    cache[key] = img
    return img


def piece_surface(cache, kind: str, pal: dict, size: int):
    """A piece token ``size`` pixels wide: a canine (round, with ears) or a hunter (a shield with
    a hat), in the seat's colour with its marking."""
    rgb = ui._to_rgb(pal.get("rgb"), board("neutral"))
    dark = ui._to_rgb(pal.get("dark"), ink())
    key = ("piece", kind, rgb, pal.get("marking"), size)
    img = cache.get(key)
    if img is not None:
        return img
    u = size * SS
    surf = pygame.Surface((u, u), pygame.SRCALPHA)
    w = max(2, int(u * 0.05))
    c = (u // 2, int(u * 0.56))
    r = int(u * 0.38)
    pygame.draw.circle(surf, board("shadow"), (c[0] + int(u * 0.03), c[1] + int(u * 0.04)), r)
    if kind == "hunter":
        body = [(c[0] - r, c[1] - r * 0.6), (c[0] + r, c[1] - r * 0.6), (c[0] + r, c[1] + r * 0.2),
                (c[0], c[1] + r), (c[0] - r, c[1] + r * 0.2)]
        _poly(surf, rgb, body)
        _poly(surf, dark, body, w)
        brim = pygame.Rect(0, 0, int(r * 2.3), int(r * 0.34))
        brim.center = (c[0], int(c[1] - r * 0.62))
        pygame.draw.ellipse(surf, ink(), brim)
        crown = pygame.Rect(0, 0, int(r * 1.1), int(r * 0.6))
        crown.midbottom = (c[0], int(c[1] - r * 0.62))
        _rrect(surf, ink(), crown, r * 0.2)
    else:
        for side in (-1, 1):
            ear = [(c[0] + side * r * 0.25, c[1] - r * 0.8), (c[0] + side * r * 0.95, c[1] - r * 1.35),
                   (c[0] + side * r * 0.9, c[1] - r * 0.35)]
            _poly(surf, rgb, ear)
            _poly(surf, dark, ear, w)
        pygame.draw.circle(surf, rgb, c, r)
        pygame.draw.circle(surf, dark, c, r, w)
    ui.draw_marking(surf, pal.get("marking", "circle"), (c[0], c[1] + (0 if kind != "hunter" else -int(r * 0.05))),
                    int(r * 0.45), board("paper"), dark)
    img = convert(pygame.transform.smoothscale(surf, (size, size)))
    cache[key] = img
    return img


def nugget_surface(cache, size: int):
    key = ("nugget", size)
    img = cache.get(key)
    if img is not None:
        return img
    u = size * SS
    surf = pygame.Surface((u, u), pygame.SRCALPHA)
    pts = [(u / 2 + u * 0.42 * math.cos(a) * (1 + 0.12 * math.sin(3 * a)), u / 2 + u * 0.34 * math.sin(a))
           for a in [i * math.pi / 5 for i in range(10)]]
    _poly(surf, board("gold"), pts)
    _poly(surf, ink(), pts, max(2, int(u * 0.08)))
    pygame.draw.circle(surf, board("paper"), (int(u * 0.38), int(u * 0.4)), max(1, int(u * 0.08)))
    img = convert(pygame.transform.smoothscale(surf, (size, size)))
    cache[key] = img
    return img
