"""The fit collector: a debug aid that hears of every text that does not fit.

The text primitives (``ui.draw_text``, ``ui.draw_wrapped``, ``ui.ellipsize``, the board kit's
``draw.text`` and ``draw.button``, the toasts) measure what they draw: given a width they wrap
or shrink the text first, and only a text that still cannot fit is cut with an ellipsis.  While
``collecting()`` runs they also report here:

    overflow   a text wider than its box even at the smallest size it may shrink to (cut)
    glyph      a character the font lacks (it would show as an empty box)

and ``check_gui(manager)`` reports pygame_gui buttons and labels whose text is wider than the
widget.  Outside ``collecting()`` nothing is recorded and the checks cost nothing.  The test
``tests/words/test_text_fit.py`` renders every screen in every language and fails on any report.
"""
from __future__ import annotations

import logging
import os
from contextlib import contextmanager
from dataclasses import dataclass

log = logging.getLogger(__name__)

_active: list | None = None
_shown: set | None = None
_where: str = ""
_glyphs: dict[tuple[str, bool], bool] = {}
_ft_fonts: dict = {}


@dataclass(frozen=True)
class Problem:
    kind: str           # "overflow" or "glyph"
    text: str
    need: int = 0       # pixels the text needs (overflow) or the code point (glyph)
    box: int = 0        # pixels it was given
    where: str = ""     # what was being drawn (set with ``where``), then the primitive

    def __str__(self) -> str:
        if self.kind == "glyph":
            return f"{self.where}: no glyph for {chr(self.need)!r} (U+{self.need:04X}) in {self.text!r}"
        return f"{self.where}: {self.text!r} needs {self.need} px, has {self.box} px"


def checking() -> bool:
    """True while problems are being collected (``collecting``)."""
    return _active is not None


def active() -> bool:
    """True while problems or shown texts are being collected."""
    return _active is not None or _shown is not None


@contextmanager
def shown():
    """Every text drawn while the block runs goes into the set it yields (to find texts that
    do not come from the catalogs: drawn in the pseudo-language, they stay plain English)."""
    global _shown
    outer, _shown = _shown, set()
    try:
        yield _shown
    finally:
        found, _shown = _shown, outer
        if outer is not None:
            outer |= found


def saw(text) -> None:
    if _shown is not None and text:
        _shown.add(str(text))


@contextmanager
def collecting():
    """Record every problem while the block runs; yields the list they go to."""
    global _active
    outer, _active = _active, []
    try:
        yield _active
    finally:
        found, _active = _active, outer
        if outer is not None:
            outer.extend(found)


@contextmanager
def where(label: str):
    """Name what is drawn inside the block (a screen, a language) in the reports."""
    global _where
    outer, _where = _where, label
    try:
        yield
    finally:
        _where = outer


def _add(problem: Problem) -> None:
    if _active is not None and problem not in _active:
        _active.append(problem)


def overflow(text: str, need: int, box: int, primitive: str) -> None:
    if _active is not None:
        _add(Problem("overflow", str(text), int(need), int(box), f"{_where} {primitive}".strip()))


def gui_font_file(name: str) -> str | None:
    """A font file the app draws with: our slimmed Noto Sans (``data/fonts``, made by
    ``tools/slim_fonts.py``: the same letters at two thirds of the memory a font object takes)
    where there is one, else pygame_gui's (bundled in the executable), or None."""
    from ...io.paths import resource_path
    ours = resource_path("data", "fonts", name)
    if ours.is_file():
        return str(ours)
    try:
        import pygame_gui.data as gd
        path = os.path.join(os.path.dirname(gd.__file__), name)
        return path if os.path.exists(path) else None
    except Exception:  # noqa: BLE001
        log.debug("gui_font_file: fell back after an error", exc_info=True)  # drawn every frame: quiet
        return None


def _ft(name: str):
    """A pygame.freetype font of pygame_gui's folder (its metrics say None for a missing glyph)."""
    got = _ft_fonts.get(name)
    if got is None:
        import pygame.freetype
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        path = gui_font_file(name)
        got = _ft_fonts[name] = pygame.freetype.Font(path, 16) if path else False
    return got


def has_glyph(ch: str, gui: bool = False) -> bool:
    """Whether the bundled font draws ``ch``: Noto Sans for our own texts; for pygame_gui's
    widgets also Fira Code, the symbol font it falls back to (its drop-down arrow)."""
    key = (ch, gui)
    got = _glyphs.get(key)
    if got is None:
        names = ("NotoSans-Regular.ttf", "FiraCode-Regular.ttf") if gui else ("NotoSans-Regular.ttf",)
        fonts = [f for f in (_ft(n) for n in names) if f]
        got = ch in "\n\r\t" or not fonts or any(f.get_metrics(ch)[0] is not None for f in fonts)
        _glyphs[key] = got
    return got


def glyphs(text: str, primitive: str = "", gui: bool = False) -> None:
    """Report the characters of ``text`` the font lacks (only while collecting)."""
    saw(text)
    if _active is None:
        return
    for ch in set(str(text)):
        if not has_glyph(ch, gui):
            _add(Problem("glyph", str(text), ord(ch), 0, f"{_where} {primitive}".strip()))


def check_gui(manager) -> None:
    """Report pygame_gui buttons and labels whose text is wider than the widget, and any
    glyph missing from their texts (only while collecting)."""
    if not active() or manager is None:
        return
    from pygame_gui.elements import UIButton, UILabel, UITextBox
    for element in list(manager.get_sprite_group().sprites()):
        if isinstance(element, UITextBox):
            saw(getattr(element, "html_text", ""))
        if not isinstance(element, (UIButton, UILabel)) or not element.visible:
            continue
        text = getattr(element, "text", "") or ""
        fnt = getattr(element, "font", None)
        if not text or fnt is None:
            continue
        glyphs(text, type(element).__name__, gui=True)
        if _active is None:
            continue
        try:
            need = fnt.size(text)[0]
        except Exception:  # noqa: BLE001 - a font that cannot measure is not ours to judge
            log.debug("check_gui: fell back after an error", exc_info=True)  # drawn every frame: quiet
            continue
        border = getattr(element, "border_width", 0) or 0
        if isinstance(border, dict):
            border = border.get("left", 0) + border.get("right", 0)
        else:
            border = 2 * int(border)
        shadow = int(getattr(element, "shadow_width", 0) or 0)
        box = element.rect.w - border - 2 * shadow
        if need > box:
            overflow(text, need, box, type(element).__name__)
