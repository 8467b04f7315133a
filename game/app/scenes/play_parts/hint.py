"""The play screen's Hint button (and key H): the good computer player's choice for the human
to act, lit on the board through the view's ``clicks_for`` / targets, with one sentence why.

``HintSection`` is given the session, the board view, the messages (the sentence is one of
them) and the cover (no hint while the undo question is asked); its rect is the button's.  The
thinking happens off the UI thread (``game/app/hint.py``) from the seat's own view only.  The
hint never plays the move; it is forgotten as soon as anything is played or taken back (the
session's ``version`` moves on).
"""
from __future__ import annotations

import logging
import math

import pygame

from ....i18n import tr
from ... import ui
from ...hint import Hint, HintAsker
from .sections import Section

log = logging.getLogger(__name__)

HINT_SECONDS = 12.0     # how long the sentence stays


class HintSection(Section):
    name = "hint"
    draw_order = 10                # the rings, on the board under everything else

    def __init__(self, screen, layout, session, board, messages, cover):
        super().__init__(screen, layout)
        self.session = session
        self.board = board
        self.messages = messages
        self.cover = cover
        self.button = None
        self.hint: Hint | None = None
        self._asker: HintAsker | None = None

    # ---- state -------------------------------------------------------------------------------
    @property
    def asker(self) -> HintAsker:
        if self._asker is None:
            self._asker = HintAsker()
        return self._asker

    def offered(self) -> bool:
        """The button exists when a person plays at this table (computers never get one)."""
        return bool(self.session.humans) and not self.session.is_over()

    def available(self) -> bool:
        return self.asker.available(self.session) and not self.cover.asking

    def current(self) -> Hint | None:
        """The hint on show for this very position, or None."""
        h = self.hint
        if h is None or h.generation != self.session.version or not self.available():
            return None
        return h

    # ---- the button --------------------------------------------------------------------------
    def build_button(self, rect) -> None:
        self.button = self.screen.button(rect, tr("hint.button"), self.ask, key="hint",
                                         enabled=self.available(), tooltip=tr("hint.tip"))
        self.rect = pygame.Rect(self.button.rect)

    def place(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)      # until the panel builds the button

    def update_button(self) -> None:
        btn = self.button
        if btn is None:
            return
        want = self.available()
        if want != btn.is_enabled:
            btn.enable() if want else btn.disable()

    def ask(self) -> None:
        if not self.available():
            return
        if self.current() is not None:            # asked again: show it again
            self.messages.show(self.hint.text, HINT_SECONDS, tone="hint")
            return
        if self.asker.ask(self.session):
            self.messages.show(tr("hint.thinking"), HINT_SECONDS, tone="hint")

    def follow(self) -> None:
        """Each frame the table plays: a hint thought of is shown, the button follows the table."""
        self.poll()
        self.update_button()

    def poll(self) -> None:
        got = self.asker.poll(self.session)
        msgs = self.messages
        if got is not None:
            self.hint = got
            msgs.show(got.text, HINT_SECONDS, tone="hint")
            return
        h = self.current()            # the language changed while it shows: say it again
        if h is not None and msgs.message == h.text and h.relabel():
            msgs.message = h.text

    def forget(self) -> None:
        """Something was played or taken back: the hint's sentence goes at once (it may name a
        secret pick, and the next seat must not read it)."""
        h = self.hint
        msgs = self.messages
        if msgs.message and msgs.message in ((h.text if h is not None else None), tr("hint.thinking")):
            msgs.message, msgs.message_time = "", 0.0
        self.hint = None

    def busy(self) -> bool:
        """Frames are needed: a hint is being thought of, or one is lit (it pulses)."""
        return self.asker.thinking or (self.current() is not None and self.messages.message_time > 0)

    def wants_frame(self) -> bool:
        return self.busy()

    # ---- the key -----------------------------------------------------------------------------
    def on_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and self.button is not None \
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.ask()
            return True
        return False

    # ---- the lit targets -----------------------------------------------------------------------
    def targets(self) -> list:
        """The board's targets the hinted action is chosen with (the ones shown now)."""
        h = self.current()
        if h is None or self.messages.message_time <= 0:
            return []
        try:
            keys = [str(k) for k in (self.board.clicks_for(h.action) or [])]
            targets = self.board.get_targets()
        except Exception:  # noqa: BLE001 - a view without the hooks lights nothing
            log.debug("hint_targets: fell back after an error", exc_info=True)  # drawn every frame: quiet
            return []
        return [t for t in targets if str(t.key) in keys and t.enabled]

    def on_draw(self, surface) -> None:
        draw_rings(surface, self.targets(), self.px)


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
