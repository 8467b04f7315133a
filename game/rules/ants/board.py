"""Ants & Grasshopper: the 4x4 grid - its side, cells and neighbours, the edge, the cells
next to the ends of a trail."""
from __future__ import annotations


N = 4                       # grid side (checked against scoring.yaml)
CELLS = N * N


def _xy(i: int) -> list:
    return [i % N, i // N]


NEIGHBOURS = []
for _i in range(CELLS):
    _x, _y = _i % N, _i // N
    NEIGHBOURS.append(tuple(j for j, ok in ((_i - N, _y > 0), (_i + 1, _x < N - 1),
                                            (_i + N, _y < N - 1), (_i - 1, _x > 0)) if ok))
EDGE = frozenset(i for i in range(CELLS) if i % N in (0, N - 1) or i // N in (0, N - 1))
EDGE_CELLS = sorted(EDGE)
# _NEAR[head][tail]: the cells next to either end of a trail, in order; _BOTH[head][tail]: the
# cells next to both (where the new ant could join either end)
_NEAR = [[tuple(sorted(set(NEIGHBOURS[h]) | set(NEIGHBOURS[t]))) for t in range(CELLS)]
         for h in range(CELLS)]
_BOTH = [[frozenset(NEIGHBOURS[h]) & frozenset(NEIGHBOURS[t]) for t in range(CELLS)]
         for h in range(CELLS)]
