"""Forest Gold: carrying out an action - steps, nuggets taken, dropped and stored, attacks,
the serpent, swamps, the campfire's move - and the end of a turn, of a round and of the game
(``ForestPlay``, a part of ``ForestState``: it changes the state's fields)."""
from __future__ import annotations

from ..base import IllegalAction, Rec, Record
from .board import _step_texts
from .data import KIND_LABEL, _sign


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


class ForestPlay:
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

