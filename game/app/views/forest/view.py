"""The Forest Gold board: a square forest of face-down tiles, campfires, packs and gold.

Everything is drawn from ``state.view(seat)`` (see ``game/rules/forest/``) and from the events
``apply()`` returns; actions come only from ``legal``. Built on the board kit:
  * ``art.py``: tile backs, the thirteen faces (a symbol each), campfires, pieces, nuggets;
  * ``animation.py``: events to steps with a one-line caption each; ``modes.py``: one mode per
    rules step; ``texts.py``: every sentence shown (through the catalogs).
"""
from __future__ import annotations

import copy
import math

import pygame

from ... import ui
from ...board import KitView, Target, anim, draw
from ...board.cache import CacheSpace
from ...loop.compositor import redrawn
from . import texts
from .animation import ForestAnimation
from .art import face_down_face, nugget_surface, piece_surface, tile_surface
from .common import GAP, PICK, PIECE, board, ink, mix, xy
from .modes import MODES

SLOTS = {1: [(0.56, 0.58)], 2: [(0.3, 0.5), (0.7, 0.5)], 3: [(0.3, 0.35), (0.7, 0.35), (0.5, 0.72)],
         4: [(0.3, 0.3), (0.7, 0.3), (0.3, 0.72), (0.7, 0.72)]}


