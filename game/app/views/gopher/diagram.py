"""Gopher's Pantry pictures for the rules page (``game/app/diagrams.py``), drawn by the real
book page."""
from __future__ import annotations

import math

import pygame

from ....rules.gopher import GopherState
from ... import diagrams as dg, ui
from .common import data
from .view import GopherView


def _leap_position(roll: int) -> tuple:
    """A page where the first seat's gopher has a row of two gophers right ahead in a tunnel:
    (state after its roll of ``roll``, [its hole, the two it leaps, where it lands])."""
    s = GopherState(3, seed=1)
    for h in (1, 2, 3):
        s.apply(next(a for a in s.legal_actions() if a["type"] == "place" and a["hole"] == h))
    s.apply(next(a for a in s.legal_actions() if a["type"] == "roll"))
    adj, at = s.page_obj().adj, data().holes
    rows = [(a, b, c, d) for a in sorted(adj) for b in adj[a] for c in adj[b] for d in adj[c]
            if len({a, b, c, d}) == 4 and d not in adj[a]]
    if rows:
        row = max(rows, key=lambda r: _straightness([at[h] for h in r]))
        s.tokens[:3] = list(row[:3])
        s.roll = roll
        s._moves = s._legal = None
        return s, list(row)
    raise ValueError("no row of holes on this page")


def _straightness(pts) -> float:
    """How nearly the legs of a row of points go one way (3.0: a straight line)."""
    legs = [(q[0] - p[0], q[1] - p[1]) for p, q in zip(pts, pts[1:])]
    unit = [(x / max(1e-9, math.hypot(x, y)), y / max(1e-9, math.hypot(x, y))) for x, y in legs]
    return sum(a[0] * b[0] + a[1] * b[1] for a in unit for b in unit) / len(unit)


def _arc(a, b, lift: float, n: int = 16) -> list:
    """Points of a hop from ``a`` to ``b``, bowed ``lift`` pixels upwards."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - lift
    return [((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * mx + t * t * b[0],
             (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * my + t * t * b[1])
            for t in (i / n for i in range(n + 1))]


def draw_leap(size, assets):
    """A roll of 1: the gopher leaps the row of two gophers ahead in one step."""
    s, (a, b, c, d) = _leap_position(1)

    def focus(v):
        pts = [v.hole_px(h) for h in (a, b, c, d)]
        r = pygame.Rect(pts[0], (1, 1)).unionall([pygame.Rect(p, (1, 1)) for p in pts])
        u = v.unit()
        return r.inflate(int(u * 16), int(u * 12)).move(0, -int(u * 3))

    def overlay(v, surf):
        u = v.unit()
        p, q = v.hole_px(a), v.hole_px(d)
        lift = max(u * 15, 0.3 * math.hypot(q[0] - p[0], q[1] - p[1]))
        pts = _arc((p[0], p[1] - u * 4), (q[0], q[1] - u * 2.5), lift)
        dg.path_arrow(surf, pts, ui.colour("highlight"), max(3, int(u * 0.9)), outline=(40, 28, 20))
    return dg.board_picture(GopherView("gopher", dg.seats(3), assets), s.view(0), size, focus, overlay,
                            legal=s.legal_actions(), seat=0)


def _paying() -> tuple:
    """The first seat collecting at a kind sign it can reach, a card added and a smaller one
    taken away so that they make the amount: (state, the hole)."""
    s = GopherState(2, seed=1)
    for h in (1, 2):
        s.apply(next(a for a in s.legal_actions() if a["type"] == "place" and a["hole"] == h))
    s.apply(next(a for a in s.legal_actions() if a["type"] == "roll"))
    page = s.page_obj()
    moves = [a for a in s.legal_actions() if a["type"] == "move"
             and page.signs[a["to"]][0] in ("acorn", "berry", "spikelet") and 2 <= page.signs[a["to"]][1] <= 8]
    move = max(moves, key=lambda a: page.signs[a["to"]][1])
    kind, amount = page.signs[move["to"]]
    big, small = f"{kind}:{amount + 2}", f"{kind}:2"
    other = "berry" if kind != "berry" else "acorn"
    s.hands[0] = sorted([big, small, f"{other}:9", "digger", f"{other}:1"])
    s.apply(move)
    s.apply(next(a for a in s.legal_actions() if a["type"] == "add" and a["card"] == big))
    s.apply(next(a for a in s.legal_actions() if a["type"] == "subtract" and a["card"] == small))
    return s, move["to"]


def draw_pay(size, assets):
    """The payment laid for the sign (one card added, a smaller one taken away, the total),
    and under it the bar: the sign and Collect."""
    s, _hole = _paying()
    vd, legal = s.view(0), s.legal_actions()
    w, h = size
    gap = max(2, h // 60)
    top = int((h - gap) * 6.0 / 7.9)        # the two cuts: 1.9:1 (the cards) over 6:1 (the bar)

    def picks(v):
        r = v.hand_rect         # the laid cards and their total, and the first card kept
        return pygame.Rect(r.x, r.y, v.hand_slots()[0][1].right + v._px(10) - r.x, r.h)

    def bar(v):
        rects = [it["rect"] for it in v.bar_items() if it.get("rect") is not None]
        return rects[0].unionall(rects).inflate(v._px(16), v._px(10))
    return dg.column([dg.board_picture(GopherView("gopher", dg.seats(2, "human"), assets), vd, (w, n), cut,
                                       legal=legal, seat=0, board=(600, 520))
                      for n, cut in ((top, picks), (h - gap - top, bar))], size, gap)


DIAGRAMS = {"gopher_leap": (1.6, draw_leap), "gopher_pay": (1.5, draw_pay)}
