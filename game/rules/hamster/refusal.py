"""Hamster Burrow: why a cell or the pass cannot be chosen, read from a view (the screen
words it; the legality itself is ``legal_actions``)."""
from __future__ import annotations

from .sheet import MAX_ONES


def _pt(p) -> tuple:
    return (int(p[0]), int(p[1]))


def explain_refusal(view: dict, seat: int, cell, selected=()):
    """Why ``seat`` may not add ``cell`` (x, y) to the cells ``selected`` for the roll in
    ``view`` (that seat's view), from what the view shows: ``(code, params)`` for the screen to
    put into words (``game/app/views/hamster/texts.py``).  Ask it for a cell that
    ``legal_actions`` does not offer; the legality itself is always ``legal_actions``.
    Codes and params:

      crossed, earth, one_chamber, exactly {count}, one_row_left {count}, ones_max {count},
      joined, first_cross {chamber} (the start chamber's id), too_small {count, roll} (count:
      the free cells joined to ``cell`` in its chamber), connect
    """
    cell = _pt(cell)
    selected = [_pt(c) for c in selected or ()]
    sheet = view["sheet"]
    cell_ch = {_pt(c): ch["id"] for ch in sheet["chambers"] for c in ch["cells"]}
    start = next((ch["id"] for ch in sheet["chambers"] if ch.get("start")), None)
    mine = view["sheets"][seat]
    crossed = {_pt(c) for c in mine["crosses"]}
    roll = view.get("roll") or 0
    ch = cell_ch.get(cell)
    if cell in crossed:
        return "crossed", {}
    if ch is None:
        return "earth", {}
    if selected:
        if ch != cell_ch.get(selected[0]):
            return "one_chamber", {}
        if roll >= 2 and len(set(selected)) >= roll:
            return "exactly", {"count": roll}
        if roll == 1:
            free = int(sheet["one_row"]) - int(mine.get("one_row_used", 0))
            if len(set(selected)) >= free:
                return "one_row_left", {"count": free}
            if len(set(selected)) >= MAX_ONES:
                return "ones_max", {"count": MAX_ONES}
        return "joined", {}
    if not crossed and view.get("first_cross", "start") == "start" and ch != start:
        return "first_cross", {"chamber": start}
    if roll >= 2 and any(cell_ch.get(c) == ch for c in crossed):
        room = _free_group(cell_ch, cell, ch, crossed)
        if room < roll:
            return "too_small", {"count": room, "roll": roll}
    return "connect", {}


def explain_pass(view: dict, seat: int):
    """Why ``seat`` can only pass on the roll in ``view``: ``(code, params)``, one of
    one_row_full (a 1 and the 1-row is full), no_one (a 1 that fits nowhere), no_fit {roll}."""
    if view.get("roll") == 1:
        full = int(view["sheets"][seat].get("one_row_used", 0)) >= int(view["sheet"]["one_row"])
        return ("one_row_full", {}) if full else ("no_one", {})
    return "no_fit", {"roll": view.get("roll")}


def _free_group(cell_ch: dict, cell, ch, crossed) -> int:
    """How many free cells of chamber ``ch`` join up with ``cell`` (side by side)."""
    seen, todo = {cell}, [cell]
    while todo:
        x, y = todo.pop()
        for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if q not in seen and q not in crossed and cell_ch.get(q) == ch:
                seen.add(q)
                todo.append(q)
    return len(seen)
