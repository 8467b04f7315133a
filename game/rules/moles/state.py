"""Mole Dig: ``MolesState``, the contract of the rules (set-up, the queries of who can move
where, the legal actions, results, views, a copy); carrying actions out is in ``play.py``, the
save in ``persist.py``."""
from __future__ import annotations

from ..base import GameState, Rec, Record
from .board import Board, LAYER_COUNT, _BITS, _default_board, _layer_of
from .persist import MolesPersist
from .play import MolesPlay


class MolesState(MolesPlay, MolesPersist, GameState):
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
        self._count_bits()
        self._legal = None
        self._moves_cache = None
        self._values = tuple(sorted(set(self.board.discs)))
        self._per_seat = len(self.moles) // self.players   # self.moles: seat by seat

    def _count_bits(self) -> None:
        """The occupancy as bit masks (``_BITS``), from ``_occ``: ``_seat_bits`` per seat and
        ``_bits`` of every mole; ``apply`` keeps them up to date with ``_occ``."""
        seat_bits = [0] * self.players
        for p, m in self._occ.items():
            seat_bits[m["seat"]] |= _BITS[p]
        self._seat_bits = seat_bits
        bits = 0
        for b in seat_bits:
            bits |= b
        self._bits = bits

    def _seat_state(self):
        """(moles on the board, has a mole outside the holes) per seat."""
        holes = self._layers[self.layer]["holebits"]
        seat_bits = self._seat_bits
        return ([b.bit_count() for b in seat_bits],
                [(b | holes) != holes for b in seat_bits])

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
        """Every legal move of ``value`` (see ``_list_moves``); cached until the next action
        (``_enter_move`` computes it and ``legal_actions`` reuses it)."""
        key = (seat, value, bonus)
        if self._moves_cache is not None and self._moves_cache[0] == key:
            return self._moves_cache[1]
        out = self._list_moves(seat, value, bonus)
        self._moves_cache = (key, out)
        return out

    def _list_moves(self, seat: int, value: int, bonus: bool, first: bool = False) -> list:
        """Every legal move of ``value``, as entries of the layer's ``steps`` table (mask,
        start, dest, path, words, big, dotted_off, hole), in the order of the seat's moles and
        their rays (``first``: only the first one, if any)."""
        table = self._layers[self.layer]["steps"].get(value)
        if table is None:
            return []
        occ = self._bits
        n = self._per_seat
        out = [e for m in self.moles[seat * n:(seat + 1) * n] if (at := m["at"]) is not None
               for e in table[at[0], at[1]] if not occ & e[0]]
        if bonus:
            out = [e for e in out if not e[5]]          # a bonus move never ends on a big space
        if self.players == 2 and self.layer == LAYER_COUNT - 1:
            out = [e for e in out if not e[6]]          # dotted lines lead into holes only
        return out[:1] if first else out

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
        occ = self._bits
        runs = layer["runs"]
        values = self._values
        low = values[0]
        dotted_rule = self.players == 2 and self.layer == LAYER_COUNT - 1
        holes = layer["holeset"]
        n = self._per_seat
        for m in self.moles[seat * n:(seat + 1) * n]:
            at = m["at"]
            if at is None:
                continue
            for ray, style, prefix in runs[(at[0], at[1])]:
                # the disc of ``low`` needs the first ``low`` points free
                if len(ray) < low or occ & prefix[low - 1]:
                    continue
                if not (dotted_rule and style == "dotted"):
                    return True
                for v in values:
                    if v > len(ray) or occ & prefix[v - 1]:
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
            occ = self._occ
            text = name + " places a mole at "
            acts = [Rec(type="place", at=[p[0], p[1]], text=text + label)
                    for p, label in self.current_layer["places"] if p not in occ]
        elif self.step == "turn":
            acts = [Rec(type="turn", text=f"{name} turns over a disc")]
        elif self.step == "keep":
            values = sorted(set(self.pending))
            live = [v for v in values if self.can_move(seat, v, self.in_bonus)]
            # a disc that gives a legal move must be kept: no dodging with a dead disc
            acts = [Record("keep", f"{name} keeps the {v}", value=v) for v in (live or values)]
        elif self.step == "move":
            value = self.pending[0]
            head = f"{name} moves a mole {value} from "
            acts = [Rec(type="move", frm=[start[0], start[1]], to=[dest[0], dest[1]],
                        text=head + words)
                    for _, start, dest, _, words, _, _, _ in self._moves_for(
                        seat, value, self.in_bonus)]
        elif self.step == "bonus":
            acts = [Record("bonus", f"{name} takes the bonus move"),
                    Record("pass", f"{name} passes on the bonus move")]
        return acts

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
                "rotation": L["rotation"], "holes": [[x, y] for x, y in L["holes"]],
                "big": [[x, y] for x, y in L["big"]],
                "lines": None if L["lines"] is None else [
                    {"style": ln["style"], "points": [[x, y] for x, y in ln["points"]]}
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

    def open_view(self) -> dict:
        """Nothing is hidden in Mole Dig (every player knows which disc values each one has
        left), so everything open is the spectator's view."""
        return dict(self.view(None), open=True)

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

    def clone(self) -> "MolesState":
        new = MolesState.__new__(MolesState)
        new.__dict__.update(self.__dict__)
        self._share_rng(new)
        new.options = dict(self.options)
        new.rotations = list(self.rotations)
        new.names = list(self.names)
        new.moles = moles = list(map(dict, self.moles))
        new.to_place = list(self.to_place)
        new.face_down = list(map(list, self.face_down))
        new.face_up = list(map(list, self.face_up))
        new.pending = list(self.pending)
        new.eliminated_at = list(self.eliminated_at)
        new._occ = {(at[0], at[1]): m for m in moles if (at := m["at"]) is not None}
        new._seat_bits = list(self._seat_bits)
        new._legal = None
        new._moves_cache = None
        return new  # _layers geometry is immutable and shared
