"""The board of Ants & Grasshopper: the 4x4 grid of round path cards, the players' pantries or
supplies, the Winter display of supply cards and the beetle variant's ability cards.

Layout (inside the board rect): a header with the round and the roles, the grid on the left,
the players' tableaux on the right (the Winter display and the ability cards above them), and a
bar at the bottom with the instruction and the buttons of the current decision (secret discs,
"buy nothing", ...).  Buying opens a dialog that lists the payments the rules allow, the
exchange ability opens one with the possible swaps.

Everything shown comes from ``view(seat)``: a secret that view hides is never drawn.  While
events animate, a copy of the old view (``_shown``) is brought forward event by event, so the
chain stays on the grid until the round is over and the cards fly to whoever collects them.
"""
from __future__ import annotations

import copy
import math

import pygame

from .. import ui
from ..board_view import AnimatedBoardView, Step

SPEED_FACTOR = {"normal": 1.0, "fast": 1.0 / 3.0}
TOAST_LIFE = 2.4
TOOLTIP_DELAY = 0.6          # seconds the mouse rests on a card before its description shows

INK = (43, 29, 20)
CREAM = (251, 241, 220)
FELT = (92, 120, 66)            # the table under the grid
FELT_DARK = (62, 86, 44)
GOLD = (232, 176, 75)
GREEN = (88, 176, 96)
# kind colours (Okabe-Ito) - the pattern on the card and the symbol tell them apart as well
KIND_RGB = {"tablecloth": (0, 158, 115), "tiles": (0, 114, 178), "stone": (163, 163, 163),
            "wood": (230, 159, 0)}
SHELF_VALUES_FALLBACK = (1, 3, 6, 10)


def _data():
    from ...rules.ants import default_data
    return default_data()


def _design(sid: str) -> str:
    return str(sid).rsplit("-", 1)[0]


def _ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def _mix(a, b, t):
    return ui.mix(a, b, t)


def _cell_index(cell) -> int:
    return int(cell[1]) * 4 + int(cell[0])


