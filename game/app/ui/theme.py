"""The pygame_gui manager with the project's theme (``data/theme.json``) scaled to the window."""
from __future__ import annotations

import copy

from ...io.paths import resource_path
from .colours import colours, hex_of, mix


# ---- pygame_gui manager with the scaled theme ----------------------------------------------------

_theme_base: dict | None = None


def _load_theme() -> dict:
    global _theme_base
    if _theme_base is None:
        try:
            from ...io.safeio import load_json   # the strict reader
            _theme_base = load_json(resource_path("data", "theme.json"), "data/theme.json")
            if not isinstance(_theme_base, dict):
                _theme_base = {}
        except (OSError, ValueError):
            _theme_base = {}
    return _theme_base


def _apply_palette(theme: dict) -> dict:
    """Replace colour names like "$accent" in the theme with data/ui.yaml colours."""
    ui = colours()

    def fix(value):
        if isinstance(value, dict):
            return {k: fix(v) for k, v in value.items()}
        if isinstance(value, list):
            return [fix(v) for v in value]
        if isinstance(value, str) and value.startswith("$"):
            name, _, alpha = value[1:].partition("@")
            rgb = ui.get(name)
            if rgb is None:
                return "#808080"
            return hex_of(rgb) + (alpha if alpha else "")
        if isinstance(value, str) and value.startswith("mix(") and value.endswith(")"):
            try:
                a, b, t = value[4:-1].split(",")
                return hex_of(mix(ui[a.strip()], ui[b.strip()], float(t)))
            except (KeyError, ValueError):
                return "#808080"
        return value
    return fix(theme)


def scaled_theme(scale: float) -> dict:
    theme = _apply_palette(copy.deepcopy(_load_theme()))

    def fix_font(f):
        if isinstance(f, dict) and "size" in f:
            try:
                f["size"] = str(max(8, round(int(f["size"]) * scale)))
            except (TypeError, ValueError):
                pass
        return f
    for name, block in theme.items():
        if not isinstance(block, dict) or "scroll_bar" in name:
            continue
        f = block.get("font")
        if isinstance(f, list):
            for x in f:
                fix_font(x)
        elif f is not None:
            fix_font(f)
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in ("shape_corner_radius", "text_horiz_alignment_padding", "border_width",
                        "padding", "list_item_height", "open_button_width"):
                if key in misc:
                    try:
                        vals = [max(1 if key == "border_width" else 0, round(int(v) * scale))
                                for v in str(misc[key]).split(",")]
                        misc[key] = ",".join(str(v) for v in vals)
                    except ValueError:
                        pass
    return theme


def base_font_px(key: str, default: int) -> int:
    theme = _load_theme()
    try:
        return int(theme[key]["font"]["size"])
    except (KeyError, TypeError, ValueError):
        return default


def make_manager(size, scale: float, factory=None):
    """A pygame_gui manager for a window of ``size`` on the theme scaled by ``scale``;
    ``factory(size, theme, locale)`` makes it (default: a plain ``pygame_gui.UIManager``)."""
    import pygame_gui
    theme = scaled_theme(scale)
    from ... import i18n
    from ..lang import gui_locale
    locale = gui_locale(i18n.get_language())
    if factory is None:
        mgr = pygame_gui.UIManager(size, theme, enable_live_theme_updates=False,
                                   starting_language=locale)
    else:
        mgr = factory(size, theme, locale)
    return mgr


#: a button's object id -> the same button in a smaller font, for a text too wide for it
SMALLER_BUTTON = {None: "#small", "#primary": "#primary_small", "#big": None}


def fitting_button_id(text: str, width: int, object_id: str | None, scale: float) -> str | None:
    """``object_id``, or its smaller-font twin (``#small``, ``#primary_small``) when ``text``
    does not fit a button ``width`` pixels wide: buttons shrink before pygame_gui would cut."""
    from .text import font
    theme = _load_theme()
    key = object_id if object_id in theme and "font" in theme.get(object_id, {}) else "button"
    try:
        px = int(theme[key]["font"]["size"])
        pad = int(theme["button"]["misc"]["text_horiz_alignment_padding"])
        border = int(theme["button"]["misc"]["border_width"])
    except (KeyError, TypeError, ValueError):
        px, pad, border = 18, 12, 2
    room = width - 2 * round((pad + border) * scale)
    if font(round(px * scale), True).size(str(text))[0] <= room:
        return object_id
    return SMALLER_BUTTON.get(object_id) or object_id
