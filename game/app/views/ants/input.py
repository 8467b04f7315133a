"""Ants & Grasshopper: where things are under the pointer, the buying and swapping dialog (on
the kit's ``Dialog``), and the public hooks that say where to click. What each step offers and
refuses is in ``modes.py``; the keyboard is the kit's."""
from __future__ import annotations

import pygame

from ....rules.base import action_key
from ...board import KitView, Target
from ...board.widgets import Dialog
from . import texts


class AntsInput:
    FOCUS_FIRST = ("cell", "button", "supply", "ability")

    def _legal_of(self, *types) -> list:
        return [a for a in (self.legal or []) if a.get("type") in types]

    def _lit_cells(self) -> dict:
        """cell index -> the action a click on it takes (the lit cards of the step)."""
        return {t.value: t.action for t in self.get_targets() if t.kind == "cell"}

    # ---- the keyboard: after an ant is placed, the focus stays near it ------------------------------
    _want_cell = None

    def activate(self, t):
        if t.kind == "cell" and self.focus.keyboard:
            self._want_cell = t.value
        return KitView.activate(self, t)

    def get_targets(self) -> list:
        ts = KitView.get_targets(self)
        want = self._want_cell
        if want is not None and ts:
            cells = [t for t in ts if t.kind == "cell"]
            if cells and self.focus.keyboard and self.focus.focus is None:
                near = min(cells, key=lambda t: (abs(t.value % 4 - want % 4) + abs(t.value // 4 - want // 4), t.value))
                self.focus.focus = near.key
            self._want_cell = None
        return ts

    # ---- what is where ----------------------------------------------------------------------------
    def cell_target(self, i: int, action) -> Target:
        return Target("cell", f"cell {i % 4},{i // 4}", rect=self._cell_rect(i), action=action, value=i)

    def supply_at(self, pos):
        for j, r in enumerate(self._display_rects):
            if r.collidepoint(pos):
                return j
        return None

    def ability_at(self, pos):
        for aid, r in self._ability_rects:
            if r.collidepoint(pos):
                return aid
        return None

    def _pointer(self, pos):
        """What the pointer rests on, for hover and tooltips."""
        d = self.dialog
        if d is not None and not self.animating:
            for key in ("ok", "cancel"):
                if getattr(d, key).collidepoint(pos):
                    return ("dlg", key)
            for j in range(len(d.rows)):
                rr = self._dialog_row_rect(j)
                if rr is not None and rr.collidepoint(pos):
                    return ("row", j)
            return ("dlgbody",) if d.rect.collidepoint(pos) else ("outside",)
        if self.bar_rect.collidepoint(pos):
            return None
        j = self.supply_at(pos)
        if j is not None:
            return ("supply", j)
        aid = self.ability_at(pos)
        if aid is not None:
            return ("ability", aid)
        i = self._cell_at(pos)
        return ("cell", i) if i is not None else None

    def pointer_left(self) -> None:
        """The pointer left the board or the window: no card's name stays behind."""
        if self._hover is not None:
            self._hover = None
            self._touch()
        KitView.pointer_left(self)

    def handle_event(self, event):
        if self.view is None or self.rect is None:
            return None
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            hover = self._pointer(event.pos)
            if hover != self._hover:
                self._hover_since = self._time
            self._hover = hover
        elif event.type == pygame.MOUSEWHEEL and self.dialog is not None:
            d = self.dialog
            d.scroll = max(0, min(len(d.rows) - d.visible, d.scroll - int(event.y)))
            self._touch()
            return None
        elif event.type == pygame.MOUSEBUTTONUP:
            self._mouse = event.pos
        return KitView.handle_event(self, event)

    def cell_at(self, pos):
        return self._cell_at(pos)

    # ---- the dialog -----------------------------------------------------------------------------
    def open_dialog(self, kind: str, card=None) -> None:
        if kind == "buy":
            rows = [a for a in self._legal_of("buy") if a.get("card") == card]
            title = texts.dialog("buy_title", card=texts.supply(self._design_of(card)))
        else:
            rows = self._legal_of("supply_swap")
            title = texts.dialog("swap_title")
        if not rows:
            self.dialog = None
            return
        d = Dialog(title, [("", a) for a in rows])
        d.kind, d.card = kind, card
        self.dialog = d
        self._dialog_layout()
        self.invalidate()

    def _design_of(self, sid):
        return str(sid).rsplit("-", 1)[0] if sid is not None else None

    def dialog_click(self, pos):
        if self.animating:
            return None
        hit = self._pointer(pos)
        if hit is None:
            return None
        d = self.dialog
        if hit == ("dlg", "cancel") or hit == ("outside",):
            self.dialog = None
            self.invalidate()
            return None
        if hit == ("dlg", "ok"):
            return self.dialog_choose(d.sel)
        if hit[0] == "row":
            if d.sel == hit[1]:
                return self.dialog_choose(hit[1])
            d.sel = hit[1]
        return None

    def focused(self):
        if self.dialog is not None:
            return f"row {self.dialog.sel}"
        return KitView.focused(self)

    # ---- public hooks -----------------------------------------------------------------------------
    def next_click(self, action):
        """Where a player clicks next to make ``action`` (one of ``legal``), or None.

        Buying and swapping take two clicks (the card or button that opens the dialog, then the
        row: the first click on a row selects it, the second confirms)."""
        if not self.legal or self.animating or self.view is None:
            return None
        d = self.dialog
        if d is not None:
            want = action_key(action)
            for j, (_label, a) in enumerate(d.rows):
                if action_key(a) == want:
                    rr = self._dialog_row_rect(j)
                    if rr is None:            # scroll it into view first (keyboard: arrows)
                        d.scroll = max(0, min(j, len(d.rows) - d.visible))
                        rr = self._dialog_row_rect(j)
                    return rr.center
            return d.cancel.center
        route = self.clicks_for(action)
        if not route:
            return None
        for t in self.get_targets():
            if str(t.key) == route[0]:
                return t.center
        return None

    def cell_centre(self, i: int) -> tuple:
        """Where grid card ``i`` (x + 4 y) is on screen."""
        return tuple(self._cell_rect(i).center)

    def bar_buttons(self) -> list[dict]:
        """The bar's buttons, live or not: [{"key", "center", "action", "enabled"}]."""
        return [{"key": str(t.key), "center": t.center, "action": t.action, "enabled": t.enabled}
                for t in self.get_targets() if t.bar]

    @property
    def dialog_open(self) -> bool:
        return self.dialog is not None

    def enter_default(self, targets):
        """Enter takes the bar's only live button when nothing else can be chosen."""
        live = [t for t in targets if t.bar and t.action is not None and t.enabled]
        return live[0] if len(live) == 1 and all(t.bar for t in targets) else None
