"""Tables on a table server (``main.py serve``, game/net/server.py), the window's side: the
server's address (remembered), *Create a table* there (the usual set-up; the person at this
computer then takes their seat, the others join by the code), and *My tables*: every table of
that server this computer sits at, whose turn it is, opened again with the seat's token.

The questions to the server (``create``, ``mine``) run in a background thread and wake the
window with their answer; every problem is one sentence and the screen stays usable."""
from __future__ import annotations

import logging
import threading

import pygame

from ...i18n import tr
from .. import ui
from ..loop import wake
from ..scenes.base import Scene
from . import store
from .errors import sentence
from .lobby import spaced
from .start import HostSetupScene, game_line, network_available

log = logging.getLogger(__name__)

ROWS_SHOWN = 6


def _ask(url: str, type_: str, done, **fields) -> None:
    """``request(url, type_, **fields)`` in a thread; ``done(answer)`` there, then a wake."""
    def run():
        from ...net.client import request
        try:
            answer = request(url, type_, **fields)
        except Exception:  # noqa: BLE001 - no answer is one sentence, never a traceback
            log.warning("run: fell back after an error", exc_info=True)
            answer = {"t": "error", "code": "unreachable"}
        done(answer)
        wake.post()
    threading.Thread(target=run, name=f"table-server-{type_}", daemon=True).start()


def server_url(address: str) -> str | None:
    from ...net.client import address_url
    return address_url(address or "")


def table_line(row: dict) -> str:
    """How one of *My tables* stands, in a few words."""
    names = row.get("names") or []
    if row.get("over"):
        return tr("online.server.over")
    if not row.get("started"):
        return tr("online.server.waiting_players", count=int(row.get("free") or 0))
    if row.get("your_turn"):
        return tr("online.server.your_turn")
    turn = row.get("turn")
    if isinstance(turn, int) and 0 <= turn < len(names):
        return tr("online.server.their_turn", name=str(names[turn])[:40])
    return tr("online.server.playing")


