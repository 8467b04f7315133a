"""Rounded widgets with a small scratch (issue 37, memory in a real window): a wide button at
1920x1080 took about 20 MB for the length of one call; now a quarter, and a small widget is
drawn exactly as pygame_gui draws it."""
from __future__ import annotations

import hashlib
import inspect

import pygame
import pygame_gui
import pytest
from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import RoundedRectangleShape

from game.app.loop import gui_shapes, memory

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)

#: pygame_gui's ``RoundedRectangleShape.redraw_state`` that ``gui_shapes.redraw_state`` was
#: taken from: a new pygame_gui must be read again before this changes
ORIGINAL_SHA = "bb9682380996bfb1e6350101322ad9f90d1f154ff45ce5762fbf1c2895756b0b"


@pytest.fixture
def manager():
    pygame.init()
    pygame.display.set_mode((1280, 720))
    memory.forget_theme()
    mgr = memory.make_manager((1920, 1080), 1.5)
    yield mgr
    memory.forget_theme()
    pygame.display.quit()


def _looks(manager, size, redraw) -> tuple[dict, int]:
    """Every look of a button of ``size`` drawn by ``redraw``, and the most pixels of one surface
    made while drawing them."""
    biggest = [0]
    real = pygame.surface.Surface

    class Counting(real):
        def __init__(self, size, *args, **kwargs):
            super().__init__(size, *args, **kwargs)
            biggest[0] = max(biggest[0], self.get_width() * self.get_height())

    cache = manager.get_theme().shape_cache      # drawn anew, not found from the other call
    cache.cache_long_term_lookup.clear()
    cache.cache_short_term_lookup.clear()
    RoundedRectangleShape.redraw_state = redraw
    pygame.surface.Surface = Counting
    try:
        button = pygame_gui.elements.UIButton(pygame.Rect((0, 0), size), "Play online",
                                              manager=manager)
        shape = button.drawable_shape
        for state in shape.states:
            shape.redraw_state(state)
        looks = {s: pygame.image.tobytes(shape.states[s].surface, "RGBA") for s in shape.states}
        button.kill()
    finally:
        pygame.surface.Surface = real
        gui_shapes.install()
    return looks, biggest[0]


def test_the_redraw_was_taken_from_the_pinned_pygame_gui():
    source = inspect.getsource(gui_shapes._original)
    digest = hashlib.sha256(source.encode()).hexdigest()
    assert digest == ORIGINAL_SHA, (
        "pygame_gui's RoundedRectangleShape.redraw_state changed: compare it with "
        "game/app/loop/gui_shapes.redraw_state and take the change over, then note its digest")


def test_a_small_widget_is_drawn_as_pygame_gui_draws_it(manager):
    size = (60, 40)                      # a small arrow button
    assert gui_shapes.aa_for(size) == 4
    ours, _ = _looks(manager, size, gui_shapes.redraw_state)
    theirs, _ = _looks(manager, size, gui_shapes._original)
    assert ours == theirs


@pytest.mark.parametrize("size", [(320, 52), (780, 84)])   # a menu button at 1280x720, the
def test_a_big_widget_draws_with_a_quarter_of_the_scratch_and_the_same_look(manager, size):
    #                                    widest button seen at 1920x1080
    ours, our_scratch = _looks(manager, size, gui_shapes.redraw_state)
    theirs, their_scratch = _looks(manager, size, gui_shapes._original)
    assert their_scratch == 16 * size[0] * size[1]
    assert our_scratch == 4 * size[0] * size[1]
    for state in ours:
        a, b = ours[state], theirs[state]
        diffs = [abs(x - y) for x, y in zip(a, b) if x != y]
        # only the anti-aliased rims of the corners differ, by a shade on average
        assert len(diffs) < 0.01 * len(a), state
        assert sum(diffs) / max(1, len(diffs)) <= 16, state


def test_the_app_draws_its_rounded_widgets_the_lean_way(manager):
    assert RoundedRectangleShape.redraw_state is gui_shapes.redraw_state
