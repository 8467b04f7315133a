"""The deal of the day: one row a game with today's table (solo, or against the day's
computers), how the person did, and Play / Continue / Practice and Share.  Reached from the
title; the calendar of past days is a tab of Statistics.

Share copies a short text (game, date, place or score, a small picture of squares) to the
clipboard; where there is no clipboard the text is shown instead.
"""
from __future__ import annotations

import pygame

from ...i18n import get_language, tr
from ...rules import GAMES
from ..progress import daily
from .. import launch, ui
from ..store import saves, setups
from ..progress.daily_words import saved_try, slot_of, long_date, result_line, setup_line
from ..words.names import game_title
from .base import Scene


class DailyScene(Scene):
    name = "daily"

    def __init__(self, app):
        super().__init__(app)
        self.date = daily.today()
        self.profiles, _ = setups.load_profiles()
        self.typed = tr("seat.player_n", number=1)
        self.player = self.profiles[0]["name"] if self.profiles else self.typed
        self.message = ""

    # ---- the model -------------------------------------------------------------------------
    def colour(self) -> int | None:
        p = next((p for p in self.profiles if p["name"] == self.player), None)
        return p["colour"] if p else None

    def set_player(self, name: str) -> None:
        self.player = name
        self.rebuild()

    def set_typed(self, text: str) -> None:
        self.typed = self.player = " ".join(text.split())[:20]

    def name_ok(self) -> bool:
        return bool(self.player.strip())

    def play(self, gid: str) -> None:
        if not self.name_ok():
            self.message = tr("daily.need_name")
            return
        d = daily.deal(gid, self.date)
        e = daily.entry(self.player, self.date, gid)
        if e is not None and not e["done"] and saved_try(d):
            try:
                s = saves.read_autosave(slot_of(d))
            except saves.SaveError as exc:
                self.message = str(exc)
                self.rebuild()
                return
            saves.set_current(s.slot)
            self.app.launch(lambda: launch.saved(s))
            return
        if not self.profiles:
            setups.add_profiles([{"name": self.player, "colour": 0}])
        self.app.launch(lambda: launch.daily(gid, self.player, self.colour(), self.date))

    def share(self, gid: str) -> None:
        e = daily.entry(self.player, self.date, gid)
        if not e or not e["done"]:
            return
        text = daily.share_text(self.player, gid, self.date, e, daily.streak(self.player, self.date))
        self.message = ""
        if daily.copy_to_clipboard(text):
            self.message = tr("daily.copied")
        else:
            self.app.open("share", text)

    def calendar(self) -> None:
        self.app.open("daily_calendar", self.player)

    # ---- layout ---------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        m = self.px(32)
        rh = self.px(40)
        self.head_h = self.px(118)
        names = [p["name"] for p in self.profiles]
        pw = min(self.px(300), w // 3)
        self.player_rect = pygame.Rect(w - m - pw, self.px(24), pw, rh)
        if names:
            self.dropdown(self.player_rect, names, self.player if self.player in names else names[0],
                          self.set_player, key="player")
        else:
            self.entry(self.player_rect, self.typed, self.set_typed, key="player", max_length=20,
                       placeholder=tr("daily.your_name"))
        bh = self.px(48)
        bottom = h - bh - self.px(18)
        self.button((m, bottom, self.px(200), bh), tr("common.back"), self.on_back, key="back")
        cw = min(self.px(260), w // 3)
        self.button((w - m - cw, bottom, cw, bh), tr("daily.calendar"), self.calendar, key="calendar")
        top = self.head_h
        n = len(daily.games())
        self.row_h = max(self.px(56), (bottom - self.px(12) - top) // max(1, n))
        self.rows = []
        bw = min(self.px(170), (w - 2 * m) // 6)
        for i, gid in enumerate(daily.games()):
            r = pygame.Rect(m, top + i * self.row_h, w - 2 * m, self.row_h - self.px(8))
            d = daily.deal(gid, self.date)
            e = daily.entry(self.player, self.date, gid) if self.name_ok() else None
            if e is None:
                label = tr("daily.play")
            elif not e["done"] and saved_try(d):
                label = tr("daily.continue")
            else:
                label = tr("daily.practice")
            by = r.centery - self.px(20)
            self.button((r.right - 2 * bw - self.px(18), by, bw, self.px(40)), label,
                        lambda g=gid: self.play(g), primary=e is None, key=f"play_{gid}")
            self.button((r.right - bw - self.px(8), by, bw, self.px(40)), tr("daily.share"),
                        lambda g=gid: self.share(g), key=f"share_{gid}",
                        enabled=bool(e and e["done"]), tooltip=tr("daily.share_tip"))
            self.rows.append((gid, r, d, e, r.right - 2 * bw - self.px(30)))

    def on_show(self) -> None:
        self.date = daily.today()           # the day may have changed while a game was played
        first = next((g for g in daily.games()), None)
        if first and (self.focus.current is None or self.focus.current.key in ("back", "player")):
            self.focus.focus_key(f"play_{first}")

    # ---- drawing -----------------------------------------------------------------------------------
    def on_draw(self, surface) -> None:
        ui.draw_background(surface, strata=False)
        w, h = self.size
        m = self.px(32)
        right = self.player_rect.x - self.px(16)
        ui.draw_text(surface, tr("daily.title"), ui.font(self.px(38), True), ui.colour("accent"),
                     (m, self.px(16)), max_width=right - m)
        ui.draw_text(surface, long_date(self.date), ui.font(self.px(18)), ui.colour("text"),
                     (m, self.px(68)), max_width=right - m)
        if self.name_ok():
            run = daily.streak(self.player, self.date)
            text = tr("daily.streak", count=run) if run else tr("daily.no_streak")
            ui.draw_text(surface, text, ui.font(self.px(16), True), ui.colour("accent"),
                         (self.player_rect.right, self.player_rect.bottom + self.px(8)), "topright",
                         max_width=self.player_rect.w + self.px(60))
        for gid, r, d, e, text_right in self.rows:
            ui.draw_panel(surface, r, radius=self.px(12))
            info = GAMES[gid]
            ih = r.h - self.px(12)
            iw = int(ih * 4 / 3)
            img = self.app.assets.image(f"games/{gid}.svg", (iw, ih))
            if img is not None:
                surface.blit(img, (r.x + self.px(8), r.y + self.px(6)))
            tx = r.x + iw + self.px(20)
            tw = text_right - tx
            lh = max(self.px(16), (r.h - self.px(8)) // 3)
            ui.draw_text(surface, game_title(info), ui.font(min(self.px(19), lh), True), ui.colour("text"),
                         (tx, r.y + self.px(4)), max_width=tw)
            ui.draw_text(surface, setup_line(d), ui.font(min(self.px(15), lh - 2)), ui.colour("text_muted"),
                         (tx, r.y + self.px(4) + lh), max_width=tw)
            col = ui.colour("accent") if e and e["done"] else ui.colour("text")
            ui.draw_text(surface, result_line(d, e), ui.font(min(self.px(15), lh - 2), True), col,
                         (tx, r.y + self.px(4) + 2 * lh), max_width=tw)
        if self.message:
            fnt = ui.font(self.px(15), True)
            tw = min(fnt.size(self.message)[0] + self.px(24), w - self.px(520))
            box = pygame.Rect(0, 0, max(self.px(80), tw), self.px(34))
            box.midbottom = (w // 2, h - self.px(24))
            ui.draw_panel(surface, box, radius=self.px(10))
            ui.draw_text(surface, self.message, fnt, ui.colour("accent"), box.center, "center",
                         max_width=box.w - self.px(16))