class ForestView(ForestAnimation, KitView):
    MODES = MODES
    FOCUS_FIRST = ("button", "cell", "piece")

    def __init__(self, game_id: str, seats: list[dict], assets):
        if assets is None:
            from ...assets import Assets
            assets = Assets()
        super().__init__(game_id, seats, assets)
        self._art = CacheSpace("forest", "art", id(self))
        self._disp: dict | None = None
        self._moving: dict = {}
        self._flip = None
        self._tiles: dict | None = None     # the grid picture, see _tile_layer
        self._fade: dict = {}
        self._burst = None
        self.carry = True
        self.cell = 0
        self.origin = (0, 0)
        self._box = pygame.Rect(0, 0, 0, 0)
        self._hover_cell = None

    # ---- layout ---------------------------------------------------------------------------------
    def _on_resize(self) -> None:
        rect = self.rect
        bar_h = int(round(max(56, 80 * self._k)))
        bar_h = min(bar_h, max(40, rect.h // 4))
        self.bar_rect = pygame.Rect(rect.x, rect.bottom - bar_h, rect.w, bar_h)
        self._box = pygame.Rect(rect.x, rect.y, rect.w, rect.h - bar_h)
        self._layout()
        self.invalidate()

    def _layout(self) -> None:
        if self.view is None or not self._box.w:
            return
        n = self.view["size"]
        pad = self._px(10)
        s = max(8, min((self._box.w - 2 * pad) // n, (self._box.h - 2 * pad) // n))
        self.cell = s
        self.origin = (self._box.centerx - s * n // 2, self._box.centery - s * n // 2)

    def cell_rect(self, c) -> pygame.Rect:
        s = self.cell
        return pygame.Rect(self.origin[0] + c[0] * s, self.origin[1] + c[1] * s, s, s)

    def cell_centre(self, c) -> tuple:
        s = self.cell
        return (self.origin[0] + (c[0] + 0.5) * s, self.origin[1] + (c[1] + 0.5) * s)

    def cell_at(self, pos):
        """The tile (x, y) under ``pos``, or None."""
        if self.view is None or not self.cell:
            return None
        n, s = self.view["size"], self.cell
        x, y = (pos[0] - self.origin[0]) // s, (pos[1] - self.origin[1]) // s
        return (int(x), int(y)) if 0 <= x < n and 0 <= y < n else None

    def cell_target(self, kind, key, action) -> Target:
        c = key[1:]
        tip = texts.tile(self._kind_at(c))
        return Target(kind, key, pos=self.cell_centre(c), action=action, radius=PICK * self.cell,
                      tooltip=tip)

    def piece_target(self, pid) -> Target:
        pos = self.piece_pos(pid)
        return Target("piece", ("piece", pid), pos=pos, radius=PIECE * self.cell * 0.8,
                      label=self.piece_name(pid))

    def pointer_left(self) -> None:
        """The pointer left the board or the window: no tile's name stays behind."""
        if self._hover_cell is not None:
            self._hover_cell = None
            self._changed = True
        super().pointer_left()

    def handle_event(self, event):
        if event.type == pygame.MOUSEMOTION:
            cell = self.cell_at(event.pos) if self.view is not None else None
            if cell != self._hover_cell:
                self._hover_cell = cell
                self._changed = True
        return super().handle_event(event)

    def next_click(self, action):
        """Where a player clicks next to make ``action`` (one of ``legal``), or None."""
        route = self.clicks_for(action) if self.legal and not self.animating else None
        if not route:
            return None
        for t in self.get_targets():
            if str(t.key) == route[0]:
                return t.center
        return None

    # ---- view helpers ------------------------------------------------------------------------------
    def _kind_at(self, c) -> str:
        v = self.view
        cell = v["cells"][c[1] * v["size"] + c[0]]
        return "face_down" if cell is None or cell.get("face_down") else cell["kind"]

    def piece_name(self, pid) -> str:
        for p in (self.view or {}).get("pieces", []):
            if p["id"] == pid:
                return texts.piece(p["kind"], self._name(p["seat"]))
        return ""

    def _groups(self, view) -> dict:
        """{(x, y): [piece ids]} of the pieces on the board of ``view``."""
        out: dict = {}
        for p in view["pieces"]:
            if p["at"] is not None:
                out.setdefault(xy(p["at"]), []).append(p["id"])
        return out

    def piece_pos(self, pid, view=None) -> tuple:
        view = view or self.view
        groups = self._groups(view)
        for c, ids in groups.items():
            if pid in ids:
                return self._slot_pos(c, ids, pid)
        return self.cell_centre((0, 0))

    def _slot_pos(self, c, ids: list, pid) -> tuple:
        """Where piece ``pid`` stands on tile ``c`` shared with the pieces ``ids``."""
        slots = SLOTS.get(len(ids)) or [(0.25 + 0.5 * (i % 2), 0.25 + 0.25 * (i // 2)) for i in range(len(ids))]
        fx, fy = slots[min(ids.index(pid), len(slots) - 1)]
        r = self.cell_rect(c)
        return (r.x + fx * r.w, r.y + fy * r.h)

    # ---- state ---------------------------------------------------------------------------------------
    def sync(self, view: dict, legal, seat) -> None:
        old = self.view or {}
        if old.get("size") != view.get("size"):
            self._disp = None
        super().sync(view, legal, seat)
        self._layout()
        self._dirty = True
        if self._disp is None:
            self._reconcile()

    def play(self, events, speed="normal") -> None:
        """Queue the animation of ``events``; it starts from the last synced view, also when
        earlier actions were applied without a frame in between (nothing was reconciled yet)."""
        if self.view is not None and self._dirty and not self.animating:
            self._reconcile()
        super().play(events, speed)

    def _draw_toasts(self, surface) -> None:
        """The captions stand at the top of the forest, or at its foot when the tile that acts
        lies in the upper half, so a caption never hides what it tells about; once the move has
        played they keep off the pieces the person may move now."""
        top = self.caption_top()
        if top is None:
            return
        cx, _top, w = self._toast_anchor()
        self._toasts_box.draw(surface, (cx, top, w), self._px(6))

    def caption_top(self) -> int | None:
        """Where the captions start now (None: none on show); a public hook for tests."""
        items = self._toasts_box.items[:1]        # one toast at a time (the rest wait)
        if not items or self.view is None or not self.cell:
            return None
        cx, top, _w = self._toast_anchor()
        gap = self._px(6)
        n, s = self.view["size"], self.cell
        total = sum(t["surf"].get_height() for t in items) + gap * (len(items) - 1)
        head, foot = top, self.origin[1] + n * s - self._px(8) - total
        row = self._toast_row
        if row is not None and row < n / 2:
            top = foot
        if not self.animating:         # the move has played: keep off the pieces you may move now
            wide = max(t["surf"].get_width() for t in items)
            lit = [self._target_box(t) for t in self.get_targets() if t.enabled and not t.bar]

            def covered(y: int) -> int:
                box = pygame.Rect(int(cx) - wide // 2, y, wide, total)
                return sum(1 for r in lit if box.colliderect(r))
            other = head if top == foot else foot
            if covered(top) > covered(other):
                top = other
        return top

    _toast_row = None

    def _target_box(self, t) -> pygame.Rect:
        """The tile a target stands on (a target has a rect, or a centre on a tile)."""
        if t.rect is not None:
            return pygame.Rect(t.rect)
        box = pygame.Rect(0, 0, self.cell, self.cell)
        box.center = (int(t.pos[0]), int(t.pos[1]))
        return box

    def shown_view(self) -> dict | None:
        """The view as it is drawn now (tests: after the animation it is the synced view)."""
        return self._disp

    # ---- the bar --------------------------------------------------------------------------------------
    def idle_instruction(self) -> str:
        v = self.view or {}
        return texts.winner(v.get("winners") or [], self.ctx())

    def names(self) -> list:
        return [self._name(s) for s in range((self.view or {}).get("players", 0))]

    def ctx(self):
        """What the event sentences need: the seats' names."""
        return texts.ctx_for(self.names())

    def seat_token(self, seat: int, size: int):
        return piece_surface(self._art, "canine", self._palette(seat), size)

    def enter_default(self, targets):
        bar = [t for t in targets if t.bar and t.action is not None]
        return bar[0] if len(bar) == 1 and len(targets) == 1 else None

    # ---- drawing ----------------------------------------------------------------------------------------
    def move_places(self, ev: dict) -> list:
        """The tiles a rules event touched, for the kit's last-move marks."""
        kind = ev.get("type")
        if kind in ("step", "move_camp") and ev.get("frm") is not None:
            a, b = tuple(ev["frm"]), tuple(ev["to"])
            return [("from", a, self.cell_rect(a)), ("to", b, self.cell_rect(b))]
        if kind == "camp":
            return [("to", tuple(ev["cell"]), self.cell_rect(tuple(ev["cell"])))]
        if kind in ("reveal", "pick_up", "drop") and ev.get("at") is not None:
            return [("at", tuple(ev["at"]), self.cell_rect(tuple(ev["at"])))]
        return []

    def draw(self, surface) -> None:
        if self.rect is None or self.view is None or not self._box.w:
            return
        if self._dirty and not self.animating:
            self._reconcile()
        d = self._disp or self.view
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        n, s = d["size"], self.cell
        frame = pygame.Rect(self.origin[0], self.origin[1], n * s, n * s).inflate(self._px(12), self._px(12))
        pygame.draw.rect(surface, board("felt_dark"), frame, border_radius=self._px(10))
        pygame.draw.rect(surface, ink(), frame, max(1, self._px(2)), border_radius=self._px(10))
        ts = max(4, int(s * (1 - GAP)))
        off = (s - ts) // 2
        flip_at = self._flip[0] if self._flip else None
        surface.blit(self._tile_layer(d, n, s, ts, off, flip_at), self.origin)
        if flip_at is not None:
            self._draw_flip(surface, self.cell_rect(flip_at), ts, off)
        self._draw_nuggets(surface, d, ts)
        targets = [t for t in self.get_targets() if not t.bar]
        self._draw_lit(surface, targets)
        self._draw_pieces(surface, d)
        self._draw_stores(surface, d, ts)
        self._draw_burst(surface)
        self._draw_focus(surface, targets)
        self._draw_hover(surface, d)
        self.draw_marks(surface)
        self.draw_bar(surface)
        self._draw_toasts(surface)
        surface.set_clip(clip)

    def _tile_layer(self, d, n, s, ts, off, flip_at):
        """The grid of tiles as one picture, drawn again only where a tile changed (one
        blit a frame instead of one per tile; ``redrawn`` tells the compositor which part).
        The tile turning over is left out: ``_draw_flip`` draws it."""
        cells = d["cells"]
        felt = tuple(board("felt_dark"))
        seats = tuple(str(self._palette(i).get("rgb")) for i in range(len(self.seats or ())))
        geom = (n, s, ts, off, felt)
        t = self._tiles
        if t is None or t["geom"] != geom:
            surf = pygame.Surface((n * s, n * s))
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                surf = surf.convert()
            surf.fill(felt)
            t = self._tiles = {"geom": geom, "surf": surf, "imgs": [None] * (n * n),
                               "cells": None, "flip": None, "seats": None}
        elif t["flip"] == flip_at and t["seats"] == seats and t["cells"] == cells:
            return t["surf"]
        surf, imgs = t["surf"], t["imgs"]
        for i, cell in enumerate(cells):
            c = (i % n, i // n)
            img = None if c == flip_at else self._tile_img(cell, ts)
            if img is imgs[i] and img is not None:
                continue
            r = pygame.Rect(c[0] * s + off, c[1] * s + off, ts, ts)
            surf.fill(felt, r)
            if img is not None:
                surf.blit(img, r.topleft)
            imgs[i] = img           # kept: no new picture can take its identity
            redrawn(surf, r)
        t["cells"], t["flip"], t["seats"] = copy.deepcopy(cells), flip_at, seats
        return surf

    def _tile_img(self, cell, ts):
        if cell is None:
            return tile_surface(self._art, "face_down", ts)
        kind = cell["kind"]
        if cell.get("face_down"):       # everything open (a replay): the face, dimmed
            return face_down_face(self._art, kind, ts, cell)
        if kind == "campfire":
            rgb = self._palette(cell["seat"]).get("rgb")
            return tile_surface(self._art, "campfire", ts, None, tuple(pygame.Color(rgb))[:3] if isinstance(rgb, str) else rgb)
        return tile_surface(self._art, kind, ts, cell)

    def _draw_flip(self, surface, r, ts, off) -> None:
        at, p, ev = self._flip
        face = self._final_cell(at) or {"kind": ev.get("kind", "empty")}
        img = self._tile_img(None, ts) if p < 0.5 else self._tile_img(face, ts)
        w = max(1, int(ts * abs(math.cos(p * math.pi))))
        img = pygame.transform.smoothscale(img, (w, ts))
        surface.blit(img, (r.x + off + (ts - w) // 2, r.y + off))

    def _draw_nuggets(self, surface, d, ts) -> None:
        size = max(6, int(ts * 0.26))
        img = nugget_surface(self._art, size)
        for x, y, count in d["loose"]:
            if count <= 0:
                continue
            r = self.cell_rect((x, y))
            for j in range(min(count, 5)):
                surface.blit(img, (r.right - size - int(ts * 0.06) - j * size // 3, r.y + int(ts * 0.06) + j * 2))
            if count > 1:
                pill = draw.pill(self.assets, str(count), max(9, int(size * 0.8)), board("paper"))
                surface.blit(pill, pill.get_rect(topright=(r.right - 2, r.y + size)))
        for i, cell in enumerate(d["cells"]):
            if not cell:
                continue
            r = self.cell_rect((i % d["size"], i // d["size"]))
            if cell["kind"] == "swamp":
                nb = int(cell.get("bumps", 2))
                for b, cnt in enumerate(cell.get("bump_nuggets") or []):
                    if cnt:
                        x = r.x + r.w * (0.5 + (b - (nb - 1) / 2) * 0.2) - size // 2
                        surface.blit(img, (int(x), int(r.y + r.h * 0.58)))

    def _draw_stores(self, surface, d, ts) -> None:
        """Each campfire's stored nuggets: a nugget and the count, on top of its pieces."""
        size = max(8, int(ts * 0.3))
        img = nugget_surface(self._art, size)
        for seat, camp in enumerate(d["camps"]):
            if camp is None:
                continue
            r = self.cell_rect(xy(camp))
            pill = draw.pill(self.assets, str(len(d["stored"][seat])), max(10, int(ts * 0.22)), board("paper"))
            x, y = r.x + int(ts * 0.02), r.bottom - pill.get_height() - int(ts * 0.02)
            surface.blit(pill, (x + size // 2, y))
            surface.blit(img, (x, y + (pill.get_height() - size) // 2))

    def _draw_burst(self, surface) -> None:
        """A ring that widens and fades where something happens (an attack, a trap, gold)."""
        if self._burst is None:
            return
        at, p, kind = self._burst
        gold = kind in ("store", "pick_up", "nuggets", "rob", "reinforce", "free")
        col = board("glow") if gold else board("insect_ladybug")
        cx, cy = self.cell_centre(at)
        r = int(self.cell * (0.3 + 0.45 * anim.ease_out_cubic(p)))
        w = max(1, int(self.cell * 0.08 * (1 - p)) + 1)
        pygame.draw.circle(surface, col, (int(cx), int(cy)), r, w)
        if not gold:
            pygame.draw.circle(surface, ink(), (int(cx), int(cy)), r + w, 1)

    def _draw_hover(self, surface, d) -> None:
        """The name of the tile under the pointer, just above it."""
        c = self._hover_cell
        if self.focus.keyboard:
            t = self.focus.current(self.get_targets())
            c = tuple(t.key[1:]) if t is not None and t.kind == "cell" else None
        if c is None or self.animating or c[0] >= d["size"] or c[1] >= d["size"]:
            return
        cell = d["cells"][c[1] * d["size"] + c[0]]
        name = texts.tile_name(cell, d)
        px = self._px(15)
        lines = ui.wrap(name, self.assets.font(px, True), self.rect.w - self._px(40)) or [name]
        r = self.cell_rect(c)
        bottom = r.y + self._px(4)
        for line in reversed(lines):        # a long name (what lies under the campfires) wraps
            pill = draw.pill(self.assets, line, px, board("paper"))
            rect = pill.get_rect(midbottom=(r.centerx, bottom))
            rect.clamp_ip(self.rect)
            surface.blit(pill, rect)
            bottom = rect.y

    def _draw_lit(self, surface, targets) -> None:
        if not targets:
            return
        glow = anim.pulse(self._ambient_time())
        col = board("glow")
        w = max(2, int(self.cell * (0.05 + 0.03 * glow)))
        for t in targets:
            if t.kind == "cell":
                r = self.cell_rect(t.key[1:]).inflate(-self._px(2), -self._px(2))
                pygame.draw.rect(surface, col, r, w, border_radius=max(2, self.cell // 7))
                pygame.draw.circle(surface, col, (int(r.centerx), int(r.centery)), max(3, self.cell // 10))
                pygame.draw.circle(surface, ink(), (int(r.centerx), int(r.centery)), max(3, self.cell // 10), 1)
            elif t.kind == "piece":
                pygame.draw.circle(surface, col, (int(t.pos[0]), int(t.pos[1])), int(t.radius * 1.15), w)

    def _draw_focus(self, surface, targets) -> None:
        for t in targets:
            if self.focus.is_hot(t.key):
                if t.kind == "cell":
                    draw.focus_ring(surface, self.cell_rect(t.key[1:]), self._k)
                else:
                    draw.focus_circle(surface, (int(t.pos[0]), int(t.pos[1])), int(t.radius * 1.3),
                                      max(2, self._px(3)))

    def _draw_pieces(self, surface, d) -> None:
        groups = self._groups(d)
        pieces = {q["id"]: q for q in d["pieces"]}
        for c, ids in groups.items():
            one = len(ids) == 1
            size = max(8, int(self.cell * (0.62 if one else 0.5)))
            for pid in ids:
                p = pieces[pid]
                pos = self._slot_pos(c, ids, pid)
                mv = self._moving.get(pid)
                lift = 0.0
                if mv is not None:
                    a, b, t, hop = mv
                    e = anim.ease_in_out(t)
                    ca, cb = self.cell_centre(a), self.cell_centre(b)
                    pos = (anim.lerp(ca[0], cb[0], e), anim.lerp(ca[1], cb[1], e))
                    lift = math.sin(math.pi * t) * self.cell * (0.25 if hop else 0.12)
                if p.get("bump", -1) >= 0 and mv is None:
                    cell = d["cells"][c[1] * d["size"] + c[0]] or {}
                    nb = int(cell.get("bumps", 2))
                    r = self.cell_rect(c)
                    pos = (r.x + r.w * (0.5 + (p["bump"] - (nb - 1) / 2) * 0.2), r.y + r.h * 0.5)
                img = piece_surface(self._art, p["kind"], self._palette(p["seat"]), size)
                fade = self._fade.get(pid)
                if fade is not None:
                    img = img.copy()
                    img.set_alpha(int(255 * (1 - fade)))
                rect = img.get_rect(center=(int(pos[0]), int(pos[1] - lift)))
                if pid == self.selected and self.legal:
                    halo = draw.glow(size // 2 + self._px(6), board("glow"), 170)
                    surface.blit(halo, halo.get_rect(center=rect.center))
                surface.blit(img, rect)
                if p.get("trapped"):
                    pygame.draw.circle(surface, board("insect_caterpillar"), rect.center, size // 2, max(2, size // 10))
                if p.get("carry"):
                    ns = max(6, size // 3)
                    surface.blit(nugget_surface(self._art, ns), (rect.right - ns, rect.bottom - ns))

    # ---- side panel ---------------------------------------------------------------------------------------
    def status_lines(self) -> list[str]:
        v = self.view
        if v is None:
            return []
        lines = [texts.status_round(min(v["round"], v["round_cap"]), v["round_cap"]),
                 texts.status_goal(v.get("variant") or "race", v.get("target", 0)),
                 texts.status_face_down(v.get("face_down", 0), bool(v.get("open")))]
        teams = v.get("teams") or []
        if len(set(teams)) < len(teams):
            # the panel keeps room for three lines: with alliances the goal and the two
            # teams' gold come first (who plays with whom is what a new player needs most)
            team_lines = []
            for team in sorted(set(teams)):
                seats = [s for s in range(v["players"]) if teams[s] == team]
                team_lines.append(texts.status_team([self._name(s) for s in seats],
                                                    sum(len(v["stored"][s]) for s in seats)))
            lines = [lines[1]] + team_lines + [lines[0], lines[2]]
        return lines

    def score_texts(self):
        v = self.view
        if v is None:
            return None
        return [texts.score(len(v["stored"][s])) for s in range(v["players"])]

    def _ambient(self) -> bool:
        return super()._ambient()


__all__ = ["ForestView", "mix"]
