"""Mole Dig's moving parts: moles, the layer being lifted, the golden shovel's shine, the disc
flip, the highlights of what can be chosen, and the discs in the action bar."""
from __future__ import annotations

import math

import pygame

from ... import ui
from ....i18n import get_language
from ...board import draw
from .. import hexgeom as hg
from ..hexgeom import HexLayout
from . import texts
from .common import BLACK, LAYER_COUNT, MOLE, WHITE, board, mix as _mix, pt as _pt


class MolesPieces:
    def _draw_mole(self, surface, dm: _Mole, size: int, alpha: int | None = None,
                   extra_scale: float = 1.0, at: tuple | None = None) -> None:
        s = self.spacing
        x, y = at if at is not None else self.layout.unit_to_pixel(dm.ux, dm.uy)
        sc = dm.scale * extra_scale
        if sc <= 0.02:
            return
        spr = self._mole_sprite(dm.seat, size)
        if abs(sc - 1.0) > 0.01:
            d = max(2, int(size * sc))
            spr = pygame.transform.smoothscale(spr, (d, d))
        a = dm.alpha if alpha is None else alpha
        if a < 255:
            spr = spr.copy()
            spr.set_alpha(max(0, int(a)))
        if dm.hop > 0:
            # its soft shadow stays on the ground while it hops
            shadow = self._sprites.get(("shadow", size))
            if shadow is None:
                shadow = pygame.Surface((size, max(2, size // 3)), pygame.SRCALPHA)
                pygame.draw.ellipse(shadow, (*board("shadow"), 90), shadow.get_rect())
                self._sprites[("shadow", size)] = shadow
            f = max(0.3, 1 - dm.hop * 1.5) * sc
            img = pygame.transform.scale(shadow, (max(2, int(shadow.get_width() * f)),
                                                  max(2, int(shadow.get_height() * f))))
            surface.blit(img, img.get_rect(center=(int(x), int(y + s * 0.26))))
        cy = y - spr.get_height() * 3 / 64 - dm.hop * s
        surface.blit(spr, spr.get_rect(center=(int(x), int(cy))))

    def _lift_camera(self, la: dict) -> None:
        p = la["p"]
        old, new = self._layout_for(la["old"]), self._layout_for(self._disp_layer)
        ez = hg.ease_in_out(hg.clamp01((p - 0.35) / 0.6))
        la["cam"] = HexLayout(hg.lerp(old.cx, new.cx, ez), hg.lerp(old.cy, new.cy, ez),
                              hg.lerp(old.spacing, new.spacing, ez))

    def _blit_zoomed_static(self, surface, la: dict) -> None:
        cam, new = la["cam"], self._layout_for(self._disp_layer)
        static = self._static_surface(self._disp_layer)
        f = cam.spacing / new.spacing
        if abs(f - 1) < 0.004:
            surface.blit(static, self.rect.topleft)
            return
        w, h = max(1, int(static.get_width() * f)), max(1, int(static.get_height() * f))
        img = self._zoom_scratch.scaled(static, (w, h))
        x = cam.cx + (self.rect.x - new.cx) * f
        y = cam.cy + (self.rect.y - new.cy) * f
        surface.blit(img, (int(x), int(y)))

    def _old_plate_map(self, la: dict):
        """(scale, function pixel-of-old-layout -> screen) for the plate being lifted away."""
        p = la["p"]
        cam, old = la["cam"], self._layout_for(la["old"])
        el = hg.ease_in_out(hg.clamp01(p / 0.6))
        lift = 1.0 + 0.25 * el
        f = cam.spacing / old.spacing * lift
        dy = -el * self.rect.h * 0.18

        def to_screen(x, y):
            return (cam.cx + (x - old.cx) * f, cam.cy + (y - old.cy) * f + dy)
        return f, to_screen, (1.0 - el) ** 1.5

    def _draw_lifting_plate(self, surface, la: dict) -> None:
        f, to_screen, keep = self._old_plate_map(la)
        if keep <= 0.01:
            return
        plate = self._plate_surface(la["old"])
        box = self._plate_box(la["old"]).move(self.rect.topleft)
        w, h = max(1, int(box.w * f)), max(1, int(box.h * f))
        img = self._plate_scratch.scaled(plate, (w, h)) if abs(f - 1) > 0.004 else \
            self._plate_scratch.copy(plate)
        img.set_alpha(int(255 * keep ** 1.2))
        surface.blit(img, [int(c) for c in to_screen(box.x, box.y)])

    def _draw_flying(self, surface, la: dict) -> None:
        f, to_screen, keep = self._old_plate_map(la)
        if keep <= 0.01:
            return
        old = self._layout_for(la["old"])
        size = max(6, int(old.spacing * MOLE))
        for mid in la["removed"]:
            dm = self._disp.get(mid)
            if dm is None:
                continue
            at = to_screen(*old.unit_to_pixel(dm.ux, dm.uy))
            self._draw_mole(surface, dm, size, alpha=int(255 * keep), extra_scale=f, at=at)

    def _draw_shine(self, surface, part: str) -> None:
        """The golden shovel shining over the centre hole: ``part`` "under" the moles (glow and
        rays) or "over" them (the shovel)."""
        s = self.spacing
        wa = self._win_anim
        p = wa["p"] if wa is not None else 1.0
        if self._disp_layer != LAYER_COUNT - 1:
            return
        cx, cy = self.layout.to_pixel(0, 0)
        grow = hg.ease_out_back(hg.clamp01((p - 0.35) / 0.5), 1.5)
        if part == "under":
            rays = self._sprites.get(("rays", int(s)))
            if rays is None:
                R = int(s * 1.7)
                rays = pygame.Surface((2 * R, 2 * R), pygame.SRCALPHA)
                g = draw.glow(int(R * 0.75), board("glow"), 230)
                rays.blit(g, g.get_rect(center=(R, R)))
                for n in range(12):
                    a0 = n * math.pi / 6
                    for frac, alpha in ((1.0, 35), (0.8, 70), (0.6, 110), (0.42, 150)):
                        L, w = R * frac, 0.13 * (1.2 - frac * 0.4)
                        pts = [(R, R), (R + L * math.cos(a0 - w), R + L * math.sin(a0 - w)),
                               (R + L * math.cos(a0 + w), R + L * math.sin(a0 + w))]
                        pygame.draw.polygon(rays, (*board("ray"), alpha), pts)
                self._sprites[("rays", int(s))] = rays
            if grow <= 0:
                return
            ang = (self._ambient_time() * 25) % 360
            r2 = pygame.transform.rotozoom(rays, ang, max(0.05, grow))
            surface.blit(r2, r2.get_rect(center=(int(cx), int(cy))))
            return
        if grow <= 0:
            return
        sh = self._image("moles/shovel.svg", max(8, int(s * 1.25)))
        if sh is not None:
            bob = math.sin(self._ambient_time() * 2.5) * s * 0.04
            img = sh if abs(grow - 1) < 0.01 else pygame.transform.smoothscale(
                sh, (max(2, int(sh.get_width() * grow)), max(2, int(sh.get_height() * grow))))
            surface.blit(img, img.get_rect(center=(int(cx), int(cy - s * 0.15 + bob))))

    def _draw_hud_dynamic(self, surface) -> None:
        L = self.view["layers"][self._disp_layer]
        holes = {_pt(h) for h in L["holes"]}
        n = 0
        for dm in self._disp.values():
            if not dm.flying:
                if hg.axial_round(*hg.unit_to_axial(dm.ux, dm.uy)) in holes:
                    n += 1
        tot = len(holes)
        img = self._text(texts.holes_filled(n, tot), self._px(17), ui.colour("text"), True)
        surface.blit(img, img.get_rect(topright=(self.rect.right - self._px(12), self.rect.y + self._px(10))))

    def discs_shown(self) -> list:
        """Per seat, what the discs box at the bottom left shows: {"seat", "down", "spent", "out"}
        (tests): every seat's discs still face down as disc backs, the spent ones as faint faces."""
        v = self.view or {}
        out = v.get("eliminated") or []
        return [{"seat": s, "down": len(d.get("face_down") or []), "spent": sorted(d.get("face_up") or []),
                 "out": bool(s < len(out) and out[s])}
                for s, d in enumerate(v.get("discs") or [])]

    def _discs_box(self):
        """The discs box (bottom left of the board): a caption, then per seat its mole, its face-down
        discs as disc backs and its spent discs as faint faces. Rendered once per content and size."""
        rows = self.discs_shown()
        if not rows:
            return None
        key = ("discs_box", tuple((r["down"], tuple(r["spent"]), r["out"]) for r in rows), self.rect.size,
               get_language())
        img = self._sprites.get(key)
        if img is not None:
            return img
        d = max(12, self._px(20))
        gap = max(2, self._px(3))
        rh = d + gap * 2
        f = self.assets.font(max(11, self._px(14)), True)
        width_cap = max(self._px(120), int(self.rect.w * 0.24))
        lines = ui.wrap(texts.discs_box_title(), f, width_cap) or [texts.discs_box_title()]
        caps = [f.render(line, True, ui.colour("text_muted")) for line in lines]
        cap_h = sum(c.get_height() for c in caps)
        ndisc = max((r["down"] + len(r["spent"]) for r in rows), default=0)
        row_w = d + gap * 3 + ndisc * (d + gap) + gap
        w = max(row_w, max(c.get_width() for c in caps))
        pad = self._px(6)
        img = pygame.Surface((w + 2 * pad, cap_h + rh * len(rows) + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(img, (*ui.colour("panel"), 150), img.get_rect(), border_radius=self._px(8))
        y = pad
        for c in caps:
            img.blit(c, (pad, y))
            y += c.get_height()
        back = self._image("moles/disc_back.svg", d)
        for r in rows:
            x = pad
            mole = self._mole_sprite(r["seat"], d + gap)
            if mole is not None:
                m = mole.copy()
                if r["out"]:
                    m.set_alpha(90)
                img.blit(m, (x, y + (rh - m.get_height()) // 2))
            x += d + gap * 3
            for _ in range(r["down"]):
                if back is not None:
                    img.blit(back, (x, y + gap))
                else:
                    pygame.draw.circle(img, board("disc_back"), (x + d // 2, y + gap + d // 2), d // 2)
                x += d + gap
            for val in r["spent"]:
                face = self._image(f"moles/disc_{int(val)}.svg", d)
                if face is not None:
                    face = face.copy()
                    face.set_alpha(95)
                    img.blit(face, (x, y + gap))
                x += d + gap
            y += rh
        self._sprites[key] = img
        return img

    def _draw_discs_box(self, surface) -> None:
        img = self._discs_box()
        if img is None:
            return
        box = getattr(self, "_box", self.rect)
        surface.blit(img, img.get_rect(bottomleft=(self.rect.x + self._px(8), box.bottom - self._px(8))))

    def _toast_anchor(self) -> tuple[int, int, int]:
        return int(self.layout.cx), self.rect.y + self._px(12), self.rect.w - self._px(40)

    def _toast_lit(self) -> list:
        """A caption also keeps off the moles on the board ("All moles are placed" never hides
        the top row of moles): it takes the top, the foot or the middle, whichever covers
        fewest.  While a move plays too (the moles where they end up), so the caption does not
        jump to the top row when a disc starts turning."""
        out = super()._toast_lit()
        if self.view is None or self.layout is None:
            return out
        rad = max(4, int(self.spacing * 0.45))
        for m in self.view.get("moles") or []:
            if m.get("at") is not None:
                x, y = self.pixel_of(m["at"])
                out.append(pygame.Rect(x - rad, y - rad, 2 * rad, 2 * rad))
        return out

    def _draw_disc_anim(self, surface) -> None:
        da = self._disc_anim
        p = da["p"]
        s = self.spacing
        size = max(16, int(s * 1.9))
        vals = da["values"] or [1]
        flip = hg.clamp01(p / 0.4)
        fade = hg.clamp01((p - 0.85) / 0.15)
        cx, cy = self.layout.cx, self.layout.cy
        # a soft dark veil behind the discs
        veil = self._sprites.get(("veil", size))
        if veil is None:        # its own copy of the glow: faded in place (not copied a frame)
            veil = draw.glow(int(size * 1.1), board("shadow"), 150).copy()
            self._sprites[("veil", size)] = veil
        veil.set_alpha(int(255 * (1 - fade)))
        surface.blit(veil, veil.get_rect(center=(int(cx), int(cy))))
        n = len(vals)
        for j, val in enumerate(vals):
            x = cx + (j - (n - 1) / 2) * size * 1.15
            if flip < 0.5:
                img = self._image("moles/disc_back.svg", size)
                wf = math.cos(flip * math.pi)
            else:
                img = self._image(f"moles/disc_{int(val)}.svg", size)
                wf = -math.cos(flip * math.pi)
            pop = 1.0 + 0.15 * math.sin(math.pi * hg.clamp01((p - 0.4) / 0.25))
            w = max(2, int(size * max(0.03, wf) * pop))
            h = int(size * pop * (1 - 0.3 * fade))
            if img is None:
                img = pygame.Surface((size, size), pygame.SRCALPHA)
                pygame.draw.circle(img, board("disc"), (size // 2, size // 2), size // 2 - 2)
                if flip >= 0.5:
                    t = self.assets.font(size // 2, True).render(str(val), True, board("ink"))
                    img.blit(t, t.get_rect(center=(size // 2, size // 2)))
            img = pygame.transform.smoothscale(img, (w, max(2, h)))
            if fade > 0:
                img.set_alpha(int(255 * (1 - fade)))
            surface.blit(img, img.get_rect(center=(int(x), int(cy))))
        if flip >= 1.0:
            text = texts.disc_turned(self._name(da["seat"]), vals, da["bonus"])
            img = draw.pill(self.assets, text, self._px(20), ui.colour("highlight"))
            if fade > 0:
                img = img.copy()
                img.set_alpha(int(255 * (1 - fade)))
            surface.blit(img, img.get_rect(midtop=(int(cx), int(cy + size * 0.6))))

    def _draw_last_move(self, surface) -> None:
        """The last move: a faint trail from the empty start ring to a ring under the mole."""
        lm = self.shown_last_move()
        if lm is None:
            return
        s = self.spacing
        col = ui.colour("accent")
        pix = [self.pixel_of(p) for p in lm["path"]]
        if len(pix) > 1:
            pygame.draw.lines(surface, _mix(col, BLACK, 0.25), False, pix, max(2, int(s * 0.06)))
        pygame.draw.circle(surface, col, self.pixel_of(lm["frm"]), int(s * 0.3), max(2, int(s * 0.06)))
        pygame.draw.circle(surface, col, self.pixel_of(lm["to"]), int(s * 0.52), max(3, int(s * 0.08)))

    def _draw_targets_under(self, surface, targets) -> None:
        if not targets:
            return
        s = self.spacing
        hl = ui.colour("highlight")
        pulse = self.pulse()
        sel = self.selected
        # the path of the hovered (or focused) destination
        fo = self.focus
        look = fo.hover if (fo.hover and fo.hover[0] == "dest") else (
            fo.focus if (fo.focus and fo.focus[0] == "dest") else None)
        if sel is not None and look is not None:
            pts = [sel] + hg.points_between(sel, look[1]) + [look[1]]
            pix = [self.pixel_of(p) for p in pts]
            pygame.draw.lines(surface, hl, False, pix, max(3, int(s * 0.09)))
            for p in pix[1:-1]:
                pygame.draw.circle(surface, hl, p, max(3, int(s * 0.1)))
        for t in targets:
            if t.kind in ("point", "dest"):
                hot = self.focus.is_hot(t.key)
                r = int(s * (0.36 if hot else 0.2 + 0.04 * pulse))
                if hot or t.kind == "dest":
                    g = draw.glow(max(4, int(s * 0.42)), hl, 150 if hot else 70)
                    surface.blit(g, g.get_rect(center=t.pos))
                else:
                    pygame.draw.circle(surface, _mix(hl, BLACK, 0.2), t.pos, int(s * 0.13))
                pygame.draw.circle(surface, hl, t.pos, r, max(2, int(s * 0.05)))
            elif t.kind == "mole":
                hot = self.focus.is_hot(t.key)
                rad = int(s * (0.47 if hot else 0.43 + 0.02 * pulse))
                pygame.draw.circle(surface, hl, t.pos, rad, max(2, int(s * (0.07 if hot else 0.045))))
        if sel is not None:
            pos = self.pixel_of(sel)
            pygame.draw.circle(surface, ui.colour("accent"), pos, int(s * 0.5), max(3, int(s * 0.08)))

    def _draw_targets_over(self, surface, targets) -> None:
        if not targets:
            return
        s = self.spacing
        for t in targets:
            if t.kind in ("point", "dest", "mole") and t.key == self.focus.focus and self.focus.keyboard:
                pygame.draw.circle(surface, ui.colour("accent"), t.pos, int(s * 0.56), max(3, int(s * 0.07)))
            if t.kind == "dest" and self.selected is not None:
                # a small arrow head on the way in, pointing from the selected mole to this point
                a = self.pixel_of(self.selected)
                pts = arrow_head(a, t.pos, s)
                if pts:
                    col = ui.colour("accent")
                    stem = arrow_stem(a, t.pos, s)
                    pygame.draw.line(surface, col, stem[0], stem[1], max(2, int(s * 0.05)))
                    pygame.draw.polygon(surface, col, pts)

    # ---- the discs in the action bar ----------------------------------------------------------------
    def seat_token(self, seat: int, size: int):
        return self._mole_sprite(seat, size)

    def draw_bar_item(self, surface, it, hot: bool, foc: bool, active: bool) -> None:
        r = it["rect"]
        kind = it["kind"]
        if kind == "disc_back":
            rr = r.move(0, -self._px(5)) if hot or foc else r
            if active:
                g = draw.glow(int(r.w * 0.62), ui.colour("highlight"), 120 if hot or foc else 60)
                surface.blit(g, g.get_rect(center=rr.center))
            img = self._image("moles/disc_back.svg", r.w)
            if img is not None:
                surface.blit(img, rr)
            else:
                pygame.draw.circle(surface, board("disc_back"), rr.center, r.w // 2 - 1)
        elif kind == "disc_face":
            rr = r.move(0, -self._px(5)) if hot or foc else r
            g = draw.glow(int(r.w * 0.66), ui.colour("accent"), 150 if (hot or foc) else 90)
            surface.blit(g, g.get_rect(center=rr.center))
            img = self._image(f"moles/disc_{int(it['value'])}.svg", r.w)
            if img is not None:
                surface.blit(img, rr)
            num = self._text(str(it["value"]), self._px(15), ui.colour("text_dark"), True)
            badge = pygame.Rect(0, 0, num.get_width() + self._px(8), num.get_height())
            badge.midtop = (rr.right - self._px(4), rr.y - self._px(2))
            pygame.draw.rect(surface, ui.colour("accent"), badge, border_radius=badge.h // 2)
            surface.blit(num, num.get_rect(center=badge.center))
        elif kind == "disc_spent":
            img = self._sprites.get(("spent", it["value"], r.w))
            if img is None:
                base = self._image(f"moles/disc_{int(it['value'])}.svg", r.w)
                if base is not None:
                    img = base.copy()
                    img.set_alpha(120)
                self._sprites[("spent", it["value"], r.w)] = img
            if img is not None:
                surface.blit(img, r)


def arrow_head(a, b, spacing: float) -> list:
    """The three corners of the arrow head drawn just short of ``b`` on the way from ``a``: the
    tip first, pointing along a -> b whatever the direction (empty when a and b coincide).

    The head is slender (more than twice as long as it is wide): a head near equilateral looks
    the same turned by 120 degrees, so on the six directions of the lattice it seemed to point
    left or right whatever the move."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return []
    ux, uy = dx / length, dy / length          # along the move
    px, py = -uy, ux                           # across it
    tip = (b[0] - ux * spacing * 0.2, b[1] - uy * spacing * 0.2)
    half, long_ = spacing * 0.09, spacing * 0.26
    back = (tip[0] - ux * long_, tip[1] - uy * long_)
    return [tip, (back[0] + px * half, back[1] + py * half), (back[0] - px * half, back[1] - py * half)]


def arrow_stem(a, b, spacing: float) -> tuple | None:
    """The short shaft behind the arrow head (start, end), or None when a and b coincide."""
    head = arrow_head(a, b, spacing)
    if not head:
        return None
    back = ((head[1][0] + head[2][0]) / 2, (head[1][1] + head[2][1]) / 2)
    ux, uy = head[0][0] - back[0], head[0][1] - back[1]
    return (back[0] - ux * 0.9, back[1] - uy * 0.9), back
