"""Statistics › Achievements: every achievement of one saved player, with its badge, title and
line, the date it was earned or how far the player got ("3/5"); a hidden one stays a question
mark until it is earned.  Filter by game; Page Up / Page Down, the arrow keys on the list and
the mouse wheel scroll.

Also ``EarnedScene``: the moment at the end of a game when someone earned something (over the
results; OK, Enter or Esc closes it)."""
from __future__ import annotations

import datetime

import logging
import pygame
from babel import dates as babel_dates

from ...i18n import get_language, number, tr
from ...rules import GAMES
from ..progress import achievements
from ..store import setups
from .. import ui
from ..words.names import game_title
from ..store.saves import format_date
from ..stats_tabs import build_tabs
from .base import Scene

log = logging.getLogger(__name__)

HIDDEN_ICON = "achievements/hidden.svg"


def earned_date(when: int) -> str:
    try:
        return babel_dates.format_date(datetime.date.fromtimestamp(when), "medium",
                                       locale=get_language())
    except Exception:  # noqa: BLE001
        log.warning("earned_date: fell back after an error", exc_info=True)
        return format_date(when)


_greys: dict = {}


def _grey(name: str, img):
    """The badge in grey (not earned yet), made once per picture and size."""
    key = (name, img.get_size())
    out = _greys.get(key)
    if out is None:
        try:
            out = pygame.transform.grayscale(img)
            out.set_alpha(150)
        except (AttributeError, pygame.error):
            out = img
        if len(_greys) > 200:
            _greys.clear()
        _greys[key] = out
    return out


def draw_badge(scene, surface, ach, earned: bool, rect: pygame.Rect) -> None:
    """An achievement's badge (grey until earned; a question mark while hidden)."""
    name = ach.icon if earned or not ach.hidden else HIDDEN_ICON
    img = scene.app.assets.image(name, (rect.w, rect.h))
    if img is not None:
        surface.blit(img if earned else _grey(name, img), rect)


def title_of(ach, earned: bool) -> str:
    return tr(ach.title_key) if earned or not ach.hidden else tr("achievements.hidden_title")


def line_of(ach, earned: bool) -> str:
    return tr(ach.line_key) if earned or not ach.hidden else tr("achievements.hidden_line")


