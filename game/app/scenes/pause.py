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
        items = [("Resume", tr("pause.resume"), self.on_back), ("Rules", tr("common.rules"), self.rules),
                 ("Quick reference", tr("quickref.button"), self.quickref),
                 ("Settings", tr("common.settings"), self.settings),
                 ("Quit to title", tr("pause.quit_to_title"), self.quit_to_title)]
        if getattr(self.play.session, "online", None):       # a table online: its menu
            items.insert(1, ("Table", tr("online.table_button"),
                             lambda: self.app.open("online_menu", self.play)))
        bw, bh, gap = self.px(320), self.px(52), self.px(14)
        pw, ph = self.px(420), self.px(486) + (len(items) - 5) * (bh + gap)
        self.box = pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)
        x = w // 2 - bw // 2
        y = self.box.y + self.px(96)
        for i, (key, text, cb) in enumerate(items):
            self.button((x, y + i * (bh + gap), bw, bh), text, cb, key=key)
        self._lit = None            # lit by light_focus() once the focus is restored

    def on_show(self) -> None:
        self.focus.focus_key("Resume")
        self.light_focus()

    # the one highlighted button is the one the keyboard acts on; the pointer moves both
    def light_focus(self) -> None:
        """Give the highlight (the gold "primary" look) to the focused button only."""
        cur = self.focus.current
        el = cur.element if cur is not None else None
        if el is getattr(self, "_lit", None):
            return
        old = getattr(self, "_lit", None)
        if old is not None and old.alive():
            old.change_object_id(ui.fitting_button_id(old.text, old.rect.w, None, self.scale))
        if el is not None:
            el.change_object_id(ui.fitting_button_id(el.text, el.rect.w, "#primary", self.scale))
        self._lit = el

    def on_update(self, dt: float) -> None:
        self.light_focus()

    def on_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            for item in self.focus.items:
                el = item.element
                if el is not None and el.rect.collidepoint(event.pos) and item is not self.focus.current:
                    self.focus.focus_element(el)
                    break
        used = super().on_event(event)
        self.light_focus()
        return used

    def rules(self) -> None:
        self.app.open("rules", self.play.session.game_id)

    def quickref(self) -> None:
        self.app.open("quickref", self.play.session.game_id)

    def settings(self) -> None:
        self.app.open("settings")

    def quit_to_title(self) -> None:
        self.play.stop()
        if not self.play.session.is_over():
            self.play.session.save()
        self.app.go_title()

    def on_draw(self, surface) -> None:
        ui.dim(surface, 170)
        ui.draw_panel(surface, self.box, radius=self.px(18))
        ui.draw_text(surface, tr("pause.title"), ui.font(self.px(36), True), ui.colour("accent"),
                     (self.box.centerx, self.box.y + self.px(22)), "midtop", max_width=self.box.w - self.px(24))
        fnt = ui.font(self.px(14))
        note = pygame.Rect(self.box.x + self.px(16), 0, self.box.w - self.px(32), 0)
        text = tr(getattr(self.play.session, "pause_note", "pause.note"))   # a table online's own
        lines = ui.wrap(text, fnt, note.w)[:2]
        note.y = self.box.bottom - self.px(14) - len(lines) * int(fnt.get_linesize() * 1.15)
        ui.draw_wrapped(surface, " ".join(lines), fnt, ui.colour("text_muted"), note, align="center",
                        max_lines=2)
