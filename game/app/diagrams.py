"""Small pictures in the rules texts, drawn by each game's own board code.

A line ``[[diagram:NAME]]`` alone in a rules text (``data/texts/<lang>/<game>_rules.md``) is
shown as the picture NAME with its caption (catalog key ``diagram.NAME``) under it. The
pictures come from ``game/app/views/<game>/diagram.py``: its ``DIAGRAMS`` maps a name to
``(aspect, draw)``, where ``draw(size, assets)`` returns a Surface of exactly ``size``. The
game is the part of the name before the first ``_`` ("moles_move" -> moles).

A name nobody draws is skipped (``find()`` answers None), never an error: a text may name a
picture that a later version draws. Pictures are kept in the kit's one bounded surface cache.

``board_picture()`` is what a game's ``draw`` uses: it draws the game's real screen for a
hand-made position, lets the game mark it (arrows, rings, crosses in board pixels) and cuts
out the part that matters.
"""
from __future__ import annotations

import gc
import logging
import math
import re

import pygame

from ..i18n import get_language, tr
from . import ui
from .board import draw as kdraw
from .board.cache import CACHE, CacheSpace

log = logging.getLogger(__name__)

MARKER = re.compile(r"^\s*\[\[diagram:([A-Za-z0-9_]+)\]\]\s*$")

_modules: dict = {}


def marker(line: str) -> str | None:
    """The diagram named by a marker line, or None when the line is not one."""
    m = MARKER.match(line)
    return m.group(1) if m else None


def _games() -> list[str]:
    """The games whose entry in data/games.yaml names their pictures (``diagrams``)."""
    from ..rules import GAMES
    return [g for g, info in GAMES.items() if (getattr(info, "parts", None) or {}).get("diagrams")]


def _table(game: str) -> dict:
    if game not in _modules:
        from ..rules import part
        try:
            table = part(game, "diagrams") or {}
            _modules[game] = table if isinstance(table, dict) else {}
        except Exception:  # noqa: BLE001 - a game whose pictures cannot load shows none
            log.debug("_table: fell back after an error", exc_info=True)  # drawn every frame: quiet
            _modules[game] = {}
    return _modules[game]


def find(name: str):
    """(aspect, draw) of a diagram, or None for a name nobody draws."""
    game = str(name).partition("_")[0]
    if game not in _games():
        return None
    return _table(game).get(name)


def names() -> list[str]:
    """Every diagram the games draw."""
    return [n for g in _games() for n in _table(g)]


def caption(name: str) -> str:
    return tr(f"diagram.{name}")


def size_for(name: str, width: int, most_h: int) -> tuple[int, int] | None:
    """The picture's size for ``width`` pixels (at most ``most_h`` high), or None (unknown)."""
    entry = find(name)
    if entry is None:
        return None
    aspect = float(entry[0])
    w = max(40, int(width))
    h = int(round(w / aspect))
    if h > most_h > 30:
        h = int(most_h)
        w = int(round(h * aspect))
    return w, max(30, h)


def render(name: str, size, assets=None):
    """The picture ``name`` at ``size`` (cached), or None when it is unknown or cannot be drawn."""
    entry = find(name)
    if entry is None:
        return None
    size = (max(40, int(size[0])), max(30, int(size[1])))
    if assets is None:
        from .assets import Assets
        assets = Assets()

    def build():
        try:
            img = entry[1](size, assets)
        except Exception:  # noqa: BLE001 - a picture that cannot be drawn is left out, never a crash
            log.debug("build: fell back after an error", exc_info=True)  # drawn every frame: quiet
            return None
        finally:
            gc.collect()   # the throw-away board view (in reference cycles) and its pictures go now
        if img is None:
            return None
        if img.get_size() != size:
            img = pygame.transform.smoothscale(img, size)
        return kdraw.convert(img)
    return CACHE.make(("diagram", name, size, get_language()), build)


# ---- drawing helpers for the games' diagram code -----------------------------------------------

def seats(n: int, kind: str = "computer") -> list[dict]:
    """Seats for a picture: colours 0..n-1, names from the catalog."""
    return [{"name": tr("diagram.seat", n=i + 1), "colour": i, "kind": kind, "level": "good"}
            for i in range(n)]


def _forget(view) -> None:
    """Drop what a picture's throw-away view put in the surface cache."""
    for value in vars(view).values():
        if isinstance(value, CacheSpace):
            value.forget()


def _lay_out(view, vd, legal, seat, board: tuple[int, int], prepare=None) -> None:
    view.set_rect(pygame.Rect(0, 0, *board))
    view.sync(vd, legal, seat)
    if prepare is not None:
        prepare(view)
    for _ in range(3):
        view.update(0.0)


def _fit(focus: pygame.Rect, aspect: float, bounds: pygame.Rect) -> pygame.Rect:
    """``focus`` grown to ``aspect`` (w/h), kept inside ``bounds`` where it can be."""
    r = pygame.Rect(focus)
    if r.w / max(1, r.h) < aspect:
        r.inflate_ip(int(r.h * aspect) - r.w, 0)
    else:
        r.inflate_ip(0, int(r.w / aspect) - r.h)
    if r.w > bounds.w:             # too wide for the board: as wide as it, the height to match
        r.inflate_ip(0, int(bounds.w / aspect) - r.h)
        r.w = bounds.w
    if r.h > bounds.h:
        r.inflate_ip(int(bounds.h * aspect) - r.w, 0)
        r.h = bounds.h
    return r.clamp(bounds)


