"""Title screen: Continue (the newest saved game), Saved games, New game, Rules, Settings, Quit."""
from __future__ import annotations

import logging
import math

import pygame

from ... import __version__
from ...i18n import tr
from ...rules import GAMES
from .. import launch, ui
from ..store import saves
from ..words.names import game_title
from .base import Scene

log = logging.getLogger(__name__)

ANIMATE_SECONDS = 6.0    # the moles peek this long after the screen shows or is touched


class TitleScene(Scene):
    name = "title"

    def __init__(self, app):
        super().__init__(app)
        self.saved = None
        self.saved_count = 0
        self.save_message = None
        self.save_message_parts: list[str] = []
        self.time = 0.0
        self.anim_left = ANIMATE_SECONDS
        self._checked = False

    def show(self) -> None:
        self.check_save()
        super().show()

    def check_save(self) -> None:
        games, messages = saves.list_saves()
        self.saved = games[0] if games else None
        self.saved_count = len(games)
        self.save_message = " ".join(messages) or None
        self.save_message_parts = list(messages)
        self._checked = True

    def build(self) -> None:
        if not self._checked:
            self.check_save()
        w, h = self.size
        bh, gap = self.px(54), self.px(14)
        rows = 7 if self.saved_count else 6
        y, bh, gap = self.button_column(rows, bh, gap)
        cont_text = tr("title.continue")
        if self.saved is not None:
            info = GAMES.get(self.saved.game_id)
            if info is not None:
                cont_text = tr("title.continue_game", game=game_title(info))
        # as wide as the longest label needs (a long game name in German or Russian)
        bw = min(w - self.px(40), max(self.px(330), ui.font(self.px(17), True).size(cont_text)[0]
                                      + self.px(40)))
        x = w // 2 - bw // 2
        self.button((x, y, bw, bh), cont_text, self.continue_game, primary=True,
                    enabled=self.saved is not None, key="continue", object_id="#primary")
        # one row a button; Settings and Statistics share one (room for Play online)
        items = [[("New game", tr("common.new_game"), self.new_game),        # and the day's deal
                  ("Daily", tr("daily.button"), self.deal_of_the_day)],
                 [("Play online", tr("online.title_button"), self.online)],
                 [("Rules", tr("common.rules"), self.rules)],
                 [("Settings", tr("common.settings"), self.settings),
                  ("Statistics", tr("table.stats_button"), self.statistics)],
                 [("Quit", tr("common.quit"), self.app.quit)]]
        if self.saved_count:
            items.insert(0, [("Saved games", tr("title.saved_games", count=self.saved_count),
                              self.saved_games)])
        for i, row in enumerate(items):
            cw = (bw - gap * (len(row) - 1)) // len(row)
            for k, (key, text, cb) in enumerate(row):
                self.button((x + k * (cw + gap), y + (i + 1) * (bh + gap), cw, bh), text, cb,
                            key=key,
                            object_id="#primary" if (self.saved is None and i == 0) else None)
        self.focus.first_enabled()
        self.buttons_bottom = y + (len(items) + 1) * (bh + gap)

    def button_column(self, rows: int, bh: int, gap: int) -> tuple[int, int, int]:
        """(top, button height, gap) of the column of ``rows`` buttons: below the name and the
        subtitle, above the window's bottom edge (and the version) at every window size; the
        column moves up first, and only then do its buttons get a little lower."""
        w, h = self.size
        top_limit = (int(h * 0.13) + ui.font(self.px(76), True).get_height() + self.px(4)
                     + ui.font(self.px(21)).get_height() + self.px(14))   # the name, the subtitle
        bottom_limit = h - self.px(30)                          # the version line
        total = rows * bh + (rows - 1) * gap
        y = min(int(h * (0.36 if rows > 6 else 0.40)), bottom_limit - total)
        if y < top_limit:
            k = max(0.5, (bottom_limit - top_limit) / total)
            bh, gap = int(bh * k), int(gap * k)
            y = top_limit
        return y, bh, gap

    def on_back(self) -> None:
        # Esc on the title does not close the window by surprise: it points at Quit.
        self.focus.focus_key("Quit")
        self.focus.visible = True

    def on_show(self) -> None:
        self.anim_left = ANIMATE_SECONDS

    def on_event(self, event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.anim_left = ANIMATE_SECONDS
        return super().on_event(event)

    def on_update(self, dt: float) -> None:
        if self.anim_left > 0:
            self.time += dt
            self.anim_left -= dt

    def wants_frame(self) -> bool:
        return self.anim_left > 0

    # ---- actions ----------------------------------------------------------------------------
    def continue_game(self) -> None:
        if self.saved is None:
            return
        try:   # read again: a game played since may have moved on
            s = saves.read_autosave(self.saved.slot)
        except saves.SaveError as exc:
            self.save_message = str(exc)
            self.check_save()
            self.rebuild()
            return
        saves.set_current(s.slot)
        try:
            scene = self.app.scene("play", launch.saved(s))
        except Exception as exc:  # noqa: BLE001 - a saved game never crashes Continue
            log.debug("continue_game: fell back after an error", exc_info=True)  # drawn every frame: quiet
            message = saves.set_aside(s.slot, type(exc).__name__)
            self.check_save()
            self.save_message = " ".join(filter(None, [message, self.save_message]))
            self.save_message_parts.insert(0, message)
            self.rebuild()
            return
        self.app.go(scene)

    def saved_games(self) -> None:
        self.app.open("saved")

    def new_game(self) -> None:
        self.app.open("choose")

    def online(self) -> None:
        self.app.open("online")

    def rules(self) -> None:
        self.app.open("rules", None)

    def settings(self) -> None:
        self.app.open("settings")

    def deal_of_the_day(self) -> None:
        self.app.open("daily")

    def statistics(self) -> None:
        self.app.open("stats")

    # ---- drawing ---------------------------------------------------------------------------------
    def on_draw(self, surface) -> None:
        ui.draw_background(surface)
        w, h = self.size
        s = self.scale
        # a little mole peeking out of its hill, left and right of the title
        self._draw_hill(surface, (int(w * 0.16), int(h * 0.80)), s, 0.0)
        self._draw_hill(surface, (int(w * 0.85), int(h * 0.83)), s * 0.8, 1.7)
        title_font = ui.font(self.px(76), True)
        cx = w // 2
        ty = int(h * 0.13)
        shadow = ui.mix(ui.colour("background"), (0, 0, 0), 0.5)
        name = tr("app.name")
        ui.draw_text(surface, name, title_font, shadow, (cx + self.px(3), ty + self.px(4)), "midtop")
        r = ui.draw_text(surface, name, title_font, ui.colour("accent"), (cx, ty), "midtop")
        ui.draw_text(surface, tr("title.subtitle"), ui.font(self.px(21)), ui.colour("text_muted"),
                     (cx, r.bottom + self.px(4)), "midtop", max_width=w - self.px(40))
        ui.draw_text(surface, tr("app.version", version=__version__), ui.font(self.px(13)), ui.colour("text_muted"),
                     (w - self.px(12), h - self.px(10)), "bottomright")
        notes = []
        if self.save_message:
            notes.extend(m for m in self.save_message_parts if m)
        notes.extend(n for n in self.app.notices if n not in notes)
        if notes:
            y = getattr(self, "buttons_bottom", int(h * 0.85)) + self.px(6)
            bw = min(w - self.px(80), self.px(720))
            fnt = ui.font(self.px(16))
            lines = sum(len(ui.wrap(n, fnt, bw - self.px(32))) for n in notes)
            box = pygame.Rect(0, 0, bw, lines * int(fnt.get_linesize() * 1.15) + self.px(20))
            box.midtop = (cx, y)
            if box.bottom > h - self.px(8):
                box.bottom = h - self.px(8)
            ui.draw_panel(surface, box, fill=ui.mix(ui.colour("panel"), ui.colour("background"), 0.3),
                          edge=ui.colour("warning"), radius=self.px(10))
            yy = box.y + self.px(10)
            for n in notes:
                yy += ui.draw_wrapped(surface, n, fnt, ui.colour("warning"),
                                      (box.x + self.px(16), yy, box.w - self.px(32), 0))

    def _draw_hill(self, surface, base, s, phase) -> None:
        bx, by = base
        earth = ui.mix(ui.colour("panel_edge"), ui.colour("panel"), 0.3)
        dark = ui.mix(ui.colour("panel"), (0, 0, 0), 0.3)
        rw, rh = int(150 * s), int(70 * s)
        peek = (math.sin(self.time * 1.3 + phase) + 1) / 2
        # mole body
        mole = (92, 74, 66)
        head_y = by - rh * 0.55 - peek * 22 * s
        pygame.draw.ellipse(surface, mole, (bx - 32 * s, head_y - 30 * s, 64 * s, 70 * s))
        pygame.draw.ellipse(surface, (236, 170, 160), (bx - 9 * s, head_y - 2 * s, 18 * s, 12 * s))
        for dx in (-13, 13):
            pygame.draw.circle(surface, (25, 18, 14), (bx + dx * s, head_y - 12 * s), max(2, int(4 * s)))
        # the hill in front
        pygame.draw.ellipse(surface, dark, (bx - rw // 2, by - rh // 2 - int(4 * s), rw, rh))
        pygame.draw.ellipse(surface, earth, (bx - rw // 2, by - rh // 2, rw, rh))
        for i in range(7):
            ang = i * 0.9 + phase
            px = bx + math.cos(ang) * rw * 0.3
            py = by - rh * 0.15 + math.sin(ang * 1.7) * rh * 0.15
            pygame.draw.circle(surface, ui.mix(earth, ui.colour("text_muted"), 0.25), (px, py), max(2, int(5 * s)))
