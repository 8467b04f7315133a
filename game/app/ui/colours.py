"""Colours: the app's palette, the seat colours and the boards' colours from ``data/ui.yaml``,
with built-in defaults, so the app still looks right when that file is missing or broken."""
from __future__ import annotations

import logging
import pygame

from ...io.paths import resource_path

log = logging.getLogger(__name__)


# ---- colours ---------------------------------------------------------------------------------

DEFAULT_UI = {
    "background": "#2E2118",
    "panel": "#4A3526",
    "panel_edge": "#7A5A3E",
    "text": "#F5EBD7",
    "text_muted": "#CDB99A",
    "text_dark": "#2B1D14",
    "accent": "#E8B04B",
    "highlight": "#FFF1A8",
    "warning": "#FF9E7A",
}

# Colours of the boards themselves (data/ui.yaml ``board``): the box, the gold, shadows, the
# fallbacks drawn when an artwork file is missing.  Views take them from here, never literals.
DEFAULT_BOARD = {
    "box": "#3A281C",
    "gold": "#E8B04B",
    "ink": "#2B1D14",
    "paper": "#F7F0E0",
    "shadow": "#140C06",
    "earth_dark": "#28190F",
    "earth_deep": "#140A05",
    "earth_mid": "#5A3C1E",
    "crack": "#0A1428",
    "pebble": "#FFF0DC",
    "grass": "#466E28",
    "hole": "#7A4D2A",
    "disc": "#C8965A",
    "disc_back": "#A0662F",
    "glow": "#FFD66E",
    "ray": "#FFCE54",
    "cream": "#FBF1DC",
    "felt": "#5C7842",
    "felt_dark": "#3E562C",
    "green": "#58B060",
    "kind_tablecloth": "#009E73",
    "kind_tiles": "#0072B2",
    "kind_stone": "#A3A3A3",
    "kind_wood": "#E69F00",
    "sheet_ink": "#2A1E18",
    "sheet_earth": "#563A26",
    "sheet_earth_dark": "#3A2618",
    "sheet_floor": "#E8CD9E",
    "sheet_floor_start": "#B2885C",
    "sheet_wall": "#402818",
    "sheet_tunnel": "#C4A070",
    "amber": "#F0A83C",
    "sheet_paper": "#F7ECD4",
    "score_chambers": "#C98E4A",
    "score_mushrooms": "#D24E34",
    "score_nuts": "#966028",
    "tint_taken": "#FF7864",
    "shelf_number": "#96785A",
    "card_rim": "#7A4E2C",
    "neutral": "#969696",
    "insect_ladybug": "#D55E00",
    "insect_beetle": "#28325A",
    "insect_bee": "#F0C828",
    "insect_butterfly": "#CC79A7",
    "insect_dragonfly": "#56B4E9",
    "insect_caterpillar": "#5AA03C",
    "insect_other": "#5A5A5A",
    "disc_wood": "#603C22",
    "disc_wood_rim": "#AA7846",
    "ant": "#5A2314",
    "grasshopper": "#78BE46",
    "supply_edge": "#785432",
    "supply_mark": "#6E5032",
    "ability_edge": "#5A466E",
    "trail_edge": "#3C1E12",
    "trail": "#F0D6A0",
    "shelf": "#F0E2C4",
    "shelf_on": "#FFF4D6",
    "shelf_edge": "#8C6840",
    "nut_fallback": "#A0642D",
    "nut_cap_fallback": "#6E5028",
    "mushroom_stem": "#F6E7C8",
    "mushroom_cap": "#C83C28",
    "coin_fallback": "#E69F00",
    "die_face": "#FCF6E8",
    "die_edge": "#5A3E28",
    "floor_line": "#5A3C23",
    "floor_grain": "#785028",
    "mushroom": "#C8402C",
    "nut": "#965C24",
    "earth_light": "#FFDCAA",
    "lawn": "#5C8038",
    "lawn_blade": "#7AA046",
    "ground_line": "#462E1C",
    "pencil_preview": "#3C2C22",
}

DEFAULT_SEATS = [
    {"id": "red", "name": "Red", "rgb": "#D3262B", "dark": "#7C1216", "marking": "circle"},
    {"id": "blue", "name": "Blue", "rgb": "#0072B2", "dark": "#003F63", "marking": "square"},
    {"id": "green", "name": "Green", "rgb": "#009E73", "dark": "#005740", "marking": "triangle"},
    {"id": "yellow", "name": "Yellow", "rgb": "#F0E442", "dark": "#8A7F12", "marking": "diamond"},
    {"id": "purple", "name": "Purple", "rgb": "#8A4FBF", "dark": "#4B2473", "marking": "star"},
    {"id": "sky", "name": "Sky", "rgb": "#56B4E9", "dark": "#1F6A94", "marking": "cross"},
]