class AchievementsScene(Scene):
    name = "achievements"

    def __init__(self, app, player: str | None = None):
        super().__init__(app)
        profiles, _ = setups.load_profiles()
        store, self.message = achievements.load_store()
        names = [n for n in store if store[n]["earned"] or store[n]["progress"]]
        names += [p["name"] for p in profiles if p["name"] not in names]
        self.names = names
        self.player = player if player in names else (names[0] if names else None)
        self.game_filter: str | None = None
        self.offset = 0
        self.problem = achievements.problem()

    def rows(self) -> list:
        if self.player is None:
            return []
        out = [r for r in achievements.status(self.player)
               if self.game_filter is None or r[0].game == self.game_filter]
        out.sort(key=lambda r: (r[1] is None, -(r[1] or 0)))     # earned first, newest first
        return out

    def set_player(self, name: str) -> None:
        self.player, self.offset = name, 0
        self.rebuild()

    def set_game(self, gid) -> None:
        self.game_filter, self.offset = gid, 0
        self.rebuild()

    def scroll(self, d: int) -> None:
        top = max(0, len(self.rows()) - self.visible)
        self.offset = max(0, min(top, self.offset + d))

    def build(self) -> None:
        w, h = self.size
        m = self.px(32)
        build_tabs(self, "achievements")
        rh = self.px(40)
        y = self.px(84)
        gids = [g for g in GAMES if GAMES[g].available] + [achievements.BOX]
        labels = [tr("table.all_games")] + [game_title(GAMES[g]) if g in GAMES else tr("achievements.box")
                                            for g in gids[:-1]] + [tr("achievements.box")]
        cur = labels[0] if self.game_filter not in gids else labels[1 + gids.index(self.game_filter)]
        dw = min(self.px(280), (w - 2 * m) // 3)
        self.dropdown((m, y, dw, rh), labels, cur,
                      lambda t: self.set_game(None if t == labels[0] else gids[labels.index(t) - 1]),
                      key="game")
        if self.names:
            self.dropdown((m + dw + self.px(16), y, dw, rh), self.names, self.player, self.set_player,
                          key="player")
        self.summary_x = m + 2 * dw + self.px(32)
        bh = self.px(48)
        self.button((m, h - bh - self.px(18), self.px(200), bh), tr("common.back"), self.on_back, key="back")
        top = y + rh + self.px(14)
        self.list_rect = pygame.Rect(m, top, w - 2 * m, h - bh - self.px(30) - top)
        self.columns = 2 if self.list_rect.w >= self.px(1100) else 1
        self.item_h = self.px(74)
        per_col = max(1, (self.list_rect.h - self.px(12)) // self.item_h)
        self.visible = per_col * self.columns
        # the room left below the last row goes between the rows (no empty band at the foot)
        self.item_step = self.item_h + (self.list_rect.h - self.px(12) - per_col * self.item_h) // per_col
        self.scroll(0)
        self.focus.add(ui.FocusItem(lambda: self.list_rect, key="list"))

    def on_show(self) -> None:
        self.focus.focus_key("list")

    def on_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and not self.dropdown_open():
            page = max(1, self.visible - self.columns)
            cur = self.focus.current
            steps = {pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}
            if cur is not None and cur.key == "list":
                steps.update({pygame.K_UP: -self.columns, pygame.K_DOWN: self.columns})
            if event.key in steps:
                self.scroll(steps[event.key])
                return True
        if event.type == pygame.MOUSEWHEEL and not self.dropdown_open():
            self.scroll(-int(event.y) * self.columns)
            return True
        return super().on_event(event)

    def on_draw(self, surface) -> None:
        ui.draw_background(surface, strata=False)
        w, h = self.size
        m = self.px(32)
        ui.draw_text(surface, tr("achievements.title"), ui.font(self.px(38), True), ui.colour("accent"),
                     (m, self.px(20)), max_width=getattr(self, "tabs_left", w - m) - m - self.px(12))
        rows = self.rows()
        got = sum(1 for r in rows if r[1] is not None)
        if rows:
            ui.draw_text(surface, tr("achievements.summary", earned=number(got), count=len(rows)),
                         ui.font(self.px(16), True), ui.colour("text"),
                         (w - m, self.px(104)), "midright", max_width=w - m - self.summary_x)
        r = self.list_rect
        ui.draw_panel(surface, r, radius=self.px(12))
        note = self.problem or self.message
        if self.player is None or note:
            ui.draw_wrapped(surface, note or tr("achievements.empty"), ui.font(self.px(17)),
                            ui.colour("warning" if note else "text"),
                            (r.x + self.px(16), r.y + self.px(16), r.w - self.px(32), 0))
            if self.player is None:
                return
        col_w = (r.w - self.px(24)) // self.columns
        shown = rows[self.offset:self.offset + self.visible]
        per_col = max(1, self.visible // self.columns)
        for k, (ach, when, prog) in enumerate(shown):
            cx = r.x + self.px(12) + (k // per_col) * col_w
            cy = r.y + self.px(6) + (k % per_col) * getattr(self, "item_step", self.item_h)
            self._draw_item(surface, pygame.Rect(cx, cy, col_w - self.px(8), self.item_h - self.px(6)),
                            ach, when, prog)
        if len(rows) > self.visible:
            last = min(len(rows), self.offset + self.visible)
            ui.draw_text(surface, tr("table.rows", first=number(self.offset + 1), last=number(last),
                                     total=number(len(rows))),
                         ui.font(self.px(14)), ui.colour("text_muted"), (w - m, h - self.px(42)),
                         "midright", max_width=w // 3)

    def _draw_item(self, surface, rect, ach, when, prog) -> None:
        earned = when is not None
        if earned:
            pygame.draw.rect(surface, ui.mix(ui.colour("panel"), ui.colour("accent"), 0.16), rect,
                             border_radius=self.px(8))
        size = rect.h - self.px(6)
        draw_badge(self, surface, ach, earned, pygame.Rect(rect.x + self.px(4), rect.y + self.px(3), size, size))
        tx = rect.x + size + self.px(14)
        right_w = self.px(130)
        tw = rect.right - tx - right_w - self.px(8)
        col = ui.colour("text") if earned else ui.colour("text_muted")
        ui.draw_text(surface, title_of(ach, earned), ui.font(self.px(16), True), col,
                     (tx, rect.y + self.px(6)), max_width=tw)
        ui.draw_wrapped(surface, line_of(ach, earned), ui.font(self.px(14)), ui.colour("text_muted"),
                        (tx, rect.y + self.px(26), tw, 0), line_gap=1.05, max_lines=2)
        rx = rect.right - self.px(8)
        if earned:
            ui.draw_text(surface, earned_date(when), ui.font(self.px(14), True), ui.colour("accent"),
                         (rx, rect.centery), "midright", max_width=right_w)
        elif prog is not None and ach.target and not ach.hidden:
            bar = pygame.Rect(rx - right_w, rect.centery + self.px(4), right_w, self.px(8))
            pygame.draw.rect(surface, ui.mix(ui.colour("panel"), ui.colour("background"), 0.5), bar,
                             border_radius=self.px(4))
            part = bar.copy()
            part.w = int(bar.w * min(1.0, prog / ach.target))
            if part.w > 0:
                pygame.draw.rect(surface, ui.colour("accent"), part, border_radius=self.px(4))
            ui.draw_text(surface, tr("achievements.progress", have=number(min(prog, ach.target)),
                                     need=number(ach.target)),
                         ui.font(self.px(14), True), ui.colour("text"), (rx, bar.y - self.px(2)),
                         "bottomright", max_width=right_w)


class EarnedScene(Scene):
    """The moment: what each person earned in the game just finished."""
    name = "earned"
    overlay = True
    SHOWN = 4

    def __init__(self, app, earned: dict):
        super().__init__(app)
        self.items = [(name, a) for name, items in earned.items() for a in items]
        self.several = len(earned) > 1

    def build(self) -> None:
        w, h = self.size
        n = min(self.SHOWN, len(self.items))
        bw = min(w - self.px(80), self.px(640))
        bh = self.px(90) + n * self.px(78) + (self.px(26) if len(self.items) > n else 0) + self.px(76)
        self.box = pygame.Rect(w // 2 - bw // 2, max(self.px(10), h // 2 - bh // 2), bw, min(bh, h - self.px(20)))
        b = self.box
        self.button((b.centerx - self.px(100), b.bottom - self.px(64), self.px(200), self.px(46)),
                    tr("achievements.great"), self.on_back, primary=True, key="ok")

    def on_show(self) -> None:
        self.focus.focus_key("ok")

    def on_draw(self, surface) -> None:
        ui.dim(surface, 160)
        b = self.box
        ui.draw_panel(surface, b, radius=self.px(18), edge=ui.colour("accent"))
        ui.draw_text(surface, tr("achievements.new", count=len(self.items)), ui.font(self.px(30), True),
                     ui.colour("accent"), (b.centerx, b.y + self.px(22)), "midtop", max_width=b.w - self.px(40))
        y = b.y + self.px(84)
        for name, a in self.items[:self.SHOWN]:
            size = self.px(64)
            draw_badge(self, surface, a, True, pygame.Rect(b.x + self.px(28), y, size, size))
            tx = b.x + self.px(28) + size + self.px(16)
            tw = b.right - tx - self.px(24)
            title = tr(a.title_key)
            if self.several:
                title = tr("achievements.for_name", title=title, name=name)
            ui.draw_text(surface, title, ui.font(self.px(19), True), ui.colour("text"), (tx, y + self.px(4)),
                         max_width=tw)
            ui.draw_wrapped(surface, tr(a.line_key), ui.font(self.px(15)), ui.colour("text_muted"),
                            (tx, y + self.px(30), tw, 0), max_lines=2)
            y += self.px(78)
        more = len(self.items) - self.SHOWN
        if more > 0:
            ui.draw_text(surface, tr("achievements.more", count=more), ui.font(self.px(15), True),
                         ui.colour("text_muted"), (b.centerx, y), "midtop", max_width=b.w - self.px(40))
