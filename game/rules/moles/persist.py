"""Mole Dig: the saved state - what ``to_dict`` writes of a game, and the check of one read
back from a file with ``rules/check.py`` (``MolesPersist``, a part of ``MolesState``); anything
wrong raises ValueError naming the field."""
from __future__ import annotations

from .board import LAST_RESORT_ROUNDS, LAYER_COUNT, _default_board


class MolesPersist:
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
        from .. import check as C
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
