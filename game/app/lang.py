"""The app's language: chosen at start, switched at once while the window is open.

At start (``attach``) the app takes the language of the command line (``--lang``) or of the
settings (the system's language on the first start).  ``choose_language(app, code)`` is the one
call a screen makes to switch: it sets the language, which tells every listener at once, and
saves it with the settings.  The app's listener then

- switches the locale of every pygame_gui manager (``UIManager.set_locale``: the widgets'
  own texts, e.g. a file dialog's buttons, follow), and
- asks every visible screen to relabel (``Scene.on_language``: by default it builds its widgets
  again, which also lays them out again for the new, longer or shorter, texts; the play screen
  also tells its board view, ``BoardView.on_language``).

Screens hidden under others (the game under Settings) relabel when they show again
(``Scene.show`` sees that they were built in another language).
"""
from __future__ import annotations

import logging

from .. import i18n

log = logging.getLogger(__name__)


def attach(app, lang: str | None = None) -> None:
    """Set the start language (``lang`` from the command line, else the saved one) and listen
    for changes.  ``lang`` must be a known code (the command line checks it)."""
    if lang is not None:
        app.settings.language = lang
    i18n.set_language(app.settings.language)
    i18n.on_language_change(app.on_language_change)


def choose_language(app, code: str) -> None:
    """Switch the whole app to ``code`` now and save it in the settings (a settings file that
    cannot be written does not stop the change; the app's notices say why, as for every
    setting).  An unknown code raises ValueError naming the known ones."""
    i18n.set_language(code)
    app.settings.language = code
    app.apply_settings()


def relabel(app, lang: str) -> None:
    """What the app does when the language changes (see the module's docstring)."""
    import pygame
    if not pygame.display.get_init() or pygame.display.get_surface() is None:
        return                    # a window already closed (a screenshot, a finished test)
    for _scale, mgr in list(app._managers.values()):
        set_manager_locale(mgr, lang)
    for scene in app.visible_scenes():
        if scene.built:
            scene.on_language(lang)


def gui_locale(lang: str) -> str:
    """The pygame_gui locale of a language (the pseudo-language uses English's)."""
    return lang if lang in i18n.LANGUAGES else i18n.DEFAULT


def set_manager_locale(mgr, lang: str) -> None:
    try:
        if getattr(mgr, "_locale", None) != gui_locale(lang):
            mgr.set_locale(gui_locale(lang))
    except Exception:  # noqa: BLE001 - a widget that cannot relabel keeps its old text
        log.debug("set_manager_locale: fell back after an error", exc_info=True)  # drawn every frame: quiet
        pass
