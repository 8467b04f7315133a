"""Hamster Burrow: choosing cells (click, drag, keyboard), the bar and refusals."""
from __future__ import annotations

import math

import pygame

from ... import ui
from ...board import KitView, Target, bar, keys
from ....rules.hamster import explain_pass, explain_refusal
from . import texts


class HamsterInput:
    def _choosing(self) -> bool:
        m = self.mode()
        return bool(self.legal) and m is not None and m.choosing() and bool(self._legal_sets)

    def _lit(self) -> set:
        """Cells that could extend the current selection towards some legal set."""
        key = tuple(self._sel)
        if self._lit_cache is not None and self._lit_cache[0] == key:
            return self._lit_cache[1]
        sel = set(self._sel)
        out: set = set()
        for s in self._legal_sets:
            if sel <= s:
                out |= s
        out -= sel
        self._lit_cache = (key, out)
        return out

    def _matching_action(self):
        if not self._sel or not self.legal:
            return None
        sel = frozenset(self._sel)
        for a, s in zip((a for a in self.legal if a.get("type") == "cross"), self._legal_sets):
            if s == sel:
                return a
        return None

    def _draw_preview(self, surface) -> None:
        c = self._c
        lit = self._lit()
        pulse = 0.5 + 0.5 * math.sin(self._ambient_time() * 4.0)
        tile = self._tile("lit", c)
        if lit:
            a = int(150 + 105 * pulse)
            if tile.get_alpha() != a:
                tile.set_alpha(a)
            for cell in lit:
                surface.blit(tile, self._cell_rect(cell))
        hc = self._hover_cell
        if hc is not None and (hc in lit or hc in self._sel) and not self._keyboard:
            surface.blit(self._tile("hover", c), self._cell_rect(hc))
        if self._sel:
            kind = "green" if self._matching_action() is not None else "amber"
            t = self._tile(kind, c)
            cs = int(c * 0.86)
            off = (c - cs) // 2
            isz = int(c * 0.66)
            for cell in self._sel:
                r = self._cell_rect(cell)
                surface.blit(t, r)
                # the tile must not hide what the cell is worth: its nut or mushroom shows through
                kind = "mushroom" if cell in self._mushrooms else ("nut" if cell in self._nuts else None)
                if kind is not None:
                    icon = self.icon(kind, isz)
                    surface.blit(icon, icon.get_rect(center=(r.x + c // 2, r.y + int(c * 0.52))))
                spr = self._cross_sprite(self._variant(cell, self._home_seat()), cs, ui.board_colour("pencil_preview"))
                surface.blit(spr, r.move(off, off))
        if self._disp_roll == 1 or (self.view or {}).get("roll") == 1:
            slots, hour, boxes = self._row_geometry(c)
            used = self._disp_row.get(self._home_seat(), 0)
            ox, oy = self._grid_org
            t = self._tile("amber" if self._matching_action() is None else "green", slots[0].w) if slots else None
            for r in slots[used:used + len(self._sel)]:
                surface.blit(t, r.move(ox, oy))

    def _bar_layout(self) -> list:
        """The kit's bar for this step, laid out: the sentence, the die and the buttons."""
        return self.bar_items()

    def bar_items(self) -> list:
        """The kit's bar, laid out once for as long as its sentence and items stay the same
        (the targets, the drawing and the mouse all ask for it several times a frame)."""
        m = self.mode()
        if m is None:
            return KitView.bar_items(self)
        text, items = m.instruction(), m.bar_items()
        seat = self.view.get("current_player")
        if seat is None:
            seat = next(iter(self.view.get("winners") or []), None)
        key = (text, tuple((it["kind"], it.get("key"), it.get("label"), it.get("disabled"), it.get("value"),
                            it.get("w"), id(it.get("action"))) for it in items),
               tuple(self.bar_rect), self._k, seat)
        got = getattr(self, "_bar_memo", None)
        if got is None or got[0] != key:
            got = (key, bar.layout(self, items, text, seat))
            self._bar_memo = got
        return got[1]

    def _bar_buttons(self) -> list:
        return [it for it in self._bar_layout() if it.get("kind") == "button"]

    def handle_event(self, event):
        if self.view is None or self.rect is None:
            return None
        et = event.type
        if et == pygame.MOUSEMOTION:
            self._keyboard = False
            pos = event.pos
            self.focus.keyboard = False
            hover = next((t.key for t in self.get_targets() if t.bar and t.hit(pos)), None)
            if hover != self.focus.hover:
                self._touch()
            self.focus.hover = hover
            buttons = getattr(event, "buttons", None)
            if buttons is not None and len(buttons) and not buttons[0]:
                self._drag = None          # released outside the board: the drag is over
            self._hover_cell = self._cell_at(pos) if self._opened is None else None
            if self._drag is not None and self._choosing() and self._opened is None:
                # every cell along the way counts, even when the mouse moves fast
                last = self._drag_pos or pos
                steps = max(1, int(math.hypot(pos[0] - last[0], pos[1] - last[1]) / max(2, self._c / 3)))
                for i in range(1, steps + 1):
                    p = (last[0] + (pos[0] - last[0]) * i / steps, last[1] + (pos[1] - last[1]) * i / steps)
                    cell = self._cell_at((int(p[0]), int(p[1])))
                    if cell is None or cell in self._drag_seen:
                        continue
                    self._drag_seen.add(cell)
                    if self._drag == "add" and cell not in self._sel and cell in self._lit():
                        self._sel.append(cell)
                    elif self._drag == "remove" and cell in self._sel:
                        self._sel.remove(cell)
                self._drag_pos = pos
            return None
        if et == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._keyboard = False
            return self._press(event.pos)
        if et == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self._drag = None
            self._drag_seen = set()
            return self._release(event.pos)
        if et == pygame.KEYDOWN:
            return self._key(event)
        return None

    def _press(self, pos):
        # thumbnails: open / close (always allowed, even while others choose)
        for s, r, org, cell in self._thumbs:
            if r.collidepoint(pos):
                self._opened = None if self._opened == s else s
                self._drag = None
                return None
        if self._opened is not None and self._main.collidepoint(pos):
            self._opened = None
            return None
        if self.animating or not self.legal:
            return None
        cell = self._cell_at(pos)
        if cell is None or self.bar_rect.collidepoint(pos):
            return None
        m = self.mode()
        why = m.refuse_cell(cell) if m is not None else None
        if why is not None or not self._choosing():
            return why
        if cell in self._sel:
            self._sel.remove(cell)
            self._drag, self._drag_seen, self._drag_pos = "remove", {cell}, pos
            return None
        if cell in self._lit():
            self._sel.append(cell)
            self._drag, self._drag_seen, self._drag_pos = "add", {cell}, pos
            return None
        self._drag = None
        return self._why_not(cell)

    def _release(self, pos):
        if self.animating or not self.legal:
            return None
        for t in self.get_targets():
            if t.bar and t.hit(pos):
                return self._activate(t.key)
        return None

    def _activate(self, key):
        legal = self.legal or []
        if key == "roll":
            return next((a for a in legal if a.get("type") == "roll"), None)
        if key == "pass":
            return next((a for a in legal if a.get("type") == "pass"), None)
        if key == "clear":
            self._sel = []
            return None
        if key == "confirm":
            a = self._matching_action()
            if a is not None:
                return a
            if not self._sel:
                return texts.refuse("pick_first")
            val = self.view.get("roll")
            if val and val > 1:
                return texts.refuse("exactly_have", roll=val, count=len(self._sel))
            return texts.refuse("not_whole")
        return None

    def _why_pass(self) -> str:
        return texts.refusal(*explain_pass(self.view, self._home_seat()))

    def _why_not(self, cell) -> str:
        """An explanation for a refused cell, from the rules (legality comes from ``self.legal``)."""
        return texts.refusal(*explain_refusal(self.view, self._home_seat(), cell, self._sel))

    def handle_escape(self) -> bool:
        if self._opened is not None:
            self._opened = None
            return True
        return False

    # ---- the kit's targets: the keyboard scheme and the public hooks work on these ------------------
    def get_targets(self) -> list:
        """Cells that can be picked (or dropped again), then the bar's live buttons."""
        out = []
        if not self.legal or self.animating or self.view is None or self._opened is not None:
            return out
        if self._choosing():
            cells = sorted(self._lit() | set(self._sel), key=lambda p: (p[1], p[0]))
            out += [Target("cell", f"cell {x},{y}", rect=self._cell_rect((x, y)), value=(x, y)) for x, y in cells]
        for b in self._bar_buttons():
            if b["key"] == "clear" and not self._sel:
                continue
            action = b.get("action") if b["key"] != "confirm" else self._matching_action()
            out.append(Target("button", b["key"], rect=b["rect"], action=action, label=b["label"],
                              value=b["key"], bar=True))
        return out

    def chosen_target_keys(self) -> set:
        """The cell targets already picked for the crossing being built (the guide rings only
        the cells still to choose)."""
        return {f"cell {x},{y}" for x, y in self._sel}

    def activate(self, t):
        if t.kind == "cell":
            cell = t.value
            if cell in self._sel:
                self._sel.remove(cell)
            elif cell in self._lit():
                self._sel.append(cell)
            else:
                return self._why_not(cell)
            return None
        return self._activate(t.value)

    def enter_default(self, targets):
        return next((t for t in targets if t.bar and t.key in ("roll", "pass", "confirm")), None)

    def clicks_for(self, action):
        t = action.get("type")
        if t == "cross":
            return [f"cell {int(c[0])},{int(c[1])}" for c in action.get("cells") or []] + ["confirm"]
        if t in ("roll", "pass"):
            return [t]
        return None

    def _key(self, event):
        """The kit's keyboard scheme; Backspace (cancel) clears the picked cells, Esc closes a
        look at another player's burrow."""
        it = keys.intent(event)
        if it is None:
            return None
        if it[0] == "close" and self._opened is not None:
            self._opened = None
            return None
        if it[0] == "cancel":
            self._sel = []
            return None
        if self.animating or not self.legal:
            return None
        self._opened = None
        got = KitView._key(self, event)
        cur = self.focus.current(self.get_targets())
        self._keyboard = self.focus.keyboard
        self._cursor = cur.value if (cur is not None and cur.kind == "cell") else None
        return got
