"""Scale, fonts and text: sizes are designed for a 1280x720 window and scaled by
``scale_for(window_size)``; the text primitives given a width wrap or shrink to fit it, and the
fit collector (``fit.py``) hears of any text that still does not fit or lacks a glyph."""
from __future__ import annotations

import os

import pygame


# ---- scale and fonts ---------------------------------------------------------------------------

BASE_SIZE = (1280, 720)
MIN_WINDOW = (1024, 600)


def scale_for(size) -> float:
    w, h = size
    s = min(w / BASE_SIZE[0], h / BASE_SIZE[1])
    s = max(0.8, min(3.0, s))
    return round(s * 20) / 20  # steps of 0.05 so managers and fonts can be cached


_font_cache: dict = {}
FONT_CACHE_SIZE = 16        # fonts kept (sizes x bold; ~0.6 MB each); least recently used go first


def _font_file(bold: bool) -> str | None:
    try:
        import pygame_gui.data as gd
        name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
        path = os.path.join(os.path.dirname(gd.__file__), name)
        return path if os.path.exists(path) else None
    except Exception:  # noqa: BLE001
        return None


def font(px: int, bold: bool = False) -> pygame.font.Font:
    px = max(8, int(px))
    key = (px, bold)
    f = _font_cache.pop(key, None)
    if f is not None:
        _font_cache[key] = f                # most recently used last
    else:
        if not pygame.font.get_init():
            pygame.font.init()
        path = _font_file(bold)
        try:
            f = pygame.font.Font(path, px)
        except (OSError, pygame.error):
            f = pygame.font.Font(None, int(px * 1.3))
            f.set_bold(bold)
        _font_cache[key] = f
        while len(_font_cache) > FONT_CACHE_SIZE:
            del _font_cache[next(iter(_font_cache))]
    return f


def wrap(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for para in str(text).split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        cur = words[0]
        for w in words[1:]:
            trial = cur + " " + w
            if fnt.size(trial)[0] <= width:
                cur = trial
            else:
                lines.append(cur)
                cur = w
        lines.append(cur)
    return lines


def ellipsize(text: str, fnt: pygame.font.Font, width: int) -> str:
    if fnt.size(text)[0] <= width:
        return text
    while text and fnt.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def draw_text(surface, text, fnt, col, pos, anchor="topleft", max_width=None) -> pygame.Rect:
    if max_width is not None:
        text = ellipsize(text, fnt, max_width)
    img = fnt.render(str(text), True, col)
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    return r


def draw_wrapped(surface, text, fnt, col, rect, line_gap=1.15, align="left", max_lines=None) -> int:
    """Draw text wrapped into rect (x, y, width); returns the height used."""
    rect = pygame.Rect(rect)
    lines = wrap(text, fnt, rect.width)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + " …", fnt, rect.width)
    y = rect.y
    step = int(fnt.get_linesize() * line_gap)
    for ln in lines:
        img = fnt.render(ln, True, col)
        if align == "center":
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        else:
            surface.blit(img, (rect.x, y))
        y += step
    return y - rect.y