class ServerScene(Scene):
    name = "online_server"

    def __init__(self, app):
        super().__init__(app)
        self.address = store.last_server()
        self.tables: list[dict] = []
        self.asked = False             # My tables was asked for at this address
        self.asking = False
        self._answer = None
        self.message = ""

    # ---- widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        m = self.px(28)
        top = self.px(96)
        self.left = pygame.Rect(m, top, int((w - 2 * m) * 0.40), h - top - self.px(150))
        rx = self.left.right + self.px(24)
        self.right = pygame.Rect(rx, top, w - m - rx, self.left.h)
        pad, bh = self.px(16), self.px(44)
        x, bw = self.left.x + pad, self.left.w - 2 * pad
        y = self.left.y + self.px(16)
        self.address_label_y = y
        self.entry((x, y + self.px(30), bw, bh), self.address, self._set_address, key="server",
                   max_length=120, placeholder=tr("online.server.address_example"))
        y += bh + self.px(46)
        self.about_y = y
        enabled = network_available()
        self.button((x, self.left.bottom - pad - 2 * bh - self.px(10), bw, bh),
                    tr("online.server.create"), self.create, primary=True, key="create",
                    enabled=enabled)
        self.button((x, self.left.bottom - pad - bh, bw, bh), tr("online.server.refresh"),
                    self.refresh, key="refresh", enabled=enabled and not self.asking)
        # My tables
        x, bw = self.right.x + pad, self.right.w - 2 * pad
        shown = self.tables[:ROWS_SHOWN]
        self.row_h = min(self.px(66), (self.right.h - self.px(50)) // max(1, ROWS_SHOWN))
        self.rows = []
        ob = self.px(150)
        for i, row in enumerate(shown):
            r = pygame.Rect(x, self.right.y + self.px(44) + i * self.row_h, bw,
                            self.row_h - self.px(8))
            self.rows.append((row, r))
            self.button((r.right - ob, r.centery - bh // 2, ob, bh), tr("online.server.open"),
                        lambda row=row: self.open_table(row), key=f"open{i}",
                        primary=bool(row.get("your_turn")), enabled=not row.get("over"))
        bh2 = self.px(52)
        self.button((m, h - bh2 - self.px(26), self.px(200), bh2), tr("common.back"),
                    self.on_back, key="back")

    def on_show(self) -> None:
        if not self.asked and self.address:
            self.refresh()
        self.focus.focus_key("open0" if self.tables else ("create" if self.address else "server"))

    def _set_address(self, text: str) -> None:
        if text != self.address:
            self.address, self.asked, self.tables = text, False, []

    def debug_info(self) -> dict:
        return {"message": self.message, "tables": [r.get("code") for r in self.tables],
                "asking": self.asking}

    # ---- the server ---------------------------------------------------------------------------
    def _url(self) -> str | None:
        url = server_url(self.address)
        if url is None:
            self.message = sentence("bad_address")
        return url

    def refresh(self) -> None:
        """Ask the server how this computer's tables there stand."""
        url = self._url()
        if url is None or self.asking:
            self.rebuild()
            return
        store.remember_server(self.address.strip())
        self.asked = True
        seats = store.seats_at(url)[:50]
        if not seats:
            self.tables, self.message = [], tr("online.server.none_yet")
            self.rebuild()
            return
        self.asking, self.message = True, tr("online.server.asking")
        _ask(url, "mine", lambda a: setattr(self, "_answer", (url, a)), tables=seats)
        self.rebuild()

    def create(self) -> None:
        if self._url() is None:
            self.rebuild()
            return
        store.remember_server(self.address.strip())
        self.app.open("choose", "server_setup")

    def open_table(self, row: dict) -> None:
        self.app.open("join", self.address.strip(), str(row.get("code") or ""), server=True)

    def on_update(self, dt: float) -> None:
        got, self._answer = self._answer, None
        if got is None:
            return
        url, answer = got
        self.asking = False
        if answer.get("t") == "tables":
            rows = [r for r in answer.get("tables") or [] if isinstance(r, dict)]
            for r in rows:
                if r.get("gone"):              # the server no longer keeps it
                    store.forget(str(r.get("code") or ""))
            self.tables = [r for r in rows if not r.get("gone")]
            self.tables.sort(key=lambda r: (bool(r.get("over")), not r.get("your_turn"),
                                            -float(r.get("updated") or 0)))
            self.message = "" if self.tables else tr("online.server.none_yet")
        else:
            self.message = sentence(answer.get("code"))
        if self.app.top is self:
            cur = self.focus.current
            self.rebuild()
            # the list came (Look at my tables, pressed by keys, had left the focus on Back):
            # the first table to open takes the keyboard, unless an address is being typed
            if self.tables and (cur is None or cur.key != "server"):
                self.focus.focus_key("open0")

    # ---- drawing ------------------------------------------------------------------------------
    def on_draw(self, surface) -> None:
        ui.draw_background(surface, strata=False)
        w, h = self.size
        m, pad = self.px(28), self.px(16)
        ui.draw_text(surface, tr("online.server.title"), ui.font(self.px(36), True),
                     ui.colour("accent"), (m, self.px(26)), max_width=w - 2 * m)
        small, head = ui.font(self.px(15)), ui.font(self.px(17), True)
        ui.draw_panel(surface, self.left, radius=self.px(16))
        x, bw = self.left.x + pad, self.left.w - 2 * pad
        ui.draw_text(surface, tr("online.server.address"), head, ui.colour("text_muted"),
                     (x, self.address_label_y), max_width=bw)
        ui.draw_wrapped(surface, tr("online.server.about"), small, ui.colour("text_muted"),
                        (x, self.about_y, bw, 0), max_lines=6)
        ui.draw_panel(surface, self.right, radius=self.px(16))
        x, bw = self.right.x + pad, self.right.w - 2 * pad
        ui.draw_text(surface, tr("online.server.mine"), head, ui.colour("text_muted"),
                     (x, self.right.y + self.px(14)), max_width=bw)
        name_f = ui.font(self.px(17), True)
        room = bw - self.px(166)
        for row, r in self.rows:
            title = " · ".join(filter(None, [game_line(row.get("game")),
                                             spaced(str(row.get("code") or ""))]))
            ui.draw_text(surface, title, name_f, ui.colour("text"), (r.x, r.centery),
                         "bottomleft", max_width=room)
            ui.draw_text(surface, table_line(row), small,
                         ui.colour("accent" if row.get("your_turn") else "text_muted"),
                         (r.x, r.centery + self.px(2)), max_width=room)
        if len(self.tables) > ROWS_SHOWN:
            ui.draw_text(surface, tr("online.server.more", count=len(self.tables) - ROWS_SHOWN),
                         small, ui.colour("text_muted"),
                         (x, self.right.bottom - self.px(30)), max_width=bw)
        if self.message:
            ui.draw_wrapped(surface, self.message, ui.font(self.px(17), True),
                            ui.colour("accent" if self.asking else "warning"),
                            (m, self.left.bottom + self.px(10), w - 2 * m, 0), align="center",
                            max_lines=2)


class ServerSetupScene(HostSetupScene):
    """The set-up of a table on the table server: the person at this computer plays one seat
    (then joins it like the others), the rest are people at other computers or computers that
    move on the server."""
    name = "server_setup"
    title_key = "online.server.setup_title"
    start_key = "online.server.create"

    def __init__(self, app, game_id: str):
        super().__init__(app, game_id)
        self.creating = False
        self._created = None

    def start(self) -> None:
        if self.creating:
            return
        seats = self.table_seats()
        here = [i for i, s in enumerate(seats) if s["kind"] == "human"]
        if len(here) != 1:
            self.message = tr("online.server.one_here")
            return
        try:
            options = self.collect_options()
        except ValueError as exc:
            self.message = tr("setup.cannot_start", reason=exc)
            return
        address = store.last_server()
        url = server_url(address)
        if url is None:
            self.message = sentence("bad_address")
            return
        rows = [{"kind": "computer" if s["kind"] == "computer" else "remote",
                 "level": s.get("level") or "good",
                 "name": "" if s["kind"] == "remote" else str(s.get("name") or "")[:40]}
                for s in seats]
        self.creating, self.message = True, tr("online.server.creating")
        me = seats[here[0]]
        _ask(url, "create", lambda a: setattr(self, "_created", (address, here[0], me, a)),
             game=self.game_id, variant=self.variant, options=options or {}, seats=rows,
             listed=False, timer=0)

    def on_update(self, dt: float) -> None:
        super().on_update(dt)
        got, self._created = self._created, None
        if got is None:
            return
        address, seat, me, answer = got
        self.creating = False
        if answer.get("t") == "created" and answer.get("code"):
            app = self.app                  # back to the server's screen, then to the table
            while len(app.stack) > 1 and app.top.name != ServerScene.name:
                app.pop()
            app.open("join", address, str(answer["code"]), seat=seat,
                     player={"name": me.get("name"), "colour": me.get("colour")}, server=True)
            return
        self.message = sentence(answer.get("code"))
