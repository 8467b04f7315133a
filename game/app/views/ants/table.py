"""Ants & Grasshopper: the table: header, the 4x4 grid with the trail, the Winter display, the
ability cards and each player's tableau (pantry shelves or supply)."""
from __future__ import annotations

import copy
import math

import pygame

from ... import ui
from ...board import draw
from . import texts
from .common import (CREAM, FELT, FELT_DARK, GOLD, INK, SHELF_VALUES_FALLBACK, _cell_index, _design, _ease,
                     _mix)


class AntsTable:
    def _draw_header(self, surface, sh) -> None:
        r = self._header
        key = ("header", r.size, sh.get("round"), sh.get("ant"), sh.get("hopper"), tuple(sh.get("reds") or []),
               sh.get("variant"), sh.get("deck_count"), sh.get("step") == "over")
        got = self._cache.get("header_shown")
        img = got[1] if got is not None and got[0] == key else None
        if img is None:
            img = draw.reuse(got[1] if got is not None else None, r.size)     # drawn again in place
            box = img.get_rect().inflate(0, -self._px(4))
            pygame.draw.rect(img, (*ui.colour("panel"), 235), box, border_radius=self._px(12))
            pygame.draw.rect(img, ui.colour("panel_edge"), box, width=max(1, self._px(2)),
                             border_radius=self._px(12))
            x = self._px(12)
            deck = self._text(texts.deck(sh.get("deck_count", 0)), self._px(14), ui.colour("text_muted"), True)
            t = self._text(texts.header(sh.get("round", 1), sh.get("variant")), self._px(17), ui.colour("accent"),
                           True, max(20, int(box.w * 0.34)))
            img.blit(t, t.get_rect(midleft=(x, box.centery)))
            x += t.get_width() + self._px(18)
            fs = self._px(26)
            roles = [("ant", sh.get("ant"), "ant"), ("grasshopper", sh.get("hopper"), "grasshopper")]
            roles += [("red_ant", s, "ant") for s in sh.get("reds") or []]
            roles = [r for r in roles if r[1] is not None]
            room = box.right - x - deck.get_width() - self._px(24)
            f_nm, f_lb = self.assets.font(self._px(15), True), self.assets.font(max(9, self._px(11)))
            full = sum(fs + self._px(18) + max(f_nm.size(self._name(s))[0], f_lb.size(texts.role(lab))[0])
                       for lab, s, _f in roles)
            labelled = full <= room          # else the figures alone say who plays which role
            each = max(self._px(40), room // max(1, len(roles)) - fs - self._px(18)) if roles else 0
            for label, s, fig in roles:
                icon = self._figure(fig, fs)
                if label == "red_ant":
                    icon = icon.copy()
                    icon.fill((*ui.board_colour("tint_taken"), 255), special_flags=pygame.BLEND_RGBA_MULT)
                img.blit(icon, icon.get_rect(midleft=(x, box.centery)))
                x += fs + self._px(4)
                nm = self._text(self._name(s), self._px(15), ui.colour("text"), True, None if labelled else each)
                w = nm.get_width()
                if labelled:
                    img.blit(nm, nm.get_rect(midleft=(x, box.centery - self._px(6))))
                    lb = self._text(texts.role(label), max(9, self._px(11)), ui.colour("text_muted"))
                    img.blit(lb, lb.get_rect(midleft=(x, box.centery + self._px(9))))
                    w = max(w, lb.get_width())
                else:
                    img.blit(nm, nm.get_rect(midleft=(x, box.centery)))
                x += w + self._px(14)
            if x + deck.get_width() + self._px(14) < box.right:
                img.blit(deck, deck.get_rect(midright=(box.right - self._px(12), box.centery)))
            self._cache["header_shown"] = (key, img)
        surface.blit(img, r.topleft)

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
                img = draw.scaled_from(self._card(cid2, d), size)      # growing in
                surface.blit(img, img.get_rect(center=r.center))
                continue
            img = self._card(cid, d)
            # a shadow
            surface.blit(self._shadow(d), self._shadow(d).get_rect(center=(r.centerx + self._px(2),
                                                                           r.centery + self._px(3))))
            surface.blit(img, img.get_rect(center=r.center))
        # highlights
        lit = self._lit_cells()
        pulse = 0.5 + 0.5 * math.sin(self._ambient_time() * 5)
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
        for t in self.get_targets():
            if t.kind != "cell":
                continue
            if t.key == self.focus.hover:
                pygame.draw.circle(surface, (255, 255, 255), t.rect.center, int(d * 0.5) + self._px(4),
                                   max(2, self._px(3)))
            if t.key == self.focus.focus and self.focus.keyboard:
                draw.focus_ring(surface, t.rect.inflate(-self._px(14), -self._px(14)), self._k)
        # the trail
        if len(chain) > 1:
            pts = [self._cell_rect(i).center for i in chain]
            pygame.draw.lines(surface, ui.board_colour("trail_edge"), False, pts, max(3, self._px(7)))
            pygame.draw.lines(surface, ui.board_colour("trail"), False, pts, max(1, self._px(3)))
        # ants (the one being placed drops in)
        fs = int(c * 0.52)
        mode = self.mode()
        marks_ends = bool(getattr(mode, "MARKS_ENDS", False))
        for n, i in enumerate(chain):
            r = self._cell_rect(i)
            img = self._figure("ant", fs)
            end = n in (0, len(chain) - 1) and marks_ends
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
                img = self._figure("ant", fs) if size == fs else \
                    draw.scaled_from(self._figure("ant", int(fs * 1.6)), size)     # dropping in
                surface.blit(img, img.get_rect(center=(r.centerx, r.centery - int((1 - p) * c * 0.4))))
        # the grasshopper
        guess = sh.get("guess")
        if guess is not None and not (st is not None and st.kind == "guess"):
            r = self._cell_rect(_cell_index(guess))
            hop = self._figure("grasshopper", int(c * 0.55))
            surface.blit(hop, hop.get_rect(center=(r.centerx - int(c * 0.18), r.centery - int(c * 0.2))))

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
                pulse = 0.5 + 0.5 * math.sin(self._ambient_time() * 5)
                col = _mix(ui.colour("highlight"), (255, 255, 255), 0.4 * pulse)
                pygame.draw.rect(surface, col, r.inflate(self._px(4), self._px(4)), width=max(2, self._px(3)),
                                 border_radius=self._px(12))

    def _draw_abilities(self, surface, sh) -> None:
        owners = sh.get("abilities") or {}
        lit = {self.data.ability_of_insect.get(self.data.card_insect.get(a.get("card")))
               for a in self._legal_of("take_ability")} if not self.animating else set()
        for aid, r in self._ability_rects:
            owner = owners.get(aid)
            img = self._ability_card(aid, owner, r.size)
            surface.blit(img, r.topleft)
            if aid in lit:
                pulse = 0.5 + 0.5 * math.sin(self._ambient_time() * 5)
                col = _mix(ui.colour("highlight"), (255, 255, 255), 0.4 * pulse)
                pygame.draw.rect(surface, col, r.inflate(self._px(4), self._px(4)), width=max(2, self._px(3)),
                                 border_radius=self._px(10))

    def _tableau(self, s: int, sh: dict, r: pygame.Rect):
        seats = sh.get("seats") or []
        info = seats[s] if s < len(seats) else {}
        role = ("ant" if s == sh.get("ant") else "grasshopper" if s == sh.get("hopper")
                else "red_ant" if s in (sh.get("reds") or []) else "")
        disc = None
        if role == "ant" and sh.get("choice_made"):
            disc = sh.get("choice") or "?"
        elif role == "red_ant" and info.get("red_made"):
            disc = info.get("red") or "?"
        secret = disc not in (None, "?") and bool(sh.get("open")) and not sh.get("revealed")
        key = ("tab", s, r.size, repr(info), role, disc, secret, sh.get("current_player") == s, sh.get("variant"),
               repr(sh.get("abilities")), sh.get("step") == "over")
        got = self._cache.get(("tab_shown", s))
        if got is not None and got[0] == key:
            return got[1]
        kept = got[1] if got is not None else None
        img = draw.reuse(kept, r.size)      # drawn again in place when the seat's things change
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
            if role == "red_ant":
                fig = fig.copy()
                fig.fill((*ui.board_colour("tint_taken"), 255), special_flags=pygame.BLEND_RGBA_MULT)
            img.blit(fig, (x, pad - self._px(1)))
            x += self._px(24)
        score = texts.vp(int(info.get("vp", 0) or 0)) if self._winter(sh) else self._autumn_score_text(info)
        sc = self._text(score, self._px(15), GOLD, True)
        img.blit(sc, sc.get_rect(topright=(box.right - pad, pad)))
        nm_w = box.right - pad - sc.get_width() - x - self._px(8) - (self._px(26) if disc else 0)
        title = texts.name_role(self._name(s), role)
        if self.assets.font(max(9, int(self._px(14) * 0.7)), True).size(title)[0] > nm_w:
            title = self._name(s)         # the figure beside the name still shows the role
        nm = self._text(title, self._px(14), ui.colour("text"), True, nm_w)
        img.blit(nm, (x, pad + self._px(2)))
        if disc:
            ds = self._px(22)
            dimg = self._disc_back(ds) if disc == "?" or secret else self._symbol(disc, ds)
            if secret:          # everything open (a replay): the face-down disc, seen through
                dimg = dimg.copy()
                face = self._symbol(disc, int(ds * 0.72))
                dimg.blit(face, face.get_rect(center=dimg.get_rect().center))
            img.blit(dimg, (box.right - pad - sc.get_width() - self._px(6) - ds, pad - self._px(1)))
        y = pad + sw + self._px(6)
        if self._winter(sh):
            self._tableau_winter(img, s, info, sh, y)
        else:
            self._tableau_autumn(img, s, info, sh, y)
        if img is not kept:
            img = draw.convert(img)
        self._cache[("tab_shown", s)] = (key, img)
        return img

    def _autumn_score_text(self, info) -> str:
        sp = int(info.get("shelf_points", 0) or 0)
        ip = info.get("insect_points")
        if ip is None and int(info.get("insect_count", 0) or 0) > 0:
            return f"{sp} + ?"
        if ip is None:
            return str(sp)
        return str(sp + int(ip))

    def shelf_cube_layout(self, sr, text_size, sym) -> tuple:
        """(cube rect, number rect) in a shelf space: the cube shrinks so the number (even a
        two-digit 10) stays whole beside it.  Every shelf space is laid out here (tests wrap it)."""
        tw, th = text_size
        tr = pygame.Rect(0, 0, tw, th)
        tr.midright = (sr.right - self._px(3), sr.centery)
        size = max(4, min(sym - self._px(2), tr.x - sr.x - self._px(4)))
        cr = pygame.Rect(0, 0, size, size)
        cr.midleft = (sr.x + self._px(2), sr.centery)
        return cr, tr

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
                fill = ui.board_colour("shelf") if not on else ui.board_colour("shelf_on")
                pygame.draw.rect(img, fill, sr, border_radius=self._px(4))
                pygame.draw.rect(img, ui.board_colour("shelf_edge"), sr, width=1, border_radius=self._px(4))
                if on:
                    t = self._text(str(vals[p]), max(8, self._px(11)), INK, True)
                    cr, tr = self.shelf_cube_layout(sr, t.get_size(), sym)
                    img.blit(self._cube(s, cr.w), cr)
                    img.blit(t, tr)
                else:
                    t = self._text(str(vals[p]), max(8, self._px(11)), ui.board_colour("shelf_number"))
                    img.blit(t, t.get_rect(center=sr.center))
        # insects
        ix = box.w - ins_w - pad + self._px(4)
        n = int(info.get("insect_count", 0) or 0)
        ins = info.get("insects")
        text = (texts.tab("insects_points", count=n, points=int(info.get("insect_points", 0) or 0))
                if ins is not None and n else texts.tab("insects", count=n))
        lines, size = self._fit_lines(text, max(9, self._px(11)), ins_w - self._px(4), 2)
        yy = y
        for ln in lines:              # one line, or two smaller ones in long languages
            lab = self._text(ln, size, ui.colour("text_muted"), True, ins_w - self._px(4))
            img.blit(lab, (ix, yy))
            yy += lab.get_height()
        isz = max(8, min(self._px(22), (ins_w - self._px(6)) // 4))
        x, yy = ix, yy + self._px(2)
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
        lab = self._text(texts.tab("cards"), max(9, self._px(11)), ui.colour("text_muted"), True)
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
            t = self._text(texts.tab("hidden"), max(9, self._px(10)), ui.colour("text_muted"))
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
        lab = self._text(texts.tab("supply"), max(9, self._px(11)), ui.colour("text_muted"), True)
        img.blit(lab, lab.get_rect(midleft=(x, y2 + ch // 2)))
        x += lab.get_width() + self._px(6)
        prev = None
        for sid in sup:
            des = _design(sid)
            if prev == des:
                x -= int(ch * 0.55)       # a pair overlaps: worth 3
            icon = self._icon(f"supply_{des}", ch)
            rr = pygame.Rect(x, y2, ch, ch)
            pygame.draw.rect(img, ui.board_colour("sheet_paper"), rr.inflate(self._px(2), self._px(2)), border_radius=self._px(4))
            pygame.draw.rect(img, ui.board_colour("supply_edge"), rr.inflate(self._px(2), self._px(2)), width=1, border_radius=self._px(4))
            img.blit(icon, rr)
            x += ch + self._px(5)
            prev = des
        owners = sh.get("abilities") or {}
        mine = [a for a, o in owners.items() if o == s]
        x = max(x + self._px(6), box.w - pad - len(mine) * (ch + self._px(3)))
        for a in mine:
            img.blit(self._icon(f"ability_{a}", ch), (x, y2))
            x += ch + self._px(3)

