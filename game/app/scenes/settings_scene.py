"""Settings: window size, fullscreen, animation speed, sound.  Saved at once."""
from __future__ import annotations

import pygame

from .. import settings as smod
from .. import ui
from .base import Scene


class SettingsScene(Scene):
    name = "settings"

    def build(self) -> None:
        w, h = self.size
        st = self.app.settings
        pw = min(w - self.px(80), self.px(640))
        self.box = pygame.Rect(w // 2 - pw // 2, self.px(110), pw, self.px(400))
        lx = self.box.x + self.px(28)
        cx = self.box.x + int(pw * 0.45)
        cw = self.box.right - self.px(28) - cx
        rh, gap = self.px(44), self.px(22)
        y = self.box.y + self.px(30)
        self.rows = []
        sizes = [f"{a} × {b}" for a, b in smod.WINDOW_PRESETS]
        cur = f"{st.window[0]} × {st.window[1]}"
        if cur not in sizes:
            sizes = sizes + [cur]
        self.rows.append(("Window size", y))
        self.dropdown((cx, y, cw, rh), sizes, cur, self.set_window, key="window")
        y += rh + gap
        self.rows.append(("Full screen (F11)", y))
        self.dropdown((cx, y, cw, rh), ["Off", "On"], "On" if st.fullscreen else "Off",
                      lambda t: self.set_fullscreen(t == "On"), key="fullscreen")
        y += rh + gap
        self.rows.append(("Animations", y))
        labels = [smod.SPEED_LABELS[s] for s in smod.SPEEDS]
        self.dropdown((cx, y, cw, rh), labels, smod.SPEED_LABELS[st.speed],
                      lambda t: self.set_speed(smod.SPEEDS[labels.index(t)]), key="speed")
        y += rh + gap
        self.rows.append(("Sound", y))
        self.dropdown((cx, y, cw, rh), ["On", "Off"], "On" if st.sound else "Off",
                      lambda t: self.set_sound(t == "On"), key="sound")
        y += rh + gap
        self.box.h = y - self.box.y + self.px(10)
        self.label_x = lx
        self.row_h = rh
        bw, bh = self.px(200), self.px(52)
        self.button((w // 2 - bw // 2, self.box.bottom + self.px(30), bw, bh), "Back", self.on_back,
                    primary=True, key="back")

    def set_window(self, text: str) -> None:
        a, _, b = text.partition("×")
        self.app.settings.window = (int(a), int(b))
        self.app.apply_settings()
        if not self.app.settings.fullscreen:
            self.app.apply_window()
        else:
            self.rebuild()

    def set_fullscreen(self, on: bool) -> None:
        self.app.settings.fullscreen = on
        self.app.apply_settings()
        self.app.apply_window()

    def set_speed(self, speed: str) -> None:
        self.app.settings.speed = speed
        self.app.apply_settings()
        self.rebuild()

    def set_sound(self, on: bool) -> None:
        self.app.settings.sound = on
        self.app.apply_settings()
        self.rebuild()
        if on:
            self.app.sounds.play("click")

    def on_draw(self, surface) -> None:
        ui.draw_background(surface)
        w, h = self.size
        ui.draw_text(surface, "Settings", ui.font(self.px(44), True), ui.colour("accent"),
                     (w // 2, self.px(30)), "midtop")
        ui.draw_panel(surface, self.box, radius=self.px(16))
        f = ui.font(self.px(18), True)
        for text, y in self.rows:
            ui.draw_text(surface, text, f, ui.colour("text"), (self.label_x, y + self.row_h // 2), "midleft")
        note = "Settings are saved at once."
        if self.app.notices:
            note = self.app.notices[-1]
        ui.draw_text(surface, note, ui.font(self.px(14)), ui.colour("text_muted"),
                     (w // 2, self.box.bottom + self.px(12)), "center", max_width=w - self.px(40))
