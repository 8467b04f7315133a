"""Sections: the parts of a screen, each with a rect of its own, its drawing and its input
(after Arcade's ``arcade.Section`` / ``SectionManager``).

A ``Section`` has a ``rect`` (``left``, ``bottom``, ``width``, ``height`` read from it; ``place()``
works it out again from the screen's ``PlayLayout`` on every build, so a resize moves it), an
``on_draw(surface)``, an ``on_update(dt)`` and an ``on_event(event)`` that returns True when it
took the event.  ``enabled`` False leaves it out of drawing and input.

The ``SectionManager`` the screen owns draws and updates its sections in ``draw_order`` and
offers them an event in the order they were added, modal ones first:

- a *modal* section (``modal`` True: a moment the table waits for, the guide's bubble) is offered
  every event, wherever the pointer is;
- any other section is offered a pointer event only when the pointer is over its ``rect``
  (``contains(pos)``), and every key (it takes the ones meant for it: its hot keys, or any key
  while it has the keyboard focus);
- ``prevents(event)`` True stops the event there for the sections after it (Arcade's
  ``prevent_dispatch``): the bubble keeps the board beneath from a click, while the screen's own
  buttons (drawn over everything) still get it.

What a section needs it is given when it is made (the session, the board view, the layout and
the screen for its widgets: ``px``, ``button``, ``focus``, ``rebuild``); sections that talk to
each other hold each other explicitly.
"""
from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)

POINTER_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)


def pointer_pos(event):
    """Where a pointer event happened (the wheel's: where the pointer is now); None for others."""
    if event.type not in POINTER_EVENTS:
        return None
    pos = getattr(event, "pos", None)
    return pygame.mouse.get_pos() if pos is None else pos


class PlayLayout:
    """Where the parts of the play screen stand, worked out again on every build (a resize):
    the board on the left, the side panel on the right, the log in the panel."""

    def __init__(self):
        self.board = pygame.Rect(0, 0, 10, 10)
        self.panel = pygame.Rect(0, 0, 10, 10)
        self.log: pygame.Rect | None = None      # set once the panel has placed its buttons
        self.log_top = 0

    def place(self, size: tuple[int, int], px) -> None:
        w, h = size
        m = px(14)
        pw = max(px(300), min(int(w * 0.31), px(420)))
        self.panel = pygame.Rect(w - pw - m, m, pw, h - 2 * m)
        self.board = pygame.Rect(m, m, w - pw - 3 * m, h - 2 * m)


class Section:
    """A part of a screen with a rect of its own; see the module's docstring."""

    name = "section"
    draw_order = 0

    def __init__(self, screen, layout: PlayLayout | None = None):
        self.screen = screen            # its widgets: px, button, focus, rebuild
        self.layout = layout
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True

    # ---- the rect --------------------------------------------------------------------------
    @property
    def left(self) -> int:
        return self.rect.left

    @property
    def bottom(self) -> int:
        return self.rect.bottom

    @property
    def width(self) -> int:
        return self.rect.w

    @property
    def height(self) -> int:
        return self.rect.h

    def place(self) -> None:
        """Work the rect out again (the window changed size, or the screen is built again)."""

    def contains(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def px(self, n: float) -> int:
        return self.screen.px(n)

    @property
    def scale(self) -> float:
        return self.screen.scale

    # ---- input -----------------------------------------------------------------------------
    @property
    def modal(self) -> bool:
        """True: offered every event first, wherever the pointer is."""
        return False

    def on_event(self, event) -> bool:
        """True when the section took the event (nothing after it gets it)."""
        return False

    def prevents(self, event) -> bool:
        """True: the sections after this one are not offered ``event`` (the screen's own
        widgets still are)."""
        return False

    # ---- frames ----------------------------------------------------------------------------
    def on_update(self, dt: float) -> None:
        pass

    def on_draw(self, surface) -> None:
        pass

    def wants_frame(self) -> bool:
        return False


class SectionManager:
    """The sections of one screen: events in order (modal ones first), drawing in
    ``draw_order``.  A section is also reached by its name (``manager.hint``)."""

    def __init__(self):
        self.sections: list[Section] = []

    def add(self, section: Section) -> Section:
        self.sections.append(section)
        return section

    def __getattr__(self, name: str) -> Section:
        for s in self.__dict__.get("sections", ()):
            if s.name == name:
                return s
        raise AttributeError(name)

    def enabled(self) -> list[Section]:
        return [s for s in self.sections if s.enabled]

    def place(self) -> None:
        for s in self.sections:
            s.place()

    def dispatch(self, event) -> bool:
        """Offer ``event`` to the sections; True when one took it."""
        live = self.enabled()
        ordered = [s for s in live if s.modal] + [s for s in live if not s.modal]
        pos = pointer_pos(event)
        for s in ordered:
            if pos is not None and not s.modal and not s.contains(pos):
                continue
            if s.on_event(event):
                return True
            if s.prevents(event):
                return False
        return False

    def drawn(self) -> list[Section]:
        """The enabled sections from the lowest ``draw_order`` (the board) to the highest."""
        return sorted(self.enabled(), key=lambda s: s.draw_order)

    def update(self, dt: float) -> None:
        """A frame's time for every section, the lowest first (the board before what it shows)."""
        for s in self.drawn():
            s.on_update(dt)

    def draw(self, surface) -> None:
        for s in self.drawn():
            s.on_draw(surface)

    def wants_frame(self) -> bool:
        return any(s.wants_frame() for s in self.enabled())


def board_animating(board) -> bool:
    """The board view's ``animating``; False when asking it fails (it is asked every frame)."""
    try:
        return bool(board.animating)
    except Exception:  # noqa: BLE001
        log.debug("animating: fell back after an error", exc_info=True)  # drawn every frame: quiet
        return False
