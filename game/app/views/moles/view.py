"""The Mole Dig board: stacked dig layers, moles, discs, and the animations between them.

Everything is drawn from ``state.view(seat)`` (see ``game/rules/moles/``) and from the events
``apply()`` returns. The screen is built on the board kit (``game/app/board``):
  * ``art.py``: the static surfaces per (layer, board size): the stack of plates with lattice,
    holes, big spaces and the ghosts of the next layer's holes; the layer indicator and legend;
  * ``pieces.py``: moles, highlights, the lifting layer, the shine, the disc flip, the bar discs;
  * ``animation.py``: events to animation steps; ``modes.py``: one mode per rules step;
  * ``texts.py``: every sentence shown.

Each layer is shown as large as the board area allows, so the camera zooms in when a layer is
lifted (the layers shrink from radius 4 to 2); lattice points keep their table coordinates.
Moles are drawn at the view's own *display* positions, which the animation steps move towards
the new state one event at a time; once nothing moves the display is reconciled with the latest
synced view (so a sync before or after ``play`` both work, and undo / load simply snap).
"""
from __future__ import annotations

import pygame

from ...board import KitView, Target, bar
from ...board.cache import CacheSpace
from ...board.draw import Scratch
from .. import hexgeom as hg
from . import texts
from .animation import MolesAnimation
from .art import MolesArt
from .common import LAYER_COUNT, MOLE, PICK, pt as _pt, winners
from .modes import MODES
from .pieces import MolesPieces


