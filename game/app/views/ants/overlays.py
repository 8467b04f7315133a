"""Ants & Grasshopper: the action bar, the buying and swapping dialog and the tooltip."""
from __future__ import annotations

import copy

import pygame

from ... import ui
from ...board import draw
from ...board.widgets import TOOLTIP_DELAY
from .common import _design, _mix


class AntsOverlays:
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
        elif step == "place":
            # a card next to both ends closes a ring: a click joins the last ant, this button the first
            for a in self._legal_of("place"):
                if a.get("end") == "head":
                    x, y = a["cell"]
                    btns.append({"key": f"ring_{x},{y}", "label": f"Join the first ant at ({x}, {y})",
                                 "action": a, "primary": False})
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

