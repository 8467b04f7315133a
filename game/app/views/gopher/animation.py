"""Gopher's Pantry animation script: each rules event becomes one or more timed steps with a
one-line caption (a toast); tokens hop hole by hole along the path (a leapfrog jumps high), the
book's page turns when the level changes, a placed token drops in."""
from __future__ import annotations

import math

from ...board import Step
from ...board.anim import data_copy
from . import texts
from .common import ease, value_of

DURATIONS = {"place": 0.45, "page": 1.0, "roll": 0.55, "hop": 0.3, "portal": 0.45, "dig": 0.45,
             "pick": 0.25, "collect": 0.7, "take": 0.7, "pass": 0.35, "cannot_collect": 0.6,
             "empty_hole": 0.45, "ineffective": 0.35, "draw": 0.3, "present": 0.6,
             "present_empty": 0.45, "trophy": 0.6, "baskets": 0.6, "ransom": 0.6, "stay": 0.5,
             "turn": 0.3, "game_over": 0.8}
SILENT = {"turn"}
#: events whose cards fly to a seat: its counts (and the hand) change when they land
LANDING = {"collect", "draw", "trophy", "take", "ransom", "baskets"}          # steps whose caption the bar already says


class GopherAnimation:
    #: the big moment: baskets taken from a leapfrogged seat
    MOMENTS = {"baskets": True}
    """Mixed into the view: display state (``_disp_tokens``, ``_disp_page``) and the steps."""

    DURATIONS = DURATIONS

    def _anim_reset(self) -> None:
        self._disp_tokens: list = []
        self._disp_page = None
        self._hop = None           # {"seat", "from", "to", "high", "t"}
        self._turn = None          # {"from", "to", "t"}
        self._drop = None          # {"seat", "t"}
        self._fly = None           # {"cards", "seat", "down", "t"}: cards flying to a seat's piles
        self._disp_seats = None    # the seats' piles and hand counts as shown (they change when
                                   # the cards land, not when the rules applied the action)

    def steps_for(self, ev: dict, f: float) -> list:
        kind = ev.get("type")
        if kind == "move":
            hops = ev.get("hops") or []
            out = [Step("move", dict(ev, caption=True), 0.05 * f)]
            for h in hops:
                out.append(Step("hop", {"type": "hop", "seat": ev.get("seat"), "from": h["from"], "to": h["to"],
                                        "high": bool(h.get("over"))}, DURATIONS["hop"] * (1.4 if h.get("over") else 1) * f))
            return out
        if kind == "page" and not ev.get("changed") and ev.get("page_from") is not None:
            return [Step("roll", ev, DURATIONS["roll"] * f)]
        dur = DURATIONS.get(kind)
        return [] if dur is None else [Step(kind, ev, dur * f)]

    # ---- the three callbacks -----------------------------------------------------------------------
    def _step_start(self, st: Step) -> None:
        ev = st.ev
        if st.kind not in SILENT and st.kind != "hop":
            self._toast(texts.caption(ev, self.ctx()))
        s = ev.get("seat")
        if st.kind == "page" and ev.get("page_to"):
            self._turn = {"from": self._disp_page or ev.get("page_from") or ev["page_to"], "to": ev["page_to"], "t": 0.0}
        elif st.kind == "place" and s is not None:
            self._set_token(s, ev.get("hole"))
            self._drop = {"seat": s, "t": 0.0}
        elif st.kind == "move" and s is not None:
            self._set_token(s, ev.get("start"))
        elif st.kind == "hop":
            self._hop = {"seat": s, "from": ev["from"], "to": ev["to"], "high": ev["high"], "t": 0.0}
        elif st.kind in ("collect", "take", "trophy") and s is not None:
            if st.kind == "collect":
                cards = list(ev.get("add") or []) + list(ev.get("sub") or [])
            elif st.kind == "take":
                cards = [f"{ev.get('kind')}:{v}" for v in ev.get("take") or []]
            else:
                cards = [ev["card"]] if ev.get("card") and ev.get("card") != "digger" else []
            if cards:
                self._fly = {"cards": cards, "seat": s, "t": 0.0}
        self._changed = True

    def _step_apply(self, st: Step, p: float) -> None:
        for a in (self._hop, self._turn, self._drop, self._fly):
            if a is not None:
                a["t"] = p
        self._changed = True

    def _step_end(self, st: Step) -> None:
        ev = st.ev
        if st.kind == "hop":
            self._set_token(ev.get("seat"), ev["to"])
            self._hop = None
        elif st.kind == "page":
            self._disp_page = ev.get("page_to") or self._disp_page
            self._turn = None
            self._page_scratch.release()     # the turning page's picture goes with the turn
        elif st.kind == "place":
            self._drop = None
        elif st.kind in ("collect", "take", "trophy"):
            self._fly = None
        self._land(ev)
        self._changed = True

    # ---- the side panel's counts follow the cards -----------------------------------------------
    def _keep_shown_seats(self, events) -> None:
        """Before new events that move cards to a seat play: the seats as they were on screen
        (a card picked for a payment leaves the hand at once)."""
        if not any(isinstance(e, dict) and e.get("type") in LANDING for e in events or []):
            return
        if self._disp_seats is None and self.view is not None:
            self._disp_seats = data_copy(self.view.get("seats") or [])

    def shown_seats(self) -> list:
        seats = (self.view or {}).get("seats") or []
        disp = self._disp_seats
        return disp if disp is not None and len(disp) == len(seats) else seats

    def _land(self, ev: dict) -> None:
        """The cards of ``ev`` have arrived: the counts of the seats it concerns change now."""
        disp = self._disp_seats
        final = (self.view or {}).get("seats") or []
        if disp is None or len(disp) != len(final):
            return
        t, s = ev.get("type"), ev.get("seat")
        if not isinstance(s, int) or not 0 <= s < len(disp):
            return
        info = disp[s]
        if t == "collect":
            add, sub = list(ev.get("add") or []), list(ev.get("sub") or [])
            info["face_up"] = list(info.get("face_up") or []) + add
            info["face_down"] = list(info.get("face_down") or []) + sub
            info["plus"] = info.get("plus", 0) + sum(map(value_of, add))
            info["minus"] = info.get("minus", 0) + sum(map(value_of, sub))
            # (the cards left the hand one by one as they were picked)
        elif t == "draw":
            info["hand_count"] = info.get("hand_count", 0) + int(ev.get("count") or 0)
            if final[s].get("hand") is not None:      # the viewing seat's own new cards
                info["hand"] = list(final[s]["hand"])
        elif t == "trophy" and ev.get("card") not in (None, "digger"):
            info["trophies"] = list(info.get("trophies") or []) + [ev["card"]]
            info["trophy_points"] = info.get("trophy_points", 0) + value_of(ev["card"])
        elif t in ("take", "ransom", "baskets", "pass", "trophy", "dig"):
            for x in {s, ev.get("holder"), ev.get("source")} | set(ev.get("owners") or []):
                if isinstance(x, int) and 0 <= x < len(disp):
                    disp[x] = data_copy(final[x])
            return
        else:
            return
        info["score"] = info.get("plus", 0) - info.get("minus", 0) + info.get("trophy_points", 0)

    def _set_token(self, seat, hole) -> None:
        if seat is None:
            return
        while len(self._disp_tokens) <= seat:
            self._disp_tokens.append(None)
        self._disp_tokens[seat] = hole

    def _reconcile(self) -> None:
        v = self.view or {}
        self._disp_tokens = [s.get("token") for s in v.get("seats") or []]
        self._disp_page = v.get("page")
        self._hop = self._turn = self._drop = self._fly = None
        self._disp_seats = None
        self._dirty = False

    # ---- where things are drawn now -------------------------------------------------------------------
    @property
    def shown_page(self):
        """The page of the book drawn right now (the old one until a page turn ends)."""
        return self._disp_page

    def token_positions(self) -> dict:
        """{seat: (x, y) pixels} of every token on the board right now."""
        out = {}
        for s, h in enumerate(self._disp_tokens):
            if h is not None:
                out[s] = self.hole_px(h)
        hp = self._hop
        if hp is not None and hp["seat"] is not None:
            a, b = self.hole_px(hp["from"]), self.hole_px(hp["to"])
            t = ease(hp["t"])
            lift = math.sin(math.pi * hp["t"]) * self.unit() * (9 if hp["high"] else 3)
            out[hp["seat"]] = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t - lift)
        return out
