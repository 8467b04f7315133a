"""The application: one window, one event loop, a stack of scenes.

``run()`` opens the window on the title screen.  Beside it: ``headless`` (the play scene with no
player, for ``main.py screenshot`` and ``bench``), ``debug_targets`` (the real-window test hook)
and ``window`` (the window on the desktop); ``memory`` keeps a long session small.
"""
from __future__ import annotations

import sys
import warnings
from importlib import import_module

import pygame

from .. import WINDOW_TITLE
from ..i18n import tr
from . import lang as lang_mod
from .loop import memory
from .store import settings as settings_mod
from . import ui
from .assets import Assets
from .board.cache import fit_budget
from .loop.compositor import Compositor
from .devtools.debug_targets import DebugTargets
from .store.saves import close_journals
from .scenes.title import TitleScene
from .sound import Sounds
from ..desktop import window_framebuffer
from .loop.window import keep_on_screen, set_window_icon
from .views import ViewError
from .loop.waiting import wait_for_events
from .loop.wake import WAKE, handled as wake_handled

FPS = 60
# The screens by name: scenes never import each other, they ask the app for a screen by name.
# Each is imported the first time it is shown (the title needs no board, rules or results code):
# the name -> "module:Class" in game.app.scenes, or the class itself once imported.
SCENES: dict = {"title": TitleScene, "choose": "choose:ChooseScene", "seats": "seats:SeatsScene",
                "rules": "rules:RulesScene", "quickref": "quickref:QuickRefScene",
                "settings": "settings_scene:SettingsScene", "play": "play:PlayScene",
                "pause": "pause:PauseScene", "results": "results:ResultsScene",
                "saved": "saved:SavedGamesScene", "stats": "stats:StatsScene",
                # the deal of the day, achievements, replays
                "daily": "daily:DailyScene", "daily_calendar": "calendar:CalendarScene",
                "achievements": "achievements:AchievementsScene",
                "earned": "achievements:EarnedScene", "replays": "replays:ReplaysScene",
                "replay_import": "replays:ImportScene", "replay": "replay:ReplayScene",
                "share": "share:ShareScene"}


def scene_class(name: str) -> type:
    """The screen class named ``name`` (imported on first use; the online screens of
    game/app/online the first time one of them is asked for)."""
    if name not in SCENES:
        from .online import SCENES as ONLINE
        return ONLINE[name]
    found = SCENES[name]
    if isinstance(found, str):
        module, _, cls = found.partition(":")
        found = SCENES[name] = getattr(import_module(f"{__package__}.scenes.{module}"), cls)
    return found


HOT_SECONDS = 2.0      # full frame rate for this long after an input (hover, tooltip delay)
LONGEST_SLEEP = 1.0    # an idle loop still looks up at least this often
# window events after which the whole window is drawn again
WINDOW_CHANGES = {getattr(pygame, name) for name in (
    "VIDEOEXPOSE", "WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWMAXIMIZED",
    "WINDOWSIZECHANGED", "WINDOWRESIZED", "WINDOWDISPLAYCHANGED") if hasattr(pygame, name)}


def _has_board(scene) -> bool:
    """Whether ``scene`` shows a game board (its pictures are in the board cache)."""
    return getattr(scene, "board", None) is not None


