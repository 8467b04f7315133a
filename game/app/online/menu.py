"""The table's menu over the play screen (the *Table* button, or Menu → Table): the quick
messages everybody at the table sees ("Good move!", "Your turn", ...; no free text), the
table's code and address, and for the host each seat whose player is away, to hand to a
computer player of a level (or wait)."""
from __future__ import annotations

import pygame

from ...ai import DEFAULT_LEVEL, LEVELS
from ...i18n import tr
from ...net.protocol import QUICK
from .. import ui
from ..words.names import level_name
from ..scenes.base import Scene
from .lobby import spaced
from .play import quick_text


class OnlineMenuScene(Scene):
    name = "online_menu"
    overlay = True

    def __init__(self, app, play_scene):
        super().__init__(app)
        self.play = play_scene
        self.session = play_scene.session
        self.levels: dict[int, str] = {}

    def away_seats(self) -> list[int]:
        """The host's seats at other computers whose player is away."""
        if self.session.online != "host" or self.session.is_over():
            return []
        return [i for i, s in enumerate(self.session.seats)
                if s.get("kind") == "remote" and s.get("away")]

    def build(self) -> None:
        w, h = self.size
        away = self.away_seats()
        pw = min(w - self.px(80), self.px(640))
        bh, gap = self.px(46), self.px(10)
        rows = (len(QUICK) + 1) // 2
        ph = self.px(132) + rows * (bh + gap) + self.px(20)
        if away:
            ph += self.px(40) + len(away) * (bh + gap)
        ph += bh + self.px(30)
        ph = min(ph, h - self.px(20))
        self.box = pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)
        x0, width = self.box.x + self.px(24), pw - self.px(48)
        y = self.box.y + self.px(120)
        self.quick_y = y - self.px(28)
        can_say = self._can_say()
        cw = (width - gap) // 2
        for k, m in enumerate(QUICK):
            bx = x0 + (k % 2) * (cw + gap)
            by = y + (k // 2) * (bh + gap)
            self.button((bx, by, cw, bh), quick_text(m), lambda m=m: self.say(m), key=f"say_{m}",
                        enabled=can_say)
        y += rows * (bh + gap) + self.px(20)
        self.away_rows = []
        if away:
            self.away_y = y
            y += self.px(34)
            bw, dw = self.px(240), self.px(130)
            names = [level_name(v) for v in LEVELS]
            for seat in away:
                self.away_rows.append((seat, y + bh // 2))
                self.dropdown((x0 + width - bw - dw - gap, y, dw, bh), names,
                              level_name(self.levels.get(seat, DEFAULT_LEVEL)),
                              lambda t, s=seat, names=names: self.levels.__setitem__(
                                  s, LEVELS[names.index(t)]), key=f"level{seat}")
                self.button((x0 + width - bw, y, bw, bh), tr("online.give"),
                            lambda s=seat: self.give(s), key=f"give{seat}",
                            tooltip=tr("online.give_tip"))
                y += bh + gap
        self.button((self.box.centerx - self.px(110), self.box.bottom - bh - self.px(18),
                     self.px(220), bh), tr("online.menu.close"), self.on_back, key="close")
        self.focus.first_enabled()

    def _can_say(self) -> bool:
        s = self.session
        if s.online == "host":
            return bool(s.humans)
        return getattr(s, "connection", None) == "joined"

    def say(self, message: str) -> None:
        self.session.say(message)
        self.app.pop()

    def give(self, seat: int) -> None:
        self.session.give_to_computer(seat, self.levels.get(seat, DEFAULT_LEVEL))
        self.app.pop()

    def on_draw(self, surface) -> None:
        ui.dim(surface, 160)
        b = self.box
        ui.draw_panel(surface, b, radius=self.px(18))
        width = b.w - self.px(48)
        ui.draw_text(surface, tr("online.menu.title"), ui.font(self.px(30), True),
                     ui.colour("accent"), (b.centerx, b.y + self.px(18)), "midtop", max_width=width)
        code = getattr(self.session, "code", "") or ""
        line = tr("online.menu.code", code=spaced(code))
        if self.session.online == "host":
            addresses = self.session.addresses()
            if addresses:
                line = tr("online.menu.code_address", code=spaced(code), address=addresses[0])
        ui.draw_text(surface, line, ui.font(self.px(17), True), ui.colour("text"),
                     (b.centerx, b.y + self.px(60)), "midtop", max_width=width)
        small = ui.font(self.px(15), True)
        ui.draw_text(surface, tr("online.menu.quick"), small, ui.colour("text_muted"),
                     (b.x + self.px(24), self.quick_y), max_width=width)
        if self.away_rows:
            ui.draw_text(surface, tr("online.menu.away"), small, ui.colour("text_muted"),
                         (b.x + self.px(24), self.away_y), max_width=width)
            name_w = width - self.px(390)
            for seat, cy in self.away_rows:
                ui.draw_text(surface, self.session.seats[seat]["name"], ui.font(self.px(17), True),
                             ui.colour("warning"), (b.x + self.px(24), cy), "midleft",
                             max_width=name_w)
