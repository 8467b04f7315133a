"""Why the Hint button suggests an action: one sentence per game, built from the action and
the events a clone of the seat's own view gives for it (``ctx.extra["events"]``, see
``eventtext.hint``).  A game module's own ``hint(action, view, ctx)`` comes first; these are the
sentences of the five games.  Nothing a clone drew from chance (a die, a disc, a face-down
tile) is ever told: the clone's deal is made up, only the sure part of the action counts.
Catalog: ``data/i18n/<lang>/hint.yaml``.
"""
from __future__ import annotations

import logging

from ...i18n import tr

log = logging.getLogger(__name__)


def _int(x, default: int = 0) -> int:
    return x if isinstance(x, int) and not isinstance(x, bool) else default


def _events(ctx) -> list:
    return [e for e in ctx.extra.get("events") or [] if isinstance(e, dict)]


def _first(events, kind):
    return next((e for e in events if e.get("type") == kind), None)


def moles(action, view, ctx) -> str | None:
    from .moles import area
    k = action.get("type")
    evs = _events(ctx)
    if k == "place":
        return tr("hint.moles.place", area=area(action.get("at"))) if action.get("at") is not None \
            else tr("hint.moles.place_plain")
    if k == "turn":
        return tr("hint.moles.turn")
    if k == "move":
        if _first(evs, "win"):
            return tr("hint.moles.win")
        from .moles import direction
        mv = _first(evs, "move") or {}
        path = mv.get("path") if isinstance(mv.get("path"), list) else []
        count = max(1, len(path) - 1)
        where = direction(mv.get("frm") or [0, 0], mv.get("to") or [0, 0]) or tr("events.moles.dir.straight")
        return tr("hint.moles.hole" if mv.get("hole") else "hint.moles.move",
                  count=count, direction=where)
    return None


def hamster(action, view, ctx) -> str | None:
    from .hamster import chamber
    k = action.get("type")
    evs = _events(ctx)
    if k == "roll":
        return tr("hint.hamster.roll")
    if k == "pass":
        return tr("hint.hamster.pass")
    if k == "cross":
        full = _first(evs, "chamber_full")
        cross = _first(evs, "cross") or {}
        room = chamber((full or cross).get("chamber"))
        if full:
            return tr("hint.hamster.fill", chamber=room, count=_int(full.get("points")))
        return tr("hint.hamster.cross", chamber=room,
                  count=len(cross.get("cells") or action.get("cells") or []))
    return None


def ants(action, view, ctx) -> str | None:
    from .ants import kind
    k = action.get("type")
    evs = _events(ctx)
    if k == "place":
        ev = _first(evs, "place") or {}
        if _int(ev.get("n")) and ev.get("kind"):
            return tr("hint.ants.place_on", number=_int(ev.get("n")), kind=kind(ev.get("kind")))
        return tr("hint.ants.place")
    if k == "choose":                  # told only to the ant, and gone once it is laid
        return tr("hint.ants.choose_kind", kind=kind(action.get("kind"))) if action.get("kind") \
            else tr("hint.ants.choose")
    if k == "guess":
        ev = _first(evs, "guess") or {}
        if _int(ev.get("ant")) and ev.get("kind"):
            return tr("hint.ants.guess_on", number=_int(ev.get("ant")), kind=kind(ev.get("kind")))
        return tr("hint.ants.guess")
    return None


def forest(action, view, ctx) -> str | None:
    from .forest import tile
    k = action.get("type")
    evs = _events(ctx)
    if k == "camp":
        return _forest_camp(action, view, ctx)
    if k in ("move", "choose", "wade"):
        if _first(evs, "win"):
            return tr("hint.forest.win")
        step = _first(evs, "step") or {}
        pid = str(action.get("piece") or step.get("piece") or "")
        who = tr("hint.forest.hunter" if pid.endswith("-h") else "hint.forest.canine")
        if _first(evs, "store"):
            return tr("hint.forest.store_by", piece=who)
        if _first(evs, "rob"):
            return tr("hint.forest.rob_by", piece=who)
        if k == "wade" or step.get("by") == "wade":
            return tr("hint.forest.wade", piece=who)
        if step.get("kind") in (None, "face_down") and any(e.get("type") == "reveal" for e in evs):
            return tr("hint.forest.explore_by", piece=who)
        if step.get("carry"):
            return tr("hint.forest.carry", piece=who)
        if step.get("kind"):
            return tr("hint.forest.move_onto", piece=who, tile=tile(step.get("kind")))
        return tr("hint.forest.move")
    if k == "move_camp":
        return tr("hint.forest.move_camp")
    if k == "pass":
        return tr("hint.forest.pass")
    return None


