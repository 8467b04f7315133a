"""How the app keeps its memory small over a long session (see ``bench --long``).

- ``freeze_startup()``: the tens of thousands of objects that live as long as the program
  (modules, classes, functions) leave the garbage collector's view, so a full collection
  costs about a millisecond and ``collect()`` can run at every screen change and relayout
  (pygame_gui widgets and board views live in reference cycles).  Whatever a frame alive
  at that moment holds in a closure cell is frozen with it and never collected: the first
  App is made from a frame without closures (``bench`` freezes first for its own).
- ``make_manager(size, scale)``: every pygame_gui manager of a window scale shares one theme
  (fonts, the cache of drawn widget backgrounds) instead of loading its own; a theme made for
  another scale goes with the last manager that uses it.  Managers load on the main thread
  (no five loading threads a manager) and read fonts from their files (pygame_gui kept a
  copy of the whole font file for every font size), Noto Sans from ours (``data/fonts``,
  ``tools/slim_fonts.py``: a third less memory a font object).
- ``gui_shapes``: a rounded widget bigger than a check box is drawn at twice its size to smooth
  its corners, not four times (a scratch of 20 MB for one wide button at 1920x1080).
- ``settle_shapes(manager)``: no widget keeps the scratch surfaces of its rounded shape, and
  a widget's other looks (hovered, disabled, ...) are drawn when it first takes them.
- ``drop_pictures()``: the board pictures and panel shadows go when nothing drawn for the
  old window size or the game just left is of use; ``drop_game_pictures()``: a new game
  keeps only the pictures any game uses.
- ``give_back()``: the heap pages freed surfaces leave behind go back to the system (at each
  change of screen, and once a second after a frame: ``give_back_now_and_then``).
"""
from __future__ import annotations

import gc
import os
import queue
import sys
import time
import warnings
from importlib import resources

import i18n as pygame_i18n        # python-i18n, pygame_gui's translations
import pygame
import pygame_gui
from pygame_gui.core import ui_appearance_theme as _theme_module
from pygame_gui.core.package_resource import PackageResource
from pygame_gui.core.resource_loaders import BlockingThreadedResourceLoader
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.utility import FontResource, get_default_manager, set_default_manager

from ... import i18n
from .. import ui
from . import gui_shapes

_frozen = False


def freeze_startup() -> None:
    """Once per process: collect, then hide what exists now from later collections."""
    global _frozen
    if _frozen:
        return
    _frozen = True
    gc.collect()
    gc.freeze()


def drop_pictures() -> None:
    """Forget the board pictures and panel shadows drawn so far (a screen without a board
    comes: what the games drew for their window size is of no use to it)."""
    from ..board.cache import CACHE
    CACHE.clear()
    for part in (ui, getattr(ui, "surfaces", None)):      # the panel shadows, wherever ui keeps them
        shadows = getattr(part, "_shadow_cache", None)
        if shadows is not None:
            shadows.clear()
            break


SHARED_PICTURES = ("kit", "assets")     # board-kit labels and sprite files: of use to any game


def drop_game_pictures() -> None:
    """A game starts: what the views of the games before it drew goes (every view keys its
    pictures by itself, so a new view never uses them), the pictures any game uses stay."""
    from ..board.cache import CACHE
    CACHE.keep_only(SHARED_PICTURES)


def collect() -> None:
    """Free what dropped screens leave in reference cycles (widgets, board views), and hand
    the freed pages back.  Babel's locale data (loaded again when a date is written) goes too."""
    i18n.release_locale_data()
    gc.collect()
    give_back()


# ---- glibc: freed pages go back -------------------------------------------------------------------

def _libc():
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
        return ctypes.CDLL("libc.so.6")
    except (OSError, AttributeError):
        return None


_LIBC = _libc()


def return_freed_memory() -> None:
    """glibc: allocations from 256 kB up (surfaces) get their own mapping, handed back to the
    system when freed; by default the threshold grows and freed surfaces stay in the heap."""
    try:
        if _LIBC is not None:
            _LIBC.mallopt(-3, 256 * 1024)   # M_MMAP_THRESHOLD
    except (AttributeError, ValueError):
        pass


GIVE_BACK_EVERY = 1.0      # seconds between two ``give_back_now_and_then`` that do something
_given_back = [0.0]


