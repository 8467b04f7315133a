"""Statistics › Deal of the day: a month of one person's deals of the day.  Each day shows a
mark per game played (the game's badge shape: Mole Dig a hexagon, Ants & Grasshopper a
circle, Hamster Burrow a square, Forest Gold a shield, Gopher's Pantry an octagon; filled gold
for a win or a solo deal finished), and the day picked (arrow keys, or a click) lists each
result.  Above: the streak, the best streak and the days played.  Page Up / Page Down (or the
buttons) change the month."""
from __future__ import annotations

import calendar as cal
import datetime
import logging
import math

import pygame
from babel import dates as babel_dates

from ...i18n import get_language, number, tr
from ...rules import GAMES
from ..progress import daily
from ..store import setups
from .. import ui
from ..progress.daily_words import long_date, result_line
from ..words.names import game_title
from ..stats_tabs import build_tabs
from .base import Scene

log = logging.getLogger(__name__)

SHAPES = {"moles": 6, "ants": 0, "hamster": 4, "forest": -1, "gopher": 8}


def draw_game_mark(surface, gid: str, centre, r: int, filled: bool) -> None:
    """The small badge of a game: its shape, in its colour (gold when ``filled``)."""
    info = GAMES.get(gid)
    base = tuple(getattr(info, "colour", None) or (150, 120, 90))
    fill = (242, 193, 78) if filled else base
    ink = (43, 29, 20)
    x, y = centre
    sides = SHAPES.get(gid, 0)
    if sides == 0:
        pygame.draw.circle(surface, fill, centre, r)
        pygame.draw.circle(surface, ink, centre, r, max(1, r // 5))
        return
    if sides == -1:          # a shield
        pts = [(x - r, y - r * 0.8), (x + r, y - r * 0.8), (x + r * 0.9, y + r * 0.1), (x, y + r),
               (x - r * 0.9, y + r * 0.1)]
    elif sides == 4:
        rect = pygame.Rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7)
        pygame.draw.rect(surface, fill, rect, border_radius=max(1, r // 3))
        pygame.draw.rect(surface, ink, rect, max(1, r // 5), border_radius=max(1, r // 3))
        return
    else:
        start = -90 if sides == 6 else -67.5
        pts = [(x + r * math.cos(math.radians(start + 360 * i / sides)),
                y + r * math.sin(math.radians(start + 360 * i / sides))) for i in range(sides)]
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, ink, pts, max(1, r // 5))


def weekday_names(lang: str) -> list[str]:
    try:
        names = babel_dates.get_day_names("abbreviated", locale=lang)
        return [names[i] for i in range(7)]
    except Exception:  # noqa: BLE001
        log.warning("weekday_names: fell back after an error", exc_info=True)
        return ["1", "2", "3", "4", "5", "6", "7"]


def month_name(year: int, month: int, lang: str) -> str:
    try:
        return babel_dates.format_skeleton("yMMMM", datetime.date(year, month, 1), locale=lang)
    except Exception:  # noqa: BLE001
        log.warning("month_name: fell back after an error", exc_info=True)
        return f"{year}-{month:02d}"


class CalendarScene(Scene):
    name = "daily_calendar"

    def __init__(self, app, player: str | None = None):
        super().__init__(app)
        profiles, _ = setups.load_profiles()
        names = daily.players()
        names += [p["name"] for p in profiles if p["name"] not in names]
        self.names = names
        self.player = player if player in names else (names[0] if names else None)
        today = daily.today()
        self.today = today
        self.year, self.month = today.year, today.month
        self.day = today.day
        self.data: dict = {}

    # ---- the model -------------------------------------------------------------------------
    def _load(self) -> None:
        self.data = daily.month(self.player, self.year, self.month) if self.player else {}

    def set_player(self, name: str) -> None:
        self.player = name
        self.rebuild()

    def shift_month(self, d: int) -> None:
        m = self.month - 1 + d
        self.year, self.month = self.year + m // 12, m % 12 + 1
        self.day = min(self.day, cal.monthrange(self.year, self.month)[1])
        self.rebuild()

    def move_day(self, d: int) -> None:
        date = datetime.date(self.year, self.month, self.day) + datetime.timedelta(days=d)
        if (date.year, date.month) != (self.year, self.month):
            self.year, self.month, self.day = date.year, date.month, date.day
            self.rebuild()
        else:
            self.day = date.day

    # ---- layout -------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        m = self.px(32)
        build_tabs(self, "daily_calendar")
        rh = self.px(40)
        y = self.px(84)
        self._load()
        if self.names:
            self.dropdown((m, y, min(self.px(280), w // 3), rh), self.names, self.player,
                          self.set_player, key="player")
        nav = self.px(44)
        self.button((w // 2 - self.px(10) - nav, y, nav, rh), "‹", lambda: self.shift_month(-1),
                    key="prev", tooltip=tr("calendar.prev"))
        self.button((w // 2 + self.px(10) + self.px(220), y, nav, rh), "›", lambda: self.shift_month(1),
                    key="next", tooltip=tr("calendar.next"))
        self.month_rect = pygame.Rect(w // 2 - self.px(6), y, self.px(232), rh)
        bh = self.px(48)
        self.button((m, h - bh - self.px(18), self.px(200), bh), tr("common.back"), self.on_back, key="back")
        top = y + rh + self.px(14)
        bottom = h - bh - self.px(30)
        grid_w = int((w - 2 * m) * 0.62)
        self.grid = pygame.Rect(m, top, grid_w, bottom - top)
        self.detail = pygame.Rect(m + grid_w + self.px(16), top, w - 2 * m - grid_w - self.px(16), bottom - top)
        self.focus.add(ui.FocusItem(lambda: self.grid, key="grid"))

    def on_show(self) -> None:
        self.focus.focus_key("grid")

    def on_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and not self.dropdown_open():
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.shift_month(-1 if event.key == pygame.K_PAGEUP else 1)
                return True
            cur = self.focus.current
            moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -7, pygame.K_DOWN: 7}
            if cur is not None and cur.key == "grid" and event.key in moves:
                self.move_day(moves[event.key])
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            for day, rect in self._cells():
                if rect.collidepoint(event.pos):
                    self.day = day
                    self.focus.focus_key("grid")
                    return True
        return super().on_event(event)

    def _cells(self):
        g = self.grid
        head = self.px(26)
        first, days = cal.monthrange(self.year, self.month)
        rows = (first + days + 6) // 7
        cw, ch = g.w // 7, (g.h - head) // max(5, rows)
        for d in range(1, days + 1):
            k = first + d - 1
            yield d, pygame.Rect(g.x + (k % 7) * cw, g.y + head + (k // 7) * ch, cw - self.px(4), ch - self.px(4))

    # ---- drawing ------------------------------------------------------------------------------------
    def on_draw(self, surface) -> None:
        ui.draw_background(surface, strata=False)
        w, h = self.size
        m = self.px(32)
        lang = get_language()
        ui.draw_text(surface, tr("calendar.title"), ui.font(self.px(38), True), ui.colour("accent"),
                     (m, self.px(20)), max_width=getattr(self, "tabs_left", w - m) - m - self.px(12))
        ui.draw_text(surface, month_name(self.year, self.month, lang), ui.font(self.px(20), True),
                     ui.colour("text"), self.month_rect.center, "center", max_width=self.month_rect.w)
        if self.player is None:
            ui.draw_wrapped(surface, tr("calendar.empty"), ui.font(self.px(18)), ui.colour("text"),
                            (self.grid.x, self.grid.y + self.px(20), self.grid.w, 0))
            return
        g = self.grid
        ui.draw_panel(surface, g.inflate(self.px(12), self.px(12)), radius=self.px(12))
        names = weekday_names(lang)
        cw = g.w // 7
        for i, n in enumerate(names):
            ui.draw_text(surface, n, ui.font(self.px(14), True), ui.colour("text_muted"),
                         (g.x + i * cw + cw // 2, g.y + self.px(2)), "midtop", max_width=cw - 4)
        focused = self.focus.current is not None and self.focus.current.key == "grid"
        for d, rect in self._cells():
            date = datetime.date(self.year, self.month, d)
            played = self.data.get(d, {})
            fill = ui.mix(ui.colour("panel"), ui.colour("background"), 0.35)
            if d == self.day:
                fill = ui.mix(ui.colour("panel"), ui.colour("accent"), 0.25)
            pygame.draw.rect(surface, fill, rect, border_radius=self.px(6))
            if date == self.today:
                pygame.draw.rect(surface, ui.colour("accent"), rect, width=max(2, self.px(2)),
                                 border_radius=self.px(6))
            if d == self.day and focused:
                pygame.draw.rect(surface, ui.colour("text"), rect.inflate(4, 4), width=2,
                                 border_radius=self.px(7))
            ui.draw_text(surface, str(d), ui.font(self.px(13), True), ui.colour("text"),
                         (rect.x + self.px(4), rect.y + self.px(2)))
            done = [gid for gid in daily.games() if played.get(gid, {}).get("done")]
            r = max(3, min(self.px(8), rect.w // 12, rect.h // 5))
            for k, gid in enumerate(done):
                e = played[gid]
                cx = rect.x + r + self.px(4) + k * (2 * r + self.px(4))
                if cx + r > rect.right:
                    break
                draw_game_mark(surface, gid, (cx, rect.bottom - r - self.px(4)), r,
                               e["won"] or e["of"] == 1)
        self._draw_detail(surface)

    def _draw_detail(self, surface) -> None:
        r = self.detail
        ui.draw_panel(surface, r, radius=self.px(12))
        date = datetime.date(self.year, self.month, self.day)
        run = daily.streak(self.player, self.today)
        facts = tr("calendar.facts", streak=number(run), best=number(daily.best_streak(self.player)),
                   days=number(daily.days(self.player)))
        y = r.y + self.px(10)
        y += ui.draw_wrapped(surface, facts, ui.font(self.px(15), True), ui.colour("text"),
                             (r.x + self.px(12), y, r.w - self.px(24), 0), max_lines=2)
        pygame.draw.line(surface, ui.mix(ui.colour("panel"), ui.colour("text"), 0.3),
                         (r.x + self.px(12), y + self.px(6)), (r.right - self.px(12), y + self.px(6)))
        y += self.px(14)
        ui.draw_text(surface, long_date(date), ui.font(self.px(16), True), ui.colour("accent"),
                     (r.x + self.px(12), y), max_width=r.w - self.px(24))
        y += self.px(30)
        played = self.data.get(self.day, {})
        self._draw_legend(surface)
        if not played:
            ui.draw_wrapped(surface, tr("calendar.none"), ui.font(self.px(15)), ui.colour("text_muted"),
                            (r.x + self.px(12), y, r.w - self.px(24), 0))
            return
        fnt, small = ui.font(self.px(15), True), ui.font(self.px(14))
        rad = self.px(9)
        for gid in daily.games():
            e = played.get(gid)
            if e is None or y > self.legend_top - self.px(40):
                continue
            d = daily.deal(gid, date)
            draw_game_mark(surface, gid, (r.x + self.px(12) + rad, y + rad), rad,
                           bool(e.get("done") and (e["won"] or e["of"] == 1)))
            tx = r.x + self.px(12) + 2 * rad + self.px(8)
            ui.draw_text(surface, game_title(GAMES[gid]), fnt, ui.colour("text"), (tx, y),
                         max_width=r.right - tx - self.px(10))
            y += self.px(20)
            ui.draw_wrapped(surface, result_line(d, e), small, ui.colour("text_muted"),
                            (tx, y, r.right - tx - self.px(10), 0), max_lines=2)
            y += self.px(40)

    def _draw_legend(self, surface) -> None:
        """At the foot of the panel: which mark is which game, and what gold means."""
        r = self.detail
        games = daily.games()
        rows = (len(games) + 1) // 2
        lh, rad = self.px(20), self.px(7)
        fnt = ui.font(self.px(13))
        top = r.bottom - self.px(10) - (rows + 1) * lh
        self.legend_top = top - self.px(6)
        pygame.draw.line(surface, ui.mix(ui.colour("panel"), ui.colour("text"), 0.3),
                         (r.x + self.px(12), top - self.px(4)), (r.right - self.px(12), top - self.px(4)))
        col_w = (r.w - self.px(24)) // 2
        for k, gid in enumerate(games):
            x = r.x + self.px(12) + (k // rows) * col_w
            y = top + (k % rows) * lh
            draw_game_mark(surface, gid, (x + rad, y + lh // 2), rad, False)
            ui.draw_text(surface, game_title(GAMES[gid]), fnt, ui.colour("text_muted"),
                         (x + 2 * rad + self.px(6), y + lh // 2), "midleft",
                         max_width=col_w - 2 * rad - self.px(10))
        y = top + rows * lh
        x = r.x + self.px(12)
        draw_game_mark(surface, games[0], (x + rad, y + lh // 2), rad, True)
        ui.draw_text(surface, tr("calendar.gold"), fnt, ui.colour("text_muted"),
                     (x + 2 * rad + self.px(6), y + lh // 2), "midleft",
                     max_width=r.w - 2 * rad - self.px(30))