def gopher(action, view, ctx) -> str | None:
    from .gopher import card, sign
    k = action.get("type")
    evs = _events(ctx)
    if k == "place":
        return _gopher_start(action, view, ctx)
    if k == "roll":
        return tr("hint.gopher.roll")
    if k == "move":
        mv = _first(evs, "move") or {}
        if mv.get("jumped"):
            return tr("hint.gopher.leap", hole=mv.get("to", "?"))
        return tr("hint.gopher.move", hole=mv.get("to", action.get("to", "?")))
    if k == "collect":
        ev = _first(evs, "collect") or {}
        if ev.get("what") in ("acorn", "berry", "spikelet"):
            return tr("hint.gopher.collect_what", what=sign(ev.get("what"), ev.get("amount")))
        return tr("hint.gopher.collect")
    if k in ("add", "subtract"):
        if action.get("card"):
            return tr("hint.gopher." + k, card=card(action.get("card")))
        return tr("hint.gopher.pick")
    if k == "dig":
        return tr("hint.gopher.dig")
    if k == "keep":
        if action.get("card"):
            return tr("hint.gopher.keep_card", card=card(action.get("card")))
        return tr("hint.gopher.keep")
    if k == "pass":
        return tr("hint.gopher.pass")
    return None


def _forest_camp(action, view, ctx) -> str:
    """Why this campfire spot: how many face-down tiles lie within two steps of it (the pieces
    step in eight directions), and whether any other spot the seat may choose has more."""
    near = _face_down_near(view, action.get("cell"))
    if near is None:
        return tr("hint.forest.camp")
    others = [_face_down_near(view, c) for c in _camp_cells(view, ctx)]
    best = all(o is None or o <= near for o in others)
    return tr("hint.forest.camp_most" if best else "hint.forest.camp_near", count=near)


def _face_down_near(view, cell, steps: int = 2) -> int | None:
    try:
        n = int(view.get("size"))
        x, y = int(cell[0]), int(cell[1])
        cells = view.get("cells")
        if not (0 <= x < n and 0 <= y < n) or not isinstance(cells, list) or len(cells) != n * n:
            return None
    except (TypeError, ValueError, IndexError, AttributeError):
        return None
    return sum(1 for yy in range(max(0, y - steps), min(n, y + steps + 1))
               for xx in range(max(0, x - steps), min(n, x + steps + 1))
               if (xx, yy) != (x, y) and cells[yy * n + xx] is None)


def _camp_cells(view, ctx) -> list:
    """The tiles of the seat's own edge (where its campfire may go), from the view."""
    try:
        n = int(view.get("size"))
        edge = view["edges"][int(ctx.extra.get("seat", view.get("seat")))]
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        return []
    return {"N": [(i, 0) for i in range(n)], "S": [(i, n - 1) for i in range(n)],
            "W": [(0, i) for i in range(n)], "E": [(n - 1, i) for i in range(n)]}.get(edge, [])


def _gopher_start(action, view, ctx) -> str:
    """Why this start hole: the tunnels that lead out of it on the page, and the nearest sign
    the seat's own hand can pay (adding cards), from the seat's view and the public book."""
    hole = action.get("hole", "?")
    try:
        from ...rules.gopher import can_make, card_value, default_data, eligible
        page = default_data().pages[view["page"]]
        seat = int(ctx.extra.get("seat", view.get("seat")))
        hand = [c for c in view["seats"][seat].get("hand") or [] if isinstance(c, str)]
        adj = page.adj
        exits = len(adj[hole])
    except Exception:  # noqa: BLE001 - a view it cannot read: the plain sentence
        log.debug("_gopher_start: fell back after an error", exc_info=True)  # drawn every frame: quiet
        return tr("hint.gopher.place", hole=hole)
    seen, ring = {hole}, [hole]
    for _ in range(3):                      # holes up to three tunnels away, nearest first
        nxt = sorted({n for h in ring for n in adj.get(h, ()) if n not in seen})
        for h in nxt:
            what, amount = page.signs.get(h, ("nothing", 0))
            if what in ("acorn", "berry", "spikelet", "store"):
                try:
                    values = [card_value(c) for c in eligible(hand, what)]
                except (TypeError, ValueError, IndexError):
                    values = []
                if can_make(values, amount, False):
                    from .gopher import sign
                    return tr("hint.gopher.place_sign", hole=hole, count=exits, near=h,
                              what=sign(what, amount))
        seen.update(nxt)
        ring = nxt
    return tr("hint.gopher.place_ways", hole=hole, count=exits)


HINTS = {"moles": moles, "hamster": hamster, "ants": ants, "forest": forest, "gopher": gopher}


def hint(action, view, ctx) -> str | None:
    fn = HINTS.get(ctx.game)
    if fn is None or not isinstance(action, dict):
        return None
    return fn(action, view, ctx)
