"""The play scene's side panel: the game's title, one row a seat (swatch, name, who plays it,
whose turn or who won, score) and the board's status lines. A mixin of ``PlayScene``: it uses
the scene's ``session`` (the LocalSession), ``board``, ``panel_rect``, ``log``, ``info``,
``scale``, ``px``, ``animating`` and ``refresh_log``; the scene places its log under
``_panel_content_bottom()``."""
from __future__ import annotations

import logging
import pygame

from ....i18n import get_language, tr
from ... import ui
from ...loop.compositor import redrawn
from ...words.names import colour_marked, game_title, level_name

log = logging.getLogger(__name__)

STATUS_LINES = 3     # room kept in the side panel for board_view.status_lines()


class PlayPanelMixin:
    def _panel_content_bottom(self) -> int:
        """Where the log starts: under the title, the players and the status lines."""
        return self._status_top(self.panel_rect) + self.px(22) * STATUS_LINES + self.px(8)

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

    def _draw_panel(self, surface) -> None:
        """The side panel and the log.  The panel's frame and title are one picture per size;
        each seat's row and the status lines are an opaque picture of their own (on the panel's
        colour, as the panel has it there), drawn again only when what it tells changes: a move
        redraws two rows, not the whole panel (which at 2560x1440 took milliseconds)."""
        facts = self.panel_facts()
        p = self.panel_rect
        title = self._panel_title()
        key = (p.size, self.scale, title, get_language())
        if key != self._panel_key or self._panel_img is None:
            img = ui.new_surface((p.w + 8, p.h + 8), pygame.SRCALPHA)
            self._render_panel_frame(img, pygame.Rect(0, 0, p.w, p.h), title)
            self._panel_img, self._panel_key = img, key
        surface.blit(self._panel_img, p.topleft)
        for part, rect, content, draw in self._panel_pieces(p, facts):
            surface.blit(self._panel_piece(part, rect, content, draw), rect.topleft)
        if get_language() != getattr(self, "_log_lang", None):
            self.refresh_log(full=True)
        self.log.draw(surface)

    def _panel_title(self) -> str:
        return game_title(self.info) if self.info else self.session.game_id

    def _panel_piece(self, part, rect: pygame.Rect, content, draw):
        """The picture of one piece of the panel (a row, the status lines) for ``content``:
        drawn again in its own surface when the content changes (no new surface a move)."""
        pieces = self.__dict__.setdefault("_panel_pieces_drawn", {})
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
        draw(img, self.panel_rect.move(-rect.x, -rect.y))
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

    def _render_panel(self, surface, p: pygame.Rect, facts: tuple | None = None) -> None:
        """The whole panel drawn on ``surface`` in ``p`` (what ``_draw_panel`` shows)."""
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
        kind = self._kind_line(seat, sc, i == cur and not winners, i in winners, small,
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
