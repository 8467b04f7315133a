"""The window on the desktop: a window resized in place stays on the screen."""
from __future__ import annotations

import pygame


def keep_on_screen(win) -> None:
    """A window (``pygame.Window``) whose corner would leave the screen goes to its middle.  With
    several screens their arrangement is unknown, so the window stays where it is."""
    try:
        desk = pygame.display.get_desktop_sizes()
        (x, y), (w, h) = win.position, win.size
        if len(desk) == 1 and (x < 0 or y < 0 or x + w > desk[0][0] or y + h > desk[0][1]):
            win.position = pygame.WINDOWPOS_CENTERED
    except (AttributeError, pygame.error, TypeError, ValueError):
        pass
