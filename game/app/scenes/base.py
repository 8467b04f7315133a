"""Scene base class: Arcade-View-like hooks, a pygame_gui manager per scene, keyboard focus.

    on_show()          became the top scene
    on_event(event)    every pygame event while on top
    on_update(dt)      once a frame while on top
    on_draw(surface)   draw (also called for a scene under an overlay)
    on_resize(size)    the window changed size: the widgets are rebuilt by ``build()``
    on_language(lang)  the language changed: rebuilt too (texts come from ``i18n.tr``)

Widgets are made in ``build()`` with the helpers ``button``, ``dropdown``, ``entry`` and
``label`` (no HTML text boxes: pygame_gui would load a bold and an italic font for them, 0.5 MB
each; a long text is drawn with ``ui.text``); they register themselves in the focus ring, so
Tab/Shift-Tab/arrows move a visible ring and Enter/Space activate.  Esc calls ``on_back()``.
"""
from __future__ import annotations

from typing import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from ... import i18n
from ..loop import memory
from .. import ui
from ..loop.compositor import draw_gui

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Scene:
    overlay = False          # True: the scene below is drawn first (pause)
    name = "scene"

    def __init__(self, app):
        self.app = app
        self.ui = None
        self._ui_key = None
        self.focus = ui.FocusRing()
        self._callbacks: dict = {}
        self._changes: dict = {}
        self._entries: dict = {}
        self._kept_focus = (None, 0)
        self.built = False
        self._language = i18n.get_language()      # the language of the last build

    # ---- geometry ---------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    @property
    def scale(self) -> float:
        return ui.scale_for(self.size)

    def px(self, n: float) -> int:
        return int(round(n * self.scale))

    # ---- lifecycle (called by the app) ------------------------------------------------------------
    def show(self) -> None:
        if self._language != i18n.get_language():
            self.on_language(i18n.get_language())   # changed while hidden (e.g. in Settings)
        else:
            self.rebuild()
        self.on_show()

    def rebuild(self) -> None:
        # a button held down now (pressed, not yet released) is held again once it is made
        # anew: a screen rebuilt between a press and its release (a list that updates by
        # itself) must not lose the click
        held = {item.key for item in self.focus.items if item.key
                and getattr(item.element, "held", False) and item.element in self._callbacks}
        self.ui = self.app.manager_for(self)
        self._ui_key = (self.size, self.scale)
        keep_key = self.focus.current.key if self.focus.current else self._kept_focus[0]
        keep_index = self.focus.index if self.focus.items else self._kept_focus[1]
        self._callbacks = {}
        self._changes = {}
        self._entries = {}
        self.focus.clear()
        self._language = i18n.get_language()
        self.build()
        memory.settle_shapes(self.ui)
        self.built = True
        if held:
            self._hold_again(held)
        if keep_key and self.focus.focus_key(keep_key):
            pass
        elif self.focus.items:
            self.focus.index = min(keep_index, len(self.focus.items) - 1)
            if not self.focus.current.enabled:
                self.focus.move(1)

    def _hold_again(self, keys: set) -> None:
        for item in self.focus.items:
            el = item.element
            if item.key in keys and el in self._callbacks and el.is_enabled:
                el.held = True
                activate = getattr(el, "_set_active", None)
                if callable(activate):
                    activate()

    def drop_widgets(self) -> None:
        """Forget the widgets (the app killed them: this screen is hidden or left); the focus
        stays where it was for the next ``build``."""
        cur = self.focus.current
        self._kept_focus = (cur.key if cur else None, self.focus.index)
        self._callbacks, self._changes, self._entries = {}, {}, {}
        self.focus.clear()
        self.ui = None
        self.built = False

    def laid_out_for(self):
        """The window size of the last layout (``build``)."""
        return self._ui_key[0] if self._ui_key else None

    def hide(self) -> None:
        self.on_hide()

    # ---- hooks ----------------------------------------------------------------------------------------
    def build(self) -> None:
        pass

    def on_show(self) -> None:
        pass

    def on_hide(self) -> None:
        pass

    def on_back(self) -> None:
        self.app.pop()

    def on_update(self, dt: float) -> None:
        pass

    def on_draw(self, surface) -> None:
        ui.draw_background(surface)

    def on_resize(self, size) -> None:
        self.rebuild()

    def on_language(self, lang: str) -> None:
        """The language changed while this screen shows: build it again with the new texts
        (which also lays it out again for their lengths)."""
        self.rebuild()

    # ---- frames (asked by the app's loop) ----------------------------------------------------------
    def wants_frame(self) -> bool:
        """True while something on this screen moves or counts down (animation, toast, a
        computer thinking): the app then draws at the full rate, else it sleeps on events."""
        return False

    def wake_after(self) -> float | None:
        """Seconds until this screen, though idle, needs a frame (e.g. the text cursor's blink),
        or None: only an event wakes it."""
        return 0.5 if self.focused_entry() is not None else None

    def notify(self, text: str) -> None:
        """Tell the player something went wrong (e.g. a game that cannot start)."""
        if text not in self.app.notices:
            self.app.notices.append(text)

    # ---- events ------------------------------------------------------------------------------------------
    def focused_entry(self):
        if self.ui is None:
            return None
        fs = self.ui.get_focus_set()
        if fs:
            for el in fs:
                if isinstance(el, UITextEntryLine):
                    return el
        return None

    def open_dropdowns(self) -> list:
        return [el for el in self._changes
                if isinstance(el, UIDropDownMenu) and getattr(el, "current_state", None) is not None
                and el.current_state is getattr(el, "menu_states", {}).get("expanded")]

    def dropdown_open(self) -> bool:
        return bool(self.open_dropdowns())

    def close_dropdowns(self) -> bool:
        """Fold every open drop-down without choosing an item (Esc); True if one was open."""
        shut = self.open_dropdowns()
        for el in shut:
            el.current_state.target_state = "closed"
            el.current_state.should_transition = True
            self.focus.focus_element(el)
        if shut and self.ui is not None:
            self.ui.update(0.0)          # folded at once, before the next click can pick
        return bool(shut)

    def pointer_left(self) -> None:
        """The pointer left the window: no tooltip stays behind (the app calls this)."""
        self._pointer_out = True
        self._drop_tooltips()

    def pointer_entered(self) -> None:
        self._pointer_out = False

    def _drop_tooltips(self) -> None:
        if self.ui is None:
            return
        for el in list(self.ui.get_sprite_group().sprites()):
            tip = getattr(el, "tool_tip", None)
            if tip is not None:
                tip.kill()
                el.tool_tip = None
            if getattr(el, "hover_time", 0):
                el.hover_time = 0.0

    def on_event(self, event) -> bool:
        """Returns True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self._pointer_out = False
        if event.type == pygame.KEYDOWN:
            if self.handle_key(event):
                return True
        consumed = False
        if self.ui is not None:
            consumed = self.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            cb = self._callbacks.get(event.ui_element)
            if cb is not None:
                self.focus.focus_element(event.ui_element)
                self.focus.visible = True
                self.app.sounds.play("click")
                cb()
                return True
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            cb = self._changes.get(event.ui_element)
            if cb is not None:
                self.focus.focus_element(event.ui_element)
                cb(event.text)
                return True
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            cb = self._entries.get(event.ui_element)
            if cb is not None:
                cb(event.text)
                return True
        elif event.type == pygame.MOUSEBUTTONDOWN:
            el = self.focused_entry()
            if el is not None:
                self.focus.focus_element(el)
        return consumed

    def handle_key(self, event) -> bool:
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        entry = self.focused_entry()
        if key == pygame.K_ESCAPE:
            if self.close_dropdowns():
                return True
            if entry is not None:
                entry.unfocus()
                self.ui.set_focus_set(None)
                return True
            self.on_back()
            return True
        if key == pygame.K_TAB:
            self.move_focus(-1 if shift else 1)
            return True
        if entry is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_DOWN):
                self.move_focus(1)
                return True
            if key == pygame.K_UP:
                self.move_focus(-1)
                return True
            return False            # typing goes to the text entry
        if self.dropdown_open():
            return False
        cur = self.focus.current
        if key == pygame.K_DOWN:
            self.move_focus(1)
            return True
        if key == pygame.K_UP:
            self.move_focus(-1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            d = 1 if key == pygame.K_RIGHT else -1
            if cur is not None and cur.step is not None and cur.enabled:
                self.focus.visible = True
                cur.step(d)
            else:
                self.move_focus(d)
            return True
        if key in ACTIVATE_KEYS and cur is not None:
            self.focus.visible = True
            if not cur.enabled:
                return True
            if cur.entry is not None:
                self._focus_entry(cur.entry)
            elif cur.activate is not None:
                self.app.sounds.play("click")
                cur.activate()
            return True
        return False

    def move_focus(self, delta: int) -> None:
        entry = self.focused_entry()
        if entry is not None:
            entry.unfocus()
            self.ui.set_focus_set(None)
        self.focus.move(delta)
        cur = self.focus.current
        if cur is not None and cur.entry is not None:
            self._focus_entry(cur.entry)

    def _focus_entry(self, entry) -> None:
        self.ui.set_focus_set(entry)
        entry.focus()

    # ---- drawing of the widgets and focus (called by the app) ------------------------------------------
    def draw_ui(self, surface, top: bool) -> None:
        if self.ui is not None:
            draw_gui(self.ui, surface)
        if top and not self._ring_under_open_list():
            self.focus.draw(surface, self.scale)

    def _ring_under_open_list(self) -> bool:
        """True when the focus ring would lie on the list of another, open drop-down: that list
        is in front, so the ring (of a widget it hides) is not drawn over it."""
        cur = self.focus.current
        if cur is None or not self.focus.visible:
            return False
        ring = cur.rect.inflate(int(12 * self.scale), int(12 * self.scale))
        for dd in self.open_dropdowns():
            if dd is cur.element:
                continue
            shown = getattr(dd.current_state, "options_selection_list", None)
            if shown is not None and shown.rect.colliderect(ring):
                return True
        return False

    def update_ui(self, dt: float) -> None:
        if self.ui is not None:
            self.ui.update(dt)
            if getattr(self, "_pointer_out", False):
                self._drop_tooltips()    # the last pointer position must not grow a new one
            else:
                self._keep_tooltips_inside()
            memory.settle_shapes(self.ui)

    def _keep_tooltips_inside(self) -> None:
        """A tooltip lies wholly inside the window, a margin from its edges (pygame_gui puts one
        flush against the edge, its rounded corner cut, when the pointer is near it)."""
        w, h = self.size
        m = self.px(8)
        inside = pygame.Rect(m, m, max(1, w - 2 * m), max(1, h - 2 * m))
        for el in self._callbacks:
            tip = getattr(el, "tool_tip", None)
            if tip is None or inside.contains(tip.rect):
                continue
            r = tip.rect.clamp(inside)
            try:
                tip.set_position(r.topleft)
            except (AttributeError, pygame.error):
                pass

    # ---- widget helpers -------------------------------------------------------------------------------
    def buttons(self) -> list:
        """The scene's buttons (pygame_gui elements), in the order they were made."""
        return list(self._callbacks)

    def button(self, rect, text: str, callback: Callable, primary: bool = False, enabled: bool = True,
               key: str = "", object_id: str | None = None, focusable: bool = True, tooltip=None):
        ids = object_id or ("#primary" if primary else None)
        ids = ui.fitting_button_id(text, pygame.Rect(rect).w, ids, self.scale)   # shrink, never cut
        btn = UIButton(pygame.Rect(rect), text, manager=self.ui, object_id=ids,
                       tool_tip_text=tooltip)
        if not enabled:
            btn.disable()
        memory.settle_shapes(self.ui)
        self._callbacks[btn] = callback
        if focusable:
            self.focus.add(ui.FocusItem(lambda b=btn: b.rect, activate=callback, element=btn,
                                        enabled=lambda b=btn: b.is_enabled, key=key or text))
        return btn

    def dropdown(self, rect, choices: list[str], current: str, on_change: Callable[[str], None],
                 key: str = "", enabled: bool = True):
        """A drop-down; Left/Right (or Enter) on it picks the previous/next choice."""
        if current not in choices:
            current = choices[0]
        dd = UIDropDownMenu(choices, current, pygame.Rect(rect), manager=self.ui)
        if not enabled:
            dd.disable()
        memory.settle_shapes(self.ui)
        self._changes[dd] = on_change

        def step(d, choices=choices, current=current):
            i = (choices.index(current) + d) % len(choices)
            on_change(choices[i])

        self.focus.add(ui.FocusItem(lambda e=dd: e.rect, activate=lambda: step(1), step=step,
                                    element=dd, enabled=lambda e=dd: e.is_enabled, key=key))
        return dd

    def entry(self, rect, text: str, on_change: Callable[[str], None], key: str = "",
              max_length: int = 24, placeholder: str | None = None):
        te = UITextEntryLine(pygame.Rect(rect), manager=self.ui, initial_text=text,
                             placeholder_text=placeholder)
        te.set_text_length_limit(max_length)
        memory.settle_shapes(self.ui)
        self._entries[te] = on_change
        self.focus.add(ui.FocusItem(lambda e=te: e.rect, element=te, entry=te, key=key))
        return te

    def label(self, rect, text: str, object_id: str | None = None):
        el = UILabel(pygame.Rect(rect), text, manager=self.ui, object_id=object_id)
        memory.settle_shapes(self.ui)
        return el
