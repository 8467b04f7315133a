"""Drawing primitives shared by every board view (cached in the one surface cache).

Colours come from ``data/ui.yaml`` (``ui.colour`` for the app, ``ui.board_colour`` for boards).
"""
from __future__ import annotations

import pygame

from .. import ui
from ..loop.compositor import redrawn
from .cache import CACHE

BLACK = (0, 0, 0)
WHITE = (255, 255, 255)


def shade(rgb, t: float) -> tuple:
    """``rgb`` darker (t > 0, towards black) or lighter (t < 0, towards white) by |t|."""
    return ui.mix(rgb, BLACK if t >= 0 else WHITE, abs(t))


def text(assets, s: str, px: int, colour, bold: bool = False, width: int | None = None):
    """Rendered text (cached); given ``width`` pixels it shrinks to fit them, and is cut with
    an ellipsis only below the smallest size allowed (which the fit collector reports)."""
    def build():
        f = assets.font(px, bold)
        t = str(s)
        if width is not None:
            f = ui.fit_font(t, f, max(10, width))
            t = ui.ellipsize(t, f, max(10, width))
        return f.render(t, True, colour)
    if ui.fit.active():                 # the collector hears of cached texts too
        ui.fit.glyphs(str(s), "draw.text")
        if width is not None and ui.fit.checking():
            f = ui.fit_font(str(s), assets.font(px, bold), max(10, width))
            if f.size(str(s))[0] > max(10, width):
                ui.fit.overflow(str(s), f.size(str(s))[0], width, "draw.text")
    return CACHE.make(("kit", "text", str(s), px, tuple(colour), bold, width), build)