_ui_data: dict | None = None
_ui_message: str | None = None


def _to_rgb(value, fallback) -> tuple[int, int, int]:
    try:
        if isinstance(value, str):
            c = pygame.Color(value)
            return (c.r, c.g, c.b)
        if isinstance(value, (list, tuple)) and len(value) >= 3:
            r, g, b = (int(v) for v in value[:3])
            if all(0 <= v <= 255 for v in (r, g, b)):
                return (r, g, b)
    except (ValueError, TypeError):
        pass
    return _to_rgb(fallback, "#808080") if fallback is not None else (128, 128, 128)


def _load_ui_data() -> dict:
    """data/ui.yaml as {'ui': {...rgb}, 'seats': [...]}, defaults for anything missing/bad."""
    global _ui_data, _ui_message
    if _ui_data is not None:
        return _ui_data
    raw: dict = {}
    path = resource_path("data", "ui.yaml")
    if path.exists():
        try:
            from ...io.safeio import load_yaml   # the strict reader: limits, safe loader
            loaded = load_yaml(path, "data/ui.yaml")
            if isinstance(loaded, dict):
                raw = loaded
            else:
                _ui_message = "data/ui.yaml is not a mapping; using built-in colours."
        except Exception as exc:  # noqa: BLE001 - any broken file falls back to defaults
            log.debug("_load_ui_data: fell back after an error", exc_info=True)  # drawn every frame: quiet
            _ui_message = f"data/ui.yaml could not be read ({type(exc).__name__}); using built-in colours."
    ui_raw = raw.get("ui") if isinstance(raw.get("ui"), dict) else {}
    ui = {k: _to_rgb(ui_raw.get(k, v), v) for k, v in DEFAULT_UI.items()}
    for k, v in ui_raw.items():
        if k not in ui:
            ui[k] = _to_rgb(v, "#808080")
    seats = []
    seat_raw = raw.get("seat_colours")
    if isinstance(seat_raw, list) and len(seat_raw) >= 4:
        for i, entry in enumerate(seat_raw):
            if not isinstance(entry, dict):
                continue
            base = DEFAULT_SEATS[i] if i < len(DEFAULT_SEATS) else DEFAULT_SEATS[-1]
            seats.append({
                "id": str(entry.get("id", base["id"])),
                "name": str(entry.get("name", base["name"])),
                "rgb": _to_rgb(entry.get("rgb"), base["rgb"]),
                "dark": _to_rgb(entry.get("dark", entry.get("rgb")), base["dark"]),
                "marking": str(entry.get("marking", base["marking"])),
            })
    if len(seats) < 4:
        seats = [{**s, "rgb": _to_rgb(s["rgb"], None), "dark": _to_rgb(s["dark"], None)}
                 for s in DEFAULT_SEATS]
    board_raw = raw.get("board") if isinstance(raw.get("board"), dict) else {}
    board = {k: _to_rgb(board_raw.get(k, v), v) for k, v in DEFAULT_BOARD.items()}
    _ui_data = {"ui": ui, "seats": seats, "board": board}
    return _ui_data


def colours() -> dict[str, tuple[int, int, int]]:
    return _load_ui_data()["ui"]


def colour(key: str) -> tuple[int, int, int]:
    return colours().get(key) or _to_rgb(DEFAULT_UI.get(key, "#808080"), "#808080")


def board_colour(key: str) -> tuple[int, int, int]:
    """A board colour from data/ui.yaml ``board`` (see DEFAULT_BOARD)."""
    got = _load_ui_data()["board"].get(key)
    return got if got is not None else _to_rgb(DEFAULT_BOARD.get(key, "#808080"), "#808080")


def seat_palette() -> list[dict]:
    """Seat colours: [{'id','name','rgb'(tuple),'dark'(tuple),'marking'}]."""
    return _load_ui_data()["seats"]


def ui_data_message() -> str | None:
    _load_ui_data()
    return _ui_message


def hex_of(rgb) -> str:
    return "#%02X%02X%02X" % tuple(rgb[:3])


def mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


def luminance(rgb) -> float:
    def ch(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb[:3]
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)


def text_on(rgb) -> tuple[int, int, int]:
    """Readable text colour on a fill."""
    return colour("text_dark") if luminance(rgb) > 0.22 else colour("text")

