"""Settings: language, window size, fullscreen, animation speed, computer speed, the expert's
think time, effects volume, music volume.  Saved at once.

The language applies at once through ``lang.choose_language`` (every screen relabels, the choice
is kept in the settings file as ``language``).
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIHorizontalSlider

from ... import i18n
from ...i18n import tr
from .. import lang as lang_mod
from ..store import settings as smod
from .. import ui
from ..words.names import think_label
from .base import Scene

VOLUME_STEP = 10          # percent a key press or a click beside the knob moves the volume
MUSIC_ON = 50             # the music volume Enter gives when the music is off


class SettingsScene(Scene):
    name = "settings"

    def build(self) -> None:
        w, h = self.size
        st = self.app.settings
        pw = min(w - self.px(80), self.px(640))
        self.box = pygame.Rect(w // 2 - pw // 2, self.px(96), pw, self.px(400))
        lx = self.box.x + self.px(28)
        cx = self.box.x + int(pw * 0.45)
        cw = self.box.right - self.px(28) - cx
        rh, gap = self.px(44), self.px(16)
        y = self.box.y + self.px(30)
        self.rows = []
        codes = list(i18n.LANGUAGES)
        names = [tr("language.name", lang=c) for c in codes]
        lang = i18n.get_language()
        self.rows.append((tr("language.label"), y))
        self.dropdown((cx, y, cw, rh), names, names[codes.index(lang)] if lang in codes else names[0],
                      lambda t: self.set_language(codes[names.index(t)]), key="language")
        y += rh + gap
        presets = [tuple(p) for p in smod.WINDOW_PRESETS if self.app.window_fits(tuple(p))] \
            or [tuple(smod.WINDOW_PRESETS[0])]
        if tuple(st.window) not in presets:
            presets.append(tuple(st.window))
        sizes = [tr("settings.size", width=a, height=b) for a, b in presets]
        self.rows.append((tr("settings.window"), y))
        self.dropdown((cx, y, cw, rh), sizes, sizes[presets.index(tuple(st.window))],
                      lambda t: self.set_window(presets[sizes.index(t)]), key="window")
        y += rh + gap
        on_off = [tr("settings.off"), tr("settings.on")]
        self.rows.append((tr("settings.fullscreen"), y))
        self.dropdown((cx, y, cw, rh), on_off, on_off[bool(st.fullscreen)],
                      lambda t: self.set_fullscreen(t == on_off[1]), key="fullscreen")
        y += rh + gap
        self.rows.append((tr("settings.animations"), y))
        labels = [tr(f"settings.speed.{s}") for s in smod.SPEEDS]
        self.dropdown((cx, y, cw, rh), labels, labels[smod.SPEEDS.index(st.speed)],
                      lambda t: self.set_speed(smod.SPEEDS[labels.index(t)]), key="speed")
        y += rh + gap
        self.rows.append((tr("polish.computer_speed"), y))
        cs_labels = [tr(f"polish.computer_speed.{c}") for c in smod.COMPUTER_SPEEDS]
        self.dropdown((cx, y, cw, rh), cs_labels,
                      cs_labels[smod.COMPUTER_SPEEDS.index(st.computer_speed)],
                      lambda t: self.set_computer_speed(smod.COMPUTER_SPEEDS[cs_labels.index(t)]),
                      key="computer_speed")
        y += rh + gap
        self.rows.append((tr("think.label"), y))
        think_labels = [think_label(t) for t in smod.THINK_TIMES]
        cur = smod.THINK_TIMES.index(st.expert_think) if st.expert_think in smod.THINK_TIMES \
            else smod.THINK_TIMES.index(smod.THINK_DEFAULT)
        self.dropdown((cx, y, cw, rh), think_labels, think_labels[cur],
                      lambda t: self.set_think(smod.THINK_TIMES[think_labels.index(t)]),
                      key="expert_think")
        y += rh + gap
        self.rows.append((tr("polish.volume"), y))
        self.volume_value_w = self.px(84)
        sw = cw - self.volume_value_w
        self.volume_slider = UIHorizontalSlider(pygame.Rect(cx, y + self.px(6), sw, rh - self.px(12)),
                                                st.volume, (0, 100), manager=self.ui,
                                                click_increment=VOLUME_STEP)
        self.volume_row = pygame.Rect(cx, y, cw, rh)
        self.focus.add(ui.FocusItem(lambda: self.volume_slider.rect,
                                    activate=lambda: self.set_volume(0 if st.volume else smod.VOLUME_DEFAULT, True),
                                    step=lambda d: self.set_volume(st.volume + d * VOLUME_STEP, True),
                                    element=self.volume_slider, key="volume"))
        y += rh + gap
        self.rows.append((tr("polish.music"), y))
        self.music_slider = UIHorizontalSlider(pygame.Rect(cx, y + self.px(6), sw, rh - self.px(12)),
                                               st.music, (0, 100), manager=self.ui,
                                               click_increment=VOLUME_STEP)
        self.music_row = pygame.Rect(cx, y, cw, rh)
        self.focus.add(ui.FocusItem(lambda: self.music_slider.rect,
                                    activate=lambda: self.set_music(0 if st.music else MUSIC_ON, True),
                                    step=lambda d: self.set_music(st.music + d * VOLUME_STEP, True),
                                    element=self.music_slider, key="music"))
        y += rh + gap
        self.box.h = y - self.box.y + self.px(10)
        self.label_x = lx
        self.row_h = rh
        bw, bh = self.px(200), self.px(52)
        self.button((w // 2 - bw // 2, self.box.bottom + self.px(30), bw, bh), tr("common.back"), self.on_back,
                    primary=True, key="back")

    def set_language(self, code: str) -> None:
        """Switch the language at once (every visible screen relabels) and keep it in the
        settings: the language platform's one call for it."""
        if code != i18n.get_language():
            lang_mod.choose_language(self.app, code)

    def set_window(self, size) -> None:
        self.app.settings.window = (int(size[0]), int(size[1]))
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

    def set_computer_speed(self, speed: str) -> None:
        self.app.settings.computer_speed = speed
        self.app.apply_settings()
        self.rebuild()

    def set_think(self, seconds: float) -> None:
        """The longest an expert computer takes for a move; the next move uses it."""
        self.app.settings.expert_think = float(seconds)
        self.app.apply_settings()
        self.rebuild()

    def set_volume(self, volume, from_key: bool = False) -> None:
        """The effects volume in percent (0 = no sound); saved at once."""
        volume = max(0, min(100, int(round(volume))))
        if volume == self.app.settings.volume:
            return
        self.app.settings.volume = volume
        self.app.apply_settings()
        if from_key:
            self.volume_slider.set_current_value(volume)
        self.app.sounds.play("click")       # hear the new volume

    def set_music(self, volume, from_key: bool = False) -> None:
        """The music loop's volume in percent (0 = no music); saved at once."""
        volume = max(0, min(100, int(round(volume))))
        if volume == self.app.settings.music:
            return
        self.app.settings.music = volume
        self.app.apply_settings()
        if from_key:
            self.music_slider.set_current_value(volume)

    def on_event(self, event) -> bool:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume_slider:
            self.focus.focus_element(self.volume_slider)
            self.set_volume(event.value)
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.music_slider:
            self.focus.focus_element(self.music_slider)
            self.set_music(event.value)
            return True
        return super().on_event(event)

    def fit_font(self, text: str, width: int):
        """The label font, smaller for a long label (German, Russian): never cut."""
        for n in range(18, 10, -1):
            f = ui.font(self.px(n), True)
            if f.size(text)[0] <= width:
                return f
        return f

    def volume_text(self, v=None) -> str:
        v = self.app.settings.volume if v is None else v
        return tr("polish.volume_value", percent=v) if v else tr("polish.volume_off")

    def on_draw(self, surface) -> None:
        ui.draw_background(surface)
        w, h = self.size
        ui.draw_text(surface, tr("common.settings"), ui.font(self.px(44), True), ui.colour("accent"),
                     (w // 2, self.px(30)), "midtop", max_width=w - self.px(40))
        ui.draw_panel(surface, self.box, radius=self.px(16))
        f = ui.font(self.px(18), True)
        for text, y in self.rows:
            ui.draw_text(surface, text, self.fit_font(text, self.volume_row.x - self.label_x - self.px(8)),
                         ui.colour("text"), (self.label_x, y + self.row_h // 2), "midleft")
        vt = self.volume_text()
        ui.draw_text(surface, vt, self.fit_font(vt, self.volume_value_w - self.px(6)), ui.colour("text"),
                     (self.volume_row.right, self.volume_row.centery), "midright")
        mt = self.volume_text(self.app.settings.music)
        ui.draw_text(surface, mt, self.fit_font(mt, self.volume_value_w - self.px(6)), ui.colour("text"),
                     (self.music_row.right, self.music_row.centery), "midright")
        note = tr("settings.saved_at_once")
        if self.app.notices:
            note = self.app.notices[-1]
        ui.draw_text(surface, note, ui.font(self.px(14)), ui.colour("text_muted"),
                     (w // 2, self.box.bottom + self.px(12)), "center", max_width=w - self.px(40))