def give_back_now_and_then() -> None:
    """``give_back()`` at most once a ``GIVE_BACK_EVERY`` (called after each frame): what the
    frames since freed (a relayout's widgets, a rebuilt picture, an animation's scratch) goes
    back before the next big picture is drawn, not only at the next change of screen.  It
    costs a fraction of a millisecond, a few when megabytes go back."""
    now = time.monotonic()
    if now - _given_back[0] >= GIVE_BACK_EVERY:
        _given_back[0] = now
        give_back()


def give_back() -> None:
    """Hand the heap pages freed surfaces leave behind back to the system: without it glibc
    keeps them, and a session that visits many screens and window sizes holds hundreds of MB
    it no longer uses."""
    try:
        if _LIBC is not None:
            _LIBC.malloc_trim(0)
    except (AttributeError, ValueError):
        pass


# ---- pygame_gui managers that share their theme ----------------------------------------------------

class _SmallShapeCache(SurfaceCache):
    """pygame_gui's cache of drawn widget backgrounds on sheets of 1024x256 instead of
    1024x1024 (up to two: 2 MB, not 12 MB).  It only keeps shapes under 40,000 pixels, so
    a strip of 256 rows holds many of them."""

    def __init__(self):
        self.cache_surface_size = (1024, 256)
        self.cache_surfaces = [{"surface": self._sheet(),
                                "free_space_rectangles": [pygame.Rect((0, 0), self.cache_surface_size)]}]
        self.cache_long_term_lookup = {}
        self.cache_short_term_lookup = {}
        self.consider_purging_list = []
        self.low_on_space = False

    def _sheet(self):
        sheet = pygame.Surface(self.cache_surface_size, flags=pygame.SRCALPHA, depth=32)
        sheet.fill((0, 0, 0, 0))
        return sheet

    def _expand_lt_cache(self):
        if len(self.cache_surfaces) < 2:
            self.cache_surfaces.append({"surface": self._sheet(), "free_space_rectangles":
                                        [pygame.Rect((0, 0), self.cache_surface_size)]})
        else:
            self.low_on_space = True


class _MainThreadLoader(BlockingThreadedResourceLoader):
    """pygame_gui's resource loader without its threads: it started five threads for every
    manager (a new heap arena each for glibc, filled by the fonts they loaded, and left in
    pieces), and it read every font file into memory (0.6 MB a font and size).  Here fonts
    load on the calling thread, from their file, as pygame_gui does for a font given by path."""

    def start(self):
        self._started = True
        waiting = self._threaded_loading_queue
        while True:
            try:
                resource = waiting.get_nowait()
            except queue.Empty:
                break
            _font_from_file(resource)
            error = resource.load()
            if error is not None:
                warnings.warn(str(error))
        self._threaded_loading_finished = True
        self._threads_running = False

    def update(self):
        while not self._sequential_loading_finished:
            self._sequential_loading_finished = self._untimed_sequential_loading_update()
        return True, 1.0


def _package_file(location):
    """The file a pygame_gui ``PackageResource`` names, as a path (None: not a plain file); for
    Noto Sans, ours (``ui.fit.gui_font_file``: the same letters, a smaller font object)."""
    if not isinstance(location, PackageResource):
        return None
    name = os.path.basename(str(location.resource))
    if name.startswith("NotoSans-"):
        ours = ui.fit.gui_font_file(name)
        if ours is not None:
            return ours
    try:
        path = str(resources.files(location.package).joinpath(location.resource))
    except (ImportError, TypeError, ValueError, AttributeError):
        return None
    return path if os.path.isfile(path) else None


def _font_from_file(resource) -> bool:
    """Point a font resource at its file instead of the package's bytes (read whole into
    memory for each font size); True if it changed."""
    if not isinstance(resource, FontResource):
        return False
    path = _package_file(resource.location)
    if path is None:
        return False
    resource.location = path
    return True


def _fonts_from_files(theme) -> None:
    """Every font the theme knows by package reads from its file from now on; the default
    fonts pygame_gui loaded already from the package's bytes load again from their file."""
    fonts = theme.get_font_dictionary()
    for name, places in list(fonts.known_font_paths.items()):
        fonts.known_font_paths[name] = [(_package_file(loc) or loc, forced) for loc, forced in places]
    for resource in list(fonts.loaded_fonts.values()):
        if resource.loaded_font is not None and _font_from_file(resource):
            if resource.load() is not None:
                warnings.warn(f"font {resource.font_id}: not loaded from its file")


