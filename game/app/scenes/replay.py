"""Watching a finished game again: the normal board (read-only: no legal actions), the side
panel and log of the play screen, and the replay's controls: to the start, a step back,
play / pause, a step forward, to the end; speed; whose view (one seat's, or everything open:
the game is over); jump to a round; export the file.

Keys: Space plays or pauses, Left / Right step, Home / End go to the start / end, Page Up /
Page Down jump a round, + / - change the speed, V changes the view, Esc goes back.
"""
from __future__ import annotations

from types import SimpleNamespace

import logging
import pygame

from ...i18n import get_language, number, tr
from ...rules import GAMES
from ...table.seats import as_seats
from .. import eventtext, ui
from ..store import replays
from .play_parts.panel import PanelSection
from .play_parts.sections import PlayLayout, board_animating
from ..progress.replay import OPEN, ReplayError
from ..views import make_board_view
from .base import Scene

log = logging.getLogger(__name__)

SPEEDS = (0.5, 1.0, 2.0, 4.0)
#: seconds between steps while playing, and the board's animation speed, by replay speed
PACE = {0.5: (2.4, "normal"), 1.0: (1.2, "normal"), 2.0: (0.6, "fast"), 4.0: (0.25, "fast")}


class _Watched:
    """What the side panel (``PanelSection``) asks a session, answered from the run."""

    def __init__(self, scene):
        self.scene = scene
        run = scene.run
        self.game_id = run.game_id
        self.seats = [dict(s, kind="human" if s["kind"] in ("human", "remote") else "computer")
                      for s in run.seats]
        self.table = SimpleNamespace(seats=as_seats(self.seats))    # the panel reads the seats
        self.curtain_seat = None

    def envelope(self, seat="viewing") -> dict:
        return self.scene.env


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app, run, replay_id: str | None = None):
        super().__init__(app)
        self.run = run
        self.replay_id = replay_id
        self.info = GAMES.get(run.game_id)
        self.session = _Watched(self)
        self.board = make_board_view(run.game_id, self.session.seats, app.assets)
        self.rects = PlayLayout()
        self.log = ui.LogView()
        # the play screen's side panel, its rows not saying whose turn it is (the row is lit)
        self.panel = PanelSection(self, self.rects, self.session, self.board, self.info, self.log,
                                  self.refresh_log, tell_turn=False)
        self.audience = OPEN
        self.step = 0
        self.playing = False
        self.speed = 1.0
        self.wait = 0.0
        self.message = ""
        self.env = run.envelope(0, OPEN)
        self._sync(animate=False)

    # ---- the model -----------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return board_animating(self.board)

    @property
    def board_rect(self) -> pygame.Rect:
        return self.rects.board

    @property
    def panel_rect(self) -> pygame.Rect:
        return self.rects.panel

    def _seat(self):
        return None if self.audience == OPEN else self.audience

    def _sync(self, animate: bool, events=None) -> None:
        self.env = self.run.envelope(self.step, self.audience)
        if animate and events:
            self.board.play(events, PACE[self.speed][1] if self.app.settings.speed != "off" else "off")
        else:
            self.board.finish()
            self.board.clear_marks()
        self.board.sync(self.env["view"], None, self._seat())
        if not (animate and events is not None):
            self._lines()

    def _lines(self) -> None:
        entries = self.run.log_until(self.step, self.audience)[-self.log.MAX_LINES:]
        lines = self.render(entries)
        self.log.set_lines(lines)
        self.panel.log_lang = get_language()

    def render(self, entries) -> list[str]:
        ctx = eventtext.Ctx(self.run.game_id, [s["name"] for s in self.run.seats])
        out = []
        for e in entries:
            try:
                text = eventtext.line(e, ctx)
            except Exception:  # noqa: BLE001 - a sentence never stops the replay
                log.warning("render: fell back after an error", exc_info=True)
                text = ""
            if text:
                out.append(text)
        return out

    def refresh_log(self, full: bool = False) -> None:      # the panel asks after a language change
        self._lines()

    def go_to(self, k: int) -> None:
        k = max(0, min(len(self.run), int(k)))
        if k == self.step + 1:
            self.step = k
            self._sync(True, self.run.events_at(k, self.audience))
            self.log.append(self.render(self.run.log_at(k, self.audience)))
        elif k != self.step:
            self.step = k
            self._sync(False)
        if self.step >= len(self.run):
            self.playing = False
        self._relabel()

    def forward(self) -> None:
        self.playing = False
        self.go_to(self.step + 1)

    def back(self) -> None:
        self.playing = False
        self.go_to(self.step - 1)

    def to_start(self) -> None:
        self.playing = False
        self.go_to(0)

    def to_end(self) -> None:
        self.playing = False
        self.go_to(len(self.run))

    def toggle(self) -> None:
        if not self.playing and self.step >= len(self.run):
            self.go_to(0)
        self.playing = not self.playing
        self.wait = 0.0
        self._relabel()

    def jump_round(self, delta: int) -> None:
        starts = self.run.rounds()
        cur = self.run.round_of(self.step) - 1
        target = max(0, min(len(starts) - 1, cur + delta))
        if delta < 0 and self.step > starts[cur]:
            target = cur           # Page Up first goes to the start of this round
        self.playing = False
        self.go_to(starts[target])

    def set_round(self, text: str) -> None:
        labels = self._round_labels()
        if text in labels:
            self.playing = False
            self.go_to(self.run.rounds()[labels.index(text)])

    def set_speed(self, value: float) -> None:
        self.speed = value if value in SPEEDS else 1.0
        self._relabel()

    def change_speed(self, d: int) -> None:
        i = SPEEDS.index(self.speed)
        self.set_speed(SPEEDS[max(0, min(len(SPEEDS) - 1, i + d))])

    def set_audience(self, audience) -> None:
        self.audience = audience
        self._sync(False)
        self._relabel()

    def next_audience(self) -> None:
        options = [OPEN] + list(range(len(self.run.seats)))
        self.set_audience(options[(options.index(self.audience) + 1) % len(options)])

    def export(self) -> None:
        if self.replay_id is None:
            return
        try:
            path = replays.export(self.replay_id)
            self.message = tr("replay.exported", path=str(path))
        except (ReplayError, OSError) as exc:
            self.message = str(exc)
        self._relabel()

    # ---- layout -------------------------------------------------------------------------------------
    def _relabel(self) -> None:
        if self.built and self.app.top is self:
            self.rebuild()

    def _speed_labels(self) -> list[str]:
        return [tr("replay.speed_x", speed=number(s, decimals=1 if s < 1 else 0)) for s in SPEEDS]

    def _view_labels(self) -> list[str]:
        """Everything open, or one seat's view (by its name)."""
        names = [s["name"] for s in self.run.seats]
        return [tr("replay.view_open")] + [n if names.count(n) == 1 else f"{n} ({i + 1})"
                                           for i, n in enumerate(names)]

    def _round_labels(self) -> list[str]:
        return [tr("replay.round_n", number=number(i + 1)) for i in range(len(self.run.rounds()))]

    def build(self) -> None:
        self.rects.place(self.size, self.px)
        self.board.set_rect(self.board_rect.copy())
        self.panel.place()
        p, pad = self.panel_rect, self.px(12)
        bh, gap = self.px(38), self.px(8)
        iw = p.w - 2 * pad
        y = p.bottom - pad - bh
        half = (iw - gap) // 2
        self.button((p.x + pad, y, iw, bh), tr("common.back"), self.on_back, key="back")
        y -= bh + gap
        rounds = self._round_labels()
        self.dropdown((p.x + pad, y, half, bh), rounds, rounds[self.run.round_of(self.step) - 1],
                      self.set_round, key="round")
        self.button((p.x + pad + half + gap, y, half, bh), tr("replay.export"), self.export,
                    key="export", enabled=self.replay_id is not None, tooltip=tr("replay.export_tip"))
        y -= bh + gap
        speeds, views = self._speed_labels(), self._view_labels()
        audiences = [OPEN] + list(range(len(self.run.seats)))
        sw = int(iw * 0.32)
        self.dropdown((p.x + pad, y, sw, bh), speeds, speeds[SPEEDS.index(self.speed)],
                      lambda t: self.set_speed(SPEEDS[speeds.index(t)]), key="speed")
        self.dropdown((p.x + pad + sw + gap, y, iw - sw - gap, bh), views,
                      views[audiences.index(self.audience)],
                      lambda t: self.set_audience(audiences[views.index(t)]), key="view")
        y -= bh + gap
        small = (iw - 4 * gap - self.px(110)) // 4
        x = p.x + pad
        for key, text, cb, tip in (("start", "«", self.to_start, "replay.start_tip"),
                                   ("back_step", "‹", self.back, "replay.back_tip")):
            self.button((x, y, small, bh), text, cb, key=key, tooltip=tr(tip))
            x += small + gap
        play_w = iw - 4 * small - 4 * gap
        self.button((x, y, play_w, bh), tr("replay.pause" if self.playing else "replay.play"),
                    self.toggle, primary=True, key="play", tooltip=tr("replay.play_tip"))
        x += play_w + gap
        for key, text, cb, tip in (("forward", "›", self.forward, "replay.forward_tip"),
                                   ("end", "»", self.to_end, "replay.end_tip")):
            self.button((x, y, small, bh), text, cb, key=key, tooltip=tr(tip))
            x += small + gap
        self.controls_top = y - self.px(26)
        self.log_top = self.panel.content_bottom()
        lr = pygame.Rect(p.x + pad, self.log_top, iw, max(self.px(40), self.controls_top - pad - self.log_top))
        self.log_rect = lr
        self.log.set_rect(lr, self.scale)
        self._lines()
        self.focus.add(ui.FocusItem(lambda: self.log_rect, key="log"))

    def on_show(self) -> None:
        if self.focus.current is None or self.focus.current.key == "back":
            self.focus.focus_key("play")

    def on_language(self, lang: str) -> None:
        self.board.on_language(lang)
        self.rebuild()

    # ---- events -------------------------------------------------------------------------------------
    def on_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and not self.dropdown_open() and self.focused_entry() is None:
            keys = {pygame.K_SPACE: self.toggle, pygame.K_RIGHT: self.forward,
                    pygame.K_LEFT: self.back, pygame.K_HOME: self.to_start, pygame.K_END: self.to_end,
                    pygame.K_PAGEUP: lambda: self.jump_round(-1),
                    pygame.K_PAGEDOWN: lambda: self.jump_round(1),
                    pygame.K_PLUS: lambda: self.change_speed(1), pygame.K_KP_PLUS: lambda: self.change_speed(1),
                    pygame.K_EQUALS: lambda: self.change_speed(1),
                    pygame.K_MINUS: lambda: self.change_speed(-1), pygame.K_KP_MINUS: lambda: self.change_speed(-1),
                    pygame.K_v: self.next_audience}
            cur = self.focus.current
            on_list = cur is not None and cur.key in ("speed", "view", "round") and \
                event.key in (pygame.K_LEFT, pygame.K_RIGHT)
            fn = keys.get(event.key)
            if fn is not None and not on_list and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                if event.key == pygame.K_SPACE and cur is not None and cur.key not in ("play", "board", "log"):
                    return super().on_event(event)      # Space presses the focused button
                fn()
                return True
        if event.type == pygame.MOUSEWHEEL and self.log.handle_event(event):
            return True
        return super().on_event(event)

    def on_update(self, dt: float) -> None:
        self.board.update(dt)
        if self.playing and not self.animating:
            self.wait += dt
            if self.wait >= PACE[self.speed][0]:
                self.wait = 0.0
                self.go_to(self.step + 1)

    def wants_frame(self) -> bool:
        try:
            idle = self.board.is_idle()
        except Exception:  # noqa: BLE001
            log.debug("wants_frame: fell back after an error", exc_info=True)
            idle = not self.animating
        return self.playing or not idle

    def stop(self) -> None:
        self.playing = False

    # ---- drawing -------------------------------------------------------------------------------------
    def on_draw(self, surface) -> None:
        ui.draw_background(surface, strata=False)
        self.board.draw(surface)
        self.panel.on_draw(surface)
        p, pad = self.panel_rect, self.px(12)
        n = len(self.run)
        text = tr("replay.position", step=number(self.step), steps=number(n),
                  round=number(self.run.round_of(self.step)), rounds=number(len(self.run.rounds())))
        fnt = ui.font(self.px(14), True)
        tag = tr("replay.badge")          # the panel says this is a replay, not a game
        f = ui.font(self.px(14), True)
        bw = min(f.size(tag)[0] + self.px(16), p.w // 3)
        x = p.x + pad
        if fnt.size(text)[0] <= p.w - 2 * pad - bw - self.px(8):     # room for both
            badge = pygame.Rect(x, self.controls_top, bw, self.px(22))
            ui.draw_panel(surface, badge, fill=ui.colour("accent"), radius=self.px(6), shadow=False)
            ui.draw_text(surface, tag, f, ui.text_on(ui.colour("accent")), badge.center, "center",
                         max_width=badge.w - self.px(8))
            x = badge.right + self.px(8)
        ui.draw_text(surface, text, fnt, ui.colour("text"), (x, self.controls_top + self.px(11)),
                     "midleft", max_width=p.right - pad - x)
        if self.message:
            r = self.board_rect
            fnt = ui.font(self.px(16))
            lines = ui.wrap(self.message, fnt, r.w - self.px(60))[:3]
            box = pygame.Rect(0, 0, r.w - self.px(40), len(lines) * fnt.get_linesize() + self.px(16))
            box.midbottom = (r.centerx, r.bottom - self.px(12))
            ui.draw_panel(surface, box, radius=self.px(10))
            ui.draw_wrapped(surface, self.message, fnt, ui.colour("text"),
                            (box.x + self.px(10), box.y + self.px(8), box.w - self.px(20), 0), max_lines=3)
