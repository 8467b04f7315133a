"""The pictures of Gopher's Pantry: the open book with one page of holes, tunnels, walls and
signs; provision cards; gopher tokens. Every surface lives in the kit's cache (``CACHE``)."""
from __future__ import annotations

import math

import pygame

from ... import ui
from ...board import CACHE, draw
from ....i18n import get_language
from . import texts
from .common import (EARTH, EARTH_DARK, GOLD, HOLE, HOLE_R, INK, KINDS, PAPER, RIM, SHADOW, TUNNEL,
                     WALL, data, value_of)


def symbol(assets, name: str, size: int):
    """A sign or kind symbol (sprites/gopher/<name>.svg) at ``size`` pixels, or a plain disc."""
    def build():
        img = assets.image(f"gopher/{name}.svg", (size, size)) if assets is not None else None
        if img is not None:
            return img
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(surf, HOLE, (size // 2, size // 2), size // 2 - 1)
        return surf
    return CACHE.make(("gopher", "sym", name, size), build)


class GopherArt:
    """Mixed into the view: needs ``assets``, ``_px``, ``_k``, ``map_rect``, ``book_rect``."""

    # ---- page geometry ---------------------------------------------------------------------
    def hole_px(self, hole: int, rect=None) -> tuple:
        r = rect or self.map_rect
        x, y = data().holes[int(hole)]
        pad = r.w * 0.06
        return (int(r.x + pad + x / 100.0 * (r.w - 2 * pad)), int(r.y + pad + y / 100.0 * (r.h - 2 * pad)))

    def move_places(self, ev: dict) -> list:
        """The holes a rules event touched, for the kit's last-move marks."""
        half = max(6, int(self.unit() * 4.0))
        box = lambda h: pygame.Rect(0, 0, 2 * half, 2 * half).move(  # noqa: E731
            self.hole_px(h)[0] - half, self.hole_px(h)[1] - half)
        holes = {"move": [("from", ev.get("start")), ("to", ev.get("to"))], "place": [("to", ev.get("hole"))]}
        return [(r, h, box(h)) for r, h in holes.get(ev.get("type"), []) if isinstance(h, int)]

    def unit(self) -> float:
        """Pixels per page unit."""
        return self.map_rect.w * 0.88 / 100.0

    # ---- the book --------------------------------------------------------------------------
    def book_cover(self):
        r = self.book_rect
        def build():
            surf = pygame.Surface(r.size, pygame.SRCALPHA)
            rad = self._px(16)
            pygame.draw.rect(surf, (*SHADOW, 120), surf.get_rect().move(self._px(4), self._px(6)), border_radius=rad)
            body = surf.get_rect().inflate(-self._px(6), -self._px(8))
            pygame.draw.rect(surf, RIM, body, border_radius=rad)
            pygame.draw.rect(surf, INK, body, width=max(2, self._px(3)), border_radius=rad)
            # page edges stacked under the pages
            for i in range(4, 0, -1):
                e = self._rel(self.left_page).inflate(self._px(2 * i), self._px(2 * i)).union(
                    self._rel(self.map_rect).inflate(self._px(2 * i), self._px(2 * i)))
                pygame.draw.rect(surf, ui.mix(PAPER, INK, 0.12 + 0.05 * i), e, border_radius=self._px(6))
            # the left page: title and legend
            lp = self._rel(self.left_page)
            pygame.draw.rect(surf, ui.mix(PAPER, GOLD, 0.08), lp, border_radius=self._px(6))
            spine = pygame.Rect(lp.right - self._px(3), lp.y, self._px(6), lp.h)
            pygame.draw.rect(surf, ui.mix(PAPER, INK, 0.35), spine)
            return draw.convert(surf)
        return CACHE.make(("gopher", "cover", r.size, self.left_page.topleft, self.map_rect.topleft, self._k), build)

    def _rel(self, rect):
        return rect.move(-self.book_rect.x, -self.book_rect.y)

    def page_surface(self, page: int):
        """One page of the book (paper, tunnels, walls, holes, signs), at the map's size."""
        size = self.map_rect.size
        def build():
            d = data()
            pg = d.pages[int(page)]
            surf = pygame.Surface(size, pygame.SRCALPHA)
            rect = surf.get_rect()
            pygame.draw.rect(surf, PAPER, rect, border_radius=self._px(6))
            # faint earth grain so the page reads as a burrow map
            for i in range(0, rect.w, max(6, self._px(14))):
                pygame.draw.line(surf, ui.mix(PAPER, EARTH, 0.08), (i, 0), (i, rect.h), 1)
            u = self.unit()
            pos = {h: self.hole_px(h, rect) for h in d.hole_ids}
            tw = max(4, int(u * 3.0))
            for a, b in pg.tunnels:
                pygame.draw.line(surf, EARTH_DARK, pos[a], pos[b], tw + max(2, self._px(3)))
            for a, b in pg.tunnels:
                pygame.draw.line(surf, TUNNEL, pos[a], pos[b], tw)
            for w in pg.walls:
                a, b = (w if isinstance(w, (list, tuple)) else str(w).split("|"))[:2]
                pa, pb = pos[int(a)], pos[int(b)]
                mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                ln = math.hypot(dx, dy) or 1
                nx, ny = -dy / ln * u * 3.2, dx / ln * u * 3.2
                pygame.draw.line(surf, WALL, (mx - nx, my - ny), (mx + nx, my + ny), max(3, int(u * 1.4)))
                pygame.draw.line(surf, ui.mix(WALL, PAPER, 0.4), (mx - nx * 0.8, my - ny * 0.8),
                                 (mx + nx * 0.8, my + ny * 0.8), max(1, int(u * 0.35)))
            hr = max(6, int(u * HOLE_R))
            for h in d.hole_ids:
                p = pos[h]
                pygame.draw.circle(surf, EARTH_DARK, p, hr + max(2, self._px(2)))
                pygame.draw.circle(surf, ui.mix(PAPER, EARTH, 0.25), p, hr)
                what, amount = pg.signs[h]
                if what != "nothing":
                    s = symbol(self.assets, what, int(hr * 1.55))
                    surf.blit(s, s.get_rect(center=p))
                if what not in ("portal", "present", "nothing"):
                    t = draw.text(self.assets, str(amount), max(9, int(hr * 0.95)), INK, True)
                    badge = pygame.Rect(0, 0, max(t.get_width() + self._px(8), int(hr * 1.1)), int(hr * 1.0))
                    badge.center = (p[0] + int(hr * 0.95), p[1] + int(hr * 0.85))
                    pygame.draw.rect(surf, GOLD, badge, border_radius=badge.h // 2)
                    pygame.draw.rect(surf, INK, badge, width=max(1, self._px(2)), border_radius=badge.h // 2)
                    surf.blit(t, t.get_rect(center=badge.center))
                n = draw.text(self.assets, str(h), max(8, int(hr * 0.7)), ui.mix(INK, PAPER, 0.35))
                surf.blit(n, n.get_rect(midbottom=(p[0] - int(hr * 0.9), p[1] - int(hr * 0.7))))
            pygame.draw.rect(surf, ui.mix(PAPER, INK, 0.4), rect, width=max(1, self._px(2)), border_radius=self._px(6))
            return draw.convert(surf)
        return CACHE.make(("gopher", "page", int(page), size, self._k), build)

    # ---- pieces ------------------------------------------------------------------------------
    def token(self, seat: int, radius: int):
        pal = self._palette(seat)
        def build():
            d = radius * 2 + 6
            surf = pygame.Surface((d, d), pygame.SRCALPHA)
            c = (d // 2, d // 2)
            pygame.draw.circle(surf, (*SHADOW, 110), (c[0] + 2, c[1] + 3), radius)
            rgb = ui._to_rgb(pal.get("rgb"), GOLD)
            dark = ui._to_rgb(pal.get("dark"), INK)
            pygame.draw.circle(surf, rgb, c, radius)
            pygame.draw.circle(surf, dark, c, radius, max(2, radius // 6))
            # two little ears: a gopher seen from above
            for sx in (-1, 1):
                pygame.draw.circle(surf, dark, (c[0] + sx * int(radius * 0.62), c[1] - int(radius * 0.7)), max(2, radius // 4))
            ui.draw_marking(surf, pal.get("marking", "circle"), c, int(radius * 0.5), PAPER, INK)
            return surf
        return CACHE.make(("gopher", "token", seat, pal.get("id"), radius), build)

    def card(self, code: str, w: int, h: int, face_down: bool = False):
        def build():
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            r = surf.get_rect()
            rad = max(3, w // 8)
            if face_down:
                pygame.draw.rect(surf, RIM, r, border_radius=rad)
                inner = r.inflate(-w // 5, -w // 5)
                pygame.draw.rect(surf, ui.mix(RIM, PAPER, 0.25), inner, width=max(1, w // 24), border_radius=rad)
                s = symbol(self.assets, "digger" if code == "back" else "store", int(w * 0.5))
                s = s.copy()
                s.set_alpha(90)
                surf.blit(s, s.get_rect(center=r.center))
                pygame.draw.rect(surf, INK, r, width=max(1, w // 28), border_radius=rad)
                return surf
            pygame.draw.rect(surf, PAPER, r, border_radius=rad)
            kind = None if code == "digger" else code.split(":")[0]
            s = symbol(self.assets, kind or "digger", int(w * 0.62))
            surf.blit(s, s.get_rect(center=(r.centerx, int(r.h * 0.58))))
            if kind is not None:
                v = str(value_of(code))
                t = draw.text(self.assets, v, max(9, int(w * 0.34)), INK, True)
                surf.blit(t, (int(w * 0.1), int(h * 0.03)))
                t2 = draw.text(self.assets, v, max(8, int(w * 0.22)), INK, True)
                surf.blit(t2, t2.get_rect(bottomright=(w - int(w * 0.1), h - int(h * 0.02))))
            pygame.draw.rect(surf, RIM if kind else WALL, r, width=max(2, w // 18), border_radius=rad)
            return surf
        return CACHE.make(("gopher", "card", code, w, h, face_down), build)

    def legend(self, width: int):
        """The left page's legend: each symbol with its name."""
        def build():
            px = self._px(14)
            sz = self._px(24)
            rows = [(k, texts.kind(k)) for k in KINDS] + [
                ("store", texts.legend_name("store")),
                ("portal", texts.legend_name("portal")), ("present", texts.legend_name("present"))]
            room = width - sz - self._px(6)
            while px > self._px(10) and any(self.assets.font(px).size(lab)[0] > room for _n, lab in rows):
                px -= 1                     # a long name (French, German) shrinks, never cut
            surf = pygame.Surface((width, len(rows) * (sz + self._px(6))), pygame.SRCALPHA)
            y = 0
            for name, label in rows:
                surf.blit(symbol(self.assets, name, sz), (0, y))
                t = draw.text(self.assets, label, px, INK, False, room)
                surf.blit(t, t.get_rect(midleft=(sz + self._px(6), y + sz // 2)))
                y += sz + self._px(6)
            return surf
        return CACHE.make(("gopher", "legend", width, self._k, get_language()), build)
