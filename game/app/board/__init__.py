"""The board kit: everything a game screen needs that is not the game itself.

The play scene talks to a game's board view through this contract:

    view = make_board_view("moles", seats, assets)
    view.set_rect(rect)                       # where to draw (window resized: called again)
    view.sync(state.view(seat), legal, seat)  # after every change; legal=None when no human acts
    view.play(events, speed)                  # animate the events apply() returned
    view.animating                            # True while something moves
    view.is_idle()                            # nothing moves, no timer runs, nothing to redraw
    view.update(dt)                           # dt in seconds
    view.draw(surface)
    view.handle_escape()                      # Esc: True if the view used it (else: pause menu)
    view.score_texts()                        # scores as the viewing seat may see them, or None
    view.targets()                            # what can be clicked: [{"kind","key","center",...}]
    view.clicks_for(action)                   # the target keys to activate for that action
    result = view.handle_event(pygame_event)  # an Action (the human chose it), a str (why that
                                              # click is not allowed: shown to the player), or None

Every other hook the screens call (where messages may stand, the big moments, the log's marks,
sounds, the results' picture...) is declared in ``contract.BoardView`` with its default and
listed in ``contract.HOOKS``; the screens call them directly, never through ``getattr``.

``seats`` is a list of dicts: {"name": str, "colour": int (palette index), "kind": "human" |
"computer", "level": str}.  A view never changes the state: it only proposes actions that are in
``legal``.  The house rules for a game screen are in ``README.md`` beside this file.

Modules: ``contract`` (BoardView), ``base`` (AnimatedBoardView, KitView), ``modes`` (StepMode:
one per rules step), ``targets`` (Target, Focus), ``keys`` (the one keyboard scheme), ``anim`` (speeds, easing,
the animator), ``widgets`` (toasts, tooltip, dialog), ``draw`` (pill, glow, buttons, focus),
``cache`` (the one surface cache with its byte budget).
"""
from __future__ import annotations

from . import anim, bar, draw, keys
from .anim import SPEED_FACTOR, SPEEDS, Step
from .base import AnimatedBoardView, BoardView, KitView
from .cache import CACHE
from .modes import StepMode
from .targets import Target
from .widgets import TOAST_LIFE, TOOLTIP_DELAY

__all__ = ["AnimatedBoardView", "BoardView", "CACHE", "KitView", "SPEEDS", "SPEED_FACTOR", "Step",
           "StepMode", "TOAST_LIFE", "TOOLTIP_DELAY", "Target"]
