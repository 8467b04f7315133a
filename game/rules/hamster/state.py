"""Hamster Burrow: ``HamsterState``, the contract of the rules (set-up, the timer, the score
breakdown, results, views, a copy); the legal actions and the turn are in ``play.py``, the
save in ``persist.py``."""
from __future__ import annotations

import random

from ..base import GameState
from .persist import HamsterPersist
from .play import HamsterPlay
from .sheet import Sheet, default_sheet


class HamsterState(HamsterPlay, HamsterPersist, GameState):
    EVENT_TYPES = {
        "roll": "seat, value, chance: the die is rolled",
        "cross": "seat, cells, chamber, first, slots: cells of a chamber are crossed (slots: "
                 "1-row slots spent on a 1)",
        "pass": "seat, value: the roll cannot be used",
        "chamber_full": "seat, chamber, points: a chamber is full",
        "timer": "boxes, length, circled, pass: a timer box is circled or crossed",
        "timer_on": "pass, seats: the timer (or its second round) starts",
        "turn_end": "turn: everyone has chosen for this roll; the crosses are shown",
        "end": "scores, winners: the game ends",
    }
    GAME_ID = "hamster"
    TITLE = "Hamster Burrow"
    PLAYERS = (1, 6)
    FORMAT = 1

    @classmethod
    def describe_setup(cls):
        sheet = default_sheet("A")      # both sides have the same timer (a data test says so)
        full, short = sheet.timer, sheet.short_timer
        variants = [{"id": "A", "label": "Side A (tidy chambers)"},
                    {"id": "B", "label": "Side B (crooked chambers)"}]
        options = [{"id": "first_cross", "label": "First cross",
                    "choices": [{"id": "start", "label": "In the start chamber"},
                                {"id": "any", "label": "In any chamber"}],
                    "default": "start"},
                   {"id": "timer", "label": "Timer",
                    "choices": [{"id": "full", "label": f"Full timer ({full} boxes)"},
                                {"id": "short", "label": f"Short timer ({short} boxes)"}],
                    "default": "full"}]
        return variants, options

    @property
    def timer_length(self) -> int:
        """Timer boxes in play: the sheet's count, or its short count with the short timer."""
        if self.options.get("timer") == "short":
            return self.sheet.short_timer
        return self.sheet.timer

    def __init__(self, players: int, seed=None, variant=None, options=None,
                 sheet: Sheet | None = None):
        super().__init__(players, seed, variant, options)
        self.sheet = sheet or default_sheet(self.variant)
        self.names = [f"Player {i + 1}" for i in range(players)]
        n = len(self.sheet.chambers)
        self.marks = [[0] * n for _ in range(players)]     # crossed mask per chamber
        self.one_used = [0] * players                        # 1-row slots used (this roll too)
        self.pending: list = [None] * players                # (chamber, mask) crossed this roll
        self.pending_one = [0] * players                     # slots spent this roll
        self.decided = [False] * players
        self.turn = 0
        self.roll: int | None = None
        self.step = "roll"
        self.deciding = 0                                    # how many seats decided this roll
        self.timer_active = players == 1
        self.timer_pass = 1 if players == 1 else None
        self.timer_crossed = 0
        self.timer_circled = 0
        self.winner_list: list = []
        self.current_player = 0
        self._legal = None
        self._legal_masks = None

    # ---- queries ----------------------------------------------------------------------------
    @property
    def roller(self) -> int:
        return self.turn % self.players

    def chambers_started(self, seat: int) -> int:
        return sum(1 for m in self.marks[seat] if m)

    def _visible_marks(self, seat: int, viewer) -> list:
        marks = self.marks[seat]
        pend = self.pending[seat]
        if pend is None or viewer == seat:
            return marks
        marks = list(marks)
        marks[pend[0]] &= ~pend[1]
        return marks

    def _breakdown(self, marks: list) -> dict:
        chambers = mushrooms = nuts = 0
        for c, m in zip(self.sheet.chambers, marks):
            if m == c.full:
                chambers += c.points
            if m & c.mushrooms:
                mushrooms += bin(m & c.mushrooms).count("1")
            if m & c.nuts:
                nuts += bin(m & c.nuts).count("1")
        nut_pts = self.sheet.nut_points[nuts - 1] if nuts else 0
        return {"chambers": chambers, "mushrooms": mushrooms, "nuts": nut_pts,
                "total": chambers + mushrooms + nut_pts}

    def breakdown(self, seat: int) -> dict:
        """Score parts of ``seat`` as everybody knows them (crosses of the running roll that
        are still hidden do not count yet): chambers, mushrooms, nuts, total."""
        return self._breakdown(self._visible_marks(seat, None))

    def _rank(self) -> list:
        """Seats grouped by the rulebook order: total, then chambers, mushrooms, nuts."""
        keys = {}
        for s in range(self.players):
            b = self.breakdown(s)
            keys[s] = (b["total"], b["chambers"], b["mushrooms"], b["nuts"])
        order = sorted(keys.values(), reverse=True)
        groups = []
        for k in sorted(set(order), reverse=True):
            groups.append([s for s in range(self.players) if keys[s] == k])
        return groups

    # ---- results ------------------------------------------------------------------------------
    def scores(self) -> list:
        return [self.breakdown(s)["total"] for s in range(self.players)]

    def open_scores(self) -> list:
        """With this roll's crosses still hidden from the others counted too."""
        return [self._breakdown(self.marks[s])["total"] for s in range(self.players)]

    def winners(self) -> list:
        return list(self.winner_list) if self.step == "over" else []

    def result_facts(self) -> dict:
        return {"breakdown": [self.breakdown(s) for s in range(self.players)]}

    def summary(self) -> str:
        if self.step != "over":
            return ""
        groups = self._rank()
        best = groups[0]
        b = self.breakdown(best[0])
        if self.players == 1:
            return (f"{self.names[0]} scored {b['total']} points ({b['chambers']} for chambers, "
                    f"{b['mushrooms']} for mushrooms, {b['nuts']} for nuts).")
        names = " and ".join(self.names[s] for s in best)
        if len(best) > 1:
            return (f"{names} share the win with {b['total']} points each, equal on every "
                    f"tie-break.")
        # why: the total, or the first tie-break that decides
        rivals = [s for s in range(self.players) if s not in best]
        rb = [self.breakdown(s) for s in rivals]
        text = f"{names} wins with {b['total']} points"
        if any(r["total"] == b["total"] for r in rb):
            for part, label in (("chambers", "chamber"), ("mushrooms", "mushroom"),
                                ("nuts", "nut")):
                tied = [r for r in rb if r["total"] == b["total"]]
                if any(r[part] != b[part] for r in tied) or part == "nuts":
                    text += f" (tied on points, but ahead on {label} points)"
                    break
        return text + (f": {b['chambers']} for chambers, {b['mushrooms']} for mushrooms, "
                       f"{b['nuts']} for nuts.")

    # ---- views --------------------------------------------------------------------------------
    def view(self, seat) -> dict:
        return self._view(seat, False)

    def open_view(self) -> dict:
        """Everything open: every sheet as its owner sees it, with the crosses chosen for this
        roll before they are shown (``this_roll``: the ones still secret then)."""
        v = self._view(None, True)
        v["open"] = True
        return v

    def _view(self, seat, everything: bool) -> dict:
        sheets = []
        for s in range(self.players):
            own = s == seat or everything
            marks = self._visible_marks(s, s if own else seat)
            crosses = []           # (y, x): row by row, as the sheet is read
            for c, m in zip(self.sheet.chambers, marks):
                if m:
                    crosses.extend(c.yx_of(m))
            crosses.sort()
            used = self.one_used[s] - (0 if own else self.pending_one[s])
            pend = self.pending[s] if own else None
            this_roll = [] if pend is None else [
                [x, y] for x, y in self.sheet.chambers[pend[0]].cells_of(pend[1])]
            sheets.append({"crosses": [[x, y] for y, x in crosses], "one_row_used": used,
                           "decided": self.decided[s], "breakdown": self._breakdown(marks),
                           "this_roll": this_roll,
                           "one_row_this_roll": self.pending_one[s] if own else 0})
        return {
            "game": self.GAME_ID, "seat": seat, "players": self.players,
            "names": list(self.names), "variant": self.variant, "sheet": self.sheet.to_view(),
            "current_player": self.current_player, "step": self.step, "turn": self.turn,
            "roller": self.roller, "roll": self.roll, "sheets": sheets,
            "timer": {"active": self.timer_active, "crossed": self.timer_crossed,
                      "length": self.timer_length, "pass": self.timer_pass,
                      "circled": self.timer_circled},
            "first_cross": self.options.get("first_cross", "start"),
            "timer_option": self.options.get("timer", "full"),
            "winners": self.winners(),
        }

    @classmethod
    def from_view(cls, view: dict, seed: int) -> "HamsterState":
        obj = cls.__new__(cls)
        obj.players = int(view["players"])
        obj.seed = seed
        obj.variant = view["variant"]
        obj.options = {"first_cross": view.get("first_cross", "start"),
                       "timer": view.get("timer_option", "full")}
        obj.rng = random.Random(seed)
        obj.turn_number = 0
        obj.current_player = view["current_player"]
        obj.sheet = default_sheet(obj.variant)
        obj.names = list(view["names"])
        n = len(obj.sheet.chambers)
        obj.marks = [[0] * n for _ in range(obj.players)]
        obj.pending = [None] * obj.players
        obj.pending_one = [0] * obj.players
        obj.one_used = [0] * obj.players
        for s, sh in enumerate(view["sheets"]):
            obj._mark_cells(s, sh["crosses"])
            obj.one_used[s] = int(sh["one_row_used"])
            if sh.get("this_roll"):
                obj.pending[s] = obj._pending_of(s, sh["this_roll"])
            obj.pending_one[s] = int(sh.get("one_row_this_roll", 0))
        obj.decided = [bool(sh["decided"]) for sh in view["sheets"]]
        obj.turn = int(view["turn"])
        obj.roll = view["roll"]
        obj.step = view["step"]
        obj.deciding = sum(obj.decided) if obj.step == "choose" else 0
        t = view["timer"]
        obj.timer_active = bool(t["active"])
        obj.timer_pass = t["pass"]
        obj.timer_crossed = int(t["crossed"])
        obj.timer_circled = int(t["circled"])
        obj.winner_list = list(view.get("winners") or [])
        obj._legal = None
        obj._legal_masks = None
        return obj

    def _mark_cells(self, seat: int, cells) -> None:
        cc = self.sheet.cell_chamber
        for v in cells:
            p = (int(v[0]), int(v[1]))
            if p not in cc:
                raise ValueError(f"a cross on rock at {list(p)}")
            c = self.sheet.chambers[cc[p]]
            self.marks[seat][c.index] |= c.bit[p]

    def _pending_of(self, seat: int, cells):
        cc = self.sheet.cell_chamber
        ci, mask = None, 0
        for v in cells:
            p = (int(v[0]), int(v[1]))
            if p not in cc or (ci is not None and cc[p] != ci):
                raise ValueError("the crosses of one roll must lie in one chamber")
            ci = cc[p]
            mask |= self.sheet.chambers[ci].bit[p]
        if ci is None or self.marks[seat][ci] & mask != mask:
            raise ValueError("a cross of this roll is missing from the sheet")
        return (ci, mask)

    def clone(self) -> "HamsterState":
        new = HamsterState.__new__(HamsterState)
        new.__dict__.update(self.__dict__)
        self._share_rng(new)
        new.options = dict(self.options)
        new.names = list(self.names)
        new.marks = [list(m) for m in self.marks]
        new.one_used = list(self.one_used)
        new.pending = list(self.pending)
        new.pending_one = list(self.pending_one)
        new.decided = list(self.decided)
        new.winner_list = list(self.winner_list)
        new._legal = None
        new._legal_masks = None
        return new   # the sheet is immutable and shared


# ------------------------------------------------------------------------------------------
# why a cell or the pass cannot be chosen (the screen shows this; the legality is legal_actions)