class App:
    def __new__(cls, *args, **kwargs):
        memory.freeze_startup()         # before the app exists: it must stay collectable
        return super().__new__(cls)

    def __init__(self, size=None, fullscreen=None, headless: bool = False, desktop=None,
                 lang: str | None = None):
        self.settings, msg = settings_mod.load_and_apply_language()   # the note in that language
        self._managers: dict = {}          # stack depth -> (scale, pygame_gui manager): reused
        self.stack: list = []
        lang_mod.attach(self, lang)
        self.settings_notice = msg
        self.notices: list[str] = [m for m in (msg, ui.ui_data_message()) if m]
        if size is not None:
            self.settings.window = (max(ui.MIN_WINDOW[0], int(size[0])), max(ui.MIN_WINDOW[1], int(size[1])))
        if fullscreen is not None:
            self.settings.fullscreen = bool(fullscreen)
        self.headless = headless
        self.desktop = None if desktop is None else (int(desktop[0]), int(desktop[1]))
        memory.return_freed_memory()
        pygame.display.init()
        window_framebuffer(pygame.display.get_driver())   # X11: no GL driver for the picture
        pygame.font.init()
        pygame.display.set_caption(WINDOW_TITLE)
        set_window_icon()
        pygame.key.set_repeat(400, 40)
        self.surface = None
        self._set_mode(self.settings.window, self.settings.fullscreen and not headless)
        self.assets = Assets()
        self.sounds = Sounds(self.settings.sound and not headless, self.settings.volume / 100,
                             self.settings.music / 100, music_allowed=not headless)
        self.sounds.update_music()
        self.running = True
        self.clock = pygame.time.Clock()
        self._hot = 0.0                    # seconds of full frame rate left after input
        self._settle = False               # draw one frame more after the last busy one
        self.after_input = None            # called once a frame's input is handled (debug hook)
        self.frames_drawn = 0
        self._resize_pending = False
        self.compositor = Compositor()     # on the window, only what changed is drawn again
        self.damage = None                 # the boxes the last frame drew again (None: all)

    # ---- window -------------------------------------------------------------------------------
    def _set_mode(self, size, fullscreen: bool) -> None:
        """Open the window (or switch it between windowed and full screen, in place)."""
        compositor = getattr(self, "compositor", None)
        if compositor is not None:
            compositor.reset()              # a new or resized window: every pixel drawn again
        real = pygame.display.get_driver() not in ("dummy", "offscreen") if pygame.display.get_init() else True
        if self.surface is not None and real and self._switch_in_place(size, fullscreen):
            return
        if fullscreen and not real:
            self.surface = pygame.display.set_mode(self.desktop or (0, 0), pygame.FULLSCREEN)
            pygame.display.set_caption(WINDOW_TITLE)
            return
        w, h = self._clamp_window(size)
        self.surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        pygame.display.set_caption(WINDOW_TITLE)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                win = pygame.Window.from_display_module()
                win.minimum_size = ui.MIN_WINDOW
        except (AttributeError, pygame.error, TypeError, ValueError):
            pass
        if fullscreen and real:
            self._switch_in_place(size, True)

    def _clamp_window(self, size) -> tuple[int, int]:
        w = max(ui.MIN_WINDOW[0], int(size[0]))
        h = max(ui.MIN_WINDOW[1], int(size[1]))
        if self.desktop is not None:        # a headless run that plays a screen of this size
            return min(w, max(ui.MIN_WINDOW[0], self.desktop[0])), min(h, max(ui.MIN_WINDOW[1], self.desktop[1]))
        try:
            desk = pygame.display.get_desktop_sizes()
            if desk and not self.headless and pygame.display.get_driver() not in ("dummy", "offscreen"):
                w, h = settings_mod.fit_to_screen((w, h), desk[0], ui.MIN_WINDOW)
        except (pygame.error, AttributeError):
            pass
        return w, h


    def window_fits(self, size) -> bool:
        """Whether a window of ``size`` fits the screen (Settings offers only those)."""
        return self._clamp_window(size) == (int(size[0]), int(size[1]))

    def _switch_in_place(self, size, fullscreen: bool) -> bool:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                win = pygame.Window.from_display_module()
                if fullscreen:
                    win.set_fullscreen(True)
                else:
                    win.set_windowed()
                    win.size = self._clamp_window(size)
                    keep_on_screen(win)
            pygame.event.pump()
            self.surface = pygame.display.get_surface()
            return self.surface is not None
        except (AttributeError, pygame.error, TypeError, ValueError):
            return False

    def _window_size(self, size) -> None:
        """Resize the window in place (never recreate it)."""
        self.compositor.reset()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                pygame.Window.from_display_module().size = size
        except (AttributeError, pygame.error, TypeError, ValueError):
            pass

    @property
    def size(self) -> tuple[int, int]:
        surf = pygame.display.get_surface()
        if surf is not None:
            self.surface = surf
        return self.surface.get_size()

    def make_manager(self, size, scale):
        return memory.make_manager(size, scale)

    def manager_for(self, scene):
        """The pygame_gui manager of ``scene``: one per depth of the scene stack, emptied and
        reused by the next scene at that depth (a manager per scene grew without bound)."""
        depth = self.stack.index(scene) if scene in self.stack else len(self.stack)
        size, scale = scene.size, scene.scale
        have = self._managers.get(depth)
        if have is None or have[0] != scale:
            if have is not None:
                self._managers.pop(depth)
                self._collect()             # the old manager's widgets hold big surfaces
            mgr = self.make_manager(size, scale)
            self._managers[depth] = (scale, mgr)
            return mgr
        mgr = have[1]
        mgr.clear_and_reset()
        self._collect()                     # the old widgets go before the new ones come
        if tuple(mgr.window_resolution) != tuple(size):
            mgr.set_window_resolution(size)
        return mgr

    def on_language_change(self, lang: str) -> None:
        """The language changed: every visible screen relabels now (see lang.py)."""
        lang_mod.relabel(self, lang)

    def visible_scenes(self) -> list:
        """The scenes drawn now: the top one and, under an overlay, the ones it shows."""
        i = len(self.stack) - 1
        while i > 0 and self.stack[i].overlay:
            i -= 1
        return self.stack[max(0, i):]

    def relayout(self, force: bool = True) -> None:
        """Lay out the visible scenes for the window's size (the others are laid out when they
        show again); ``force=False``: only those laid out for another size."""
        size = self.size
        fit_budget(size)
        scale = ui.scale_for(size)
        stale = [d for d, (s, _) in self._managers.items() if s != scale]
        for depth in stale:     # made for another window scale: their fonts and shapes go
            del self._managers[depth]
        if stale:
            ui.text.forget_sizes()     # our own fonts and lines of text of the old scale too
        redo = [scene for scene in self.visible_scenes()
                if scene.built and (force or scene.laid_out_for() != size)]
        if redo and any(scene.laid_out_for() != size for scene in redo):
            memory.drop_pictures()      # drawn for the old size: they go before the new ones come
        for scene in redo:
            scene.on_resize(size)
        if stale or redo:
            self._collect()             # the widgets laid out for the old size go now

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_window()
        settings_mod.save(self.settings)

    def apply_window(self) -> None:
        self._set_mode(self.settings.window, self.settings.fullscreen and not self.headless)
        self.relayout()

    def apply_settings(self) -> None:
        self.sounds.enabled = self.settings.sound and not self.headless
        self.sounds.volume = self.settings.volume / 100
        self.sounds.music = self.settings.music / 100
        self.sounds.update_music()
        err = settings_mod.save(self.settings)
        if err:
            if err not in self.notices:
                self.notices.append(err)
        elif self.settings_notice in self.notices:
            self.notices.remove(self.settings_notice)

    # ---- scenes ---------------------------------------------------------------------------------
    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, scene) -> None:
        if self.stack:
            self.stack[-1].hide()
        if not scene.overlay and self.stack:
            covered = self.visible_scenes()
            for under in covered:
                self._drop_widgets(under)   # rebuilt when it shows again
            if not _has_board(scene) and any(_has_board(under) for under in covered):
                # a screen without a board covers the game (its settings, its rules): the
                # board's pictures are drawn again when it shows, not kept under it
                memory.drop_pictures()
            self._collect()
        self.stack.append(scene)
        scene.show()

    def _drop_widgets(self, scene) -> None:
        """A screen no longer drawn keeps its state but not its widgets (``show`` builds them
        again): a stack of set-up screens in a big window would hold tens of MB."""
        mgr = scene.ui
        if mgr is not None and any(m is mgr for _, m in self._managers.values()):
            mgr.clear_and_reset()
        scene.drop_widgets()

    def _release(self, scene) -> None:
        """A screen leaves for good: its widgets go now, not when the next screen at its depth
        reuses the manager (a set-up screen's drop-downs hold tens of MB in a big window);
        its ``on_leave`` (if it has one) lets go of what it holds (a table on the network)."""
        scene.hide()
        self._drop_widgets(scene)
        leave = getattr(scene, "on_leave", None)
        if callable(leave):
            leave()

    def pop(self) -> None:
        if self.stack:
            left = self.stack.pop()
            self._release(left)
            if _has_board(left) and not any(_has_board(s) for s in self.stack):
                # the last game on screen left (a replay back to its list): its pictures too
                memory.drop_pictures()
            self._collect()
        if self.stack:
            self.stack[-1].show()
        else:
            self.quit()

    def go(self, scene) -> None:
        """Replace the whole stack with ``scene``."""
        while self.stack:
            self._release(self.stack.pop())
        if not _has_board(scene):
            memory.drop_pictures()
        else:
            memory.drop_game_pictures()     # the views of the games before drew them
        self._collect()
        self.push(scene)

    def _collect(self) -> None:
        """Free what the screens just dropped now: pygame_gui's widgets and the board views
        live in reference cycles, and their surfaces (megabytes in a big window) would
        otherwise wait for a rare full collection.  Cheap: the objects that live as long as
        the program are kept out of collections (``memory.freeze_startup``)."""
        self.compositor.reset()         # the last frame's pictures may go too
        memory.collect()

    def go_title(self) -> None:
        self.go(TitleScene(self))

    def scene(self, name: str, *args, **kwargs):
        """A new screen by name (``SCENES``), e.g. ``app.scene("rules", "moles")``.  The play
        screen of a session that names its own (``scene_name``: a table on the network) is
        that one."""
        if name == "play" and args:
            name = getattr(args[0], "scene_name", None) or name
        return scene_class(name)(self, *args, **kwargs)

    def open(self, name: str, *args, **kwargs) -> None:
        """Show the screen ``name`` over the current one (Esc / Back returns)."""
        self.push(self.scene(name, *args, **kwargs))

    def switch(self, name: str, *args, **kwargs) -> None:
        """Show the screen ``name`` instead of every screen open now."""
        self.go(self.scene(name, *args, **kwargs))

    def launch(self, make_session) -> bool:
        """Start a game: ``make_session()`` (see launch.py) or a session, then the play
        screen.  A game that cannot start says why on the current screen; False then."""
        try:
            session = make_session() if callable(make_session) else make_session
            scene = self.scene("play", session)
        except (ValueError, ViewError) as exc:
            text = tr("app.cannot_start", reason=exc)
            if self.top is not None:
                self.top.notify(text)
            elif text not in self.notices:
                self.notices.append(text)
            return False
        self.go(scene)
        return True

    def quit(self) -> None:
        self.running = False

    # ---- loop -----------------------------------------------------------------------------------
    def dispatch(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.compositor.reset()         # the system may have lost the window's pixels
            if not self.settings.fullscreen:
                want = self._clamp_window((event.w, event.h)) if self.desktop else \
                    (max(ui.MIN_WINDOW[0], event.w), max(ui.MIN_WINDOW[1], event.h))
                if want != (event.w, event.h):
                    # below the minimum (no window manager): the window the app sets itself
                    # stays within the screen too
                    self._window_size(self._clamp_window(want))
                elif self.size != want and pygame.display.get_driver() in ("dummy", "offscreen"):
                    # a headless test posted the event: nothing resized the surface for us
                    self.surface = pygame.display.set_mode(want, pygame.RESIZABLE)
            # laid out once, after this frame's events: a burst of resizes costs one layout a
            # frame, and nothing is ever drawn from a layout made for another size
            self._resize_pending = True
            return
        if event.type in WINDOW_CHANGES:
            self.compositor.reset()         # the system may have lost the window's pixels
        if event.type == pygame.WINDOWSIZECHANGED:
            # full screen (F11) or a window manager gave the window its real size: lay out
            # for the size the window got, read back from the display surface
            self._resize_pending = True
        if event.type == pygame.WINDOWLEAVE and self.top is not None:
            self.top.pointer_left()
        if event.type == pygame.WINDOWENTER and self.top is not None:
            self.top.pointer_entered()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self.top is not None:
            self.top.on_event(event)

    def wants_frame(self) -> bool:
        """Whether the next frame must come at the full rate (something moves or is pending)."""
        if self._resize_pending or self._hot > 0:
            return True
        top = self.top
        return top is not None and bool(top.wants_frame())

    def step(self, dt: float, events, draw: bool = True) -> None:
        for event in events:
            if event.type == WAKE:         # a message from the network: not input
                wake_handled()
                continue
            if pygame.NOEVENT < event.type < pygame.USEREVENT:    # an input, not a posted wake-up
                self._hot = HOT_SECONDS
            self.dispatch(event)
            if not self.running:
                return
        self._hot = max(0.0, self._hot - dt)
        if events and self.after_input is not None:
            self.after_input()
        if self._resize_pending:
            self._resize_pending = False
            self.relayout(force=False)
        top = self.top
        if top is None:
            return
        top.update_ui(dt)
        top.on_update(dt)
        if draw:
            self.relayout(force=False)     # never draw a layout made for another size
            self.draw(self.surface)
            self.frames_drawn += 1
            memory.give_back_now_and_then()

    def frame(self, force: bool = False) -> bool:
        """One turn of the loop.  While anything moves (``wants_frame``): events, update and
        draw at up to FPS.  Otherwise sleep on the event queue until an event comes (at once:
        no added input delay) or the top screen's ``wake_after()`` is due.  True when drawn."""
        busy = force or self.wants_frame()
        if busy or self._settle:
            # one more frame after the last busy one: what changed in its update is drawn
            self._settle = busy
            dt = min(0.1, self.clock.tick(FPS) / 1000.0)
            self.step(dt, pygame.event.get())
            return True
        top = self.top
        wake = top.wake_after() if top is not None else None
        timeout = LONGEST_SLEEP if wake is None else max(0.0, min(LONGEST_SLEEP, wake))
        events = wait_for_events(timeout)
        dt = min(0.1, self.clock.tick() / 1000.0)
        if not events and wake is None:
            return False            # nothing happened and nothing is due: no frame at all
        self.step(dt, events)
        return True

    def draw(self, surface) -> None:
        """Draw the visible screens; on the window only what changed since the last frame
        (``compositor``: ``damage`` says where), on any other surface everything."""
        if surface is pygame.display.get_surface():
            self.damage = self.compositor.frame(surface, self._draw_scenes)
        else:
            self._draw_scenes(surface)

    def _draw_scenes(self, surface) -> None:
        for scene in self.visible_scenes():
            scene.on_draw(surface)
            scene.draw_ui(surface, top=scene is self.stack[-1])

    def present(self) -> None:
        """Show the last frame in the window: the parts drawn again, or all of it."""
        if self.damage is None:
            pygame.display.flip()
        elif self.damage:
            pygame.display.update(self.damage)

    def run(self, exit_after_first_frame: bool = False) -> int:
        if not self.stack:
            self.go_title()
        targets = DebugTargets.from_env()
        if targets is not None:         # what a click changed is there before the frame is drawn
            self.after_input = lambda: targets.write(self)
        first = True
        while self.running:
            if not self.frame(force=first):
                continue
            first = False
            if not self.running:
                break
            self.present()
            if targets is not None:
                targets.write(self)
            if exit_after_first_frame:
                break
        for scene in self.stack:
            stop = getattr(scene, "stop", None)
            if stop:
                stop()
        close_journals()                # the saves written, the journals compacted
        search = sys.modules.get("game.ai.parallel")
        if search is not None:          # the expert's helper processes end with the window
            search.shutdown()
        return 0


def run(size=None, fullscreen=None, exit_after_first_frame: bool = False, lang=None) -> int:
    from ..rules import GAMES
    len(GAMES)          # the catalog (data/games.yaml) is read now: a broken one is named at once
    app = App(size=size, fullscreen=fullscreen, lang=lang)
    try:
        return app.run(exit_after_first_frame=exit_after_first_frame)
    finally:
        pygame.quit()
