"""Theme, fonts, text, layout helpers and the keyboard focus ring shared by every scene.

One package, used as ``from game.app import ui`` (``ui.font``, ``ui.colour``, ``ui.draw_text``,
...); its parts:

    colours.py   the palette, seat and board colours from ``data/ui.yaml`` (with defaults)
    text.py      window scale, fonts, and text that fits: wrap, shrink, ellipsis as a last resort
    fit.py       the debug collector of text drawn wider than its box or with a missing glyph
    surfaces.py  the bounded surface cache, panels, seat markings, the background, dimming
    theme.py     the pygame_gui manager with the scaled theme (``data/theme.json``)
    focus.py     the keyboard focus ring and the game log's box

Colours come from ``data/ui.yaml`` (``ui`` and ``seat_colours``) with built-in defaults, so the
app still looks right when that file is missing or broken.  Sizes are designed for a 1280x720
window and scaled by ``scale_for(window_size)``; fonts scale with it.
"""
from __future__ import annotations

from .colours import (DEFAULT_BOARD, DEFAULT_SEATS, DEFAULT_UI, _load_ui_data, _to_rgb,
                      board_colour, colour, colours, hex_of, luminance, mix, seat_palette,
                      text_on, ui_data_message)
from .focus import FocusItem, FocusRing, LogView
from .surfaces import (SurfaceCache, _nbytes, dim, draw_background, draw_marking, draw_panel,
                       draw_swatch, new_surface)
from . import fit
from .text import (BASE_SIZE, FONT_CACHE_SIZE, MIN_SHRINK, MIN_WINDOW, Font, _font_file, draw_text,
                   draw_wrapped, ellipsize, fit_font, font, scale_for, warm_fonts, wrap)
from .theme import (_load_theme, base_font_px, fitting_button_id, make_manager,
                    scaled_theme)


__all__ = [
    "DEFAULT_BOARD", "DEFAULT_SEATS", "DEFAULT_UI", "board_colour", "colour", "colours", "hex_of",
    "luminance", "mix", "seat_palette", "text_on", "ui_data_message",
    "FocusItem", "FocusRing", "LogView",
    "SurfaceCache", "dim", "draw_background", "draw_marking", "draw_panel", "draw_swatch",
    "new_surface",
    "BASE_SIZE", "FONT_CACHE_SIZE", "MIN_SHRINK", "MIN_WINDOW", "Font", "draw_text", "draw_wrapped", "warm_fonts",
    "ellipsize", "fit", "fit_font", "font", "scale_for", "wrap",
    "base_font_px", "fitting_button_id", "make_manager", "scaled_theme",
]
