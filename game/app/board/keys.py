"""The one keyboard scheme of every game screen (README, *Playing*):

    arrow keys       focus the nearest piece, place or button in that direction
    N / P            next / previous target (Tab / Shift+Tab too when the board has them)
    Enter / Space    act on the focused target (the first press only shows the focus)
    1 - 9            press the action bar's buttons, left to right
    Backspace        take back a half-made choice (the step's cancel)
    Esc              close a dialog, then drop a half-made choice; else the pause menu

``intent(event)`` turns a KEYDOWN into one of these as ``(name, argument)`` or None.
"""
from __future__ import annotations

import pygame

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
ACT = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def intent(event):
    if event.type != pygame.KEYDOWN:
        return None
    key = event.key
    if key in ARROWS:
        return ("move", ARROWS[key])
    if key == pygame.K_TAB:
        back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        return ("prev" if back else "next", None)
    if key == pygame.K_n:
        return ("next", None)
    if key == pygame.K_p:
        return ("prev", None)
    if key in ACT:
        return ("act", None)
    if pygame.K_1 <= key <= pygame.K_9:
        return ("bar", key - pygame.K_1)
    if pygame.K_KP1 <= key <= pygame.K_KP9:
        return ("bar", key - pygame.K_KP1)
    if key == pygame.K_BACKSPACE:
        return ("cancel", None)
    if key == pygame.K_ESCAPE:
        return ("close", None)
    return None
