"""What can be clicked on the screen, written to a file for tests that drive a real window."""
from __future__ import annotations

import json
import logging
import os

from pygame_gui.elements import UIButton, UITextEntryLine

log = logging.getLogger(__name__)


class DebugTargets:
    """Debug hook for tests/app/test_real_window.py, off unless BURROWBOX_DEBUG_TARGETS=FILE is set.

    After each frame in which it changed, writes to FILE (atomically) what can be clicked on
    the screen, with window-relative pixel centres, so a test can drive the real window with
    real mouse clicks:
        {"scene": "seats", "size": [w, h],
         "buttons": [{"text": "Start game", "center": [x, y], "enabled": true}, ...],
         "entries": [{"text": "", "placeholder": "e.g. KPXWRT", "center": [x, y]}, ...],
         "info": {...},                   (what the screen adds: a table online's code)
         "cards": {"moles": [x, y], ...},                      (choose scene)
         "play": {"turn": 3, "current": 0, "human_to_act": true, "animating": false,
                  "targets": [{"kind": "point", "key": "('pt', (0, 1))", "center": [x, y]}],
                  "hint": [[x, y], ...],                                (the Hint's lit targets)
                  "version": 7, "focused": "cell 3,4",        (the keyboard: the focused target,
                  "order": ["roll", ...], "routes": [["cell 3,4", "confirm"], ...]}}
                                               N's order, the targets of each legal action)
    """

    def __init__(self, path: str):
        self.path = path
        self.last = None

    @classmethod
    def from_env(cls):
        path = os.environ.get("BURROWBOX_DEBUG_TARGETS")
        return cls(path) if path else None

    @staticmethod
    def describe(app) -> dict:
        scene = app.top
        out: dict = {"scene": getattr(scene, "name", None), "size": list(app.size),
                     "buttons": [], "cards": {}}
        if scene is None:
            return out
        if scene.ui is not None:
            for el in scene.ui.get_sprite_group().sprites():
                if isinstance(el, UIButton) and el.visible and el.alive():
                    out["buttons"].append({"text": str(el.text), "center": list(el.rect.center),
                                           "enabled": bool(el.is_enabled)})
                elif isinstance(el, UITextEntryLine) and el.visible and el.alive():
                    out.setdefault("entries", []).append(
                        {"text": el.get_text(), "placeholder": str(el.placeholder_text or ""),
                         "center": list(el.rect.center)})
        for key, rect in (getattr(scene, "card_rects", None) or {}).items():
            out["cards"][str(key)] = list(rect.center)
        info = getattr(scene, "debug_info", None)
        if callable(info):              # what a screen adds (a table online: its code)
            out["info"] = info()
        session, board = getattr(scene, "session", None), getattr(scene, "board", None)
        if session is not None and board is not None:
            targets = []
            if session.human_to_act():
                for t in board.targets():
                    targets.append({"kind": str(t["kind"]), "key": str(t["key"]),
                                    "center": [int(round(t["center"][0])), int(round(t["center"][1]))]})
            hinted = []
            part = getattr(getattr(scene, "sections", None), "hint", None)    # the play screen's
            for t in (part.targets() if part is not None else []):
                centre = t.rect.center if t.rect is not None else t.pos
                if centre is not None:
                    hinted.append([int(round(centre[0])), int(round(centre[1]))])
            out["play"] = {"turn": session.envelope()["turn_number"], "current": session.current,
                           "version": session.version,
                           "focus": DebugTargets.focus_key(scene),
                           "human_to_act": bool(session.human_to_act()),
                           "animating": bool(scene.animating), "targets": targets,
                           "hint": hinted, **DebugTargets.keyboard(session, board)}
        return out

    @staticmethod
    def focus_key(scene) -> str | None:
        """The screen's keyboard focus (the board, Menu, Continue, ...)."""
        item = scene.focus.current if getattr(scene, "focus", None) is not None else None
        return None if item is None else str(item.key)

    @staticmethod
    def keyboard(session, board) -> dict:
        """What the keyboard reaches on the board: the focused target, the order N goes
        through, and for each legal action the targets to take one after another."""
        if not session.human_to_act():
            return {"focused": None, "order": [], "routes": []}
        routes = []
        for action in (session.legal_for_board() or [])[:400]:
            route = board.clicks_for(action)
            if route and [str(k) for k in route] not in routes:
                routes.append([str(k) for k in route])
        order = [str(t.key) for t in board.key_targets(board.get_targets())]
        return {"focused": board.focused(), "order": order, "routes": routes}

    def write(self, app) -> None:
        try:
            text = json.dumps(self.describe(app), sort_keys=True)
            if text != self.last:
                tmp = f"{self.path}.tmp"
                with open(tmp, "w", encoding="utf-8") as fh:
                    fh.write(text)
                os.replace(tmp, self.path)
                self.last = text
        except Exception:  # noqa: BLE001 - a debug aid must never stop the game
            log.debug("write: fell back after an error", exc_info=True)  # drawn every frame: quiet
            pass
