"""Results: the ranking with the winner first, why the winner won, play again or back to title."""
from __future__ import annotations

import logging
import pygame

from ...i18n import get_language, tr
from ...rules import GAMES
from ..progress import daily, endgame
from .. import eventtext, launch, ui
from ..store import records, replays, setups
from ..progress.replay import ReplayError
from ...table import ranking, result_digest
from ..words.names import score_text
from .base import Scene

log = logging.getLogger(__name__)


class ResultsScene(Scene):
    name = "results"
    overlay = True

    def __init__(self, app, play_scene):
        super().__init__(app)
        self.play = play_scene
        self.session = play_scene.session
        self.final = self.session.final()     # the finished game: nothing is secret any more
        self.solo = None          # (score, best kept, new best?) for a solo game played for a score
        state = self.final
        try:   # statistics: each finished game is counted once, whatever happens to them
            table_message = setups.record_game(self.session)
        except Exception:  # noqa: BLE001 - statistics must never break the results
            log.debug("__init__: fell back after an error", exc_info=True)  # drawn every frame: quiet
            table_message = None
        if table_message:
            self.notify(table_message)
        # the deal of the day's result, the replay and the achievements (endgame.py)
        self.outcome = endgame.finish(self.session)
        for message in self.outcome.messages:
            self.notify(message)
        self._earned_shown = False
        if len(self.session.seats) == 1 and self.session.game_id in records.SOLO_SCORE_GAMES:
            try:
                score = int(state.scores()[0])
                best, new = records.record_solo(self.session.game_id, state.variant, score)
                self.solo = (score, best, new)
            except Exception:  # noqa: BLE001 - a record problem must never break the results
                log.debug("__init__: fell back after an error", exc_info=True)  # drawn every frame: quiet
                self.solo = None

    def debug_info(self) -> dict:
        """For the tests that drive a real window (game/app/devtools/debug_targets.py)."""
        return {"winners": self.final.winners(), "scores": self.final.scores(),
                "digest": result_digest(self.final.result)}

    def _words(self) -> dict:
        """The head and the why, in the player's language (``eventtext.results``)."""
        lang = get_language()
        cached = getattr(self, "_words_cache", None)
        if cached is not None and cached[0] == lang:
            return cached[1]
        session = self.session
        ctx = eventtext.Ctx(session.game_id, [s["name"] for s in session.seats], extra={"log": session.log})
        try:
            words = eventtext.results(self.final, ctx, solo=self.solo)
        except Exception:  # noqa: BLE001 - the results screen must always have its words
            log.debug("_words: fell back after an error", exc_info=True)  # drawn every frame: quiet
            words = {"head": "", "summary": ""}
        self._words_cache = (lang, words)
        return words

    def _summary(self) -> str:
        return self._words()["summary"]

    def build(self) -> None:
        w, h = self.size
        n = len(self.session.seats)
        # room for a row of up to four buttons (again, replay, share, title)
        buttons = 2 + (self.outcome.replay_id is not None) + (self._shareable() is not None)
        pw = min(w - self.px(80), max(self.px(680), self.px(200) * buttons))
        summary = self._summary()
        sl = min(3, len(ui.wrap(summary, ui.font(self.px(17)), pw - self.px(64)))) if summary else 0
        ph = self.px(80) + sl * int(ui.font(self.px(17)).get_linesize() * 1.15) + self.px(14) \
            + n * self.px(54) + self.px(100)
        self.picture_h = 0
        self.row_h = self.px(54)
        if self._picture_hook() is not None:
            # room below the ranking for the game's own picture of the scores
            self.picture_h = self.px(44) + n * self.px(30)
            pw = min(w - self.px(80), max(self.px(760), self.px(200) * buttons))
            ph += self.picture_h
            room = h - self.px(40)
            if ph > room:   # tight window: shorter ranking rows, then a smaller picture
                cut = min(ph - room, n * (self.px(54) - self.px(36)))
                self.row_h = self.px(54) - -(-cut // n)
                ph -= n * (self.px(54) - self.row_h)
        ph = min(ph, h - self.px(40))
        self.box = pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)
        bh = self.px(52)
        by = self.box.bottom - bh - self.px(24)
        self.buttons_top = by
        again = "daily.practice_again" if getattr(self.session, "daily", None) else "results.again"
        row = []
        if not getattr(self.session, "online", None):    # a table online is set up anew
            row.append((again, self.play_again, "again", True))
        if self.outcome.replay_id is not None:      # the game can be watched again
            row.append(("replay.watch", self.watch_replay, "replay", False))
        if self._shareable() is not None:           # the deal of the day's try: Share
            row.append(("daily.share", self.share, "share", False))
        row.append(("results.to_title", self.app.go_title, "title", False))
        gap = self.px(12)
        bw = (pw - self.px(48) - gap * (len(row) - 1)) // len(row)
        x = self.box.x + self.px(24)
        for text, cb, key, primary in row:
            self.button((x, by, bw, bh), tr(text), cb, primary=primary, key=key)
            x += bw + gap

    def _picture_hook(self):
        """The board view's ``draw_results(surface, rect, state)``, if it has one."""
        board = getattr(self.play, "board", None)      # (the screen under it may have none)
        hook = board.draw_results if board is not None else None
        return hook if callable(hook) else None

    def on_show(self) -> None:
        self.focus.focus_key("again") or self.focus.focus_key("title")

    def on_back(self) -> None:
        self.app.go_title()

    def on_update(self, dt: float) -> None:
        if not self._earned_shown and self.app.top is self:
            self._earned_shown = True
            if self.outcome.earned:             # the moment: what each person earned
                self.app.open("earned", self.outcome.earned)

    def watch_replay(self) -> None:
        try:
            run = replays.open_run(self.outcome.replay_id)
        except ReplayError as exc:
            self.notify(str(exc))
            return
        self.app.open("replay", run, self.outcome.replay_id)

    def _shareable(self):
        info, e = self.outcome.daily_info, self.outcome.daily
        return (info, e) if info and info.get("counted") and e and e.get("done") else None

    def share(self) -> None:
        info, e = self._shareable()
        date = daily.parse_date(info["date"])
        text = daily.share_text(info["name"], info["game"], date, e, daily.streak(info["name"], date))
        if daily.copy_to_clipboard(text):
            self.copied = True
        else:
            self.app.open("share", text)

    def play_again(self) -> None:
        self.app.launch(lambda: launch.rematch(self.session))

    def _score_text(self, score) -> str:
        """The score with what it counts, e.g. "3 moles left"."""
        return score_text(GAMES.get(self.session.game_id), self.final.variant, score)

    def on_draw(self, surface) -> None:
        ui.dim(surface, 150)
        b = self.box
        ui.draw_panel(surface, b, radius=self.px(18))
        state = self.final
        winners = state.winners()
        seats = self.session.seats
        words = self._words()
        head = words["head"]
        for size in (38, 34, 30, 26, 22, 20):    # four names sharing a win take a smaller letter
            head_font = ui.font(self.px(size), True)
            if head_font.size(head)[0] <= b.w - self.px(40):
                break
        ui.draw_text(surface, head, head_font, ui.colour("accent"),
                     (b.centerx, b.y + self.px(20) + (self.px(44) - head_font.get_height()) // 2),
                     "midtop", max_width=b.w - self.px(40))
        y = b.y + self.px(80)
        summary = words["summary"]
        if summary:
            y += ui.draw_wrapped(surface, summary, ui.font(self.px(17)), ui.colour("text"),
                                 (b.x + self.px(32), y, b.w - self.px(64), 0), align="center", max_lines=3)
        y += self.px(14)
        try:
            scores = list(state.scores())
        except Exception:  # noqa: BLE001
            log.debug("on_draw: fell back after an error", exc_info=True)  # drawn every frame: quiet
            scores = []
        pal = ui.seat_palette()
        name_f = ui.font(self.px(19), True)
        place = 0
        prev = None
        for k, s in enumerate(ranking(state)):
            key = (s in winners, scores[s] if s < len(scores) else None)
            if key != prev:
                place = k + 1
                prev = key
            row_h = getattr(self, "row_h", self.px(54))
            row = pygame.Rect(b.x + self.px(32), y, b.w - self.px(64), row_h - self.px(8))
            if s in winners:
                pygame.draw.rect(surface, ui.mix(ui.colour("panel"), ui.colour("accent"), 0.25), row,
                                 border_radius=self.px(10))
                pygame.draw.rect(surface, ui.colour("accent"), row, width=2, border_radius=self.px(10))
            ui.draw_text(surface, f"{place}.", name_f, ui.colour("text"), (row.x + self.px(12), row.centery), "midleft")
            sc = pal[seats[s]["colour"] % len(pal)]
            ui.draw_swatch(surface, sc, pygame.Rect(row.x + self.px(48), row.centery - self.px(14), self.px(28), self.px(28)))
            score_w = 0
            if s < len(scores):
                text = self._score_text(scores[s])
                score_w = min(name_f.size(text)[0], row.w // 2 - self.px(60))
                ui.draw_text(surface, text, name_f, ui.colour("text"), (row.right - self.px(14), row.centery),
                             "midright", max_width=row.w // 2 - self.px(60))
            ui.draw_text(surface, seats[s]["name"], name_f, ui.colour("text"), (row.x + self.px(88), row.centery),
                         "midleft", max_width=row.w - self.px(88) - score_w - self.px(28))
            y += row_h
        if getattr(self, "copied", False):      # Share put the text on the clipboard
            fnt = ui.font(self.px(15), True)
            note = pygame.Rect(0, 0, min(b.w, fnt.size(tr("daily.copied"))[0] + self.px(28)), self.px(30))
            note.midtop = (b.centerx, min(b.bottom + self.px(6), self.size[1] - note.h))
            ui.draw_panel(surface, note, radius=self.px(8))
            ui.draw_text(surface, tr("daily.copied"), fnt, ui.colour("accent"), note.center, "center",
                         max_width=note.w - self.px(12))
        hook = self._picture_hook()
        if hook is not None and getattr(self, "picture_h", 0):
            top = y + self.px(4)
            bottom = getattr(self, "buttons_top", b.bottom) - self.px(14)
            rect = pygame.Rect(b.x + self.px(32), top, b.w - self.px(64), max(0, bottom - top))
            if rect.h >= self.px(30):
                try:
                    hook(surface, rect, state)
                except Exception:  # noqa: BLE001 - a broken picture must never break the results
                    log.debug("on_draw: fell back after an error", exc_info=True)  # drawn every frame: quiet
                    pass