def pill(assets, s: str, px: int, colour, pad_y: float = 0.35, alpha: int = 230):
    """Text on a rounded dark label (``pad_y`` x px above and below, ``alpha`` of the label)."""
    def build():
        t = text(assets, s, px, colour, True)
        pad_x, pad = int(px * 0.8), int(px * pad_y)
        img = pygame.Surface((t.get_width() + 2 * pad_x, t.get_height() + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(img, (*ui.mix(ui.colour("panel"), BLACK, 0.3), alpha), img.get_rect(),
                         border_radius=img.get_height() // 2)
        img.blit(t, (pad_x, pad))
        return convert(img)
    return CACHE.make(("kit", "pill", str(s), px, tuple(colour), pad_y, alpha), build)


def convert(surf):
    """``surf`` in the display's alpha format when there is a display (faster to blit).  A
    picture that has that format already is given back as it is: a new transparent surface
    has it on the displays we know, and converting it was a copy of the whole picture (5 MB
    more, for a moment, for a board layer at 1920x1080)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            if surf.get_parent() is None and _format(surf) == _format(_probe()):
                return surf
            return surf.convert_alpha()
        except pygame.error:
            return surf
    return surf


def _probe():
    """A 1x1 picture in the display's alpha format."""
    return pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()


def _format(surf) -> tuple:
    return surf.get_bitsize(), surf.get_masks(), surf.get_shifts(), surf.get_flags()


def glow(radius: int, colour, alpha: int):
    """A soft round glow of ``radius`` pixels."""
    def build():
        small = pygame.Surface((64, 64), pygame.SRCALPHA)
        for i in range(32, 0, -1):
            a = alpha * (1 - i / 32.0) ** 0.8
            pygame.draw.circle(small, (*colour, int(a)), (32, 32), i)
        return convert(pygame.transform.smoothscale(small, (radius * 2 + 2, radius * 2 + 2)))
    return CACHE.make(("kit", "glow", radius, tuple(colour), alpha), build)


def bar_panel(size, k: float):
    """The action bar's background strip."""
    def build():
        panel = pygame.Surface(size, pygame.SRCALPHA)
        r = panel.get_rect().inflate(-max(1, int(round(8 * k))), -max(1, int(round(6 * k))))
        pygame.draw.rect(panel, (*ui.colour("panel"), 235), r, border_radius=int(14 * k))
        pygame.draw.rect(panel, ui.colour("panel_edge"), r, width=max(1, int(2 * k)), border_radius=int(14 * k))
        return panel
    return CACHE.make(("kit", "bar", tuple(size), k), build)


def button(surface, assets, rect, label: str, k: float, primary=False, hot=False, px: int = 16,
           edge_hot=None) -> None:
    """A bar button: gold when it is the step's main choice; ``hot`` (pointed at or focused)
    lights it, ``edge_hot`` (default: hot) its edge."""
    edge_hot = hot if edge_hot is None else edge_hot
    fill = ui.colour("accent") if primary else ui.mix(ui.colour("panel"), ui.colour("panel_edge"), 0.5)
    if hot:
        fill = ui.mix(fill, WHITE, 0.2)
    pygame.draw.rect(surface, fill, rect, border_radius=int(10 * k))
    pygame.draw.rect(surface, ui.colour("highlight") if edge_hot else ui.colour("panel_edge"), rect,
                     width=max(1, int(2 * k)), border_radius=int(10 * k))
    col = ui.colour("text_dark") if primary else ui.colour("text")
    t = text(assets, label, max(8, int(round(px * k))), col, True,
             width=max(10, rect.w - max(4, int(12 * k))))
    surface.blit(t, t.get_rect(center=rect.center))


def button_disabled(surface, assets, rect, label: str, k: float, px: int = 16, icon=None) -> None:
    """A bar button that cannot be used now: flat, no edge light, muted text (and icon)."""
    fill = ui.mix(ui.colour("panel"), ui.colour("panel_edge"), 0.15)
    pygame.draw.rect(surface, fill, rect, border_radius=int(10 * k))
    pygame.draw.rect(surface, ui.mix(ui.colour("panel_edge"), ui.colour("panel"), 0.4), rect,
                     width=max(1, int(k)), border_radius=int(10 * k))
    col = ui.mix(ui.colour("text_muted"), ui.colour("panel"), 0.35)
    t = text(assets, label, max(8, int(round(px * k))), col, True)
    if icon is None:
        surface.blit(t, t.get_rect(center=rect.center))
        return
    iw = max(1, int(round(30 * k)))
    x = rect.centerx - (t.get_width() + iw) // 2
    if icon.get_height() <= rect.h:
        faded = icon.copy()
        faded.set_alpha(90)
        surface.blit(faded, faded.get_rect(midleft=(x, rect.centery)))
    surface.blit(t, t.get_rect(midleft=(x + iw, rect.centery)))


def focus_ring(surface, rect, k: float) -> None:
    """The keyboard focus around a bar item."""
    pad = max(1, int(round(10 * k)))
    pygame.draw.rect(surface, ui.colour("accent"), rect.inflate(pad, pad), width=max(2, int(3 * k)),
                     border_radius=int(12 * k))


def focus_circle(surface, pos, radius: int, width: int) -> None:
    """The keyboard focus around a piece or place."""
    pygame.draw.circle(surface, ui.colour("accent"), pos, radius, width)


class Scratch:
    """A surface kept for a picture made anew in every frame of an animation (a page turning,
    a layer lifting): ``scaled(src, size)`` scales into it instead of into a new surface (a new
    surface of several MB cost the first touch of all its pages, in every frame).  Each call
    gives a fresh subsurface of it, the same as ``pygame.transform.scale`` would have made: a new
    picture for the compositor."""

    def __init__(self):
        self._buf = None

    def scaled(self, src, size):
        w, h = max(1, int(size[0])), max(1, int(size[1]))
        buf = self._buf
        fmt = (src.get_bitsize(), src.get_masks(), src.get_flags() & pygame.SRCALPHA)
        if buf is None or buf.get_width() < w or buf.get_height() < h or self._fmt != fmt:
            bw, bh = (w, h) if buf is None or self._fmt != fmt else \
                (max(w, buf.get_width()), max(h, buf.get_height()))
            buf = self._buf = pygame.Surface((bw, bh), src.get_flags() & pygame.SRCALPHA, src)
            self._fmt = fmt
        out = buf.subsurface((0, 0, w, h))
        pygame.transform.scale(src, (w, h), out)
        alpha = src.get_alpha()
        if alpha is not None and alpha != 255:
            out.set_alpha(alpha)
        key = src.get_colorkey()
        if key is not None:
            out.set_colorkey(key)
        return out

    def copy(self, src):
        """An exact copy of ``src`` (as ``src.copy()``), in the kept surface."""
        return self.scaled(src, src.get_size())

    def release(self) -> None:
        """Let the kept surface go (the animation that needed it is over)."""
        self._buf = None


def reuse(kept, size):
    """A transparent surface of ``size`` to draw a picture in: ``kept`` (the picture's last
    surface) emptied, when it has that size (the compositor is told it is drawn again), else a
    new one.  A new surface of some hundred kB at every change of what a picture shows cost
    the first touch of its pages."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    if kept is not None and kept.get_size() == size and kept.get_flags() & pygame.SRCALPHA:
        kept.fill((0, 0, 0, 0))
        redrawn(kept)
        return kept
    return pygame.Surface(size, pygame.SRCALPHA)


def scaled_from(full, size: int):
    """A picture at ``size`` (square) for a moment of an animation that grows or shrinks it:
    ``full``, the picture at its resting size, smoothly scaled (each in-between size drawn
    from its SVG took milliseconds, in every frame of the animation)."""
    size = max(1, int(size))
    if full is None or full.get_size() == (size, size):
        return full
    return pygame.transform.smoothscale(full, (size, size))
