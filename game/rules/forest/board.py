"""Forest Gold: the geometry of an n x n forest (neighbours, knight moves, the edges and their
far corners, the names of the tiles) and the sentences of a step, each worked out once."""
from __future__ import annotations

from functools import lru_cache

from .data import KNIGHT, STEPS8


@lru_cache(maxsize=8)
def geometry(n: int) -> dict:
    """Neighbour lists, knight moves and edge cells of an n x n board."""
    nb, kn = [], []
    for i in range(n * n):
        x, y = i % n, i // n
        nb.append(tuple((y + dy) * n + x + dx for dx, dy in STEPS8
                        if 0 <= x + dx < n and 0 <= y + dy < n))
        kn.append(tuple((y + dy) * n + x + dx for dx, dy in KNIGHT
                        if 0 <= x + dx < n and 0 <= y + dy < n))
    edge = {"S": [(n - 1) * n + x for x in range(1, n - 1)],
            "N": [x for x in range(1, n - 1)],
            "W": [y * n for y in range(1, n - 1)],
            "E": [y * n + n - 1 for y in range(1, n - 1)]}
    corners = {"S": (0, n - 1), "N": (n * (n - 1), n * n - 1),    # far corners of each edge
               "W": (n - 1, n * n - 1), "E": (0, n * (n - 1))}
    names = tuple(f"({i % n + 1},{i // n + 1})" for i in range(n * n))
    return {"nb": nb, "kn": kn, "edge": edge, "far": corners, "names": names}


@lru_cache(maxsize=32)
def _edge_steps(n: int, edge: str) -> dict:
    """Tile of an edge -> its neighbouring tiles on the same edge, in the edge's order."""
    cells = geometry(n)["edge"][edge]
    nb = geometry(n)["nb"]
    return {c: tuple(t for t in cells if t in nb[c]) for c in cells}


@lru_cache(maxsize=8)
def _to_texts(n: int) -> tuple:
    names = geometry(n)["names"]
    return tuple(x + "." for x in names), tuple(x + " with a nugget." for x in names)


@lru_cache(maxsize=64)
def _step_texts(steps: str, n: int) -> tuple:
    """Per tile the sentence of a step ("<piece> steps to (x,y).") without and with a
    nugget, for the start ``steps``."""
    dot, nug = _to_texts(n)
    return tuple(steps + x for x in dot), tuple(steps + x for x in nug)

