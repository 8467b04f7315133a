"""Statistics: finished games per player, game and level (wins, best and average score), the
best solo scores, and a bar chart of one player's results over time.  Reached from the title;
Page Up / Page Down and the mouse wheel scroll the table, Esc goes back."""
from __future__ import annotations

import pygame

from ...i18n import number, tr
from ...rules import GAMES
from ..store import records, setups
from .. import ui
from ..words.names import game_title
from ..stats_tabs import build_tabs
from .base import Scene

CHART_GAMES = 30          # the chart shows this many of the player's latest games
COLUMNS = (("table.col_name", 0.19), ("table.col_game", 0.21), ("table.col_level", 0.20),
           ("table.col_played", 0.09), ("table.col_wins", 0.12), ("table.col_best", 0.09),
           ("table.col_average", 0.10))


def level_text(level: str) -> str:
    return tr(f"table.level_{level}") if level in ("human", "random", "beginner", "good", "expert") \
        else level


def fit_text(surface, text: str, px: int, col, pos, anchor: str, width: int, bold: bool = False):
    """Draw ``text`` in one line no wider than ``width`` (the text primitive shrinks it)."""
    ui.draw_text(surface, text, ui.font(px, bold), col, pos, anchor, max_width=max(1, width))


class StatsScene(Scene):
    name = "stats"

    def __init__(self, app):
        super().__init__(app)
        self.games, self.message = setups.load_stats()     # a note heads the table
        self.profiles, _ = setups.load_profiles()
        self.game_filter: str | None = None
        self.offset = 0
        self.player = self._names()[0] if self._names() else None

    # ---- the model ------------------------------------------------------------------------
    def _names(self) -> list[str]:
        """Everyone with a finished game under the filter: people first, most played first."""
        counts: dict[str, list] = {}
        for g in self.games:
            if self.game_filter is not None and g["game"] != self.game_filter:
                continue
            for s in g["seats"]:
                c = counts.setdefault(s["name"], [0, 0])
                c[0] += 1
                c[1] += s["kind"] == "human"
        return sorted(counts, key=lambda n: (-(counts[n][1] > 0), -counts[n][0], n.casefold()))

    def rows(self) -> list[dict]:
        return setups.summary(self.games, self.game_filter)

    def set_game(self, gid) -> None:
        self.game_filter = gid
        self.offset = 0
        names = self._names()
        if self.player not in names:
            self.player = names[0] if names else None
        self.rebuild()

    def set_player(self, name: str) -> None:
        self.player = name
        self.rebuild()

    def forget(self) -> None:
        """The chart's player leaves the saved players; the statistics stay."""
        if self.player is not None:
            problem = setups.forget_profile(self.player)
            if problem:
                self.message = problem
            self.profiles, _ = setups.load_profiles()
            self.rebuild()

    def scroll(self, d: int) -> None:
        visible = max(1, getattr(self, "visible_rows", 1))
        top = max(0, len(self.rows()) - visible)
        self.offset = max(0, min(top, self.offset + d))

    # ---- widgets ----------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        m = self.px(32)
        rh = self.px(40)
        build_tabs(self, "stats")        # games, deal of the day, achievements, replays
        self.controls_y = self.px(84)
        label_w = self.px(110)
        dd_w = min(self.px(300), (w - 2 * m) // 2 - label_w - self.px(20))
        gids = [g for g in GAMES if GAMES[g].available]
        glabels = [tr("table.all_games")] + [game_title(GAMES[g]) for g in gids]
        cur = glabels[0] if self.game_filter not in gids else glabels[1 + gids.index(self.game_filter)]
        self.dropdown((m + label_w, self.controls_y, dd_w, rh), glabels, cur,
                      lambda t: self.set_game(None if t == glabels[0] else gids[glabels.index(t) - 1]),
                      key="game")
        self.game_label_x = m
        self.player_label_x = w // 2 + self.px(10)
        names = self._names()
        if names:
            self.dropdown((self.player_label_x + label_w, self.controls_y, dd_w, rh), names,
                          self.player if self.player in names else names[0],
                          self.set_player, key="player")
        bw, bh = self.px(200), self.px(48)
        self.button((m, h - bh - self.px(18), bw, bh), tr("common.back"), self.on_back, key="back")
        self.hint_right = w - m
        if self.player is not None and self._colour_of(self.player) is not None:
            text = tr("table.forget_profile")
            fw = ui.font(self.px(15), True).size(text)[0] + self.px(40)
            self.button((w - m - fw, h - bh - self.px(18), fw, bh), text, self.forget, key="forget",
                        object_id="#small", tooltip=tr("table.forget_tip"))
            self.hint_right = w - m - fw - self.px(16)
        # the table above, the chart below
        self.row_h = self.px(30)
        top = self.controls_y + rh + self.px(18)
        bottom_bar = h - bh - self.px(30)
        chart_h = max(self.px(120), int((bottom_bar - top) * 0.42))
        solo = self.px(28)     # the line under the table: best solo score, which rows show
        self.table_rect = pygame.Rect(m, top, w - 2 * m, bottom_bar - top - chart_h - self.px(12) - solo)
        self.solo_y = self.table_rect.bottom + self.px(4)
        self.chart_rect = pygame.Rect(m, bottom_bar - chart_h, w - 2 * m, chart_h)
        self.note_h = 0      # a damaged file: the note heads the table, wrapped
        if self.message:
            fnt = ui.font(self.px(15))
            lines = ui.wrap(self.message, fnt, self.table_rect.w - self.px(24))
            self.note_h = len(lines) * int(fnt.get_linesize() * 1.15) + self.px(8)
        self.visible_rows = max(1, (self.table_rect.h - self.note_h - self.row_h - self.px(8)) // self.row_h)
        self.scroll(0)

    def on_show(self) -> None:
        self.focus.focus_key("game")

    def on_back(self) -> None:
        self.app.pop()

    def on_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) \
                and not self.dropdown_open():
            step = max(1, getattr(self, "visible_rows", 1) - 1)
            self.scroll(step if event.key == pygame.K_PAGEDOWN else -step)
            return True
        if event.type == pygame.MOUSEWHEEL and not self.dropdown_open():
            self.scroll(-int(event.y))
            return True
        return super().on_event(event)

    def solo_lines(self) -> list[str]:
        out = []
        for gid in sorted(records.SOLO_SCORE_GAMES):
            info = GAMES.get(gid)
            if info is None or (self.game_filter not in (None, gid)):
                continue
            bests = [records.best_solo(gid, v["id"]) for v in info.variants] or []
            bests.append(records.best_solo(gid))
            bests = [b for b in bests if b is not None]
            if bests:
                out.append(tr("table.best_solo", game=game_title(info), score=number(max(bests))))
        return out

    # ---- drawing -------------------------------------------------------------------------------
    def on_draw(self, surface) -> None:
        ui.draw_background(surface, strata=False)
        w, h = self.size
        m = self.px(32)
        fit_text(surface, tr("table.stats_title"), self.px(38), ui.colour("accent"), (m, self.px(20)),
                 "topleft", getattr(self, "tabs_left", w - m) - m - self.px(12), bold=True)
        cy = self.controls_y + self.px(20)
        label_w = self.px(104)
        fit_text(surface, tr("table.filter_game"), self.px(16), ui.colour("text"),
                 (self.game_label_x, cy), "midleft", label_w, bold=True)
        if self._names():
            fit_text(surface, tr("table.filter_player"), self.px(16), ui.colour("text"),
                     (self.player_label_x, cy), "midleft", label_w, bold=True)
        self._draw_table(surface)
        y = self.solo_y
        for line in self.solo_lines()[:1]:
            fit_text(surface, line, self.px(16), ui.colour("accent"), (m, y), "topleft",
                     (w - 2 * m) * 2 // 3 - self.px(12), True)
        self._draw_chart(surface)
        hint = tr("table.keys_hint")
        hx = m + self.px(220)
        hw = getattr(self, "hint_right", w - m) - hx
        fnt = ui.font(self.px(14))
        lines = len(ui.wrap(hint, fnt, hw))
        top = h - self.px(42) - lines * int(fnt.get_linesize() * 1.15) // 2
        ui.draw_wrapped(surface, hint, fnt, ui.colour("text_muted"), (hx, top, hw, 0), max_lines=3)

    def _colour_of(self, name: str):
        pal = ui.seat_palette()
        for p in self.profiles:
            if p["name"] == name:
                return pal[p["colour"] % len(pal)]
        return None

    def _draw_table(self, surface) -> None:
        r = self.table_rect
        ui.draw_panel(surface, r, radius=self.px(12))
        inner = r.inflate(-self.px(24), -self.px(12))
        if self.message:
            ui.draw_wrapped(surface, self.message, ui.font(self.px(15)), ui.colour("warning"),
                            (inner.x, inner.y, inner.w, 0))
            inner = pygame.Rect(inner.x, inner.y + self.note_h, inner.w, inner.h - self.note_h)
        rows = self.rows()
        if not rows:
            ui.draw_wrapped(surface, tr("table.empty"), ui.font(self.px(18)), ui.colour("text"),
                            (inner.x, inner.y + self.px(8), inner.w, 0))
            return
        xs, x = [], inner.x
        for _key, frac in COLUMNS:
            xs.append((x, int(inner.w * frac) - self.px(8)))
            x += int(inner.w * frac)
        y = inner.y
        for (key, _f), (cx, cw) in zip(COLUMNS, xs):
            fit_text(surface, tr(key), self.px(14), ui.colour("text_muted"), (cx, y), "topleft", cw, True)
        y += self.row_h
        shown = rows[self.offset:self.offset + self.visible_rows]
        for k, row in enumerate(shown):
            rr = pygame.Rect(inner.x - self.px(6), y - self.px(3), inner.w + self.px(12), self.row_h)
            if row["name"] == self.player:
                pygame.draw.rect(surface, ui.mix(ui.colour("panel"), ui.colour("accent"), 0.18), rr,
                                 border_radius=self.px(6))
            elif k % 2:
                pygame.draw.rect(surface, ui.mix(ui.colour("panel"), ui.colour("background"), 0.25), rr,
                                 border_radius=self.px(6))
            info = GAMES.get(row["game"])
            pct = round(100 * row["wins"] / row["played"]) if row["played"] else 0
            cells = [row["name"], game_title(info) if info else row["game"], level_text(row["level"]),
                     number(row["played"]), tr("table.wins_cell", wins=number(row["wins"]), percent=number(pct)),
                     "–" if row["best"] is None else number(row["best"]),
                     "–" if row["average"] is None else number(row["average"], decimals=1)]
            for c, (text, (cx, cw)) in enumerate(zip(cells, xs)):
                tx = cx
                if c == 0:
                    col = self._colour_of(row["name"])
                    if col is not None:
                        sw = self.px(14)
                        ui.draw_swatch(surface, col, pygame.Rect(cx, rr.centery - sw // 2, sw, sw))
                        tx += sw + self.px(6)
                fit_text(surface, text, self.px(16), ui.colour("text"), (tx, rr.centery), "midleft",
                         cw - (tx - cx))
            y += self.row_h
        if len(rows) > self.visible_rows:
            last = min(len(rows), self.offset + self.visible_rows)
            text = tr("table.rows", first=number(self.offset + 1), last=number(last), total=number(len(rows)))
            fit_text(surface, text, self.px(14), ui.colour("text_muted"),
                     (r.right, self.solo_y), "topright", r.w // 3)

    def _draw_chart(self, surface) -> None:
        r = self.chart_rect
        ui.draw_panel(surface, r, radius=self.px(12))
        inner = r.inflate(-self.px(28), -self.px(16))
        if self.player is None:     # nothing finished yet: say what will be drawn here
            fit_text(surface, tr("table.chart_legend"), self.px(15), ui.colour("text_muted"),
                     inner.center, "center", inner.w)
            return
        fit_text(surface, tr("table.chart_title", name=self.player), self.px(16), ui.colour("text"),
                 (inner.x, inner.y), "topleft", inner.w // 2, bold=True)
        fit_text(surface, tr("table.chart_legend"), self.px(13), ui.colour("text_muted"),
                 (inner.right, inner.y + self.px(2)), "topright", inner.w // 2 - self.px(12))
        results = setups.history(self.games, self.player, self.game_filter)[-CHART_GAMES:]
        area = pygame.Rect(inner.x, inner.y + self.px(28), inner.w, inner.h - self.px(28))
        if not results or area.h < self.px(20):
            fit_text(surface, tr("table.chart_empty", name=self.player), self.px(15),
                     ui.colour("text_muted"), area.center, "center", area.w)
            return
        scores = [s for s, _won in results if s is not None]
        hi = max([abs(s) for s in scores] + [1])
        base = area.bottom - self.px(16)
        pygame.draw.line(surface, ui.colour("text_muted"), (area.x, base), (area.right, base), 1)
        slot = area.w / CHART_GAMES
        bw = max(2, int(slot * 0.7))
        small = ui.font(self.px(11))
        for k, (score, won) in enumerate(results):
            x = int(area.x + k * slot + (slot - bw) / 2)
            height = max(self.px(3), int((base - area.y - self.px(14)) * (abs(score or 0) / hi)))
            bar = pygame.Rect(x, base - height, bw, height)
            fill = ui.colour("accent") if won else ui.mix(ui.colour("panel_edge"), ui.colour("text"), 0.35)
            pygame.draw.rect(surface, fill, bar, border_radius=max(1, bw // 5))
            if score is not None and small.size(number(score))[0] <= slot:
                img = small.render(number(score), True, ui.colour("text"))
                surface.blit(img, img.get_rect(midbottom=(bar.centerx, bar.y - 1)))
