"""The host's lobby: the table's code big and readable, the addresses to give, who has joined
and who is away; Start once every seat at another computer is taken, and a computer player
(of a level) for a seat nobody takes.  Back closes the table."""
from __future__ import annotations

import pygame

from ...ai import DEFAULT_LEVEL, LEVELS
from ...i18n import tr
from .. import ui
from ..words.names import level_name
from ..scenes.base import Scene
from .start import game_line, swatch


def spaced(code: str) -> str:
    """A code as it is read aloud: two groups of three letters."""
    half = (len(code) + 1) // 2
    return f"{code[:half]} {code[half:]}" if len(code) > 4 else code


def seat_status(row: dict, host: bool = True) -> str:
    """One line on a seat of the lobby: who plays it and whether they are there (``host``:
    as the host sees it, else as a player at another computer)."""
    kind = row.get("kind")
    if kind == "computer":
        return tr("play.kind.computer_plain", level=level_name(row.get("level", "")))
    if kind == "human":
        return tr("online.lobby.here" if host else "online.lobby.at_host")
    if row.get("away"):
        return tr("online.lobby.away")
    if row.get("taken"):
        return tr("online.lobby.joined")
    return tr("online.lobby.waiting")


class LobbyScene(Scene):
    name = "lobby"

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.handed = False           # the play screen took the session over
        self.levels = {}              # seat -> the level chosen for "give to a computer"
        self.message = ""

    # ---- widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        m = self.px(28)
        top = self.px(96)
        self.left = pygame.Rect(m, top, int((w - 2 * m) * 0.42), h - top - self.px(110))
        rx = self.left.right + self.px(24)
        self.right = pygame.Rect(rx, top, w - m - rx, self.left.h)
        lobby = self.session.lobby
        rows = lobby.get("seats") or []
        self.row_h = min(self.px(62), (self.right.h - self.px(40)) // max(1, len(rows)))
        bw, dw = self.px(230), self.px(130)
        self.row_rects = []
        started = lobby.get("started", False)
        for i, row in enumerate(rows):
            r = pygame.Rect(self.right.x + self.px(12), self.right.y + self.px(40) + i * self.row_h,
                            self.right.w - self.px(24), self.row_h - self.px(8))
            self.row_rects.append(r)
            free = row.get("kind") == "remote" and (row.get("away") or not row.get("taken"))
            if free:
                names = [level_name(v) for v in LEVELS]
                cur = self.levels.get(i, DEFAULT_LEVEL)
                bh = min(self.px(44), r.h)
                by = r.centery - bh // 2
                self.button((r.right - bw, by, bw, bh), tr("online.give"),
                            lambda i=i: self.give(i), key=f"give{i}",
                            tooltip=tr("online.give_tip"))
                self.dropdown((r.right - bw - dw - self.px(8), by, dw, bh), names,
                              level_name(cur),
                              lambda t, i=i, names=names: self.levels.__setitem__(
                                  i, LEVELS[names.index(t)]), key=f"level{i}")
        bh = self.px(52)
        by = h - bh - self.px(26)
        self.button((m, by, self.px(220), bh), tr("online.lobby.close"), self.on_back, key="back")
        sw = self.px(260)
        self.start_button = self.button((w - m - sw, by, sw, bh), tr("online.lobby.start"),
                                        self.start, primary=True, key="start",
                                        enabled=self.session.ready() and not started)
        self.status_at = (w - m - sw - self.px(20), by + bh // 2)
        self.status_width = w - 2 * m - sw - self.px(260)

    def on_show(self) -> None:
        self.focus.focus_key("start") or self.focus.focus_key("back")

    def debug_info(self) -> dict:
        """For the real-window test: the code and port to join with."""
        return {"code": self.session.code, "port": self.session.port,
                "ready": self.session.ready()}

    # ---- actions ------------------------------------------------------------------------------
    def give(self, seat: int) -> None:
        self.session.give_to_computer(seat, self.levels.get(seat, DEFAULT_LEVEL))

    def start(self) -> None:
        if self.session.ready():
            self.session.start()

    def on_update(self, dt: float) -> None:
        notices = self.session.poll_notices()
        if any(n[0] == "started" for n in notices):
            self.handed = True
            self.app.go(self.app.scene("play", self.session))
            return
        if notices:
            ready = self.session.ready()
            self.rebuild()
            if ready:
                self.focus.focus_key("start")

    def on_leave(self) -> None:
        if not self.handed:
            self.session.close()

    def stop(self) -> None:
        self.on_leave()

    # ---- drawing ------------------------------------------------------------------------------
    def on_draw(self, surface) -> None:
        ui.draw_background(surface, strata=False)
        w, h = self.size
        m = self.px(28)
        ui.draw_text(surface, tr("online.lobby.title", game=game_line(self.session.game_id)),
                     ui.font(self.px(36), True), ui.colour("accent"), (m, self.px(26)),
                     max_width=w - 2 * m)
        self._draw_code(surface)
        self._draw_seats(surface)
        lobby = self.session.lobby
        waiting = sum(1 for r in lobby.get("seats") or []
                      if r.get("kind") == "remote" and not r.get("taken"))
        text = tr("online.lobby.ready") if self.session.ready() else \
            tr("online.lobby.waiting_for", count=waiting)
        ui.draw_text(surface, text, ui.font(self.px(17), True),
                     ui.colour("accent" if self.session.ready() else "text_muted"),
                     self.status_at, "midright", max_width=self.status_width)

    def _draw_code(self, surface) -> None:
        r = self.left
        pad = self.px(18)
        ui.draw_panel(surface, r, radius=self.px(16))
        x, y, width = r.x + pad, r.y + pad, r.w - 2 * pad
        ui.draw_text(surface, tr("online.lobby.code"), ui.font(self.px(17), True),
                     ui.colour("text_muted"), (x, y), max_width=width)
        y += self.px(28)
        box = pygame.Rect(x, y, width, self.px(92))
        ui.draw_panel(surface, box, fill=ui.board_colour("paper"), edge=ui.colour("accent"),
                      radius=self.px(12), shadow=False)
        ui.draw_text(surface, spaced(self.session.code), ui.font(self.px(60), True),
                     ui.board_colour("ink"), box.center, "center", max_width=box.w - self.px(16))
        y = box.bottom + self.px(10)
        small = ui.font(self.px(15))
        y += ui.draw_wrapped(surface, tr("online.lobby.code_about"), small,
                             ui.colour("text_muted"), (x, y, width, 0), max_lines=3)
        y += self.px(12)
        ui.draw_text(surface, tr("online.lobby.address"), ui.font(self.px(17), True),
                     ui.colour("text_muted"), (x, y), max_width=width)
        y += self.px(26)
        for addr in self.session.addresses()[:3]:
            ui.draw_text(surface, addr, ui.font(self.px(22), True), ui.colour("text"), (x, y),
                         max_width=width)
            y += self.px(30)
        y += self.px(6)
        room = r.bottom - pad - y
        lines = max(1, room // max(1, int(small.get_linesize() * 1.15)))
        ui.draw_wrapped(surface, tr("online.lobby.firewall", port=self.session.port), small,
                        ui.colour("text_muted"), (x, y, width, 0), max_lines=lines)

    def _draw_seats(self, surface) -> None:
        r = self.right
        ui.draw_panel(surface, r, radius=self.px(16))
        ui.draw_text(surface, tr("online.lobby.seats"), ui.font(self.px(17), True),
                     ui.colour("text_muted"), (r.x + self.px(16), r.y + self.px(12)),
                     max_width=r.w - self.px(32))
        rows = self.session.lobby.get("seats") or []
        name_f, small = ui.font(self.px(18), True), ui.font(self.px(14))
        for i, (row, rect) in enumerate(zip(rows, self.row_rects)):
            s = min(self.px(34), rect.h - self.px(8))
            swatch(surface, row.get("colour", i), (rect.x, rect.centery - s // 2, s, s))
            free = row.get("kind") == "remote" and (row.get("away") or not row.get("taken"))
            right = rect.right - (self.px(376) if free else 0)
            tx = rect.x + s + self.px(12)
            ui.draw_text(surface, row.get("name", ""), name_f, ui.colour("text"),
                         (tx, rect.centery - self.px(2)), "bottomleft", max_width=right - tx)
            away = row.get("away")
            ui.draw_text(surface, seat_status(row), small,
                         ui.colour("warning" if away else "text_muted"),
                         (tx, rect.centery + self.px(2)), "topleft", max_width=right - tx)
