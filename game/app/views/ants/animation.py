"""Ants & Grasshopper: the animation script. While events play, a copy of the old view
(``_shown``) is brought forward event by event; the toasts and flying cards come from here."""
from __future__ import annotations

import math

import pygame

from ... import eventtext
from ...board import KitView, Step, draw
from ...board.anim import data_copy
from .common import CREAM, INK, SHELF_VALUES_FALLBACK, _cell_index, _design, _ease


class AntsAnimation:
    #: the round's big moment: the disc is turned over (everybody sees it before a curtain)
    MOMENTS = {"reveal": True}
    def _reconcile(self) -> None:
        self._shown = data_copy(self.view)
        self._dirty = False

    DURATIONS = {"place": 0.22, "choose": 0.3, "red_choose": 0.3, "guess": 0.55, "reveal": 1.25,
                 "collect": 0.5, "draw": 0.4, "buy": 0.55, "take_ability": 0.55, "refill": 0.4,
                 "round": 0.35, "supply": 0.3, "supply_swap": 0.6, "game_over": 0.4,
                 "peek": 0.3, "reshuffle": 0.3, "no_buy": 0.25, "no_card": 0.25, "hide": 0.25,
                 "discard_hidden": 0.25, "skip_buy": 0.05, "skip_ability": 0.05, "skip_swap": 0.05}

    def play(self, events: list, speed: str = "normal") -> None:
        if self.view is None:
            return
        if not self.animating:
            self._shown = data_copy(self.view)   # the view before these events
        KitView.play(self, events, speed)

    def toast_text(self, ev: dict) -> str:
        """The toast an event shows ("" for none), in the player's language."""
        return eventtext.toast(ev, eventtext.for_board(self, "ants"))

    def _step_start(self, st: Step) -> None:
        text = self.toast_text(st.ev)
        if text:
            self._toast(text)
        sh = self._shown
        ev = st.ev
        k = st.kind
        if sh is None:
            return
        if k == "collect":
            cards = ev.get("cards") or ([ev["card"]] if ev.get("card") is not None else [])
            grid = sh.get("grid") or []
            st.data["from"] = [self._cell_rect(grid.index(c)).center for c in cards if c in grid]
            st.data["cards"] = [c for c in cards if c in grid]
            st.data["to"] = self._seat_anchor(ev.get("seat"))
            for c in st.data["cards"]:
                grid[grid.index(c)] = None
        elif k == "buy":
            disp = sh.get("display") or []
            sid = ev.get("card")
            if sid in disp:
                j = disp.index(sid)
                if j < len(self._display_rects):
                    st.data["from"] = self._display_rects[j].center
                disp[j] = None
            st.data["to"] = self._seat_anchor(ev.get("seat"))
        elif k == "take_ability":
            aid = ev.get("ability")
            for a, r in self._ability_rects:
                if a == aid:
                    st.data["from"] = r.center
            st.data["to"] = self._seat_anchor(ev.get("seat"))
        elif k == "draw":
            st.data["from"] = (self._grid.centerx, self._header.bottom)
            st.data["to"] = self._seat_anchor(ev.get("seat"))
        elif k == "guess":
            st.data["from"] = self._seat_anchor(sh.get("hopper"))

    def _step_end(self, st: Step) -> None:
        sh = self._shown
        if sh is None:
            return
        ev = st.ev
        k = st.kind
        final = self.view or {}
        seats = sh.get("seats") or []
        s = ev.get("seat")

        def seat_info(i):
            return seats[i] if isinstance(i, int) and 0 <= i < len(seats) else {}
        if k == "place" and ev.get("cell") is not None:
            chain = sh.setdefault("chain", [])
            cell = list(ev["cell"])
            if ev.get("end") == "head":     # the event says which end of the trail it joined
                chain.insert(0, cell)
            else:
                chain.append(cell)
        elif k == "choose":
            sh["choice_made"] = True
        elif k == "red_choose":
            seat_info(s)["red_made"] = True
        elif k == "guess":
            cell = ev.get("cell")
            if cell is None:
                cell = final.get("guess")
            sh["guess"] = list(cell) if cell is not None else None
        elif k == "reveal":
            sh["revealed"] = True
            sh["choice"] = ev.get("kind")
            sh["choice_made"] = True
            for rs, kind in (ev.get("reds") or {}).items():
                seat_info(int(rs))["red"] = kind
                seat_info(int(rs))["red_made"] = True
        elif k == "collect":
            info = seat_info(s)
            fin = (final.get("seats") or [{}] * (s + 1))[s] if isinstance(s, int) else {}
            if self._winter(sh):
                for c in st.data.get("cards", []):
                    info.setdefault("store", []).append(c)
            else:
                for key in ("insect_count", "insects", "insect_points"):
                    if key in fin:
                        info[key] = data_copy(fin[key])
                # the cube climbs its shelf one space at a time
                kinds = list(self.data.kinds)
                j = kinds.index(ev["shelf"]) if ev.get("shelf") in kinds else None
                shelves = info.get("shelves")
                if j is not None and shelves and isinstance(ev.get("space"), int):
                    steps = [Step("cube", {"type": "cube", "seat": s, "shelf": j, "space": p},
                                  0.16 * self._speed) for p in range(shelves[j] + 1, ev["space"] + 1)]
                    self._queue.extendleft(reversed(steps))
            sh["collector"] = s
        elif k == "cube":
            info = seat_info(s)
            shelves = info.get("shelves")
            if shelves:
                shelves[ev["shelf"]] = ev["space"]
                vals = self.data.scoring.get("shelf_values", SHELF_VALUES_FALLBACK)
                info["shelf_points"] = sum(vals[p] for p in shelves if p >= 0)
        elif k == "draw":
            if ev.get("card") is not None:
                seat_info(s).setdefault("store", []).append(ev["card"])
        elif k == "buy":
            info = seat_info(s)
            store = info.setdefault("store", [])
            for c in ev.get("pay") or []:
                if c in store:
                    store.remove(c)
            info.setdefault("supplies", []).append(ev.get("card"))
            fin = (final.get("seats") or [])
            if isinstance(s, int) and s < len(fin):
                info["vp"] = fin[s].get("vp", info.get("vp"))
        elif k in ("take_ability", "supply_swap", "hide", "discard_hidden"):
            sh["abilities"] = data_copy(final.get("abilities") or {})
            sh["display"] = data_copy(final.get("display") or [])
            fin = final.get("seats") or []
            for i, info in enumerate(seats):
                if i < len(fin):
                    for key in ("supplies", "vp", "has_hidden", "hidden"):
                        if key in fin[i]:
                            info[key] = data_copy(fin[i][key])
            if k == "take_ability" and ev.get("card") is not None:
                store = seat_info(s).get("store") or []
                if ev["card"] in store:
                    store.remove(ev["card"])
        elif k == "refill":
            grid = sh.get("grid") or []
            fgrid = final.get("grid") or []
            for cell in ev.get("cells") or []:
                i = _cell_index(cell)
                if i < len(grid) and i < len(fgrid):
                    grid[i] = fgrid[i]
        elif k == "supply":
            disp = sh.get("display") or []
            fd = final.get("display") or []
            for j in range(min(len(disp), len(fd))):
                if disp[j] is None:
                    disp[j] = fd[j]
        elif k == "round":
            sh.update(chain=[], guess=None, choice=None, choice_made=False, revealed=False,
                      collector=None, ant=ev.get("ant"), hopper=ev.get("hopper"),
                      reds=list(ev.get("reds") or []), round=ev.get("round"))
            for info in seats:
                info["red"] = None
                info["red_made"] = False

    def _seat_anchor(self, seat):
        if isinstance(seat, int) and 0 <= seat < len(self._tableaux):
            r = self._tableaux[seat]
            return (r.x + r.w // 3, r.centery)
        return self._right.center

    def _draw_anim(self, surface, sh) -> None:
        st = self._cur
        if st is None:
            return
        p = _ease(st.t / st.dur)
        c = self._cell
        if st.kind == "guess":
            cell = st.ev.get("cell") or (self.view or {}).get("guess")
            if cell is None:
                return
            to = self._cell_rect(_cell_index(cell)).center
            to = (to[0] - int(c * 0.18), to[1] - int(c * 0.2))
            fr = st.data.get("from") or (self._grid.centerx, self._grid.bottom)
            x = fr[0] + (to[0] - fr[0]) * p
            y = fr[1] + (to[1] - fr[1]) * p - math.sin(p * math.pi) * c * 1.2
            hop = self._figure("grasshopper", int(c * 0.55))
            surface.blit(hop, hop.get_rect(center=(int(x), int(y))))
        elif st.kind == "reveal":
            kind = st.ev.get("kind")
            size = int(c * 1.3)
            t = st.t / st.dur
            flip = min(1.0, t / 0.45)
            sx = abs(math.cos(flip * math.pi))
            img = self._disc_back(size) if flip < 0.5 else self._symbol(kind, size)
            w = max(2, int(size * sx))
            im = pygame.transform.smoothscale(img, (w, size))
            ctr = self._grid.center
            glow = self._shadow(int(size * 1.25))
            surface.blit(glow, glow.get_rect(center=(ctr[0] + self._px(4), ctr[1] + self._px(6))))
            surface.blit(im, im.get_rect(center=ctr))
            if flip >= 1.0:
                lab = self._text(self._kind_label(kind), self._px(24), CREAM, True)
                lr = lab.get_rect(midtop=(ctr[0], ctr[1] + size // 2 + self._px(6)))
                pygame.draw.rect(surface, (*INK,), lr.inflate(self._px(16), self._px(8)), border_radius=self._px(10))
                surface.blit(lab, lr)
        elif st.kind == "collect":
            to = st.data.get("to") or self._right.center
            d = int(c * 0.9 * (1 - 0.6 * p))
            for cid, fr in zip(st.data.get("cards", []), st.data.get("from", [])):
                x = fr[0] + (to[0] - fr[0]) * p
                y = fr[1] + (to[1] - fr[1]) * p - math.sin(p * math.pi) * c * 0.4
                img = draw.scaled_from(self._card(cid, int(c * 0.9)), max(4, d))     # shrinking away
                surface.blit(img, img.get_rect(center=(int(x), int(y))))
        elif st.kind in ("buy", "take_ability", "draw"):
            fr = st.data.get("from")
            to = st.data.get("to")
            if fr is None or to is None:
                return
            x = fr[0] + (to[0] - fr[0]) * p
            y = fr[1] + (to[1] - fr[1]) * p
            sz = self._px(40)
            if st.kind == "buy":
                img = self._icon(f"supply_{_design(st.ev.get('card'))}", sz)
            elif st.kind == "take_ability":
                img = self._icon(f"ability_{st.ev.get('ability')}", sz)
            else:
                img = self._card(st.ev.get("card"), sz)
            surface.blit(img, img.get_rect(center=(int(x), int(y))))

    def _toast_anchor(self) -> tuple[int, int, int]:
        return self._grid.centerx, self._grid.y + self._px(16), self._grid.w - self._px(30)

    def _toast_lit(self) -> list:
        """A caption also keeps off the card the grasshopper jumped onto and the disc being
        turned over ("'Stone'! The grasshopper guessed right" never hides where it landed)."""
        out = super()._toast_lit()
        sh = (self._shown if self.animating else self.view) or {}
        g = sh.get("guess")
        if g is not None and self._cell:
            out.append(self._cell_rect(_cell_index(g)))
        cur = self._cur
        if cur is not None and cur.kind == "reveal" and self._cell:
            size = int(self._cell * 1.3)
            disc = pygame.Rect(0, 0, size, size + self._px(40))
            disc.midtop = (self._grid.centerx, self._grid.centery - size // 2)
            out.append(disc)
        return out

    def message_top(self) -> int:
        """The play screen's messages (a hint, a refusal) start below the header, so the round
        and who is ant and grasshopper stay in sight."""
        return self._header.bottom + self._px(6)

    def message_area(self):
        """Messages are as wide as the card grid, so they can stand over it."""
        return self._grid if self._grid.w > 0 else None

    def message_places(self) -> list:
        """Where a message may stand: over the card grid (top or bottom row)."""
        return [self._grid] if self._grid.w > 0 else []

    def message_keep_clear(self) -> list:
        """The seat cards and the supply beside the grid stay in sight under a message."""
        return list(self._tableaux) + list(self._display_rects) + \
            [r for _aid, r in self._ability_rects]

