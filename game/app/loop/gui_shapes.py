"""pygame_gui's rounded widgets, drawn with a scratch that stays small.

pygame_gui (0.6.14) draws each look of a rounded widget (button, text entry, drop-down) at four
times its size in each direction and scales it down, for smooth corners: the scratch of one
look is 16 times the widget's pixels, several surfaces at once (the shape, its outline, the
background, the hole cut for it).  For a button of 780x84 (a wide button at 1920x1080) that is
about 20 MB for the length of one call, the biggest part of the app's peak memory in a big
window.  ``install()`` keeps pygame_gui's drawing and changes only how much bigger the scratch
is (``aa_for``): four times for a small widget of up to ``FULL_AA_PIXELS`` (a check box, a
small arrow button: their pixels do not change), twice for a bigger one (its corners are still
smoothed over four samples a pixel, side by side they look the same, and the scratch is a
quarter: at most about 5 MB for the widest button at 1920x1080).

``redraw_state`` below is pygame_gui's ``RoundedRectangleShape.redraw_state`` with that one
change; ``tests/app/test_gui_shapes.py`` checks that a small widget comes out as pygame_gui
draws it, and that the pinned pygame_gui still has the method this one was taken from.
"""
from __future__ import annotations

import pygame
from pygame_gui.core.colour_gradient import ColourGradient
from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import RoundedRectangleShape
from pygame_gui.core.utility import apply_colour_to_surface, basic_blit

#: a widget of up to this many pixels is drawn at four times its size (as pygame_gui draws it)
FULL_AA_PIXELS = 4_000
#: ... a bigger one at twice its size
BIG_AA = 2

_original = RoundedRectangleShape.redraw_state


def aa_for(size) -> int:
    """How many times bigger than the widget its scratch is, in each direction."""
    w, h = size
    return 4 if w * h <= FULL_AA_PIXELS else BIG_AA


def install() -> None:
    """Every rounded widget made from now on draws its looks with ``redraw_state`` below."""
    RoundedRectangleShape.redraw_state = redraw_state


def redraw_state(self, state_str: str, add_text: bool = True):
    """pygame_gui's ``RoundedRectangleShape.redraw_state`` with the scratch of ``aa_for``."""
    if self.containing_rect.width <= 0 or self.containing_rect.height <= 0:
        self.states[state_str].surface = self.ui_manager.get_universal_empty_surface()
    else:
        bg_col = self.theming[f"{state_str}_bg"]
        border_col = self.theming[f"{state_str}_border"]
        border_overlap = self.theming.get("border_overlap", 0)
        found_shape = None
        shape_id = None
        if "filled_bar" not in self.theming and "filled_bar_width_percentage" not in self.theming:
            shape_id = self.shape_cache.build_cache_id(
                "rounded_rectangle", self.containing_rect.size, self.shadow_width,
                self.border_widths, border_col, bg_col, self.shape_corner_radius)
            found_shape = self.shape_cache.find_surface_in_cache(shape_id)
        if found_shape is not None:
            self.states[state_str].surface = found_shape.copy()
        else:
            if self.base_surface is not None:
                self.states[state_str].surface = self.base_surface.copy()
            _draw_shape(self, state_str, bg_col, border_col, border_overlap,
                        aa_for(self.containing_rect.size))
            cached_id = self.states[state_str].cached_background_id
            if cached_id is not None:
                self.shape_cache.remove_user_from_cache_item(cached_id)
            if (not self.has_been_resized
                    and self.containing_rect.width * self.containing_rect.height < 40000
                    and shape_id is not None
                    and self.states[state_str].surface.get_width() <= 1024
                    and self.states[state_str].surface.get_height() <= 1024):
                self.shape_cache.add_surface_to_cache(self.states[state_str].surface.copy(), shape_id)
                self.states[state_str].cached_background_id = shape_id
        self.finalise_images_and_text(f"{state_str}_images", state_str, f"{state_str}_text",
                                      f"{state_str}_text_shadow", add_text)
    self.states[state_str].has_fresh_surface = True
    self.states[state_str].generated = True


def _draw_shape(self, state_str, bg_col, border_col, border_overlap, aa_amount) -> None:
    """The border and background of one look, drawn ``aa_amount`` times bigger and scaled down
    onto the look's surface (pygame_gui's drawing, step by step)."""
    bw = self.border_widths
    self.border_rect = pygame.Rect(
        (self.shadow_width * aa_amount, self.shadow_width * aa_amount),
        (self.click_area_shape.width * aa_amount, self.click_area_shape.height * aa_amount))
    self.background_rect = pygame.Rect(
        ((bw["left"] + self.shadow_width) * aa_amount, (bw["top"] + self.shadow_width) * aa_amount),
        (self.border_rect.width - (bw["left"] + bw["right"]) * aa_amount,
         self.border_rect.height - (bw["top"] + bw["bottom"]) * aa_amount))
    dimension_scale = min(self.background_rect.width / max(self.border_rect.width, 1),
                          self.background_rect.height / max(self.border_rect.height, 1))
    bg_corner_radii = [int(r * dimension_scale) for r in self.shape_corner_radius]
    bab_surface = pygame.surface.Surface(
        (self.containing_rect.width * aa_amount, self.containing_rect.height * aa_amount),
        flags=pygame.SRCALPHA, depth=32)
    bab_surface.fill(pygame.Color("#00000000"))
    if bw["left"] > 0:
        shape_surface = self.clear_and_create_shape_surface(
            bab_surface, self.border_rect, border_overlap, self.shape_corner_radius,
            aa_amount=aa_amount, clear=False)
        _colour(border_col, shape_surface)
        basic_blit(bab_surface, shape_surface, self.border_rect)
    shape_surface = self.clear_and_create_shape_surface(
        bab_surface, self.background_rect, border_overlap, bg_corner_radii, aa_amount=aa_amount)
    if "filled_bar" in self.theming and "filled_bar_width_percentage" in self.theming:
        self._redraw_filled_bar(bg_col, shape_surface)
    else:
        _colour(bg_col, shape_surface)
    basic_blit(bab_surface, shape_surface, self.background_rect)
    del shape_surface
    bab_surface = pygame.transform.smoothscale(bab_surface, self.containing_rect.size)
    basic_blit(self.states[state_str].surface, bab_surface, (0, 0))


def _colour(colour, surface) -> None:
    if isinstance(colour, ColourGradient):
        colour.apply_gradient_to_surface(surface)
    else:
        apply_colour_to_surface(colour, surface)
