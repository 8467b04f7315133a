"""Ants & Grasshopper: what can be chosen now, clicks, the keyboard and refusals."""
from __future__ import annotations

import pygame

from ....rules.base import action_key
from ...board import KitView, Target, keys
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
            if a.get("end") != "head":      # a ring's other end is a bar button
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

    # ---- the kit's targets: the keyboard scheme and the public hooks work on these ------------------
    def get_targets(self) -> list:
        """Lit cards, the bar's live buttons, buyable supply cards, takeable abilities."""
        out = []
        if not self.legal or self.animating or self.view is None or self._dialog is not None:
            return out
        for i in sorted(self._lit_cells()):
            out.append(Target("cell", f"cell {i % 4},{i // 4}", rect=self._cell_rect(i), value=("cell", i)))
        for b in self._bar_items():
            if b.get("action") is not None or b["key"] == "swapdlg":
                out.append(Target("button", b["key"], rect=b["rect"], action=b.get("action"),
                                  value=("btn", b["key"]), bar=True))
        if self._step() == "buy":
            buyable = {a.get("card") for a in self._legal_of("buy")}
            disp = (self.view or {}).get("display") or []
            for j, r in enumerate(self._display_rects):
                if j < len(disp) and disp[j] in buyable:
                    out.append(Target("supply", str(disp[j]), rect=r, value=("supply", j)))
        if self._step() == "ability":
            takeable = {self.data.ability_of_insect.get(self.data.card_insect.get(a.get("card")))
                        for a in self._legal_of("take_ability")}
            for aid, r in self._ability_rects:
                if aid in takeable:
                    out.append(Target("ability", str(aid), rect=r, value=("ability", aid)))
        return out

    def activate(self, t):
        return self._click(t.value)

    def focused(self):
        if self._dialog is not None:
            return f"row {self._dialog_sel}"
        return KitView.focused(self)

    def enter_default(self, targets):
        live = [t for t in targets if t.bar and t.action is not None]
        return live[0] if len(live) == 1 else None

    def clicks_for(self, action):
        """The target keys to activate, in order, for ``action`` (a dialog row is "row N")."""
        t = action.get("type")
        if t in ("buy", "supply_swap"):
            rows = ([a for a in self._legal_of("buy") if a.get("card") == action.get("card")]
                    if t == "buy" else self._legal_of("supply_swap"))
            want = action_key(action)
            row = next((j for j, a in enumerate(rows) if action_key(a) == want), None)
            if row is None:
                return None
            return [str(action["card"]) if t == "buy" else "swapdlg", f"row {row}"]
        want = action_key(action)
        for tg in self.get_targets():
            if tg.kind == "cell" and action_key(self._lit_cells().get(tg.value[1], {"type": ""})) == want:
                return [tg.key]
            if tg.action is not None and action_key(tg.action) == want:
                return [tg.key]
        if t == "take_ability":
            ins = self.data.card_insect.get(action.get("card"))
            return [str(self.data.ability_of_insect.get(ins))]
        return None

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
        """The kit's keyboard scheme; in a dialog: arrows or N / P pick a row, Enter takes it,
        1 - 9 take row 1 - 9, Esc closes it."""
        if self.animating:
            return None
        if self._dialog is not None:
            it = keys.intent(event)
            if it is None:
                return None
            name, arg = it
            d = self._dialog
            if name in ("move", "next", "prev"):
                step = arg[1] if name == "move" else (1 if name == "next" else -1)
                if step:
                    self._dialog_sel = (self._dialog_sel + step) % max(1, len(d["rows"]))
                    if self._dialog_sel < d["scroll"]:
                        d["scroll"] = self._dialog_sel
                    elif self._dialog_sel >= d["scroll"] + d["visible"]:
                        d["scroll"] = self._dialog_sel - d["visible"] + 1
                return None
            if name == "act":
                return self._dialog_choose(self._dialog_sel)
            if name == "bar":
                return self._dialog_choose(arg)
            if name in ("close", "cancel"):
                self._dialog = None
            return None
        got = KitView._key(self, event)
        cur = self.focus.current(self.get_targets())
        self._keyboard = self.focus.keyboard
        self._cursor = cur.value[1] if (cur is not None and cur.kind == "cell") else None
        return got