class AntsView(AnimatedBoardView):
    def __init__(self, game_id: str, seats: list[dict], assets):
        if assets is None:
            from ..assets import Assets
            assets = Assets()
        super().__init__(game_id, seats, assets)
        self.data = _data()
        self._k = 1.0
        self._speed = 1.0
        self._shown: dict | None = None
        self._cache: dict = {}
        self._texts: dict = {}
        # layout
        self._header = pygame.Rect(0, 0, 0, 0)
        self._grid = pygame.Rect(0, 0, 0, 0)
        self._cell = 10
        self._right = pygame.Rect(0, 0, 0, 0)
        self._display_rects: list = []
        self._ability_rects: list = []
        self._tableaux: list = []
        self._bar = pygame.Rect(0, 0, 0, 0)
        self._label_right = 0             # where the bar's buttons begin (set with them)
        # interaction
        self._buttons: list | None = None
        self._hover = None                # ("cell", i) | ("btn", key) | ("supply", slot) | ...
        self._mouse = (0, 0)
        self._hover_since = 0.0
        self._cursor: int | None = None
        self._keyboard = False
        self._dialog: dict | None = None  # {"kind": "buy"|"swap", "card": sid, "rows": [...]}
        self._dialog_sel = 0

    # ========================================================================================
    # layout
    # ========================================================================================
    MIN_SCALE = 0.6

    def _on_resize(self) -> None:
        self._cache.clear()
        self._texts.clear()
        self._layout()

    def _winter(self, v=None) -> bool:
        v = v or self.view or {}
        return v.get("variant") in ("winter", "beetle")

    def _layout(self) -> None:
        if self.rect is None:
            return
        r = self.rect
        v = self.view or {}
        self._buttons = None
        head_h = self._px(40)
        bar_h = min(max(self._px(70), 52), r.h // 5)
        gap = self._px(12)
        self._header = pygame.Rect(r.x, r.y, r.w, head_h)
        self._bar = pygame.Rect(r.x, r.bottom - bar_h, r.w, bar_h)
        area = pygame.Rect(r.x, self._header.bottom + self._px(6), r.w,
                           self._bar.y - self._header.bottom - self._px(12))
        frac = 0.58 if self._winter(v) else 0.62
        side = int(min(area.h, area.w * frac))
        side -= side % 4
        self._cell = max(8, side // 4)
        side = self._cell * 4
        self._grid = pygame.Rect(area.x, area.y + (area.h - side) // 2, side, side)
        self._right = pygame.Rect(self._grid.right + gap, area.y, area.right - self._grid.right - gap,
                                  area.h)
        rr = self._right
        y = rr.y
        self._display_rects = []
        self._ability_rects = []
        if self._winter(v):
            n = max(1, self.data.display)
            dh = int(min(self._px(118), rr.h * 0.22))
            dw = (rr.w - self._px(8) * (n - 1)) // n
            for j in range(n):
                self._display_rects.append(pygame.Rect(rr.x + j * (dw + self._px(8)), y, dw, dh))
            y += dh + self._px(8)
            abil = list((v.get("abilities") or {}).keys())
            if abil:
                m = len(abil)
                ah = int(min(self._px(62), rr.h * 0.12))
                aw = (rr.w - self._px(6) * (m - 1)) // m
                for j, aid in enumerate(abil):
                    self._ability_rects.append((aid, pygame.Rect(rr.x + j * (aw + self._px(6)), y,
                                                                 aw, ah)))
                y += ah + self._px(8)
        n = int(v.get("players", len(self.seats) or 2) or 2)
        avail = rr.bottom - y
        g = self._px(6)
        th = (avail - g * (n - 1)) // max(1, n)
        self._tableaux = []
        for s in range(n):
            self._tableaux.append(pygame.Rect(rr.x, y + s * (th + g), rr.w, th))

    def _cell_rect(self, i: int) -> pygame.Rect:
        c = self._cell
        return pygame.Rect(self._grid.x + (i % 4) * c, self._grid.y + (i // 4) * c, c, c)

    def _cell_at(self, pos):
        if not self._grid.collidepoint(pos):
            return None
        c = self._cell
        x = (pos[0] - self._grid.x) // c
        y = (pos[1] - self._grid.y) // c
        if 0 <= x < 4 and 0 <= y < 4:
            ctr = self._cell_rect(int(y * 4 + x)).center
            if math.hypot(pos[0] - ctr[0], pos[1] - ctr[1]) <= c * 0.5:
                return int(y * 4 + x)
        return None

    # ========================================================================================
    # names, colours, text, sprites
    # ========================================================================================
    def _kind_label(self, kind) -> str:
        try:
            return self.data.kind_labels[kind]
        except (KeyError, TypeError):
            return str(kind).capitalize()

    def _kind_of_card(self, cid) -> str:
        return self.data.kinds[self.data.card_kind[cid]]

    def _sprite(self, name: str, size: int):
        key = ("spr", name, size)
        if key not in self._cache:
            self._cache[key] = self.assets.image(f"ants/{name}.svg", (size, size))
        return self._cache[key]

    def _card(self, cid, size: int, face_down: bool = False):
        """A round path card (face, insect badge) at diameter ``size``."""
        key = ("card", cid, size, face_down)
        img = self._cache.get(key)
        if img is not None:
            return img
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        if face_down or cid is None:
            spr = self._sprite("card_back", size)
            if spr is not None:
                img.blit(spr, (0, 0))
            else:
                pygame.draw.circle(img, (122, 78, 44), (size // 2, size // 2), size // 2)
                pygame.draw.circle(img, INK, (size // 2, size // 2), size // 2, max(1, size // 30))
        else:
            kind = self._kind_of_card(cid)
            spr = self._sprite(f"kind_{kind}", size)
            if spr is not None:
                img.blit(spr, (0, 0))
            else:
                self._draw_kind_fallback(img, kind, size)
            ins = self.data.card_insect.get(cid)
            if ins:
                b = max(8, int(size * 0.36))
                cx, cy = int(size * 0.74), int(size * 0.26)
                pygame.draw.circle(img, (0, 0, 0, 70), (cx + max(1, b // 24), cy + max(1, b // 18)), b // 2)
                pygame.draw.circle(img, CREAM, (cx, cy), b // 2)
                pygame.draw.circle(img, INK, (cx, cy), b // 2, max(1, b // 16))
                icon = self._insect(ins, int(b * 0.8))
                img.blit(icon, icon.get_rect(center=(cx, cy)))
        if len(self._cache) > 600:
            self._cache.clear()
        self._cache[key] = img
        return img

    def _draw_kind_fallback(self, img, kind, size) -> None:
        col = KIND_RGB.get(kind, (150, 150, 150))
        c = size // 2
        pygame.draw.circle(img, col, (c, c), c)
        light = _mix(col, CREAM, 0.55)
        w = max(1, size // 40)
        if kind == "tablecloth":
            step = max(4, size // 7)
            for x in range(0, size, step * 2):
                pygame.draw.rect(img, light, (x, 0, step, size))
        elif kind == "tiles":
            step = max(4, size // 5)
            for d in range(-size, size * 2, step):
                pygame.draw.line(img, light, (d, 0), (d + size, size), w * 2)
                pygame.draw.line(img, light, (d, size), (d + size, 0), w * 2)
        elif kind == "stone":
            step = max(4, size // 5)
            for yy in range(step // 2, size, step):
                for xx in range((yy // step % 2) * step // 2, size, step):
                    pygame.draw.ellipse(img, light, (xx, yy - step // 3, step - w * 2, step * 2 // 3), w)
        else:
            step = max(4, size // 6)
            for x in range(0, size, step):
                pygame.draw.line(img, _mix(col, INK, 0.4), (x, 0), (x, size), w)
        mask = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(mask, (255, 255, 255, 255), (c, c), c)
        img.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pygame.draw.circle(img, INK, (c, c), c, max(1, size // 30))

    def _sprite_or(self, name: str, size: int, fallback):
        """``sprites/ants/<name>.svg`` at ``size``, or ``fallback(surface, size)`` drawn once
        (a missing or broken file never stops the game)."""
        spr = self._sprite(name, size)
        if spr is not None:
            return spr
        key = ("fallback", name, size)
        img = self._cache.get(key)
        if img is None:
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            fallback(img, size)
            self._cache[key] = img
        return img

    def _insect(self, ins: str, size: int):
        cols = {"ladybug": (213, 94, 0), "beetle": (40, 50, 90), "bee": (240, 200, 40),
                "butterfly": (204, 121, 167), "dragonfly": (86, 180, 233), "caterpillar": (90, 160, 60)}

        def draw(img, n):
            body = (n * 0.2, n * 0.1, n * 0.6, n * 0.8)
            pygame.draw.ellipse(img, cols.get(ins, (90, 90, 90)), body)
            pygame.draw.ellipse(img, INK, body, max(1, n // 14))
        return self._sprite_or(f"insect_{ins}", size, draw)

    def _symbol(self, kind: str, size: int):
        """The small round disc of a kind (for discs, prices, buttons)."""
        return self._sprite_or(f"symbol_{kind}", size, lambda img, n: self._draw_kind_fallback(img, kind, n))

    def _disc_back(self, size: int):
        def draw(img, n):
            c = (n // 2, n // 2)
            pygame.draw.circle(img, (96, 60, 34), c, n // 2)
            pygame.draw.circle(img, INK, c, n // 2, max(1, n // 16))
            pygame.draw.circle(img, (170, 120, 70), c, n // 4, max(1, n // 16))
        return self._sprite_or("disc_back", size, draw)

    def _figure(self, name: str, size: int):
        def draw(img, n):
            col = (90, 35, 20) if name == "ant" else (120, 190, 70)
            for j in range(3):
                pygame.draw.circle(img, col, (n // 2, int(n * (0.25 + 0.25 * j))), n // 7)
        return self._sprite_or(name, size, draw)

    def _icon(self, name: str, size: int):
        """A supply-card or ability icon (or a plain golden coin)."""
        def draw(img, n):
            pygame.draw.circle(img, GOLD, (n // 2, n // 2), n // 2 - 1)
            pygame.draw.circle(img, INK, (n // 2, n // 2), n // 2 - 1, max(1, n // 16))
        return self._sprite_or(name, size, draw)

    def _cube(self, seat: int, size: int):
        key = ("cube", seat, size)
        img = self._cache.get(key)
        if img is None:
            pal = self._palette(seat)
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            r = pygame.Rect(0, 0, size, size).inflate(-2, -2)
            pygame.draw.rect(img, pal.get("dark", INK), r.move(1, 1), border_radius=max(2, size // 5))
            pygame.draw.rect(img, pal["rgb"], r, border_radius=max(2, size // 5))
            pygame.draw.rect(img, INK, r, width=max(1, size // 10), border_radius=max(2, size // 5))
            ui.draw_marking(img, pal.get("marking", ""), r.center, max(2, size // 4),
                            ui.text_on(pal["rgb"]))
            self._cache[key] = img
        return img

    # ========================================================================================
    # state
    # ========================================================================================
    def sync(self, view: dict, legal: list | None, seat: int | None) -> None:
        old = self.view or {}
        relayout = (old.get("players") != view.get("players") or old.get("variant") != view.get("variant")
                    or set(old.get("abilities") or {}) != set(view.get("abilities") or {}))
        old_key = (old.get("step"), old.get("current_player"), old.get("round"))
        self.view, self.legal, self.seat = view, legal, seat
        if relayout:
            self._layout()
        self._buttons = None
        new_key = (view.get("step"), view.get("current_player"), view.get("round"))
        if new_key != old_key or not legal:
            self._dialog = None
        if self._dialog is not None:
            self._open_dialog(self._dialog["kind"], self._dialog.get("card"))
        if self._shown is None:
            self._shown = copy.deepcopy(view)
        if self._cursor is not None and not legal:
            self._cursor = None
        elif self._cursor is not None:
            lit = self._lit_cells()
            if lit and self._cursor not in lit:     # keep the keyboard cursor on a card you can use
                cx, cy = self._cursor % 4, self._cursor // 4
                self._cursor = min(lit, key=lambda i: (abs(i % 4 - cx) + abs(i // 4 - cy), i))
        self._dirty = True

    def _reconcile(self) -> None:
        self._shown = copy.deepcopy(self.view)
        self._buttons = None
        self._dirty = False

    def play(self, events: list, speed: str = "normal") -> None:
        if self.view is None:
            return
        if not self.animating:
            self._shown = copy.deepcopy(self.view)   # the view before these events
        if speed not in SPEED_FACTOR:
            self._queue.clear()
            self._cur = None
            self._toasts = []
            self._dirty = True
            return
        f = SPEED_FACTOR[speed]
        self._speed = f
        for ev in events or []:
            if not isinstance(ev, dict):
                continue
            k = ev.get("type")
            dur = {"place": 0.22, "choose": 0.3, "red_choose": 0.3, "guess": 0.55, "reveal": 1.25,
                   "collect": 0.5, "draw": 0.4, "buy": 0.55, "take_ability": 0.55, "refill": 0.4,
                   "round": 0.35, "supply": 0.3, "supply_swap": 0.6, "game_over": 0.4,
                   "peek": 0.3, "reshuffle": 0.3, "no_buy": 0.25, "no_card": 0.25, "hide": 0.25,
                   "discard_hidden": 0.25, "skip_buy": 0.05, "skip_ability": 0.05,
                   "skip_swap": 0.05}.get(k)
            if dur is None:
                continue
            self._queue.append(Step(k, ev, dur * f))

    # ---- steps ---------------------------------------------------------------------------------
    def _toast_for(self, ev: dict) -> str:
        k = ev.get("type")
        s = ev.get("seat")
        me = s is not None and s == self.seat
        if k == "round":
            return (f"Round {ev.get('round')}: {self._name(ev.get('ant'))} is the ant, "
                    f"{self._name(ev.get('hopper'))} the grasshopper")
        if k == "reveal":
            kind = self._kind_label(ev.get("kind"))
            return f"{kind}! " + ("The grasshopper guessed right" if ev.get("hit")
                                  else "The grasshopper guessed wrong")
        if k == "choose" and not me:
            return f"{self._name(s)} lays a disc face down"
        if k == "red_choose" and not me:
            return f"{self._name(s)} (red ant) lays a disc face down"
        if k == "peek":
            sh = self.view or {}
            if self.seat is not None and self.seat == sh.get("hopper") and sh.get("peek"):
                return f"Spyglass: the ant did NOT pick {self._kind_label(sh['peek']).lower()}"
            return f"{self._name(s)} peeks at an unused disc"
        if k == "draw":
            return f"{'You draw' if me else self._name(s) + ' draws'} a {self._card_words(ev.get('card'))}"
        if k == "buy":
            return f"{self._name(s)} buys the {self._design_label(ev.get('card'))}"
        if k == "take_ability":
            return f"{self._name(s)} takes the {self._ability_label(ev.get('ability'))} ability"
        if k == "supply_swap":
            return f"{self._name(s)} swaps supply cards"
        if k == "reshuffle":
            return "The discard pile becomes the new deck"
        if k == "supply":
            return f"New supply card: {self._design_label(ev.get('card'))}"
        if k == "no_buy":
            return f"{self._name(s)} cannot pay for a supply card"
        if k == "no_card":
            return "No path card left to draw"
        if k == "game_over":
            return str(ev.get("text", "Game over"))
        if k == "discard_hidden":
            return f"{self._name(s)} loses the hidden card"
        return ""

    def _card_words(self, cid) -> str:
        try:
            return self.data.card_text(cid)
        except (KeyError, TypeError):
            return "path card"

    def _design_label(self, sid) -> str:
        try:
            return self.data.designs[_design(sid)]["label"]
        except (KeyError, TypeError):
            return "supply card"

    def _ability_label(self, aid) -> str:
        return str(aid or "").capitalize()

    def _step_start(self, st: Step) -> None:
        text = self._toast_for(st.ev)
        if text:
            self._add_toast(text, TOAST_LIFE * max(0.5, self._speed))
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
            # the rules' reading: next to the tail end joins there, else at the head end
            if ev.get("end") == "head" or ev.get("end") is None and len(chain) >= 2 and \
                    abs(chain[-1][0] - cell[0]) + abs(chain[-1][1] - cell[1]) != 1:
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
                        info[key] = copy.deepcopy(fin[key])
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
            sh["abilities"] = copy.deepcopy(final.get("abilities") or {})
            sh["display"] = copy.deepcopy(final.get("display") or [])
            fin = final.get("seats") or []
            for i, info in enumerate(seats):
                if i < len(fin):
                    for key in ("supplies", "vp", "has_hidden", "hidden"):
                        if key in fin[i]:
                            info[key] = copy.deepcopy(fin[i][key])
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

    # ========================================================================================
    # legal moves in board terms
    # ========================================================================================
    def _step(self) -> str:
        return str((self.view or {}).get("step") or "")

    def _legal_of(self, *types) -> list:
        return [a for a in (self.legal or []) if a.get("type") in types]

    def _lit_cells(self) -> dict:
        """cell index -> the action a click on it takes (place, guess, take)."""
        out = {}
        if self.animating:
            return out
        grid = (self.view or {}).get("grid") or []
        for a in self._legal_of("place", "guess"):
            out[_cell_index(a["cell"])] = a
        for a in self._legal_of("take"):
            if a.get("card") in grid:
                out[grid.index(a["card"])] = a
        return out

    def _why_not(self, i: int) -> str:
        step = self._step()
        v = self.view or {}
        chain = [_cell_index(c) for c in v.get("chain") or []]
        if step == "place":
            if i in chain:
                return "An ant already stands there."
            if not chain and (v.get("options") or {}).get("first_ant") == "edge":
                return "The first ant goes on a card at the edge of the grid."
            return "The next ant must go next to one end of the trail (not diagonally)."
        if step == "guess":
            return "The grasshopper jumps onto a card with an ant on it."
        if step in ("choose", "red_choose"):
            return "Pick a disc in the bar below the grid."
        if step == "take":
            return "Take the lit card: it shows the same insect."
        if step == "buy":
            return "Click a supply card above the players to buy it, or buy nothing."
        return "Nothing to do on the grid right now."

    # ========================================================================================
    # dialogs (buy, swap)
    # ========================================================================================
    def _open_dialog(self, kind: str, card=None) -> None:
        rows = []
        if kind == "buy":
            rows = [a for a in self._legal_of("buy") if a.get("card") == card]
        elif kind == "swap":
            rows = self._legal_of("supply_swap")
        if not rows:
            self._dialog = None
            return
        self._dialog = {"kind": kind, "card": card, "rows": rows}
        self._dialog_sel = min(self._dialog_sel, len(rows) - 1) if self._dialog_sel else 0
        self._dialog_layout()

    def _dialog_layout(self) -> None:
        d = self._dialog
        if d is None:
            return
        g = self._grid
        n = len(d["rows"])
        row_h = self._px(44)
        w = int(g.w * 0.96)
        head = self._px(64)
        foot = self._px(56)
        h = min(g.h - self._px(10), head + foot + row_h * n + self._px(8))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = g.center
        d["rect"] = rect
        vis = max(1, (h - head - foot) // row_h)
        d["visible"] = vis
        d["row_h"] = row_h
        d["rows_top"] = rect.y + head
        d["cancel"] = pygame.Rect(rect.right - self._px(140), rect.bottom - foot + self._px(10),
                                  self._px(124), self._px(38))
        d["ok"] = pygame.Rect(d["cancel"].x - self._px(150), d["cancel"].y, self._px(138), self._px(38))
        d.setdefault("scroll", 0)

    def _dialog_row_rect(self, j: int):
        d = self._dialog
        k = j - d["scroll"]
        if k < 0 or k >= d["visible"]:
            return None
        r = d["rect"]
        return pygame.Rect(r.x + self._px(12), d["rows_top"] + k * d["row_h"], r.w - self._px(24),
                           d["row_h"] - self._px(4))

    def _pay_parts(self, pay: list, seat) -> list:
        """[(kind id, 'hidden'?)] for a payment; in display order."""
        v = self.view or {}
        hidden = None
        try:
            hidden = v["seats"][seat].get("hidden")
        except (KeyError, IndexError, TypeError):
            pass
        out = []
        for c in pay:
            out.append((self._kind_of_card(c), c == hidden))
        return out

    def _substitutions(self, sid, pay) -> list:
        """Kinds of the price that the payment covers by a 3-for-1 (or 2-for-1)."""
        try:
            price = [self.data.kinds[i] for i in self.data.designs[_design(sid)]["price"]]
        except (KeyError, TypeError):
            return []
        paid = [self._kind_of_card(c) for c in pay]
        left = list(paid)
        missing = []
        for kind in price:
            if kind in left:
                left.remove(kind)
            else:
                missing.append(kind)
        return missing

    # ========================================================================================
    # drawing
    # ========================================================================================
    def draw(self, surface) -> None:
        if self.rect is None or self.view is None:
            return
        sh = self._shown or self.view
        self._draw_header(surface, sh)
        self._draw_grid(surface, sh)
        self._draw_right(surface, sh)
        self._draw_bar(surface)
        self._draw_anim(surface, sh)
        if self._dialog is not None and not self.animating:
            self._draw_dialog(surface)
        self._draw_toasts(surface)
        self._draw_tooltip(surface, sh)

    # ---- header ---------------------------------------------------------------------------------
    def _draw_header(self, surface, sh) -> None:
        r = self._header
        key = ("header", r.size, sh.get("round"), sh.get("ant"), sh.get("hopper"), tuple(sh.get("reds") or []),
               sh.get("variant"), sh.get("deck_count"), sh.get("step") == "over")
        img = self._cache.get(key)
        if img is None:
            img = pygame.Surface(r.size, pygame.SRCALPHA)
            box = img.get_rect().inflate(0, -self._px(4))
            pygame.draw.rect(img, (*ui.colour("panel"), 235), box, border_radius=self._px(12))
            pygame.draw.rect(img, ui.colour("panel_edge"), box, width=max(1, self._px(2)),
                             border_radius=self._px(12))
            mode = {"autumn": "Autumn", "winter": "Winter", "beetle": "Winter with beetles"}.get(
                sh.get("variant"), "")
            x = self._px(12)
            t = self._text(f"Round {sh.get('round', 1)} · {mode}", self._px(17), ui.colour("accent"), True)
            img.blit(t, t.get_rect(midleft=(x, box.centery)))
            x += t.get_width() + self._px(18)
            fs = self._px(26)
            roles = [("ant", sh.get("ant"), "ant"), ("grasshopper", sh.get("hopper"), "grasshopper")]
            roles += [("red ant", s, "ant") for s in sh.get("reds") or []]
            for label, s, fig in roles:
                if s is None:
                    continue
                icon = self._figure(fig, fs)
                if label == "red ant":
                    icon = icon.copy()
                    icon.fill((255, 120, 100, 255), special_flags=pygame.BLEND_RGBA_MULT)
                img.blit(icon, icon.get_rect(midleft=(x, box.centery)))
                x += fs + self._px(4)
                nm = self._text(self._name(s), self._px(15), ui.colour("text"), True, self._px(150))
                img.blit(nm, nm.get_rect(midleft=(x, box.centery - self._px(6))))
                lb = self._text(label, self._px(11), ui.colour("text_muted"))
                img.blit(lb, lb.get_rect(midleft=(x, box.centery + self._px(9))))
                x += max(nm.get_width(), lb.get_width()) + self._px(14)
            deck = self._text(f"Deck: {sh.get('deck_count', 0)}", self._px(14), ui.colour("text_muted"), True)
            if x + deck.get_width() + self._px(14) < box.right:
                img.blit(deck, deck.get_rect(midright=(box.right - self._px(12), box.centery)))
            self._cache[key] = img
        surface.blit(img, r.topleft)

    # ---- the grid ---------------------------------------------------------------------------------
    def _grid_base(self):
        key = ("gridbase", self._grid.size)
        img = self._cache.get(key)
        if img is None:
            g = self._grid
            img = pygame.Surface(g.size, pygame.SRCALPHA)
            pygame.draw.rect(img, FELT, img.get_rect(), border_radius=self._px(16))
            for j in range(0, g.w, max(3, self._px(6))):
                pygame.draw.line(img, _mix(FELT, FELT_DARK, 0.35), (j, 0), (0, j), 1)
            pygame.draw.rect(img, FELT_DARK, img.get_rect(), width=max(2, self._px(3)),
                             border_radius=self._px(16))
            c = self._cell
            for i in range(16):
                cx, cy = (i % 4) * c + c // 2, (i // 4) * c + c // 2
                pygame.draw.circle(img, _mix(FELT, FELT_DARK, 0.7), (cx, cy), int(c * 0.45), max(1, self._px(2)))
            self._cache[key] = img
        return img

    def _draw_grid(self, surface, sh) -> None:
        g = self._grid
        surface.blit(self._grid_base(), g.topleft)
        c = self._cell
        d = int(c * 0.9)
        grid = sh.get("grid") or []
        st = self._cur
        refill_cells = set()
        if st is not None and st.kind == "refill":
            refill_cells = {_cell_index(x) for x in st.ev.get("cells") or []}
        for i, cid in enumerate(grid):
            if cid is None and i not in refill_cells:
                continue
            r = self._cell_rect(i)
            if i in refill_cells:
                fin = (self.view or {}).get("grid") or []
                cid2 = fin[i] if i < len(fin) else None
                if cid2 is None:
                    continue
                p = _ease(st.t / st.dur)
                size = max(4, int(d * (0.3 + 0.7 * p)))
                img = self._card(cid2, size)
                surface.blit(img, img.get_rect(center=r.center))
                continue
            img = self._card(cid, d)
            # a shadow
            surface.blit(self._shadow(d), self._shadow(d).get_rect(center=(r.centerx + self._px(2),
                                                                           r.centery + self._px(3))))
            surface.blit(img, img.get_rect(center=r.center))
        # highlights
        lit = self._lit_cells()
        pulse = 0.5 + 0.5 * math.sin(self._time * 5)
        chain = [_cell_index(x) for x in sh.get("chain") or []]
        revealed = sh.get("revealed") and sh.get("choice")
        if revealed:
            for i in chain:
                cid = grid[i] if i < len(grid) else None
                if cid is not None and self._kind_of_card(cid) == sh.get("choice"):
                    r = self._cell_rect(i)
                    pygame.draw.circle(surface, GOLD, r.center, int(d * 0.5) + self._px(3), max(3, self._px(5)))
        for i in lit:
            r = self._cell_rect(i)
            col = _mix(ui.colour("highlight"), (255, 255, 255), 0.4 * pulse)
            pygame.draw.circle(surface, col, r.center, int(d * 0.5) + self._px(2), max(3, self._px(4)))
        if self._hover and self._hover[0] == "cell" and self._hover[1] in lit:
            r = self._cell_rect(self._hover[1])
            pygame.draw.circle(surface, (255, 255, 255), r.center, int(d * 0.5) + self._px(4), max(2, self._px(3)))
        if self._cursor is not None and self._keyboard:
            r = self._cell_rect(self._cursor)
            pygame.draw.rect(surface, ui.colour("accent"), r.inflate(-self._px(4), -self._px(4)),
                             width=max(2, self._px(3)), border_radius=self._px(10))
        # the trail
        if len(chain) > 1:
            pts = [self._cell_rect(i).center for i in chain]
            pygame.draw.lines(surface, (60, 30, 18), False, pts, max(3, self._px(7)))
            pygame.draw.lines(surface, (240, 214, 160), False, pts, max(1, self._px(3)))
        # ants (the one being placed drops in)
        fs = int(c * 0.52)
        for n, i in enumerate(chain):
            r = self._cell_rect(i)
            img = self._figure("ant", fs)
            end = n in (0, len(chain) - 1) and self._step() == "place"
            if end and len(chain) < 6 and self.legal:
                pygame.draw.circle(surface, (255, 255, 255), r.center, int(fs * 0.55), max(1, self._px(2)))
            surface.blit(img, img.get_rect(center=r.center))
            num = self._text(str(n + 1), self._px(12), INK, True)
            nr = num.get_rect(center=(r.centerx - int(c * 0.3), r.centery + int(c * 0.3)))
            pygame.draw.circle(surface, CREAM, nr.center, self._px(9))
            pygame.draw.circle(surface, INK, nr.center, self._px(9), 1)
            surface.blit(num, nr)
        if st is not None and st.kind == "place":
            cell = st.ev.get("cell")
            if cell is not None:
                r = self._cell_rect(_cell_index(cell))
                p = _ease(st.t / st.dur)
                size = max(4, int(fs * (1.6 - 0.6 * p)))
                img = self._figure("ant", size)
                surface.blit(img, img.get_rect(center=(r.centerx, r.centery - int((1 - p) * c * 0.4))))
        # the grasshopper
        guess = sh.get("guess")
        if guess is not None and not (st is not None and st.kind == "guess"):
            r = self._cell_rect(_cell_index(guess))
            hop = self._figure("grasshopper", int(c * 0.55))
            surface.blit(hop, hop.get_rect(center=(r.centerx - int(c * 0.18), r.centery - int(c * 0.2))))

    def _shadow(self, d: int):
        key = ("shadow", d)
        img = self._cache.get(key)
        if img is None:
            img = pygame.Surface((d, d), pygame.SRCALPHA)
            pygame.draw.circle(img, (0, 0, 0, 80), (d // 2, d // 2), d // 2)
            self._cache[key] = img
        return img

    # ---- the right side ---------------------------------------------------------------------------
    def _draw_right(self, surface, sh) -> None:
        if self._winter(sh):
            self._draw_display(surface, sh)
            self._draw_abilities(surface, sh)
        for s, r in enumerate(self._tableaux):
            img = self._tableau(s, sh, r)
            surface.blit(img, r.topleft)

    def _draw_display(self, surface, sh) -> None:
        disp = sh.get("display") or []
        buyable = {a.get("card") for a in self._legal_of("buy")} if not self.animating else set()
        for j, r in enumerate(self._display_rects):
            sid = disp[j] if j < len(disp) else None
            img = self._supply_card(sid, r.size, sid in buyable)
            surface.blit(img, r.topleft)
            if sid in buyable:
                pulse = 0.5 + 0.5 * math.sin(self._time * 5)
                col = _mix(ui.colour("highlight"), (255, 255, 255), 0.4 * pulse)
                pygame.draw.rect(surface, col, r.inflate(self._px(4), self._px(4)), width=max(2, self._px(3)),
                                 border_radius=self._px(12))
        if self._display_rects:
            n = sh.get("supply_deck_count", 0)
            t = self._text(f"{n} left", self._px(11), ui.colour("text_muted"))
            r = self._display_rects[-1]
            surface.blit(t, t.get_rect(topright=(r.right - self._px(4), r.bottom - self._px(1) - t.get_height())))

    def _supply_card(self, sid, size, lit=False):
        key = ("supply", sid, size, lit)
        img = self._cache.get(key)
        if img is not None:
            return img
        w, h = size
        img = pygame.Surface(size, pygame.SRCALPHA)
        r = img.get_rect()
        if sid is None:
            pygame.draw.rect(img, (*ui.colour("panel"), 120), r, border_radius=self._px(10))
            pygame.draw.rect(img, ui.colour("panel_edge"), r, width=1, border_radius=self._px(10))
            t = self._text("empty", self._px(12), ui.colour("text_muted"))
            img.blit(t, t.get_rect(center=r.center))
            self._cache[key] = img
            return img
        des = _design(sid)
        spec = self.data.designs.get(des, {})
        pygame.draw.rect(img, (247, 236, 212), r, border_radius=self._px(10))
        pygame.draw.rect(img, (120, 84, 50), r, width=max(1, self._px(2)), border_radius=self._px(10))
        price = [self.data.kinds[i] for i in spec.get("price", ())]
        ps = max(8, min(self._px(22), (w - self._px(10)) // max(1, len(price)) - self._px(2)))
        isz = max(8, min(h - ps - self._px(34), int(w * 0.45)))
        icon = self._icon(f"supply_{des}", isz)
        img.blit(icon, (self._px(5), self._px(5)))
        tx = isz + self._px(9)
        f = self.assets.font(self._px(12), True)
        lines = ui.wrap(spec.get("label", des), f, max(10, w - tx - self._px(4)))[:2]
        y = self._px(6)
        for ln in lines:
            t = self._text(ln, self._px(12), INK, True, w - tx - self._px(4))
            img.blit(t, (tx, y))
            y += t.get_height()
        mark = self._text(f"{spec.get('mark', '')} players", self._px(10), (110, 80, 50))
        img.blit(mark, (tx, y + self._px(1)))
        x = self._px(6)
        y = h - ps - self._px(6)
        for kind in price:
            img.blit(self._symbol(kind, ps), (x, y))
            x += ps + self._px(2)
        self._cache[key] = img
        return img

    def _draw_abilities(self, surface, sh) -> None:
        owners = sh.get("abilities") or {}
        lit = {self.data.ability_of_insect.get(self.data.card_insect.get(a.get("card")))
               for a in self._legal_of("take_ability")} if not self.animating else set()
        for aid, r in self._ability_rects:
            owner = owners.get(aid)
            img = self._ability_card(aid, owner, r.size)
            surface.blit(img, r.topleft)
            if aid in lit:
                pulse = 0.5 + 0.5 * math.sin(self._time * 5)
                col = _mix(ui.colour("highlight"), (255, 255, 255), 0.4 * pulse)
                pygame.draw.rect(surface, col, r.inflate(self._px(4), self._px(4)), width=max(2, self._px(3)),
                                 border_radius=self._px(10))

    def _ability_card(self, aid, owner, size):
        key = ("ability", aid, owner, size)
        img = self._cache.get(key)
        if img is not None:
            return img
        w, h = size
        img = pygame.Surface(size, pygame.SRCALPHA)
        r = img.get_rect()
        fill = (236, 226, 246) if owner is None else _mix(self._palette(owner)["rgb"], (255, 255, 255), 0.6)
        pygame.draw.rect(img, fill, r, border_radius=self._px(8))
        pygame.draw.rect(img, (90, 70, 110), r, width=max(1, self._px(2)), border_radius=self._px(8))
        lab = self._text(self._ability_label(aid), self._px(11), INK, True, w - self._px(4))
        isz = max(8, h - lab.get_height() - self._px(8))
        img.blit(self._icon(f"ability_{aid}", isz), ((w - isz) // 2, self._px(3)))
        img.blit(lab, lab.get_rect(midbottom=(w // 2, h - self._px(2))))
        ab = self.data.abilities.get(aid, {})
        ins = ab.get("insect")
        sz = max(8, min(self._px(18), isz // 2))
        if ins:
            img.blit(self._insect(ins, sz), (self._px(3), self._px(3)))
        if owner is not None:
            ui.draw_swatch(img, self._palette(owner), pygame.Rect(w - sz - self._px(3), self._px(3), sz, sz))
        self._cache[key] = img
        return img

    def _tableau(self, s: int, sh: dict, r: pygame.Rect):
        seats = sh.get("seats") or []
        info = seats[s] if s < len(seats) else {}
        role = ("ant" if s == sh.get("ant") else "grasshopper" if s == sh.get("hopper")
                else "red ant" if s in (sh.get("reds") or []) else "")
        disc = None
        if role == "ant" and sh.get("choice_made"):
            disc = sh.get("choice") or "?"
        elif role == "red ant" and info.get("red_made"):
            disc = info.get("red") or "?"
        key = ("tab", s, r.size, repr(info), role, disc, sh.get("current_player") == s, sh.get("variant"),
               repr(sh.get("abilities")), sh.get("step") == "over")
        img = self._cache.get(key)
        if img is not None:
            return img
        for k in [k for k in self._cache if isinstance(k, tuple) and k[:2] == ("tab", s)]:
            del self._cache[k]
        img = pygame.Surface(r.size, pygame.SRCALPHA)
        box = img.get_rect()
        pal = self._palette(s)
        cur = sh.get("current_player") == s
        pygame.draw.rect(img, (*_mix(ui.colour("panel"), pal["rgb"], 0.12), 240), box, border_radius=self._px(10))
        pygame.draw.rect(img, ui.colour("accent") if cur else _mix(ui.colour("panel_edge"), pal["rgb"], 0.4),
                         box, width=max(2 if cur else 1, self._px(3 if cur else 2)), border_radius=self._px(10))
        pad = self._px(8)
        sw = self._px(20)
        ui.draw_swatch(img, pal, pygame.Rect(pad, pad, sw, sw))
        x = pad + sw + self._px(6)
        # role figure + name
        if role:
            fig = self._figure("grasshopper" if role == "grasshopper" else "ant", self._px(22))
            if role == "red ant":
                fig = fig.copy()
                fig.fill((255, 120, 100, 255), special_flags=pygame.BLEND_RGBA_MULT)
            img.blit(fig, (x, pad - self._px(1)))
            x += self._px(24)
        score = (str(info.get("vp", 0)) + " VP") if self._winter(sh) else self._autumn_score_text(info)
        sc = self._text(score, self._px(15), GOLD, True)
        img.blit(sc, sc.get_rect(topright=(box.right - pad, pad)))
        nm_w = box.right - pad - sc.get_width() - x - self._px(8) - (self._px(26) if disc else 0)
        nm = self._text(self._name(s) + (f" · {role}" if role else ""), self._px(14), ui.colour("text"), True, nm_w)
        img.blit(nm, (x, pad + self._px(2)))
        if disc:
            ds = self._px(22)
            dimg = self._disc_back(ds) if disc == "?" else self._symbol(disc, ds)
            img.blit(dimg, (box.right - pad - sc.get_width() - self._px(6) - ds, pad - self._px(1)))
        y = pad + sw + self._px(6)
        if self._winter(sh):
            self._tableau_winter(img, s, info, sh, y)
        else:
            self._tableau_autumn(img, s, info, sh, y)
        img = img.convert_alpha() if pygame.display.get_surface() is not None else img
        self._cache[key] = img
        return img

    def _autumn_score_text(self, info) -> str:
        sp = int(info.get("shelf_points", 0) or 0)
        ip = info.get("insect_points")
        if ip is None:
            return f"{sp} + ?"
        return str(sp + int(ip))

    def _tableau_autumn(self, img, s, info, sh, y) -> None:
        box = img.get_rect()
        pad = self._px(8)
        shelves = info.get("shelves") or [-1, -1, -1, -1]
        vals = self.data.scoring.get("shelf_values", SHELF_VALUES_FALLBACK)
        avail = box.h - y - pad
        rows = 4
        rh = max(6, min(self._px(30), avail // rows))
        sym = max(6, rh - self._px(2))
        ins_w = int(box.w * 0.34)
        sx = pad + sym + self._px(6)
        space_w = (box.w - sx - ins_w - pad * 2) // 4
        for j, kind in enumerate(self.data.kinds):
            yy = y + j * rh
            img.blit(self._symbol(kind, sym), (pad, yy))
            for p in range(4):
                sr = pygame.Rect(sx + p * space_w, yy, space_w - self._px(3), sym)
                on = j < len(shelves) and shelves[j] == p
                fill = (240, 226, 196) if not on else (255, 244, 214)
                pygame.draw.rect(img, fill, sr, border_radius=self._px(4))
                pygame.draw.rect(img, (140, 104, 64), sr, width=1, border_radius=self._px(4))
                if on:
                    cube = self._cube(s, max(4, sym - self._px(2)))
                    img.blit(cube, cube.get_rect(midleft=(sr.x + self._px(2), sr.centery)))
                    t = self._text(str(vals[p]), max(8, self._px(11)), INK, True)
                    img.blit(t, t.get_rect(midright=(sr.right - self._px(3), sr.centery)))
                else:
                    t = self._text(str(vals[p]), max(8, self._px(11)), (150, 120, 90))
                    img.blit(t, t.get_rect(center=sr.center))
        # insects
        ix = box.w - ins_w - pad + self._px(4)
        n = int(info.get("insect_count", 0) or 0)
        ins = info.get("insects")
        lab = self._text(f"Insects: {n}" + (f" ({info.get('insect_points', 0)} pts)" if ins is not None and n else ""),
                         self._px(11), ui.colour("text_muted"), True, ins_w - self._px(4))
        img.blit(lab, (ix, y))
        isz = max(8, min(self._px(22), (ins_w - self._px(6)) // 4))
        x, yy = ix, y + lab.get_height() + self._px(2)
        if ins is not None:
            counts: dict = {}
            for c in ins:
                kind = self.data.card_insect.get(c)
                counts[kind] = counts.get(kind, 0) + 1
            for kind in self.data.insects:
                m = counts.get(kind, 0)
                if not m:
                    continue
                if x + isz > box.w - pad:
                    x = ix
                    yy += isz + self._px(2)
                if yy + isz > box.h:
                    break
                img.blit(self._insect(kind, isz), (x, yy))
                if m > 1:
                    t = self._text(f"×{m}", max(8, self._px(10)), ui.colour("text"), True)
                    img.blit(t, t.get_rect(bottomright=(x + isz + self._px(2), yy + isz + self._px(2))))
                x += isz + self._px(6)
        else:
            for k in range(min(n, 10)):
                b = self._card(None, isz, True)
                img.blit(b, (ix + k * (isz // 2), yy))

    def _tableau_winter(self, img, s, info, sh, y) -> None:
        box = img.get_rect()
        pad = self._px(8)
        store = info.get("store") or []
        avail = box.h - y - pad
        ch = max(8, min(self._px(30), avail // 2 - self._px(4)))
        x = pad
        counts = {k: 0 for k in self.data.kinds}
        insects = []
        for c in store:
            counts[self._kind_of_card(c)] += 1
            if self.data.card_insect.get(c):
                insects.append(c)
        lab = self._text("Cards", self._px(11), ui.colour("text_muted"), True)
        img.blit(lab, lab.get_rect(midleft=(x, y + ch // 2)))
        x += lab.get_width() + self._px(6)
        for kind in self.data.kinds:
            img.blit(self._symbol(kind, ch), (x, y))
            t = self._text(str(counts[kind]), self._px(14), ui.colour("text") if counts[kind] else
                           ui.colour("text_muted"), True)
            img.blit(t, t.get_rect(midleft=(x + ch + self._px(3), y + ch // 2)))
            x += ch + t.get_width() + self._px(10)
        if info.get("has_hidden"):
            hid = info.get("hidden")
            b = self._card(hid, ch) if hid is not None else self._card(None, ch, True)
            img.blit(b, (x, y))
            t = self._text("hidden", self._px(10), ui.colour("text_muted"))
            img.blit(t, t.get_rect(midleft=(x + ch + self._px(2), y + ch // 2)))
            x += ch + t.get_width() + self._px(8)
        for c in insects[:4]:
            ii = self._insect(self.data.card_insect[c], int(ch * 0.8))
            if x + ii.get_width() > box.w - pad:
                break
            img.blit(ii, (x, y + ch // 10))
            x += ii.get_width() + self._px(2)
        # supply cards and abilities
        y2 = y + ch + self._px(4)
        x = pad
        sup = sorted(info.get("supplies") or [])
        lab = self._text("Supply", self._px(11), ui.colour("text_muted"), True)
        img.blit(lab, lab.get_rect(midleft=(x, y2 + ch // 2)))
        x += lab.get_width() + self._px(6)
        prev = None
        for sid in sup:
            des = _design(sid)
            if prev == des:
                x -= int(ch * 0.55)       # a pair overlaps: worth 3
            icon = self._icon(f"supply_{des}", ch)
            rr = pygame.Rect(x, y2, ch, ch)
            pygame.draw.rect(img, (247, 236, 212), rr.inflate(self._px(2), self._px(2)), border_radius=self._px(4))
            pygame.draw.rect(img, (120, 84, 50), rr.inflate(self._px(2), self._px(2)), width=1, border_radius=self._px(4))
            img.blit(icon, rr)
            x += ch + self._px(5)
            prev = des
        owners = sh.get("abilities") or {}
        mine = [a for a, o in owners.items() if o == s]
        x = max(x + self._px(6), box.w - pad - len(mine) * (ch + self._px(3)))
        for a in mine:
            img.blit(self._icon(f"ability_{a}", ch), (x, y2))
            x += ch + self._px(3)

    # ---- bar ------------------------------------------------------------------------------------
    def _instruction(self) -> str:
        v = self.view or {}
        step = v.get("step")
        cp = v.get("current_player")
        if step == "over":
            win = v.get("winners") or []
            return (f"{self._name(win[0])} wins!" if len(win) == 1 else "A shared win!") if win else "Game over"
        if self.animating:
            return ""
        mine = bool(self.legal)
        name = self._name(cp)
        chain = v.get("chain") or []
        if not mine:
            verb = "thinks" if self._is_computer(cp) else "is"
            what = {"place": f"{name} lays the trail ({len(chain)} of 6 ants)",
                    "choose": f"{name} picks a disc in secret",
                    "red_choose": f"{name} (red ant) picks a disc in secret",
                    "guess": f"{name}, the grasshopper, is about to jump",
                    "take": f"{name} chooses an insect card",
                    "ability": f"{name} may take an ability card",
                    "buy": f"{name} may buy a supply card",
                    "swap": f"{name} may use the exchange card"}.get(step, f"{name} {verb} on the move")
            return what
        if step == "place":
            n = len(chain) + 1
            if n == 1:
                first = (v.get("options") or {}).get("first_ant") == "edge"
                return "Put your first ant on " + ("an edge card" if first else "any card")
            return f"Ant {n} of 6: a lit card next to one end of the trail"
        if step == "choose":
            return "Pick your secret disc: a kind under your ants"
        if step == "red_choose":
            return "Red ant: guess the ant's kind in secret"
        if step == "guess":
            peek = v.get("peek")
            if peek:
                return f"Jump onto a card with an ant (spyglass: the ant did not pick {self._kind_label(peek).lower()})"
            return "Grasshopper: jump onto a card with an ant"
        if step == "take":
            pend = v.get("pending") or []
            ins = self.data.card_insect.get(pend[0]) if pend else None
            what = self.data.insect_labels.get(ins, "insect").lower()
            return f"Take one {what} card: this one or another lit one"
        if step == "ability":
            return "Discard an insect card for its ability?"
        if step == "buy":
            return "Click a lit supply card to buy it"
        if step == "swap":
            return "Use the exchange card now?"
        return ""

    def _bar_items(self) -> list:
        if self._buttons is not None:
            return self._buttons
        bar = self._bar
        items = []
        pad = self._px(10)
        bh = min(bar.h - self._px(16), self._px(44))
        legal = [] if self.animating else (self.legal or [])
        step = self._step()
        btns = []
        if step in ("choose", "red_choose") and legal:
            allowed = {a.get("kind"): a for a in legal}
            for kind in self.data.kinds:
                btns.append({"key": f"disc_{kind}", "label": self._kind_label(kind), "action": allowed.get(kind),
                             "symbol": kind, "primary": kind in allowed})
        elif step == "ability":
            for a in self._legal_of("take_ability"):
                ins = self.data.card_insect.get(a.get("card"))
                aid = self.data.ability_of_insect.get(ins)
                btns.append({"key": f"ab_{a.get('card')}", "label": f"Take {self._ability_label(aid)}",
                             "action": a, "primary": True, "insect": ins})
            for a in self._legal_of("skip_ability"):
                btns.append({"key": "skip", "label": "No, thanks", "action": a})
        elif step == "buy":
            for a in self._legal_of("skip_buy"):
                btns.append({"key": "skip", "label": "Buy nothing", "action": a})
        elif step == "swap":
            if self._legal_of("supply_swap"):
                btns.append({"key": "swapdlg", "label": "Choose a swap", "action": None, "primary": True})
            for a in self._legal_of("skip_swap"):
                btns.append({"key": "skip", "label": "Keep it", "action": a})
        elif step == "take":
            for a in self._legal_of("take"):
                btns.append({"key": f"take_{a.get('card')}", "label": self._kind_label(self._kind_of_card(a.get("card"))),
                             "action": a, "primary": True, "card": a.get("card")})
        f = self.assets.font(self._px(15), True)
        x = bar.right - pad
        for b in reversed(btns):
            extra = self._px(34) if (b.get("symbol") or b.get("insect") or b.get("card") is not None) else 0
            w = f.size(b["label"])[0] + self._px(24) + extra
            r = pygame.Rect(x - w, bar.centery - bh // 2, w, bh)
            b["rect"] = r
            x = r.x - self._px(8)
            items.append(b)
        items.reverse()
        self._label_right = x
        if not self.animating:          # buttons come alive when the animation is over
            self._buttons = items
        return items

    def _draw_bar(self, surface) -> None:
        bar = self._bar
        key = ("bar", bar.size)
        panel = self._cache.get(key)
        if panel is None:
            panel = pygame.Surface(bar.size, pygame.SRCALPHA)
            r = panel.get_rect().inflate(0, -self._px(6))
            pygame.draw.rect(panel, (*ui.colour("panel"), 235), r, border_radius=self._px(14))
            pygame.draw.rect(panel, ui.colour("panel_edge"), r, width=max(1, self._px(2)), border_radius=self._px(14))
            self._cache[key] = panel
        surface.blit(panel, bar.topleft)
        items = self._bar_items()
        x = bar.x + self._px(14)
        text = self._instruction()
        if text:
            img = self._text(text, self._px(16), ui.colour("text"), True, max(20, self._label_right - x - self._px(6)))
            surface.blit(img, img.get_rect(midleft=(x, bar.centery)))
        for n, b in enumerate(items):
            r = b["rect"]
            enabled = b.get("action") is not None or b["key"] == "swapdlg"
            hot = self._hover == ("btn", b["key"]) and enabled
            if b.get("primary") and enabled:
                fill = ui.colour("accent")
            else:
                fill = _mix(ui.colour("panel"), ui.colour("panel_edge"), 0.5 if enabled else 0.12)
            if hot:
                fill = _mix(fill, (255, 255, 255), 0.22)
            pygame.draw.rect(surface, fill, r, border_radius=self._px(10))
            pygame.draw.rect(surface, ui.colour("highlight") if hot else ui.colour("panel_edge"), r,
                             width=max(1, self._px(2)), border_radius=self._px(10))
            col = (ui.colour("text_dark") if (b.get("primary") and enabled) else
                   ui.colour("text") if enabled else _mix(ui.colour("text_muted"), ui.colour("panel"), 0.4))
            tx = r.x + self._px(12)
            icon = None
            isz = r.h - self._px(12)
            if b.get("symbol"):
                icon = self._symbol(b["symbol"], isz)
                if not enabled:
                    icon = icon.copy()
                    icon.set_alpha(90)
            elif b.get("insect"):
                icon = self._insect(b["insect"], isz)
            elif b.get("card") is not None:
                icon = self._card(b["card"], isz)
            if icon is not None:
                surface.blit(icon, icon.get_rect(midleft=(tx, r.centery)))
                tx += isz + self._px(6)
            t = self._text(b["label"], self._px(15), col, True)
            surface.blit(t, t.get_rect(midleft=(tx, r.centery)))
            if self._keyboard and enabled and n < 9:
                k = self._text(str(n + 1), self._px(10), ui.colour("text_muted"), True)
                surface.blit(k, k.get_rect(midtop=(r.centerx, r.bottom + 1)))

    # ---- animations -----------------------------------------------------------------------------
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
                img = self._card(cid, max(4, d))
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

    # ---- dialog ---------------------------------------------------------------------------------
    def _draw_dialog(self, surface) -> None:
        d = self._dialog
        rect = d["rect"]
        shade = pygame.Surface(self._grid.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, self._grid.topleft)
        ui.draw_panel(surface, rect, radius=self._px(14))
        pad = self._px(14)
        if d["kind"] == "buy":
            sid = d["card"]
            title = f"Buy the {self._design_label(sid)}"
            spec = self.data.designs.get(_design(sid), {})
            price = [self.data.kinds[i] for i in spec.get("price", ())]
            t = self._text(title, self._px(19), ui.colour("accent"), True, rect.w - 2 * pad)
            surface.blit(t, (rect.x + pad, rect.y + pad))
            x = rect.x + pad
            y = rect.y + pad + t.get_height() + self._px(4)
            lab = self._text("Price:", self._px(13), ui.colour("text_muted"), True)
            surface.blit(lab, (x, y))
            x += lab.get_width() + self._px(6)
            for kind in price:
                surface.blit(self._symbol(kind, self._px(18)), (x, y - self._px(1)))
                x += self._px(20)
            trade = self.data.scoring.get("trade_in", 3)
            note = self._text(f"   {trade} cards of one kind may replace any one card.",
                              self._px(12), ui.colour("text_muted"), False, rect.right - x - pad)
            surface.blit(note, (x, y + self._px(2)))
        else:
            t = self._text("Exchange card: swap one of your supply cards", self._px(19), ui.colour("accent"),
                           True, rect.w - 2 * pad)
            surface.blit(t, (rect.x + pad, rect.y + pad))
        for j in range(len(d["rows"])):
            rr = self._dialog_row_rect(j)
            if rr is None:
                continue
            a = d["rows"][j]
            sel = j == self._dialog_sel
            hot = self._hover == ("row", j)
            fill = _mix(ui.colour("panel"), ui.colour("accent"), 0.25 if sel else (0.12 if hot else 0.04))
            pygame.draw.rect(surface, fill, rr, border_radius=self._px(8))
            pygame.draw.rect(surface, ui.colour("accent") if sel else ui.colour("panel_edge"), rr,
                             width=max(1, self._px(2)), border_radius=self._px(8))
            x = rr.x + self._px(10)
            if d["kind"] == "buy":
                lab = self._text("Pay", self._px(13), ui.colour("text_muted"), True)
                surface.blit(lab, lab.get_rect(midleft=(x, rr.centery)))
                x += lab.get_width() + self._px(8)
                ps = rr.h - self._px(10)
                for kind, hidden in self._pay_parts(a.get("pay") or [], self.seat):
                    surface.blit(self._symbol(kind, ps), (x, rr.centery - ps // 2))
                    if hidden:
                        hb = self._text("hidden", self._px(9), ui.colour("text"), True)
                        surface.blit(hb, hb.get_rect(midtop=(x + ps // 2, rr.bottom - self._px(2))))
                    x += ps + self._px(3)
                subs = self._substitutions(a.get("card"), a.get("pay") or [])
                if subs:
                    sc = self.data.scoring
                    trade = sc.get("trade_in_ability", 2) if self._owns_bargain() else sc.get("trade_in", 3)
                    txt = f"{trade} for 1 instead of " + " and ".join(
                        self._kind_label(k).lower() for k in subs)
                    t = self._text(txt, self._px(12), ui.colour("text_muted"), False, rr.right - x - self._px(12))
                    surface.blit(t, t.get_rect(midleft=(x + self._px(10), rr.centery)))
            else:
                mine, other = a.get("mine"), a.get("other")
                holder = None
                for s, info in enumerate((self.view or {}).get("seats") or []):
                    if other in (info.get("supplies") or []):
                        holder = s
                src = "the display" if holder is None else self._name(holder)
                txt = f"Give your {self._design_label(mine)}, take the {self._design_label(other)} from {src}"
                sz = rr.h - self._px(10)
                surface.blit(self._icon(f"supply_{_design(mine)}", sz), (x, rr.centery - sz // 2))
                x += sz + self._px(4)
                aw = self._px(16)
                cy = rr.centery
                pygame.draw.line(surface, ui.colour("text"), (x, cy), (x + aw - self._px(5), cy), max(2, self._px(3)))
                pygame.draw.polygon(surface, ui.colour("text"), [(x + aw, cy), (x + aw - self._px(7), cy - self._px(6)),
                                                                 (x + aw - self._px(7), cy + self._px(6))])
                x += aw + self._px(4)
                surface.blit(self._icon(f"supply_{_design(other)}", sz), (x, rr.centery - sz // 2))
                x += sz + self._px(8)
                t = self._text(txt, self._px(13), ui.colour("text"), False, rr.right - x - self._px(8))
                surface.blit(t, t.get_rect(midleft=(x, rr.centery)))
        if len(d["rows"]) > d["visible"]:
            more = self._text(f"{d['scroll'] + 1}-{min(len(d['rows']), d['scroll'] + d['visible'])} of "
                              f"{len(d['rows'])} (scroll)", self._px(12), ui.colour("text_muted"))
            surface.blit(more, (rect.x + pad, d["cancel"].centery - more.get_height() // 2))
        for key, r, label, prim in (("ok", d["ok"], "Buy" if d["kind"] == "buy" else "Swap", True),
                                    ("cancel", d["cancel"], "Cancel", False)):
            hot = self._hover == ("dlg", key)
            fill = ui.colour("accent") if prim else _mix(ui.colour("panel"), ui.colour("panel_edge"), 0.5)
            if hot:
                fill = _mix(fill, (255, 255, 255), 0.22)
            pygame.draw.rect(surface, fill, r, border_radius=self._px(10))
            pygame.draw.rect(surface, ui.colour("panel_edge"), r, width=max(1, self._px(2)), border_radius=self._px(10))
            t = self._text(label, self._px(15), ui.colour("text_dark") if prim else ui.colour("text"), True)
            surface.blit(t, t.get_rect(center=r.center))

    def _owns_bargain(self) -> bool:
        owners = (self.view or {}).get("abilities") or {}
        aid = self.data.ability_of_effect.get("two_for_one")
        return aid is not None and owners.get(aid) == self.seat and self.seat is not None

    # ---- tooltip --------------------------------------------------------------------------------
    def _tooltip_text(self, sh) -> str:
        h = self._hover
        if not h:
            return ""
        if h[0] == "cell" and self._time - self._hover_since < TOOLTIP_DELAY:
            return ""       # cards under a moving mouse: only when it rests on one
        if h[0] == "cell":
            grid = sh.get("grid") or []
            cid = grid[h[1]] if h[1] < len(grid) else None
            if cid is None:
                return ""
            return self._card_words(cid).capitalize()
        if h[0] == "ability":
            ab = self.data.abilities.get(h[1], {})
            owner = (sh.get("abilities") or {}).get(h[1])
            ins = self.data.insect_labels.get(ab.get("insect"), "")
            who = "in the centre" if owner is None else f"held by {self._name(owner)}"
            return (f"{self._ability_label(h[1])} ({ins} card; {who}): {ab.get('text', '')}")
        if h[0] == "supply":
            disp = sh.get("display") or []
            sid = disp[h[1]] if h[1] < len(disp) else None
            if sid is None:
                return ""
            spec = self.data.designs.get(_design(sid), {})
            price = ", ".join(self._kind_label(self.data.kinds[i]).lower() for i in spec.get("price", ()))
            return (f"{spec.get('label', '')}: costs {price}. 1 victory point; a pair of the same card is "
                    f"worth {self.data.scoring.get('pair_points', 3)}. Used from {spec.get('mark', '')} players.")
        return ""

    def _draw_tooltip(self, surface, sh) -> None:
        text = self._tooltip_text(sh)
        if not text or self._dialog is not None:
            return
        f = self.assets.font(self._px(14))
        width = min(self._px(420), self.rect.w - self._px(20))
        lines = ui.wrap(text, f, width - self._px(16))
        lh = f.get_linesize()
        box = pygame.Rect(0, 0, min(width, max(f.size(ln)[0] for ln in lines) + self._px(18)),
                          lh * len(lines) + self._px(12))
        mx, my = self._mouse
        box.topleft = (mx + self._px(14), my + self._px(16))
        box.clamp_ip(self.rect)
        pygame.draw.rect(surface, _mix(ui.colour("panel"), (0, 0, 0), 0.3), box, border_radius=self._px(8))
        pygame.draw.rect(surface, ui.colour("accent"), box, width=1, border_radius=self._px(8))
        y = box.y + self._px(6)
        for ln in lines:
            surface.blit(f.render(ln, True, ui.colour("text")), (box.x + self._px(9), y))
            y += lh

    # ========================================================================================
    # input
    # ========================================================================================
    def _hit(self, pos):
        if self._dialog is not None and not self.animating:
            d = self._dialog
            for key in ("ok", "cancel"):
                if d[key].collidepoint(pos):
                    return ("dlg", key)
            for j in range(len(d["rows"])):
                rr = self._dialog_row_rect(j)
                if rr is not None and rr.collidepoint(pos):
                    return ("row", j)
            if d["rect"].collidepoint(pos):
                return ("dlgbody",)
            return ("outside",)
        for b in self._bar_items():
            if b["rect"].collidepoint(pos):
                return ("btn", b["key"])
        for j, r in enumerate(self._display_rects):
            if r.collidepoint(pos):
                return ("supply", j)
        for aid, r in self._ability_rects:
            if r.collidepoint(pos):
                return ("ability", aid)
        i = self._cell_at(pos)
        if i is not None:
            return ("cell", i)
        return None

    def handle_event(self, event):
        if self.view is None or self.rect is None:
            return None
        et = event.type
        if et == pygame.MOUSEMOTION:
            self._keyboard = False
            self._mouse = event.pos
            hover = self._hit(event.pos)
            if hover != self._hover:
                self._hover_since = self._time
            self._hover = hover
            return None
        if et == pygame.MOUSEWHEEL and self._dialog is not None:
            d = self._dialog
            d["scroll"] = max(0, min(len(d["rows"]) - d["visible"], d["scroll"] - int(event.y)))
            return None
        if et == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._keyboard = False
            self._mouse = event.pos
            return self._click(self._hit(event.pos))
        if et == pygame.KEYDOWN:
            return self._key(event)
        return None

    def _click(self, hit):
        if hit is None:
            return None
        if self.animating:
            return None
        if hit[0] == "dlg":
            if hit[1] == "cancel":
                self._dialog = None
                return None
            return self._dialog_choose(self._dialog_sel)
        if hit[0] == "row":
            if self._dialog_sel == hit[1]:
                return self._dialog_choose(hit[1])
            self._dialog_sel = hit[1]
            return None
        if hit[0] == "outside":
            self._dialog = None
            return None
        if hit[0] == "dlgbody":
            return None
        if not self.legal:
            return None
        if hit[0] == "btn":
            return self._activate(hit[1])
        if hit[0] == "supply":
            disp = (self.view or {}).get("display") or []
            sid = disp[hit[1]] if hit[1] < len(disp) else None
            if self._step() != "buy":
                return None
            if sid is None:
                return "That place of the display is empty."
            if not any(a.get("card") == sid for a in self._legal_of("buy")):
                return "You cannot pay for that card with the cards you have."
            self._dialog_sel = 0
            self._open_dialog("buy", sid)
            return None
        if hit[0] == "ability":
            if self._step() == "ability":
                for a in self._legal_of("take_ability"):
                    ins = self.data.card_insect.get(a.get("card"))
                    if self.data.ability_of_insect.get(ins) == hit[1]:
                        return a
                return "You collected no insect card for that ability this round (or it is yours)."
            return None
        if hit[0] == "cell":
            lit = self._lit_cells()
            if hit[1] in lit:
                return lit[hit[1]]
            return self._why_not(hit[1])
        return None

    def _dialog_choose(self, j):
        d = self._dialog
        if d is None or not (0 <= j < len(d["rows"])):
            return None
        a = d["rows"][j]
        self._dialog = None
        return a

    def _activate(self, key):
        for b in self._bar_items():
            if b["key"] == key:
                if key == "swapdlg":
                    self._dialog_sel = 0
                    self._open_dialog("swap")
                    return None
                if b.get("action") is None:
                    if key.startswith("disc_"):
                        return "That kind is not under any of your ants."
                    return None
                return b["action"]
        return None

    def next_click(self, action):
        """Where a player clicks next to make ``action`` (one of ``legal``), or None.

        Buying and swapping take two clicks (the card or button that opens the dialog, then the
        row: the first click on a row selects it, the second confirms)."""
        if not self.legal or self.animating or self.view is None:
            return None
        t = action.get("type")
        grid = self.view.get("grid") or []
        if t in ("place", "guess"):
            return self._cell_rect(_cell_index(action["cell"])).center
        if t == "take":
            if action.get("card") in grid:
                return self._cell_rect(grid.index(action["card"])).center
            return None
        if t in ("buy", "supply_swap"):
            d = self._dialog
            want = "buy" if t == "buy" else "swap"
            if d is None or d["kind"] != want or (t == "buy" and d.get("card") != action.get("card")):
                if d is not None:
                    return d["cancel"].center
                if t == "buy":
                    disp = self.view.get("display") or []
                    j = disp.index(action["card"])
                    return self._display_rects[j].center
                return self._button_centre("swapdlg")
            for j, row in enumerate(d["rows"]):
                if row == action:
                    rr = self._dialog_row_rect(j)
                    if rr is None:            # scroll it into view first (keyboard: arrows)
                        d["scroll"] = max(0, min(j, len(d["rows"]) - d["visible"]))
                        rr = self._dialog_row_rect(j)
                    return rr.center
            return None
        for b in self._bar_items():
            if b.get("action") == action:
                return b["rect"].center
        return None

    def targets(self) -> list[dict]:
        out = []
        if not self.legal or self.animating:
            return out
        for i in sorted(self._lit_cells()):
            out.append({"kind": "cell", "key": f"cell {i % 4},{i // 4}", "center": self._cell_rect(i).center})
        for b in self._bar_items():
            if b.get("action") is not None or b["key"] == "swapdlg":
                out.append({"kind": "button", "key": b["key"], "center": b["rect"].center})
        if self._step() == "buy":
            buyable = {a.get("card") for a in self._legal_of("buy")}
            disp = (self.view or {}).get("display") or []
            for j, r in enumerate(self._display_rects):
                if j < len(disp) and disp[j] in buyable:
                    out.append({"kind": "supply", "key": str(disp[j]), "center": r.center})
        return out

    def _button_centre(self, key):
        for b in self._bar_items():
            if b["key"] == key:
                return b["rect"].center
        return None

    def handle_escape(self) -> bool:
        if self._dialog is not None:
            self._dialog = None
            return True
        if self._cursor is not None and self._keyboard:
            self._cursor = None
            return True
        return False

    def _key(self, event):
        key = event.key
        if self.animating:
            return None
        if self._dialog is not None:
            d = self._dialog
            if key in (pygame.K_UP, pygame.K_DOWN):
                self._dialog_sel = max(0, min(len(d["rows"]) - 1, self._dialog_sel + (1 if key == pygame.K_DOWN else -1)))
                if self._dialog_sel < d["scroll"]:
                    d["scroll"] = self._dialog_sel
                elif self._dialog_sel >= d["scroll"] + d["visible"]:
                    d["scroll"] = self._dialog_sel - d["visible"] + 1
                return None
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self._dialog_choose(self._dialog_sel)
            return None
        if not self.legal:
            return None
        if pygame.K_1 <= key <= pygame.K_9:
            self._keyboard = True
            items = self._bar_items()
            n = key - pygame.K_1
            if self._step() == "buy":
                disp = (self.view or {}).get("display") or []
                if n < len(disp):
                    return self._click(("supply", n))
                return None
            if n < len(items):
                return self._activate(items[n]["key"])
            return None
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self._keyboard = True
            if self._cursor is None:
                lit = sorted(self._lit_cells())
                self._cursor = lit[0] if lit else 5
                return None
            dx, dy = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0),
                      pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}[key]
            x, y = self._cursor % 4, self._cursor // 4
            self._cursor = max(0, min(3, y + dy)) * 4 + max(0, min(3, x + dx))
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._keyboard = True
            if self._cursor is not None:
                return self._click(("cell", self._cursor))
            items = [b for b in self._bar_items() if b.get("action") is not None]
            if len(items) == 1:
                return items[0]["action"]
            lit = sorted(self._lit_cells())
            if lit:
                self._cursor = lit[0]
            return None
        return None

    # ========================================================================================
    # side panel and results
    # ========================================================================================
    def status_lines(self) -> list[str]:
        v = self.view
        if v is None:
            return []
        lines = []
        mode = {"autumn": "Autumn", "winter": "Winter", "beetle": "Winter with beetles"}.get(v.get("variant"), "")
        lines.append(f"Round {v.get('round', 1)} · {mode} · deck {v.get('deck_count', 0)}")
        lines.append(f"Ant: {self._name(v.get('ant'))} · Grasshopper: {self._name(v.get('hopper'))}")
        if self._winter(v):
            lines.append(f"First to {self.data.scoring.get('winter_target', 4)} victory points wins")
        else:
            lines.append("Scores: shelves + insects (others' insects hidden)"
                         if (v.get("options") or {}).get("insects") != "open" else "Scores: shelves + insects")
        return lines

    def score_texts(self):
        """What the side panel shows as each player's score: hidden insect points stay hidden."""
        v = self.view
        if v is None:
            return None
        out = []
        for info in v.get("seats") or []:
            if self._winter(v):
                out.append(str(info.get("vp", 0)))
            else:
                out.append(self._autumn_score_text(info))
        return out

    def draw_results(self, surface, rect, state) -> None:
        """Per player: Autumn shelves + insects, or Winter supply cards and victory points."""
        rect = pygame.Rect(rect)
        try:
            v = state.view(None)
        except Exception:  # noqa: BLE001
            return
        n = int(v.get("players", 0) or 0)
        if n <= 0 or rect.h < 30:
            return
        k = max(0.6, min(3.6, rect.w / 620.0))

        def px(x):
            return max(1, int(round(x * k)))
        rh = max(px(18), min(px(34), rect.h // max(1, n)))
        f = self.assets.font(max(8, int(rh * 0.48)), True)
        y = rect.y
        for s, info in enumerate(v.get("seats") or []):
            pal = self._palette(s)
            sw = pygame.Rect(rect.x, y + rh // 6, int(rh * 0.66), int(rh * 0.66))
            ui.draw_swatch(surface, pal, sw)
            x = sw.right + px(8)
            nm = f.render(ui.ellipsize(self._name(s), f, px(120)), True, ui.colour("text"))
            surface.blit(nm, nm.get_rect(midleft=(x, y + rh // 2)))
            x += px(128)
            isz = int(rh * 0.7)
            if self._winter(v):
                for sid in sorted(info.get("supplies") or []):
                    surface.blit(self._icon(f"supply_{_design(sid)}", isz), (x, y + (rh - isz) // 2))
                    x += isz + px(3)
                for a, o in (v.get("abilities") or {}).items():
                    if o == s:
                        surface.blit(self._icon(f"ability_{a}", isz), (x, y + (rh - isz) // 2))
                        x += isz + px(3)
                txt = f"{info.get('vp', 0)} VP · {len(info.get('store') or [])} path cards left"
            else:
                for j, kind in enumerate(self.data.kinds):
                    pos = (info.get("shelves") or [-1] * 4)[j]
                    surface.blit(self._symbol(kind, isz), (x, y + (rh - isz) // 2))
                    vals = self.data.scoring.get("shelf_values", SHELF_VALUES_FALLBACK)
                    t = f.render(str(vals[pos]) if pos >= 0 else "-", True, ui.colour("text"))
                    surface.blit(t, t.get_rect(midleft=(x + isz + px(2), y + rh // 2)))
                    x += isz + px(30)
                n = int(info.get("insect_count", 0) or 0)
                txt = f"+ {info.get('insect_points', 0)} for {n} insect card{'s' if n != 1 else ''}"
            t = f.render(txt, True, ui.colour("text_muted"))
            if x + px(8) + t.get_width() <= rect.right:
                surface.blit(t, t.get_rect(midleft=(x + px(8), y + rh // 2)))
            y += rh
            if y + rh > rect.bottom + 1:
                break


__all__ = ["AntsView"]
