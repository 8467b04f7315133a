"""Ants & Grasshopper: the buying and swapping dialog and the tooltip (the bar is the kit's)."""
from __future__ import annotations

import pygame

from ... import ui
from ...board import draw
from ...board.widgets import TOOLTIP_DELAY
from . import texts
from .common import _design, _mix


class AntsOverlays:
    def _dialog_layout(self) -> None:
        d = self.dialog
        if d is None:
            return
        g = self._grid
        n = len(d.rows)
        row_h = self._px(44)
        w = min(self.rect.w - self._px(20), max(int(g.w * 0.96), self._px(620)))
        head = self._px(64)
        foot = self._px(56)
        h = min(g.h - self._px(10), head + foot + row_h * n + self._px(8))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = g.center
        rect.clamp_ip(self.rect)
        d.rect = rect
        d.visible = max(1, (h - head - foot) // row_h)
        d.row_h = row_h
        d.rows_top = rect.y + head
        f = self.assets.font(self._px(15), True)
        cw = max(self._px(110), f.size(texts.dialog("cancel"))[0] + self._px(28))
        ok_label = texts.dialog("ok_buy" if d.kind == "buy" else "ok_swap")
        ow = max(self._px(110), f.size(ok_label)[0] + self._px(28))
        d.cancel = pygame.Rect(rect.right - self._px(16) - cw, rect.bottom - foot + self._px(10), cw, self._px(38))
        d.ok = pygame.Rect(d.cancel.x - self._px(12) - ow, d.cancel.y, ow, self._px(38))
        d.scroll = min(d.scroll, max(0, len(d.rows) - d.visible))

    def _dialog_row_rect(self, j: int):
        d = self.dialog
        k = j - d.scroll
        if k < 0 or k >= d.visible:
            return None
        r = d.rect
        return pygame.Rect(r.x + self._px(12), d.rows_top + k * d.row_h, r.w - self._px(24), d.row_h - self._px(4))

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

    def _draw_dialog(self, surface) -> None:
        d = self.dialog
        rect = d.rect
        shade = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, self.rect.topleft)
        ui.draw_panel(surface, rect, radius=self._px(14))
        pad = self._px(14)
        if d.kind == "buy":
            sid = d.card
            title = d.title
            spec = self.data.designs.get(_design(sid), {})
            price = [self.data.kinds[i] for i in spec.get("price", ())]
            t = self._text(title, self._px(19), ui.colour("accent"), True, rect.w - 2 * pad)
            surface.blit(t, (rect.x + pad, rect.y + pad))
            x = rect.x + pad
            y = rect.y + pad + t.get_height() + self._px(4)
            lab = self._text(texts.dialog("price"), self._px(13), ui.colour("text_muted"), True)
            surface.blit(lab, (x, y))
            x += lab.get_width() + self._px(6)
            for kind in price:
                surface.blit(self._symbol(kind, self._px(18)), (x, y - self._px(1)))
                x += self._px(20)
            trade = self.data.scoring.get("trade_in", 3)
            note = self._text(texts.dialog("trade", count=trade),
                              self._px(12), ui.colour("text_muted"), False, rect.right - x - pad)
            surface.blit(note, (x + self._px(12), y + self._px(2)))
        else:
            t = self._text(d.title, self._px(19), ui.colour("accent"),
                           True, rect.w - 2 * pad)
            surface.blit(t, (rect.x + pad, rect.y + pad))
        for j in range(len(d.rows)):
            rr = self._dialog_row_rect(j)
            if rr is None:
                continue
            a = d.rows[j][1]
            sel = j == d.sel
            hot = self._hover == ("row", j)
            fill = _mix(ui.colour("panel"), ui.colour("accent"), 0.25 if sel else (0.12 if hot else 0.04))
            pygame.draw.rect(surface, fill, rr, border_radius=self._px(8))
            pygame.draw.rect(surface, ui.colour("accent") if sel else ui.colour("panel_edge"), rr,
                             width=max(1, self._px(2)), border_radius=self._px(8))
            x = rr.x + self._px(10)
            if d.kind == "buy":
                lab = self._text(texts.dialog("pay"), self._px(13), ui.colour("text_muted"), True)
                surface.blit(lab, lab.get_rect(midleft=(x, rr.centery)))
                x += lab.get_width() + self._px(8)
                ps = rr.h - self._px(10)
                for kind, hidden in self._pay_parts(a.get("pay") or [], self.seat):
                    surface.blit(self._symbol(kind, ps), (x, rr.centery - ps // 2))
                    if hidden:
                        hb = self._text(texts.dialog("hidden"), max(9, self._px(10)), ui.colour("text"), True)
                        surface.blit(hb, hb.get_rect(midtop=(x + ps // 2, rr.bottom - self._px(2))))
                    x += ps + self._px(3)
                subs = self._substitutions(a.get("card"), a.get("pay") or [])
                if subs:
                    sc = self.data.scoring
                    trade = sc.get("trade_in_ability", 2) if self._owns_bargain() else sc.get("trade_in", 3)
                    txt = texts.dialog("instead", count=trade, kinds=texts.kinds_list(subs))
                    self._row_text(surface, txt, self._px(12), ui.colour("text_muted"), x + self._px(10), rr,
                                   rr.right - x - self._px(22))
            else:
                mine, other = a.get("mine"), a.get("other")
                holder = None
                for s, info in enumerate((self.view or {}).get("seats") or []):
                    if other in (info.get("supplies") or []):
                        holder = s
                names = {"mine": texts.supply(_design(mine)), "other": texts.supply(_design(other))}
                txt = (texts.dialog("swap_display", **names) if holder is None
                       else texts.dialog("swap_player", name=self._name(holder), **names))
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
                self._row_text(surface, txt, self._px(13), ui.colour("text"), x, rr, rr.right - x - self._px(8))
        if len(d.rows) > d.visible:
            more = self._text(texts.dialog("more", first=d.scroll + 1, last=min(len(d.rows), d.scroll + d.visible),
                                           count=len(d.rows)), self._px(12), ui.colour("text_muted"), False,
                              max(20, d.ok.x - rect.x - pad - self._px(6)))
            surface.blit(more, (rect.x + pad, d.cancel.centery - more.get_height() // 2))
        for key, r, label, prim in (("ok", d.ok, texts.dialog("ok_buy" if d.kind == "buy" else "ok_swap"), True),
                                    ("cancel", d.cancel, texts.dialog("cancel"), False)):
            hot = self._hover == ("dlg", key)
            fill = ui.colour("accent") if prim else _mix(ui.colour("panel"), ui.colour("panel_edge"), 0.5)
            if hot:
                fill = _mix(fill, (255, 255, 255), 0.22)
            pygame.draw.rect(surface, fill, r, border_radius=self._px(10))
            pygame.draw.rect(surface, ui.colour("panel_edge"), r, width=max(1, self._px(2)), border_radius=self._px(10))
            t = self._text(label, self._px(15), ui.colour("text_dark") if prim else ui.colour("text"), True)
            surface.blit(t, t.get_rect(center=r.center))

    def _row_text(self, surface, text, px, colour, x, rr, width) -> None:
        """A dialog row's text: one line, or two smaller ones when it is long."""
        lines, size = self._fit_lines(text, px, max(10, width), 2, False)
        imgs = [self._text(ln, size, colour, False, max(10, width)) for ln in lines]
        y = rr.centery - sum(i.get_height() for i in imgs) // 2
        for img in imgs:
            surface.blit(img, (x, y))
            y += img.get_height()

    def _owns_bargain(self) -> bool:
        owners = (self.view or {}).get("abilities") or {}
        aid = self.data.ability_of_effect.get("two_for_one")
        return aid is not None and owners.get(aid) == self.seat and self.seat is not None

    def _tooltip_text(self, sh) -> str:
        if self.tooltip.ready:           # a disabled bar button says why
            t = next((t for t in self.get_targets() if t.key == self.tooltip.key), None)
            if t is not None and t.tooltip and not t.enabled:
                return t.tooltip
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
            return texts.card(self._kind_of_card(cid), self.data.card_insect.get(cid))
        if h[0] == "ability":
            ab = self.data.abilities.get(h[1], {})
            owner = (sh.get("abilities") or {}).get(h[1])
            return texts.ability_tip(h[1], ab.get("insect"), None if owner is None else self._name(owner))
        if h[0] == "supply":
            disp = sh.get("display") or []
            sid = disp[h[1]] if h[1] < len(disp) else None
            if sid is None:
                return ""
            spec = self.data.designs.get(_design(sid), {})
            return texts.supply_tip(_design(sid), [self.data.kinds[i] for i in spec.get("price", ())],
                                    self.data.scoring.get("pair_points", 3), spec.get("mark", ""))
        return ""

    def _draw_tooltip(self, surface, sh) -> None:
        text = self._tooltip_text(sh)
        if not text or self.dialog is not None:
            return
        f = self.assets.font(self._px(14))
        width = min(self._px(420), self.rect.w - self._px(20))
        lines = ui.wrap(text, f, width - self._px(16))
        lh = f.get_linesize()
        box = pygame.Rect(0, 0, min(width, max(f.size(ln)[0] for ln in lines) + self._px(18)),
                          lh * len(lines) + self._px(12))
        mx, my = self._mouse
        box.topleft = (mx + self._px(14), my + self._px(16))
        if box.bottom > self.rect.bottom:          # near the bar: above the pointer
            box.bottom = my - self._px(12)
        box.clamp_ip(self.rect)
        pygame.draw.rect(surface, _mix(ui.colour("panel"), (0, 0, 0), 0.3), box, border_radius=self._px(8))
        pygame.draw.rect(surface, ui.colour("accent"), box, width=1, border_radius=self._px(8))
        y = box.y + self._px(6)
        for ln in lines:
            surface.blit(f.render(ln, True, ui.colour("text")), (box.x + self._px(9), y))
            y += lh

