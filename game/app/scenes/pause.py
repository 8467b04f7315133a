"""Pause (Esc during a game): resume, rules, settings, quit to title.  The game stays saved."""
from __future__ import annotations

import pygame

from ...i18n import tr
from .. import ui
from .base import Scene


class PauseScene(Scene):
    name = "pause"
    overlay = True

    def __init__(self, app, play_scene):
        super().__init__(app)
        self.play = play_scene

    def build(self) -> None:
        w, h = self.size
        pw, ph = self.px(420), self.px(420)
        self.box = pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)
        bw, bh, gap = self.px(320), self.px(52), self.px(14)
        x = w // 2 - bw // 2
        y = self.box.y + self.px(96)
        items = [("Resume", tr("pause.resume"), self.on_back), ("Rules", tr("common.rules"), self.rules),
                 ("Settings", tr("common.settings"), self.settings),
                 ("Quit to title", tr("pause.quit_to_title"), self.quit_to_title)]
        for i, (key, text, cb) in enumerate(items):
            self.button((x, y + i * (bh + gap), bw, bh), text, cb, primary=(i == 0), key=key)

    def on_show(self) -> None:
        self.focus.focus_key("Resume")

    def rules(self) -> None:
        self.app.open("rules", self.play.ctl.game_id)

    def settings(self) -> None:
        self.app.open("settings")

    def quit_to_title(self) -> None:
        self.play.stop()
        if not self.play.ctl.is_over():
            self.play.ctl.save()
        self.app.go_title()

    def on_draw(self, surface) -> None:
        ui.dim(surface, 170)
        ui.draw_panel(surface, self.box, radius=self.px(18))
        ui.draw_text(surface, tr("pause.title"), ui.font(self.px(36), True), ui.colour("accent"),
                     (self.box.centerx, self.box.y + self.px(22)), "midtop", max_width=self.box.w - self.px(24))
        fnt = ui.font(self.px(14))
        note = pygame.Rect(self.box.x + self.px(16), 0, self.box.w - self.px(32), 0)
        lines = ui.wrap(tr("pause.note"), fnt, note.w)[:2]
        note.y = self.box.bottom - self.px(14) - len(lines) * int(fnt.get_linesize() * 1.15)
        ui.draw_wrapped(surface, " ".join(lines), fnt, ui.colour("text_muted"), note, align="center",
                        max_lines=2)
