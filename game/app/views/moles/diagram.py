"""Mole Dig pictures for the rules page (``game/app/diagrams.py``), drawn by the real board."""
from __future__ import annotations

import pygame

from ....rules.moles import MolesState
from ... import diagrams as dg, ui
from .. import hexgeom as hg
from .view import MolesView


def _state(players: int = 2) -> MolesState:
    s = MolesState(players, seed=1, options={"rotations": "chosen"})
    s.to_place = [0] * players
    s.step = "move"
    s.current_player = 0
    return s


def _put(s: MolesState, where: dict) -> None:
    """Moles at points: {seat: [points]}; the rest of each team is out of the picture."""
    for m in s.moles:
        m["at"] = None
    for seat, points in where.items():
        team = [m for m in s.moles if m["seat"] == seat]
        for m, p in zip(team, points):
            m["at"] = list(p)
    s._init_cache()


def _add(p, d, k=1):
    return (p[0] + d[0] * k, p[1] + d[1] * k)


def _straight_move():
    """A start, the move's direction (over a hole) and a direction blocked by a rival mole."""
    s = _state()
    L = s.view(0)["layers"][0]
    holes = {tuple(h) for h in L["holes"]}
    inside = lambda p: hg.ring(p) <= L["radius"]   # noqa: E731
    for a in sorted(hg_points(L["radius"]), key=lambda p: (hg.ring(p), p)):
        if a in holes:
            continue
        for d in hg.DIRECTIONS:
            path = [_add(a, d, k) for k in (1, 2, 3)]
            if not all(inside(p) for p in path) or path[0] not in holes or holes & set(path[1:]):
                continue
            for d2 in hg.DIRECTIONS:
                far = _add(a, d2, 3)
                if d2 in (d, (-d[0], -d[1])) or not inside(far) or _add(a, d2) in holes:
                    continue
                return s, a, d, d2
    raise ValueError("no straight move on the meadow")


def hg_points(radius: int) -> list:
    return [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if hg.ring((q, r)) <= radius]


def draw_move(size, assets):
    s, a, d, d2 = _straight_move()
    blocker = _add(a, d2)
    _put(s, {0: [a], 1: [blocker, _add(a, (-d[0], -d[1]), 2)]})
    s.pending = [3]
    dest, bad = _add(a, d, 3), _add(a, d2, 3)

    def focus(v):
        pts = [v.pixel_of(p) for p in (a, dest, bad)]
        r = pygame.Rect(pts[0], (1, 1)).unionall([pygame.Rect(p, (1, 1)) for p in pts])
        return r.inflate(int(v.spacing * 2.2), int(v.spacing * 2.2))

    def overlay(v, surf):
        sp = v.spacing
        w = max(3, int(sp * 0.09))
        dg.path_arrow(surf, [v.pixel_of(p) for p in (a, _add(a, d), _add(a, d, 2), dest)],
                      ui.colour("highlight"), w, outline=(40, 28, 20))
        for k in (1, 2, 3):
            dg.label(surf, v.assets, str(k), v.pixel_of(_add(a, d, k)), int(sp * 0.2))
        dg.arrow(surf, v.pixel_of(a), v.pixel_of(bad), ui.colour("warning"), max(2, w - 1),
                 outline=(40, 28, 20))
        dg.cross(surf, v.pixel_of(bad), int(sp * 0.22), ui.colour("warning"), w)
    return dg.board_picture(MolesView("moles", dg.seats(2), assets), s.view(0), size, focus, overlay,
                            legal=s.legal_actions(), seat=0, board=(1400, 640))


def draw_rock(size, assets):
    """The Blue rock with two players: a dotted line leads only right into the centre hole."""
    s = _state()
    s.layer = 3
    start, mid = (-2, 2), (-1, 1)
    _put(s, {0: [start], 1: [(1, 0)]})
    s.pending = [2]

    def focus(v):
        pts = [v.pixel_of(p) for p in hg_points(2)]
        r = pygame.Rect(pts[0], (1, 1)).unionall([pygame.Rect(p, (1, 1)) for p in pts])
        return r.inflate(int(v.spacing * 0.9), int(v.spacing * 1.3))

    def overlay(v, surf):
        sp = v.spacing
        w = max(3, int(sp * 0.07))
        dg.path_arrow(surf, [v.pixel_of(p) for p in (start, mid, (0, 0))], ui.colour("highlight"), w,
                      outline=(40, 28, 20))
    return dg.board_picture(MolesView("moles", dg.seats(2), assets), s.view(0), size, focus, overlay,
                            legal=s.legal_actions(), seat=0, board=(1400, 640))


def draw_lift(size, assets):
    """Every hole of the Meadow filled: the moles in holes go down, the others are out."""
    s = _state()
    holes = [tuple(h) for h in s.view(0)["layers"][0]["holes"]]
    outside = [(0, 0), (3, -3), (-2, -1)]
    _put(s, {0: holes[0::2] + outside[:2], 1: holes[1::2] + outside[2:]})
    s.step, s.pending = "turn", []

    def focus(v):
        pts = [v.pixel_of(p) for p in hg_points(4)]
        r = pygame.Rect(pts[0], (1, 1)).unionall([pygame.Rect(p, (1, 1)) for p in pts])
        return r.inflate(int(v.spacing * 0.8), int(v.spacing * 1.2))

    def overlay(v, surf):
        sp = v.spacing
        for p in outside:
            dg.cross(surf, v.pixel_of(p), int(sp * 0.3), ui.colour("warning"), max(3, int(sp * 0.08)))
        for p in holes:
            x, y = v.pixel_of(p)
            dg.arrow(surf, (x + sp * 0.42, y - sp * 0.3), (x + sp * 0.42, y + sp * 0.25), ui.colour("highlight"),
                     max(2, int(sp * 0.06)), outline=(40, 28, 20))
    return dg.board_picture(MolesView("moles", dg.seats(2), assets), s.view(0), size, focus, overlay,
                            seat=0, board=(1400, 640))


DIAGRAMS = {"moles_move": (1.5, draw_move), "moles_lift": (1.15, draw_lift), "moles_rock": (1.1, draw_rock)}
