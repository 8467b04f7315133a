"""Ants & Grasshopper: the pictures of cards, insects, discs, figures, cubes, supply and ability
cards (drawn from the sprites, with plain stand-ins when a file is missing)."""
from __future__ import annotations

import pygame

from ... import ui
from ...board import draw
from . import texts
from .common import CREAM, GOLD, INK, KIND_RGB, _design, _mix


class AntsCards:
    def _kind_label(self, kind) -> str:
        return texts.kind(kind) if kind in self.data.kinds else str(kind or "").capitalize()

    def _kind_of_card(self, cid) -> str:
        return self.data.kinds[self.data.card_kind[cid]]

    def _sprite(self, name: str, size: int):
        key = ("spr", name, size)
        if key not in self._cache:
            self._cache[key] = self.assets.image(f"ants/{name}.svg", (size, size))
        return self._cache[key]

    def _card(self, cid, size: int, face_down: bool = False):
        """A round path card (face, insect badge) at diameter ``size``."""
        key = ("card", cid, size, face_down)
        img = self._cache.get(key)
        if img is not None:
            return img
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        if face_down or cid is None:
            spr = self._sprite("card_back", size)
            if spr is not None:
                img.blit(spr, (0, 0))
            else:
                pygame.draw.circle(img, ui.board_colour("card_rim"), (size // 2, size // 2), size // 2)
                pygame.draw.circle(img, INK, (size // 2, size // 2), size // 2, max(1, size // 30))
        else:
            kind = self._kind_of_card(cid)
            spr = self._sprite(f"kind_{kind}", size)
            if spr is not None:
                img.blit(spr, (0, 0))
            else:
                self._draw_kind_fallback(img, kind, size)
            ins = self.data.card_insect.get(cid)
            if ins:
                b = max(8, int(size * 0.36))
                cx, cy = int(size * 0.74), int(size * 0.26)
                pygame.draw.circle(img, (0, 0, 0, 70), (cx + max(1, b // 24), cy + max(1, b // 18)), b // 2)
                pygame.draw.circle(img, CREAM, (cx, cy), b // 2)
                pygame.draw.circle(img, INK, (cx, cy), b // 2, max(1, b // 16))
                icon = self._insect(ins, int(b * 0.8))
                img.blit(icon, icon.get_rect(center=(cx, cy)))
        self._cache[key] = img
        return img

    def _draw_kind_fallback(self, img, kind, size) -> None:
        col = KIND_RGB.get(kind, ui.board_colour("neutral"))
        c = size // 2
        pygame.draw.circle(img, col, (c, c), c)
        light = _mix(col, CREAM, 0.55)
        w = max(1, size // 40)
        if kind == "tablecloth":
            step = max(4, size // 7)
            for x in range(0, size, step * 2):
                pygame.draw.rect(img, light, (x, 0, step, size))
        elif kind == "tiles":
            step = max(4, size // 5)
            for d in range(-size, size * 2, step):
                pygame.draw.line(img, light, (d, 0), (d + size, size), w * 2)
                pygame.draw.line(img, light, (d, size), (d + size, 0), w * 2)
        elif kind == "stone":
            step = max(4, size // 5)
            for yy in range(step // 2, size, step):
                for xx in range((yy // step % 2) * step // 2, size, step):
                    pygame.draw.ellipse(img, light, (xx, yy - step // 3, step - w * 2, step * 2 // 3), w)
        else:
            step = max(4, size // 6)
            for x in range(0, size, step):
                pygame.draw.line(img, _mix(col, INK, 0.4), (x, 0), (x, size), w)
        mask = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(mask, (255, 255, 255, 255), (c, c), c)
        img.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pygame.draw.circle(img, INK, (c, c), c, max(1, size // 30))

    def _sprite_or(self, name: str, size: int, fallback):
        """``sprites/ants/<name>.svg`` at ``size``, or ``fallback(surface, size)`` drawn once
        (a missing or broken file never stops the game)."""
        spr = self._sprite(name, size)
        if spr is not None:
            return spr
        key = ("fallback", name, size)
        img = self._cache.get(key)
        if img is None:
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            fallback(img, size)
            self._cache[key] = img
        return img

    def _insect(self, ins: str, size: int):
        cols = {"ladybug": ui.board_colour("insect_ladybug"), "beetle": ui.board_colour("insect_beetle"), "bee": ui.board_colour("insect_bee"),
                "butterfly": ui.board_colour("insect_butterfly"), "dragonfly": ui.board_colour("insect_dragonfly"), "caterpillar": ui.board_colour("insect_caterpillar")}

        def draw(img, n):
            body = (n * 0.2, n * 0.1, n * 0.6, n * 0.8)
            pygame.draw.ellipse(img, cols.get(ins, ui.board_colour("insect_other")), body)
            pygame.draw.ellipse(img, INK, body, max(1, n // 14))
        return self._sprite_or(f"insect_{ins}", size, draw)

    def _symbol(self, kind: str, size: int):
        """The small round disc of a kind (for discs, prices, buttons)."""
        return self._sprite_or(f"symbol_{kind}", size, lambda img, n: self._draw_kind_fallback(img, kind, n))

    def _disc_back(self, size: int):
        def draw(img, n):
            c = (n // 2, n // 2)
            pygame.draw.circle(img, ui.board_colour("disc_wood"), c, n // 2)
            pygame.draw.circle(img, INK, c, n // 2, max(1, n // 16))
            pygame.draw.circle(img, ui.board_colour("disc_wood_rim"), c, n // 4, max(1, n // 16))
        return self._sprite_or("disc_back", size, draw)

    def _figure(self, name: str, size: int):
        def draw(img, n):
            col = ui.board_colour("ant") if name == "ant" else ui.board_colour("grasshopper")
            for j in range(3):
                pygame.draw.circle(img, col, (n // 2, int(n * (0.25 + 0.25 * j))), n // 7)
        return self._sprite_or(name, size, draw)

    def _icon(self, name: str, size: int):
        """A supply-card or ability icon (or a plain golden coin)."""
        def draw(img, n):
            pygame.draw.circle(img, GOLD, (n // 2, n // 2), n // 2 - 1)
            pygame.draw.circle(img, INK, (n // 2, n // 2), n // 2 - 1, max(1, n // 16))
        return self._sprite_or(name, size, draw)

    def _cube(self, seat: int, size: int):
        key = ("cube", seat, size)
        img = self._cache.get(key)
        if img is None:
            pal = self._palette(seat)
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            r = pygame.Rect(0, 0, size, size).inflate(-2, -2)
            pygame.draw.rect(img, pal.get("dark", INK), r.move(1, 1), border_radius=max(2, size // 5))
            pygame.draw.rect(img, pal["rgb"], r, border_radius=max(2, size // 5))
            pygame.draw.rect(img, INK, r, width=max(1, size // 10), border_radius=max(2, size // 5))
            ui.draw_marking(img, pal.get("marking", ""), r.center, max(2, size // 4),
                            ui.text_on(pal["rgb"]))
            self._cache[key] = img
        return img

    def _supply_card(self, sid, size, lit=False):
        key = ("supply", sid, size, lit)
        img = self._cache.get(key)
        if img is not None:
            return img
        w, h = size
        img = pygame.Surface(size, pygame.SRCALPHA)
        r = img.get_rect()
        if sid is None:
            pygame.draw.rect(img, (*ui.colour("panel"), 120), r, border_radius=self._px(10))
            pygame.draw.rect(img, ui.colour("panel_edge"), r, width=1, border_radius=self._px(10))
            t = self._text(texts.tab("empty"), self._px(12), ui.colour("text_muted"), False, w - self._px(6))
            img.blit(t, t.get_rect(center=r.center))
            self._cache[key] = img
            return img
        des = _design(sid)
        spec = self.data.designs.get(des, {})
        pygame.draw.rect(img, ui.board_colour("sheet_paper"), r, border_radius=self._px(10))
        pygame.draw.rect(img, ui.board_colour("supply_edge"), r, width=max(1, self._px(2)), border_radius=self._px(10))
        price = [self.data.kinds[i] for i in spec.get("price", ())]
        ps = max(8, min(self._px(22), (w - self._px(10)) // max(1, len(price)) - self._px(2)))
        # the name across the card's width (two lines at most, every word whole), then the
        # picture with the player mark beside it, then the price
        room = max(10, w - self._px(8))
        lines, px = self._fit_lines(texts.supply(des), self._px(12), room, 2)
        y = self._px(4)
        for ln in lines:
            t = self._text(ln, px, INK, True, room)
            img.blit(t, (self._px(5), y))
            y += t.get_height()
        isz = max(8, min(h - y - ps - self._px(10), int(w * 0.4)))
        img.blit(self._icon(f"supply_{des}", isz), (self._px(5), y + self._px(1)))
        tx = self._px(5) + isz + self._px(4)
        mark = self._text(texts.tab("mark", mark=spec.get("mark", "")), max(9, self._px(10)),
                          ui.board_colour("supply_mark"), False, max(10, w - tx - self._px(3)))
        img.blit(mark, mark.get_rect(midleft=(tx, y + self._px(1) + isz // 2)))
        x = self._px(6)
        y = h - ps - self._px(6)
        for kind in price:
            img.blit(self._symbol(kind, ps), (x, y))
            x += ps + self._px(2)
        self._cache[key] = img
        return img

    def _fit_lines(self, text: str, px: int, width: int, most: int, bold: bool = True) -> tuple:
        """(lines, size): ``text`` wrapped to ``width`` in at most ``most`` lines, at the largest
        size from ``px`` down to 9 px where every word fits whole."""
        size = px
        while True:
            f = self.assets.font(size, bold)
            lines = ui.wrap(text, f, width)
            if len(lines) <= most and all(f.size(ln)[0] <= width for ln in lines):
                return lines, size
            if size <= 9:
                if most >= 2 and len(lines) == 1 and " " not in text:
                    cut = max(1, max(i for i in range(1, len(text)) if f.size(text[:i] + "-")[0] <= width)
                              if f.size(text[:1] + "-")[0] <= width else 1)
                    cut = min(cut, (len(text) + 3) // 2)        # one long word, hyphenated near
                    return [text[:cut] + "-", text[cut:]], size   # its middle
                return lines[:most], size
            size -= 1

    def _ability_card(self, aid, owner, size):
        key = ("ability", aid, owner, size)
        img = self._cache.get(key)
        if img is not None:
            return img
        w, h = size
        img = pygame.Surface(size, pygame.SRCALPHA)
        r = img.get_rect()
        fill = (236, 226, 246) if owner is None else _mix(self._palette(owner)["rgb"], (255, 255, 255), 0.6)
        pygame.draw.rect(img, fill, r, border_radius=self._px(8))
        pygame.draw.rect(img, ui.board_colour("ability_edge"), r, width=max(1, self._px(2)), border_radius=self._px(8))
        lines, px = self._fit_lines(texts.ability(aid), max(9, self._px(11)), w - self._px(4), 2)
        labs = [self._text(ln, px, INK, True, w - self._px(4)) for ln in lines]
        lh = sum(lab.get_height() for lab in labs)
        isz = max(8, h - lh - self._px(8))
        img.blit(self._icon(f"ability_{aid}", isz), ((w - isz) // 2, self._px(3)))
        y = h - self._px(2) - lh
        for lab in labs:
            img.blit(lab, lab.get_rect(midtop=(w // 2, y)))
            y += lab.get_height()
        ab = self.data.abilities.get(aid, {})
        ins = ab.get("insect")
        sz = max(8, min(self._px(18), isz // 2))
        if ins:
            img.blit(self._insect(ins, sz), (self._px(3), self._px(3)))
        if owner is not None:
            ui.draw_swatch(img, self._palette(owner), pygame.Rect(w - sz - self._px(3), self._px(3), sz, sz))
        self._cache[key] = img
        return img

    def _shadow(self, d: int):
        key = ("shadow", d)
        img = self._cache.get(key)
        if img is None:
            img = pygame.Surface((d, d), pygame.SRCALPHA)
            pygame.draw.circle(img, (0, 0, 0, 80), (d // 2, d // 2), d // 2)
            self._cache[key] = img
        return img

