"""Join a table: the tables on the home network listed by themselves (LAN discovery in a
background thread), or an address and a code typed in; then a free seat to take, and the wait
for the host to start.  The joiner plays under the name and colour of a saved player.  Every
refusal and every connection that fails is said in one sentence, and the screen stays usable.
"""
from __future__ import annotations

import logging
import threading

import pygame

from ...i18n import tr
from ..store import setups
from .. import ui
from ..loop import wake
from ..scenes.base import Scene
from . import store
from .errors import sentence
from .lobby import seat_status, spaced
from .start import game_line, network_available, swatch

log = logging.getLogger(__name__)

BROWSE_SECONDS = 2.5
FOUND_SHOWN = 4


class JoinScene(Scene):
    name = "join"

    def __init__(self, app, address: str | None = None, code: str = "",
                 seat: int | None = None, player: dict | None = None, server: bool = False):
        """``address``, ``code`` (and the ``seat`` wished, the ``player``) given: a table of a
        table server (``server``) opened from *My tables* or just created, joined at once."""
        super().__init__(app)
        self.address = store.last_address() if address is None else address
        self.code = code
        self.wish = seat
        self.server = server
        self.auto = address is not None and bool(code)
        self.profiles, _ = setups.load_profiles()
        first = self.profiles[0] if self.profiles else {"name": "", "colour": 0}
        self.player = {"name": first["name"], "colour": first["colour"]}
        if player:
            self.player = {"name": str(player.get("name") or self.player["name"]),
                           "colour": player.get("colour", self.player["colour"])}
        self.client = None
        self.lobby: dict = {}
        self.seat: int | None = None
        self.phase = "form"              # form, connecting, pick (a seat), seated (waiting)
        self.message = ""
        self.handed = False
        self.found: list[dict] = []
        self._found_new = None
        self.looking = False
        self._retry_plain = False
        from ...net import discovery
        self.lan = discovery.mode() != "off" and not self.auto
        if self.lan and network_available():
            self.look()

    # ---- the home network ---------------------------------------------------------------------
    def look(self) -> None:
        """Browse for announced tables in the background; the window wakes with the list."""
        if self.looking:
            return
        self.looking = True

        def run():
            from ...net import discovery
            try:
                found = discovery.browse(BROWSE_SECONDS)
            except Exception:  # noqa: BLE001 - no list, the address still works
                log.warning("run: fell back after an error", exc_info=True)
                found = []
            self._found_new = found
            wake.post()
        threading.Thread(target=run, name="table-browse", daemon=True).start()

    def pick_found(self, entry: dict) -> None:
        self.address = f"{entry.get('address')}:{entry.get('port')}"
        self.code = str(entry.get("code") or "")
        self.join()

    # ---- widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        m = self.px(28)
        top = self.px(96)
        self.left = pygame.Rect(m, top, int((w - 2 * m) * 0.44), h - top - self.px(150))
        rx = self.left.right + self.px(24)
        self.right = pygame.Rect(rx, top, w - m - rx, self.left.h)
        pad = self.px(16)
        bh = self.px(44)
        # the home network's tables
        x, y, bw = self.left.x + pad, self.left.y + self.px(44), self.left.w - 2 * pad
        for i, entry in enumerate(self.found[:FOUND_SHOWN]):
            text = tr("online.join.found", game=game_line(entry.get("game")),
                      name=entry.get("host") or entry.get("name", ""))
            self.button((x, y, bw, bh), text, lambda e=entry: self.pick_found(e),
                        key=f"found{i}", enabled=self.phase == "form")
            y += bh + self.px(8)
        self.found_bottom = y
        if self.lan:
            self.button((x, self.left.bottom - pad - bh, self.px(200), bh), tr("online.join.look"),
                        self.look, key="look", enabled=not self.looking and self.phase == "form")
        # the address, the code, the player; or the seats once at the table
        x, bw = self.right.x + pad, self.right.w - 2 * pad
        self.labels = []
        if self.phase in ("form", "connecting"):
            y = self.right.y + self.px(16)
            for key, label, value, cb, limit in (
                    ("address", tr("online.join.address"), self.address, self._set_address, 80),
                    ("code", tr("online.join.code"), self.code, self._set_code, 16)):
                self.labels.append((label, y))
                self.entry((x, y + self.px(30), bw, bh), value, cb, key=key, max_length=limit,
                           placeholder=tr(f"online.join.{key}_example"))
                y += bh + self.px(46)
            self.labels.append((tr("online.join.you"), y))
            sw = self.px(44)
            self.swatch_rect = pygame.Rect(x, y + self.px(30), sw, bh)
            pb = self.px(40)
            self.entry((x + sw + self.px(8), y + self.px(30), bw - sw - pb - self.px(16), bh),
                       self.player["name"], self._set_name, key="name", max_length=20,
                       placeholder=tr("online.join.name_example"))
            self.button((x + bw - pb, y + self.px(30), pb, bh), "\u2026", self.next_profile,
                        key="profile", tooltip=tr("table.profile_tip"))
            y += bh + self.px(46)
            self.button((x + bw - self.px(220), y, self.px(220), self.px(52)),
                        tr("online.join.join"), self.join, primary=True, key="join",
                        enabled=self.phase == "form")
        else:
            self.swatch_rect = None
            self.seat_rows = []
            rows = self.lobby.get("seats") or []
            rh = min(self.px(58), (self.right.h - self.px(50)) // max(1, len(rows)))
            for i, row in enumerate(rows):
                r = pygame.Rect(x, self.right.y + self.px(44) + i * rh, bw, rh - self.px(6))
                self.seat_rows.append((i, row, r))
                if self.phase == "pick" and row.get("kind") == "remote" and not row.get("taken"):
                    self.button((r.right - self.px(200), r.y, self.px(200), r.h),
                                tr("online.join.take"), lambda i=i: self.sit(i), key=f"sit{i}",
                                primary=True)
        bh2 = self.px(52)
        self.button((m, h - bh2 - self.px(26), self.px(200), bh2), tr("common.back"),
                    self.on_back, key="back")

    def on_show(self) -> None:
        if self.auto:
            self.auto = False
            self.join()
        if self.phase == "form":
            self.focus.focus_key("join" if self.address and self.code else
                                 ("code" if self.address else "address"))

    def _set_address(self, text: str) -> None:
        self.address = text

    def _set_code(self, text: str) -> None:
        self.code = text

    def _set_name(self, text: str) -> None:
        self.player["name"] = text

    def next_profile(self) -> None:
        p = setups.next_profile(self.profiles, [self.player], 0)
        if p is None:
            self.message = tr("table.no_profiles")
        else:
            self.player = {"name": p["name"], "colour": p["colour"]}
        self.rebuild()

    def debug_info(self) -> dict:
        return {"phase": self.phase, "message": self.message,
                "code": getattr(self, "joined_code", None) if self.client else None}

    # ---- joining --------------------------------------------------------------------------------
    def join(self, token_ok: bool = True) -> None:
        from ...net.client import TableClient, address_url
        from ...net.protocol import normal_code
        if self.client is not None:
            return
        if not network_available():
            self.message = sentence("no_network")
            return
        url = address_url(self.address)
        if url is None:
            self.message = sentence("bad_address")
            return
        code = normal_code(self.code)
        if code is None:
            self.message = sentence("bad_code")
            return
        name = " ".join(str(self.player["name"]).split())[:20]
        held = store.token_for(code) if token_ok else None
        self._retry_plain = held is not None
        self.client = TableClient(url, code=code, name=name, colour=self.player["colour"],
                                  token=held[1] if held else None, seat=self.wish,
                                  wake=wake.post)
        self.client.start()
        self.url, self.joined_code = url, code
        self.phase, self.message = "connecting", tr("online.join.connecting")
        if not self.server:
            store.remember_address(self.address.strip())
        if name:
            setups.add_profiles([{"name": name, "colour": self.player["colour"]}])
        self.rebuild()

    def sit(self, seat: int) -> None:
        if self.client is not None:
            self.client.sit(seat)
            self.message = tr("online.join.sitting")

    def drop_client(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            client.close(2.0)

    def on_back(self) -> None:
        if self.client is not None:         # leave the table, stay on this screen
            self.drop_client()
            self.phase, self.message = "form", ""
            self.rebuild()
            return
        self.app.pop()

    def on_leave(self) -> None:
        if not self.handed:
            self.drop_client()

    def stop(self) -> None:
        self.on_leave()

    # ---- what arrives -----------------------------------------------------------------------------
    def on_update(self, dt: float) -> None:
        changed = False
        if self._found_new is not None:
            self.found, self._found_new, self.looking = self._found_new, None, False
            changed = True
        messages = self.client.poll() if self.client is not None else []
        for k, msg in enumerate(messages):
            t = msg.get("t")
            if t in ("welcome", "lobby") and isinstance(msg.get("lobby"), dict):
                self.lobby = msg["lobby"]
                changed = True
            if t == "welcome":
                self._welcome(msg)
            elif t == "state" and msg.get("started") and self.seat is not None:
                self._play(messages[k:])
                return
            elif t == "error":
                self.message = sentence(msg.get("code"))
                changed = True
            elif t == "closed":
                self._closed(str(msg.get("why") or "lost"))
                changed = True
                break
        if self.phase == "pick" and not any(
                r.get("kind") == "remote" and not r.get("taken") for r in self.lobby.get("seats") or []):
            self.drop_client()
            self.phase, self.message = "form", sentence("full")
            changed = True
        if changed and self.app.top is self:
            self.rebuild()

    def _welcome(self, msg: dict) -> None:
        seat, token = msg.get("seat"), msg.get("token")
        if isinstance(seat, int) and isinstance(token, str):
            self.seat = seat
            store.remember(self.joined_code, self.url, seat, token)
            if self.lobby.get("server") is True and not self.server:
                # a table server's table joined by its code: *Tables on a server* opens at
                # that server, where My tables lists it
                store.remember_server(self.address.strip())
            self.phase = "seated"
            if self.server:
                self.message = tr("online.server.waiting", code=spaced(self.joined_code))
            else:
                self.message = tr("online.join.waiting")
        else:
            self.phase, self.message = "pick", tr("online.join.pick")

    def _closed(self, why: str) -> None:
        self.drop_client()
        self.phase, self.seat = "form", None
        if why == "bad_token" and self._retry_plain:     # that seat is not ours any more
            store.forget(self.joined_code)
            self.join(token_ok=False)
            return
        self.message = sentence(why)

    def _play(self, pending: list) -> None:
        from .remote_session import RemoteSession
        try:
            session = RemoteSession(self.client, self.lobby, pending, address=self.address,
                                    code=self.joined_code)
            scene = self.app.scene("play", session)
        except Exception as exc:  # noqa: BLE001 - a picture this screen cannot show
            log.warning("_play: fell back after an error", exc_info=True)
            self.drop_client()
            self.phase, self.message = "form", tr("app.cannot_start", reason=exc)
            self.rebuild()
            return
        self.handed = True
        self.app.go(scene)

    # ---- drawing ------------------------------------------------------------------------------
    def _draw_server_table(self, surface, head, small) -> None:
        """A table of a table server: its code, big, and the server's address."""
        pad = self.px(16)
        x, bw = self.left.x + pad, self.left.w - 2 * pad
        y = self.left.y + self.px(14)
        ui.draw_text(surface, tr("online.lobby.code"), head, ui.colour("text_muted"), (x, y),
                     max_width=bw)
        if self.code:
            ui.draw_text(surface, spaced(self.joined_code if self.client else self.code.upper()),
                         ui.font(self.px(34), True), ui.colour("text"), (x, y + self.px(28)),
                         max_width=bw)
        y += self.px(84)
        ui.draw_text(surface, tr("online.server.address"), head, ui.colour("text_muted"), (x, y),
                     max_width=bw)
        ui.draw_text(surface, self.address, small, ui.colour("text"), (x, y + self.px(26)),
                     max_width=bw)

    def on_draw(self, surface) -> None:
        ui.draw_background(surface, strata=False)
        w, h = self.size
        m = self.px(28)
        ui.draw_text(surface, tr("online.join.title"), ui.font(self.px(36), True),
                     ui.colour("accent"), (m, self.px(26)), max_width=w - 2 * m)
        pad = self.px(16)
        small, head = ui.font(self.px(15)), ui.font(self.px(17), True)
        ui.draw_panel(surface, self.left, radius=self.px(16))
        if self.server:
            self._draw_server_table(surface, head, small)
        else:
            ui.draw_text(surface, tr("online.join.nearby"), head, ui.colour("text_muted"),
                         (self.left.x + pad, self.left.y + self.px(14)),
                         max_width=self.left.w - 2 * pad)
        if not self.found and not self.server:
            key = "online.join.looking" if self.looking else \
                ("online.join.none_found" if self.lan else "online.join.lan_off")
            ui.draw_wrapped(surface, tr(key), small, ui.colour("text_muted"),
                            (self.left.x + pad, self.found_bottom, self.left.w - 2 * pad, 0),
                            max_lines=4)
        ui.draw_panel(surface, self.right, radius=self.px(16))
        x, bw = self.right.x + pad, self.right.w - 2 * pad
        for label, y in self.labels if self.phase in ("form", "connecting") else []:
            ui.draw_text(surface, label, head, ui.colour("text_muted"), (x, y), max_width=bw)
        if self.swatch_rect is not None and self.phase in ("form", "connecting"):
            swatch(surface, self.player["colour"], self.swatch_rect)
        if self.phase in ("pick", "seated"):
            ui.draw_text(surface, tr("online.join.at_table", game=game_line(self.lobby.get("game"))),
                         head, ui.colour("text_muted"), (x, self.right.y + self.px(14)), max_width=bw)
            name_f = ui.font(self.px(17), True)
            for i, row, r in self.seat_rows:
                s = min(self.px(30), r.h - self.px(6))
                swatch(surface, row.get("colour", i), (r.x, r.centery - s // 2, s, s))
                room = r.right - (self.px(210) if self.phase == "pick" else 0) - r.x - s - self.px(10)
                mine = tr("online.join.you_here") if i == self.seat else ""
                ui.draw_text(surface, " ".join(filter(None, [row.get("name", ""), mine])), name_f,
                             ui.colour("accent" if i == self.seat else "text"),
                             (r.x + s + self.px(10), r.centery), "bottomleft", max_width=room)
                ui.draw_text(surface, seat_status(row, host=False), small, ui.colour("text_muted"),
                             (r.x + s + self.px(10), r.centery + self.px(2)), max_width=room)
        if self.message:
            ui.draw_wrapped(surface, self.message, ui.font(self.px(17), True),
                            ui.colour("warning" if self.phase == "form" else "accent"),
                            (m, self.left.bottom + self.px(10), w - 2 * m, 0), align="center",
                            max_lines=2)
