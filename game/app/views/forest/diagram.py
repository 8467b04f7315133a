"""Forest Gold pictures for the rules page (``game/app/diagrams.py``), drawn by the real forest."""
from __future__ import annotations

from ....rules.forest import ForestState
from ... import diagrams as dg, ui
from .view import ForestView

CAMP = (4, 8)


def _forest(tiles: dict) -> ForestState:
    """Two packs, the first camped at ``CAMP``; ``tiles`` = {(x, y): tile id} still face down."""
    s = ForestState(2, seed=1)
    s.apply(next(a for a in s.legal_actions() if tuple(a["cell"]) == CAMP))
    s.apply(next(a for a in s.legal_actions() if tuple(a["cell"]) == (4, 0)))
    for (x, y), tile in tiles.items():
        s.tile[y * s.n + x] = tile
        s.rot[y * s.n + x] = 0
    s._legal = None
    return s


def draw_chain(size, assets):
    """A canine's one step runs on over two arrows and ends on gold."""
    path = [CAMP, (4, 7), (4, 6), (5, 5)]
    s = _forest({path[1]: "arrows-straight", path[2]: "arrows-diagonal", path[3]: "gold-3"})
    s.apply(next(a for a in s.legal_actions() if a.get("piece") == "0-c1" and tuple(a["to"]) == path[1]))

    def focus(v):
        r = v.cell_rect(path[0]).unionall([v.cell_rect(p) for p in path])
        return r.inflate(v.cell, 0).move(0, -v.cell // 4).inflate(0, v.cell // 2)

    def overlay(v, surf):
        w = max(3, v.cell // 14)
        cs = [v.cell_centre(p) for p in path]
        for a, b in zip(cs, cs[1:]):
            a2 = (a[0] + (b[0] - a[0]) * 0.3, a[1] + (b[1] - a[1]) * 0.3)
            b2 = (a[0] + (b[0] - a[0]) * 0.7, a[1] + (b[1] - a[1]) * 0.7)
            dg.arrow(surf, a2, b2, ui.colour("highlight"), w, outline=(40, 28, 20))
    return dg.board_picture(ForestView("forest", dg.seats(2), assets), s.view(0), size, focus, overlay,
                            seat=0)


def draw_home(size, assets):
    """A canine carrying a nugget steps onto its own campfire, where the pack's gold is kept."""
    at = (5, 7)
    s = _forest({at: "empty", (5, 6): "bees"})
    for x, y in (at, (5, 6)):
        s.opened[y * s.n + x] = True
    piece = next(p for p in s.pieces if p["id"] == "0-c1")
    piece["at"], piece["carry"] = at[1] * s.n + at[0], True
    s.stored[0] = [2, 3]
    s._legal = None

    def focus(v):
        r = v.cell_rect((3, 6)).union(v.cell_rect((6, 8))).inflate(v.cell // 2, 0)
        return r.move(0, -v.cell // 6).inflate(0, v.cell // 3)

    def overlay(v, surf):
        a, b = v.cell_centre(at), v.cell_centre(CAMP)
        a2 = (a[0] + (b[0] - a[0]) * 0.3, a[1] + (b[1] - a[1]) * 0.3)
        b2 = (a[0] + (b[0] - a[0]) * 0.72, a[1] + (b[1] - a[1]) * 0.72)
        dg.arrow(surf, a2, b2, ui.colour("highlight"), max(3, v.cell // 14), outline=(40, 28, 20))
    return dg.board_picture(ForestView("forest", dg.seats(2), assets), s.view(0), size, focus, overlay,
                            seat=0)


DIAGRAMS = {"forest_chain": (1.3, draw_chain), "forest_home": (1.4, draw_home)}
