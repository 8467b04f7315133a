"""Sizes and small helpers shared by the Mole Dig screen's files."""
from __future__ import annotations

import pygame

from ... import ui

LAYER_COUNT = 4
PLATE_MARGIN = 0.8    # a layer's plate reaches this far (lattice units) beyond its outer ring
STACK = 0.24          # lattice units between stacked plates (for the radius-4 plate; scaled)
MOLE = 0.82           # mole token size, in lattice units
HOLE = 0.92
BIG = 0.98
DOT = 0.095
PICK = 0.48           # a click within this distance (units) of a point hits it

BLACK = (0, 0, 0)
WHITE = (255, 255, 255)


def board(name: str) -> tuple:
    """A board colour from data/ui.yaml."""
    return ui.board_colour(name)


def rgb(value, fallback=(128, 128, 128)) -> tuple:
    try:
        c = pygame.Color(value)
        return (c.r, c.g, c.b)
    except (ValueError, TypeError):
        return fallback


def mix(a, b, t):
    return ui.mix(a, b, t)


def winners(v: dict) -> list:
    """The winning seats of a view: one seat, or several sharing the win."""
    w = v.get("winner")
    return list(w) if isinstance(w, list) else ([] if w is None else [w])


def pt(p) -> tuple:
    return (int(p[0]), int(p[1]))