#: the longest side of the board a picture is cut from: the view's own pictures at that size
#: are all in memory at once while a picture is drawn (at 3,200 pixels about 50 MB for one
#: frame of the rules screen; at 1,800, 9 to 25 MB a picture, with only the cut drawn)
MAX_BOARD = 1800


def board_picture(view, vd: dict, size, focus, overlay=None, legal=None, seat=None,
                  board=(900, 640), prepare=None):
    """The game's screen ``view`` (a fresh board view) drawing the view dict ``vd``, cut to the
    rect ``focus(view)`` returns (board pixels, grown to the picture's shape) and scaled to
    ``size``. ``overlay(view, surface)`` marks the board before the cut; ``prepare(view)`` may
    set a selection after the sync. The board is drawn at the size that makes the cut about as
    big as the picture, so nothing is blown up."""
    size = (int(size[0]), int(size[1]))
    aspect = size[0] / size[1]
    bw, bh = board
    try:
        for again in (True, False):    # lay out, see how big the cut comes out, again to fit
            _lay_out(view, vd, legal, seat, (bw, bh), prepare)
            cut = _fit(pygame.Rect(focus(view)), aspect, pygame.Rect(0, 0, bw, bh))
            f = size[0] / max(1, cut.w)
            if not again or 0.85 < f < 1.2 or min(bw, bh) * f < 200:
                break
            f = min(f, MAX_BOARD / max(bw, bh))    # a bigger board costs memory, not detail
            bw, bh = int(bw * f), int(bh * f)
            _forget(view)          # the first try's pictures go before the board's are drawn
        # only the cut is drawn: the board laid out again with the cut's corner at (0, 0) (a
        # board of 1800x1280 pixels drawn whole took 9 MB more while a picture was drawn)
        _forget(view)
        view.set_rect(pygame.Rect((-cut.x, -cut.y), (bw, bh)))
        view.update(0.0)
        img = pygame.Surface(cut.size)
        img.fill(ui.colour("background"))
        view.draw(img)
        if overlay is not None:
            overlay(view, img)
    finally:
        _forget(view)
    if img.get_size() != size:
        img = pygame.transform.smoothscale(img, size)
    return img


def column(images, size, gap: int):
    """Pictures of the same width one under the other, ``gap`` pixels apart, on one surface."""
    out = pygame.Surface(size)
    out.fill(ui.colour("background"))
    y = 0
    for img in images:
        out.blit(img, ((size[0] - img.get_width()) // 2, y))
        y += img.get_height() + gap
    return out


def arrow(surface, a, b, colour, width: int, head: float | None = None, outline=None) -> None:
    """A straight arrow from ``a`` to ``b`` (pixels) with a slender head at ``b``."""
    ax, ay = a
    bx, by = b
    d = math.hypot(bx - ax, by - ay)
    if d < 1:
        return
    ux, uy = (bx - ax) / d, (by - ay) / d
    head = head or width * 3.2
    back = (bx - ux * head, by - uy * head)
    wing = head * 0.5
    pts = [(bx, by), (back[0] - uy * wing, back[1] + ux * wing), (back[0] + uy * wing, back[1] - ux * wing)]
    if outline is not None:
        pygame.draw.line(surface, outline, a, back, width + 4)
        pygame.draw.polygon(surface, outline, pts, 0)
        pygame.draw.polygon(surface, outline, pts, 4)
    pygame.draw.line(surface, colour, a, back, width)
    pygame.draw.polygon(surface, colour, pts)


def path_arrow(surface, points, colour, width: int, outline=None) -> None:
    """An arrow along a bent path of pixel points: the head on the last leg."""
    pts = [tuple(map(float, p)) for p in points]
    if len(pts) < 2:
        return
    if outline is not None:
        pygame.draw.lines(surface, outline, False, pts[:-1] + [pts[-1]], width + 4)
    if len(pts) > 2:
        pygame.draw.lines(surface, colour, False, pts[:-1], width)
        for p in pts[1:-1]:
            pygame.draw.circle(surface, colour, p, width // 2)
    arrow(surface, pts[-2], pts[-1], colour, width, outline=outline)


def ring(surface, pos, radius: int, colour, width: int) -> None:
    pygame.draw.circle(surface, (0, 0, 0), pos, radius + 1, width + 2)
    pygame.draw.circle(surface, colour, pos, radius, width)


def cross(surface, pos, radius: int, colour, width: int) -> None:
    """A "not allowed" cross."""
    x, y = pos
    for d in (-1, 1):
        a, b = (x - radius, y - d * radius), (x + radius, y + d * radius)
        pygame.draw.line(surface, (0, 0, 0), a, b, width + 4)
    for d in (-1, 1):
        pygame.draw.line(surface, colour, (x - radius, y - d * radius), (x + radius, y + d * radius), width)


def label(surface, assets, text: str, pos, px: int, colour=None) -> None:
    """A short label (a number) on a dark pill, centred on ``pos``."""
    img = kdraw.pill(assets, text, max(8, int(px)), colour or ui.colour("highlight"))
    surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))


__all__ = ["MARKER", "marker", "find", "names", "caption", "size_for", "render", "board_picture",
           "seats", "column", "arrow", "path_arrow", "ring", "cross", "label"]
