"""The play screen's Hint button (and key H): the good computer player's choice for the human
to act, lit on the board through the view's ``clicks_for`` / targets, with one sentence why.

The play scene mixes this in; the thinking happens off the UI thread (``game/app/hint.py``) from
the seat's own view only.  The hint never plays the move; it is forgotten as soon as anything
is played or taken back (the session's ``version`` moves on).
"""
from __future__ import annotations

import logging
import math

import pygame

from ....i18n import tr
from ... import ui
from ...hint import Hint, HintAsker

log = logging.getLogger(__name__)

HINT_SECONDS = 12.0     # how long the sentence stays


class HintButtonMixin:
    hint_button = None
    hint: Hint | None = None
    _hint_asker: HintAsker | None = None

    # ---- state -------------------------------------------------------------------------------
    @property
    def hint_asker(self) -> HintAsker:
        if self._hint_asker is None:
            self._hint_asker = HintAsker()
        return self._hint_asker

    def hint_offered(self) -> bool:
        """The button exists when a person plays at this table (computers never get one)."""
        return bool(self.session.humans) and not self.session.is_over()

    def hint_available(self) -> bool:
        return self.hint_asker.available(self.session) and not self.confirm_undo

    def current_hint(self) -> Hint | None:
        """The hint on show for this very position, or None."""
        h = self.hint
        if h is None or h.generation != self.session.version or not self.hint_available():
            return None
        return h

    # ---- the button --------------------------------------------------------------------------
    def build_hint_button(self, rect) -> None:
        self.hint_button = self.button(rect, tr("hint.button"), self.ask_hint, key="hint",
                                       enabled=self.hint_available(), tooltip=tr("hint.tip"))

    def update_hint_button(self) -> None:
        btn = self.hint_button
        if btn is None:
            return
        want = self.hint_available()
        if want != btn.is_enabled:
            btn.enable() if want else btn.disable()

    def ask_hint(self) -> None:
        if not self.hint_available():
            return
        if self.current_hint() is not None:            # asked again: show it again
            self.show_message(self.hint.text, HINT_SECONDS, tone="hint")
            return
        if self.hint_asker.ask(self.session):
            self.show_message(tr("hint.thinking"), HINT_SECONDS, tone="hint")

    def poll_hint(self) -> None:
        got = self.hint_asker.poll(self.session)
        if got is not None:
            self.hint = got
            self.show_message(got.text, HINT_SECONDS, tone="hint")
            return
        h = self.current_hint()            # the language changed while it shows: say it again
        if h is not None and self.message == h.text and h.relabel():
            self.message = h.text

    def forget_hint_message(self) -> None:
        """Something was played or taken back: the hint's sentence goes at once (it may name a
        secret pick, and the next seat must not read it)."""
        h = self.hint
        if self.message and self.message in ((h.text if h is not None else None), tr("hint.thinking")):
            self.message, self.message_time = "", 0.0
        self.hint = None

    def hint_busy(self) -> bool:
        """Frames are needed: a hint is being thought of, or one is lit (it pulses)."""
        return self.hint_asker.thinking or (self.current_hint() is not None and self.message_time > 0)

    # ---- the lit targets -----------------------------------------------------------------------
    def hint_targets(self) -> list:
        """The board's targets the hinted action is chosen with (the ones shown now)."""
        h = self.current_hint()
        if h is None or self.message_time <= 0:
            return []
        try:
            keys = [str(k) for k in (self.board.clicks_for(h.action) or [])]
            targets = self.board.get_targets()
        except Exception:  # noqa: BLE001 - a view without the hooks lights nothing
            log.debug("hint_targets: fell back after an error", exc_info=True)  # drawn every frame: quiet
            return []
        return [t for t in targets if str(t.key) in keys and t.enabled]

    def _target_box(self, t) -> pygame.Rect:
        if t.rect is not None:
            return pygame.Rect(t.rect)
        rad = max(int(float(t.radius or 0)), self.px(20))
        return pygame.Rect(int(t.pos[0]) - rad, int(t.pos[1]) - rad, 2 * rad, 2 * rad)

    def message_spots(self, box: pygame.Rect) -> list:
        """Where the message box may stand, in order of preference: where it is put first
        (``box``), then at the top and the bottom of each place the view offers
        (``message_places()``, e.g. the card grid, the hand strip) and at the bottom of the
        board above its action bar; each kept inside the board."""
        out = [box.copy()]
        areas = []
        hook = getattr(self.board, "message_places", None)
        if callable(hook):
            try:
                areas = [pygame.Rect(a) for a in (hook() or []) if a is not None]
            except Exception:  # noqa: BLE001 - a view's hint must never break the screen
                log.debug("message_spots: fell back after an error", exc_info=True)  # drawn every frame: quiet
                areas = []
        whole = pygame.Rect(self.board_rect)
        bar = getattr(self.board, "bar_rect", None)
        if isinstance(bar, pygame.Rect) and bar.h > 0 and bar.top > whole.centery:
            whole.h = bar.top - whole.y
        areas.append(whole)
        pad = self.px(8)
        for area in areas:
            if area.h < box.h + 2 * pad or area.w < self.px(120):
                continue
            for top in (max(area.y + pad, self.toast_top()), area.bottom - pad - box.h):
                cand = box.copy()
                cand.midtop = (area.centerx, top)
                if cand.bottom > area.bottom:
                    continue
                cand.clamp_ip(self.board_rect)
                out.append(cand)
        return out

    def place_clear_of_hint(self, box: pygame.Rect) -> pygame.Rect:
        """The message box where it covers nothing the hint talks about: never a lit target,
        and as little as possible of what the view keeps clear (``message_keep_clear()``, e.g.
        the seat cards) and of the board's other live targets; the first spot wins a tie."""
        lit = [self._target_box(t) for t in self.hint_targets()]
        try:
            others = [self._target_box(t) for t in self.board.get_targets()
                      if t.enabled and not t.bar and (t.rect is not None or t.pos is not None)]
        except Exception:  # noqa: BLE001
            log.debug("place_clear_of_hint: fell back after an error", exc_info=True)  # drawn every frame: quiet
            others = []
        keep = []
        hook = getattr(self.board, "message_keep_clear", None)
        if callable(hook):
            try:
                keep = [pygame.Rect(k) for k in (hook() or []) if k is not None]
            except Exception:  # noqa: BLE001
                log.debug("place_clear_of_hint: fell back after an error", exc_info=True)  # drawn every frame: quiet
                keep = []
        if not lit and not keep:
            return box

        def cost(item):
            i, cand = item
            return (sum(cand.colliderect(r) for r in lit), sum(cand.colliderect(r) for r in keep),
                    sum(cand.colliderect(r) for r in others), i)
        return min(enumerate(self.message_spots(box)), key=cost)[1]

    def draw_hint(self, surface) -> None:
        draw_rings(surface, self.hint_targets(), self.px)


