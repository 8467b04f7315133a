"""The Gopher's Pantry board: the open book of tunnels, the tokens, the hand and the piles.

Everything is drawn from ``state.view(seat)`` (see ``game/rules/gopher/``) and from the events
``apply()`` returns; every click proposes an action from ``legal``. Built on the board kit
(``game/app/board``):
  * ``art.py``: the book, one cached surface per page, cards, tokens, symbols;
  * ``animation.py``: events to steps (hops, page turns, drops) with one-line captions;
  * ``modes.py``: one mode per rules step; ``texts.py``: every sentence, through ``tr()``;
  * ``results.py``: the scores at the end, on the book and on the results screen.

Layout: the book (a title page with the page number and a legend, and the map page) and the
players' piles beside it; the hand (or the table, or the present) in a strip above the bar.
"""
from __future__ import annotations

import math

import pygame

from ... import ui
from ...board import KitView, Target, draw
from ...board import bar as bar_mod
from ...board.cache import CACHE
from . import texts
from .animation import GopherAnimation
from .art import GopherArt, symbol
from .common import GOLD, INK, PAPER, PICK_R, SHADOW, data, ease, sign_of
from .modes import MODES
from .open_hands import GopherOpenHands
from .results import GopherResults


class GopherView(GopherOpenHands, GopherResults, GopherArt, GopherAnimation, KitView):
    MODES = MODES
    FOCUS_FIRST = ("button", "hole", "card", "take")

    def __init__(self, game_id: str, seats: list[dict], assets):
        if assets is None:
            from ...assets import Assets
            assets = Assets()
        super().__init__(game_id, seats, assets)
        self._anim_reset()
        self.take_page = 0
        self._page_scratch = draw.Scratch()     # the page turning over, one picture a frame
        z = pygame.Rect(0, 0, 0, 0)
        self.book_rect = self.map_rect = self.left_page = self.side_rect = self.hand_rect = z

    # ---- layout ---------------------------------------------------------------------------------
    def _on_resize(self) -> None:
        r = self.rect
        bar_h = min(int(round(max(56, 80 * self._k))), max(40, r.h // 4))
        hand_h = min(int(round(128 * self._k)), int(r.h * 0.26))
        self.bar_rect = pygame.Rect(r.x, r.bottom - bar_h, r.w, bar_h)
        self.hand_rect = pygame.Rect(r.x, self.bar_rect.y - hand_h, r.w, hand_h)
        top = pygame.Rect(r.x, r.y, r.w, self.hand_rect.y - r.y)
        side_w = max(int(170 * self._k), int(r.w * 0.24))
        pad = self._px(10)
        room = pygame.Rect(top.x, top.y, top.w - side_w - pad, top.h)
        s = int(min(room.h - 2 * pad - self._px(12), (room.w - 2 * pad - self._px(12)) / 1.32))
        s = max(60, s)
        lw = int(s * 0.3)
        inner = self._px(6)
        self.book_rect = pygame.Rect(0, 0, s + lw + 2 * inner + self._px(8), s + 2 * inner + self._px(8))
        self.book_rect.center = room.center
        self.left_page = pygame.Rect(self.book_rect.x + inner + self._px(3), self.book_rect.y + inner + self._px(3), lw, s)
        self.map_rect = pygame.Rect(self.left_page.right, self.left_page.y, s, s)
        self.side_rect = pygame.Rect(room.right + pad, top.y + pad, side_w - pad, top.h - 2 * pad)
        self.invalidate()

    # ---- helpers for the modes -------------------------------------------------------------------
    def occupied(self) -> set:
        return {s.get("token") for s in (self.view or {}).get("seats") or [] if s.get("token") is not None}

    def hole_at(self, pos):
        if not self.map_rect.w:
            return None
        best, bd = None, PICK_R * self.unit()
        for h in data().hole_ids:
            x, y = self.hole_px(h)
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d <= bd:
                best, bd = h, d
        return best

    def hole_target(self, hole: int, action, n: int = 0) -> Target:
        v = self.view
        what, amount = sign_of(v["page"], hole)
        return Target("hole", ("hole", int(hole)) if n == 0 else ("hole", int(hole), n), pos=self.hole_px(hole),
                      action=action, radius=PICK_R * self.unit(), label=texts.hole_tip(hole, what, amount),
                      tooltip=texts.hole_tip(hole, what, amount))

    def card_size(self) -> tuple:
        h = self.hand_rect.h - self._px(34)
        return int(h * 0.7), h

    def _row(self, codes: list, x0: int, gap: int = None) -> list:
        cw, ch = self.card_size()
        gap = self._px(6) if gap is None else gap
        room = self.hand_rect.right - self._px(10) - x0
        step = cw + gap
        if codes and len(codes) * step > room:
            step = max(self._px(14), (room - cw) // max(1, len(codes) - 1))
        y = self.hand_rect.y + self._px(6)
        return [(c, pygame.Rect(x0 + i * step, y, cw, ch)) for i, c in enumerate(codes)]

    def my_hand(self) -> list:
        """The hand under the book as shown: new cards appear when they land."""
        seats = self.shown_seats()
        seat = self.hand_owner()
        if seat is None or not (0 <= seat < len(seats)):
            return []
        return list(seats[seat].get("hand") or [])

    def _picked_width(self) -> int:
        v = self.view or {}
        n = len(v.get("picks_add") or []) + len(v.get("picks_sub") or [])
        if not n or v.get("step") != "collect":
            return 0
        cw, _ = self.card_size()
        return n * (int(cw * 0.6) + self._px(4)) + self._px(70)

    def hand_slots(self) -> list:
        return self._row(self.my_hand(), self.hand_rect.x + self._px(12) + self.owner_pad() + self._picked_width())

    def minus_rect(self, card_rect) -> pygame.Rect:
        h = self._px(22)
        return pygame.Rect(card_rect.x + card_rect.w // 4, card_rect.bottom + self._px(3), card_rect.w // 2, h)

    def present_slots(self) -> list:
        return self._row(list((self.view or {}).get("present") or []), self.hand_rect.x + self._px(12), self._px(14))

    def take_pages(self, acts: list) -> list:
        """The beginner's takes as chips, in pages that fit the strip: [[(index, action, rect,
        label)]]; every page but a single one keeps room for the "more" chip."""
        f = self.assets.font(self._px(15), True)
        h = self._px(30)
        x0, y0 = self.hand_rect.x + self._px(12), self.hand_rect.y + self._px(8)
        right, bottom = self.hand_rect.right - self._px(8), self.hand_rect.bottom - self._px(4)
        more_w = h * 2
        pages, page = [], []
        x, y = x0, y0
        for i, a in enumerate(acts):
            label = "+".join(map(str, a.get("take") or [])) + " " + texts.kind(a["kind"])
            if a.get("give"):
                label += " (−" + "+".join(map(str, a["give"])) + ")"
            w = f.size(label)[0] + self._px(22) + h
            if x + w > right - more_w:
                x, y = x0, y + h + self._px(6)
            if y + h > bottom and page:
                pages.append(page)
                page, x, y = [], x0, y0
            page.append((i, a, pygame.Rect(x, y, w, h), label))
            x += w + self._px(6)
        pages.append(page)
        return pages

    def more_rect(self) -> pygame.Rect:
        h = self._px(30)
        return pygame.Rect(self.hand_rect.right - self._px(8) - h * 2, self.hand_rect.bottom - self._px(4) - h, h * 2, h)

    # ---- state ------------------------------------------------------------------------------------
    def sync(self, view, legal, seat) -> None:
        old = self.view or {}
        if (old.get("step"), old.get("current_player")) != (view.get("step"), view.get("current_player")):
            self.take_page = 0
        self._dirty = True
        super().sync(view, legal, seat)
        if self._disp_page is None:
            self._reconcile()

    def draw_bar(self, surface) -> None:
        """The bar; a Collect button whose cards do not make the sign yet is drawn greyed out,
        flat and with a dashed edge, so it never looks pressable."""
        items = self.shown_bar_items()
        bar_mod.draw_bar(self, surface, items, {t.key for t in self.get_targets() if t.bar})
        for it in items:
            if it.get("key") == ("btn", "collect") and it.get("action") is None and it.get("rect"):
                self._draw_disabled_button(surface, it["rect"], it.get("label", ""))

    def _draw_disabled_button(self, surface, r, label: str) -> None:
        rad = self._px(10)
        fill = ui.mix(ui.colour("panel"), ui.colour("background"), 0.55)
        pygame.draw.rect(surface, fill, r.inflate(self._px(4), self._px(4)), border_radius=rad)
        edge = ui.mix(ui.colour("panel_edge"), ui.colour("text_muted"), 0.4)
        dash, gap = self._px(7), self._px(5)
        for x in range(r.x + rad, r.right - rad, dash + gap):
            for y in (r.y, r.bottom - 1):
                pygame.draw.line(surface, edge, (x, y), (min(x + dash, r.right - rad), y), max(1, self._px(2)))
        for y in range(r.y + rad, r.bottom - rad, dash + gap):
            for x in (r.x, r.right - 1):
                pygame.draw.line(surface, edge, (x, y), (x, min(y + dash, r.bottom - rad)), max(1, self._px(2)))
        t = draw.text(self.assets, label, self._px(bar_mod.BUTTON_PX), ui.colour("text_muted"), False, r.w - self._px(8))
        surface.blit(t, t.get_rect(center=r.center))

    def idle_instruction(self) -> str:
        v = self.view or {}
        w = v.get("winners") or []
        return texts.winners([self._name(s) for s in w]) if w else ""

    def seat_token(self, seat, size):
        return self.token(int(seat), max(6, size // 2 - 3))

    # ---- drawing ----------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.rect is None or self.view is None or not self.map_rect.w:
            return
        if self._dirty and not self.animating:
            self._reconcile()
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        surface.blit(self.book_cover(), self.book_rect.topleft)
        self._draw_left_page(surface)
        self._draw_page(surface)
        targets = [t for t in self.get_targets() if not t.bar]
        self._draw_lit(surface, targets)
        self._draw_tokens(surface)
        self._draw_side(surface)
        self._draw_strip(surface, targets)
        if self._fly is not None:
            self._draw_fly(surface)
        self.draw_marks(surface)
        if (self.view.get("step") == "over") and not self.animating and not self.under_results:
            self._draw_results(surface)     # (the results dialog tells it all when it is open)
        self.draw_bar(surface)
        self._draw_tooltip(surface)
        self._draw_toasts(surface)
        surface.set_clip(clip)

    def _draw_left_page(self, surface) -> None:
        lp = self.left_page
        page = self._disp_page or self.view.get("page") or 1
        big = draw.text(self.assets, str(page), self._px(54), INK, True)
        surface.blit(big, big.get_rect(midtop=(lp.centerx, lp.y + self._px(10))))
        label, px, room = texts.page_name(page), self._px(15), lp.w - self._px(12)
        while px > max(9, self._px(10)) and self.assets.font(px, True).size(label)[0] > room:
            px -= 1                 # a long page name is set smaller, then on two lines
        y = lp.y + self._px(10) + big.get_height()
        for line in ui.wrap(label, self.assets.font(px, True), room)[:2] or [label]:
            name = draw.text(self.assets, line, px, INK, True, room)
            surface.blit(name, name.get_rect(midtop=(lp.centerx, y)))
            y += name.get_height()
        roll = self.view.get("roll")
        if roll:
            self._draw_die(surface, int(roll), (lp.centerx, y + self._px(20)), self._px(34))
        leg = self.legend(lp.w - self._px(16))
        if leg.get_height() < lp.h - self._px(130):
            surface.blit(leg, (lp.x + self._px(8), lp.bottom - leg.get_height() - self._px(10)))

    def _draw_fly(self, surface) -> None:
        """Collected cards on their way from the hand strip (or the table) to the seat's piles."""
        fl = self._fly
        n = (self.view or {}).get("players", 0)
        if not n or fl["seat"] >= n:
            return
        cw, ch = self.card_size()
        cw, ch = int(cw * 0.7), int(ch * 0.7)
        sr = self.side_rect
        row_h = min(self._px(116), (sr.h - self._px(6) * (n - 1)) // max(1, n))
        tx, ty = sr.x + self._px(50), sr.y + fl["seat"] * (row_h + self._px(6)) + self._px(26)
        t = ease(fl["t"])
        for i, code in enumerate(fl["cards"]):
            sx = self.hand_rect.x + self._px(20) + i * (cw + self._px(6))
            sy = self.hand_rect.y + self._px(8)
            x, y = sx + (tx - sx) * t, sy + (ty - sy) * t - math.sin(math.pi * t) * self._px(40)
            surface.blit(self.card(code, cw, ch), (int(x), int(y)))

    def _draw_die(self, surface, value: int, top, size: int) -> None:
        r = pygame.Rect(0, 0, size, size)
        r.midtop = top
        pygame.draw.rect(surface, PAPER, r, border_radius=size // 5)
        pygame.draw.rect(surface, INK, r, width=max(2, self._px(2)), border_radius=size // 5)
        spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
                 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
        q = size / 4
        for gx, gy in spots.get(value, []):
            pygame.draw.circle(surface, INK, (int(r.x + q * (gx + 1)), int(r.y + q * (gy + 1))), max(2, size // 10))

    def _draw_page(self, surface) -> None:
        m = self.map_rect
        tn = self._turn
        if tn is None:
            surface.blit(self.page_shown(self._disp_page or self.view["page"]), m.topleft)
            return
        p = ease(tn["t"])
        surface.blit(self.page_shown(tn["to"]), m.topleft)
        w = int(m.w * (1 - p))
        if w > 2:
            old = self._page_scratch.scaled(self.page_surface(tn["from"]), (w, m.h))
            surface.blit(old, (m.right - w, m.y))
            shade = pygame.Surface((max(2, self._px(14)), m.h), pygame.SRCALPHA)
            shade.fill((*SHADOW, int(120 * math.sin(math.pi * p))))
            surface.blit(shade, (m.right - w - shade.get_width(), m.y))

    def page_shown(self, page: int):
        """The page as it shows on the book: opaque, the book's page edges under it baked in
        (they are opaque), so the window copies it, and nothing under it is drawn again when
        something on it moves.  The page itself where the book under it is not opaque."""
        img = self.page_surface(page)
        cover = self.book_cover()
        key = ("gopher", "page_shown", id(self), page, self.map_rect.size, self.map_rect.topleft)
        got = CACHE.get(key)
        if got is not None and got[0] is img and got[1] is cover:
            return got[2]
        shown = img
        under = self._rel(self.map_rect)
        if cover.get_rect().contains(under) and img.get_size() == under.size:
            edges = cover.subsurface(under)
            if pygame.mask.from_surface(edges, 254).count() == under.w * under.h:
                shown = pygame.Surface(under.size)
                if pygame.display.get_surface() is not None:
                    shown = shown.convert()
                shown.blit(edges, (0, 0))
                shown.blit(img, (0, 0))
        CACHE.put(key, (img, cover, shown))
        return shown

    def _draw_lit(self, surface, targets) -> None:
        pulse = self.pulse()
        hot = None
        for t in targets:
            if t.kind != "hole":
                continue
            r = int(t.radius)
            g = draw.glow(r + self._px(6), GOLD, int(120 + 80 * pulse))
            surface.blit(g, g.get_rect(center=t.center))
            pygame.draw.circle(surface, ui.colour("highlight"), t.center, r, max(2, self._px(3)))
            if self.focus.is_hot(t.key) or self.selected == t.key[1]:
                hot = t
            if self.focus.keyboard and self.focus.focus == t.key:
                draw.focus_circle(surface, t.center, r + self._px(5), max(2, self._px(3)))
        path = None
        if hot is not None and self.view.get("step") == "move":
            acts = [a for a in self.legal or [] if a.get("type") == "move" and a["to"] == hot.key[1]]
            path = acts[0]["path"] if acts else None
        for t in self.bar_targets():       # a way button pointed at shows its own path
            if self.focus.is_hot(t.key) and isinstance(t.action, dict) and t.action.get("type") == "move":
                path = t.action["path"]
        pts = [self.hole_px(h) for h in path or []]
        if len(pts) > 1:
            pygame.draw.lines(surface, INK, False, pts, max(4, self._px(8)))
            pygame.draw.lines(surface, ui.colour("highlight"), False, pts, max(2, self._px(4)))
            for q in pts[1:-1]:
                pygame.draw.circle(surface, ui.colour("highlight"), q, max(3, self._px(5)))

    def _draw_tokens(self, surface) -> None:
        r = max(6, int(self.unit() * 3.3))
        pos = self.token_positions()
        cur = self.view.get("current_player")
        for s in sorted(pos, key=lambda s: (s == cur, s)):
            x, y = pos[s]
            img = self.token(s, r)
            dy = 0
            if self._drop is not None and self._drop["seat"] == s:
                dy = -int((1 - ease(self._drop["t"])) * r * 4)
            surface.blit(img, img.get_rect(center=(int(x), int(y) - int(r * 0.55) + dy)))

    def _draw_side(self, surface) -> None:
        v = self.view
        sr = self.side_rect
        n = v["players"]
        gap = self._px(6)
        row_h = min(self._px(116), (sr.h - gap * (n - 1)) // max(1, n))
        cur = v.get("current_player")
        seats = self.shown_seats()
        for s in range(n):
            info = seats[s]
            r = pygame.Rect(sr.x, sr.y + s * (row_h + gap), sr.w, row_h)
            ui.draw_panel(surface, r, fill=ui.colour("panel"),
                          edge=ui.colour("accent") if s == cur else ui.colour("panel_edge"),
                          radius=self._px(10), width=max(2, self._px(3) if s == cur else self._px(1)), shadow=False)
            tok = self.token(s, self._px(13))
            surface.blit(tok, (r.x + self._px(6), r.y + self._px(5)))
            x = r.x + self._px(37)
            w = r.right - x - self._px(6)
            ln = self._px(19)
            y = r.y + self._px(6)
            for text, col, bold in self._seat_lines(s, info):
                if y + ln > r.bottom:
                    break
                if text is None:
                    if col == "hand":        # everything open: the hand itself
                        self.draw_open_hand(surface, info.get("hand") or [], x, y, w)
                    else:
                        self._draw_piles(surface, info, x, y, w)
                    y += self._px(26)
                    continue
                img = draw.text(self.assets, text, self._px(15 if bold else 14), col, bold, w)
                surface.blit(img, (x, y))
                y += ln

    def _draw_piles(self, surface, info: dict, x: int, y: int, w: int) -> None:
        """Face-up (+), face-down (−) and trophy piles: a small card each and its points."""
        cw, ch = self._px(16), self._px(23)
        piles = [(info.get("face_up") or [], False, "+{}".format(info.get("plus", 0))),
                 (info.get("face_down") or [], True, "−{}".format(info["minus"]) if info.get("minus") else "0"),
                 (info.get("trophies") or [], False, "{}".format(info.get("trophy_points", 0)))]
        step = max(cw + self._px(30), w // 3)
        for i, (cards, down, label) in enumerate(piles):
            px = x + i * step
            if cards:
                for j in range(min(3, len(cards)) - 1, -1, -1):
                    img = self.card("back" if down else cards[-1 - j], cw, ch, down)
                    surface.blit(img, (px + j * 2, y + j * 2 - self._px(2)))
            else:
                pygame.draw.rect(surface, ui.colour("panel_edge"), (px, y, cw, ch), width=1, border_radius=self._px(3))
            if i == 2:        # trophies come from presents: the present's symbol marks the pile
                sym = symbol(self.assets, "present", self._px(15))
                surface.blit(sym, sym.get_rect(center=(px + cw // 2, y + ch // 2)))
            t = draw.text(self.assets, label, self._px(14), ui.colour("accent"), True)
            surface.blit(t, t.get_rect(midleft=(px + cw + self._px(7), y + ch // 2)))

    def _seat_lines(self, s: int, info: dict) -> list:
        v = self.view
        out = [(self._name(s), ui.colour("text"), True)]
        if v.get("variant") == "beginner":
            out.append((texts.seat_line("lunches", score=info.get("score", 0)), ui.colour("accent"), False))
            out.append((texts.seat_line("diggers", count=info.get("diggers_left", 0)), ui.colour("text_muted"), False))
        else:
            out.append((None, None, False))           # the three piles, drawn
            out.append((None, "hand", False) if self.is_open() and info.get("hand") is not None else
                       (texts.seat_hand(info.get("hand_count", 0)), ui.colour("text_muted"), False))
        if v.get("variant") == "baskets":
            out.append((self.basket_line(s, info), ui.colour("text_muted"), False))
        return out

    def basket_line(self, s: int, info: dict) -> str:
        """Where this seat's basket is, or (at home) how many baskets of others it holds."""
        held = sum(1 for o, other in enumerate(self.shown_seats())
                   if o != s and other.get("basket_holder", o) == s)
        return texts.basket_line(s, info.get("basket_holder", s), held, self._name)

    def _draw_strip(self, surface, targets) -> None:
        v = self.view
        hr = self.hand_rect
        ui.draw_panel(surface, hr.inflate(-self._px(4), -self._px(2)), fill=ui.mix(ui.colour("panel"), SHADOW, 0.25),
                      edge=ui.colour("panel_edge"), radius=self._px(10), width=max(1, self._px(1)), shadow=False)
        by_key = {t.key: t for t in targets}
        step = v.get("step")
        if step == "present" and v.get("present"):
            for i, (code, rect) in enumerate(self.present_slots()):
                self._card_at(surface, code, rect, by_key.get(("keep", i)))
            return
        if v.get("variant") == "beginner":
            if step == "collect" and self.legal:
                for t in targets:
                    if t.kind == "take":
                        self._chip(surface, t)
                    elif t.kind == "more":
                        draw.button(surface, self.assets, t.rect, t.label, self._k, False,
                                    self.focus.is_hot(t.key), 16)
                        if self.focus.keyboard and self.focus.focus == t.key:
                            draw.focus_ring(surface, t.rect, self._k)
            else:
                self._draw_table(surface)
            return
        cw, ch = self.card_size()
        self.draw_owner_token(surface)
        x = hr.x + self._px(12) + self.owner_pad()
        picks = []
        if step == "collect":
            picks = [(c, False) for c in v.get("picks_add") or []] + [(c, True) for c in v.get("picks_sub") or []]
            if picks:
                sw, sh = int(cw * 0.6), int(ch * 0.6)
                for c, down in picks:
                    img = self.card(c, sw, sh, False)
                    surface.blit(img, (x, hr.y + self._px(8)))
                    mark = draw.pill(self.assets, "−" if down else "+", self._px(14), ui.colour("text"))
                    surface.blit(mark, mark.get_rect(midtop=(x + sw // 2, hr.y + self._px(10) + sh)))
                    x += sw + self._px(4)
                col = v["seats"][v["collector"]]["token"] if v.get("collector") is not None else None
                if col is not None:
                    _, amount = sign_of(v["page"], col)
                    total = sum(int(c.split(":")[1]) for c in v.get("picks_add") or []) - sum(
                        int(c.split(":")[1]) for c in v.get("picks_sub") or [])
                    t = draw.text(self.assets, texts.hint("total", total=total, amount=amount), self._px(15),
                                  ui.colour("accent"), True)
                    surface.blit(t, t.get_rect(midleft=(x + self._px(6), hr.y + hr.h // 2)))
        slots = self.hand_slots()
        for i, (code, rect) in enumerate(slots):
            self._card_at(surface, code, rect, by_key.get(("card", i)))
            m = by_key.get(("minus", i))
            if m is not None:
                hot = self.focus.is_hot(m.key)
                draw.button(surface, self.assets, m.rect, "−", self._k, False, hot, 16)
                if self.focus.keyboard and self.focus.focus == m.key:
                    draw.focus_ring(surface, m.rect, self._k)
        if step == "collect" and self.legal and slots and any(t.kind == "minus" for t in targets):
            x = slots[-1][1].right + self._px(16)
            if hr.right - x > self._px(120):     # wrapped (never cut) into at most three lines
                lines = ui.wrap(texts.hint("plus"), self.assets.font(self._px(13), False), hr.right - x - self._px(10))
                lh = self._px(17)
                y = hr.centery - lh * len(lines) // 2
                for ln in lines if len(lines) <= 3 else []:
                    img = draw.text(self.assets, ln, self._px(13), ui.colour("text_muted"), False)
                    surface.blit(img, (x, y))
                    y += lh
        if not self.my_hand() and not picks:     # (the side panel tells the deck during a payment)
            t = draw.text(self.assets, texts.count("deck", v.get("deck_count", 0)), self._px(15), ui.colour("text_muted"))
            surface.blit(t, t.get_rect(midleft=(hr.x + self._px(16), hr.centery)))

    def _card_at(self, surface, code, rect, target) -> None:
        lift = 0
        if target is not None:
            lift = self._px(4)
            g = pygame.Rect(rect).inflate(self._px(8), self._px(8)).move(0, -lift)
            pygame.draw.rect(surface, ui.colour("highlight"), g, width=max(2, self._px(3)), border_radius=self._px(8))
        surface.blit(self.card(code, rect.w, rect.h), rect.move(0, -lift).topleft)
        if target is not None and self.focus.is_hot(target.key):
            pygame.draw.rect(surface, GOLD, rect.move(0, -lift), width=max(2, self._px(3)), border_radius=self._px(8))
        if target is not None and self.focus.keyboard and self.focus.focus == target.key:
            draw.focus_ring(surface, rect.move(0, -lift), self._k)

    def _chip(self, surface, t) -> None:
        hot = self.focus.is_hot(t.key)
        fill = ui.mix(PAPER, GOLD, 0.35 if hot else 0.1)
        pygame.draw.rect(surface, fill, t.rect, border_radius=t.rect.h // 2)
        pygame.draw.rect(surface, INK, t.rect, width=max(1, self._px(2)), border_radius=t.rect.h // 2)
        s = symbol(self.assets, t.action["kind"], t.rect.h - self._px(6))
        surface.blit(s, (t.rect.x + self._px(4), t.rect.y + self._px(3)))
        img = draw.text(self.assets, t.label, self._px(15), INK, True)
        surface.blit(img, img.get_rect(midleft=(t.rect.x + t.rect.h + self._px(4), t.rect.centery)))
        if self.focus.keyboard and self.focus.focus == t.key:
            draw.focus_ring(surface, t.rect, self._k)

    def _draw_table(self, surface) -> None:
        """Beginner: the open cards on the table, one small stack per card with its count."""
        table = (self.view or {}).get("table") or {}
        codes = [c for c, n in table.items() if n > 0]
        hr = self.hand_rect
        cw, ch = self.card_size()
        sw, sh = int(cw * 0.62), int(ch * 0.62)
        x = hr.x + self._px(12)
        step = min(sw + self._px(5), max(self._px(10), (hr.w - self._px(24) - sw) // max(1, len(codes) - 1 or 1)))
        for c in codes:
            surface.blit(self.card(c, sw, sh), (x, hr.y + self._px(8)))
            t = draw.pill(self.assets, f"×{table[c]}", self._px(12), ui.colour("text"))
            surface.blit(t, t.get_rect(midtop=(x + sw // 2, hr.y + self._px(10) + sh)))
            x += step

    def ctx(self):
        """What the event sentences need: the seats' names."""
        return texts.ctx_for([self._name(s) for s in range((self.view or {}).get("players", 0))])

    def handle_event(self, event):
        if event.type == pygame.MOUSEMOTION and self.view is not None and self.rect is not None:
            self._hover_hole = self.hole_at(event.pos)
        return super().handle_event(event)

    _hover_hole = None

    def _draw_tooltip(self, surface) -> None:
        """The sign of the hole under the pointer (any hole, lit or not)."""
        h = self._hover_hole
        if h is None or self.view is None or self.animating:
            return
        what, amount = sign_of(self._disp_page or self.view["page"], h)
        img = draw.pill(self.assets, texts.hole_tip(h, what, amount), self._px(14), ui.colour("text"))
        x, y = self.hole_px(h)
        r = img.get_rect(midbottom=(x, y - int(PICK_R * self.unit()) - self._px(4)))
        r.clamp_ip(self.map_rect)
        surface.blit(img, r)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.legal and not self.animating:   # a person chooses: captions over the hand fade out
            items = self._toasts_box.items
            del items[1:]
            for t in items:
                t["life"] = min(t["life"], max(t["t"], 0.15) + 0.4)

    def message_area(self):
        """The play screen's messages (a hint, a refusal) stand over the book, clear of the
        seat cards beside it."""
        return self.book_rect if self.book_rect.w > 0 else None

    def message_places(self) -> list:
        """Where a message may stand: over the hand strip (when no card there is in play), then
        over the book."""
        return [r for r in (self.hand_rect, self.book_rect) if r.w > 0]

    def message_keep_clear(self) -> list:
        """The page of holes and the seat cards stay in sight under a message when they can."""
        return [r for r in (self.map_rect, self.side_rect) if r.w > 0]

    def _toast_anchor(self):
        """Captions stand over the hand strip (it cannot be used while things move), so the
        page of holes stays in sight."""
        hr = self.hand_rect
        return (hr.centerx, hr.y + self._px(8), hr.w - self._px(40))

    # ---- side panel and scores ----------------------------------------------------------------------
    def status_lines(self) -> list[str]:
        v = self.view
        if v is None:
            return []
        lines = [texts.page_title(v["page"])]
        if v.get("variant") != "beginner":
            lines.append(texts.count("deck", v.get("deck_count", 0)))
        return lines

    def play(self, events, speed="normal") -> None:
        # the animation starts from the last synced view, also when earlier actions were
        # applied without a frame in between (nothing was reconciled yet)
        if self.view is not None and self._dirty and not self.animating:
            self._reconcile()
        self._keep_shown_seats(events)
        for ev in events or []:
            if isinstance(ev, dict) and ev.get("type") == "game_over":
                self._end = (ev.get("end") or {}).get("why", "other")
        super().play(events, speed)


__all__ = ["GopherView"]