class MolesView(MolesPieces, MolesArt, MolesAnimation, KitView):
    MODES = MODES
    FOCUS_FIRST = ("button", "dest", "mole", "point")

    def __init__(self, game_id: str, seats: list[dict], assets):
        if assets is None:
            from ...assets import Assets
            assets = Assets()
        super().__init__(game_id, seats, assets)
        self._layouts: dict = {}
        self._box = pygame.Rect(0, 0, 0, 0)
        self._static = CacheSpace("moles", "static", id(self))
        self._plates = CacheSpace("moles", "plates", id(self))
        self._sprites = CacheSpace("moles", "sprites", id(self))
        self._zoom_scratch = Scratch()         # a lift: the board zooming, one picture a frame
        self._plate_scratch = Scratch()        # ... and the plate lifted away
        # display / animation
        self._disp: dict = {}
        self._disp_layer = 0
        self._disc_anim: dict | None = None
        self._lift_anim: dict | None = None
        self._win_anim: dict | None = None
        self._won = False
        self.last_move: dict | None = None     # {"frm", "to", "path", "layer"} of the last move

    # ---- layout ---------------------------------------------------------------------------------
    def _on_resize(self) -> None:
        rect = self.rect
        bar_h = int(round(max(56, 80 * self._k)))
        bar_h = min(bar_h, max(40, rect.h // 4))
        self.bar_rect = pygame.Rect(rect.x, rect.bottom - bar_h, rect.w, bar_h)
        self._box = pygame.Rect(rect.x, rect.y, rect.w, rect.h - bar_h)
        self._layouts = {}
        self._static.clear()
        self._plates.clear()
        self._sprites.clear()
        self.invalidate()

    def point_at(self, pos):
        """The lattice point (q, r) of the shown layer under ``pos``, or None."""
        if self.layout is None or self.view is None:
            return None
        p, dist = self.layout.from_pixel(*pos)
        if dist > PICK or hg.ring(p) > self.view["layers"][self.view["layer"]]["radius"]:
            return None
        return p

    def point_target(self, kind: str, key, action) -> Target:
        p = key[1]
        return Target(kind, key, pos=self.pixel_of(p), action=action, radius=PICK * self.spacing)

    # ---- view helpers -----------------------------------------------------------------------------
    def _layer(self, i: int | None = None) -> dict:
        i = self._disp_layer if i is None else i
        return self.view["layers"][i]

    def _holes_filled(self) -> tuple:
        L = self._layer(self.view["layer"])
        holes = {_pt(h) for h in L["holes"]}
        n = sum(1 for m in self.view["moles"] if _pt(m["at"]) in holes)
        return n, len(holes)

    # ---- state ------------------------------------------------------------------------------------
    def sync(self, view: dict, legal: list | None, seat: int | None) -> None:
        old = self.view or {}
        if (old.get("rotations"), old.get("players")) != (view.get("rotations"), view.get("players")):
            # another game (or the first view): the cached boards are of no use
            self._static.clear()
            self._plates.clear()
            self._layouts = {}
        self._dirty = True
        super().sync(view, legal, seat)
        # the display catches up in update()/draw(), after any animation play() queues

    def play(self, events: list, speed: str = "normal") -> None:
        """Remember the last move (marked on the board, also after quick computer moves)."""
        for ev in events or []:
            if isinstance(ev, dict) and ev.get("type") == "move" and ev.get("frm") and ev.get("to"):
                self.last_move = {"frm": tuple(ev["frm"]), "to": tuple(ev["to"]),
                                  "path": [tuple(p) for p in ev.get("path") or [ev["frm"], ev["to"]]],
                                  "layer": (self.view or {}).get("layer")}
        super().play(events, speed)

    def shown_last_move(self) -> dict | None:
        """The last move as marked now, or None once it no longer matches the board (a lift, Undo,
        another game)."""
        lm, v = self.last_move, self.view or {}
        if lm is None or lm["layer"] != v.get("layer") or lm["layer"] != self._disp_layer:
            return None
        if not any(tuple(m["at"]) == lm["to"] for m in v.get("moles") or []):
            return None
        return lm

    def _ambient(self) -> bool:
        return super()._ambient() or self._won

    def shown_moles(self) -> dict:
        """Where each mole is drawn now: {mole id: (x, y) in lattice units} (tests)."""
        return {mid: (dm.ux, dm.uy) for mid, dm in self._disp.items()}

    # ---- the bar ----------------------------------------------------------------------------------
    def idle_instruction(self) -> str:
        v = self.view or {}
        ws = winners(v)
        if not ws:
            return ""
        if len(ws) > 1:            # a lift that left no mole: a shared result
            return texts.shared_win([self._name(s) for s in ws])
        w = ws[0]
        shovel = v["layer"] == LAYER_COUNT - 1 and any(
            m["seat"] == w and _pt(m["at"]) == (0, 0) for m in v["moles"])
        return texts.winner(self._name(w), shovel)

    def instruction(self) -> str:
        return self.idle_instruction() if winners(self.view or {}) else super().instruction()

    def bar_items(self) -> list:
        v = self.view or {}
        if v.get("winner") is not None:
            cp = v.get("current_player")
            return bar.layout(self, self.disc_items(None, {}), self.idle_instruction(),
                              cp if cp is not None else winners(v)[0])
        return super().bar_items()

    def disc_items(self, turn_act, keep: dict) -> list:
        """The current player's discs: face down (turn one over), turned this turn (keep one),
        spent ones small and dim."""
        v = self.view
        cp = v.get("current_player")
        if cp is None:
            return []
        d = int(min(self.bar_rect.h - 2 * self._px(10), 54 * self._k))
        small, gap = int(d * 0.7), self._px(6)
        discs = v["discs"][cp]
        pending = list(v.get("pending") or [])
        spent = list(discs["face_up"])
        for val in pending:            # the pending discs are the last ones turned
            for idx in range(len(spent) - 1, -1, -1):
                if spent[idx] == val:
                    spent.pop(idx)
                    break
        items = [{"kind": "disc_back", "w": d, "key": ("down", j), "action": turn_act,
                  "label": texts.turn_disc(), "shrink": True, "drop": 2 if turn_act is None else 0}
                 for j in range(len(discs["face_down"]))]
        if pending:
            items.append({"kind": "gap", "w": gap * 2})
            for j, val in enumerate(pending):
                items.append({"kind": "disc_face", "w": int(d * 1.12), "value": val, "key": ("keep", val, j),
                              "action": keep.get(val), "label": texts.keep_disc(val),
                              "shrink": True})
        if spent:
            items.append({"kind": "gap", "w": gap * 2})
            items += [{"kind": "disc_spent", "w": small, "value": val, "shrink": True, "drop": 1}
                      for val in sorted(spent)]
        return items

    # ---- drawing ----------------------------------------------------------------------------------
    def move_places(self, ev: dict) -> list:
        """The points a rules event touched, for the kit's last-move marks."""
        half = int(self.spacing * 0.42)
        box = lambda p: pygame.Rect(0, 0, 2 * half, 2 * half).move(  # noqa: E731
            self.pixel_of(p)[0] - half, self.pixel_of(p)[1] - half)
        if ev.get("type") == "move" and not ev.get("out"):
            return [("from", tuple(ev["frm"]), box(ev["frm"])), ("to", tuple(ev["to"]), box(ev["to"]))]
        if ev.get("type") == "place":
            return [("to", tuple(ev["at"]), box(ev["at"]))]
        return []

    def draw(self, surface) -> None:
        if self.rect is None or self.view is None or not self._box.w:
            return
        if self._dirty and not self.animating:
            self._reconcile()
        la = self._lift_anim
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        if la is not None:
            self._lift_camera(la)
            self._blit_zoomed_static(surface, la)
        else:
            for img, pos in self._static_pieces(self._disp_layer):
                surface.blit(img, pos)
        hud_layer = la["old"] if la is not None and la["p"] < 0.4 else self._disp_layer
        for img, pos in self._hud_static(hud_layer):
            surface.blit(img, pos)
        self._draw_hud_dynamic(surface)
        self._draw_discs_box(surface)
        targets = [t for t in self.get_targets() if not t.bar]
        if la is None and not self.animating:
            self._draw_last_move(surface)
        self._draw_targets_under(surface, targets)
        if la is not None:
            self._draw_lifting_plate(surface, la)
        if self._won or self._win_anim is not None:
            self._draw_shine(surface, "under")
        base = self._layout_for(self._disp_layer).spacing       # moles, back to front
        size = max(6, int(base * MOLE))
        zoom = self.spacing / base
        for _mid, dm in sorted(self._disp.items(), key=lambda kv: kv[1].uy):
            if dm.hidden or (la is not None and dm.flying):
                continue
            self._draw_mole(surface, dm, size, extra_scale=zoom)
        if la is not None:
            self._draw_flying(surface, la)
        self._draw_targets_over(surface, targets)
        if self._won or self._win_anim is not None:
            self._draw_shine(surface, "over")
        self.draw_marks(surface)
        self.draw_bar(surface)
        if self._disc_anim is not None:
            self._draw_disc_anim(surface)
        self._draw_toasts(surface)
        surface.set_clip(clip)

    # ---- side panel -------------------------------------------------------------------------------
    def status_lines(self) -> list[str]:
        v = self.view
        if v is None:
            return []
        i = v["layer"]
        lines = [texts.status_layer(i, LAYER_COUNT, texts.layer_name(i, v["layers"][i]["name"]))]
        lines.append(texts.holes_filled(*self._holes_filled()))
        if sum(v.get("to_place") or []):
            lines.append(texts.still_to_place(sum(v["to_place"])))
        elif v.get("pending"):
            lines.append(texts.discs_pending(v["pending"], v.get("in_bonus")))
        elif v.get("winner") is not None:
            lines.append(texts.wins([self._name(s) for s in winners(v)]))
        cp = v.get("current_player")
        for s, d in enumerate(v.get("discs") or []):
            # the bar shows the current player's discs; the others' spent discs lie open too
            if s != cp and d.get("face_up"):
                lines.append(texts.spent_discs(self._name(s), sorted(d["face_up"])))
        return lines

    def score_texts(self) -> list[str] | None:
        """The score column: moles left, or "out" for a seat that lost its last mole."""
        v = self.view
        if v is None:
            return None
        out = v.get("eliminated") or []
        hand = v.get("to_place") or []
        return [texts.moles_left(n + (hand[s] if s < len(hand) else 0), s < len(out) and out[s])
                for s, n in enumerate(v.get("moles_left") or [])]


__all__ = ["MolesView"]
