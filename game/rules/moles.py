"""Mole Dig (seed 003): moles dig down through four stacked layers to the golden shovel.

Board geometry and numbers come from ``data/moles/board.yaml`` (see ``load_board``).
Coordinates are axial lattice points ``(q, r)`` in *table* coordinates: each layer's holes and
big spaces are turned by the layer's dealt rotation, so a mole in a hole simply keeps its point
when the layer above is lifted away.

Turn structure (one decision per action):
  place  - setup: put one of your moles on an empty non-hole point of the top layer
  turn   - turn over a random face-down disc of your own (chance)
  keep   - championship option only: keep one of the two discs you turned over
  move   - move one of your moles exactly the disc's value in a straight line
  bonus / pass - after landing on a big space: turn another disc for a bonus move, or not

Rulings beyond RULINGS.md (designed, documented in the rules screen):
  * if no disc value gives anyone still moving a legal move (every mole in play sits in a hole,
    or every free mole is walled in), the layer is lifted at once (nobody can move);
  * "every game ends" (RULINGS): when all other players are skipped, the one player still
    moving has one round of discs (six turns) to fill the holes, then the layer is lifted as if
    full; as a last resort a layer not filled after 30 rounds of turns is lifted as if full.
    Lifting the last layer ends the game: nobody is in the centre, so every mole leaves and the
    player(s) with the most moles just before share the win;
  * championship option: of the two discs turned over, one that gives a legal move must be kept
    (a dead disc cannot be kept to dodge a move); with only one face-down disc left it is used.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..io.paths import resource_path
from .base import GameState, IllegalAction, Rec, Record
from ..io.data import Checker, DataError, display_name, load_yaml

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


def _build_layer(spec: dict, rotation: int) -> dict:
    """World geometry of one layer in one rotation, with the movement rays of every point."""
    pts = [rotate(p, rotation) for p in hex_points(spec["radius"])]
    holes = [rotate(p, rotation) for p in spec["holes"]]
    big = [rotate(p, rotation) for p in spec["big"]]
    lines = None
    if spec["paths"] == "lines":
        lines = [{"style": ln["style"], "points": [rotate(p, rotation) for p in ln["points"]]}
                 for ln in spec["lines"]]
    return {"name": spec["name"], "colour": spec["colour"], "radius": spec["radius"],
            "rotation": rotation, "points": pts, "holes": holes, "holeset": set(holes),
            "big": big, "bigset": set(big), "lines": lines,
            "rays": movement_rays(spec["radius"], lines)}


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


# ------------------------------------------------------------------------------------------
# the state
# ------------------------------------------------------------------------------------------
class MolesState(GameState):
    EVENT_TYPES = {
        "place": "seat, mole, at: a mole is put on a point of the meadow",
        "phase": "phase: every mole is placed, the digging begins",
        "disc": "seat, values, bonus, chance: discs turned over",
        "keep": "seat, value, returned: of two discs one is kept, the other goes back",
        "move": "seat, mole, frm, to, path, hole, big, bonus, out: a mole moves along path "
                "(out: it left a hole)",
        "no_move": "seat, value, bonus: no mole can use the disc (bonus: for the bonus move)",
        "pass": "seat: the bonus move is let go",
        "reshuffle": "seat: the discs are shuffled face down again",
        "skip": "seat, reason: the seat cannot move this turn and waits",
        "stuck": "reason, holes: the layer is lifted (holes: every mole in play sits in a hole) (nobody can move, a lone mover's round is over, or the last resort)",
        "lift": "layer, removed, survivors: the layer is lifted; moles drop or leave",
        "eliminated": "seat: the seat has no mole left",
        "win": "seat, seats, mole, left: the game is won (mole: into the last hole; None: last "
               "standing, or with left: the most moles left when a forced lift cleared the board)",
    }
    GAME_ID = "moles"
    TITLE = "Mole Dig"
    PLAYERS = (2, 4)
    FORMAT = 1

    @classmethod
    def describe_setup(cls):
        variants = []
        options = [
            {"id": "rotations", "label": "Layer rotations",
             "choices": [{"id": "random", "label": "Dealt at random"},
                         {"id": "chosen", "label": "Chosen by the players"}],
             "default": "random"},
        ]
        board = _default_board()
        for i, spec in enumerate(board.layers):
            options.append({
                "id": f"rotation_{i + 1}", "label": f"{spec['name']} turned by",
                "when": {"rotations": "chosen"},
                "choices": [{"id": k, "label": f"{k * 60}\u00b0"} for k in range(6)],
                "default": 0})
        options += [
            {"id": "championship", "label": "Championship discs (turn two, keep one)",
             "choices": [{"id": False, "label": "Off"}, {"id": True, "label": "On"}],
             "default": False},
        ]
        return variants, options

    def __init__(self, players: int, seed=None, variant=None, options=None, board: Board | None = None):
        super().__init__(players, seed, variant, options)
        self.board = board or _default_board()
        if players not in self.board.moles_per_player:
            raise ValueError(f"Mole Dig takes 2 to 4 players, not {players}")
        if self.options["rotations"] == "chosen":
            self.rotations = [self.options[f"rotation_{i + 1}"] for i in range(LAYER_COUNT)]
        else:
            self.rotations = [self.rng.randrange(6) for _ in range(LAYER_COUNT)]
        self.names = [f"Player {i + 1}" for i in range(players)]
        n = self.board.moles_per_player[players]
        self.moles = [{"id": f"{s}-{i}", "seat": s, "at": None}
                      for s in range(players) for i in range(n)]
        self.to_place = [n] * players
        self.face_down = [list(self.board.discs) for _ in range(players)]
        self.face_up = [[] for _ in range(players)]
        self.layer = 0
        self.step = "place"
        self.pending: list = []       # turned discs waiting: [value] or two values (championship)
        self.in_bonus = False
        self.idle_turns = 0           # consecutive turns in which no mole moved (shown only)
        self.lone_turns = 0           # turns of the one player still moving while all others wait
        self.layer_turns = 0          # turns taken on the current layer (the last resort)
        self.winner: int | None = None
        self.win_reason = ""
        self.eliminated_at: list = [None] * players   # layer index where a seat lost its last mole
        self.start_player = self.rng.randrange(players)
        self.current_player = self.start_player
        self._init_cache()

    # ---- derived caches --------------------------------------------------------------------
    def _init_cache(self):
        self._layers = [_layer_of(self.board, i, rot) for i, rot in enumerate(self.rotations)]
        self._occ = {tuple(m["at"]): m for m in self.moles if m["at"] is not None}
        self._legal = None
        self._moves_cache = None
        self._values = tuple(sorted(set(self.board.discs)))
        self._per_seat = len(self.moles) // self.players   # self.moles: seat by seat

    def _seat_state(self):
        """(moles on the board, has a mole outside the holes) per seat, in one pass."""
        counts = [0] * self.players
        free = [False] * self.players
        holes = self._layers[self.layer]["holeset"]
        for p, m in self._occ.items():
            s = m["seat"]
            counts[s] += 1
            if p not in holes:
                free[s] = True
        return counts, free

    # ---- queries ----------------------------------------------------------------------------
    @property
    def current_layer(self) -> dict:
        return self._layers[self.layer]

    def seat_moles(self, seat: int) -> list:
        n = self._per_seat
        return [m for m in self.moles[seat * n:(seat + 1) * n] if m["at"] is not None]

    def seats_in_play(self) -> list[int]:
        """A seat with no mole left is out: it never acts again."""
        if self.is_over():
            return []
        return [s for s in range(self.players) if self.eliminated_at[s] is None]

    def moles_left(self, seat: int) -> int:
        n = self._per_seat
        return sum(1 for m in self.moles[seat * n:(seat + 1) * n] if m["at"] is not None)

    def _in_hole(self, m) -> bool:
        return tuple(m["at"]) in self.current_layer["holeset"]

    def _moves_for(self, seat: int, value: int, bonus: bool) -> list:
        """(mole, start, dest, path) of every legal move of ``value``; cached until the next
        action (``_enter_move`` computes it and ``legal_actions`` reuses it)."""
        key = (seat, value, bonus)
        if self._moves_cache is not None and self._moves_cache[0] == key:
            return self._moves_cache[1]
        out = self._list_moves(seat, value, bonus)
        self._moves_cache = (key, out)
        return out

    def _list_moves(self, seat: int, value: int, bonus: bool, first: bool = False) -> list:
        """(mole, start, dest, path) of every legal move of ``value`` (``first``: only the
        first one found, if any)."""
        out = []
        layer = self._layers[self.layer]
        occ = self._occ
        rays = layer["rays"]
        bigset = layer["bigset"]
        two_player_last = (self.players == 2 and self.layer == LAYER_COUNT - 1)
        centre_holes = layer["holeset"]
        free = occ.keys().isdisjoint
        n = self._per_seat
        for m in self.moles[seat * n:(seat + 1) * n]:
            at = m["at"]
            if at is None:
                continue
            start = (at[0], at[1])
            for ray, style in rays[start]:
                if len(ray) < value:
                    continue
                path = ray[:value]
                if not free(path):
                    continue
                dest = ray[value - 1]
                if bonus and dest in bigset:
                    continue
                if style == "dotted" and two_player_last and dest not in centre_holes:
                    continue
                out.append((m, start, dest, path))
                if first:
                    return out
        return out

    def can_move(self, seat: int, value: int, bonus: bool = False) -> bool:
        """Whether a disc of ``value`` gives ``seat`` any legal move now."""
        return bool(self._list_moves(seat, value, bonus, first=True))

    def movers(self) -> list:
        """Seats that take turns now: they have a mole that is not in a hole."""
        free = self._seat_state()[1]
        return [s for s in range(self.players) if free[s]]

    def anyone_can_move(self, movers: list | None = None) -> bool:
        """Whether some disc value gives some player who takes turns a legal move."""
        if movers is None:
            movers = self.movers()
        for s in movers:
            if self._seat_can_move(s):
                return True
        return False

    def _seat_can_move(self, seat: int) -> bool:
        """Whether some disc value gives ``seat`` a legal move (not a bonus move): the smallest
        value that fits a ray's free run answers for that ray, unless a dotted line of the
        two-player last layer needs its end in a hole."""
        layer = self._layers[self.layer]
        occ = self._occ
        rays = layer["rays"]
        values = self._values
        low = values[0]
        dotted_rule = self.players == 2 and self.layer == LAYER_COUNT - 1
        holes = layer["holeset"]
        n = self._per_seat
        for m in self.moles[seat * n:(seat + 1) * n]:
            at = m["at"]
            if at is None:
                continue
            for ray, style in rays[(at[0], at[1])]:
                run = 0
                for p in ray:
                    if p in occ:
                        break
                    run += 1
                if run < low:
                    continue
                if not (dotted_rule and style == "dotted"):
                    return True
                for v in values:
                    if v > run:
                        break
                    if ray[v - 1] in holes:
                        return True
        return False

    # ---- contract ---------------------------------------------------------------------------
    def _legal_actions(self) -> list:
        seat = self.current_player
        name = self.names[seat]
        acts: list = []
        if self.step == "place":
            layer = self.current_layer
            occ, holes, labels = self._occ, layer["holeset"], _LABELS
            text = name + " places a mole at "
            acts = [Rec(type="place", at=[p[0], p[1]], text=text + labels[p])
                    for p in layer["points"] if p not in occ and p not in holes]
        elif self.step == "turn":
            acts = [Rec(type="turn", text=f"{name} turns over a disc")]
        elif self.step == "keep":
            values = sorted(set(self.pending))
            live = [v for v in values if self.can_move(seat, v, self.in_bonus)]
            # a disc that gives a legal move must be kept: no dodging with a dead disc
            acts = [Record("keep", f"{name} keeps the {v}", value=v) for v in (live or values)]
        elif self.step == "move":
            value = self.pending[0]
            layer = self.current_layer
            holes, big, labels = layer["holeset"], layer["bigset"], _LABELS
            head = f"{name} moves a mole {value} from "
            for m, start, dest, path in self._moves_for(seat, value, self.in_bonus):
                where = " into a hole" if dest in holes else (
                    " onto a big space" if dest in big else "")
                acts.append(Rec(type="move", frm=[start[0], start[1]], to=[dest[0], dest[1]],
                                text=f"{head}{labels[start]} to {labels[dest]}{where}"))
        elif self.step == "bonus":
            acts = [Record("bonus", f"{name} takes the bonus move"),
                    Record("pass", f"{name} passes on the bonus move")]
        return acts

    def _apply(self, a: Record, index: int) -> list:
        moves = self._moves_cache
        self._moves_cache = None
        seat = self.current_player
        name = self.names[seat]
        ev: list = []
        kind = a["type"]
        if kind == "place":
            p = tuple(a["at"])
            m = next(m for m in self.moles if m["seat"] == seat and m["at"] is None)
            m["at"] = _pt(p)
            self._occ[p] = m
            self.to_place[seat] -= 1
            ev.append(Record("place", f"{name} places a mole in the meadow.", seat=seat,
                             mole=m["id"], at=_pt(p)))
            if any(self.to_place):
                nxt = (seat + 1) % self.players
                while self.to_place[nxt] == 0:
                    nxt = (nxt + 1) % self.players
                self.current_player = nxt
            else:
                ev.append(Record("phase", "All moles are in the meadow. The digging begins!",
                                 phase="play"))
                self.step = "turn"
                self.current_player = self.start_player
                self._begin_turn(ev, self.start_player)
            return ev
        if kind == "turn":
            self._turn_discs(seat, ev)
            return ev
        if kind == "keep":
            v = a["value"]
            other = list(self.pending)
            other.remove(v)
            for o in other:   # put the other disc back face down
                self.face_up[seat].remove(o)
                self.face_down[seat].append(o)
            self.pending = [v]
            ev.append(Record("keep", f"{name} keeps the {v} and puts the {other[0]} back face down.",
                             seat=seat, value=v, returned=other))
            self._enter_move(seat, ev)
            return ev
        if kind == "move":
            self._do_move(seat, tuple(a["frm"]), tuple(a["to"]), ev, moves, index)
            return ev
        if kind == "bonus":
            self.in_bonus = True
            self._turn_discs(seat, ev)
            return ev
        if kind == "pass":
            ev.append(Record("pass", f"{name} lets the bonus move go.", seat=seat))
            self._end_turn(ev, moved=True)
            return ev
        raise IllegalAction(f"unknown action type {kind!r}")  # pragma: no cover

    # ---- turn machinery ---------------------------------------------------------------------
    def _reshuffle_if_needed(self, seat: int, ev: list) -> None:
        if not self.face_down[seat]:
            self.face_down[seat] = sorted(self.face_up[seat])
            self.face_up[seat] = []
            ev.append(Record("reshuffle", f"{self.names[seat]} shuffles all six discs face down again.",
                             seat=seat))

    def _turn_discs(self, seat: int, ev: list) -> None:
        self._reshuffle_if_needed(seat, ev)
        want = 2 if self.options.get("championship") else 1
        fd = self.face_down[seat]
        turned = []
        for _ in range(min(want, len(fd))):
            v = fd.pop(self.rng.randrange(len(fd)))
            self.face_up[seat].append(v)
            turned.append(v)
        self.pending = turned
        name = self.names[seat]
        if len(turned) == 2:
            ev.append(Record("disc", f"{name} turns over a {turned[0]} and a {turned[1]}.",
                             seat=seat, values=turned, chance=True, bonus=self.in_bonus))
            if turned[0] != turned[1]:
                self.step = "keep"
                return
            # two equal discs: nothing to choose, the other goes back
            self.face_up[seat].remove(turned[1])
            fd.append(turned[1])
            self.pending = [turned[0]]
        else:
            ev.append(Rec(type="disc", seat=seat, values=turned, chance=True,
                          bonus=self.in_bonus, text=f"{name} turns over a {turned[0]}."))
        self._enter_move(seat, ev)

    def _enter_move(self, seat: int, ev: list) -> None:
        value = self.pending[0]
        if self._moves_for(seat, value, self.in_bonus):
            self.step = "move"
            return
        what = "bonus move" if self.in_bonus else "move"
        ev.append(Record("no_move", f"No mole of {self.names[seat]} can {what} {value}: the disc "
                         "is spent.", seat=seat, value=value, bonus=self.in_bonus))
        self._end_turn(ev, moved=self.in_bonus)

    def _do_move(self, seat: int, start, dest, ev: list, moves=None, index: int = -1) -> None:
        """``moves``: the ``_moves_cache`` the legal actions were listed from (``index``-th)."""
        value = self.pending[0]
        m = self._occ.pop(start)
        if (moves is not None and moves[0] == (seat, value, self.in_bonus)
                and 0 <= index < len(moves[1]) and moves[1][index][1] == start
                and moves[1][index][2] == dest):
            path = moves[1][index][3]
        else:
            path = next(p for mm, s, d, p in self._moves_for_single(m, start, dest, value))
        layer = self._layers[self.layer]
        m["at"] = _pt(dest)
        self._occ[dest] = m
        into_hole = dest in layer["holeset"]
        on_big = dest in layer["bigset"]
        name = self.names[seat]
        where = " into a hole" if into_hole else (" onto a big space" if on_big else "")
        extra = " (bonus move)" if self.in_bonus else ""
        ev.append(Rec(type="move", seat=seat, mole=m["id"], frm=[start[0], start[1]],
                      to=[dest[0], dest[1]],
                      path=[[start[0], start[1]]] + [[p[0], p[1]] for p in path],
                      hole=into_hole, big=on_big, bonus=self.in_bonus,
                      out=start in layer["holeset"],
                      text=f"{name} moves a mole {value} point{'s' if value > 1 else ''} from "
                           f"{_LABELS[start]} to {_LABELS[dest]}{where}{extra}."))
        self.pending = []
        if into_hole and self.layer == LAYER_COUNT - 1:
            self._win(seat, ev, f"{name}'s mole was the first to drop into the last hole and "
                      "claims the golden shovel.", mole=m["id"])
            return
        if into_hole and all(h in self._occ for h in layer["holes"]):
            self._lift(ev)
            if self.current_player is None:
                return
            self._end_turn(ev, moved=True)
            return
        if on_big and not self.in_bonus:
            self.step = "bonus"
            return
        self._end_turn(ev, moved=True)

    def _moves_for_single(self, m, start, dest, value):
        # the path of one chosen move (the mole was already popped from the occupancy map)
        for ray, style in self.current_layer["rays"][start]:
            if len(ray) >= value and ray[value - 1] == dest:
                yield m, start, dest, ray[:value]

    def _end_turn(self, ev: list, moved: bool) -> None:
        seat = self.current_player
        self.in_bonus = False
        self.pending = []
        self.step = "turn"
        self.idle_turns = 0 if moved else self.idle_turns + 1
        self.layer_turns += 1
        self._reshuffle_if_needed(seat, ev)
        known = counts, free = self._seat_state()
        active = [s for s in range(self.players) if counts[s]]
        if len(active) > 1 and free[seat] and sum(free) == 1:
            self.lone_turns += 1   # every other player waits in holes for this one
        if self.lone_turns >= len(self.board.discs):
            ev.append(Record("stuck", f"{self.names[seat]} has had a whole round of discs while "
                             "everyone else waited in holes: the layer is lifted as if it were "
                             "full.", reason="lone_round"))
            self._lift(ev)
            known = None
        elif self.layer_turns >= LAST_RESORT_ROUNDS * max(1, len(active)):
            ev.append(Record("stuck", f"This layer has lasted {LAST_RESORT_ROUNDS} rounds without "
                             "being filled: it is lifted as if it were full.",
                             reason="last_resort"))
            self._lift(ev)
            known = None
        if self.current_player is None:
            return
        self._begin_turn(ev, (seat + 1) % self.players, known)

    def _begin_turn(self, ev: list, seat: int, known=None) -> None:
        """Find the next seat that can act, starting at ``seat``; skip those that cannot.
        When no disc value gives anyone a legal move, the layer is lifted first.
        ``known``: ``_seat_state()`` of the position now, when the caller has it."""
        for _ in range(LAYER_COUNT + 1):   # each lift moves one layer down (or ends the game)
            counts, free = known or self._seat_state()
            known = None
            movers = [s for s in range(self.players) if free[s]]
            if not self.anyone_can_move(movers):
                if movers:
                    text = "No mole can move, whatever disc comes up: the layer is lifted."
                else:
                    text = "Every mole still in play sits in a hole: the layer is lifted."
                ev.append(Record("stuck", text, reason="nobody_can_move",
                                 holes=not movers))
                self._lift(ev)
                if self.current_player is None:
                    return
                continue
            for k in range(self.players):
                s = (seat + k) % self.players
                if not counts[s]:
                    continue
                if not free[s]:
                    ev.append(Record("skip", f"Every mole of {self.names[s]} sits in a hole: "
                                     f"{self.names[s]} waits for the layer to be lifted.",
                                     seat=s, reason="all_in_holes"))
                    continue
                self.current_player = s
                self.step = "turn"
                return
        raise RuntimeError("no seat can act after lifting")  # pragma: no cover

    def _lift(self, ev: list) -> None:
        layer = self.current_layer
        before = {s: self.moles_left(s) for s in range(self.players)}
        removed, survivors = [], []
        for m in self.moles:
            if m["at"] is None:
                continue
            if tuple(m["at"]) in layer["holeset"]:
                survivors.append(m["id"])
            else:
                removed.append(m["id"])
                m["at"] = None
        self._occ = {tuple(m["at"]): m for m in self.moles if m["at"] is not None}
        old = self.layer
        if old < LAYER_COUNT - 1:
            self.layer += 1
            nxt = self.current_layer
            ev.append(Record("lift", f"The {layer['name'].lower()} layer is lifted: "
                             f"{len(survivors)} mole(s) drop to the {nxt['name'].lower()}, "
                             f"{len(removed)} leave the game.",
                             layer=old, removed=removed, survivors=survivors))
        else:   # the last layer: nobody reached the centre, so every mole leaves
            ev.append(Record("lift", f"The {layer['name'].lower()} layer is cleared: no mole "
                             f"reached the centre, {len(removed)} leave the game.",
                             layer=old, removed=removed, survivors=survivors))
        self.idle_turns = 0
        self.lone_turns = 0
        self.layer_turns = 0
        for s in range(self.players):
            if self.eliminated_at[s] is None and not self.moles_left(s):
                self.eliminated_at[s] = old
                ev.append(Record("eliminated", f"{self.names[s]} has no mole left and is out.",
                                 seat=s))
        alive = [s for s in range(self.players) if self.moles_left(s)]
        if not alive:   # a forced lift with no mole in any hole, or the last layer cleared
            best = max(before.values())
            tied = [s for s in range(self.players) if before[s] == best]
            names = " and ".join(self.names[s] for s in tied)
            self._win(tied, ev, f"No mole sat in a hole when the layer was lifted; {names} "
                      f"had the most moles left ({best}).", left=best)
        elif len(alive) == 1:
            s = alive[0]
            self._win(s, ev, f"{self.names[s]} is the only player with moles left.")

    def _win(self, seat, ev: list, reason: str, mole: str | None = None,
             left: int | None = None) -> None:
        """``seat`` is one seat, or a list of seats sharing the win."""
        seats = list(seat) if isinstance(seat, list) else [seat]
        self.winner = seats[0] if len(seats) == 1 else seats
        seat = seats[0]
        self.win_reason = reason
        self.current_player = None
        self.step = "over"
        self._legal = None
        extra = {} if left is None else {"left": left}
        ev.append(Record("win", reason, seat=seat, seats=seats, mole=mole, **extra))

    # ---- results ------------------------------------------------------------------------------
    def scores(self) -> list:
        """Moles still in play per seat (the ranking puts the winner first anyway)."""
        return [self.moles_left(s) for s in range(self.players)]

    def winners(self) -> list:
        if self.winner is None:
            return []
        return list(self.winner) if isinstance(self.winner, list) else [self.winner]

    def summary(self) -> str:
        return self.win_reason

    # ---- views --------------------------------------------------------------------------------
    def view(self, seat) -> dict:
        """Mole Dig has no secrets: only the order of face-down discs is random, and nobody
        knows it.  Every seat sees the same board and which disc values each player has left."""
        layers = []
        for i, L in enumerate(self._layers):
            layers.append({
                "index": i, "name": L["name"], "colour": L["colour"], "radius": L["radius"],
                "rotation": L["rotation"], "holes": [_pt(p) for p in L["holes"]],
                "big": [_pt(p) for p in L["big"]],
                "lines": None if L["lines"] is None else [
                    {"style": ln["style"], "points": [_pt(p) for p in ln["points"]]}
                    for ln in L["lines"]],
                "lifted": i < self.layer,
            })
        return {
            "game": self.GAME_ID, "seat": seat, "players": self.players, "names": list(self.names),
            "current_player": self.current_player, "step": self.step, "layer": self.layer,
            "layers": layers,
            "moles": [{"id": m["id"], "seat": m["seat"], "at": m["at"]} for m in self.moles
                      if m["at"] is not None],
            "to_place": list(self.to_place),
            "moles_left": [self.moles_left(s) for s in range(self.players)],
            "discs": [{"face_up": list(self.face_up[s]),
                       "face_down": sorted(self.face_down[s])} for s in range(self.players)],
            "pending": list(self.pending), "in_bonus": self.in_bonus,
            "championship": bool(self.options.get("championship")),
            "two_player_lines": self.players == 2,
            "eliminated": [x is not None for x in self.eliminated_at],
            "winner": self.winner, "winners": self.winners(), "start_player": self.start_player,
            "idle_turns": self.idle_turns, "lone_turns": self.lone_turns,
            "layer_turns": self.layer_turns, "rotations": list(self.rotations),
            "options": dict(self.options),
        }

    @classmethod
    def from_view(cls, view: dict, seed: int) -> "MolesState":
        import random as _random
        obj = cls.__new__(cls)
        obj.players = view["players"]
        obj.seed = seed
        obj.variant = None
        obj.options = dict(view.get("options") or {})
        obj.rng = _random.Random(seed)
        obj.turn_number = 0
        obj.current_player = view["current_player"]
        obj.board = _default_board()
        obj.rotations = list(view["rotations"])
        obj.names = list(view["names"])
        by_id = {m["id"]: m for m in view["moles"]}
        n = obj.board.moles_per_player[obj.players]
        obj.moles = []
        for s in range(obj.players):
            for i in range(n):
                mid = f"{s}-{i}"
                at = by_id.get(mid, {}).get("at")
                obj.moles.append({"id": mid, "seat": s, "at": list(at) if at else None})
        obj.to_place = list(view["to_place"])
        obj.face_up = [list(d["face_up"]) for d in view["discs"]]
        obj.face_down = [list(d["face_down"]) for d in view["discs"]]
        obj.layer = view["layer"]
        obj.step = view["step"]
        obj.pending = list(view["pending"])
        obj.in_bonus = view["in_bonus"]
        obj.idle_turns = view.get("idle_turns", 0)
        obj.lone_turns = view.get("lone_turns", 0)
        obj.layer_turns = view.get("layer_turns", 0)
        obj.winner = view["winner"]
        obj.win_reason = ""
        obj.eliminated_at = [0 if e else None for e in view["eliminated"]]
        obj.start_player = view["start_player"]
        obj._init_cache()
        return obj

    # ---- persistence ------------------------------------------------------------------------
    def _state_dict(self) -> dict:
        return {
            "rotations": list(self.rotations), "names": list(self.names),
            "moles": [dict(m) for m in self.moles], "to_place": list(self.to_place),
            "face_down": [list(x) for x in self.face_down],
            "face_up": [list(x) for x in self.face_up], "layer": self.layer, "step": self.step,
            "pending": list(self.pending), "in_bonus": self.in_bonus,
            "idle_turns": self.idle_turns, "lone_turns": self.lone_turns,
            "layer_turns": self.layer_turns, "winner": self.winner, "win_reason": self.win_reason,
            "eliminated_at": list(self.eliminated_at), "start_player": self.start_player,
        }

    def _load_state_dict(self, d: dict) -> None:
        """Every field is checked (a saved game is untrusted); ValueError with a sentence."""
        from . import check as C
        self.board = board = _default_board()
        n = self.players
        if self.variant is not None:
            C.bad("variant", "Mole Dig has no variants")
        per_seat = board.moles_per_player.get(n)
        if per_seat is None:
            C.bad("players", f"Mole Dig takes 2 to 4 players, not {n}")
        self.rotations = C.ints(C.get(d, "rotations"), "rotations", LAYER_COUNT, 0, 5)
        self.names = C.texts(C.get(d, "names"), "names", n, max_len=200)
        moles = C.seq(C.get(d, "moles"), "moles", n * per_seat)
        self.moles = []
        for k, m in enumerate(moles):
            where = f"moles[{k}]"
            s_, i_ = divmod(k, per_seat)
            if C.get(m, "id", where) != f"{s_}-{i_}" or C.get(m, "seat", where) != s_ \
                    or isinstance(m["seat"], bool):
                C.bad(where, f"expected mole {s_}-{i_} of seat {s_}")
            at = C.get(m, "at", where)
            if at is not None:
                at = C.ints(at, where + ".at", 2, -LAYER_COUNT * 4, LAYER_COUNT * 4)
            self.moles.append({"id": m["id"], "seat": s_, "at": at})
        self.to_place = C.ints(C.get(d, "to_place"), "to_place", n, 0, per_seat)
        self.face_down = [C.ints(x, f"face_down[{i}]", None, 1, 10, len(board.discs))
                          for i, x in enumerate(C.seq(C.get(d, "face_down"), "face_down", n))]
        self.face_up = [C.ints(x, f"face_up[{i}]", None, 1, 10, len(board.discs))
                        for i, x in enumerate(C.seq(C.get(d, "face_up"), "face_up", n))]
        for i in range(n):
            if sorted(self.face_down[i] + self.face_up[i]) != sorted(board.discs):
                C.bad(f"face_down[{i}]", "the discs of this seat are not the six of the game")
        self.layer = C.integer(C.get(d, "layer"), "layer", 0, LAYER_COUNT - 1)
        self.step = C.choice(C.get(d, "step"), "step",
                             ["place", "turn", "keep", "move", "bonus", "over"])
        self.pending = C.ints(C.get(d, "pending"), "pending", None, 1, 10, 2)
        self.in_bonus = C.boolean(C.get(d, "in_bonus"), "in_bonus")
        self.idle_turns = C.integer(d.get("idle_turns", 0), "idle_turns", 0, 10 ** 6)
        self.lone_turns = C.integer(d.get("lone_turns", 0), "lone_turns", 0, len(board.discs))
        self.layer_turns = C.integer(d.get("layer_turns", 0), "layer_turns", 0,
                                     LAST_RESORT_ROUNDS * n)
        winner = C.get(d, "winner")
        if isinstance(winner, list):
            C.seq(winner, "winner", None, 2, n)
            for i, w in enumerate(winner):
                C.seat(w, f"winner[{i}]", n)
        else:
            C.seat(winner, "winner", n, none=True)
        self.winner = winner
        self.win_reason = C.text(d.get("win_reason", ""), "win_reason")
        eliminated = C.seq(C.get(d, "eliminated_at"), "eliminated_at", n)
        for i, e in enumerate(eliminated):
            if e is not None:
                C.integer(e, f"eliminated_at[{i}]", 0, LAYER_COUNT - 1)
        self.eliminated_at = list(eliminated)
        self.start_player = C.seat(C.get(d, "start_player"), "start_player", n)
        cp = self.current_player
        if (cp is None) != (self.step == "over"):
            C.bad("current_player", "does not fit the step of the turn")
        if (self.winner is None) == (self.step == "over"):
            C.bad("winner", "does not fit the step of the turn")
        if self.step == "place":
            if self.layer != 0:
                C.bad("layer", "moles are placed on the top layer only")
            for s_ in range(n):
                unplaced = sum(1 for m in self.moles if m["seat"] == s_ and m["at"] is None)
                if unplaced != self.to_place[s_]:
                    C.bad(f"to_place[{s_}]", "does not match the moles still to place")
            if self.to_place[cp] == 0:
                C.bad("current_player", "has no mole left to place")
        elif any(self.to_place):
            C.bad("to_place", "moles are left to place after the setup")
        want = {"move": 1, "keep": 2}.get(self.step, 0)
        if self.step != "over" and len(self.pending) != want:
            C.bad("pending", f"expected {want} turned disc(s) in step '{self.step}'")
        if cp is not None:
            for v in self.pending:
                if self.pending.count(v) > self.face_up[cp].count(v):
                    C.bad("pending", f"the {v} is not among the discs seat {cp} turned over")
            if self.step == "keep" and self.pending[0] == self.pending[1]:
                C.bad("pending", "two equal discs leave nothing to choose")
        self._init_cache()
        if len(self._occ) != sum(1 for m in self.moles if m["at"] is not None):
            C.bad("moles", "two moles stand on one point")
        for p in self._occ:
            if p not in self.current_layer["rays"]:
                C.bad("moles", f"a mole stands off the board at {list(p)}")
        if self.step in ("turn", "keep", "move", "bonus"):
            if not self.seat_moles(cp):
                C.bad("current_player", f"seat {cp} has no mole left")
            if self.step == "move" and not self._moves_for(cp, self.pending[0], self.in_bonus):
                C.bad("pending", "the turned disc gives no legal move")
            if self.step == "bonus" and self.in_bonus:
                C.bad("in_bonus", "a bonus move cannot earn another bonus")
        alive = [s_ for s_ in range(n) if self.moles_left(s_)]
        if self.step not in ("place", "over") and len(alive) < 2:
            C.bad("moles", "the game should be over: fewer than two players have moles")

    def clone(self) -> "MolesState":
        new = MolesState.__new__(MolesState)
        new.__dict__.update(self.__dict__)
        self._share_rng(new)
        new.options = dict(self.options)
        new.rotations = list(self.rotations)
        new.names = list(self.names)
        new.moles = [dict(m) for m in self.moles]
        new.to_place = list(self.to_place)
        new.face_down = [list(x) for x in self.face_down]
        new.face_up = [list(x) for x in self.face_up]
        new.pending = list(self.pending)
        new.eliminated_at = list(self.eliminated_at)
        new._occ = {tuple(m["at"]): m for m in new.moles if m["at"] is not None}
        new._legal = None
        new._moves_cache = None
        return new  # _layers geometry is immutable and shared


# ------------------------------------------------------------------------------------------
# why a point cannot be chosen (the screen shows this; the legality itself is legal_actions)
# ------------------------------------------------------------------------------------------
def explain_refusal(view: dict, seat, point, selected=None, names=None):
    """Why ``seat`` may not choose ``point`` (q, r) in ``view`` now, from what the view shows:
    ``(code, params)`` for the screen to put into words (``game/app/eventtext/moles.py``), or
    None when the point is no reason to refuse (e.g. one's own mole that can move: choosing it
    selects it).  ``selected`` is the mole the player picked to move.  Codes and params:

      place_hole, place_taken_mine, place_taken {seat}, place_no, turn_first, keep_first,
      bonus_first, not_yours {seat}, too_far {value}, all_taken {value}, no_jump {value},
      bonus_not_big, dotted_two, cannot_move {value}, pick_first,
      wrong_distance {value, distance}, jump, bonus_big, not_allowed, lines_only,
      not_straight {value}

    ``names`` is accepted for older callers and not used (the screen names the seats)."""
    p = (int(point[0]), int(point[1]))
    step = view.get("step")
    L = view["layers"][view["layer"]]
    occ = {tuple(m["at"]): m for m in view["moles"]}
    holes = {tuple(h) for h in L["holes"]}
    if step == "place":
        if p in holes:
            return "place_hole", {}
        if p in occ:
            m = occ[p]
            if m["seat"] == seat:
                return "place_taken_mine", {}
            return "place_taken", {"seat": m["seat"]}
        return "place_no", {}
    if step == "turn":
        return "turn_first", {}
    if step == "keep":
        return "keep_first", {}
    if step == "bonus":
        return "bonus_first", {}
    if step != "move":
        return None
    val = view["pending"][0] if view.get("pending") else 0
    lines = None if not L.get("lines") else [
        {"style": ln["style"], "points": [tuple(q) for q in ln["points"]]} for ln in L["lines"]]
    rays = movement_rays(L["radius"], lines)
    if p in occ:
        m = occ[p]
        if m["seat"] != seat:
            return "not_yours", {"seat": m["seat"]}
        return _why_stuck(view, rays.get(p, []), occ, val)
    if selected is None:
        return "pick_first", {}
    return _why_not(view, L, rays.get(tuple(selected), []), occ, p, val)


def _why_stuck(view, rays, occ, val):
    """Why one's own mole has no move for the disc ``val`` (None: it has one)."""
    long_enough = [ray for ray, _ in rays if len(ray) >= val]
    if not long_enough:
        return "too_far", {"value": val}
    blocked = [ray for ray in long_enough if any(q in occ for q in ray[:val])]
    if len(blocked) == len(long_enough):
        if all(ray[val - 1] in occ and not any(q in occ for q in ray[:val - 1]) for ray in blocked):
            return "all_taken", {"value": val}
        return "no_jump", {"value": val}
    if view.get("in_bonus"):
        return "bonus_not_big", {}
    if view.get("two_player_lines"):
        return "dotted_two", {}
    return "cannot_move", {"value": val}


def _why_not(view, L, rays, occ, dest, val):
    """Why the selected mole cannot go to the empty point ``dest``."""
    for ray, style in rays:
        if dest in ray:
            n = ray.index(dest) + 1
            if n != val:
                return "wrong_distance", {"value": val, "distance": n}
            if any(q in occ for q in ray[:val - 1]):
                return "jump", {}
            if view.get("in_bonus") and dest in {tuple(b) for b in L["big"]}:
                return "bonus_big", {}
            if style == "dotted" and view.get("two_player_lines"):
                return "dotted_two", {}
            return "not_allowed", {}
    if L.get("lines"):
        return "lines_only", {}
    return "not_straight", {"value": val}


__all__ = ["MolesState", "load_board", "Board", "DataError", "rotate", "ring", "hex_points",
           "movement_rays", "explain_refusal", "DIRECTIONS"]
