"""Colours, sizes and small helpers shared by the Hamster Burrow screen's files."""
from __future__ import annotations

from ... import ui
from ...board import anim

CROSS_VARIANTS = 6

INK = ui.board_colour("sheet_ink")
EARTH = ui.board_colour("sheet_earth")
EARTH_DARK = ui.board_colour("sheet_earth_dark")
FLOOR = ui.board_colour("sheet_floor")
FLOOR_START = ui.board_colour("sheet_floor_start")
WALL = ui.board_colour("sheet_wall")
TUNNEL = ui.board_colour("sheet_tunnel")
GOLD = ui.board_colour("gold")
GREEN = ui.board_colour("green")
AMBER = ui.board_colour("amber")
PAPER = ui.board_colour("sheet_paper")

SEG_COLOURS = {k: ui.board_colour(f"score_{k}") for k in ("chambers", "mushrooms", "nuts")}


def _pt(p) -> tuple:
    return (int(p[0]), int(p[1]))


def _mix(a, b, t):
    return ui.mix(a, b, t)


def _ease_out(t: float) -> float:
    return anim.ease_out_cubic(t)


def _ease_back(t: float, s: float = 1.8) -> float:
    return anim.ease_out_back(t, s)
