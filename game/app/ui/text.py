"""Scale, fonts and text: sizes are designed for a 1280x720 window and scaled by
``scale_for(window_size)``; the text primitives given a width wrap or shrink to fit it, and the
fit collector (``fit.py``) hears of any text that still does not fit or lacks a glyph."""
from __future__ import annotations

import re

import pygame

from . import fit
from .fit import gui_font_file as _gui_font_file


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
    """Noto Sans (Latin with every accent, Cyrillic): the font of every text we draw."""
    return _gui_font_file("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")


class Font(pygame.font.Font):
    """pygame's font that knows its size and weight (so a text can shrink to fit) and, while
    the fit collector runs, reports the characters it has no glyph for."""

    def __init__(self, path, px: int, bold: bool):
        super().__init__(path, px)
        self.px = px
        self.is_bold = bold

    def render(self, text, *args, **kwargs):
        if fit.active():
            fit.glyphs(text, "render")          # and notes the text as shown
        return super().render(spaced(text) if self.px <= SMALL_PX else text, *args, **kwargs)

    def size(self, text):
        return super().size(spaced(text) if self.px <= SMALL_PX else text)


#: a text this small (or shrunk to it) widens the space after a figure a little, see ``spaced``
SMALL_PX = 16
#: a space after a figure: the figures are as wide as each other, so a narrow one ("1") leaves
#: its space looking like none in a small or shrunk text ("Computer 2ist unterwegs"); a hair
#: space more keeps the gap seen at every size
_AFTER_FIGURE = re.compile(r"(?<=[0-9]) (?=\S)")


def spaced(text):
    """``text`` as drawn: a hair space (U+200A) added to each space after a figure."""
    if not isinstance(text, str) or " " not in text:
        return text
    return _AFTER_FIGURE.sub(" \u200a", text)


def font(px: int, bold: bool = False) -> pygame.font.Font:
    px = max(8, int(px))
    key = (px, bold)
    f = _font_cache.pop(key, None)
    if f is not None:
        _font_cache[key] = f                # most recently used last
    else:
        if not pygame.font.get_init():
            pygame.font.init()
        f = _spare(px, bold) or _new_font(px, bold)
        _font_cache[key] = f
        while len(_font_cache) > FONT_CACHE_SIZE:
            del _font_cache[next(iter(_font_cache))]
    return f


def _new_font(px: int, bold: bool) -> Font:
    try:
        return Font(_font_file(bold), px, bold)
    except (OSError, pygame.error):
        f = Font(None, int(px * 1.3), bold)
        f.set_bold(bold)
        f.px = px
        return f


#: fonts made and used once, never given out: a new size takes one and is set to its size.
#: The first use of a font object costs FreeType and HarfBuzz about 2.5 ms (its tables and
#: hinting program), a change of size on a used one almost nothing, and the letters come out
#: the same (``tests/app/test_text_fonts.py``): a screen's first frame with a new size of
#: text would pay it, a layout pays it instead (``warm_fonts``).
_spares: dict = {True: [], False: []}
SPARE_FONTS = {True: 3, False: 1}


def _spare(px: int, bold: bool) -> Font | None:
    pool = _spares[bold]
    if not pool:
        return None
    f = pool.pop()
    f.set_point_size(px)
    f.px = px
    return f


def warm_fonts() -> None:
    """Make the spare fonts (``SPARE_FONTS``) that are missing, each used once."""
    if not pygame.font.get_init():
        pygame.font.init()
    for bold, count in SPARE_FONTS.items():
        pool = _spares[bold]
        while len(pool) < count:
            if _font_file(bold) is None:
                return              # the stand-in font: no spares (it is not resized)
            f = _new_font(16, bold)
            if f.get_point_size() != 16:
                return              # the stand-in font: no spares (it is not resized)
            f.size("Ag")
            pool.append(f)


def wrap(text: str, fnt: pygame.font.Font, width: int, break_words: bool = False) -> list[str]:
    """``text`` in lines at most ``width`` pixels wide, broken between words; a word wider
    than the width stays whole (the caller shrinks the font), or with ``break_words`` is
    broken between its letters (for a box that cannot shrink, like the log)."""
    lines: list[str] = []
    for para in str(text).split("\n"):
        # only plain spaces break a line: a no-break space (French « », before : ; ! ?) holds
        words = [w for w in para.replace("\t", " ").split(" ") if w]
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
    if break_words and any(fnt.size(ln)[0] > width for ln in lines):
        lines = [piece for ln in lines for piece in _break(ln, fnt, width)]
    return lines


def _break(line: str, fnt, width: int) -> list[str]:
    out, cur = [], ""
    for ch in line:
        if cur and fnt.size(cur + ch)[0] > width:
            out.append(cur)
            cur = ch.lstrip()
        else:
            cur += ch
    return out + [cur]


# ---- text that fits: wrap, shrink, and only then cut ----------------------------------------------
#: the smallest a text may shrink to fit its box, as a share of its size (and never below 10 px)
MIN_SHRINK = 0.72


_fitted: dict = {}          # (text, px, bold, width, ...) -> the size found: screens redraw often
_FITTED_MAX = 512


def _remember(key, value):
    if len(_fitted) >= _FITTED_MAX:
        del _fitted[next(iter(_fitted))]
    _fitted[key] = value
    return value


