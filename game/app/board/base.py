"""The board-view contract and the two bases every game screen builds on.

``BoardView`` (in ``contract``) is what the play scene talks to (see the package docstring).
``AnimatedBoardView`` adds the animator, toasts, scaled text and ``is_idle``.
``KitView`` adds everything a screen with pieces to click needs: targets with hover, focus and
tooltips, the one keyboard scheme, the action bar, a modal dialog and one *mode* per rules step
(``modes.StepMode``), so a view never switches on ``step`` itself.
"""
from __future__ import annotations

from typing import Any

import logging
import pygame

from .. import ui
from . import anim, bar, draw, keys
from .anim import Animator, Step
from .marks import LastMoves
from .contract import BoardView
from .targets import Focus, Target
from .widgets import TOAST_PX, Dialog, Toasts, Tooltip, toast_life

log = logging.getLogger(__name__)

AMBIENT_SECONDS = 8.0     # pulsing highlights settle this long after the last change or input


class AnimatedBoardView(BoardView):
    """A BoardView that plays its events as a queue of timed steps (``anim.Animator``).

    Subclasses queue ``Step``s in ``play()`` (``self._queue``) and implement
    ``_step_start(step)``, ``_step_apply(step, progress)`` and ``_step_end(step)``;
    ``_reconcile()`` brings the display in line with the view once nothing moves, and
    ``_prewarm()`` may build one cached surface per idle frame.
    """

    TOAST_PX = TOAST_PX
    MIN_SCALE = 0.7          # the drawing scale never goes below this

    def __init__(self, game_id: str, seats: list[dict], assets: Any):
        super().__init__(game_id, seats, assets)
        self._k = 1.0            # drawing scale, from the rect
        self._texts: dict = {}   # kept for older views; the kit's text() uses the shared cache
        self._anim = Animator(self._step_start, self._step_apply, self._step_end)
        self._anim.hold_when = self._holds_on
        self._toasts_box = Toasts()
        self._time = 0.0
        self._calm = 0.0         # seconds since the last change or input (ambient effects)
        self._amb = 0.0          # the clock of ambient effects (stands still once calm)
        self._dirty = True
        self._speed = 1.0

    # the animator's queue under the names the views use
    @property
    def _queue(self):
        return self._anim.queue

    @_queue.setter
    def _queue(self, value) -> None:
        self._anim.queue.clear()
        self._anim.queue.extend(value)

    @property
    def _cur(self):
        return self._anim.cur

    @_cur.setter
    def _cur(self, value):
        self._anim.cur = value

    @property
    def _toasts(self) -> list:
        return self._toasts_box.items

    @_toasts.setter
    def _toasts(self, value) -> None:
        self._toasts_box.items = list(value)

    @property
    def animating(self) -> bool:
        return self._anim.busy

    def _ambient(self) -> bool:
        """Does something loop on screen right now (a pulse, a shine)? Views say so."""
        return False

    def is_idle(self) -> bool:
        if self._anim.held and not self._changed and not self._dirty:
            items = self._toasts_box.items
            return not items or (len(items) == 1 and getattr(self, "_hold_toast", False)
                                 and items[0]["t"] >= items[0]["life"] - 0.45)
        if self.animating or self._toasts_box.pending or self._changed or self._dirty:
            return False
        return not (self._ambient() and self._calm < AMBIENT_SECONDS)

    def reset_ambient_clock(self) -> None:
        """Public hook (tests, screenshots): put the ambient effects (pulsing highlights) at
        their first moment, so two views draw the same pixels."""
        self._amb = 0.0

    def _ambient_time(self) -> float:
        """The clock of looping effects: it stops ``AMBIENT_SECONDS`` after the last change."""
        return self._amb

    def _touch(self) -> None:
        self._changed = True
        self._calm = 0.0

    def sync(self, view, legal, seat) -> None:
        super().sync(view, legal, seat)
        self._calm = 0.0

    def _set_speed(self, speed: str) -> float:
        """Start playing events at ``speed``: its duration factor; "off" (0) finishes everything
        at once and drops the toasts (the log has it all)."""
        self._speed_name = speed if speed in anim.SPEED_FACTOR else "off"
        f = anim.factor(speed)
        if f <= 0:
            self._flush()
            self._toasts_box.clear()
            self._dirty = True
        else:
            self._speed = f
        return f

    def finish(self) -> None:
        """Finish every queued animation step at once (the display is reconciled on update)."""
        self._flush()

    def queued(self) -> list[str]:
        """The kinds of the animation steps still to play, the current one first."""
        return ([self._cur.kind] if self._cur is not None else []) + [st.kind for st in self._queue]

    def _flush(self) -> None:
        """Finish every queued step at once."""
        self._anim.flush()
        self._dirty = True

    def update(self, dt: float) -> None:
        dt = max(0.0, float(dt))
        self._time += dt
        if self._calm < AMBIENT_SECONDS:
            self._amb += dt
        self._calm += dt
        if self._anim.held:              # a big moment stays on the board: nothing moves on
            busy = self._held_toast_busy()
            self._toasts_box.update(dt, keep_last=getattr(self, "_hold_toast", False))
            if busy:
                self._changed = True
            return
        busy = self.animating or self._toasts_box.pending
        self._toasts_box.update(dt)
        self._anim.update(dt)
        if busy or (self._ambient() and self._calm - dt < AMBIENT_SECONDS):
            self._changed = True
        if not self.animating and self._dirty and self.view is not None:
            self._reconcile()
            self._changed = True
        elif not self.animating:
            self._prewarm()

    def set_rect(self, rect) -> None:
        """Takes the new board rect, sets the scale ``_k`` (1.0 for a 900x640 board) and calls
        ``_on_resize()`` to lay out again; the same rect again changes nothing."""
        rect = pygame.Rect(rect)
        if self.rect is not None and pygame.Rect(self.rect) == rect:
            return
        self.rect = rect
        self._k = max(self.MIN_SCALE, min(3.6, min(rect.w / 900.0, rect.h / 640.0)))
        self._changed = True
        self._on_resize()

    def _on_resize(self) -> None:
        """Drop what was drawn for the old size and lay out again."""

    def on_language(self, lang: str) -> None:
        """The language changed: drop every drawn text and lay out again (texts may be longer
        now); a view that keeps translated texts elsewhere extends this."""
        self._texts.clear()
        self._on_resize()
        self._dirty = True
        self._changed = True

    def _px(self, v: float) -> int:
        """``v`` pixels at scale 1, at the current scale."""
        return max(1, int(round(v * self._k)))

    def _text(self, text: str, px: int, colour, bold: bool = False, width: int | None = None):
        """Rendered text (in the shared cache); cut with an ellipsis to ``width`` if given."""
        return draw.text(self.assets, text, px, colour, bold, width)

    # ---- the big moments ------------------------------------------------------------------
    #: the game's big moments (its animation script names them): event type -> True, or a test
    #: of the event; the play screen stops on one until it has been seen
    MOMENTS: dict = {}

    #: the play screen sets this before ``play()``: a big moment stops on its last frame
    #: (``held``) until ``release_moment()`` (a person at the table presses Continue)
    hold_moments = False

    @property
    def held(self) -> bool:
        return self._anim.held

    def _held_toast_busy(self) -> bool:
        """While a moment is held: does a toast still fade in, run or go?"""
        items = self._toasts_box.items
        if not items:
            return False
        return len(items) > 1 or not getattr(self, "_hold_toast", False) \
            or items[0]["t"] < items[0]["life"] - 0.45

    def release_moment(self) -> None:
        if self._anim.held:
            self._anim.release()
            self._changed = True

    def _holds_on(self, st) -> bool:
        """Does the queue stop on this step's last frame? The last step of a big moment's
        event, when the play screen asked for it."""
        if not self.hold_moments or not self.moments([st.ev]):
            return False
        q = self._anim.queue
        if q and q[0].ev is st.ev:
            return False
        box = self._toasts_box
        self._hold_toast = getattr(self, "_toast_step", None) is st and bool(box.items)
        if self._hold_toast and len(box.items) > 1:
            box.items = box.items[-1:]             # the moment's own words show now and stay
            box.items[0]["t"] = 0.0                # (the older ones are in the log)
        elif not self._hold_toast:
            box.items = box.items[:1]              # older words make way; the board speaks
        self._changed = True
        return True

    def moments(self, events) -> list:
        """The events among ``events`` that are big moments of this game."""
        out = []
        for ev in events or []:
            if isinstance(ev, dict):
                rule = self.MOMENTS.get(ev.get("type"))
                try:
                    if rule is True or (callable(rule) and rule(ev)):
                        out.append(ev)
                except Exception:  # noqa: BLE001 - a malformed event is no moment
                    log.debug("moments: fell back after an error", exc_info=True)  # drawn every frame: quiet
                    pass
        return out

    # ---- toasts ------------------------------------------------------------------------
    def _toast_anchor(self) -> tuple[int, int, int]:
        """(centre x, top y, widest text) of the toast stack; subclasses place it."""
        r = self.rect
        return (r.centerx, r.y + self._px(12), r.w - self._px(60)) if r is not None else (0, 0, 400)

    def toast_fits(self, text: str) -> bool:
        """Whether ``text`` shows whole as a toast at full size (public hook for tests)."""
        f = self.assets.font(self._px(TOAST_PX), True)
        return ui.ellipsize(str(text), f, max(40, self._toast_anchor()[2])) == str(text)

    def toasts_pending(self) -> bool:
        return bool(self._toasts_box.pending)

    def clear_toasts(self) -> None:
        """Drop the captions still on show (the results dialog opens: it says it all)."""
        if self._toasts_box.items:
            self._toasts_box.clear()
            self._changed = True

    def _add_toast(self, text: str, life: float) -> None:
        self._toasts_box.add(self.assets, text, life, self._toast_anchor()[2], self._k)
        self._toast_step = self._anim.cur          # the step whose words these are
        self._changed = True

    def _toast(self, text: str) -> None:
        """A toast for as long as the current speed gives it."""
        if text:
            self._add_toast(text, toast_life(self._speed_name))

    _speed_name = "normal"

    def _toast_spots(self, h: int) -> tuple[int, list]:
        """(centre x, [top y, ...]) where the toast on show may stand, the first preferred: where
        the view puts it, the foot of the board (above its action bar), the middle."""
        cx, top, _w = self._toast_anchor()
        spots = [top]
        r = self.rect
        if r is not None:
            bottom = r.bottom - self._px(12)
            bar = getattr(self, "bar_rect", None)
            if isinstance(bar, pygame.Rect) and bar.h > 0 and bar.top > r.centery:
                bottom = min(bottom, bar.top - self._px(8))
            spots += [bottom - h, r.centery - h // 2]
        return cx, spots

    def _toast_lit(self) -> list:
        """The boxes a toast should leave in sight (the places a person may use now)."""
        return []

    def toast_rect(self):
        """Where the toast on show stands now (None: none): where the view puts it, unless it
        would cover places a person may use now; a public hook for tests."""
        items = self._toasts_box.items
        if not items:
            return None
        img = items[0]["surf"]
        cx, spots = self._toast_spots(img.get_height())
        lit = self._toast_lit()
        best = None
        for i, y in enumerate(spots):
            box = img.get_rect(midtop=(int(cx), int(y)))
            score = (sum(box.colliderect(b) for b in lit), i)
            if best is None or score < best[0]:
                best = (score, box)
        return best[1]

    def _draw_toasts(self, surface) -> None:
        box = self.toast_rect()
        if box is not None:
            self._toasts_box.draw(surface, (box.centerx, box.y, box.w), self._px(6))

    # ---- steps -----------------------------------------------------------------------------
    def _step_start(self, st: Step) -> None:
        pass

    def _step_apply(self, st: Step, p: float) -> None:
        pass

    def _step_end(self, st: Step) -> None:
        pass

    def _reconcile(self) -> None:
        self._dirty = False

    def _prewarm(self) -> None:
        pass


class KitView(LastMoves, AnimatedBoardView):
    """A board with targets, one action bar and one mode per rules step.

    A subclass gives:
      * ``MODES``: {step name: StepMode subclass} (``modes.py``); the mode of the current step
        builds the instruction, the bar's buttons, the board's targets, refusals and cancel;
      * ``board_targets()`` helpers its modes use, ``draw_board(surface)`` (pieces and places)
        and ``draw_bar_item(surface, item, hot, focused)`` for items other than buttons;
      * ``DURATIONS`` {event type: seconds} and the step callbacks of ``AnimatedBoardView``.
    """

    MODES: dict = {}
    DURATIONS: dict = {}

    def __init__(self, game_id, seats, assets):
        super().__init__(game_id, seats, assets)
        self.focus = Focus()
        self.tooltip = Tooltip()
        self.dialog: Dialog | None = None
        self.selected = None             # a half-made choice (e.g. the mole to move)
        self.bar_rect = pygame.Rect(0, 0, 0, 0)
        self._targets: list | None = None
        self._marks: dict = {}           # each seat's last move (``marks.LastMoves``)

    # ---- the step's mode -------------------------------------------------------------------------
    def mode(self):
        step = (self.view or {}).get("step")
        cls = self.MODES.get(step)
        return cls(self) if cls is not None else None

    def invalidate(self) -> None:
        """What can be clicked may have changed: build the targets again."""
        self._targets = None
        self._changed = True

    def sync(self, view, legal, seat) -> None:
        old = self.view or {}
        super().sync(view, legal, seat)
        if (view.get("step"), view.get("current_player")) != (old.get("step"), old.get("current_player")):
            self.selected = None
            self.focus.focus = None
            self.dialog = None
        self.invalidate()
        m = self.mode()
        if m is not None:
            m.on_sync()

    # ---- targets ----------------------------------------------------------------------------------
    def get_targets(self) -> list[Target]:
        if self._targets is None:
            m = self.mode()
            self._targets = [] if (m is None or not self.legal or self.view is None) else m.targets()
            self.focus.keep(self._targets)
        return self._targets if not self.animating else []

    def targets(self) -> list[dict]:
        return [t.public() for t in self.get_targets() if t.enabled]

    def clicks_for(self, action: dict) -> list[str] | None:
        m = self.mode()
        return None if m is None else m.clicks_for(action)

    def focused(self) -> str | None:
        """The key of the keyboard-focused target, or None."""
        t = self.focus.current(self.get_targets())
        return None if t is None else str(t.key)

    def bar_targets(self) -> list[Target]:
        return [t for t in self.get_targets() if t.bar]

    # ---- the action bar --------------------------------------------------------------------------
    def bar_items(self) -> list:
        """The bar laid out for the current step (see ``bar.py``)."""
        m = self.mode()
        v = self.view or {}
        if m is None:
            text, items = self.idle_instruction(), []
        else:
            text, items = m.instruction(), m.bar_items()
        seat = v.get("current_player")
        if seat is None:
            w = v.get("winner", v.get("winners"))
            seat = (w[0] if w else None) if isinstance(w, list) else w
        return bar.layout(self, items, text, seat)

    def instruction(self) -> str:
        """The bar's sentence now."""
        m = self.mode()
        return m.instruction() if m is not None else self.idle_instruction()

    def idle_instruction(self) -> str:
        """The bar's sentence when no step has a mode (e.g. the game is over)."""
        return ""

    def bar_button_targets(self, items) -> list[Target]:
        return [Target("button", it["key"], rect=it["rect"], action=it.get("action"),
                       label=it.get("label", ""), value=it.get("value"), bar=True)
                for it in bar.layout(self, items, self.mode().instruction(), None)
                if it.get("action") is not None and it.get("key") is not None]

    def shown_bar_items(self) -> list:
        """The bar as drawn: while a move still plays, the bar as it was before it (its
        sentence never runs ahead of the board); laid out again only for a new size."""
        size = (tuple(self.bar_rect), self._k)
        kept = getattr(self, "_bar_kept", None)
        if self.animating and kept is not None and kept[0] == size:
            return kept[1]
        items = self.bar_items()
        self._bar_kept = (size, items)
        return items

    def draw_bar(self, surface) -> None:
        active = {t.key for t in self.get_targets() if t.bar}
        bar.draw_bar(self, surface, self.shown_bar_items(), active)

    def seat_token(self, seat: int, size: int):
        """The small picture of a seat beside the bar's sentence (None: none)."""
        return None

    def draw_bar_item(self, surface, item, hot: bool, focused: bool, active: bool) -> None:
        """Draw a bar item of the game's own kind."""

    def _toast_lit(self) -> list:
        """Once the move has played, a toast keeps off the places a person may use now."""
        if self.animating or not self.legal:
            return []
        out = []
        for t in self.get_targets():
            if not t.enabled or t.bar:
                continue
            if t.rect is not None:
                out.append(pygame.Rect(t.rect))
            elif t.pos is not None:
                rad = max(int(float(t.radius or 0)), self._px(10))
                out.append(pygame.Rect(int(t.pos[0]) - rad, int(t.pos[1]) - rad, 2 * rad, 2 * rad))
        return out

    def pointer_left(self) -> None:
        """The pointer left the window: no hover light and no tooltip stay behind."""
        if self.focus.hover is not None or self.tooltip.key is not None:
            self.focus.hover = None
            self.tooltip.point(None)
            self._touch()

    # ---- events: dialog, then bar, then board -------------------------------------------------------
    def handle_event(self, event):
        if self.view is None or self.rect is None:
            return None
        et = event.type
        if et == pygame.MOUSEMOTION:
            self.focus.keyboard = False
            hit = self._hit(event.pos)
            key = hit.key if hit is not None else None
            if key != self.focus.hover:
                self._touch()
            self.focus.hover = key
            self.tooltip.point(key if (hit is not None and hit.tooltip) else None)
            return None
        if et == pygame.KEYDOWN:
            self._touch()
            return self._key(event)
        if et == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self._touch()
            self.focus.keyboard = False
            if self.dialog is not None:
                return self.dialog_click(event.pos)
            if not self.legal or self.animating:
                return None
            hit = self._hit(event.pos)
            if hit is not None:
                return self.activate(hit)
            m = self.mode()
            return None if m is None else m.refuse_at(event.pos)
        return None

    def _hit(self, pos) -> Target | None:
        if not self.legal or self.animating:
            return None
        targets = self.get_targets()
        for t in targets:
            if t.bar and t.hit(pos):
                return t
        for t in targets:
            if not t.bar and t.hit(pos):
                return t
        return None

    def activate(self, t: Target):
        if not t.enabled:
            return t.tooltip or None
        if t.action is not None:
            return t.action
        m = self.mode()
        return None if m is None else m.select(t)

    def _key(self, event):
        it = keys.intent(event)
        if it is None:
            return None
        name, arg = it
        if self.dialog is not None:
            return self.dialog_key(name, arg)
        if name == "close":
            self.handle_escape()
            return None
        if not self.legal or self.animating:
            return None
        targets = self.get_targets()
        if name == "cancel":
            m = self.mode()
            if m is not None:
                m.cancel()
            return None
        if name == "bar":
            bar = [t for t in targets if t.bar]
            if arg < len(bar):
                self.focus.keyboard, self.focus.focus = True, bar[arg].key
                return self.activate(bar[arg])
            return None
        if name in ("next", "prev", "move"):
            self.focus.step(self.key_targets(targets) if name != "move" else targets, name, arg,
                            self.FOCUS_FIRST)
            return None
        if name == "act":
            t = self.focus.current(targets)
            if t is None:
                t = self.enter_default(targets)
                if t is not None:
                    return self.activate(t)
                self.focus.step(targets, "move", None, self.FOCUS_FIRST)
                return None
            return self.activate(t)
        return None

    FOCUS_FIRST = ("button",)

    def key_targets(self, targets: list) -> list:
        """The targets N / P go through: with a pick held (the first click of a two-click
        action, e.g. the mole to move), the places it can go to and the bar's buttons, not the
        other pieces; Esc or Backspace drop the pick."""
        if self.selected is None:
            return targets
        ahead = [t for t in targets if t.action is not None or t.bar]
        return ahead or targets

    def enter_default(self, targets):
        """The target Enter acts on when nothing is focused (the step's obvious button), or None:
        then the first Enter only shows the focus."""
        return None

    def handle_escape(self) -> bool:
        if self.dialog is not None:
            self.dialog = None
            self.invalidate()
            return True
        m = self.mode()
        return bool(m is not None and m.cancel())

    # ---- the dialog (a view that opens one draws it and maps clicks to rows) --------------------------
    def dialog_key(self, name, arg):
        d = self.dialog
        if name == "close":
            self.dialog = None
            self.invalidate()
        elif name in ("move", "next", "prev"):
            dy = arg[1] if name == "move" else (1 if name == "next" else -1)
            d.move(dy)
        elif name == "act":
            return self.dialog_choose(d.sel)
        elif name == "bar" and arg < len(d.rows):
            return self.dialog_choose(arg)
        return None

    def dialog_click(self, pos):
        return None

    def dialog_choose(self, row: int):
        d = self.dialog
        if d is None or not (0 <= row < len(d.rows)):
            return None
        self.dialog = None
        self.invalidate()
        return d.rows[row][1]

    # ---- idle ----------------------------------------------------------------------------------------
    def is_idle(self) -> bool:
        return super().is_idle() and not self.tooltip.pending and self._flash is None

    def update(self, dt: float) -> None:
        was = self.tooltip.pending
        self.tooltip.update(dt)
        if was and not self.tooltip.pending:
            self._changed = True
        self._update_flash(dt)
        before = self.animating
        super().update(dt)
        if before and not self.animating:
            self.invalidate()

    def _ambient(self) -> bool:
        return bool(self.legal) and bool(self._targets)

    def pulse(self) -> float:
        """0..1 for glowing highlights; settles while nobody touches anything."""
        return anim.pulse(self._ambient_time())

    def play(self, events: list, speed: str = "normal") -> None:
        """Queue a step per event (``DURATIONS`` x the speed factor); "off" jumps to the end."""
        if self.view is None:
            return
        self.note_events(events)
        f = self._set_speed(speed)
        if f <= 0:
            self.invalidate()
            return
        for ev in events or []:
            if isinstance(ev, dict):
                for st in self.steps_for(ev, f):
                    self._anim.add(st)
        self.invalidate()

    def steps_for(self, ev: dict, f: float) -> list[Step]:
        kind = ev.get("type")
        dur = self.DURATIONS.get(kind)
        return [] if dur is None else [Step(kind, ev, dur * f)]
