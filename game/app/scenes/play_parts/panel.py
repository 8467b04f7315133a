"""The side panel of the play screen (and of a replay): the game's title, one row a seat
(swatch, name, who plays it, whose turn or who won, score), the board's status lines and the log
under them.  ``PanelSection`` draws it from the session and the board view it is given;
``PlayPanelSection`` adds the play screen's buttons under the log (Undo, Menu, Hint, Finish),
their keys (Ctrl+Z, F) and the log's own behaviour (lines held while the board still plays
them, a click or Enter on a line shows that move again)."""
from __future__ import annotations

import logging
import pygame

from ....i18n import get_language, tr
from ... import ui
from ...loop.compositor import redrawn
from ...words.names import colour_marked, game_title, level_name
from .sections import Section, board_animating

log = logging.getLogger(__name__)

STATUS_LINES = 3     # room kept in the side panel for board_view.status_lines()


class PanelSection(Section):
    """The side panel: ``session`` (its seats and envelope), ``board`` (status lines, scores),
    ``info`` (the game's title), ``log`` (the LogView drawn in it) and ``refresh_log`` (render
    the log's lines again: the language changed).  ``tell_turn`` False (a replay): the rows do
    not say whose turn it is (the row is lit)."""

    name = "panel"
    draw_order = 40

    def __init__(self, screen, layout, session, board, info, log_view, refresh_log,
                 tell_turn: bool = True):
        super().__init__(screen, layout)
        self.session = session
        self.board = board
        self.info = info
        self.log = log_view
        self.refresh_log = refresh_log
        self.tell_turn = tell_turn
        self.log_lang = None                # the language the log's lines were rendered in
        self._panel_shown = None            # what the panel last told, kept while the board moves
        self._pieces_drawn: dict = {}

    def place(self) -> None:
        self.rect = self.layout.panel

    def forget_shown(self) -> None:
        """A take-back or the whole picture again: the panel tells the table as it stands."""
        self._panel_shown = None

    @property
    def animating(self) -> bool:
        return board_animating(self.board)

    def content_bottom(self) -> int:
        """Where the log starts: under the title, the players and the status lines."""
        return self._status_top(self.rect) + self.px(22) * STATUS_LINES + self.px(8)

    def _rows_top(self, p: pygame.Rect) -> int:
        """Where the first seat's row starts in panel ``p`` (under the title)."""
        return p.y + self.px(14) + self.px(40)

    def _status_top(self, p: pygame.Rect) -> int:
        """Where the status lines start in panel ``p`` (under the seats' rows)."""
        return self._rows_top(p) + len(self.session.seats) * self._row_h() + self.px(6)

    def _row_h(self) -> int:
        return self.px(50) if len(self.session.seats) <= 4 else self.px(44)

    def _status_lines(self) -> list[str]:
        try:
            return [str(x) for x in (self.board.status_lines() or [])][:STATUS_LINES]
        except Exception:  # noqa: BLE001 - a view's status must never break the panel
            log.debug("_status_lines: fell back after an error", exc_info=True)  # drawn every frame: quiet
            return []

    def panel_facts(self) -> tuple:
        """What the side panel tells: (turn number, seat to act, winners, scores, status lines,
        over).  While the board still plays a move these stay as they were before it, so the
        panel never tells a result, a score or a new round the board has not shown yet."""
        shown = self._panel_shown
        if self.animating and shown is not None and shown[-1] == get_language():
            return shown[:-1]
        env = self.session.envelope()
        over = env["over"]
        facts = (env["turn_number"], env["turn"], tuple(env["winners"]) if over else (),
                 tuple(self._scores(env)), tuple(self._status_lines()), over)
        self._panel_shown = facts + (get_language(),)
        return facts

    def on_draw(self, surface) -> None:
        """The side panel and the log.  The panel's frame and title are drawn straight onto
        the window (the compositor draws them again only where something over them changed; a
        picture of them was 2.5 MB at 1920x1080); each seat's row and the status lines are an
        opaque picture of their own (on the panel's colour, as the panel has it there), drawn
        again only when what it tells changes: a move redraws two rows, not the whole panel
        (which at 2560x1440 took milliseconds)."""
        facts = self.panel_facts()
        p = self.rect
        self._render_panel_frame(surface, p, self._panel_title())
        for part, rect, content, draw in self._panel_pieces(p, facts):
            surface.blit(self._panel_piece(part, rect, content, draw), rect.topleft)
        if get_language() != self.log_lang:
            self.refresh_log(full=True)
        self.log.draw(surface)

    def _panel_title(self) -> str:
        return game_title(self.info) if self.info else self.session.game_id

    def _panel_piece(self, part, rect: pygame.Rect, content, draw):
        """The picture of one piece of the panel (a row, the status lines) for ``content``:
        drawn again in its own surface when the content changes (no new surface a move)."""
        pieces = self._pieces_drawn
        have = pieces.get(part)
        if have is not None and have[0] == content and have[1].get_size() == rect.size:
            return have[1]
        if have is not None and have[1].get_size() == rect.size:
            img = have[1]
            redrawn(img)
        else:
            shown = pygame.display.get_surface() if pygame.display.get_init() else None
            img = pygame.Surface((max(1, rect.w), max(1, rect.h)), 0, shown) if shown is not None \
                else ui.new_surface(rect.size)
        img.fill(ui.colour("panel"))            # what the panel's frame has under its rows
        draw(img, self.rect.move(-rect.x, -rect.y))
        pieces[part] = (content, img)
        return img

    def _panel_pieces(self, p: pygame.Rect, facts: tuple) -> list:
        """(part, rect on screen, what it tells, draw(surface, panel rect)) of each seat's row
        and of the status lines."""
        _turn, cur, winners, scores, status, _over = facts
        inner_x, inner_w = p.x + 2, p.w - 4        # within the panel's edge
        rh = self._row_h()
        top = self._rows_top(p)
        seats = self.session.seats               # a local table's, or as the host tells them
        out = []
        for i, seat in enumerate(seats):
            content = (tuple(seat.items()), len(seats), i == cur,
                       i in winners, bool(winners), scores[i] if i < len(scores) else None,
                       p.size, self.scale, get_language())
            out.append((("row", i), pygame.Rect(inner_x, top + i * rh, inner_w, rh), content,
                        lambda surface, q, i=i: self._render_row(surface, q, i, facts)))
        st_top = self._status_top(p)
        out.append((("status",), pygame.Rect(inner_x, st_top, inner_w, self.px(22) * STATUS_LINES),
                    (tuple(status), p.size, self.scale, get_language()),
                    lambda surface, q: self._render_status(surface, q, status)))
        return out

    def _scores(self, env: dict) -> list:
        """Each seat's score as the viewing seat may see it: the board view's words for it,
        else the scores of the table's envelope for that seat ("" where one is hidden)."""
        try:
            texts = None if env["over"] else self.board.score_texts()
            if texts is not None:
                return [str(t) for t in texts]
            return ["" if v is None else v for v in env["scores"]]
        except Exception:  # noqa: BLE001
            log.debug("_scores: fell back after an error", exc_info=True)  # drawn every frame: quiet
            return []

    def render(self, surface, p: pygame.Rect, facts: tuple | None = None) -> None:
        """The whole panel drawn on ``surface`` in ``p`` (what ``on_draw`` shows, less the log)."""
        facts = facts if facts is not None else self.panel_facts()
        self._render_panel_frame(surface, p, self._panel_title())
        for i in range(len(self.session.seats)):
            self._render_row(surface, p, i, facts)
        self._render_status(surface, p, facts[4])

    def _render_panel_frame(self, surface, p: pygame.Rect, title: str) -> None:
        pad = self.px(14)
        ui.draw_panel(surface, p, radius=self.px(16))
        ui.draw_text(surface, title, ui.font(self.px(22), True), ui.colour("accent"),
                     (p.x + pad, p.y + pad - self.px(2)), max_width=p.w - 2 * pad)

    def _render_row(self, surface, p: pygame.Rect, i: int, facts: tuple) -> None:
        """Seat ``i``'s row of the panel in ``p``: swatch, name, who plays it, its score."""
        pad = self.px(14)
        rh = self._row_h()
        y = self._rows_top(p) + i * rh
        pal = ui.seat_palette()
        _turn, cur, winners, scores, _status, _over = facts
        compact = len(self.session.seats) > 4
        name_f = ui.font(self.px(16 if compact else 17), True)
        small = ui.font(self.px(12 if compact else 13))
        kind_y = self.px(20 if compact else 24)
        score_f = ui.font(self.px(20), True)
        seat = self.session.seats[i]
        row = pygame.Rect(p.x + pad - self.px(6), y, p.w - 2 * pad + self.px(12), rh - self.px(6))
        if i == cur or i in winners:
            pygame.draw.rect(surface, ui.mix(ui.colour("panel"), ui.colour("accent"), 0.22), row,
                             border_radius=self.px(10))
            pygame.draw.rect(surface, ui.colour("accent"), row, width=max(2, self.px(2)),
                             border_radius=self.px(10))
        sc = pal[seat["colour"] % len(pal)]
        sws = self.px(26 if compact else 30)
        sw = pygame.Rect(row.x + self.px(8), row.centery - sws // 2, sws, sws)
        ui.draw_swatch(surface, sc, sw)
        tx = sw.right + self.px(10)
        score_txt = ""
        if i < len(scores):
            score_txt = str(scores[i])
        sw_w = score_f.size(score_txt)[0] if score_txt else 0
        ui.draw_text(surface, seat["name"], name_f, ui.colour("text"), (tx, row.y + self.px(3)),
                     max_width=row.right - tx - sw_w - self.px(20))
        kind = self._kind_line(seat, sc, self.tell_turn and i == cur and not winners, i in winners, small,
                               row.right - tx - sw_w - self.px(20))
        ui.draw_text(surface, kind, small, ui.colour("text_muted"), (tx, row.y + kind_y),
                     max_width=row.right - tx - sw_w - self.px(20))
        if score_txt:
            ui.draw_text(surface, score_txt, score_f, ui.colour("text"), (row.right - self.px(12), row.centery),
                         "midright")

    def _render_status(self, surface, p: pygame.Rect, status) -> None:
        pad = self.px(14)
        y = self._status_top(p)
        sf = ui.font(self.px(15))
        for ln in status:
            ui.draw_text(surface, ln, sf, ui.colour("text"), (p.x + pad, y), max_width=p.w - 2 * pad)
            y += self.px(22)

    @staticmethod
    def _kind_line(seat: dict, sc: dict, to_act: bool, winner: bool, fnt, width: int) -> str:
        """The line under a name: who plays it, its colour and marking, whose turn or who won;
        in a narrow panel (or a long language) without the colour (the swatch shows it), then
        without the turn (the row is lit).  At a table online a person at another computer
        (``here`` False) is said so, and marked while ``away``."""
        level = level_name(seat.get("level", ""))
        human = seat["kind"] != "computer"
        far = seat.get("here") is False
        if far:
            full = tr("online.kind.far", colour=colour_marked(sc))
            plain = tr("online.kind.far_plain")
        elif human:
            full, plain = tr("play.kind.human", colour=colour_marked(sc)), tr("seat.human")
        else:
            full = tr("play.kind.computer", level=level, colour=colour_marked(sc))
            plain = tr("play.kind.computer_plain", level=level)
        lines = [full, plain]
        if seat.get("away") and not winner:
            lines = [tr("online.state.away", kind=full), tr("online.state.away", kind=plain),
                     tr("online.state.away_plain")]
        elif winner or to_act:
            key = "play.state.winner" if winner else "online.state.their_turn" if far else \
                ("play.state.your_turn" if human else "play.state.thinking")
            lines = [tr(key, kind=full), tr(key, kind=plain), plain]
            if far and not winner:
                lines.insert(2, tr("online.state.their_turn_short"))
        if not human:
            lines.append(level)             # at the narrowest: the computer's level alone
        elif far:
            lines.append(tr("seat.remote"))   # ... a person elsewhere: "Online"
        return next((t for t in lines if fnt.size(t)[0] <= width), lines[-1])


class PlayPanelSection(PanelSection):
    """The play screen's panel: the panel, its buttons under the log (Undo and Menu; Hint while
    a person plays, through ``hint``; Finish when no person is left in play) with their keys
    (Ctrl+Z, F, the hint's H is its own), and the log: its lines rendered from the session's
    entries, the newest held back (``log_held``) while the board still plays them; a click on
    a line, or Enter on the log, shows that move's places on the board again; Up / Down /
    Page keys and the wheel scroll it.

    ``actions`` are the screen's: ``undo``, ``menu``, ``finish`` and ``beside_hint(rect)``
    (a screen with a button of its own on the Hint's row takes part of it)."""

    def __init__(self, screen, layout, session, board, info, log_view, hint, actions: dict):
        super().__init__(screen, layout, session, board, info, log_view, self.refresh_log)
        self.hint = hint
        self.actions = actions
        self.log_held = 0                 # newest log entries not shown until the board is still
        self.undo_button = None
        self.finish_offered = False

    # ---- the buttons ----------------------------------------------------------------------------
    def build(self) -> None:
        """Undo and Menu at the foot, Hint or Finish above them, the log filling the room
        between the players and the buttons (its rect goes into the layout)."""
        p = self.rect
        pad = self.px(14)
        bh = self.px(46)
        by = p.bottom - pad - bh
        bw = (p.w - 3 * pad) // 2
        button = self.screen.button
        self.undo_button = button((p.x + pad, by, bw, bh), tr("common.undo"), self.actions["undo"],
                                  key="undo", enabled=self.session.can_undo(),
                                  tooltip=tr("play.undo_tip"))
        button((p.x + 2 * pad + bw, by, bw, bh), tr("common.menu"), self.actions["menu"], key="menu",
               tooltip=tr("play.menu_tip"))
        # no person left in play: the rest can be played at once
        self.finish_offered = self.session.no_human_in_play()
        self.hint.button = None
        if self.hint.offered() and not self.finish_offered:    # a person plays: Hint (key H)
            by -= pad + bh
            self.hint.build_button(self.actions["beside_hint"]((p.x + pad, by, p.w - 2 * pad, bh)))
        if self.finish_offered:
            by -= pad + bh
            button((p.x + pad, by, p.w - 2 * pad, bh), tr("polish.finish"), self.actions["finish"],
                   primary=True, key="finish", tooltip=tr("polish.finish_tip"))
        top = self.layout.log_top = self.content_bottom()
        lr = pygame.Rect(p.x + pad, top, p.w - 2 * pad, by - pad - top)
        if lr.h < self.px(60):
            lr.h = self.px(60)
        self.layout.log = lr
        self.log.set_rect(lr, self.scale)
        self.refresh_log(full=True)
        self.screen.focus.add(ui.FocusItem(lambda: self.layout.log, key="log"))

    def update_undo(self) -> None:
        """Undo is live exactly when the session can take a move back."""
        if self.undo_button is None:
            return
        if self.session.can_undo():
            self.undo_button.enable()
        else:
            self.undo_button.disable()

    # ---- the log --------------------------------------------------------------------------------
    def refresh_log(self, full: bool = False) -> None:
        """The log's sentences, rendered from the session's entries in the current language
        (a change of language renders the whole log again)."""
        lang = get_language()
        if full or lang != self.log_lang:
            entries = self.session.log[:len(self.session.log) - self.log_held]
            self.log.set_lines(*self._lines_of(entries[-self.log.MAX_LINES:]))
            self.log_lang = lang
        else:
            self.log.append(*self._lines_of(self.session.last_entries))

    def release_log(self) -> None:
        """The board has played what the held log lines tell: show them now."""
        held, self.log_held = self.log_held, 0
        if held > 0:
            self.log.append(*self._lines_of(self.session.log[-held:]))

    def reset(self) -> None:
        """A take-back or the whole table again: nothing held, the panel tells it as it is."""
        self.log_held = 0
        self.forget_shown()

    def _lines_of(self, entries) -> tuple[list, list]:
        """The sentences of log entries and, beside each, the entry it tells (for log clicks)."""
        pairs = [(line, e) for e in entries for line in self.session.render([e])]
        return [p[0] for p in pairs], [p[1] for p in pairs]

    def show_log_entry(self, pos) -> bool:
        """A click on a log line: the board shows that move's places again for a moment."""
        entry = self.log.entry_at(pos)
        if not (isinstance(entry, dict) and self.board.show_entry(entry)):
            return False
        self.log.picked = self.log.line_at(pos)     # the line stays lit while the board shows it
        return True

    def show_older_log_move(self) -> bool:
        """Enter on the log: the newest move with places (the next older one while one shows)."""
        start = self.log.picked if self.log.picked is not None else len(self.log.entries)
        for i in range(min(start, len(self.log.entries)) - 1, -1, -1):
            e = self.log.entries[i]
            if isinstance(e, dict) and self.board.show_entry(e):
                self.log.picked = i
                return True
        return False

    def on_update(self, dt: float) -> None:
        if self.log_held and (not self.animating or self.board.held):
            self.release_log()             # (a big moment held on the board: the log tells it)
        if self.log.picked is not None and not self.board.flash_places():
            self.log.picked = None

    # ---- input ----------------------------------------------------------------------------------
    def on_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_z and (event.mod & pygame.KMOD_CTRL):
                self.actions["undo"]()
                return True
            if event.key == pygame.K_f and self.finish_offered \
                    and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                self.actions["finish"]()
                return True
            cur = self.screen.focus.current
            if cur is not None and cur.key == "log" and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.show_older_log_move()
                return True
            if cur is not None and cur.key == "log":
                step = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: 8, pygame.K_PAGEDOWN: -8}.get(event.key)
                if step is not None:
                    self.log.scroll_by(step * self.px(20))
                    return True
            return False
        if event.type == pygame.MOUSEWHEEL and self.log.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 \
                and self.log.rect.collidepoint(event.pos) and self.show_log_entry(event.pos):
            return True
        return False
