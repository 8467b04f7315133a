"""Hamster Burrow: the pictures: icons, crosses, die faces, tiles, and the static sheet (walls,
chambers, tunnels, badges, the 1-row and timer strip) rendered once per size."""
from __future__ import annotations

import math
import random

import pygame

from ... import ui
from ....i18n import get_language
from ...board import draw
from ...loop.compositor import redrawn
from . import texts
from .common import (AMBER, CROSS_VARIANTS, EARTH, EARTH_DARK, FLOOR, FLOOR_START, GOLD, GREEN, INK, PAPER,
                     TUNNEL, WALL, _mix)


class HamsterArt:
    def _image(self, name: str, size: int):
        """``sprites/<name>`` at a square size (cached by Assets), or None to draw a stand-in."""
        return self.assets.image(name, (size, size))

    def icon(self, kind: str, size: int):
        """A nut, mushroom, hourglass or hamster sprite, or a drawn stand-in.  Every icon the
        screen draws is asked for here (tests wrap it to see which were drawn)."""
        size = max(4, int(size))
        key = ("icon", kind, size)
        img = self._sprites.get(key)
        if img is not None:
            return img
        img = self._image(f"hamster/{kind}.svg", size)
        if img is None:
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            c = size // 2
            if kind == "nut":
                pygame.draw.ellipse(img, ui.board_colour("nut_fallback"), (size * 0.18, size * 0.25, size * 0.64, size * 0.68))
                pygame.draw.ellipse(img, ui.board_colour("nut_cap_fallback"), (size * 0.15, size * 0.12, size * 0.7, size * 0.3))
            elif kind == "mushroom":
                pygame.draw.rect(img, ui.board_colour("mushroom_stem"), (size * 0.38, size * 0.5, size * 0.24, size * 0.4))
                pygame.draw.ellipse(img, ui.board_colour("mushroom_cap"), (size * 0.1, size * 0.15, size * 0.8, size * 0.5))
            else:
                pygame.draw.circle(img, ui.board_colour("coin_fallback"), (c, c), int(size * 0.4))
        self._sprites[key] = img
        return img

    def _cross_sprite(self, variant: int, size: int, colour=INK):
        """A pencil cross with slightly irregular strokes (pre-rendered, ``variant`` 0..5)."""
        size = max(4, int(size))
        key = ("cross", variant, size, tuple(colour))
        img = self._sprites.get(key)
        if img is not None:
            return img
        ss = 3  # draw big, then smooth-scale down: soft pencil edges
        S = size * ss
        big = pygame.Surface((S, S), pygame.SRCALPHA)
        rng = random.Random(911 + variant * 37)
        for stroke in range(2):
            if stroke == 0:
                a = (S * rng.uniform(0.12, 0.22), S * rng.uniform(0.12, 0.22))
                b = (S * rng.uniform(0.78, 0.88), S * rng.uniform(0.80, 0.90))
            else:
                a = (S * rng.uniform(0.78, 0.88), S * rng.uniform(0.10, 0.20))
                b = (S * rng.uniform(0.12, 0.22), S * rng.uniform(0.80, 0.90))
            bend = rng.uniform(-0.06, 0.06) * S
            dx, dy = b[0] - a[0], b[1] - a[1]
            ln = math.hypot(dx, dy) or 1
            nx, ny = -dy / ln, dx / ln
            w0 = S * rng.uniform(0.11, 0.135)
            n = 28
            for i in range(n + 1):
                t = i / n
                off = bend * math.sin(math.pi * t) + S * 0.008 * math.sin(t * 9 + variant)
                x = a[0] + dx * t + nx * off
                y = a[1] + dy * t + ny * off
                # pencil pressure: thin at the start, heavy in the middle, lifting off at the end
                w = w0 * (0.55 + 0.45 * math.sin(math.pi * min(1.0, t * 1.15 + 0.05)))
                pygame.draw.circle(big, (*colour, 235), (x, y), max(1.0, w / 2))
        img = draw.convert(pygame.transform.smoothscale(big, (size, size)))
        self._sprites[key] = img
        return img

    def _die_face(self, value: int, size: int, tint=None):
        size = max(8, int(size))
        key = ("die", value, size, tint)
        img = self._sprites.get(key)
        if img is not None:
            return img
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        r = img.get_rect().inflate(-2, -2)
        rad = max(3, size // 5)
        pygame.draw.rect(img, (0, 0, 0, 70), r.move(max(1, size // 24), max(1, size // 18)), border_radius=rad)
        face = tint or ui.board_colour("die_face")
        pygame.draw.rect(img, face, r, border_radius=rad)
        pygame.draw.rect(img, ui.board_colour("die_edge"), r, width=max(1, size // 20), border_radius=rad)
        pip = max(2, int(size * 0.09))
        q = size * 0.27
        cx = cy = size / 2
        spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}.get(int(value), [])
        for sx, sy in spots:
            pygame.draw.circle(img, ui.board_colour("ink"), (cx + sx * q, cy + sy * q), pip)
        img = draw.convert(img)
        self._sprites[key] = img
        return img

    def _tile(self, kind: str, c: int):
        """Translucent cell overlays for the preview: lit / green / amber / cursor."""
        key = ("tile", kind, c)
        img = self._sprites.get(key)
        if img is None:
            img = pygame.Surface((c, c), pygame.SRCALPHA)
            r = img.get_rect().inflate(-max(2, c // 10), -max(2, c // 10))
            w = max(2, c // 14)
            if kind == "lit":
                pygame.draw.rect(img, (*ui.colour("highlight"), 70), r, border_radius=c // 6)
                pygame.draw.rect(img, (*_mix(ui.colour("highlight"), AMBER, 0.3), 230), r, width=w,
                                 border_radius=c // 6)
            elif kind in ("green", "amber"):
                col = GREEN if kind == "green" else AMBER
                pygame.draw.rect(img, (*col, 120), r, border_radius=c // 6)
                pygame.draw.rect(img, (*_mix(col, (0, 0, 0), 0.25), 255), r, width=w + 1, border_radius=c // 6)
            elif kind == "cursor":
                rr = img.get_rect().inflate(-2, -2)
                pygame.draw.rect(img, (*ui.colour("accent"), 255), rr, width=max(3, c // 10), border_radius=c // 5)
            elif kind == "hover":
                pygame.draw.rect(img, (*ui.colour("highlight"), 110), r, border_radius=c // 6)
                pygame.draw.rect(img, (*ui.colour("highlight"), 255), r, width=w + 1, border_radius=c // 6)
            elif kind == "full":
                pygame.draw.rect(img, (*GOLD, 120), img.get_rect(), border_radius=c // 5)
            img = draw.convert(img)
            self._sprites[key] = img
        return img

    def _static_sheet(self, c: int, thumb: bool = False):
        """The empty burrow grid at cell size ``c`` (grid-local, cols*c x rows*c)."""
        key = ("static", c, thumb)
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        cols, rows = self._cols, self._rows
        surf = pygame.Surface((cols * c, rows * c))
        surf.fill(EARTH)
        rng = random.Random(4004 + c)
        if not thumb:
            # soil texture: pebbles and roots in the rock
            for _ in range(int(cols * rows * 1.6)):
                x, y = rng.uniform(0, cols * c), rng.uniform(0, rows * c)
                rr = max(1.0, c * rng.uniform(0.03, 0.08))
                shade = _mix(EARTH, (0, 0, 0), 0.22) if rng.random() < 0.6 else _mix(EARTH, (255, 230, 190), 0.15)
                pygame.draw.ellipse(surf, shade, (x - rr, y - rr * 0.7, rr * 2, rr * 1.4))
            for _ in range(max(3, cols // 2)):
                x, y = rng.uniform(0, cols * c), rng.uniform(0, rows * c)
                pts = [(x, y)]
                for _ in range(5):
                    x += c * rng.uniform(0.1, 0.3)
                    y += c * rng.uniform(-0.12, 0.2)
                    pts.append((x, y))
                pygame.draw.lines(surf, _mix(EARTH, ui.board_colour("earth_deep"), 0.3), False, pts, max(1, c // 28))
        inset = max(1, int(c * (0.08 if not thumb else 0.06)))
        edge = max(1, int(c * 0.045)) if not thumb else 0
        rad = max(0, int(c * 0.28))
        # tunnels under the rooms: the passage across the earth between two doorway cells
        tw = max(2, int(c * (0.34 if not thumb else 0.4)))
        for ca, a, cb, b in self._tunnels:
            pa = ((a[0] + 0.5) * c, (a[1] + 0.5) * c)
            pb = ((b[0] + 0.5) * c, (b[1] + 0.5) * c)
            if not thumb:
                pygame.draw.line(surf, WALL, pa, pb, tw + max(2, int(c * 0.1)))
            pygame.draw.line(surf, TUNNEL, pa, pb, tw)
        # rooms: cells inset where a wall is, rounded at convex corners
        for cid, ch in self._chambers.items():
            cells = set(ch["cells"])
            floor = FLOOR_START if ch["start"] else FLOOR
            for layer, col in (((0, WALL),) if edge else ()) + ((edge, floor),):
                for (x, y) in cells:
                    t = (x, y - 1) not in cells
                    b = (x, y + 1) not in cells
                    le = (x - 1, y) not in cells
                    ri = (x + 1, y) not in cells
                    m = inset + layer
                    r = pygame.Rect(x * c + (m if le else 0), y * c + (m if t else 0), 0, 0)
                    r.w = (x + 1) * c - (m if ri else 0) - r.x
                    r.h = (y + 1) * c - (m if b else 0) - r.y
                    rr = max(0, rad - layer)
                    pygame.draw.rect(surf, col, r,
                                     border_top_left_radius=rr if (t and le) else 0,
                                     border_top_right_radius=rr if (t and ri) else 0,
                                     border_bottom_left_radius=rr if (b and le) else 0,
                                     border_bottom_right_radius=rr if (b and ri) else 0)
            if not thumb:
                # the floor's cell lines, so cells can be counted
                line = _mix(floor, ui.board_colour("floor_line"), 0.28)
                for (x, y) in cells:
                    if (x + 1, y) in cells:
                        X = (x + 1) * c
                        pygame.draw.line(surf, line, (X, y * c + c * 0.16), (X, (y + 1) * c - c * 0.16), max(1, c // 30))
                    if (x, y + 1) in cells:
                        Y = (y + 1) * c
                        pygame.draw.line(surf, line, (x * c + c * 0.16, Y), ((x + 1) * c - c * 0.16, Y), max(1, c // 30))
                # a little floor grain
                for (x, y) in cells:
                    for _ in range(2):
                        px, py = x * c + rng.uniform(0.2, 0.8) * c, y * c + rng.uniform(0.2, 0.8) * c
                        pygame.draw.circle(surf, _mix(floor, ui.board_colour("floor_grain"), 0.2), (px, py), max(1, c // 30))
        # doorways: where a tunnel enters its cell
        for ca, a, cb, b in self._tunnels:
            for p, q in ((a, b), (b, a)):
                cx, cy = (p[0] + 0.5) * c, (p[1] + 0.5) * c
                dx, dy = q[0] - p[0], q[1] - p[1]
                ln = math.hypot(dx, dy) or 1
                ux, uy = dx / ln, dy / ln
                end = (cx + ux * c * 0.62, cy + uy * c * 0.62)
                start = (cx + ux * c * 0.30, cy + uy * c * 0.30)
                if not thumb:
                    pygame.draw.line(surf, _mix(TUNNEL, WALL, 0.55), start, end, tw + max(2, int(c * 0.06)))
                pygame.draw.line(surf, TUNNEL, start, end, tw)
                if not thumb:
                    pygame.draw.circle(surf, _mix(TUNNEL, WALL, 0.55), start, tw / 2 + max(1, c * 0.03))
                    pygame.draw.circle(surf, _mix(TUNNEL, (255, 255, 255), 0.1), start, tw / 2)
        # mushrooms and nuts
        isz = int(c * (0.66 if not thumb else 0.8))
        for kind, cells in (("mushroom", self._mushrooms), ("nut", self._nuts)):
            if thumb:
                col = ui.board_colour("mushroom") if kind == "mushroom" else ui.board_colour("nut")
                for (x, y) in cells:
                    pygame.draw.circle(surf, col, ((x + 0.5) * c, (y + 0.5) * c), max(1, c * 0.3))
                continue
            img = self.icon(kind, isz)
            for (x, y) in cells:
                surf.blit(img, img.get_rect(center=(int((x + 0.5) * c), int((y + 0.52) * c))))
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        self._cache[key] = surf
        return surf

    def _badges(self, c: int) -> list:
        """Chamber points in gold badges (grid-local, drawn over the crosses): one small picture
        and its place per chamber, not a layer the size of the sheet (2 MB at 1920x1080)."""
        key = ("badges", c)
        got = self._cache.get(key)
        if got is not None:
            return got
        inset = max(1, int(c * 0.08))
        bs = max(8, int(c * 0.44))
        fpx = max(7, int(c * 0.27))
        pieces = []
        for cid, ch in self._chambers.items():
            if not ch["cells"]:
                continue
            x, y = min(ch["cells"], key=lambda p: (p[1], p[0]))
            cx, cy = x * c + inset + bs * 0.36, y * c + inset + bs * 0.36
            t = self.assets.font(fpx, True).render(str(ch["points"]), True, ui.colour("text_dark"))
            trect = t.get_rect(center=(int(cx), int(cy)))
            r = bs / 2 + 1
            area = pygame.Rect(int(cx - r) - 2, int(cy - r) - 2, int(2 * r) + 6, int(2 * r) + 7).union(trect)
            ox, oy = area.topleft
            img = pygame.Surface(area.size, pygame.SRCALPHA)
            pygame.draw.circle(img, WALL, (cx - ox, cy + 1 - oy), bs / 2 + 1)
            pygame.draw.circle(img, GOLD, (cx - ox, cy - oy), bs / 2)
            pygame.draw.circle(img, _mix(GOLD, WALL, 0.5), (cx - ox, cy - oy), bs / 2, max(1, c // 28))
            img.blit(t, trect.move(-ox, -oy))
            pieces.append((draw.convert(img), (ox, oy)))
        self._cache[key] = pieces
        return pieces

    def _blit_badges(self, surf, c: int, origin=(0, 0)) -> None:
        ox, oy = origin
        for img, (x, y) in self._badges(c):
            surf.blit(img, (ox + x, oy + y))

    def _row_geometry(self, c: int):
        """Rects (grid-local) of the 1-row slots, the hourglass and the timer boxes."""
        key = ("rowgeo", c)
        got = self._cache.get(key)
        if got is not None:
            return got
        y = self._rows * c + int(c * 0.5)
        count = self._one_row + 1 + self._timer_len
        room = self._cols * c - c * 2.6
        s = int(min(c * 0.78, room / (count * 1.16)))
        gap = max(2, int(s * 0.16))
        x = int(c * 1.05)
        slots = []
        for i in range(self._one_row):
            slots.append(pygame.Rect(x, y, s, s))
            x += s + gap
        x += int(c * 0.3)
        hour = pygame.Rect(x + int(c * 0.9), y, s, s)
        x = hour.right + gap
        boxes = []
        for i in range(self._timer_len):
            boxes.append(pygame.Rect(x, y, s, s))
            x += s + gap
        got = (slots, hour, boxes)
        self._cache[key] = got
        return got

    def _strip_static(self, c: int):
        """The 1-row and timer labels and empty boxes (grid-local, below the grid)."""
        key = ("strip", c, get_language())
        got = self._cache.get(key)
        if got is not None:
            return got
        slots, hour, boxes = self._row_geometry(c)
        w = self._cols * c
        h = int(c * 1.3)
        y0 = self._rows * c
        surf = pygame.Surface((w, h), pygame.SRCALPHA)

        def loc(r):
            return r.move(0, -y0)
        lab_px = max(7, int(c * 0.26))
        die = self._die_face(1, int(c * 0.62))
        surf.blit(die, die.get_rect(center=(int(c * 0.55), loc(slots[0]).centery if slots else c)))
        t = self._text(texts.one_row(), lab_px, ui.colour("text_muted"), True)
        if slots:
            surf.blit(t, (slots[0].x, loc(slots[0]).y - t.get_height() - 1))
        bw = max(1, c // 18)
        for r in slots:
            r = loc(r)
            pygame.draw.rect(surf, PAPER, r, border_radius=max(2, c // 8))
            pygame.draw.rect(surf, WALL, r, width=bw + 1, border_radius=max(2, c // 8))
        hr = loc(hour)
        t = self._text(texts.timer(), lab_px, ui.colour("text_muted"), True)
        surf.blit(t, (hr.x - int(c * 0.9), hr.y - t.get_height() - 1))
        hg = self.icon("hourglass", int(c * 0.78))
        surf.blit(hg, hg.get_rect(center=(hr.x - int(c * 0.45), hr.centery)))
        pygame.draw.rect(surf, PAPER, hr, border_radius=max(2, c // 8))
        pygame.draw.rect(surf, WALL, hr, width=bw + 1, border_radius=max(2, c // 8))
        small_h = self.icon("hourglass", int(c * 0.56))
        small_h = small_h.copy()
        small_h.set_alpha(110)
        surf.blit(small_h, small_h.get_rect(center=hr.center))
        for r in boxes:
            r = loc(r)
            pygame.draw.rect(surf, PAPER, r, border_radius=max(2, c // 8))
            pygame.draw.rect(surf, WALL, r, width=bw + 1, border_radius=max(2, c // 8))
        self._cache[key] = surf
        return surf

    def _variant(self, cell, seat) -> int:
        return (cell[0] * 73856093 ^ cell[1] * 19349663 ^ (seat + 1) * 83492791) % CROSS_VARIANTS

    def _sheet_surface(self, seat: int):
        """The big sheet of ``seat`` with its displayed crosses, 1-row and timer, baked into the
        paper's opaque core (one fast blit a frame).  Drawn again in the same surface when they
        change, and then only the cells crossed or uncrossed (or the strip of the 1-row and the
        timer): a new surface of the core's size cost the first touch of all its pages, and a
        whole new sheet to put on screen, at every cross."""
        c = self._c
        crosses = frozenset(self._disp_crosses.get(seat, set()))
        row = self._disp_row.get(seat, 0)
        key = ("sheet", seat, c, crosses, row, self._disp_timer, self._sheet_key, get_language())
        got = self._cache.get("sheet_cur")
        if got is not None and got[0] == key:
            return got[1]
        self._paper_pieces()
        base = self._static_sheet(c)
        strip = self._strip_static(c)
        w = max(base.get_width(), strip.get_width())
        h = base.get_height() + strip.get_height()
        core = self._cache.get(("paper_core", self._main.size, self._main.topleft))
        if core is not None and self._sheet_in_place(core[0]):
            img, cpos = core
            gx, gy = self._grid_org[0] - cpos[0], self._grid_org[1] - cpos[1]
            if gx >= 0 and gy >= 0 and gx + w <= img.get_width() and gy + h <= img.get_height():
                full = self._sheet_in_core(img, (gx, gy, w, h), key, seat, base, strip)
                self._cache["sheet_cur"] = (key, (full, cpos))
                return full, cpos
        surf = pygame.Surface((w, h))          # opaque: one fast blit per frame
        self._paint_sheet(surf, seat, crosses, row, base, strip)
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        # bake it into the paper's opaque core: the frame then needs one big blit, not two
        pos = self._grid_org
        if core is not None:
            img, cpos = core
            gx, gy = self._grid_org[0] - cpos[0], self._grid_org[1] - cpos[1]
            if gx >= 0 and gy >= 0 and gx + surf.get_width() <= img.get_width() \
                    and gy + surf.get_height() <= img.get_height():
                full = img.copy()
                full.blit(surf, (gx, gy))
                surf, pos = full, cpos
        self._cache["sheet_cur"] = (key, (surf, pos))
        return surf, pos

    @staticmethod
    def _sheet_in_place(core) -> bool:
        """Whether the sheet may be drawn straight into a copy of the paper's core: it has the
        format a new opaque surface has (the one the sheet was drawn in and converted from)."""
        plain = pygame.Surface((1, 1))
        return core.get_bitsize() == plain.get_bitsize() and core.get_masks()[:3] == plain.get_masks()[:3]

    def _sheet_in_core(self, core, area, key, seat, base, strip):
        """The paper's ``core`` with the sheet drawn in ``area``, in place (a copy of the core
        was 3 MB more at 1920x1080, and nothing but the sheet ever differed from it: every
        sheet covers all of ``area``); the last sheet drawn there is kept and only what
        changed since is drawn again."""
        kept = getattr(self, "_sheet_kept", None)
        gx, gy, w, h = area
        crosses, row = key[3], key[4]
        if kept is None or kept["full"] is not core or kept["area"] != area:
            full = core
            self._paint_sheet(full.subsurface(area), seat, crosses, row, base, strip)
            redrawn(full)
            self._sheet_kept = {"area": area, "full": full, "key": key}
            return full
        full, old = kept["full"], kept["key"]
        sub = full.subsurface(area)
        c = self._c
        if old[:3] + old[6:] != key[:3] + key[6:]:         # another seat, size or language
            self._paint_sheet(sub, seat, crosses, row, base, strip)
            redrawn(full)
        else:
            parts = [pygame.Rect(x * c, y * c, c, c) for x, y in old[3] ^ crosses]
            if old[4:6] != key[4:6]:                        # the 1-row or the timer
                parts.append(pygame.Rect(0, base.get_height(), w, h - base.get_height()))
            if len(parts) > 6:
                parts = [sub.get_rect()]
            for part in parts:
                self._paint_sheet(sub, seat, crosses, row, base, strip, clip=part)
                redrawn(full, part.move(gx, gy))
        kept["key"] = key
        return full

    def _paint_sheet(self, surf, seat, crosses, row, base, strip, clip=None) -> None:
        """The sheet of ``seat`` on ``surf`` (grid-local): the earth, the empty grid, the strip,
        the crosses, the badges, the 1-row and the timer; only within ``clip`` if given."""
        c = self._c
        surf.set_clip(clip)
        surf.fill(EARTH_DARK)
        surf.blit(base, (0, 0))
        surf.blit(strip, (0, base.get_height()))
        cs = int(c * 0.86)
        off = (c - cs) // 2
        for cell in crosses:
            surf.blit(self._cross_sprite(self._variant(cell, seat), cs), (cell[0] * c + off, cell[1] * c + off))
        self._blit_badges(surf, c)
        slots, hour, boxes = self._row_geometry(c)
        rs = int(slots[0].w * 0.9) if slots else cs
        for i, r in enumerate(slots[:row]):
            surf.blit(self._cross_sprite((i + seat) % CROSS_VARIANTS, rs), r.move((r.w - rs) // 2, (r.h - rs) // 2))
        active, crossed, circled, pss = self._disp_timer
        solo = int((self.view or {}).get("players", 1)) == 1
        if solo and pss != 2:
            if active:
                pygame.draw.ellipse(surf, INK, hour.inflate(-max(2, hour.w // 8), -max(2, hour.h // 8)),
                                    max(2, c // 16))
        elif active:
            surf.blit(self._cross_sprite(3, rs), hour.move((hour.w - rs) // 2, (hour.h - rs) // 2))
        for i, r in enumerate(boxes):
            if i < circled:
                pygame.draw.ellipse(surf, INK, r.inflate(-max(2, r.w // 8), -max(2, r.h // 8)), max(2, c // 16))
            if i < crossed:
                surf.blit(self._cross_sprite((i + 2) % CROSS_VARIANTS, rs), r.move((r.w - rs) // 2, (r.h - rs) // 2))
        surf.set_clip(None)

    def _thumb_surface(self, seat: int, cell: int):
        v = self.view
        crosses = self._disp_crosses.get(seat)
        if crosses is None:
            crosses = self.crossed(seat)
        key = (frozenset(crosses), cell, self._sheet_key)
        ck = ("thumb", seat)
        got = self._cache.get(ck)
        if got is not None and got[0] == key:
            return got[1]
        base = self._static_sheet(cell, thumb=True)
        surf = base.copy()
        w = max(1, cell // 6)
        for (x, y) in crosses:
            r = pygame.Rect(x * cell, y * cell, cell, cell).inflate(-max(2, cell // 3), -max(2, cell // 3))
            pygame.draw.line(surf, INK, r.topleft, r.bottomright, w + 1)
            pygame.draw.line(surf, INK, r.topright, r.bottomleft, w + 1)
        del v
        self._cache[ck] = (key, surf)
        return surf

