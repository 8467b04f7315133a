"""Mole Dig: carrying an action out - placing, turning discs over, keeping, moving, the
bonus move - and the end of a turn, the lift of a layer and the win (``MolesPlay``, a part of
``MolesState``: it changes the state's fields)."""
from __future__ import annotations

from ..base import IllegalAction, Rec, Record
from .board import LAST_RESORT_ROUNDS, LAYER_COUNT, _BITS, _pt


class MolesPlay:
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
            bit = _BITS[p]
            self._seat_bits[seat] |= bit
            self._bits |= bit
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
        if not self.face_down[seat]:
            self._reshuffle_if_needed(seat, ev)
        fd = self.face_down[seat]
        if not self.options.get("championship") and fd:     # one disc (the usual game)
            v = fd.pop(self.rng.randrange(len(fd)))
            self.face_up[seat].append(v)
            self.pending = turned = [v]
            ev.append(Rec(type="disc", seat=seat, values=turned, chance=True,
                          bonus=self.in_bonus, text=f"{self.names[seat]} turns over a {v}."))
            self._enter_move(seat, ev)
            return
        want = 2 if self.options.get("championship") else 1
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
        bonus = self.in_bonus
        e = None
        if (moves is not None and moves[0] == (seat, value, bonus)
                and 0 <= index < len(moves[1])):
            e = moves[1][index]
            if e[1] != start or e[2] != dest:
                e = None
        if e is None:   # the entry of the layer's table for this move
            e = next(x for x in self._layers[self.layer]["steps"][value][start] if x[2] == dest)
        _, _, _, path, words, on_big, _, into_hole = e
        m = self._occ.pop(start)
        m["at"] = [dest[0], dest[1]]
        self._occ[dest] = m
        flip = _BITS[start] | _BITS[dest]
        self._seat_bits[seat] ^= flip
        self._bits ^= flip
        layer = self._layers[self.layer]
        name = self.names[seat]
        ev.append(Rec(type="move", seat=seat, mole=m["id"], frm=[start[0], start[1]],
                      to=[dest[0], dest[1]],
                      path=[[start[0], start[1]]] + [[p[0], p[1]] for p in path],
                      hole=into_hole, big=on_big, bonus=bonus,
                      out=start in layer["holeset"],
                      text=f"{name} moves a mole {value} point{'s' if value > 1 else ''} from "
                           f"{words}{' (bonus move)' if bonus else ''}."))
        self.pending = []
        if into_hole:
            if self.layer == LAYER_COUNT - 1:
                self._win(seat, ev, f"{name}'s mole was the first to drop into the last hole "
                          "and claims the golden shovel.", mole=m["id"])
                return
            if self._bits & layer["holebits"] == layer["holebits"]:
                self._lift(ev)
                if self.current_player is None:
                    return
                self._end_turn(ev, moved=True)
                return
        if on_big and not bonus:
            self.step = "bonus"
            return
        self._end_turn(ev, moved=True)

    def _end_turn(self, ev: list, moved: bool) -> None:
        seat = self.current_player
        self.in_bonus = False
        self.pending = []
        self.step = "turn"
        self.idle_turns = 0 if moved else self.idle_turns + 1
        self.layer_turns += 1
        if not self.face_down[seat]:
            self._reshuffle_if_needed(seat, ev)
        # seats with moles on the board, and those with a mole outside the holes
        outside = ~self._layers[self.layer]["holebits"]
        active = free = 0
        for b in self._seat_bits:
            if b:
                active += 1
                if b & outside:
                    free += 1
        if active > 1 and free == 1 and self._seat_bits[seat] & outside:
            self.lone_turns += 1   # every other player waits in holes for this one
        if self.lone_turns >= len(self.board.discs):
            ev.append(Record("stuck", f"{self.names[seat]} has had a whole round of discs while "
                             "everyone else waited in holes: the layer is lifted as if it were "
                             "full.", reason="lone_round"))
            self._lift(ev)
        elif self.layer_turns >= LAST_RESORT_ROUNDS * max(1, active):
            ev.append(Record("stuck", f"This layer has lasted {LAST_RESORT_ROUNDS} rounds without "
                             "being filled: it is lifted as if it were full.",
                             reason="last_resort"))
            self._lift(ev)
        if self.current_player is None:
            return
        self._begin_turn(ev, (seat + 1) % self.players)

    def _begin_turn(self, ev: list, seat: int) -> None:
        """Find the next seat that can act, starting at ``seat``; skip those that cannot.
        When no disc value gives anyone a legal move, the layer is lifted first."""
        players = self.players
        for _ in range(LAYER_COUNT + 1):   # each lift moves one layer down (or ends the game)
            seat_bits = self._seat_bits
            outside = ~self._layers[self.layer]["holebits"]
            # whether some disc value gives some seat with a mole outside the holes a move (the
            # seats in turn order from ``seat``: the first one usually can)
            movers = can = False
            for k in range(players):
                s = (seat + k) % players
                if seat_bits[s] & outside:
                    movers = True
                    if self._seat_can_move(s):
                        can = True
                        break
            if not can:
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
            for k in range(players):
                s = (seat + k) % players
                b = seat_bits[s]
                if not b:
                    continue
                if not b & outside:
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
        self._count_bits()
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
