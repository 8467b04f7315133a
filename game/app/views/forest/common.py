"""Sizes, colours and small helpers shared by the Forest Gold screen's files.

Colours come from ``data/ui.yaml`` (``ui.board_colour``), mixed where a tile kind needs its own
tint; every kind is told apart by its symbol too, never by colour alone."""
from __future__ import annotations

from ... import ui

PIECE = 0.34          # a piece token's radius, in tile sizes
PICK = 0.5            # a click within this part of a tile hits it
GAP = 0.06            # space between tiles, in tile sizes


def board(name: str) -> tuple:
    return ui.board_colour(name)


def mix(a, b, t: float) -> tuple:
    return ui.mix(a, b, t)


def tint(kind: str) -> tuple:
    """The face colour of a tile kind (light, warm; the symbol carries the meaning)."""
    cream = board("cream")
    base = {
        "empty": board("grass"), "gold": board("gold"), "mole_tunnel": board("earth_mid"),
        "bees": board("insect_bee"), "lynx": board("kind_wood"), "wolf_den": board("neutral"),
        "bear": board("nut_fallback"), "serpent": board("insect_caterpillar"),
        "red_fox": board("insect_ladybug"), "hare": board("kind_stone"),
        "arrows": board("insect_dragonfly"), "hunters_call": board("insect_butterfly"),
        "swamp": board("kind_tiles"), "campfire": board("amber"),
    }.get(kind, board("neutral"))
    return mix(cream, base, 0.38)


def ink() -> tuple:
    return board("ink")


def xy(p) -> tuple:
    return (int(p[0]), int(p[1]))
