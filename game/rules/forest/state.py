"""Forest Gold: ``ForestState``, the contract of the rules (set-up, the small queries,
results, views, a copy); its legal actions are in ``legal.py``, carrying them out in
``play.py`` and ``chain.py``, the save in ``persist.py``."""
from __future__ import annotations

import random
from collections import Counter

from ..base import GameState, IllegalAction
from . import persist
from .board import geometry
from .chain import ForestChain
from .data import EDGES, ForestData, default_data, rotate_dir
from .legal import ForestLegal
from .play import ForestPlay


class ForestState(ForestLegal, ForestPlay, ForestChain, GameState):
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

    def _seen_kind(self, c: int) -> str:
        """The kind of tile ``c`` as everybody sees it now ("face_down" if not yet open)."""
        if c in self._camp_of:
            return "campfire"
        return self.data.kind_of[self.tile[c]] if self.opened[c] else "face_down"

    def _xyt(self, c: int) -> str:
        return self._xyt_s[c]

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
    def _cell_view(self, c: int, face_down_too: bool = False):
        owner = self._camp_of.get(c)
        if owner is not None:
            return {"kind": "campfire", "seat": owner}
        if not self.opened[c] and not face_down_too:
            return None
        tid = self.tile[c]
        spec = self.data.types[tid]
        out = {"kind": spec["kind"], "tile": tid}
        if spec["kind"] == "arrows":
            out["rot"] = self.rot[c]
            out["directions"] = [list(rotate_dir(d, self.rot[c])) for d in spec["directions"]]
        if spec["kind"] == "swamp":
            out["bumps"] = spec["bumps"]
            out["bump_nuggets"] = list(self.bump_nug.get(c) or [0] * spec["bumps"])
        if spec["kind"] == "gold":
            out["found"] = spec["nuggets"]
        return out

    def open_view(self) -> dict:
        """Everything open: every face-down tile shown face up with ``"face_down": True``, and
        in ``aside_tiles`` the kinds of the tiles under the campfires (left play unseen)."""
        v = self.view(None)
        cells = v["cells"]
        for c in range(self.n * self.n):
            if cells[c] is None and self.tile[c] is not None:
                cells[c] = dict(self._cell_view(c, True), face_down=True)
        v["aside_tiles"] = sorted(self.data.kind(t) for t in self.aside)
        v["open"] = True
        return v

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

    # ---- persistence (persist.py) ----------------------------------------------------------
    def _state_dict(self) -> dict:
        return persist.state_dict(self)

    def _load_state_dict(self, d: dict) -> None:
        persist.load(self, d)

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