class _LeanManager(pygame_gui.UIManager):
    """A UIManager that loads on the main thread (``_MainThreadLoader``), keeps a small sheet
    for its shape cache, and uses ``theme`` (an already loaded one) if given."""

    def __init__(self, size, theme_data, locale: str, theme=None):
        self._shared_theme = theme
        loader = _MainThreadLoader()
        super().__init__(size, theme_data, enable_live_theme_updates=False,
                         resource_loader=loader, starting_language=locale)
        loader.start()
        loader.update()
        paths = pygame_i18n.load_path        # pygame_gui adds its folder for every manager
        paths[:] = list(dict.fromkeys(paths))

    def create_new_theme(self, theme_path=None):
        if self._shared_theme is not None:
            return self._shared_theme
        real = _theme_module.SurfaceCache
        _theme_module.SurfaceCache = _SmallShapeCache     # not a 4 MB sheet first, dropped next
        try:
            theme = super().create_new_theme(theme_path)
        finally:
            _theme_module.SurfaceCache = real
        _fonts_from_files(theme)
        _short_theming_keys(theme)
        return theme


class _Unspoken(list):
    """A list of ids that prints as nothing: pygame_gui keys its cache of an element's theming
    ids by ``str(a).join(str(b).join(str(c)).join(str(d)))``, a string whose length is the
    product of the four lists' printed lengths (7 MB for one item of a selection list in a
    container), made again for every new widget and kept for ever by the shared theme."""

    def __str__(self):
        return ""


def _ids_key(ids):
    return None if ids is None else tuple(ids)


def _short_theming_keys(theme) -> None:
    """The theme's ``build_all_combined_ids`` with a cache keyed by the id lists themselves
    (the same answer, without pygame_gui's giant key strings)."""
    build = theme.build_all_combined_ids
    found: dict = {}

    def build_all_combined_ids(element_base_ids, element_ids, class_ids, object_ids):
        key = (_ids_key(element_base_ids), _ids_key(element_ids), _ids_key(class_ids),
               _ids_key(object_ids))
        ids = found.get(key)
        if ids is None:
            ids = build(*(None if x is None else _Unspoken(x)
                          for x in (element_base_ids, element_ids, class_ids, object_ids)))
            theme.unique_theming_ids.clear()      # only the empty key: never looked up again
            found[key] = ids
        return ids

    theme.build_all_combined_ids = build_all_combined_ids


_theme = {"scale": None, "theme": None}


def make_manager(size, scale: float):
    """A pygame_gui manager for a window of ``size`` at ``scale``, on the scale's shared theme."""
    gui_shapes.install()                    # big rounded widgets: a small scratch
    if _theme["scale"] == scale and _theme["theme"] is not None:
        from ..lang import gui_locale
        locale = gui_locale(i18n.get_language())
        mgr = _LeanManager(size, None, locale, _theme["theme"])
        if getattr(_theme["theme"], "_locale", locale) != locale:
            mgr.set_locale(locale)          # the theme's fonts follow the language
            _fonts_from_files(_theme["theme"])
    else:
        _theme["scale"], _theme["theme"] = None, None     # the old scale's theme may go now
        mgr = ui.make_manager(size, scale, factory=lambda sz, data, locale: _LeanManager(sz, data, locale))
        _theme["scale"], _theme["theme"] = scale, mgr.get_theme()
    if get_default_manager() is mgr:      # pygame_gui would keep the first manager for ever
        set_default_manager(None)
    return mgr


def forget_theme() -> None:
    """Drop the shared theme (the next manager loads a fresh one)."""
    _theme["scale"], _theme["theme"] = None, None


def settle_shapes(manager) -> None:
    """Free the scratch surfaces of the widgets' rounded shapes now, and draw a widget's other
    looks (hovered, pressed, disabled, ...) only when it takes them.  pygame_gui draws one look
    a frame, at four times the size in each direction, and keeps that scratch (5 MB for one
    big button) until every look is drawn: a screen of many widgets held tens of MB for
    frames, and most looks were never shown.  Called after each widget is made and after
    each frame's update (a look drawn on demand leaves its scratch too)."""
    for element in manager.get_sprite_group().sprites():
        shape = getattr(element, "drawable_shape", None)
        if shape is None or getattr(shape, "states_to_redraw_queue", None) is None:
            continue
        shape.states_to_redraw_queue.clear()
        if getattr(shape, "temp_additive_shape", None) is not None \
                or getattr(shape, "temp_subtractive_shape", None) is not None:
            shape.clean_up_temp_shapes()
        shape.need_to_clean_up = False
