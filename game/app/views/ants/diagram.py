"""Ants & Grasshopper pictures for the rules page (``game/app/diagrams.py``), drawn by the real
table."""
from __future__ import annotations

from ....rules.ants import AntsState
from ... import diagrams as dg, ui
from .view import AntsView

TRAIL = [(1, 1), (2, 1), (2, 2)]       # columns, rows of the first three ants


def _trail(cells) -> AntsState:
    s = AntsState(2, seed=3, variant="autumn")
    for cell in cells:
        s.apply(next(a for a in s.legal_actions() if a["type"] == "place" and tuple(a["cell"]) == cell
                     and a.get("end") != "head"))
    return s


def draw_ends(size, assets):
    s = _trail(TRAIL)
    lit = sorted({tuple(a["cell"]) for a in s.legal_actions()})
    ends = (TRAIL[0], TRAIL[-1])

    def focus(v):
        return v._cell_rect(0).union(v._cell_rect(15))

    def overlay(v, surf):
        w = max(3, v._cell // 22)
        for cell in lit:       # from the end it touches to the lit card
            end = next(e for e in ends if abs(e[0] - cell[0]) + abs(e[1] - cell[1]) == 1)
            a, b = v._cell_rect(end[0] + 4 * end[1]).center, v._cell_rect(cell[0] + 4 * cell[1]).center
            a = (a[0] + (b[0] - a[0]) * 0.3, a[1] + (b[1] - a[1]) * 0.3)
            b = (a[0] + (b[0] - a[0]) * 0.75, a[1] + (b[1] - a[1]) * 0.75)
            dg.arrow(surf, a, b, ui.colour("highlight"), w, outline=(40, 28, 20))
        for end in ends:
            dg.ring(surf, v._cell_rect(end[0] + 4 * end[1]).center, int(v._cell * 0.4), ui.colour("accent"), w)
        mid = TRAIL[1]
        dg.cross(surf, v._cell_rect(mid[0] + 4 * (mid[1] - 1)).center, v._cell // 7, ui.colour("warning"), w)
    return dg.board_picture(AntsView("ants", dg.seats(2), assets), s.view(0), size, focus, overlay,
                            legal=s.legal_actions(), seat=0, board=(1100, 640))


def draw_pantry(size, assets):
    """The Autumn scoring example: cubes on 10, 3 and 1, two bees and a ladybug."""
    s = AntsState(4, seed=3, variant="autumn")
    s.shelves[0] = [3, 1, 0, -1]          # tablecloth top, tiles second, stone first, no wood
    s.insects[0] = [2, 27, 1]             # cards with a bee, a bee and a ladybug
    return dg.board_picture(AntsView("ants", dg.seats(4, "human"), assets), s.view(0), size,
                            lambda v: v._tableaux[0].inflate(v._px(8), v._px(8)), seat=0, board=(1100, 640))


DIAGRAMS = {"ants_ends": (1.0, draw_ends), "ants_pantry": (4.3, draw_pantry)}
