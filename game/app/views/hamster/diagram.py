"""Hamster Burrow pictures for the rules page (``game/app/diagrams.py``), drawn by the real
burrow sheet."""
from __future__ import annotations

from ....rules.hamster import HamsterState
from ... import diagrams as dg, ui
from .view import HamsterView


def _sheet(crossed: dict, roll: int, players: int = 2) -> HamsterState:
    """Side A with ``crossed`` = {chamber id: [cells]} for the first seat, waiting for its
    choice of a ``roll``."""
    s = HamsterState(players, seed=1)
    chambers = {c.id: c for c in s.sheet.chambers}
    for cid, cells in crossed.items():
        c = chambers[cid]
        for p in cells:
            s.marks[0][c.index] |= c.bit[tuple(p)]
    s.apply(next(a for a in s.legal_actions() if a["type"] == "roll"))
    s.roll = roll
    s._legal = s._legal_masks = None
    return s


def _tunnel(s: HamsterState, a: str, b: str):
    for t in s.view(0)["sheet"]["tunnels"]:
        if (t[0], t[2]) == (a, b):
            return tuple(t[1]), tuple(t[3])
    raise ValueError(f"no tunnel from {a} to {b}")


def draw_tunnel(size, assets):
    s = _sheet({"den": [(6, 5), (6, 6)]}, 2)
    near, far = _tunnel(s, "den", "cubby")
    rooms = {c.id: c for c in s.sheet.chambers}

    def focus(v):
        cells = list(rooms["den"].bit) + list(rooms["cubby"].bit)
        r = v._cell_rect(cells[0]).unionall([v._cell_rect(c) for c in cells])
        return r.inflate(v._c * 4, v._c)

    def overlay(v, surf):
        w = max(3, v._c // 9)
        a, b = v._cell_rect(near).center, v._cell_rect(far).center
        dg.arrow(surf, (a[0], a[1] - v._c * 0.3), (b[0], b[1] + v._c * 0.25), ui.colour("highlight"), w,
                 outline=(40, 28, 20))
    return dg.board_picture(HamsterView("hamster", dg.seats(2), assets), s.view(0), size, focus, overlay,
                            legal=s.legal_actions(), seat=0)


def draw_score(size, assets):
    """A full room scores its badge; crossed mushrooms and nuts score in any room."""
    granary = [(7, 0), (6, 0), (5, 0), (4, 0), (3, 0)]
    s = _sheet({"den": [(x, y) for x in (5, 6, 7) for y in (5, 6)],
                "cubby": [(6, 3), (7, 3), (7, 2)], "granary": granary}, 2, players=1)
    sheet = s.view(0)["sheet"]
    prizes = [(tuple(p), "+1") for p in sheet["mushrooms"]] + [(tuple(p), "+2") for p in sheet["nuts"]]
    crossed = {(x, y) for x in (5, 6, 7) for y in (5, 6)} | set(granary)

    def focus(v):
        top = v._main.y
        bottom = v._cell_rect((0, 6)).bottom
        return v._main.clip((v._main.x, top, v._main.w, bottom - top))

    def overlay(v, surf):
        px = int(v._c * 0.3)
        den = v._cell_rect((7, 5)).union(v._cell_rect((7, 6)))
        dg.label(surf, v.assets, "+5", (den.right + v._c * 0.55, den.centery), px)
        for cell, text in prizes:
            if cell in crossed:
                r = v._cell_rect(cell)
                dg.label(surf, v.assets, text, (r.centerx, r.bottom - v._c * 0.1), px)
        for cell in ((5, 3), (2, 0)):        # rooms begun but not full: no badge points
            r = v._cell_rect(cell)
            dg.label(surf, v.assets, "0", r.center, px, ui.colour("warning"))
    return dg.board_picture(HamsterView("hamster", dg.seats(1, "human"), assets), s.view(0), size, focus, overlay,
                            seat=0)


DIAGRAMS = {"hamster_tunnel": (1.4, draw_tunnel), "hamster_score": (1.6, draw_score)}
