"""Colours, sizes and small helpers shared by the Ants & Grasshopper screen's files."""
from __future__ import annotations

from ... import ui

INK = ui.board_colour("ink")
CREAM = ui.board_colour("cream")
FELT = ui.board_colour("felt")              # the table under the grid
FELT_DARK = ui.board_colour("felt_dark")
GOLD = ui.board_colour("gold")
GREEN = ui.board_colour("green")
# kind colours (Okabe-Ito) - the pattern on the card and the symbol tell them apart as well
KIND_RGB = {kind: ui.board_colour(f"kind_{kind}") for kind in ("tablecloth", "tiles", "stone", "wood")}
SHELF_VALUES_FALLBACK = (1, 3, 6, 10)


def _data():
    from ....rules.ants import default_data
    return default_data()


def _design(sid: str) -> str:
    return str(sid).rsplit("-", 1)[0]


def _ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def _mix(a, b, t):
    return ui.mix(a, b, t)


def _cell_index(cell) -> int:
    return int(cell[1]) * 4 + int(cell[0])
