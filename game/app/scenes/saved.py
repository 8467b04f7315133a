"""Saved games: every game in progress with its seats, progress and date; Continue or Delete.

Delete asks once more ("Delete?" turns into "Sure?") before the file goes.  Damaged files are
never listed: the title screen says where they were put aside.
"""
from __future__ import annotations

import logging
import pygame

from ...i18n import tr
from .. import launch, ui
from ..store import saves
from .base import Scene

log = logging.getLogger(__name__)


class SavedGamesScene(Scene):
    name = "saved"

    def __init__(self, app):
        super().__init__(app)
        self.games: list = []
        self.messages: list[str] = []
        self.page = 0
        self.confirm: str | None = None     # the slot whose Delete was pressed once
        self.rows: list = []
        self.reload()

    def reload(self) -> None:
        self.games, self.messages = saves.list_saves()

    def per_page(self) -> int:
        w, h = self.size
        return max(1, (h - self.px(260)) // self.px(66))

    def build(self) -> None:
        w, h = self.size
        pw = min(w - self.px(60), self.px(980))
        x0 = w // 2 - pw // 2
        y = self.px(110)
        rh, gap = self.px(56), self.px(10)
        n = self.per_page()
        pages = max(1, -(-len(self.games) // n))
        self.page = min(self.page, pages - 1)
        shown = self.games[self.page * n:(self.page + 1) * n]
        label_font = ui.font(self.px(16), True)
        bw = max([self.px(130)] + [label_font.size(t)[0] + self.px(30) for t in
                                   (tr("common.continue"), tr("common.delete"), tr("saved.sure"))])
        self.rows = []
        for s in shown:
            text_w = pw - 2 * bw - self.px(40)
            self.rows.append((pygame.Rect(x0, y, text_w, rh), saves.describe_parts(s)))
            self.button((x0 + text_w + self.px(12), y, bw, rh), tr("common.continue"),
                        lambda s=s: self.continue_game(s), key=f"continue:{s.slot}")
            sure = self.confirm == s.slot
            self.button((x0 + text_w + bw + self.px(24), y, bw, rh),
                        tr("saved.sure") if sure else tr("common.delete"), lambda s=s: self.delete(s),
                        key=f"delete:{s.slot}", object_id="#primary" if sure else None)
            y += rh + gap
        by = max(y + self.px(16), h - self.px(90))
        bbw, bbh = self.px(180), self.px(50)
        if pages > 1:
            self.button((x0, by, bbw, bbh), tr("saved.newer"), lambda: self.turn_page(-1),
                        enabled=self.page > 0, key="newer")
            self.button((x0 + pw - bbw, by, bbw, bbh), tr("saved.older"), lambda: self.turn_page(1),
                        enabled=self.page < pages - 1, key="older")
        self.button((w // 2 - bbw // 2, by, bbw, bbh), tr("common.back"), self.on_back, primary=True,
                    key="back")
        self.footer_y = by
        self.focus.first_enabled()

    def turn_page(self, delta: int) -> None:
        self.page += delta
        self.confirm = None
        self.built = False
        self.rebuild()

    def continue_game(self, saved) -> None:
        try:   # read again: the list may be older than the file
            s = saves.read_autosave(saved.slot)
        except saves.SaveError as exc:
            self.messages = [str(exc)]
            self.reload()
            self.rebuild()
            return
        saves.set_current(s.slot)
        try:
            scene = self.app.scene("play", launch.saved(s))
        except Exception as exc:  # noqa: BLE001 - a saved game never crashes Continue
            log.debug("continue_game: fell back after an error", exc_info=True)  # drawn every frame: quiet
            self.messages = [saves.set_aside(s.slot, type(exc).__name__)]
            self.reload()
            self.rebuild()
            return
        self.app.go(scene)

    def delete(self, saved) -> None:
        if self.confirm != saved.slot:
            self.confirm = saved.slot
        else:
            self.confirm = None
            err = saves.delete_slot(saved.slot)
            self.messages = [err] if err else []
            self.reload()
        self.rebuild()

    def on_draw(self, surface) -> None:
        ui.draw_background(surface)
        w, h = self.size
        ui.draw_text(surface, tr("saved.title"), ui.font(self.px(40), True), ui.colour("accent"),
                     (w // 2, self.px(36)), "midtop", max_width=w - self.px(40))
        fnt, small_fnt = ui.font(self.px(17), True), ui.font(self.px(15))
        for rect, (head, seats) in self.rows:
            ui.draw_panel(surface, rect, radius=self.px(8))
            ui.draw_text(surface, head, fnt, ui.colour("text"),
                         (rect.x + self.px(14), rect.y + self.px(7)), "topleft",
                         max_width=rect.w - self.px(24))
            ui.draw_text(surface, seats, small_fnt, ui.colour("text_muted"),
                         (rect.x + self.px(14), rect.bottom - self.px(7)), "bottomleft",
                         max_width=rect.w - self.px(24))
        notes = list(self.messages)
        if not self.games:            # an empty page says so in its middle, not as a warning
            ui.draw_text(surface, tr("saved.none"), ui.font(self.px(20)), ui.colour("text_muted"),
                         (w // 2, h * 2 // 5), "center", max_width=w - self.px(60))
        y = getattr(self, "footer_y", h - self.px(90)) - self.px(8)
        small = ui.font(self.px(15))
        for n in reversed(notes[-3:]):
            ui.draw_text(surface, n, small, ui.colour("warning"), (w // 2, y), "midbottom",
                         max_width=w - self.px(60))
            y -= int(small.get_linesize() * 1.3)
