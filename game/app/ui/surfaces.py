"""Surfaces: a size-bounded surface cache, panels, seat markings, the background, dimming."""
from __future__ import annotations

import pygame

from .colours import colour, mix, text_on
from .text import scale_for


class SurfaceCache:
    """Surfaces by key, least recently used dropped first once their pixels pass ``budget``
    bytes: a cache per window size or per screen that cannot grow without bound."""

    def __init__(self, budget: int):
        self.budget = budget
        self.bytes = 0
        self._items: dict = {}

    def get(self, key):
        img = self._items.pop(key, None)
        if img is not None:
            self._items[key] = img          # most recently used last
        return img

    def put(self, key, img):
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= _nbytes(old)
        self._items[key] = img
        self.bytes += _nbytes(img)
        while self.bytes > self.budget and len(self._items) > 1:
            first = next(iter(self._items))
            self.bytes -= _nbytes(self._items.pop(first))
        return img

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)


def _nbytes(img) -> int:
    if img is None or not hasattr(img, "get_size"):
        return 64
    w, h = img.get_size()
    return w * h * img.get_bytesize() + 64


_shadow_cache = SurfaceCache(8 * 1024 * 1024)


def new_surface(size, flags=0) -> pygame.Surface:
    """A new Surface; a size of zero or less (a layout squeezed by a resize) gives 1x1, never
    pygame's "Invalid resolution for Surface"."""
    w, h = size
    return pygame.Surface((max(1, int(w)), max(1, int(h))), flags)


def draw_panel(surface, rect, fill=None, edge=None, radius=12, width=2, shadow=True) -> None:
    rect = pygame.Rect(rect)
    if rect.w <= 0 or rect.h <= 0:
        return
    fill = fill or colour("panel")
    edge = edge or colour("panel_edge")
    if shadow:
        _draw_shadow(surface, rect, radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width=width, border_radius=radius)


SHADOW_ALPHA = 70
SHADOW_TILE = 128      # the side of the tile of shadow laid on a transparent picture


