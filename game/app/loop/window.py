"""The window on the desktop: a window resized in place stays on the screen."""
from __future__ import annotations

import pygame

from ...io.paths import resource_path


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


def set_window_icon() -> None:
    """The window's (and task bar's) icon: the project's own artwork, sprites/icon.svg."""
    try:
        icon = pygame.image.load_sized_svg(str(resource_path("sprites", "icon.svg")), (64, 64))
        pygame.display.set_icon(icon)
    except (pygame.error, OSError, AttributeError, ValueError):
        pass  # pygame's own icon then