def fit_font(text: str, fnt: pygame.font.Font, width: int, min_ratio: float = MIN_SHRINK):
    """``fnt``, or a smaller size of it (down to ``min_ratio``) in which one line of ``text``
    is at most ``width`` pixels wide; the smallest allowed when none is."""
    text = str(text)
    px, bold = getattr(fnt, "px", None), getattr(fnt, "is_bold", False)
    if px is None:
        return fnt
    key = ("line", text, px, bold, width, min_ratio)
    size = _fitted.get(key)
    if size is None:
        size = _remember(key, _fit_size(text, fnt, px, bold, width, min_ratio))
    return fnt if size == px else font(size, bold)


def _fit_size(text, fnt, px, bold, width, min_ratio) -> int:
    full = fnt.size(text)[0]
    if full <= width:
        return px
    smallest = min(px, max(10, int(px * min_ratio)))
    # the width of a text grows about linearly with the size: start near the answer
    guess = max(smallest, min(px - 1, int(px * width / max(1, full))))
    for size in range(guess, smallest - 1, -1):
        if font(size, bold).size(text)[0] <= width:
            return size
    return smallest


def ellipsize(text: str, fnt: pygame.font.Font, width: int) -> str:
    """``text`` cut with an ellipsis to ``width`` pixels: the last resort (shrink first with
    ``fit_font``); a cut is reported to the fit collector."""
    text = str(text)
    if fnt.size(text)[0] <= width:
        return text
    fit.overflow(text, fnt.size(text)[0], width, "ellipsize")
    while text and fnt.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


_rendered: dict = {}        # (text, px, bold, colour) -> the rendered line; most recent last
_rendered_bytes = 0
RENDERED_BYTES = 4 * 1024 * 1024     # kept lines of text (a screen redraws the same ones)


def forget_sizes() -> None:
    """The window's scale changed: the fonts, the lines of text and the sizes found for the old
    one are of no use to it (the spares stay: they take any size)."""
    global _rendered_bytes
    _font_cache.clear()
    _rendered.clear()
    _rendered_bytes = 0
    _fitted.clear()


def rendered(fnt, text: str, col):
    """``fnt.render(text, True, col)``, kept: a screen drawn again shows the very same
    picture (no new one to draw, and none the compositor takes for a change)."""
    global _rendered_bytes
    px = getattr(fnt, "px", None)
    if px is None:
        return fnt.render(text, True, col)
    key = (text, px, getattr(fnt, "is_bold", False), tuple(col))
    img = _rendered.pop(key, None)
    if img is None:
        img = fnt.render(text, True, col)
        _rendered_bytes += img.get_width() * img.get_height() * 4
        while _rendered and _rendered_bytes > RENDERED_BYTES:
            old = _rendered.pop(next(iter(_rendered)))
            _rendered_bytes -= old.get_width() * old.get_height() * 4
    elif fit.active():
        fit.glyphs(text, "render")          # shown again: the collector hears of it
    _rendered[key] = img
    return img


def draw_text(surface, text, fnt, col, pos, anchor="topleft", max_width=None) -> pygame.Rect:
    """One line of text; with ``max_width`` it shrinks to fit, and is cut only below the
    smallest size allowed."""
    text = str(text)
    if max_width is not None:
        fnt = fit_font(text, fnt, max_width)
        text = ellipsize(text, fnt, max_width)
    img = rendered(fnt, text, col)
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    return r


def _wrap_fitting(text: str, fnt, width: int, max_lines: int | None):
    """(lines, font): ``text`` wrapped to ``width``, in a smaller size when a word is wider
    than the box or the lines are more than ``max_lines``."""
    px, bold = getattr(fnt, "px", None), getattr(fnt, "is_bold", False)
    if px is None:
        return wrap(text, fnt, width), fnt
    key = ("wrap", text, px, bold, width, max_lines)
    size = _fitted.get(key)
    if size is not None:
        f = fnt if size == px else font(size, bold)
        return wrap(text, f, width), f
    for size in range(px, min(px, max(10, int(px * MIN_SHRINK))) - 1, -1):
        f = fnt if size == px else font(size, bold)
        lines = wrap(text, f, width)
        if (max_lines is None or len(lines) <= max_lines) and \
                all(f.size(ln)[0] <= width for ln in lines):
            break
    _remember(key, size)
    return lines, f


def draw_wrapped(surface, text, fnt, col, rect, line_gap=1.15, align="left", max_lines=None) -> int:
    """Draw text wrapped into rect (x, y, width); returns the height used.  A word wider than
    the box, or more lines than ``max_lines``, makes the text smaller first; only below the
    smallest size is a line cut (and reported to the fit collector)."""
    rect = pygame.Rect(rect)
    lines, fnt = _wrap_fitting(str(text), fnt, rect.width, max_lines)
    if max_lines is not None and len(lines) > max_lines:
        fit.overflow(text, fnt.size(" ".join(lines[max_lines - 1:]))[0], rect.width,
                     f"draw_wrapped (more than {max_lines} lines)")
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + " …", fnt, rect.width)
    lines = [ellipsize(ln, fnt, rect.width) for ln in lines]
    y = rect.y
    step = int(fnt.get_linesize() * line_gap)
    for ln in lines:
        img = rendered(fnt, ln, col)
        if align == "center":
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        else:
            surface.blit(img, (rect.x, y))
        y += step
    return y - rect.y
