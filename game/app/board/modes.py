"""One mode per rules step: everything a screen does differently in that step, in one place.

    class MoveMode(StepMode):
        def instruction(self): ...          # the bar's sentence (mine or someone else's turn)
        def buttons(self): ...              # [(key, label, action, primary)] for the bar
        def board_targets(self): ...        # [Target] on the board
        def refuse_at(self, pos): ...       # why a click at pos does nothing (str) or None
        def select(self, target): ...       # a target without an action was activated
        def cancel(self): ...               # drop a half-made choice: True if there was one
        def clicks_for(self, action): ...   # target keys that lead to action

A mode only reads ``self.v`` (the view: its ``view`` dict, ``legal``, layout helpers) and
proposes actions from ``legal``; it never computes a rule (refusals come from the rules'
``explain`` functions or from what ``legal`` holds).
"""
from __future__ import annotations

from .base import KitView
from .targets import Target


class StepMode:
    def __init__(self, view: KitView):
        self.v = view

    @property
    def mine(self) -> bool:
        return self.v.legal is not None

    def on_sync(self) -> None:
        """The view was synced in this step (e.g. select the only piece that can move)."""

    def instruction(self) -> str:
        return ""

    def bar_items(self) -> list:
        """The bar's items (``bar.py``): by default the step's buttons."""
        return [{"kind": "button", "key": ("btn", key), "label": label, "action": action,
                 "primary": primary} for key, label, action, primary in self.buttons()]

    def buttons(self) -> list:
        """[(key, label, action, primary)] for the bar."""
        return []

    def board_targets(self) -> list[Target]:
        return []

    def targets(self) -> list[Target]:
        return self.v.bar_button_targets(self.bar_items()) + self.board_targets()

    def refuse_at(self, pos):
        return None

    def select(self, target: Target):
        return None

    def cancel(self) -> bool:
        return False

    def clicks_for(self, action: dict) -> list[str] | None:
        from ...rules.base import action_key
        want = action_key(action)
        for t in self.targets():
            if t.action is not None and action_key(t.action) == want:
                return [str(t.key)]
        return None
