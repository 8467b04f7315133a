"""Hamster Burrow: the saved state - what ``to_dict`` writes of a game, and the check of one
read back from a file with ``rules/check.py`` (``HamsterPersist``, a part of
``HamsterState``); anything wrong raises ValueError naming the field."""
from __future__ import annotations

from .sheet import SIDES, STEPS, default_sheet


class HamsterPersist:
    # ---- persistence ------------------------------------------------------------------------
    def _state_dict(self) -> dict:
        def cells(s):
            out = []
            for c, m in zip(self.sheet.chambers, self.marks[s]):
                out.extend([x, y] for x, y in c.cells_of(m))
            return out

        return {
            "names": list(self.names),
            "crosses": [cells(s) for s in range(self.players)],
            "one_used": list(self.one_used),
            "this_roll": [None if p is None else
                          [[x, y] for x, y in self.sheet.chambers[p[0]].cells_of(p[1])]
                          for p in self.pending],
            "pending_one": list(self.pending_one), "decided": list(self.decided),
            "turn": self.turn, "roll": self.roll, "step": self.step, "deciding": self.deciding,
            "timer_active": self.timer_active, "timer_pass": self.timer_pass,
            "timer_crossed": self.timer_crossed, "timer_circled": self.timer_circled,
            "winners": list(self.winner_list),
        }

    def _load_state_dict(self, d: dict) -> None:
        if self.variant not in SIDES:
            raise ValueError(f"unknown side {self.variant!r}")
        if not 1 <= self.players <= 6:
            raise ValueError("bad player count")
        if self.options.get("first_cross", "start") not in ("start", "any"):
            raise ValueError("bad first_cross option")
        from .. import check as C
        self.sheet = default_sheet(self.variant)
        n = self.players
        self.names = C.texts(C.get(d, "names"), "names", n, max_len=200)
        n_ch = len(self.sheet.chambers)
        self.marks = [[0] * n_ch for _ in range(n)]
        n_cells = sum(len(c.cells) for c in self.sheet.chambers)
        C.seq(C.get(d, "crosses"), "crosses", n)
        for s in range(n):
            cells = C.seq(d["crosses"][s], f"crosses[{s}]", hi=n_cells)
            for i, c in enumerate(cells):
                C.ints(c, f"crosses[{s}][{i}]", 2, 0, 100)
            self._mark_cells(s, [list(c) for c in cells])
        self.one_used = C.ints(C.get(d, "one_used"), "one_used", n, 0, 100)
        rolls = C.seq(C.get(d, "this_roll"), "this_roll", n)
        for s, p in enumerate(rolls):
            if p is not None:
                for i, c in enumerate(C.seq(p, f"this_roll[{s}]", hi=n_cells)):
                    C.ints(c, f"this_roll[{s}][{i}]", 2, 0, 100)
        self.pending = [None if p is None else self._pending_of(s, [list(c) for c in p])
                        for s, p in enumerate(rolls)]
        self.pending_one = C.ints(C.get(d, "pending_one"), "pending_one", n, 0, 100)
        decided = C.seq(C.get(d, "decided"), "decided", n)
        self.decided = [C.boolean(x, f"decided[{i}]") for i, x in enumerate(decided)]
        self.turn = C.integer(C.get(d, "turn"), "turn", 0, 10 ** 6)
        roll = C.get(d, "roll")
        self.roll = None if roll is None else C.integer(roll, "roll", 1, 6)
        self.step = C.text(C.get(d, "step"), "step", 40)
        self.deciding = C.integer(C.get(d, "deciding"), "deciding", 0, n)
        self.timer_active = C.boolean(C.get(d, "timer_active"), "timer_active")
        tp = C.get(d, "timer_pass")
        self.timer_pass = None if tp is None else C.integer(tp, "timer_pass", 1, 2)
        self.timer_crossed = C.integer(C.get(d, "timer_crossed"), "timer_crossed", 0)
        self.timer_circled = C.integer(C.get(d, "timer_circled"), "timer_circled", 0)
        self.winner_list = C.ints(C.get(d, "winners"), "winners", None, 0, n - 1, n)
        if len(set(self.winner_list)) != len(self.winner_list):
            C.bad("winners", "a seat is listed twice")
        L = self.timer_length
        if (len(self.names) != n or len(self.one_used) != n or len(self.pending) != n
                or len(self.pending_one) != n or len(self.decided) != n):
            raise ValueError("inconsistent saved game")
        if self.step not in STEPS:
            raise ValueError(f"unknown step {self.step!r}")
        if (self.current_player is None) != (self.step == "over"):
            raise ValueError("inconsistent turn information")
        if any(p is not None and not dec for p, dec in zip(self.pending, self.decided)):
            raise ValueError("crosses of this roll from a seat that has not decided")
        if self.step == "choose":
            if sum(self.decided) != self.deciding or any(self.decided[(self.turn + k) % n]
                                                         != (k < self.deciding) for k in range(n)):
                raise ValueError("inconsistent decisions")
            if self.roll not in range(1, 7) or not 0 <= self.deciding < n \
                    or self.current_player != (self.turn % n + self.deciding) % n:
                raise ValueError("inconsistent decision order")
        elif self.step == "roll" and self.current_player != self.turn % n:
            raise ValueError("the wrong seat is to roll")
        if not all(0 <= u <= self.sheet.one_row for u in self.one_used) \
                or not all(0 <= k <= u for k, u in zip(self.pending_one, self.one_used)):
            raise ValueError("bad 1-row counts")
        if not (0 <= self.timer_crossed <= L and 0 <= self.timer_circled <= L and self.turn >= 0):
            raise ValueError("bad timer")
        if (n == 1) != (self.timer_pass is not None) or self.timer_pass not in (None, 1, 2):
            raise ValueError("bad timer pass")
        if not all(0 <= w < n for w in self.winner_list) or \
                (self.step == "over") != bool(self.winner_list):
            raise ValueError("bad winners")
        self._legal = None
        self._legal_masks = None
