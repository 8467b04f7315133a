"""Mole Dig: the board - ``Board`` read from data/moles/board.yaml and checked, and its
geometry: axial points, rings and rotations, the straight rays a mole moves along, each dealt
layer's holes, big spaces and step tables, the labels and bits of points."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...io.data import Checker, display_name, load_yaml
from ...io.paths import resource_path


BOARD_FILE = ("data", "moles", "board.yaml")
DIRECTIONS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
LAYER_COUNT = 4
LAST_RESORT_ROUNDS = 30     # RULINGS "Every game ends": a layer lasts at most 30 rounds of turns


# ------------------------------------------------------------------------------------------
# geometry helpers
# ------------------------------------------------------------------------------------------
def ring(p) -> int:
    q, r = p
    return max(abs(q), abs(r), abs(q + r))


def rotate(p, k: int):
    """Turn point ``p`` by ``k`` sixths of a turn around the centre."""
    q, r = p
    for _ in range(k % 6):
        q, r = -r, q + r
    return (q, r)


def hex_points(radius: int) -> list:
    return [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if ring((q, r)) <= radius]


class Board:
    """The validated contents of board.yaml."""

    def __init__(self, moles_per_player: dict, discs: list, layers: list):
        self.moles_per_player = moles_per_player
        self.discs = discs
        self.layers = layers  # dicts: name, colour, radius, paths, lines, holes, big


def load_board(path: str | Path | None = None) -> Board:
    path = Path(path) if path else resource_path(*BOARD_FILE)
    name = display_name(path)
    chk = Checker(name)
    raw = chk.mapping(load_yaml(path), "top level")

    mpp_raw = chk.mapping(chk.key(raw, "moles_per_player", "top level"), "moles_per_player")
    mpp = {}
    for n in (2, 3, 4):
        if n not in mpp_raw:
            chk.fail("moles_per_player", f"missing the number for {n} players")
        mpp[n] = chk.int(mpp_raw[n], f"moles_per_player.{n}", 1, 20)

    discs = chk.seq(chk.key(raw, "discs", "top level"), "discs")
    if not discs:
        chk.fail("discs", "a player needs at least one disc")
    for i, d in enumerate(discs):
        chk.int(d, f"discs[{i}]", 1, 10)

    layers_raw = chk.seq(chk.key(raw, "layers", "top level"), "layers")
    if len(layers_raw) != LAYER_COUNT:
        chk.fail("layers", f"expected {LAYER_COUNT} layers, found {len(layers_raw)}")
    layers = []
    for i, lr in enumerate(layers_raw):
        where = f"layers[{i}]"
        chk.mapping(lr, where)
        radius = chk.int(chk.key(lr, "radius", where), where + ".radius", 1, 8)
        pts = set(hex_points(radius))

        def point(v, entry, pts=pts, radius=radius):
            if (not isinstance(v, list) or len(v) != 2
                    or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
                chk.fail(entry, f"expected a point [q, r], found {v!r}")
            p = (v[0], v[1])
            if p not in pts:
                chk.fail(entry, f"point {list(p)} lies outside the layer (radius {radius})")
            return p

        def point_list(key, pts=pts, point=point, where=where):
            out = []
            for j, v in enumerate(chk.seq(lr.get(key, []), f"{where}.{key}")):
                p = point(v, f"{where}.{key}[{j}]")
                if p in out:
                    chk.fail(f"{where}.{key}[{j}]", f"point {list(p)} is listed twice")
                out.append(p)
            return out

        holes = point_list("holes")
        big = point_list("big")
        if not holes:
            chk.fail(where + ".holes", "a layer needs at least one hole")
        for j, p in enumerate(big):
            if p in holes:
                chk.fail(f"{where}.big[{j}]", f"point {list(p)} is a hole and a big space at once")
        paths = chk.str(lr.get("paths", "lattice"), where + ".paths", ["lattice", "lines"])
        lines = []
        if paths == "lines":
            for j, ln in enumerate(chk.seq(chk.key(lr, "lines", where), where + ".lines")):
                lw = f"{where}.lines[{j}]"
                chk.mapping(ln, lw)
                style = chk.str(ln.get("style", "solid"), lw + ".style", ["solid", "dotted"])
                seq = [point(v, f"{lw}.points[{k}]")
                       for k, v in enumerate(chk.seq(chk.key(ln, "points", lw), lw + ".points"))]
                if len(seq) < 2:
                    chk.fail(lw + ".points", "a line needs at least two points")
                for k in range(1, len(seq)):
                    dq, dr = seq[k][0] - seq[k - 1][0], seq[k][1] - seq[k - 1][1]
                    if k > 1 and (dq, dr) != (seq[1][0] - seq[0][0], seq[1][1] - seq[0][1]):
                        chk.fail(f"{lw}.points[{k}]", "the points of a line must be evenly spaced "
                                 "in one straight direction")
                lines.append({"style": style, "points": seq})
            covered = {p for ln in lines for p in ln["points"]}
            missing = sorted(pts - covered)
            if missing:
                chk.fail(where + ".lines", f"point {list(missing[0])} lies on no line, "
                         "so a mole there could never move")
        layers.append({
            "name": chk.str(chk.key(lr, "name", where), where + ".name"),
            "colour": chk.str(lr.get("colour", "#888888"), where + ".colour"),
            "radius": radius, "paths": paths, "lines": lines, "holes": holes, "big": big,
        })

    # stacking constraints of RULINGS.md, for every pair of rotations
    for i in range(LAYER_COUNT - 1):
        upper, lower = layers[i], layers[i + 1]
        lower_pts = set(hex_points(lower["radius"]))
        for j, h in enumerate(upper["holes"]):
            for a in range(6):
                ph = rotate(h, a)
                if ph not in lower_pts:
                    chk.fail(f"layers[{i}].holes[{j}]",
                             f"in rotation {a} the hole {list(h)} lies over no point of layer "
                             f"{i + 2} ({lower['name']}), so a mole would fall out of the board")
                for b in range(6):
                    for k, h2 in enumerate(lower["holes"]):
                        if rotate(h2, b) == ph:
                            chk.fail(f"layers[{i}].holes[{j}]",
                                     f"in rotations {a}/{b} the hole {list(h)} lies over hole "
                                     f"{list(h2)} of layer {i + 2} ({lower['name']})")
            if h == (0, 0):
                chk.fail(f"layers[{i}].holes[{j}]", "only the last layer may have a hole at the centre")
    return Board(mpp, [int(d) for d in discs], layers)


@lru_cache(maxsize=4)
def _default_board() -> Board:
    return load_board()


def movement_rays(radius: int, lines: list | None) -> dict:
    """point -> [(points along one straight direction, style)] for a layer of ``radius``.

    ``lines`` is None for a full lattice (every point moves along the 6 directions, "solid"),
    else a list of {"style", "points"} and moves run only along those lines.  The screen uses
    this too, to explain why a click is not a legal move.
    """
    pts = hex_points(radius)
    ptset = set(pts)
    rays: dict = {p: [] for p in pts}
    if lines is None:
        for p in pts:
            for dq, dr in DIRECTIONS:
                seq, (q, r) = [], p
                while True:
                    q, r = q + dq, r + dr
                    if (q, r) not in ptset:
                        break
                    seq.append((q, r))
                if seq:
                    rays[p].append((tuple(seq), "solid"))
    else:
        for ln in lines:
            seq = [tuple(p) for p in ln["points"]]
            for idx, p in enumerate(seq):
                for ray in (tuple(seq[idx + 1:]), tuple(reversed(seq[:idx]))):
                    if ray:
                        rays[p].append((ray, ln["style"]))
    return rays


#: the paths and sentences of the step tables, one object for each however many layers and
#: rotations hold it (the 24 tables of a game against computers took 5.6 MB with a copy each)
_SHARED: dict = {}


def _build_layer(spec: dict, rotation: int) -> dict:
    """World geometry of one layer in one rotation, with the movement rays of every point."""
    pts = [rotate(p, rotation) for p in hex_points(spec["radius"])]
    holes = [rotate(p, rotation) for p in spec["holes"]]
    big = [rotate(p, rotation) for p in spec["big"]]
    lines = None
    if spec["paths"] == "lines":
        lines = [{"style": ln["style"], "points": [rotate(p, rotation) for p in ln["points"]]}
                 for ln in spec["lines"]]
    holeset, bigset = set(holes), set(big)
    rays = {p: [(_SHARED.setdefault(ray, ray), style) for ray, style in rs]
            for p, rs in movement_rays(spec["radius"], lines).items()}
    bits = _BITS
    return {"name": spec["name"], "colour": spec["colour"], "radius": spec["radius"],
            "rotation": rotation, "points": pts, "holes": holes, "holeset": holeset,
            "big": big, "bigset": bigset, "lines": lines, "rays": rays,
            # the fast tables of the rules (occupancy as bit masks, see _BITS)
            "holebits": sum(bits[p] for p in holeset),
            "places": tuple((p, _label(p)) for p in pts if p not in holeset),
            "steps": _step_table(rays, holeset, bigset),
            "runs": {p: tuple((ray, style, _prefix_bits(ray)) for ray, style in rs)
                     for p, rs in rays.items()}}


def _prefix_bits(points) -> tuple:
    """The masks of the first 1, 2, ... points of ``points`` (one tuple for equal points)."""
    key = ("bits", points)
    got = _SHARED.get(key)
    if got is None:
        out, mask = [], 0
        for p in points:
            mask |= _BITS[p]
            out.append(mask)
        got = _SHARED[key] = tuple(out)
    return got


def _step_table(rays: dict, holeset: set, bigset: set) -> dict:
    """value -> {start: ((mask, start, dest, path, words, big, dotted_off, hole), ...)}: every
    straight move of ``value`` points from ``start``, ray by ray in the order of ``rays``
    (whether the way is free is the position's question: ``mask`` has the bits of the path's
    points).  ``words``: "(q,r) to (q,r)" and where it ends, for the sentences; ``big``: it
    ends on a big space; ``dotted_off``: it runs along a dotted line and does not end in a hole
    (barred on the two-player last layer); ``hole``: it ends in a hole."""
    longest = max((len(ray) for rs in rays.values() for ray, _ in rs), default=0)
    table = {}
    for value in range(1, longest + 1):
        per = {}
        for start, rs in rays.items():
            row = []
            for ray, style in rs:
                if len(ray) < value:
                    continue
                prefix = _prefix_bits(ray)
                dest = ray[value - 1]
                where = " into a hole" if dest in holeset else (
                    " onto a big space" if dest in bigset else "")
                path = ray[:value]
                path = _SHARED.setdefault(path, path)
                words = _SHARED.setdefault((start, dest, where),
                                           f"{_label(start)} to {_label(dest)}{where}")
                row.append((prefix[value - 1], start, dest, path, words, dest in bigset,
                            style == "dotted" and dest not in holeset, dest in holeset))
            per[start] = tuple(row)
        table[value] = per
    return table


@lru_cache(maxsize=96)
def _layer_of(board: Board, index: int, rotation: int) -> dict:
    """The geometry of a layer in a rotation, built once (it is never changed, only read)."""
    return _build_layer(board.layers[index], rotation)


def _pt(p) -> list:
    return [p[0], p[1]]


class _Labels(dict):
    def __missing__(self, p):
        label = self[p] = f"({p[0]},{p[1]})"
        return label


_LABELS = _Labels()     # point -> "(q,r)", written once per point


def _label(p) -> str:
    return _LABELS[p]


class _Bits(dict):
    def __missing__(self, p):
        bit = self[p] = 1 << len(self)
        return bit


#: point -> its bit in the rules' occupancy masks (every point of the table has its own bit)
_BITS = _Bits()
for _p in hex_points(8):
    _BITS[_p]