def draw_rings(surface, targets, px, tight: bool = False, pulse: bool = True) -> None:
    """A pulsing ring (with a dark edge, so it shows on any ground) round each target: the
    hint's move, the guide's targets (``tight``: close round small places, as many may be lit;
    without ``pulse`` it keeps still, so a waiting screen needs no frames)."""
    if not targets:
        return
    t = pygame.time.get_ticks() / 1000.0
    grow = int(px(4) * (0.5 + 0.5 * math.sin(t * 5.0))) if pulse else px(2)
    colour = ui.colour("accent")
    width = max(3, px(4))
    dark = ui.colour("background")
    for tg in targets:
        if tg.rect is not None:
            r = pygame.Rect(tg.rect).inflate(px(8) + 2 * grow, px(8) + 2 * grow)
            pygame.draw.rect(surface, dark, r.inflate(4, 4), width=width + 4,
                             border_radius=px(12))
            pygame.draw.rect(surface, colour, r, width=width, border_radius=px(10))
        elif tg.pos is not None:
            rad = int(max(float(tg.radius or 0), px(14))) + px(5) + grow
            if tight:
                rad = int(min(max(float(tg.radius or 0), px(10)), px(16))) + px(3) + grow // 2
            centre = (int(tg.pos[0]), int(tg.pos[1]))
            pygame.draw.circle(surface, dark, centre, rad + 2, width + 4)
            pygame.draw.circle(surface, colour, centre, rad, width)
