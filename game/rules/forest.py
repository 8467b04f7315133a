"""Forest Gold (seed 002): packs of two canines and a hunter explore a square forest of
face-down tiles and carry gold nuggets home to their campfire.

Data: ``data/forest/tiles.yaml`` (the tile types: kind, nuggets, arrow layouts, swamp bumps),
``mixes.yaml`` (how many tiles of each type, per board size) and ``settings.yaml`` (Move Camp
uses, Race targets, round cap, reinforcement delays); see ``load_data``.

Cells are numbered ``y * size + x``; actions and events name them as ``[x, y]`` (y grows
downwards, "N" is up).  Packs sit on the edges in turn order: 2 packs south and north; 3 packs
south, west, north; 4 packs south, west, north, east (allies, with the alliances option, sit
opposite each other: seats 0 + 2 against 1 + 3).

Actions of ``current_player`` (one decision each):
  camp       first round: {"type": "camp", "cell": [x, y]} a tile of the pack's own edge
             (corners belong to two edges and are never campfires); the covered tile leaves
             play unseen
  move       {"type": "move", "piece": id, "to": [x, y], "carry": bool}: one piece one step to
             one of its 8 neighbours; ``carry`` takes a nugget along (the one it carries or one
             lying on its tile); ``carry: False`` while carrying drops the nugget where it stands
  wade       {"type": "wade", "piece": id, "carry": bool}: a piece in a swamp goes one bump on
  move_camp  {"type": "move_camp", "to": [x, y]}: the campfire goes to a neighbouring tile of
             the same edge, stored nuggets and the pack's pieces on it along
  choose     {"type": "choose", "to": [x, y], "why": "arrows" | "hare" | "mole_tunnel"}: a
             choice inside a chain (which arrow, which far corner, which L-move or staying)
  pass       whenever no piece of the pack can move (Move Camp is a choice, never forced)

Readings beyond RULINGS.md (designed, also in the rules text):
  * a forced move (bear, red fox, hare, arrow, Hunter's Call) never goes where its piece could
    not step (a hunter onto a face-down tile, a carrier onto a face-down tile or a Wolf Den...):
    the bear sends it back one tile instead of two, or it stays; an arrow that points off the
    board or to a forbidden tile cannot be followed; with no way to follow, the piece stays;
  * the mole tunnel's L-move is optional: staying on the tunnel is one of the choices;
  * a chain is caught in a loop (RULINGS.md) when it enters a tile it already entered from
    the same direction with nothing opened or chosen since; also (designed) when its player
    must choose and no choice, nor any choice it leads to, can end the chain: every way comes
    back to a choice already met.  A canine dies, a hunter goes home, a carried nugget is
    lost.  Entering a tile again in any other way resolves it again;
  * a hunter on the Serpent is not trapped: its usual rest after a move is the skipped turn;
    a canine of the same pack that steps onto the Serpent frees the trapped one and is not
    caught itself;
  * attacks happen where a piece comes to rest; pieces sent home (bees, attacks) attack nobody;
  * a robber takes the most recently stored nugget; a nugget dropped on a campfire (its carrier
    was attacked there) is stored for that campfire's pack;
  * a bump holds one nugget: a second one arriving sinks the one that was there;
  * Plunder also ends when the only nuggets left lie on Bees tiles (no piece can stop there);
    every game ends after ``round_cap`` rounds (60) at the latest, Race too.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from pathlib import Path

from ..io.paths import resource_path
from .base import GameState, IllegalAction, Rec, Record
from ..io.data import Checker, display_name, load_yaml

KINDS = ("empty", "gold", "mole_tunnel", "bees", "lynx", "wolf_den", "bear", "serpent",
         "red_fox", "hare", "arrows", "hunters_call", "swamp")
KIND_LABEL = {"empty": "empty forest", "gold": "gold nuggets", "mole_tunnel": "mole tunnel",
              "bees": "bees", "lynx": "lynx", "wolf_den": "wolf den", "bear": "bear",
              "serpent": "serpent", "red_fox": "red fox", "hare": "hare",
              "arrows": "elven arrows", "hunters_call": "hunter's call", "swamp": "swamp"}
KIND_CAP = {k: v.capitalize() for k, v in KIND_LABEL.items()}
MOVERS = frozenset(("bear", "red_fox", "hunters_call", "arrows", "hare", "mole_tunnel"))
DIRS = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1),
        "W": (-1, 0), "NW": (-1, -1)}
STEPS8 = tuple(DIRS.values())
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
EDGES = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}
EDGE_NAME = {"S": "south", "N": "north", "W": "west", "E": "east"}
AWAY = {"S": (0, -1), "N": (0, 1), "W": (1, 0), "E": (-1, 0)}   # away from the own edge
STEPS = ("camp", "move", "choose", "over")
CHOICES = ("arrows", "hare", "mole_tunnel")


def rotate_dir(d, k: int):
    dx, dy = d
    for _ in range(k % 4):
        dx, dy = -dy, dx      # a quarter turn clockwise (y grows downwards)
    return (dx, dy)


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


# ------------------------------------------------------------------------------------------
# data
# ------------------------------------------------------------------------------------------
class ForestData:
    """Validated contents of data/forest/*.yaml (immutable once built)."""

    def __init__(self, types: dict, mixes: dict, settings: dict):
        self.types = types            # id -> {"kind", "nuggets", "bumps", "directions"}
        self.kind_of = {t: spec["kind"] for t, spec in types.items()}   # id -> kind
        self.mixes = mixes            # size -> {type id: count}
        self.settings = settings      # camp_moves, race_target, race_target_alliance, ...

    def kind(self, tid: str) -> str:
        return self.types[tid]["kind"]


def load_data(folder: str | Path | None = None) -> ForestData:
    """Load and validate tiles.yaml, mixes.yaml and settings.yaml of ``folder``."""
    folder = Path(folder) if folder else resource_path("data", "forest")

    def open_(name):
        path = folder / name
        chk = Checker(display_name(path))
        return chk, chk.mapping(load_yaml(path), "top level")

    chk, raw = open_("tiles.yaml")
    kinds = chk.seq(chk.key(raw, "kinds", "top level"), "kinds")
    for i, k in enumerate(kinds):
        chk.str(k, f"kinds[{i}]", KINDS)
    missing = [k for k in KINDS if k not in kinds]
    if missing:
        chk.fail("kinds", f"the kind '{missing[0]}' is missing")
    types: dict = {}
    for i, e in enumerate(chk.seq(chk.key(raw, "types", "top level"), "types")):
        where = f"types[{i}]"
        chk.mapping(e, where)
        tid = chk.str(chk.key(e, "id", where), where + ".id")
        if tid in types:
            chk.fail(where + ".id", f"'{tid}' is listed twice")
        kind = chk.str(chk.key(e, "kind", where), where + ".kind", KINDS)
        spec = {"kind": kind, "nuggets": 0, "bumps": 0, "directions": ()}
        if kind == "gold":
            spec["nuggets"] = chk.int(chk.key(e, "nuggets", where), where + ".nuggets", 1, 9)
        if kind == "swamp":
            spec["bumps"] = chk.int(chk.key(e, "bumps", where), where + ".bumps", 1, 9)
        if kind == "arrows":
            dirs = chk.seq(chk.key(e, "directions", where), where + ".directions")
            if not dirs:
                chk.fail(where + ".directions", "an arrow tile must point somewhere")
            for j, d in enumerate(dirs):
                if d not in DIRS:
                    chk.fail(f"{where}.directions[{j}]", f"the arrow points nowhere: {d!r} is "
                             f"not one of {', '.join(DIRS)}")
            if len(set(dirs)) != len(dirs):
                chk.fail(where + ".directions", "a direction is listed twice")
            spec["directions"] = tuple(DIRS[d] for d in dirs)
        for key in ("nuggets", "bumps", "directions"):
            if key in e and not spec[key]:
                chk.fail(f"{where}.{key}", f"only {dict(nuggets='gold', bumps='swamp', directions='arrows')[key]} "
                         f"tiles have {key}")
        types[tid] = spec
    if types.get("empty", {}).get("kind") != "empty":
        chk.fail("types", "a type 'empty' of kind empty is needed (a campfire that moves "
                 "leaves one behind)")

    chk, raw = open_("mixes.yaml")
    mixes: dict = {}
    sizes = chk.mapping(chk.key(raw, "mixes", "top level"), "mixes")
    for size in (9, 11):
        if size not in sizes:
            chk.fail("mixes", f"the mix for the {size}x{size} board is missing")
    for size, entry in sizes.items():
        where = f"mixes.{size}"
        chk.int(size, where, 5, 15)
        chk.mapping(entry, where)
        chk.str(chk.key(entry, "source", where), where + ".source")
        tiles = chk.mapping(chk.key(entry, "tiles", where), where + ".tiles")
        mix = {}
        for tid, n in tiles.items():
            if tid not in types:
                chk.fail(f"{where}.tiles.{tid}", f"unknown tile type '{tid}'")
            mix[tid] = chk.int(n, f"{where}.tiles.{tid}", 0, size * size)
        total = sum(mix.values())
        if total != size * size:
            chk.fail(where + ".tiles", f"the mix has {total} tiles but the {size}x{size} board "
                     f"needs {size * size}")
        if not any(types[t]["kind"] == "gold" and n for t, n in mix.items()):
            chk.fail(where + ".tiles", "the mix has no gold")
        mixes[size] = mix

    chk, raw = open_("settings.yaml")
    settings = {}

    def value(key, lo, hi):
        e = chk.mapping(chk.key(raw, key, "top level"), key)
        chk.str(chk.key(e, "source", key), key + ".source")
        return chk.int(chk.key(e, "value", key), key + ".value", lo, hi)
    settings["camp_moves"] = value("camp_moves", 0, 20)
    settings["race_target"] = value("race_target", 1, 50)
    settings["race_target_alliance"] = value("race_target_alliance", 1, 100)
    settings["round_cap"] = value("round_cap", 5, 500)
    e = chk.mapping(chk.key(raw, "reinforcements", "top level"), "reinforcements")
    chk.str(chk.key(e, "source", "reinforcements"), "reinforcements.source")
    rr = chk.seq(chk.key(e, "value", "reinforcements"), "reinforcements.value")
    if not rr:
        chk.fail("reinforcements.value", "list at least one delay")
    settings["reinforcements"] = [chk.int(v, f"reinforcements.value[{i}]", 1, 50)
                                  for i, v in enumerate(rr)]
    return ForestData(types, mixes, settings)


@lru_cache(maxsize=2)
def default_data() -> ForestData:
    return load_data()


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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# ------------------------------------------------------------------------------------------
# the state
# ------------------------------------------------------------------------------------------
class ForestState(GameState):
    GAME_ID = "forest"
    TITLE = "Forest Gold"
    PLAYERS = (2, 4)
    FORMAT = 1
    EVENT_TYPES = {
        "camp": "seat, cell: a pack lights its campfire on its edge",
        "pass": "seat: the pack can do nothing",
        "step": "piece, seat, frm, to, by, carry, kind, bump: a piece goes one tile (by: step, "
                "wade or the tile that moved it)",
        "stay": "piece, seat, at, kind: a chain choice keeps the piece where it is",
        "reveal": "at, kind, tile, directions, bumps, chance: a face-down tile opens",
        "nuggets": "at, count: gold lies on the opened tile",
        "pick_up": "piece, seat, at, bump: a piece takes a nugget",
        "drop": "piece, seat, at, bump, how: a piece puts its nugget down",
        "store": "seat, at, piece, stored: a nugget is stored on a campfire",
        "rob": "piece, seat, victim, at, stored: a nugget is taken from an unguarded campfire",
        "sink": "at, bump: a nugget sinks in a swamp",
        "lost": "piece, at: a carried nugget is lost in a loop",
        "effect": "piece, seat, kind, at, options: a tile acts on a piece (bees, lynx, a choice)",
        "loop": "piece, seat, at, died: a chain would repeat itself for ever",
        "bump": "piece, seat, at, bump, bumps: a piece stands on a swamp bump",
        "drown": "piece, seat, by, at, bump: a piece drowns in a swamp",
        "trap": "piece, seat, at: the serpent holds a piece",
        "free": "piece, by, seat, at: a packmate frees a trapped piece",
        "attack": "piece, victim, seat, at, died: a piece attacks another",
        "home": "piece, seat, frm, to, why, stored: a piece goes back to its campfire",
        "death": "piece, seat, at, why: a piece leaves the hunt",
        "move_camp": "seat, frm, to, pieces, left, stored: a campfire moves along its edge",
        "reinforce": "piece, seat, at: a canine comes back at the campfire",
        "round_cap": "rounds: the last round is over",
        "win": "seats, reason, totals, rounds, teams: the game ends (totals and rounds: each "
               "seat's team sums; teams: the team of each seat)",
    }

    @classmethod
    def describe_setup(cls):
        data = default_data()
        variants = [{"id": "race", "label": "Race (first to the target)"},
                    {"id": "plunder", "label": "Plunder (all the gold)"}]
        options = [
            {"id": "size", "label": "Forest size",
             "choices": [{"id": s, "label": f"{s} x {s}"} for s in sorted(data.mixes)],
             "default": 9},
            {"id": "alliances", "label": "Alliances, two against two (4 packs only)",
             "choices": [{"id": False, "label": "Off"}, {"id": True, "label": "On"}],
             "default": False, "when": {"players": 4}},
            {"id": "reinforcements", "label": "Reinforcements after",
             "choices": [{"id": 0, "label": "Off"}] + [
                 {"id": r, "label": f"{r} rounds"} for r in data.settings["reinforcements"]],
             "default": 5},
            {"id": "bees_nugget", "label": "A nugget chased by bees",
             "choices": [{"id": "drop", "label": "Drops on the bees"},
                         {"id": "keep", "label": "Comes along home"}],
             "default": "drop"},
        ]
        return variants, options

    def __init__(self, players: int, seed=None, variant=None, options=None,
                 data: ForestData | None = None):
        super().__init__(players, seed, variant, options)
        if self.options["alliances"] and players != 4:
            raise ValueError(f"alliances need 4 packs (two against two), not {players}: "
                             "leave the option off")
        self.data = data or default_data()
        n = self.options["size"]
        if n not in self.data.mixes:
            raise ValueError(f"there is no tile mix for a {n}x{n} forest")
        self._blank(players, n)
        deck = [t for t, c in sorted(self.data.mixes[n].items()) for _ in range(c)]
        self.rng.shuffle(deck)
        self.tile = deck
        self.rot = [self.rng.randrange(4) if self.data.kind(t) == "arrows" else 0 for t in deck]
        self._init_cache()

    def _blank(self, players: int, n: int) -> None:
        self.n = n
        self.names = [f"Pack {i + 1}" for i in range(players)]
        self.edges = list(EDGES[players])
        self.teams = [s % 2 for s in range(players)] if (
            players == 4 and self.options.get("alliances")) else list(range(players))
        self.tile: list = [None] * (n * n)     # type id; None under a campfire
        self.rot: list = [0] * (n * n)         # quarter turns of arrow tiles
        self.opened: list = [False] * (n * n)
        self.loose: list = [0] * (n * n)       # nuggets lying on a tile (not swamps)
        self.bump_nug: dict = {}               # swamp cell -> [nuggets per bump]
        self.aside: list = []                  # tiles under campfires (never seen)
        self.camps: list = [None] * players
        self.stored: list = [[] for _ in range(players)]   # delivery round of each nugget
        self.camp_moves = [self.data.settings["camp_moves"]] * players
        self.hunter_moved = [False] * players  # the hunter moved on the pack's last turn
        self.pieces = []
        for s in range(players):
            for kind, tag in (("canine", "c1"), ("canine", "c2"), ("hunter", "h")):
                self.pieces.append({"id": f"{s}-{tag}", "seat": s, "kind": kind, "at": None,
                                    "carry": False, "bump": -1, "trapped": False,
                                    "dead": None})
        self.round = 1
        self.step = "camp"
        self.pending = None      # chain choice: {"piece", "why", "options", "visited", "carry"}
        self.destroyed = 0
        self.winner_list: list = []
        self.end_reason = ""
        self.current_player = 0

    def _init_cache(self):
        g = geometry(self.n)
        self._nb, self._kn, self._xyt_s = g["nb"], g["kn"], g["names"]
        self._pid = {p["id"]: p for p in self.pieces}
        self._camp_of = {c: s for s, c in enumerate(self.camps) if c is not None}
        self._legal = None
        self._lab = None

    def _labels(self) -> dict:
        """Piece id -> (its name, "<name> steps to ", "<name> wades on", and the fields of
        its step records without and with a nugget) for the sentences; made again when the
        names change (``set_names``)."""
        lab = self._lab
        if lab is None or lab[0] != self.names:
            names = list(self.names)
            out = {}
            for p in self.pieces:
                label = f"{names[p['seat']]}'s {p['kind']}"
                steps = [{"type": "move", "piece": p["id"], "to": None, "carry": k, "text": None}
                         for k in (False, True)]     # a step's record, copied and filled in
                out[p["id"]] = (label, label + " steps to ", label + " wades on", *steps)
            self._lab = lab = (names, out)
        return lab[1]

    # ---- small queries ------------------------------------------------------------------------
    def kind_at(self, c: int) -> str:
        t = self.tile[c]
        return "campfire" if t is None else self.data.types[t]["kind"]

    def xy(self, c: int) -> list:
        n = self.n
        return [c % n, c // n]

    def _cell(self, v) -> int:
        n = self.n
        if (not isinstance(v, (list, tuple)) or len(v) != 2
                or not all(isinstance(a, int) and not isinstance(a, bool) for a in v)
                or not (0 <= v[0] < n and 0 <= v[1] < n)):
            raise IllegalAction(f"not a tile of the forest: {v!r}")
        return v[1] * n + v[0]

    def allied(self, a: int, b: int) -> bool:
        return self.teams[a] == self.teams[b]

    def team_total(self, seat: int) -> int:
        return sum(len(self.stored[s]) for s in range(self.players) if self.allied(s, seat))

    def team_rounds(self, seat: int) -> int:
        return sum(sum(self.stored[s]) for s in range(self.players) if self.allied(s, seat))

    def _label(self, p) -> str:
        return self._labels()[p["id"]][0]

    def _guarded(self, c: int, by: int) -> bool:
        return any(q["at"] == c for q in self.pieces if q["seat"] == by)

    def can_enter(self, p, c: int, carry: bool) -> bool:
        """May piece ``p`` (carrying a nugget or not) come onto tile ``c``?"""
        owner = self._camp_of.get(c)
        if owner is not None:
            return owner == p["seat"] or self.allied(owner, p["seat"]) or \
                not self._guarded(c, owner)
        if not self.opened[c]:
            return p["kind"] == "canine" and not carry
        k = self.data.types[self.tile[c]]["kind"]
        if k == "wolf_den":
            return p["kind"] == "canine" and not carry
        if p["kind"] == "hunter":
            return k != "hunters_call" and not (carry and k == "lynx")
        return True

    def _nugget_here(self, p) -> bool:
        c = p["at"]
        if p["bump"] >= 0:
            return self.bump_nug[c][p["bump"]] > 0
        return self.loose[c] > 0

    def _camp_targets(self, seat: int) -> list:
        c = self.camps[seat]
        if c is None or self.camp_moves[seat] <= 0:
            return []
        out = []
        taken = None
        for t in _edge_steps(self.n, self.edges[seat])[c]:
            if t not in self._camp_of and self.loose[t] == 0 \
                    and not sum(self.bump_nug.get(t, ())):
                if taken is None:
                    taken = {q["at"] for q in self.pieces}
                if t not in taken:
                    out.append(t)
        return out

    # ---- legal actions ------------------------------------------------------------------------
    def _legal_actions(self) -> list:
        seat = self.current_player
        name = self.names[seat]
        if self.step == "camp":
            return [Record("camp", f"{name} lights its campfire at {self._xyt(c)}.",
                           cell=self.xy(c))
                    for c in geometry(self.n)["edge"][self.edges[seat]] if c not in self._camp_of]
        if self.step == "choose":
            pend = self.pending
            p = self._pid[pend["piece"]]
            out = []
            for c in pend["options"]:
                stay = c == p["at"]
                text = (f"{self._label(p)} stays on the {KIND_LABEL[pend['why']]}." if stay else
                        f"{self._label(p)} goes on to {self._xyt(c)}.")
                out.append(Record("choose", text, to=self.xy(c), why=pend["why"]))
            return out
        out = []
        n = self.n
        camp_of, opened, tile, kind_of = self._camp_of, self.opened, self.tile, self.data.kind_of
        nbs = self._nb
        rest = self.hunter_moved[seat]
        labels = self._labels()
        base = 3 * seat                   # the pieces of a seat: canine, canine, hunter
        for p in self.pieces[base:base + 3]:
            c = p["at"]
            if c is None or p["trapped"]:
                continue
            hunter = p["kind"] == "hunter"
            if hunter and rest:
                continue
            pid = p["id"]
            _label, steps, wades, bare_rec, loaded_rec = labels[pid]
            dot, nug = _step_texts(steps, n)
            b = p["bump"]
            carry_too = p["carry"] or (self.bump_nug[c][b] > 0 if b >= 0 else self.loose[c] > 0)
            if b >= 0 and b < self.data.types[tile[c]]["bumps"] - 1:     # before the last bump
                out.append(Rec(type="wade", piece=pid, carry=False, text=wades + "."))
                if carry_too:
                    out.append(Rec(type="wade", piece=pid, carry=True,
                                   text=wades + " with a nugget."))
                continue
            for t in nbs[c]:
                if t in camp_of:
                    for k in ((False, True) if carry_too else (False,)):
                        if self.can_enter(p, t, k):
                            r = Rec(loaded_rec if k else bare_rec)
                            r["to"] = [t % n, t // n]
                            r["text"] = nug[t] if k else dot[t]
                            out.append(r)
                    continue
                if not opened[t]:
                    bare, loaded = not hunter, False
                else:
                    kind = kind_of[tile[t]]
                    if kind == "wolf_den":
                        bare, loaded = not hunter, False
                    elif hunter:
                        bare = kind != "hunters_call"
                        loaded = bare and kind != "lynx"
                    else:
                        bare = loaded = True
                if bare:
                    r = Rec(bare_rec)
                    r["to"] = [t % n, t // n]
                    r["text"] = dot[t]
                    out.append(r)
                if carry_too and loaded:
                    r = Rec(loaded_rec)
                    r["to"] = [t % n, t // n]
                    r["text"] = nug[t]
                    out.append(r)
        stuck = not out
        for t in self._camp_targets(seat):
            out.append(Rec(type="move_camp", to=[t % n, t // n],
                           text=f"{name} moves its campfire to {self._xyt_s[t]}."))
        if stuck:       # no piece can move: passing is always allowed, Move Camp never forced
            out.append(Rec(type="pass", text=f"{name} can do nothing and passes."))
        return out

    def _seen_kind(self, c: int) -> str:
        """The kind of tile ``c`` as everybody sees it now ("face_down" if not yet open)."""
        if c in self._camp_of:
            return "campfire"
        return self.data.kind_of[self.tile[c]] if self.opened[c] else "face_down"

    def _xyt(self, c: int) -> str:
        return self._xyt_s[c]

    # ---- applying -------------------------------------------------------------------------------
    def _apply(self, a: Record, index: int) -> list:
        ev: list = []
        seat = self.current_player
        t = a["type"]
        if t == "camp":
            c = self._cell(a["cell"])
            self.camps[seat] = c
            self._camp_of[c] = seat
            self.aside.append(self.tile[c])
            self.tile[c] = None
            self.rot[c] = 0
            self.opened[c] = True
            for p in self.pieces:
                if p["seat"] == seat:
                    p["at"] = c
            ev.append(Record("camp", f"{self.names[seat]} lights its campfire at {self._xyt(c)}.",
                             seat=seat, cell=self.xy(c)))
            self._end_turn(ev)
        elif t == "move_camp":
            self._move_camp(seat, self._cell(a["to"]), ev)
            self.hunter_moved[seat] = False
            self._end_turn(ev)
        elif t == "pass":
            ev.append(Record("pass", f"{self.names[seat]} can do nothing and passes.", seat=seat))
            self.hunter_moved[seat] = False
            self._end_turn(ev)
        elif t in ("move", "wade"):
            p = self._pid[a["piece"]]
            self.hunter_moved[seat] = p["kind"] == "hunter"
            if a["carry"] != p["carry"]:
                self._take_or_drop(p, a["carry"], ev)
            if t == "wade":
                self._wade(p, ev)
                self._after_rest(ev)
            else:
                frm = p["at"]
                n = self.n
                to = a["to"][1] * n + a["to"][0]    # one of legal_actions' own records
                p["bump"] = -1                       # it leaves the tile (_leave)
                d = (_sign(to % n - frm % n), _sign(to // n - frm // n))
                ev.append(Rec(type="step", piece=p["id"], seat=seat, frm=[frm % n, frm // n],
                              to=[to % n, to // n], by="step", carry=p["carry"],
                              kind=self._seen_kind(to),
                              text=_step_texts(self._labels()[p["id"]][1], n)[0][to]))
                self._chain(p, to, d, [], ev)
        elif t == "choose":
            pend = self.pending
            self.pending = None
            self.step = "move"
            p = self._pid[pend["piece"]]
            to = self._cell(a["to"])
            frm = p["at"]
            if to == frm:
                ev.append(Record("stay", f"{self._label(p)} stays on the "
                                 f"{KIND_LABEL[pend['why']]}.", piece=p["id"], seat=seat,
                                 at=self.xy(frm), kind=pend["why"]))
                self._rest(p, ev)
            else:
                d = (_sign(to % self.n - frm % self.n), _sign(to // self.n - frm // self.n))
                ev.append(Record("step", f"{self._label(p)} goes on to {self._xyt(to)}.",
                                 piece=p["id"], seat=seat, frm=self.xy(frm), to=self.xy(to),
                                 by=pend["why"], carry=p["carry"], kind=self._seen_kind(to)))
                self._chain(p, to, d, list(pend["visited"]), ev)
        else:  # pragma: no cover - legal_actions lists nothing else
            raise IllegalAction(f"unknown action {t!r}")
        return ev

    def _take_or_drop(self, p, carry: bool, ev: list) -> None:
        c = p["at"]
        if carry and not p["carry"]:
            p["carry"] = True
            if p["bump"] >= 0:
                self.bump_nug[c][p["bump"]] -= 1
            else:
                self.loose[c] -= 1
            ev.append(Record("pick_up", f"{self._label(p)} picks up a nugget.", piece=p["id"],
                             seat=p["seat"], at=self.xy(c), bump=p["bump"]))
        elif not carry and p["carry"]:
            p["carry"] = False
            self._drop(p, c, ev, "drops")

    def _drop(self, p, c: int, ev: list, how: str) -> None:
        """The nugget of ``p`` stays on tile ``c`` (stored if it is a campfire)."""
        owner = self._camp_of.get(c)
        if owner is not None:
            self.stored[owner].append(self.round)
            ev.append(Record("store", f"The nugget stays on {self.names[owner]}'s campfire.",
                             seat=owner, at=self.xy(c), piece=p["id"], stored=len(self.stored[owner])))
            self._check_race(ev)
        elif p["bump"] >= 0:
            bumps = self.bump_nug[c]
            b = p["bump"]
            ev.append(Record("drop", f"{self._label(p)} {how} its nugget in the swamp.",
                             piece=p["id"], seat=p["seat"], at=self.xy(c), bump=b, how=how))
            if bumps[b] > 0:
                self._sink(c, b, ev)
            bumps[b] += 1
        else:
            self.loose[c] += 1
            ev.append(Record("drop", f"{self._label(p)} {how} its nugget.", piece=p["id"],
                             seat=p["seat"], at=self.xy(c), bump=-1, how=how))

    def _sink(self, c: int, b: int, ev: list) -> None:
        self.bump_nug[c][b] -= 1
        self.destroyed += 1
        ev.append(Record("sink", "A nugget sinks into the swamp and is lost.", at=self.xy(c),
                         bump=b))

    def _leave(self, p) -> None:
        p["bump"] = -1

    def _reveal(self, c: int, ev: list) -> None:
        self.opened[c] = True
        tid = self.tile[c]
        spec = self.data.types[tid]
        k = spec["kind"]
        extra = {}
        if k == "arrows":
            extra["directions"] = [list(rotate_dir(d, self.rot[c])) for d in spec["directions"]]
        if k == "swamp":
            extra["bumps"] = spec["bumps"]
            self.bump_nug[c] = [0] * spec["bumps"]
        ev.append(Rec(type="reveal", at=self.xy(c), kind=k, tile=tid, chance=True, **extra,
                      text=f"The tile at {self._xyt(c)} opens: {KIND_LABEL[k]}."))
        if k == "gold":
            self.loose[c] += spec["nuggets"]
            ev.append(Record("nuggets", f"{_plural(spec['nuggets'], 'nugget')} glitter there.",
                             at=self.xy(c), count=spec["nuggets"]))

    def _chain(self, p, c: int, d, visited: list, ev: list) -> None:
        """Piece ``p`` enters tile ``c`` (direction ``d``); effects chain until it rests or its
        player must choose.  ``visited``: the tiles the chain entered so far (this turn).

        The chain is caught in a loop when it enters a tile it already entered from the same
        direction with nothing opened or chosen since (``seen``: those entries): then it would
        repeat itself for ever.  Entering a tile again in any other way resolves it again."""
        seat = p["seat"]
        seen = set()
        n = self.n
        while True:
            if (c, d) in seen:
                self._loop(p, c, ev)
                return
            visited.append(c)
            p["at"] = c
            p["bump"] = -1
            if not self.opened[c]:
                self._reveal(c, ev)
                seen.clear()          # something opened: the chain can go another way now
            seen.add((c, d))
            owner = self._camp_of.get(c)
            if owner is not None:
                self._at_campfire(p, owner, c, ev)
                self._rest(p, ev)
                return
            k = self.data.kind_of[self.tile[c]]
            if k == "swamp":
                p["bump"] = -1
                self._enter_bump(p, c, 0, ev)
                self._after_rest(ev)
                return
            if k == "bees":
                ev.append(Record("effect", f"Bees! {self._label(p)} runs home.", piece=p["id"],
                                 seat=seat, kind=k, at=self.xy(c)))
                if p["carry"] and self.options["bees_nugget"] == "drop":
                    p["carry"] = False
                    self.loose[c] += 1
                    ev.append(Record("drop", f"{self._label(p)} drops its nugget on the bees.",
                                     piece=p["id"], seat=seat, at=self.xy(c), bump=-1,
                                     how="bees"))
                self._send_home(p, ev, "bees")
                self._after_rest(ev)
                return
            if k == "lynx":
                if p["kind"] == "canine":
                    ev.append(Record("effect", f"The lynx kills {self._label(p)}.",
                                     piece=p["id"], seat=seat, kind=k, at=self.xy(c)))
                    self._kill(p, ev, "lynx")
                    self._after_rest(ev)
                    return
                ev.append(Record("effect", f"{self._label(p)} faces the lynx and survives.",
                                 piece=p["id"], seat=seat, kind=k, at=self.xy(c)))
            nxt = self._goes(p, c, d, k, p["carry"]) if k in MOVERS else None
            if nxt is None:
                self._rest(p, ev)
                return
            if type(nxt) is list:           # the player chooses where the piece goes
                if not self._way_out(p, c, nxt):
                    self._loop(p, c, ev)      # every choice comes back here: for ever
                    return
                ev.append(Record("effect", f"{KIND_LABEL[k].capitalize()}: "
                                 f"{self.names[seat]} chooses where {self._label(p)} goes.",
                                 piece=p["id"], seat=seat, kind=k, at=self.xy(c),
                                 options=[self.xy(t) for t in nxt]))
                self.pending = {"piece": p["id"], "why": k, "options": nxt,
                                "visited": list(visited)}
                self.step = "choose"
                return
            t, why = nxt
            d = (_sign(t % n - c % n), _sign(t // n - c // n))
            ev.append(Rec(type="step", piece=p["id"], seat=seat, frm=[c % n, c // n],
                          to=[t % n, t // n], by=why, carry=p["carry"], kind=self._seen_kind(t),
                          text=f"{KIND_CAP[why]}: {self._label(p)} goes on to {self._xyt_s[t]}."))
            c = t

    def _goes(self, p, c: int, d, k: str, carry: bool):
        """Where the open tile ``c`` (kind ``k``, not a campfire) sends piece ``p`` that entered
        it going ``d``: None (it rests there), ``(tile, why)`` (it goes on) or the sorted
        list of tiles its player chooses from (two or more)."""
        n = self.n
        if k == "bear":
            if d != (0, 0):
                for back in (2, 1):
                    x, y = c % n - back * d[0], c // n - back * d[1]
                    if 0 <= x < n and 0 <= y < n and self.can_enter(p, y * n + x, carry):
                        return (y * n + x, "bear")
            return None
        if k == "red_fox":
            dx, dy = AWAY[self.edges[p["seat"]]]
            x, y = c % n + dx, c // n + dy
            while 0 <= x < n and 0 <= y < n:
                t = y * n + x
                if not self.opened[t] and t not in self._camp_of:
                    return (t, "red_fox") if self.can_enter(p, t, carry) else None
                x, y = x + dx, y + dy
            return None
        if k == "hunters_call":
            if p["kind"] != "canine":
                return None
            h = self._pid[f"{p['seat']}-h"]["at"]
            if h is not None and h != c and self.can_enter(p, h, carry):
                return (h, "hunters_call")
            return None
        if k == "arrows":
            opts = []
            for dd in self.data.types[self.tile[c]]["directions"]:
                dx, dy = rotate_dir(dd, self.rot[c])
                x, y = c % n + dx, c // n + dy
                if 0 <= x < n and 0 <= y < n and self.can_enter(p, y * n + x, carry):
                    opts.append(y * n + x)
        elif k == "hare":
            opts = [t for t in geometry(n)["far"][self.edges[p["seat"]]]
                    if t != c and self.can_enter(p, t, carry)]
        elif k == "mole_tunnel":
            opts = [t for t in self._kn[c] if self.can_enter(p, t, carry)]
            if opts:
                opts.append(c)
        else:
            return None
        if len(opts) == 1:
            return (opts[0], k)
        return sorted(opts) if opts else None

    def _way_out(self, p, c: int, options: list) -> bool:
        """Whether the chain of ``p``, to choose among ``options`` on tile ``c``, can end at
        all: some choice here, or at a choice it leads to, ends it (the piece rests, a tile
        opens, it dies ...) rather than bringing it back to a choice already met.  Without
        one, the chain would repeat itself for ever whatever its player chooses."""
        carry = p["carry"]
        n = self.n
        met = {c}
        todo = [(c, options)]
        while todo:
            at, opts = todo.pop()
            if at in opts:              # staying on the mole tunnel
                return True
            for t in opts:
                nxt = self._trace(p, t, (_sign(t % n - at % n), _sign(t // n - at // n)),
                                  carry)
                if nxt is None:
                    return True
                if nxt[0] not in met:
                    met.add(nxt[0])
                    todo.append(nxt)
        return False

    def _trace(self, p, c: int, d, carry: bool):
        """Where piece ``p`` entering tile ``c`` going ``d`` is next asked to choose, as
        ``(tile, options)``, if nothing opens on the way; None where the chain ends first (the
        piece rests, a tile opens, bees, the lynx, a swamp, a loop).  Changes nothing."""
        n = self.n
        seen = set()
        canine = p["kind"] == "canine"
        while (c, d) not in seen:
            seen.add((c, d))
            if not self.opened[c] or c in self._camp_of:
                return None
            k = self.data.types[self.tile[c]]["kind"]
            if k == "swamp" or k == "bees" or (k == "lynx" and canine):
                return None
            nxt = self._goes(p, c, d, k, carry)
            if nxt is None:
                return None
            if type(nxt) is list:
                return (c, nxt)
            t = nxt[0]
            d = (_sign(t % n - c % n), _sign(t // n - c // n))
            c = t
        return None

    def _loop(self, p, c: int, ev: list) -> None:
        if p["carry"]:
            p["carry"] = False
            self.destroyed += 1
            ev.append(Record("lost", "The nugget is lost in the loop.", piece=p["id"],
                             at=self.xy(c)))
        if p["kind"] == "canine":
            ev.append(Record("loop", f"{self._label(p)} is caught in a loop and dies.",
                             piece=p["id"], seat=p["seat"], at=self.xy(c), died=True))
            p["at"] = c
            self._kill(p, ev, "loop")
        else:
            ev.append(Record("loop", f"{self._label(p)} is caught in a loop and goes home.",
                             piece=p["id"], seat=p["seat"], at=self.xy(c), died=False))
            self._send_home(p, ev, "loop")
        self._after_rest(ev)

    def _at_campfire(self, p, owner: int, c: int, ev: list) -> None:
        seat = p["seat"]
        if self.allied(owner, seat):
            if p["carry"]:
                p["carry"] = False
                self.stored[owner].append(self.round)
                ev.append(Record("store", f"{self._label(p)} brings a nugget home "
                                 f"({_plural(len(self.stored[owner]), 'nugget')} at the fire).",
                                 seat=owner, at=self.xy(c), piece=p["id"],
                                 stored=len(self.stored[owner])))
                self._check_race(ev)
        elif not p["carry"] and self.stored[owner]:
            self.stored[owner].sort()
            self.stored[owner].pop()
            p["carry"] = True
            ev.append(Record("rob", f"{self._label(p)} steals a nugget from "
                             f"{self.names[owner]}'s unguarded campfire.", piece=p["id"],
                             seat=seat, victim=owner, at=self.xy(c),
                             stored=len(self.stored[owner])))

    def _enter_bump(self, p, c: int, b: int, ev: list) -> None:
        p["bump"] = b
        ev.append(Record("bump", f"{self._label(p)} is on bump {b + 1} of the swamp.",
                         piece=p["id"], seat=p["seat"], at=self.xy(c), bump=b,
                         bumps=len(self.bump_nug[c])))
        for q in self.pieces:
            if q is p or q["at"] != c or q["bump"] != b:
                continue
            if q["kind"] == "canine":
                ev.append(Record("drown", f"{self._label(q)} drowns in the swamp.",
                                 piece=q["id"], seat=q["seat"], by=p["id"], at=self.xy(c),
                                 bump=b))
                self._kill(q, ev, "drowned")
            elif p["kind"] == "hunter" and not self.allied(q["seat"], p["seat"]):
                self._attack(p, q, ev)
        if p["carry"]:
            if self.bump_nug[c][b] > 0:
                self._sink(c, b, ev)
            for q in self.pieces:
                if q is not p and q["at"] == c and q["bump"] == b and q["carry"]:
                    q["carry"] = False
                    self.destroyed += 1
                    ev.append(Record("sink", "A nugget sinks into the swamp and is lost.",
                                     at=self.xy(c), bump=b))

    def _wade(self, p, ev: list) -> None:
        c = p["at"]
        ev.append(Record("step", f"{self._label(p)} wades on.", piece=p["id"], seat=p["seat"],
                         frm=self.xy(c), to=self.xy(c), by="wade", carry=p["carry"],
                         bump=p["bump"] + 1, kind="swamp"))
        self._enter_bump(p, c, p["bump"] + 1, ev)

    def _rest(self, p, ev: list) -> None:
        """``p`` comes to rest on its tile: attacks, the serpent; then the turn ends."""
        if self.current_player is None:
            return
        c = p["at"]
        owner = self._camp_of.get(c)
        k = "campfire" if owner is not None else self.data.kind_of[self.tile[c]]
        for q in self.pieces:
            if q is p or q["at"] != c or self.allied(q["seat"], p["seat"]):
                continue
            if owner == q["seat"] or (k == "wolf_den" and q["kind"] == "canine"):
                continue
            if q["kind"] == "canine" or p["kind"] == "hunter":
                self._attack(p, q, ev)
        if k == "serpent":
            if p["kind"] == "canine":
                trapped = [q for q in self.pieces if q["at"] == c and q["trapped"]
                           and q["seat"] == p["seat"]]
                if trapped:
                    self._free(trapped, p, ev)
                else:
                    p["trapped"] = True
                    ev.append(Record("trap", f"A serpent traps {self._label(p)}.",
                                     piece=p["id"], seat=p["seat"], at=self.xy(c)))
            else:
                trapped = [q for q in self.pieces if q["at"] == c and q["trapped"]
                           and q["seat"] == p["seat"]]
                if trapped:
                    self._free(trapped, p, ev)
        self._after_rest(ev)

    def _free(self, trapped, p, ev):
        for q in trapped:
            q["trapped"] = False
            ev.append(Record("free", f"{self._label(p)} frees {self._label(q)} from the serpent.",
                             piece=q["id"], by=p["id"], seat=p["seat"], at=self.xy(p["at"])))

    def _attack(self, p, q, ev: list) -> None:
        c = q["at"]
        in_swamp = q["bump"] >= 0
        if q["carry"]:
            q["carry"] = False
            self._drop(q, c, ev, "loses")
        if in_swamp and q["kind"] == "canine":
            ev.append(Record("attack", f"{self._label(p)} attacks {self._label(q)} in the swamp: "
                             "it drowns.", piece=p["id"], victim=q["id"], seat=p["seat"],
                             at=self.xy(c), died=True))
            self._kill(q, ev, "attacked in the swamp")
            return
        ev.append(Record("attack", f"{self._label(p)} attacks {self._label(q)}, which runs home.",
                         piece=p["id"], victim=q["id"], seat=p["seat"], at=self.xy(c),
                         died=False))
        self._send_home(q, ev, "attacked")

    def _send_home(self, q, ev: list, why: str) -> None:
        home = self.camps[q["seat"]]
        frm = q["at"]
        q["at"], q["bump"], q["trapped"] = home, -1, False
        stored = False
        if q["carry"]:
            q["carry"] = False
            self.stored[q["seat"]].append(self.round)
            stored = True
        ev.append(Record("home", f"{self._label(q)} is back at its campfire.", piece=q["id"],
                         seat=q["seat"], frm=self.xy(frm), to=self.xy(home), why=why,
                         stored=stored))
        if stored:
            ev.append(Record("store", f"{self._label(q)} brings a nugget home "
                             f"({_plural(len(self.stored[q['seat']]), 'nugget')} at the fire).",
                             seat=q["seat"], at=self.xy(home), piece=q["id"],
                             stored=len(self.stored[q["seat"]])))
            self._check_race(ev)

    def _kill(self, q, ev: list, why: str) -> None:
        c = q["at"]
        if q["carry"]:
            q["carry"] = False
            self._drop(q, c, ev, "loses")
        ev.append(Record("death", f"{self._label(q)} is out of the hunt.", piece=q["id"],
                         seat=q["seat"], at=self.xy(c), why=why))
        q["at"], q["bump"], q["trapped"], q["dead"] = None, -1, False, self.round

    def _move_camp(self, seat: int, to: int, ev: list) -> None:
        frm = self.camps[seat]
        self.camp_moves[seat] -= 1
        del self._camp_of[frm]
        self.tile[frm] = "empty"
        self.opened[frm] = True
        if self.tile[to] is not None:
            self.aside.append(self.tile[to])
        self.tile[to] = None
        self.rot[to] = 0
        self.opened[to] = True
        self.bump_nug.pop(to, None)
        self.camps[seat] = to
        self._camp_of[to] = seat
        moved = []
        for p in self.pieces:
            if p["seat"] == seat and p["at"] == frm:
                p["at"] = to
                moved.append(p["id"])
        ev.append(Record("move_camp", f"{self.names[seat]} moves its campfire to "
                         f"{self._xyt(to)} ({_plural(self.camp_moves[seat], 'move')} left).",
                         seat=seat, frm=self.xy(frm), to=self.xy(to), pieces=moved,
                         left=self.camp_moves[seat], stored=len(self.stored[seat])))

    def _after_rest(self, ev: list) -> None:
        if self.current_player is None:
            return
        self.pending = None
        self.step = "move"
        self._end_turn(ev)

    def _check_race(self, ev: list) -> None:
        if self.variant != "race" or self.current_player is None:
            return
        s = self.settings_target()
        for seat in range(self.players):
            if self.team_total(seat) >= s:
                team = [x for x in range(self.players) if self.allied(x, seat)]
                self._finish(team, "race", ev)
                return

    def settings_target(self) -> int:
        key = "race_target_alliance" if self.players == 4 and self.options.get("alliances") \
            else "race_target"
        return self.data.settings[key]

    def _finish(self, winners: list, reason: str, ev: list) -> None:
        self.winner_list = sorted(winners)
        self.end_reason = reason
        self.current_player = None
        self.step = "over"
        self.pending = None
        names = " and ".join(self.names[s] for s in self.winner_list)
        ev.append(Record("win", self.summary() or f"{names} win.", seats=list(self.winner_list),
                         reason=reason, totals=[self.team_total(s) for s in range(self.players)],
                         rounds=[self.team_rounds(s) for s in range(self.players)],
                         teams=list(self.teams)))

    def _ranking_end(self, reason: str, ev: list) -> None:
        best = max((self.team_total(s), self.team_rounds(s)) for s in range(self.players))
        self._finish([s for s in range(self.players)
                      if (self.team_total(s), self.team_rounds(s)) == best], reason, ev)

    def _plunder_over(self) -> bool:
        if any(p["carry"] for p in self.pieces):
            return False
        for c in range(self.n * self.n):
            if self.loose[c] and self.data.types[self.tile[c]]["kind"] != "bees":
                return False
            if not self.opened[c] and self.data.types[self.tile[c]]["kind"] == "gold":
                return False
        return not any(sum(b) for b in self.bump_nug.values())

    def _end_turn(self, ev: list) -> None:
        if self.current_player is None:
            return
        if self.variant == "plunder" and self.step != "camp" and self._plunder_over():
            self._ranking_end("plunder", ev)
            return
        nxt = self.current_player + 1
        if nxt == self.players:
            nxt = 0
            if self.step == "camp":
                self.step = "move"
            self.round += 1
            if self.round > self.data.settings["round_cap"]:
                ev.append(Record("round_cap", f"After {self.data.settings['round_cap']} rounds "
                                 "the hunt is over.", rounds=self.data.settings["round_cap"]))
                self._ranking_end("round_cap", ev)
                return
        self.current_player = nxt
        self._reinforce(nxt, ev)

    def _reinforce(self, seat: int, ev: list) -> None:
        delay = self.options["reinforcements"]
        if not delay or self.step == "camp":
            return
        for p in self.pieces[3 * seat:3 * seat + 3]:        # the seat's pieces
            if p["dead"] is not None and self.round - p["dead"] >= delay:
                p["dead"] = None
                p["at"] = self.camps[seat]
                ev.append(Record("reinforce", f"A new canine joins {self.names[seat]} at its "
                                 "campfire.", piece=p["id"], seat=seat,
                                 at=self.xy(self.camps[seat])))

    # ---- results --------------------------------------------------------------------------------
    def scores(self) -> list:
        return [len(self.stored[s]) for s in range(self.players)]

    def winners(self) -> list:
        return list(self.winner_list)

    def seat_teams(self) -> list:
        return list(self.teams)

    def ending(self) -> str:
        """How the game ended: "race" (a pack reached the target), "plunder" (every nugget
        stored or lost) or "round_cap" (the round cap ran out); "" while running."""
        return self.end_reason

    def summary(self) -> str:
        if not self.winner_list:
            return ""
        names = " and ".join(self.names[s] for s in self.winner_list)
        s = self.winner_list[0]
        total = self.team_total(s)
        why = {"race": f"reached {total} stored nuggets first",
               "plunder": f"stored the most gold ({total}) once all of it was home or lost",
               "round_cap": f"stored the most gold ({total}) when the "
                            f"{self.data.settings['round_cap']} rounds were over"}[self.end_reason]
        tied = [x for x in range(self.players) if not self.allied(x, s)
                and self.team_total(x) == total]
        extra = ""
        if any(not self.allied(x, s) for x in self.winner_list):
            # the tie-break left rival packs level: they share the win
            extra = (f"; the rounds of delivery are level too ({self.team_rounds(s)} each), "
                     f"so the win is shared")
        elif tied and self.end_reason != "race":
            extra = (f"; the tie was broken by the rounds of delivery "
                     f"({self.team_rounds(s)} against {max(self.team_rounds(x) for x in tied)})")
        verb = "win" if len(self.winner_list) > 1 else "wins"
        return f"{names} {verb}: {why}{extra}."

    # ---- views -----------------------------------------------------------------------------------
    def _cell_view(self, c: int):
        owner = self._camp_of.get(c)
        if owner is not None:
            return {"kind": "campfire", "seat": owner}
        if not self.opened[c]:
            return None
        tid = self.tile[c]
        spec = self.data.types[tid]
        out = {"kind": spec["kind"], "tile": tid}
        if spec["kind"] == "arrows":
            out["rot"] = self.rot[c]
            out["directions"] = [list(rotate_dir(d, self.rot[c])) for d in spec["directions"]]
        if spec["kind"] == "swamp":
            out["bumps"] = spec["bumps"]
            out["bump_nuggets"] = list(self.bump_nug[c])
        if spec["kind"] == "gold":
            out["found"] = spec["nuggets"]
        return out

    def view(self, seat) -> dict:
        """The same for every seat (nothing is secret between packs): opened tiles in ``cells``
        (None for a face-down tile), and in ``unseen`` the count of every tile type nobody has
        seen - the face-down tiles plus the ``aside`` tiles under campfires, which left play
        unseen - so ``from_view`` can deal them again at random."""
        unseen = Counter(self.aside)
        for c in range(self.n * self.n):
            if not self.opened[c]:
                unseen[self.tile[c]] += 1
        pend = None
        if self.pending:
            pend = {"piece": self.pending["piece"], "why": self.pending["why"],
                    "options": [self.xy(c) for c in self.pending["options"]],
                    "visited": [self.xy(c) for c in self.pending["visited"]]}
        return {
            "game": self.GAME_ID, "seat": seat, "players": self.players, "size": self.n,
            "names": list(self.names), "variant": self.variant, "options": dict(self.options),
            "current_player": self.current_player, "step": self.step, "round": self.round,
            "round_cap": self.data.settings["round_cap"], "target": self.settings_target(),
            "edges": list(self.edges), "teams": list(self.teams),
            "cells": [self._cell_view(c) for c in range(self.n * self.n)],
            "loose": [[c % self.n, c // self.n, v] for c, v in enumerate(self.loose) if v],
            "pieces": [{"id": p["id"], "seat": p["seat"], "kind": p["kind"],
                        "at": None if p["at"] is None else self.xy(p["at"]),
                        "carry": p["carry"], "bump": p["bump"], "trapped": p["trapped"],
                        "dead": p["dead"]} for p in self.pieces],
            "camps": [None if c is None else self.xy(c) for c in self.camps],
            "stored": [list(x) for x in self.stored], "camp_moves": list(self.camp_moves),
            "hunter_moved": list(self.hunter_moved),
            "unseen": dict(sorted(unseen.items())), "aside": len(self.aside),
            "face_down": sum(1 for c in range(self.n * self.n) if not self.opened[c]),
            "destroyed": self.destroyed, "pending": pend,
            "winners": list(self.winner_list), "end_reason": self.end_reason,
        }

    @classmethod
    def from_view(cls, view: dict, seed: int) -> "ForestState":
        obj = cls.__new__(cls)
        obj.players = view["players"]
        obj.seed = seed
        obj.variant = view["variant"]
        obj.options = dict(view["options"])
        obj.rng = random.Random(seed)
        obj.turn_number = 0
        obj.data = default_data()
        obj._blank(obj.players, view["size"])
        obj.current_player = view["current_player"]
        n = obj.n
        obj.names = list(view["names"])
        pool = [t for t, k in sorted(view["unseen"].items()) for _ in range(k)]
        obj.rng.shuffle(pool)
        for c, cv in enumerate(view["cells"]):
            if cv is None:
                t = pool.pop()
                obj.tile[c] = t
                obj.rot[c] = obj.rng.randrange(4) if obj.data.kind(t) == "arrows" else 0
            elif cv["kind"] == "campfire":
                obj.tile[c] = None
                obj.opened[c] = True
            else:
                obj.tile[c] = cv["tile"]
                obj.rot[c] = cv.get("rot", 0)
                obj.opened[c] = True
                if cv["kind"] == "swamp":
                    obj.bump_nug[c] = list(cv["bump_nuggets"])
        obj.aside = sorted(pool)
        for x, y, v in view["loose"]:
            obj.loose[y * n + x] = v
        for p, pv in zip(obj.pieces, view["pieces"]):
            p.update(carry=pv["carry"], bump=pv["bump"], trapped=pv["trapped"], dead=pv["dead"],
                     at=None if pv["at"] is None else pv["at"][1] * n + pv["at"][0])
        obj.camps = [None if c is None else c[1] * n + c[0] for c in view["camps"]]
        obj.stored = [list(x) for x in view["stored"]]
        obj.camp_moves = list(view["camp_moves"])
        obj.hunter_moved = list(view["hunter_moved"])
        obj.round = view["round"]
        obj.step = view["step"]
        obj.destroyed = view["destroyed"]
        pv = view["pending"]
        obj.pending = None if pv is None else {
            "piece": pv["piece"], "why": pv["why"],
            "options": [y * n + x for x, y in pv["options"]],
            "visited": [y * n + x for x, y in pv["visited"]]}
        obj.winner_list = list(view["winners"])
        obj.end_reason = view["end_reason"]
        obj._init_cache()
        return obj

    # ---- persistence -------------------------------------------------------------------------
    _FIELDS = ("names", "tile", "rot", "opened", "loose", "aside", "camps", "stored",
               "camp_moves", "hunter_moved", "round", "step", "destroyed", "winner_list",
               "end_reason")

    def _state_dict(self) -> dict:
        out = {k: getattr(self, k) for k in self._FIELDS}
        out = {k: (list(v) if isinstance(v, list) else v) for k, v in out.items()}
        out["stored"] = [list(x) for x in self.stored]
        out["size"] = self.n
        out["bump_nug"] = [[c, list(v)] for c, v in sorted(self.bump_nug.items())]
        out["pieces"] = [dict(p) for p in self.pieces]
        out["pending"] = None if self.pending is None else {
            "piece": self.pending["piece"], "why": self.pending["why"],
            "options": list(self.pending["options"]), "visited": list(self.pending["visited"])}
        return out

    def _load_state_dict(self, d: dict) -> None:
        _check_saved(self, d)

    def clone(self) -> "ForestState":
        new = ForestState.__new__(ForestState)
        new.__dict__.update(self.__dict__)
        self._share_rng(new)
        new.options = dict(self.options)
        for k in ("names", "tile", "rot", "opened", "loose", "aside", "camps", "camp_moves",
                  "hunter_moved", "winner_list", "edges", "teams"):
            setattr(new, k, list(getattr(self, k)))
        new.stored = [list(x) for x in self.stored]
        new.bump_nug = {c: list(v) for c, v in self.bump_nug.items()}
        new.pieces = [dict(p) for p in self.pieces]
        if self.pending is not None:
            new.pending = dict(self.pending, options=list(self.pending["options"]),
                               visited=list(self.pending["visited"]))
        new._init_cache()
        new._lab = self._lab          # the sentences' names (checked against names on use)
        return new


# ------------------------------------------------------------------------------------------
# strict loading of a saved state
# ------------------------------------------------------------------------------------------
def _need(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(what)


def _is_int(v, lo=None, hi=None) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and (lo is None or v >= lo) \
        and (hi is None or v <= hi)


def _int_list(v, length, lo, hi, what) -> list:
    _need(isinstance(v, list) and (length is None or len(v) == length)
          and all(_is_int(x, lo, hi) for x in v), f"the saved {what} are damaged")
    return list(v)


def _check_saved(obj: ForestState, d: dict) -> None:
    _need(isinstance(d, dict), "the saved state is not a mapping")
    _need(obj.variant in ("race", "plunder"), f"unknown mode {obj.variant!r}")
    _need(_is_int(obj.players, 2, 4), "a forest game has 2 to 4 packs")
    obj.data = data = default_data()
    specs = ForestState.describe_setup()[1]
    _need(isinstance(obj.options, dict) and set(obj.options) == {o["id"] for o in specs},
          "the saved options are damaged")
    for o in specs:
        v = obj.options[o["id"]]
        _need(any(v == c["id"] and type(v) is type(c["id"]) for c in o["choices"]),
              f"the saved option {o['id']} is damaged")
    missing = [k for k in (*ForestState._FIELDS, "size", "bump_nug", "pieces", "pending")
               if k not in d]
    _need(not missing, f"the saved game lacks {', '.join(missing)}")
    n = d["size"]
    _need(n == obj.options["size"] and n in data.mixes, "the saved forest size is damaged")
    current = obj.current_player
    obj._blank(obj.players, n)
    obj.current_player = current
    cells, P = n * n, obj.players
    _need(isinstance(d["names"], list) and len(d["names"]) == P
          and all(isinstance(x, str) for x in d["names"]), "the saved names are damaged")
    obj.names = list(d["names"])
    tile = d["tile"]
    _need(isinstance(tile, list) and len(tile) == cells
          and all(t is None or t in data.types for t in tile), "the saved tiles are damaged")
    aside = d["aside"]
    _need(isinstance(aside, list) and all(t in data.types for t in aside),
          "the saved tiles set aside are damaged")
    rest = Counter(t for t in tile if t is not None) + Counter(aside)
    rest.pop("empty", None)      # a campfire that moved leaves an extra Empty Forest behind
    _need(rest <= Counter(data.mixes[n]), "the saved tiles do not match the tile mix")
    obj.tile, obj.aside = list(tile), list(aside)
    obj.rot = _int_list(d["rot"], cells, 0, 3, "arrow turns")
    _need(isinstance(d["opened"], list) and len(d["opened"]) == cells
          and all(isinstance(x, bool) for x in d["opened"]), "the saved open tiles are damaged")
    obj.opened = list(d["opened"])
    obj.loose = _int_list(d["loose"], cells, 0, 200, "nuggets")
    obj.camps = list(d["camps"])
    _need(isinstance(obj.camps, list) and len(obj.camps) == P, "the saved campfires are damaged")
    edge = geometry(n)["edge"]
    for s, c in enumerate(obj.camps):
        _need(c is None or (_is_int(c) and c in edge[obj.edges[s]] and tile[c] is None),
              "a saved campfire is off its pack's edge")
    _need(sum(t is None for t in tile) == sum(c is not None for c in obj.camps),
          "the saved campfires do not match the tiles")
    _need(isinstance(d["stored"], list) and len(d["stored"]) == P, "the saved stores are damaged")
    obj.stored = [_int_list(x, None, 1, 10_000, "stores") for x in d["stored"]]
    obj.camp_moves = _int_list(d["camp_moves"], P, 0, data.settings["camp_moves"], "camp moves")
    _need(isinstance(d["hunter_moved"], list) and len(d["hunter_moved"]) == P
          and all(isinstance(x, bool) for x in d["hunter_moved"]), "the saved rests are damaged")
    obj.hunter_moved = list(d["hunter_moved"])
    _need(_is_int(d["round"], 1, data.settings["round_cap"] + 1), "the saved round is damaged")
    obj.round = d["round"]
    _need(d["step"] in STEPS, f"unknown step {d['step']!r}")
    obj.step = d["step"]
    _need(_is_int(d["destroyed"], 0, 10_000), "the saved count of lost nuggets is damaged")
    obj.destroyed = d["destroyed"]
    obj.winner_list = _int_list(d["winner_list"], None, 0, P - 1, "winners")
    _need(d["end_reason"] in ("", "race", "plunder", "round_cap"), "the saved end is damaged")
    obj.end_reason = d["end_reason"]
    bn = d["bump_nug"]
    _need(isinstance(bn, list), "the saved swamps are damaged")
    obj.bump_nug = {}
    for e in bn:
        _need(isinstance(e, list) and len(e) == 2 and _is_int(e[0], 0, cells - 1)
              and obj.tile[e[0]] is not None and data.kind(obj.tile[e[0]]) == "swamp"
              and obj.opened[e[0]], "the saved swamps are damaged")
        obj.bump_nug[e[0]] = _int_list(e[1], data.types[obj.tile[e[0]]]["bumps"], 0, 1,
                                       "swamp nuggets")
    pieces = d["pieces"]
    _need(isinstance(pieces, list) and len(pieces) == 3 * P, "the saved pieces are damaged")
    for p, q in zip(obj.pieces, pieces):
        _need(isinstance(q, dict) and set(q) == set(p) and q["id"] == p["id"]
              and q["seat"] == p["seat"] and q["kind"] == p["kind"],
              "the saved pieces are damaged")
        _need((q["at"] is None or _is_int(q["at"], 0, cells - 1))
              and isinstance(q["carry"], bool) and isinstance(q["trapped"], bool)
              and _is_int(q["bump"], -1, 8) and (q["dead"] is None or _is_int(q["dead"], 1)),
              f"the saved piece {p['id']} is damaged")
        if q["bump"] >= 0:
            _need(q["at"] in obj.bump_nug and q["bump"] < len(obj.bump_nug[q["at"]]),
                  f"the saved piece {p['id']} stands on a bump that does not exist")
        _need(q["at"] is None or obj.opened[q["at"]], f"the saved piece {p['id']} stands on a "
              "face-down tile")
        p.update(q)
    pend = d["pending"]
    if pend is not None:
        _need(isinstance(pend, dict) and set(pend) == {"piece", "why", "options", "visited"}
              and pend["piece"] in {p["id"] for p in obj.pieces} and pend["why"] in CHOICES,
              "the saved choice is damaged")
        pend = {"piece": pend["piece"], "why": pend["why"],
                "options": _int_list(pend["options"], None, 0, cells - 1, "choices"),
                "visited": _int_list(pend["visited"], None, 0, cells - 1, "chain")}
    obj.pending = pend
    _need((obj.step == "choose") == (pend is not None), "the saved choice does not fit the step")
    _need((obj.current_player is None) == (obj.step == "over"),
          "the current player does not fit the step")
    _need(obj.current_player is None or _is_int(obj.current_player, 0, P - 1),
          "bad current player")
    obj._init_cache()


__all__ = ["ForestState", "ForestData", "load_data", "default_data", "geometry", "KINDS",
           "DIRS", "rotate_dir"]
