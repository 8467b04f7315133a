"""Colours, sizes and small helpers shared by the Gopher's Pantry screen's files."""
from __future__ import annotations

from ... import ui

INK = ui.board_colour("ink")
PAPER = ui.board_colour("paper")
CREAM = ui.board_colour("cream")
GOLD = ui.board_colour("gold")
SHADOW = ui.board_colour("shadow")
EARTH = ui.board_colour("earth_mid")
EARTH_DARK = ui.board_colour("earth_dark")
HOLE = ui.board_colour("hole")
TUNNEL = ui.board_colour("sheet_tunnel")
WALL = ui.board_colour("sheet_wall")
RIM = ui.board_colour("card_rim")
GREEN = ui.board_colour("green")
KINDS = ("acorn", "berry", "spikelet")
SPECIALS = ("store", "portal", "present")
HOLE_R = 4.2          # hole radius, in page units (a page is 100 x 100)
PICK_R = 5.6          # a click within this many page units of a hole hits it


def data():
    """The book and deck (geometry and data only; no rule is run from here)."""
    from ....rules.gopher import default_data
    return default_data()


def kind_of(code: str):
    return None if code == "digger" else code.split(":")[0]


def value_of(code: str) -> int:
    return 0 if code == "digger" else int(code.split(":")[1])


def sign_of(page: int, hole: int):
    """(what, amount) printed at ``hole`` on ``page``."""
    return data().pages[int(page)].signs[int(hole)]


def ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)