def _draw_shadow(surface, rect, radius) -> None:
    """The panel's shape moved by (3, 4), darkened as black at SHADOW_ALPHA would, without a
    surface of the panel's size (2.5 MB for the side panel at 1920x1080): on an opaque surface
    the straight parts are darkened in place (a multiply); on a transparent picture they are
    covered by a small cached tile of that black, blended as a layer of the panel's shape
    was; the four corners come from one small cached circle."""
    sh = rect.move(3, 4)
    r = max(0, min(int(radius), sh.w // 2, sh.h // 2))
    bands = [pygame.Rect(sh.x, sh.y + r, sh.w, max(0, sh.h - 2 * r))]
    if r:
        bands += [pygame.Rect(sh.x + r, y, max(0, sh.w - 2 * r), r) for y in (sh.y, sh.bottom - r)]
    if surface.get_flags() & pygame.SRCALPHA:
        tile = _shadow_cache.get("tile")
        if tile is None:
            tile = new_surface((SHADOW_TILE, SHADOW_TILE), pygame.SRCALPHA)
            tile.fill((0, 0, 0, SHADOW_ALPHA))
            _shadow_cache.put("tile", tile)
        for band in bands:
            for y in range(band.y, band.bottom, SHADOW_TILE):
                for x in range(band.x, band.right, SHADOW_TILE):
                    surface.blit(tile, (x, y), (0, 0, min(SHADOW_TILE, band.right - x),
                                                min(SHADOW_TILE, band.bottom - y)))
    else:
        keep = (255 - SHADOW_ALPHA,) * 3
        for band in bands:
            surface.fill(keep, band, special_flags=pygame.BLEND_RGB_MULT)
    if r:
        key = ("corners", r)
        corners = _shadow_cache.get(key)
        if corners is None:
            corners = new_surface((2 * r, 2 * r), pygame.SRCALPHA)
            pygame.draw.rect(corners, (0, 0, 0, SHADOW_ALPHA), corners.get_rect(), border_radius=r)
            _shadow_cache.put(key, corners)
        surface.blit(corners, sh.topleft, (0, 0, r, r))
        surface.blit(corners, (sh.right - r, sh.y), (r, 0, r, r))
        surface.blit(corners, (sh.x, sh.bottom - r), (0, r, r, r))
        surface.blit(corners, (sh.right - r, sh.bottom - r), (r, r, r, r))


def draw_marking(surface, marking: str, centre, radius: int, fill, outline=None) -> None:
    """The seat's shape marking (circle, square, triangle, diamond, star, cross)."""
    cx, cy = centre
    r = max(3, radius)
    pts = None
    if marking == "square":
        rect = pygame.Rect(0, 0, int(r * 1.7), int(r * 1.7))
        rect.center = centre
        pygame.draw.rect(surface, fill, rect)
        if outline:
            pygame.draw.rect(surface, outline, rect, 2)
        return
    if marking == "triangle":
        pts = [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    elif marking == "diamond":
        pts = [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    elif marking == "star":
        import math
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    elif marking == "cross":
        t = max(2, int(r * 0.55))
        pygame.draw.rect(surface, fill, (cx - t // 2, cy - r, t, 2 * r))
        pygame.draw.rect(surface, fill, (cx - r, cy - t // 2, 2 * r, t))
        if outline:
            pygame.draw.rect(surface, outline, (cx - t // 2, cy - r, t, 2 * r), 1)
            pygame.draw.rect(surface, outline, (cx - r, cy - t // 2, 2 * r, t), 1)
        return
    if pts is None:
        pygame.draw.circle(surface, fill, centre, r)
        if outline:
            pygame.draw.circle(surface, outline, centre, r, 2)
        return
    pygame.draw.polygon(surface, fill, pts)
    if outline:
        pygame.draw.polygon(surface, outline, pts, 2)


def draw_swatch(surface, seat_colour: dict, rect) -> None:
    """A seat's colour chip with its marking in the middle (never colour alone)."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, seat_colour["rgb"], rect, border_radius=max(3, rect.h // 4))
    pygame.draw.rect(surface, colour("text"), rect, width=2, border_radius=max(3, rect.h // 4))
    mark = text_on(seat_colour["rgb"])
    draw_marking(surface, seat_colour["marking"], rect.center, int(rect.h * 0.28), mark)


_bg_cache: dict = {}
STRATA_TOP = 0.76          # the earth layers and pebbles lie below this share of the height


def _gradient_rows(h: int) -> list:
    """The background's vertical gradient for a window ``h`` pixels high, as runs of rows of
    one colour: (first row, rows, colour).  Drawn with a few fills a frame, it needs no
    picture of the window's size (8 MB at 1920x1080)."""
    key = ("rows", h)
    rows = _bg_cache.get(key)
    if rows is None:
        bg = colour("background")
        top = mix(bg, (0, 0, 0), 0.25)
        grad = pygame.Surface((1, 64))
        for y in range(64):
            grad.set_at((0, y), mix(top, bg, y / 63))
        column = pygame.transform.smoothscale(grad, (1, h))
        rows = []
        for y in range(h):
            c = tuple(column.get_at((0, y)))[:3]
            if rows and rows[-1][2] == c:
                rows[-1][1] += 1
            else:
                rows.append([y, 1, c])
        rows = [tuple(r) for r in rows]
        for k in [k for k in _bg_cache if k[0] == "rows"]:
            del _bg_cache[k]
        _bg_cache[key] = rows
    return rows


def _strata(size) -> tuple:
    """The bottom band of the background (earth layers, pebbles) over the gradient, and the
    row it starts at: cached per window size, a quarter of the window's pixels."""
    key = ("strata", size)
    got = _bg_cache.get(key)
    if got is None:
        import math
        import random
        w, h = size
        y0 = int(h * STRATA_TOP)
        img = pygame.Surface((w, max(1, h - y0)))
        for y, n, c in _gradient_rows(h):
            if y + n > y0:
                img.fill(c, (0, y - y0, w, n))
        bg = colour("background")
        bands = [(0.80, mix(bg, colour("panel"), 0.55)), (0.86, mix(bg, colour("panel_edge"), 0.35)),
                 (0.93, mix(bg, colour("panel"), 0.8))]
        for frac, col in bands:
            pts = [(0, h - y0)]
            for i in range(33):
                x = w * i / 32
                y = h * frac + math.sin(i * 0.7 + frac * 17) * h * 0.012 + math.sin(i * 0.23) * h * 0.02
                pts.append((x, y - y0))
            pts.append((w, h - y0))
            pygame.draw.polygon(img, col, pts)
        rng = random.Random(3)        # pebbles
        for _ in range(40):
            x = rng.uniform(0, w)
            y = rng.uniform(h * 0.84, h)
            r = rng.uniform(2, 6) * scale_for(size)
            pygame.draw.ellipse(img, mix(colour("panel_edge"), colour("text_muted"), rng.random() * 0.4),
                                (x, y - y0, r * 1.6, r))
        for k in [k for k in _bg_cache if k[0] == "strata"]:
            del _bg_cache[k]
        got = _bg_cache[key] = (img, y0)
    return got


def draw_background(surface, strata: bool = True) -> None:
    """Dark soil with soft earth layers at the bottom: the gradient in runs of fills, the
    layers from a picture of the bottom band (cached per window size)."""
    w, h = surface.get_size()
    for y, n, c in _gradient_rows(h):
        surface.fill(c, (0, y, w, n))
    if strata:
        img, y0 = _strata((w, h))
        surface.blit(img, (0, y0))


def dim(surface, alpha: int = 150) -> None:
    """Darken the whole surface towards the background's shade as a veil of ``alpha`` would;
    on an opaque surface in place (a multiply and an add), without a window-sized veil."""
    shade = mix(colour("background"), (0, 0, 0), 0.5)
    if surface.get_flags() & pygame.SRCALPHA:
        veil = new_surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((*shade, alpha))
        surface.blit(veil, (0, 0))
        return
    a = max(0, min(255, int(alpha)))
    surface.fill((255 - a,) * 3, special_flags=pygame.BLEND_RGB_MULT)
    surface.fill(tuple(int(c) * a // 255 for c in shade), special_flags=pygame.BLEND_RGB_ADD)

