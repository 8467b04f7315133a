"""Play online: host a table, join one, or a table server's tables (``OnlineScene``), and the set-up of a hosted table
(``HostSetupScene``: the usual seats and options, where a seat can also be a person at another
computer; Start opens the table and its lobby)."""
from __future__ import annotations

import importlib.util

import pygame

from ...i18n import tr
from ..store import setups
from .. import ui
from ..words.names import game_title
from ..scenes.base import Scene
from ..scenes.seats import SeatsScene


def network_available() -> bool:
    """Whether this copy of the program can play on the network (websockets is there)."""
    try:
        return importlib.util.find_spec("websockets") is not None
    except (ImportError, ValueError):
        return False


class OnlineScene(Scene):
    name = "online"

    def __init__(self, app):
        super().__init__(app)
        self.available = network_available()

    def build(self) -> None:
        w, h = self.size
        bw = min(w - self.px(80), self.px(520))
        bh = self.px(56)
        x = w // 2 - bw // 2
        y = self.px(170)
        self.rows = []
        for key, text, about, cb in (
                ("host", tr("online.host"), tr("online.host_about"), self.host),
                ("join", tr("online.join"), tr("online.join_about"), self.join),
                ("server", tr("online.server.button"), tr("online.server.button_about"),
                 self.server)):
            self.button((x, y, bw, bh), text, cb, primary=key == "host", key=key,
                        enabled=self.available)
            self.rows.append((about, y + bh + self.px(6), bw))
            y += bh + self.px(70)
        self.note_y = y
        self.button((self.px(32), h - self.px(52) - self.px(26), self.px(200), self.px(52)),
                    tr("common.back"), self.on_back, key="back")
        self.focus.first_enabled()

    def host(self) -> None:
        self.app.open("choose", "host_setup")

    def join(self) -> None:
        self.app.open("join")

    def server(self) -> None:
        self.app.open("online_server")

    def on_draw(self, surface) -> None:
        ui.draw_background(surface)
        w, h = self.size
        ui.draw_text(surface, tr("online.title"), ui.font(self.px(44), True), ui.colour("accent"),
                     (w // 2, self.px(60)), "midtop", max_width=w - self.px(60))
        ui.draw_text(surface, tr("online.subtitle"), ui.font(self.px(18)),
                     ui.colour("text_muted"), (w // 2, self.px(122)), "midtop",
                     max_width=w - self.px(60))
        fnt = ui.font(self.px(16))
        for about, y, bw in self.rows:
            ui.draw_wrapped(surface, about, fnt, ui.colour("text_muted"),
                            (w // 2 - bw // 2, y, bw, 0), align="center", max_lines=2)
        if not self.available:
            ui.draw_wrapped(surface, tr("online.error.no_network"), ui.font(self.px(17), True),
                            ui.colour("warning"), (self.px(60), self.note_y, w - self.px(120), 0),
                            align="center", max_lines=3)


class HostSetupScene(SeatsScene):
    """The set-up screen of a table others join from their computers."""
    name = "host_setup"
    kinds = ("human", "remote", "computer")
    title_key = "online.setup.title"
    start_key = "online.setup.open"
    offer_guide = False

    def __init__(self, app, game_id: str):
        super().__init__(app, game_id)
        if self.count < 2 <= self.info.max_players:
            self.count = 2
        while len(self.seats) < self.count:
            self.seats.append(self._new_seat(len(self.seats), "computer"))
        if not any(s["kind"] == "remote" for s in self.seats[:self.count]):
            i = 1 if self.count > 1 else 0          # the first seat is the host's own
            self.seats[i]["kind"] = "remote"
            self.seats[i]["name"] = tr("seat.player_n", number=i + 1)

    def start(self) -> None:
        seats = self.table_seats()
        if not any(s["kind"] == "remote" for s in seats):
            self.message = tr("online.setup.need_remote")
            return
        try:
            options = self.collect_options()
        except ValueError as exc:
            self.message = tr("setup.cannot_start", reason=exc)
            return
        problem = setups.add_profiles([s for i, s in enumerate(seats) if s["kind"] == "human"
                                      and s["name"] != tr("seat.player_n", number=i + 1)])
        if problem and problem not in self.app.notices:
            self.app.notices.append(problem)
        from .host_session import host_new
        try:
            session = host_new(self.game_id, seats, variant=self.variant, options=options)
        except ValueError as exc:
            self.message = str(exc)
            return
        self.app.open("lobby", session)


def game_line(game_id) -> str:
    from ...rules import GAMES
    info = GAMES.get(game_id)
    return game_title(info) if info is not None else str(game_id or "")


def swatch(surface, colour: int, rect) -> None:
    pal = ui.seat_palette()
    ui.draw_swatch(surface, pal[int(colour or 0) % len(pal)], pygame.Rect(rect))
