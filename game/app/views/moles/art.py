"""Mole Dig's static art: the layer plates (lattice, holes, big spaces, texture), the stack
under them, and the layer indicator with its legend; rendered once per layer and size into the
kit's surface cache."""
from __future__ import annotations

import math
import random

import pygame

from ....i18n import get_language
from ... import ui
from ...board import draw
from .. import hexgeom as hg
from ..hexgeom import HexLayout, axial_to_unit
from . import texts
from .common import (BIG, BLACK, DOT, HOLE, LAYER_COUNT, PLATE_MARGIN, STACK, WHITE, board, mix as _mix,
                     pt as _pt, rgb as _rgb)


class MolesArt:
    def _plate_radius(self, i: int) -> float:
        r = self.view["layers"][i]["radius"] if self.view else 4
        return r + PLATE_MARGIN

    def _stack(self, i: int) -> float:
        """Distance between stacked plates in layer ``i``'s lattice units (same on screen)."""
        return STACK * self._plate_radius(i) / (4 + PLATE_MARGIN)

    def _layout_for(self, i: int) -> HexLayout:
        """Each layer is shown as large as the board area allows (the camera zooms in as the
        layers get smaller); the points of all layers keep their table coordinates."""
        lay = self._layouts.get(i)
        if lay is None:
            b = self._box
            st = self._stack(i)
            lay = HexLayout.fit(b.x, b.y, b.w, b.h, self._plate_radius(i),
                                extra_below=st * 3 + st, pad=0.12 * self._plate_radius(i) / 4.8)
            self._layouts[i] = lay
        return lay

    @property
    def layout(self) -> HexLayout | None:
        """The camera: the displayed layer's layout (between two layers while lifting)."""
        if self.rect is None or not self._box.w:
            return None
        la = self._lift_anim
        if la is not None and la.get("cam") is not None:
            return la["cam"]
        return self._layout_for(self._disp_layer)

    @property
    def spacing(self) -> float:
        lay = self.layout
        return lay.spacing if lay else 1.0

    def pixel_of(self, p) -> tuple:
        """Screen pixel (ints) of lattice point ``p`` = (q, r)."""
        return self.layout.to_pixel_int(p[0], p[1])

    def _image(self, name: str, size: int):
        """``sprites/<name>`` at a square size (cached by Assets), or None to draw a stand-in."""
        return self.assets.image(name, (size, size))

    def _mole_sprite(self, seat: int, size: int):
        pal = self._palette(seat)
        key = ("mole", pal["id"], size)
        spr = self._sprites.get(key)
        if spr is None:
            spr = self._image(f"moles/mole_{pal['id']}.svg", size)
            if spr is None:
                spr = pygame.Surface((size, size), pygame.SRCALPHA)
                c = size // 2
                pygame.draw.circle(spr, pal["rgb"], (c, c), int(size * 0.40))
                pygame.draw.circle(spr, pal["dark"], (c, c), int(size * 0.40), max(2, size // 16))
                ui.draw_marking(spr, pal["marking"], (c, c), int(size * 0.2), board("paper"),
                                board("ink"))
            self._sprites[key] = spr
        return spr

    def _local(self, i: int) -> HexLayout:
        lay = self._layout_for(i)
        return HexLayout(lay.cx - self.rect.x, lay.cy - self.rect.y, lay.spacing)

    def _plate_box(self, i: int) -> pygame.Rect:
        """Bounding box (board-rect local) of layer ``i``'s plate, with its thickness."""
        lay = self._local(i)
        s = lay.spacing
        pr = self._plate_radius(i)
        w = 2 * pr * s
        h = hg.SQRT3 * pr * s + self._stack(i) * s
        return pygame.Rect(int(lay.cx - w / 2) - 2, int(lay.cy - hg.SQRT3 * pr * s / 2) - 2,
                           int(w) + 5, int(h) + 5)

    def _plate_surface(self, i: int):
        """Layer ``i`` as the top plate: face, lattice, holes, big spaces (plate-box local)."""
        key = (i, self.rect.size)
        surf = self._plates.get(key)
        if surf is not None:
            return surf
        box = self._plate_box(i)
        surf = pygame.Surface(box.size, pygame.SRCALPHA)
        lay = self._local(i)
        lay = HexLayout(lay.cx - box.x, lay.cy - box.y, lay.spacing)
        self._draw_plate(surf, lay, i)
        surf = draw.convert(surf)
        self._plates[key] = surf
        return surf

    def _static_surface(self, i: int):
        key = (i, self.rect.size)
        surf = self._static.get(key)
        if surf is not None:
            return surf
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        lay = self._local(i)
        s = lay.spacing
        st = self._stack(i)
        pr = self._plate_radius(i)
        # the box bottom with the golden shovel's bed, then the layers still under this one
        below = list(range(i + 1, LAYER_COUNT))
        depth = len(below) + 1
        self._draw_slab(surf, lay, depth * st * s, board("box"), thick=st * 0.9, size=pr)
        for j in reversed(below):
            col = _mix(_rgb(self.view["layers"][j]["colour"]), BLACK, 0.18 + 0.06 * (j - i))
            self._draw_slab(surf, lay, (j - i) * st * s, col, thick=st * 0.9, size=pr)
        box = self._plate_box(i)
        surf.blit(self._plate_surface(i), box.topleft)
        surf = draw.convert(surf)
        self._static[key] = surf
        return surf

    def _static_pieces(self, i: int) -> list:
        """The static board cut for fast blitting: the block in the middle of the plates is
        opaque (a plain copy), only the strips around it need alpha blending."""
        key = ("pieces", i, self.rect.size)
        got = self._static.get(key)
        if got is not None:
            return got
        full = self._static_surface(i)
        bb = full.get_bounding_rect()
        lay = self._local(i)
        s, pr = lay.spacing, self._plate_radius(i)
        below = LAYER_COUNT - 1 - i + 1
        left, right = int(lay.cx - pr * s / 2) + 2, int(lay.cx + pr * s / 2) - 2
        top = int(lay.cy - hg.SQRT3 * pr * s / 2) + 2
        bottom = int(lay.cy + hg.SQRT3 * pr * s / 2 + below * self._stack(i) * s) - 2
        core = pygame.Rect(left, top, max(0, right - left), max(0, bottom - top)).clip(bb)
        ox, oy = self.rect.topleft
        out = []
        if core.w > 8 and core.h > 8 and pygame.display.get_surface() is not None:
            out.append((full.subsurface(core).convert(), (ox + core.x, oy + core.y)))
            strips = [pygame.Rect(bb.x, bb.y, core.x - bb.x, bb.h),
                      pygame.Rect(core.right, bb.y, bb.right - core.right, bb.h),
                      pygame.Rect(core.x, bb.y, core.w, core.y - bb.y),
                      pygame.Rect(core.x, core.bottom, core.w, bb.bottom - core.bottom)]
            for r in strips:
                if r.w > 0 and r.h > 0:
                    out.append((full.subsurface(r), (ox + r.x, oy + r.y)))
        else:
            out.append((full.subsurface(bb), (ox + bb.x, oy + bb.y)))
        self._static[key] = out
        return out

    def _corners(self, lay: HexLayout, dy: float = 0.0, size: float = 4.8) -> list:
        return [(lay.cx + x * lay.spacing, lay.cy + y * lay.spacing + dy)
                for x, y in hg.unit_corners(size)]

    def _draw_slab(self, surf, lay, dy, colour, thick, size) -> None:
        s = lay.spacing
        side = _mix(colour, BLACK, 0.35)
        edge = _mix(colour, BLACK, 0.55)
        pygame.draw.polygon(surf, side, self._corners(lay, dy + thick * s, size))
        face = self._corners(lay, dy, size)
        pygame.draw.polygon(surf, colour, face)
        pygame.draw.aalines(surf, edge, True, face)
        pygame.draw.aalines(surf, edge, True, self._corners(lay, dy + thick * s, size))

    def _draw_plate(self, surf, lay: HexLayout, i: int) -> None:
        v = self.view
        L = v["layers"][i]
        s = lay.spacing
        col = _rgb(L["colour"])
        dark = _mix(col, BLACK, 0.5)
        radius = L["radius"]
        pr = self._plate_radius(i)
        self._draw_slab(surf, lay, 0, col, thick=self._stack(i) * 0.9, size=pr)
        # the playing field: a slightly lighter hexagon just around the points
        field = self._corners(lay, 0, radius + 0.55)
        pygame.draw.polygon(surf, _mix(col, WHITE, 0.07), field)
        pygame.draw.aalines(surf, _mix(col, BLACK, 0.25), True, field)
        # soil texture (seeded, so it never changes)
        rng = random.Random(7919 + i * 31)
        for _ in range(int(220 * (pr / 4.8) ** 2)):
            ux, uy = rng.uniform(-pr, pr), rng.uniform(-pr * 0.87, pr * 0.87)
            if not hg.inside_hexagon(ux, uy, pr - 0.2):
                continue
            x, y = lay.unit_to_pixel(ux, uy)
            rr = max(1, s * rng.uniform(0.02, 0.055))
            shade = _mix(col, BLACK, 0.12) if rng.random() < 0.6 else _mix(col, WHITE, 0.14)
            pygame.draw.ellipse(surf, shade, (x - rr, y - rr * 0.7, rr * 2, rr * 1.4))
        pts = hg.hex_points(radius)
        holes = {_pt(h) for h in L["holes"]}
        big = {_pt(b) for b in L["big"]}
        self._decorate(surf, lay, i, radius, col, rng)
        # paths
        lw = max(1, int(round(s * 0.05)))
        line_col = _mix(col, board("earth_dark"), 0.55)
        if L.get("lines"):
            for ln in L["lines"]:
                seq = [_pt(p) for p in ln["points"]]
                a, b = lay.to_pixel(*seq[0]), lay.to_pixel(*seq[-1])
                if ln["style"] == "solid":
                    pygame.draw.aaline(surf, line_col, a, b, max(2, int(round(s * 0.075))))
                else:
                    n = int(math.dist(a, b) / (s * 0.2))
                    for k in range(n + 1):
                        t = k / max(1, n)
                        pygame.draw.aacircle(surf, _mix(line_col, col, 0.15),
                                             (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t),
                                             max(1.5, s * 0.038))
        else:
            for a, b in hg.lattice_edges(radius):
                pygame.draw.aaline(surf, line_col, lay.to_pixel(*a), lay.to_pixel(*b), lw)
        # ghosts of the next layer's holes (where a mole would want to be one layer down)
        if i + 1 < LAYER_COUNT:
            nxt = v["layers"][i + 1]
            ncol = _rgb(nxt["colour"])
            ghost = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            gr = s * 0.27
            for h in nxt["holes"]:
                h = _pt(h)
                if h in holes:
                    continue
                x, y = lay.to_pixel(*h)
                pygame.draw.circle(ghost, (*_mix(ncol, board("earth_deep"), 0.55), 120), (x, y), gr)
                pygame.draw.circle(ghost, (*_mix(ncol, WHITE, 0.15), 210), (x, y), gr,
                                   max(1, int(s * 0.035)))
            surf.blit(ghost, (0, 0))
        # points
        dot = max(2.0, s * DOT)
        for p in pts:
            if p in holes or p in big:
                continue
            x, y = lay.to_pixel(*p)
            pygame.draw.aacircle(surf, dark, (x, y), dot)
            pygame.draw.aacircle(surf, _mix(col, WHITE, 0.35), (x, y), dot, 1)
        # big spaces
        bs = max(6, int(s * BIG))
        for p in big:
            x, y = lay.to_pixel(*p)
            img = self._image("moles/big_space.svg", bs)
            if img is not None:
                surf.blit(img, img.get_rect(center=(x, y)))
            else:
                pygame.draw.circle(surf, board("gold"), (x, y), s * 0.33, max(2, int(s * 0.06)))
            pygame.draw.aacircle(surf, dark, (x, y), dot * 0.8)
        # holes: a molehill, and through it a glimpse of what lies below
        hs = max(6, int(s * HOLE))
        nxt = v["layers"][i + 1] if i + 1 < LAYER_COUNT else None
        for p in holes:
            x, y = lay.to_pixel(*p)
            img = self._image("moles/hole.svg", hs)
            if img is not None:
                surf.blit(img, img.get_rect(center=(x, y)))
            else:
                pygame.draw.circle(surf, board("hole"), (x, y), s * 0.42)
                pygame.draw.circle(surf, board("shadow"), (x, y), s * 0.27)
            if nxt is not None:
                ncol = _rgb(nxt["colour"])
                under_hole = p in {_pt(h) for h in nxt["holes"]}
                under_big = p in {_pt(b) for b in nxt["big"]}
                pygame.draw.circle(surf, _mix(ncol, BLACK, 0.45), (x, y + s * 0.02), s * 0.16)
                if under_big:
                    pygame.draw.circle(surf, board("gold"), (x, y + s * 0.02), s * 0.2, max(2, int(s * 0.045)))
                if under_hole:  # the data forbids it, but say so if it ever happens
                    pygame.draw.circle(surf, ui.colour("warning"), (x, y), s * 0.2, max(2, int(s * 0.05)))
            else:
                sh = self._image("moles/shovel.svg", max(6, int(s * 0.62)))
                if sh is not None:
                    surf.blit(sh, sh.get_rect(center=(x, y + s * 0.02)))

    def _decorate(self, surf, lay, i, radius, col, rng) -> None:
        """Grass on the meadow, pebbles in the clay, grains in the sand, cracks in the rock."""
        s = lay.spacing
        cents = []
        pts = set(hg.hex_points(radius))
        for q, r in pts:
            ux, uy = axial_to_unit(q, r)
            if (q + 1, r) in pts and (q, r + 1) in pts:        # triangle pointing down
                cents.append((ux + 0.5, uy + 0.2887))
            if (q + 1, r) in pts and (q + 1, r - 1) in pts:    # triangle pointing up
                cents.append((ux + 0.5, uy - 0.2887))
        # margins outside the lattice
        pr = radius + PLATE_MARGIN
        for _ in range(40):
            ux, uy = rng.uniform(-pr, pr), rng.uniform(-pr * 0.87, pr * 0.87)
            if hg.inside_hexagon(ux, uy, pr - 0.3) and not hg.inside_hexagon(ux, uy, radius + 0.6):
                cents.append((ux, uy))
        rng.shuffle(cents)
        if i == 0:
            size = max(6, int(s * 0.34))
            img = self._image("moles/grass_tuft.svg", size)
            for ux, uy in cents[: max(8, len(cents) // 7)]:
                x, y = lay.unit_to_pixel(ux, uy)
                if img is not None:
                    surf.blit(img, img.get_rect(center=(x, y - s * 0.04)))
                else:
                    for a in (-0.5, 0, 0.5):
                        pygame.draw.line(surf, board("grass"), (x, y), (x + a * s * 0.15, y - s * 0.16), 2)
        elif i == 1:
            for ux, uy in cents[: len(cents) // 4]:
                x, y = lay.unit_to_pixel(ux, uy)
                w = s * rng.uniform(0.09, 0.16)
                pygame.draw.ellipse(surf, _mix(col, board("pebble"), 0.35), (x - w / 2, y - w / 3, w, w * 0.66))
                pygame.draw.ellipse(surf, _mix(col, BLACK, 0.35), (x - w / 2, y - w / 3, w, w * 0.66), 1)
        elif i == 2:
            for ux, uy in cents[: len(cents) // 3]:
                for _ in range(3):
                    x, y = lay.unit_to_pixel(ux + rng.uniform(-0.08, 0.08), uy + rng.uniform(-0.06, 0.06))
                    pygame.draw.circle(surf, _mix(col, board("earth_mid"), 0.4), (x, y), max(1, s * 0.022))
        else:
            crack = _mix(col, board("crack"), 0.5)
            for ux, uy in cents[: len(cents) // 3]:
                x, y = lay.unit_to_pixel(ux, uy)
                pts = [(x - s * 0.12, y - s * 0.05)]
                for _ in range(3):
                    px, py = pts[-1]
                    pts.append((px + s * rng.uniform(0.04, 0.09), py + s * rng.uniform(-0.05, 0.05)))
                pygame.draw.aalines(surf, crack, False, pts)

    def _hud_static(self, i: int) -> list:
        """The layer indicator (top left) and the legend (top right) of layer ``i``, as
        [(surface, screen position)], rendered once per layer and size."""
        key = ("hud", i, self.rect.size, get_language())
        got = self._static.get(key)
        if got is not None:
            return got
        out = []
        full = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        self._draw_hud_static(full, i)
        area = full.get_bounding_rect()
        mid = self.rect.w // 2
        for part in (pygame.Rect(0, 0, mid, self.rect.h), pygame.Rect(mid, 0, self.rect.w - mid, self.rect.h)):
            sub = full.subsurface(part)
            bb = sub.get_bounding_rect()
            if bb.w and bb.h:
                piece = sub.subsurface(bb).copy()
                piece = draw.convert(piece)
                out.append((piece, (self.rect.x + part.x + bb.x, self.rect.y + part.y + bb.y)))
        del area
        self._static[key] = out
        return out

    def _draw_hud_static(self, surf, i: int) -> None:
        v = self.view
        k = self._k
        # the layer indicator is drawn on its own, then put on a backing, so that it stays
        # readable where a zoomed-in layer reaches under it
        out, surf = surf, pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        x0, y0 = self._px(12), self._px(10)
        L = v["layers"][i]
        title = self.assets.font(self._px(19), True).render(texts.layer_title(i, LAYER_COUNT), True,
                                                            ui.colour("text"))
        surf.blit(title, (x0, y0))
        y = y0 + title.get_height()
        sub = self.assets.font(self._px(16), True).render(texts.layer_name(i, L["name"]), True,
                                                          _mix(_rgb(L["colour"]), WHITE, 0.35))
        surf.blit(sub, (x0, y))
        y += sub.get_height() + self._px(8)
        # the strip: four slabs stacked, the lifted ones as outlines
        sw, sh, gap = self._px(46), self._px(14), self._px(6)
        f = self.assets.font(self._px(13))
        fb = self.assets.font(self._px(13), True)
        for j, Lj in enumerate(v["layers"]):
            c = _rgb(Lj["colour"])
            poly = [(x0 + sh * 0.5, y), (x0 + sw - sh * 0.5, y), (x0 + sw, y + sh / 2),
                    (x0 + sw - sh * 0.5, y + sh), (x0 + sh * 0.5, y + sh), (x0, y + sh / 2)]
            if j < i:
                pygame.draw.polygon(surf, _mix(c, ui.colour("background"), 0.75), poly)
                pygame.draw.aalines(surf, _mix(c, ui.colour("background"), 0.3), True, poly)
                label = f.render(texts.lifted(texts.layer_name(j, Lj["name"])), True, ui.colour("text_muted"))
            else:
                pygame.draw.polygon(surf, c if j == i else _mix(c, BLACK, 0.25), poly)
                pygame.draw.aalines(surf, _mix(c, BLACK, 0.5), True, poly)
                if j == i:
                    pygame.draw.polygon(surf, ui.colour("accent"), poly, max(2, int(2 * k)))
                    label = fb.render(texts.layer_name(j, Lj["name"]), True, ui.colour("accent"))
                else:
                    label = f.render(texts.layer_name(j, Lj["name"]), True, ui.colour("text_muted"))
            surf.blit(label, (x0 + sw + self._px(8), y + sh / 2 - label.get_height() / 2))
            y += sh + gap
        sh_img = self._image("moles/shovel.svg", self._px(22))
        if sh_img is not None:
            surf.blit(sh_img, (x0 + sw / 2 - sh_img.get_width() / 2, y - self._px(3)))
        lab = f.render(texts.legend("shovel"), True, board("gold"))
        surf.blit(lab, (x0 + sw + self._px(8), y + self._px(11) - lab.get_height() / 2))
        block = surf.get_bounding_rect()
        if block.w and block.h:
            pygame.draw.rect(out, (*ui.colour("panel"), 150), block.inflate(self._px(12), self._px(8)),
                             border_radius=self._px(8))
            out.blit(surf, (0, 0))
        surf = out
        # legend (top right)
        items = [("hole", texts.legend("hole"))]
        if i + 1 < LAYER_COUNT:
            items.append(("ghost", texts.legend("ghost")))
            below_big = {_pt(b) for b in v["layers"][i + 1]["big"]}
            if any(_pt(h) in below_big for h in L["holes"]):
                items.append(("holebig", texts.legend("holebig")))
        if L["big"]:
            items.append(("big", texts.legend("big")))
        if L.get("lines"):
            items.append(("solid", texts.legend("solid")))
            items.append(("dotted", texts.legend("dotted_two") if v.get("two_player_lines")
                          else texts.legend("dotted")))
        ih = self._px(24)
        yy = self._px(40)
        right = surf.get_width() - self._px(12)
        # long labels (German, Russian) wrap instead of running over the board
        room = max(self._px(120), min(self._px(230), int(surf.get_width() * 0.26)))
        labels = [self._legend_label(t, f, room) for _, t in items]
        wmax = max(lb.get_width() for lb in labels) + ih + self._px(8)
        xx = right - wmax
        heights = [max(ih, lb.get_height()) for lb in labels]
        back = pygame.Rect(xx - self._px(6), yy - self._px(4), wmax + self._px(12),
                           sum(heights) + self._px(4) * len(heights) + self._px(4))
        pygame.draw.rect(surf, (*ui.colour("panel"), 150), back, border_radius=self._px(8))
        col = _rgb(L["colour"])
        for (kind, _), lb, hh in zip(items, labels, heights):
            cx, cy = xx + ih // 2, yy + hh // 2
            if kind == "hole":
                img = self._image("moles/hole.svg", ih)
                if img is not None:
                    surf.blit(img, (xx, yy))
            elif kind == "ghost":
                ncol = _rgb(v["layers"][i + 1]["colour"])
                pygame.draw.circle(surf, _mix(ncol, board("earth_deep"), 0.5), (cx, cy), ih * 0.3)
                pygame.draw.circle(surf, _mix(ncol, WHITE, 0.15), (cx, cy), ih * 0.3, 2)
            elif kind == "big":
                img = self._image("moles/big_space.svg", ih)
                if img is not None:
                    surf.blit(img, (xx, yy))
            elif kind == "holebig":
                img = self._image("moles/hole.svg", ih)
                if img is not None:
                    surf.blit(img, (xx, yy))
                pygame.draw.circle(surf, board("gold"), (cx, cy), ih * 0.22, max(2, int(2 * k)))
            elif kind == "solid":
                pygame.draw.line(surf, _mix(col, WHITE, 0.2), (xx, cy), (xx + ih, cy), max(2, int(3 * k)))
            elif kind == "dotted":
                for d in range(4):
                    pygame.draw.circle(surf, _mix(col, WHITE, 0.2), (xx + 3 + d * (ih - 6) / 3, cy),
                                       max(1.5, 2 * k))
            surf.blit(lb, (xx + ih + self._px(8), cy - lb.get_height() / 2))
            yy += hh + self._px(4)

    def _legend_label(self, text: str, f, width: int):
        """A legend label, wrapped to ``width`` pixels."""
        lines = ui.wrap(text, f, width) or [text]
        imgs = [f.render(line, True, ui.colour("text_muted")) for line in lines]
        out = pygame.Surface((max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs)), pygame.SRCALPHA)
        y = 0
        for img in imgs:
            out.blit(img, (0, y))
            y += img.get_height()
        return out

