"""Hamster Burrow: the sheet on screen: whose sheet is shown, cells, the paper, the header and
the thumbnails of the other players' sheets."""
from __future__ import annotations

import random

import pygame

from ... import ui
from ....i18n import get_language
from ...board import draw
from . import texts
from .common import EARTH, EARTH_DARK, GOLD, GREEN, _mix, _pt


class HamsterSheet:
    def _load_sheet(self, view: dict) -> bool:
        sh = view.get("sheet") or {}
        key = (view.get("variant"), repr(sh.get("size")), len(sh.get("chambers") or []),
               (view.get("timer") or {}).get("length"), sh.get("one_row"),
               tuple(ch.get("id") for ch in sh.get("chambers") or []))
        if key == self._sheet_key:
            return False
        self._sheet_key = key
        size = sh.get("size") or [11, 9]
        self._cols, self._rows = int(size[0]), int(size[1])
        self._cell_ch = {}
        self._chambers = {}
        self._start_id = None
        for ch in sh.get("chambers") or []:
            cells = [_pt(c) for c in ch.get("cells") or []]
            self._chambers[ch["id"]] = {"name": ch.get("name", ch["id"]), "points": ch.get("points", 0),
                                        "start": bool(ch.get("start")), "cells": cells}
            if ch.get("start"):
                self._start_id = ch["id"]
            for c in cells:
                self._cell_ch[c] = ch["id"]
        self._badge_cells = {min(ch["cells"], key=lambda p: (p[1], p[0]))
                             for ch in self._chambers.values() if ch["cells"]}
        self._tunnels = [(t[0], _pt(t[1]), t[2], _pt(t[3])) for t in sh.get("tunnels") or []]
        self._mushrooms = {_pt(m) for m in sh.get("mushrooms") or []}
        self._nuts = {_pt(m) for m in sh.get("nuts") or []}
        self._one_row = int(sh.get("one_row", 7))
        try:
            self._timer_len = int((view.get("timer") or {}).get("length") or sh.get("timer", 3))
        except (TypeError, ValueError):
            self._timer_len = 3
        self._cache.clear()
        return True

    def _shown_seat(self) -> int:
        if self._opened is not None:
            return self._opened
        return self._home_seat()

    def _home_seat(self) -> int:
        if self.seat is not None:
            return int(self.seat)
        v = self.view or {}
        if v.get("seat") is not None:
            return int(v["seat"])
        return 0

    def _others(self) -> list:
        if not self.view:
            return []
        home = self._home_seat()
        return [s for s in range(int(self.view.get("players", 1))) if s != home]

    def _cell_rect(self, cell, org=None, c=None) -> pygame.Rect:
        ox, oy = org or self._grid_org
        c = c or self._c
        return pygame.Rect(ox + cell[0] * c, oy + cell[1] * c, c, c)

    def _cell_at(self, pos):
        ox, oy = self._grid_org
        c = self._c
        x, y = (pos[0] - ox) // c, (pos[1] - oy) // c
        if 0 <= x < self._cols and 0 <= y < self._rows:
            return (int(x), int(y))
        return None

    def prized_cells(self) -> set:
        """The cells with a mushroom or a nut on the sheet."""
        return self._mushrooms | self._nuts

    def is_mushroom(self, cell) -> bool:
        return tuple(cell) in self._mushrooms

    def selected_cells(self) -> list:
        """The cells picked so far for the next crossing (in the order picked)."""
        return list(self._sel)

    def crossed(self, seat) -> set:
        """The crosses of ``seat`` in the synced view."""
        if not self.view:
            return set()
        try:
            return {_pt(c) for c in self.view["sheets"][seat]["crosses"]}
        except (KeyError, IndexError, TypeError):
            return set()

    def _paper(self, keep: bool = True):
        """The sheet's paper with its shadow and meadow (kept in the cache if ``keep``)."""
        key = ("paper", self._main.size)
        img = self._cache.get(key)
        if img is None:
            img = pygame.Surface((self._main.w + 6, self._main.h + 6), pygame.SRCALPHA)
            r = pygame.Rect(0, 0, self._main.w, self._main.h)
            rad = max(6, int(self._c * 0.3))
            pygame.draw.rect(img, (0, 0, 0, 80), r.move(4, 5), border_radius=rad)
            pygame.draw.rect(img, EARTH_DARK, r, border_radius=rad)
            pygame.draw.rect(img, _mix(EARTH, ui.board_colour("earth_light"), 0.2), r, width=max(2, self._c // 16), border_radius=rad)
            # grass along the top: the burrow lies under a meadow
            g = pygame.Rect(r.x + 2, r.y + 2, r.w - 4, int(self._c * 0.9))
            pygame.draw.rect(img, ui.board_colour("lawn"), g, border_top_left_radius=rad, border_top_right_radius=rad)
            rng = random.Random(5)
            for i in range(int(r.w / max(3, self._c * 0.18))):
                x = r.x + 4 + i * self._c * 0.18
                hh = self._c * rng.uniform(0.12, 0.26)
                pygame.draw.line(img, ui.board_colour("lawn_blade"), (x, g.bottom), (x + rng.uniform(-3, 3), g.bottom - hh),
                                 max(1, self._c // 24))
            pygame.draw.line(img, ui.board_colour("ground_line"), (g.x, g.bottom), (g.right, g.bottom), max(2, self._c // 14))
            img = draw.convert(img)
            if keep:
                self._cache[key] = img
        return img

    def _paper_pieces(self) -> list:
        """The paper cut for fast blitting: an opaque core and alpha strips around it."""
        key = ("paper_pieces", self._main.size, self._main.topleft)
        got = self._cache.get(key)
        if got is not None:
            return got
        full = self._paper(keep=False)      # only its pieces are kept (a window-sized picture less)
        rad = max(6, int(self._c * 0.3)) + 2
        W, H = full.get_size()
        core = pygame.Rect(rad, rad, self._main.w - 2 * rad, self._main.h - 2 * rad)
        ox, oy = self._main.topleft
        out = []
        if core.w > 8 and core.h > 8 and pygame.display.get_surface() is not None:
            core_img = full.subsurface(core).convert()
            self._cache[("paper_core", self._main.size, self._main.topleft)] = (core_img, (ox + core.x, oy + core.y))
            out.append((core_img, (ox + core.x, oy + core.y)))
            for r in (pygame.Rect(0, 0, W, core.y), pygame.Rect(0, core.bottom, W, H - core.bottom),
                      pygame.Rect(0, core.y, core.x, core.h), pygame.Rect(core.right, core.y, W - core.right, core.h)):
                if r.w > 0 and r.h > 0:
                    out.append((full.subsurface(r).copy(), (ox + r.x, oy + r.y)))
        else:
            out.append((full, (ox, oy)))
        self._cache[key] = out
        return out

    def _draw_main(self, surface) -> None:
        seat = self._shown_seat()
        c = self._c
        pieces = self._paper_pieces()
        sheet, spos = self._sheet_surface(seat)
        core = self._cache.get(("paper_core", self._main.size, self._main.topleft))
        for img, pos in pieces:
            if core is not None and img is core[0] and spos == core[1]:
                continue             # the sheet surface already holds the paper's core
            surface.blit(img, pos)
        ox, oy = self._grid_org
        surface.blit(sheet, spos)
        self._draw_secret_roll(surface, seat, self._grid_org, c)
        self._draw_header(surface, seat)
        st = self._cur
        if st is not None:
            if st.kind == "cross" and st.ev.get("seat") == seat:
                self._draw_cross_anim(surface, st, seat)
            elif st.kind in ("timer", "timer_on"):
                self._draw_timer_anim(surface, st)
            elif st.kind == "full" and st.ev.get("seat") == seat:
                self._draw_full_anim(surface, st)
        if self._opened is None and self._choosing():
            self._draw_preview(surface)
            if self._badge_cells & (self._lit() | set(self._sel)):
                self._blit_badges(surface, c, (ox, oy))
        if self._keyboard and self._cursor is not None and self._opened is None and self.legal:
            surface.blit(self._tile("cursor", c), self._cell_rect(self._cursor))
        if self._opened is not None:
            t = self._fit_pill(texts.look_only(self._name(seat)), self._px(15), ui.colour("highlight"),
                               self._main.w - self._px(16))
            surface.blit(t, t.get_rect(midbottom=(self._main.centerx, self._main.bottom - self._px(4))))

    def _hpill(self, text: str, px: int, colour):
        return draw.pill(self.assets, text, px, colour, pad_y=0.3, alpha=235)

    def _fit_pill(self, text: str, px: int, colour, width: int):
        """A pill no wider than ``width``: smaller text first, then two or more lines."""
        for size in range(px, max(9, int(px * 0.7)) - 1, -1):
            img = self._hpill(text, size, colour)
            if img.get_width() <= width:
                return img
        size = max(9, int(px * 0.7))
        lines = ui.wrap(text, self.assets.font(size, True), width - int(size * 1.6))
        pills = [self._hpill(line, size, colour) for line in lines]
        out = pygame.Surface((max(p.get_width() for p in pills), sum(p.get_height() for p in pills)),
                             pygame.SRCALPHA)
        y = 0
        for p in pills:
            out.blit(p, ((out.get_width() - p.get_width()) // 2, y))
            y += p.get_height()
        return out

    def _breakdown(self, seat) -> dict:
        try:
            b = self.view["sheets"][seat].get("breakdown") or {}
        except (KeyError, IndexError, TypeError, AttributeError):
            b = {}
        return {k: int(b.get(k, 0) or 0) for k in ("chambers", "mushrooms", "nuts", "total")}

    def _draw_header(self, surface, seat) -> None:
        c = self._c
        m = self._main
        y = m.y + int(c * 0.45)
        x = m.x + int(c * 0.35)
        key = ("header", seat, tuple(self._breakdown(seat).items()), self._tag(seat), m.size, get_language())
        got = self._cache.get("header_cur")
        if got is None or got[0] != key:
            kept = got[1] if got is not None else None        # drawn again in place
            img = self._render_header(seat, kept)
            got = (key, img if img is kept else draw.convert(img))
            self._cache["header_cur"] = got
        img = got[1]
        surface.blit(img, img.get_rect(midleft=(x, y)))

    def _render_header(self, seat, into=None):
        """The header of ``seat``'s sheet, drawn in ``into`` if it has the size (else anew)."""
        c = self._c
        m = self._main
        h = int(c * 0.8)
        w = m.w - int(c * 0.7)
        img = draw.reuse(into, (w, h))
        pal = self._palette(seat)
        sw = pygame.Rect(0, (h - int(c * 0.56)) // 2, int(c * 0.56), int(c * 0.56))
        ui.draw_swatch(img, pal, sw)
        name = self._name(seat)
        title = texts.burrow_title(name, seat == self.seat)
        b = self._breakdown(seat)
        tag = self._tag(seat)
        # the title, the tag and the score in pictures get smaller together until they fit
        # (German and Russian run longer); then the tag goes (the thumbnails and the bar say
        # whose turn it is), then the title is just the name; only a very long name is cut
        tries = [(scale, title, True) for scale in (1.0, 0.9, 0.8, 0.7)]
        tries += [(0.7, title, False), (0.7, name if seat != self.seat else title, False)]
        for scale, title, with_tag in tries:
            parts, total_w, gap = self._header_parts(b, scale)
            tag_img = None
            if tag and with_tag:
                tag_img = self._hpill(texts.tag(tag), max(7, int(c * 0.25 * scale)),
                                      ui.colour("highlight") if tag != "decided" else GREEN)
            px = max(8, int(c * 0.34 * scale))
            room = w - total_w - sw.right - int(c * 0.3) - (tag_img.get_width() + gap if tag_img else 0)
            if self.assets.font(px, True).size(title)[0] <= room:
                break
        x = w - total_w
        for i, (kind, im) in enumerate(parts):
            if i == len(parts) - 1:
                x += gap * 2
            img.blit(im, im.get_rect(midleft=(x, h // 2)))
            x += im.get_width() + gap
        t = self._text(title, px, ui.colour("text"), True, room)
        img.blit(t, t.get_rect(midleft=(sw.right + int(c * 0.2), h // 2)))
        if tag_img is not None:
            img.blit(tag_img, tag_img.get_rect(midleft=(sw.right + int(c * 0.2) + t.get_width() + gap, h // 2)))
        return img

    def _header_parts(self, b: dict, scale: float):
        """The header's score: chamber points, mushroom and nut points with their icons, the
        total; with their width and the gap between them."""
        c = self._c
        ipx = int(c * 0.5 * scale)
        small = max(7, int(c * 0.28 * scale))
        col = ui.colour("text")
        parts = [("text", self._text(texts.chamber_points(b["chambers"]), small, col, True)),
                 ("icon", self.icon("mushroom", ipx)),
                 ("text", self._text(texts.points(b["mushrooms"]), small, col, True)),
                 ("icon", self.icon("nut", ipx)),
                 ("text", self._text(texts.points(b["nuts"]), small, col, True)),
                 ("text", self._text(texts.total(b["total"]), max(8, int(c * 0.34 * scale)), GOLD, True))]
        gap = max(3, int(c * 0.12 * scale))
        total_w = sum(p[1].get_width() for p in parts) + gap * (len(parts) - 1) + gap * 2
        return parts, total_w, gap

    def _tag(self, seat) -> str:
        v = self.view or {}
        try:
            decided = bool(v["sheets"][seat].get("decided"))
        except (KeyError, IndexError, TypeError, AttributeError):
            decided = False
        m = self.mode()
        return m.tag(seat, decided) if m is not None else ""
    def _draw_secret_roll(self, surface, seat, org, c) -> None:
        """Everything open (a replay): the crosses of this roll that the others were not shown
        yet (``this_roll`` of the open view), ringed."""
        v = self.view or {}
        sheets = v.get("sheets") or []
        if not v.get("open") or not 0 <= seat < len(sheets) or not c:
            return
        w = max(1, c // 10)
        for cell in sheets[seat].get("this_roll") or []:
            r = self._cell_rect((cell[0], cell[1]), org, c).inflate(-w, -w)
            pygame.draw.rect(surface, ui.colour("highlight"), r, width=w, border_radius=max(1, c // 5))

    def _draw_thumbs(self, surface) -> None:
        if not self._thumbs:
            return
        v = self.view
        cp = v.get("current_player")
        for s, r, org, cell in self._thumbs:
            opened = self._opened == s
            key = ("thumbframe", s, r.size, opened, cp == s, self._tag(s), self._breakdown(s)["total"],
                   get_language())
            got = self._cache.get(("tf", s))
            if got is None or got[0] != key:
                kept = got[1] if got is not None else None    # drawn again in place
                frame, below = self._render_thumb_frame(s, r, opened, cp == s, kept)
                got = (key, frame if frame is kept else draw.convert(frame), below)
                self._cache[("tf", s)] = got
            surface.blit(got[1], r.topleft)
            surface.blit(self._thumb_surface(s, cell), org)
            self._draw_secret_roll(surface, s, org, cell)
            if got[2] is not None:
                # a tag that does not fit beside the name sits on the bottom of the small sheet
                surface.blit(got[2], got[2].get_rect(midbottom=(r.centerx, r.bottom - self._px(4))))

    def _render_thumb_frame(self, s, r, opened, awaited, into=None):
        img = draw.reuse(into, r.size)
        rr = img.get_rect()
        rad = self._px(10)
        fill = _mix(ui.colour("panel"), (0, 0, 0), 0.15)
        if awaited:
            fill = _mix(ui.colour("panel"), ui.colour("accent"), 0.22)
        pygame.draw.rect(img, fill, rr, border_radius=rad)
        edge = ui.colour("accent") if (awaited or opened) else ui.colour("panel_edge")
        pygame.draw.rect(img, edge, rr, width=max(2, self._px(3) if (awaited or opened) else self._px(2)),
                         border_radius=rad)
        pal = self._palette(s)
        lh = self._px(22)
        sw = pygame.Rect(self._px(6), self._px(3), lh - self._px(4), lh - self._px(4))
        ui.draw_swatch(img, pal, sw)
        px = self._px(13)
        score = self._text(str(self._breakdown(s)["total"]), self._px(14), GOLD, True)
        img.blit(score, score.get_rect(midright=(rr.right - self._px(7), sw.centery)))
        tag = self._tag(s)
        tag_img = None
        if tag == "decided":
            tag_img = pygame.Surface((lh, lh), pygame.SRCALPHA)
            pygame.draw.circle(tag_img, GREEN, (lh // 2, lh // 2), lh // 2 - 1)
            w = max(2, lh // 8)
            pygame.draw.lines(tag_img, (255, 255, 255), False,
                              [(lh * 0.27, lh * 0.52), (lh * 0.44, lh * 0.7), (lh * 0.75, lh * 0.32)], w)
        elif tag and tag != "waiting":
            tag_img = self._hpill(texts.tag(tag), self._px(11), ui.colour("highlight"))
        room = score.get_rect(midright=(rr.right - self._px(7), sw.centery)).x - sw.right - self._px(8)
        below = None
        fnt = self.assets.font(px, True)
        if tag_img is not None and tag != "decided" and \
                fnt.size(self._name(s))[0] > room - tag_img.get_width() - self._px(4):
            below, tag_img = tag_img, None
        if tag_img is not None:
            room -= tag_img.get_width() + self._px(4)
            img.blit(tag_img, tag_img.get_rect(midright=(rr.right - self._px(10) - score.get_width(), sw.centery)))
        name = self._text(self._name(s), px, ui.colour("text"), True, room)
        img.blit(name, name.get_rect(midleft=(sw.right + self._px(5), sw.centery)))
        if opened:
            t = self._text(texts.opened(), self._px(11), ui.colour("accent"), True)
            img.blit(t, t.get_rect(bottomright=(rr.right - self._px(6), rr.bottom - self._px(3))))
        return img, below

