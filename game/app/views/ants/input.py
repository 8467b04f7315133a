"""Ants & Grasshopper: what can be chosen now, clicks, the keyboard and refusals."""
from __future__ import annotations


import pygame

from .common import _cell_index


class AntsInput:
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

