"""Pure maths for hexagonal point lattices (no pygame): axial <-> pixel, lines, easing.

A lattice point is an axial pair ``(q, r)``; neighbours are one step in one of ``DIRECTIONS``.
In *unit* space two neighbouring points are 1 apart:

    x = q + r / 2        y = r * sqrt(3) / 2

so direction (1, 0) points right and the hexagon of all points within ``radius`` has its
corners left and right and flat edges at the top and bottom (wider than tall, which suits a
landscape window).  ``HexLayout`` scales and centres unit space into pixels.
"""
from __future__ import annotations

import math

from ...rules.moles import DIRECTIONS, hex_points, ring  # noqa: F401  (one lattice geometry)

SQRT3 = math.sqrt(3.0)

# the outline of a board hexagon (corner distance) in lattice units, and the extra height
# taken by the stack of lower layers drawn under it
PLATE_RADIUS = 4.8


def lattice_edges(radius: int) -> list:
    """Every pair of neighbouring points inside ``radius`` (each pair once)."""
    pts = set(hex_points(radius))
    out = []
    for p in sorted(pts):
        for dq, dr in DIRECTIONS[:3]:
            n = (p[0] + dq, p[1] + dr)
            if n in pts:
                out.append((p, n))
    return out


def axial_to_unit(q: float, r: float) -> tuple:
    return (q + r / 2.0, r * SQRT3 / 2.0)


def unit_to_axial(x: float, y: float) -> tuple:
    r = y * 2.0 / SQRT3
    return (x - r / 2.0, r)


def axial_round(qf: float, rf: float) -> tuple:
    """The lattice point nearest to fractional axial coordinates (cube rounding)."""
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return (int(q), int(r))


def unit_corners(size: float, cx: float = 0.0, cy: float = 0.0) -> list:
    """The six corners of a board hexagon of corner distance ``size`` (corners left/right)."""
    return [(cx + size * math.cos(math.radians(a)), cy + size * math.sin(math.radians(a)))
            for a in range(0, 360, 60)]


def inside_hexagon(x: float, y: float, size: float) -> bool:
    """Is unit-space ``(x, y)`` inside the board hexagon of corner distance ``size``?"""
    ax, ay = abs(x), abs(y)
    h = size * SQRT3 / 2.0
    return ay <= h and SQRT3 * ax + ay <= SQRT3 * size


def step_between(a, b):
    """``(direction, distance)`` when ``b`` lies on a lattice line from ``a``, else None."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    if dq == 0 and dr == 0:
        return None
    n = max(abs(dq), abs(dr), abs(dq + dr))
    d = (dq // n if dq % n == 0 else None, dr // n if dr % n == 0 else None)
    if None in d or d not in DIRECTIONS:
        return None
    return d, n


def points_between(a, b) -> list:
    """The lattice points strictly between ``a`` and ``b`` on their line ([] if not on one)."""
    sb = step_between(a, b)
    if sb is None:
        return []
    (dq, dr), n = sb
    return [(a[0] + dq * k, a[1] + dr * k) for k in range(1, n)]


class HexLayout:
    """Unit lattice space placed in pixels: centre ``(cx, cy)``, ``spacing`` px per step."""

    def __init__(self, cx: float, cy: float, spacing: float):
        self.cx, self.cy, self.spacing = float(cx), float(cy), float(spacing)

    @classmethod
    def fit(cls, x: float, y: float, w: float, h: float, plate: float = PLATE_RADIUS,
            extra_below: float = 0.0, pad: float = 0.15) -> "HexLayout":
        """The largest layout whose plate hexagon (plus ``extra_below`` units of stack under
        it) fits in the box ``x, y, w, h``; centred in it."""
        need_w = 2.0 * plate + 2 * pad
        need_h = SQRT3 * plate + extra_below + 2 * pad
        s = max(1.0, min(w / need_w, h / need_h))
        cx = x + w / 2.0
        cy = y + h / 2.0 - extra_below * s / 2.0
        return cls(cx, cy, s)

    def unit_to_pixel(self, ux: float, uy: float) -> tuple:
        return (self.cx + ux * self.spacing, self.cy + uy * self.spacing)

    def to_pixel(self, q: float, r: float) -> tuple:
        ux, uy = axial_to_unit(q, r)
        return (self.cx + ux * self.spacing, self.cy + uy * self.spacing)

    def to_pixel_int(self, q: float, r: float) -> tuple:
        x, y = self.to_pixel(q, r)
        return (int(round(x)), int(round(y)))

    def from_pixel(self, x: float, y: float) -> tuple:
        """``((q, r), distance)``: the nearest lattice point and how far away it is, in steps."""
        ux, uy = (x - self.cx) / self.spacing, (y - self.cy) / self.spacing
        p = axial_round(*unit_to_axial(ux, uy))
        px, py = axial_to_unit(*p)
        return p, math.hypot(ux - px, uy - py)


# ---- easing: the kit's one set -----------------------------------------------------------------
from ..board.anim import clamp01, ease_in_cubic, ease_in_out, ease_out_back, ease_out_cubic, lerp  # noqa: E402,F401
