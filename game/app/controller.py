"""The play logic behind the play scene, without pygame.

``PlayController`` owns the GameState, the seats, the undo history, the game log and the
computer players (each decides in a background thread on copies of its own view).  The play
scene asks it what to show and feeds it the humans' choices; tests drive it directly.

The one undo and hand-over policy of every game (it reads only the marks the rules put on
events, see ``game/rules/base.py``):
  * Undo takes back one action at a time, and only a human's own action that nobody has
    answered yet: never another seat's action (human or computer), never an action whose
    events drew from chance or revealed something (``chance`` / ``reveal``: a disc turned, a
    die rolled, a card drawn, a secret disc shown, a turn of simultaneous choices ended), and
    so never anything before such an action.  As undo never crosses a roll, restoring the RNG
    with the snapshot cannot turn into knowledge of the next roll.
  * With two or more humans, a human undoes only while it is still their turn; a lone human
    may also take back the action that ended their turn while the computer after them has not
    acted.  Such an undo (back into a turn already handed on) asks first:
    ``undo_needs_confirm()``.  One key never takes back more than one action.
  * Between two humans (hot seat), while a computer acts the board shows the spectator view
    (seat None) and, in games with secrets (``curtain: true`` in data/games.yaml), a "pass the
    device" curtain comes up before the next human's turn is drawn.
  * Sentences of simultaneous decisions (``simultaneous: True``) wait in ``held`` until an
    event with ``reveal: True`` (the end of the turn); ``last_events`` are the events the
    screen may show (animate, toast, sound) after the last action.
History entries are JSON-safe: {"seat", "human", "chance" (a point of no return), "before":
state.to_dict(), "log"}.

The log keeps structured entries, never sentences: the released event records (exactly what
``_release`` lets every seat know), ``{"type": "_undo", "count": n}`` for a take-back, and plain
strings only from saves of older versions.  ``log_lines()`` renders them at draw time through
``game.app.eventtext`` in the current language, so a language switch relabels the whole log.
The held-back simultaneous events are saved with the game (``held_for_save`` / ``held`` in
the constructor) and survive a reload.
"""
from __future__ import annotations

import copy
import threading
from typing import Callable

from ..i18n import tr
from ..rules import IllegalAction, LoadError, load_state
from ..rules.base import action_key

HISTORY_LIMIT = 60
PAUSES = {"normal": 0.55, "fast": 0.12, "off": 0.0}
#: a computer seat's pause before it acts, by the computer speed of Settings (its own setting,
#: apart from the animation speed)
COMPUTER_PAUSES = {"slow": 1.4, "normal": 0.55, "fast": 0.15, "instant": 0.0}
FINISH_THINK = 0.03       # seconds a searching computer may think a move while finishing a game
FINISH_LIMIT = 20000      # actions at most while finishing (every game ends long before)
#: a searching computer stops this much before its think time (Settings), so that the move,
#: handing over included, is there within the think time
MOVE_RESERVE = 0.1


def default_seats(players: int, humans: int = 1, level: str | None = None) -> list[dict]:
    from ..ai import DEFAULT_LEVEL
    level = level or DEFAULT_LEVEL
    seats = []
    for i in range(players):
        human = i < humans
        seats.append({"name": tr("seat.player_n" if human else "seat.computer_n", number=i + 1),
                      "colour": i, "kind": "human" if human else "computer", "level": level})
    return seats


def game_has_curtain(game_id: str) -> bool:
    """``curtain: true`` in data/games.yaml: secret or simultaneous decisions between humans."""
    from ..rules import GAMES
    info = GAMES.get(game_id)
    return bool(getattr(info, "curtain", False))


def is_point_of_no_return(events) -> bool:
    """Whether these events drew from chance or revealed something (see rules/base.py)."""
    return any(bool(e.get("chance")) or bool(e.get("reveal")) for e in events)


def ranking(state) -> list[int]:
    """Seats best first: winners, then by score (higher first), then seat order."""
    winners = set(state.winners() or [])
    scores = list(state.scores() or [])

    def score(s):
        try:
            return -float(scores[s])
        except (IndexError, TypeError, ValueError):
            return 0.0
    return sorted(range(state.players), key=lambda s: (s not in winners, score(s), s))


class PlayController:
    def __init__(self, game_id: str, seats: list[dict], state, history: list | None = None,
                 log: list | None = None, autosave: bool = True, computers: bool = True,
                 curtain: bool = False, held: list | None = None):
        self.game_id = game_id
        self.seats = [dict(s) for s in seats]
        self.state = state
        self.history: list[dict] = list(history or [])
        self.log: list = list(log or [])       # event dicts (and strings of old saves)
        self.autosave_enabled = autosave
        self.computers_enabled = computers
        self.curtain_enabled = bool(curtain) or game_has_curtain(game_id)
        self.curtain_cleared_for: int | None = None
        self.last_human: int | None = None
        for e in reversed(self.history):
            if e.get("human"):
                self.last_human = e["seat"]
                break
        self.message: str | None = None         # last save problem etc.
        self.coach = None                        # the guide of a guided first game (coach.py)
        self.last_entries: list = []             # log entries of the last apply()
        self.last_events: list = []               # events the screen may show after it
        self.held: list[tuple] = []               # (history entry, event) waiting for a reveal
        for h in held or []:                      # from a save: {"step": index or None, "event"}
            step = h.get("step") if isinstance(h, dict) else None
            ev = h.get("event") if isinstance(h, dict) else None
            if not isinstance(ev, dict):
                continue
            entry = self.history[step] if isinstance(step, int) and not isinstance(step, bool) \
                and 0 <= step < len(self.history) else None
            self.held.append((entry, dict(ev)))
        self.generation = 0
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._result: tuple | None = None
        self._agents: dict = {}
        self._token: object | None = None       # the thinking whose answer is still wanted
        self.think_time: float | None = None    # an expert's seconds a move (Settings); None: its own
        #: an expert seat also searches in helper processes where the machine has more cores
        #: (game/ai/parallel.py; BURROWBOX_SEARCH_WORKERS=0 keeps it to one process)
        self.search_helpers = True
        self._pause_left = 0.0
        self.on_autosave: Callable | None = None
        if hasattr(state, "set_names") and not self.history and state.turn_number == 0:
            try:
                state.set_names([s["name"] for s in self.seats])
            except (ValueError, TypeError):
                pass

    # ---- who is who ---------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s["kind"] == "human"]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat]["kind"] == "human"

    @property
    def current(self) -> int | None:
        return self.state.current_player

    def is_over(self) -> bool:
        return self.state.is_over()

    def human_to_act(self) -> bool:
        return not self.is_over() and self.is_human(self.current)

    def computer_to_act(self) -> bool:
        return not self.is_over() and self.current is not None and not self.is_human(self.current)

    # ---- curtain ("pass the device to ...") -----------------------------------------------
    @property
    def curtain_seat(self) -> int | None:
        """The human who must confirm before their turn is shown, or None."""
        if not self.curtain_enabled or len(self.humans) < 2 or not self.human_to_act():
            return None
        if self.current == self.curtain_cleared_for:
            return None
        return self.current

    def clear_curtain(self) -> None:
        self.curtain_cleared_for = self.current

    # ---- what the board shows ----------------------------------------------------------
    def viewing_seat(self) -> int | None:
        """Whose view the board draws: the human to act (once the curtain is down); with two or
        more humans, the spectator (None) at every other moment; a lone human otherwise."""
        if self.curtain_seat is not None:
            return None
        if self.human_to_act():
            return self.current
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def board_view(self) -> dict:
        return self.state.view(self.viewing_seat())

    def legal_for_board(self) -> list | None:
        if self.human_to_act() and self.curtain_seat is None:
            return self.state.legal_actions()
        return None

    # ---- applying actions --------------------------------------------------------------
    def apply(self, action) -> list:
        """Apply an action of the current player; raises IllegalAction if it is not legal."""
        if self.is_over():
            raise IllegalAction("the game is over")
        seat = self.current
        before = self.state.to_dict()
        log_len = len(self.log)
        events = self.state.apply(action)
        human = self.is_human(seat)
        self.history.append({"seat": seat, "human": human,
                             "chance": is_point_of_no_return(events),
                             "before": before, "log": log_len})
        self._prune()
        if human:
            self.last_human = seat
            self.curtain_cleared_for = seat
        else:
            self.curtain_cleared_for = None      # the next human's curtain comes up again
        shown = self._release(events, seat)
        entries = [dict(e) for e in shown]
        if not events and isinstance(action, dict) and action.get("type"):
            entries = [dict(action, seat=seat)]
        self.log.extend(entries)
        self.last_entries = entries
        if len(self.log) > 1000:
            del self.log[:len(self.log) - 1000]
        self.generation += 1
        self._pause_left = max(self._pause_left, 0.0)
        self.save({"op": "act", "seat": seat, "action": action_key(action)})
        return events

    def _release(self, events, seat) -> list:
        """The events every seat may know now, in order; simultaneous ones wait in ``held``
        until a reveal.  ``last_events`` also gets a lone human's own held events (nobody else
        looks at the screen), so the board can show their own cross at once."""
        shown, screen = [], []
        humans = self.humans
        lone = humans[0] if len(humans) == 1 else None
        for e in events:
            if e.get("simultaneous"):
                self.held.append((self.history[-1] if self.history else None, e))
                if lone is not None and seat == lone:
                    screen.append(e)
                continue
            shown.append(e)
            screen.append(e)
            if e.get("reveal") and self.held:
                released = [h for _, h in self.held]
                self.held = []
                shown.extend(released)
                screen.extend(h for h in released if lone is None or h.get("seat") != lone)
        self.last_events = screen
        return shown

    # ---- the log, in words ------------------------------------------------------------------
    def text_context(self):
        from .eventtext import Ctx
        return Ctx(self.game_id, [s.get("name", "") for s in self.seats])

    def render(self, entries) -> list[str]:
        """Sentences of log entries in the current language (entries with no sentence drop)."""
        from . import eventtext
        ctx = self.text_context()
        out = []
        for e in entries:
            try:
                text = eventtext.line(e, ctx)
            except Exception:  # noqa: BLE001 - a sentence must never stop the game
                text = str(e.get("text") or "") if isinstance(e, dict) else str(e)
            if text:
                out.append(text)
        return out

    def log_lines(self) -> list[str]:
        return self.render(self.log)

    @property
    def last_lines(self) -> list[str]:
        """The sentences of the last apply(), in the current language."""
        return self.render(self.last_entries)

    def held_for_save(self) -> list[dict]:
        """The held-back events as JSON-safe records: the undo step they belong to, the event."""
        index = {id(h): i for i, h in enumerate(self.history)}
        return [{"step": index.get(id(h)) if h is not None else None, "event": dict(e)}
                for h, e in self.held]

    def _prune(self) -> None:
        """Keep only the snapshots Undo can still reach (small autosaves)."""
        hist = self.history
        cut = 0
        if not self.humans:
            cut = len(hist)
        else:   # nothing before the last point of no return or another seat's action is reachable
            for i in range(len(hist) - 1, -1, -1):
                e = hist[i]
                if e.get("chance") or not e.get("human") or e.get("seat") != hist[-1].get("seat"):
                    cut = i
                    break
        cut = max(cut, len(hist) - HISTORY_LIMIT)
        if cut > 0:
            del hist[:cut]

    def save(self, entry: dict | None = None) -> None:
        """Autosave; ``entry`` (an action or a take-back) goes to the game's journal first,
        flushed to the disk before the screen shows it (see game/app/journal.py)."""
        if not self.autosave_enabled:
            return
        from . import saves
        if self.is_over():
            saves.remove_autosave()       # at once: a finished game never comes back
            self.message = None
            return
        write = saves.write_autosave_async if entry is None else saves.record_action
        kwargs = {} if entry is None else {"entry": entry}
        self.message = write(self.game_id, self.seats, self.state, self.history, self.log,
                             held=self.held_for_save(), **kwargs)

    # ---- undo ---------------------------------------------------------------------------
    def undo_target(self) -> int | None:
        """Index of the history entry Undo would restore (its 'before'), or None."""
        if self.is_over() or not self.history or not self.humans:
            return None
        last = self.history[-1]
        seat = last.get("seat")
        if not last.get("human") or not self.is_human(seat) or last.get("chance"):
            return None
        cur = self.current
        if cur != seat:
            # the action handed the turn on: only a lone human, and only before anyone answered
            if len(self.humans) > 1 or self.is_human(cur):
                return None
        return len(self.history) - 1

    def can_undo(self) -> bool:
        return self.undo_target() is not None

    def undo_needs_confirm(self) -> bool:
        """Whether Undo would reach back into a turn already handed on (ask first)."""
        target = self.undo_target()
        return target is not None and self.current != self.history[target].get("seat")

    def undo(self) -> bool:
        target = self.undo_target()
        if target is None:
            return False
        entry = self.history[target]
        try:
            state = load_state(copy.deepcopy(entry["before"]))
        except LoadError as exc:
            self.message = tr("play.undo_failed", reason=exc)
            del self.history[target:]
            return False
        except (OverflowError, ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            # a damaged undo entry (e.g. a negative random-state word): say so, keep playing
            self.message = tr("play.undo_damaged", kind=type(exc).__name__)
            del self.history[target:]
            return False
        undone = len(self.history) - target
        removed = [id(e) for e in self.history[target:]]
        self.held = [(h, e) for h, e in self.held if id(h) not in removed]
        self.state = state
        del self.history[target:]
        log_len = entry.get("log")
        if isinstance(log_len, int) and 0 <= log_len <= len(self.log):
            del self.log[log_len:]
        self.last_events = []
        self.log.append({"type": "_undo", "count": undone})
        self.last_human = None
        for e in reversed(self.history):
            if e["human"]:
                self.last_human = e["seat"]
                break
        if self.is_human(self.current):
            self.curtain_cleared_for = self.current
        self.generation += 1
        self._cancel_thinking()
        with self._lock:
            self._result = None
        self.save({"op": "undo"})
        return True

    # ---- computers -----------------------------------------------------------------------
    def _agent(self, seat: int):
        agent = self._agents.get(seat)
        if agent is None:
            from ..ai import make_agent
            seed = (int(self.state.seed) * 7919 + seat * 104729) % (2 ** 31) \
                if isinstance(self.state.seed, int) else seat
            level = self.seats[seat].get("level") or "good"
            try:
                agent = make_agent(self.game_id, level, seed)
            except ValueError:
                agent = make_agent(self.game_id, "random", seed)
            if level == "expert" and self.search_helpers and hasattr(agent, "cancel"):
                from ..ai import parallel      # more cores: helper processes search beside it
                pool = parallel.shared_pool()
                if pool is not None:
                    pool.warm(self.game_id)
                    agent = parallel.ParallelExpert(self.game_id, seed, pool=pool, inner=agent)
            self._agents[seat] = agent
        return agent

    def _cancel_thinking(self) -> None:
        """A searching computer stops at once and its answer is dropped."""
        self._token = None
        agent = getattr(self, "_thinker", None)
        if agent is not None and self.thinking and hasattr(agent, "cancel"):
            agent.cancel()

    def pause_thinking(self) -> None:
        """The play screen is covered (Menu, rules, settings): a searching computer stops at
        once and forgets its answer; it thinks the move afresh once the screen shows again."""
        self._cancel_thinking()
        with self._lock:
            self._result = None

    def _think_seconds(self) -> float | None:
        if self.think_time is None:
            return None
        return max(0.05, float(self.think_time) - MOVE_RESERVE)

    @property
    def thinking(self) -> bool:
        t = self._thread
        return t is not None and t.is_alive()

    def _start_thinking(self) -> None:
        seat = self.current
        gen = self.generation
        view = copy.deepcopy(self.state.view(seat))
        legal = copy.deepcopy(self.state.legal_actions())
        agent = self._agent(seat)
        think = self._think_seconds()
        if think is not None and isinstance(getattr(agent, "think", None), (int, float)):
            agent.think = think
        self._thinker = agent
        token = self._token = object()

        def work():
            try:
                act = agent.decide(view, legal)
            except Exception:  # noqa: BLE001 - a failing agent falls back to a legal move
                act = None
            with self._lock:
                if gen == self.generation and token is self._token:
                    self._result = (gen, act)

        self._thread = threading.Thread(target=work, name=f"computer-{seat}", daemon=True)
        self._thread.start()

    def _pause(self, speed: str, computer_speed: str | None) -> float:
        if computer_speed in COMPUTER_PAUSES:
            return COMPUTER_PAUSES[computer_speed]
        return PAUSES.get(speed, 0.5)

    def tick(self, dt: float, animating: bool, speed: str = "normal", computer_speed: str | None = None,
             think: float | None = None):
        """Call once a frame.  Returns a computer's action to apply now, or None.  The pause
        before a computer acts follows ``computer_speed`` (slow, normal, fast, instant) when
        given, else the animation ``speed``; ``think`` (Settings) is the longest a searching
        computer takes for a move from then on."""
        if think is not None:
            self.think_time = think
        if not self.computers_enabled or not self.computer_to_act():
            self._pause_left = self._pause(speed, computer_speed)
            return None
        with self._lock:
            if self._result is not None and self._result[0] != self.generation:
                self._result = None
            result = self._result
        if result is None and not self.thinking:
            self._start_thinking()
        if animating:
            self._pause_left = self._pause(speed, computer_speed)
            return None
        if self._pause_left > 0:
            self._pause_left -= dt
            return None
        if result is None:
            return None
        with self._lock:
            self._result = None
        act = result[1]
        legal = self.state.legal_actions()
        keys = {a.key(): a for a in legal}
        try:
            chosen = keys.get(action_key(act)) if act is not None else None
        except IllegalAction:
            chosen = None
        if chosen is None:
            chosen = legal[0]
        self._pause_left = self._pause(speed, computer_speed)
        return chosen

    def _matching(self, act):
        legal = self.state.legal_actions()
        keys = {a.key(): a for a in legal}
        try:
            chosen = keys.get(action_key(act)) if act is not None else None
        except IllegalAction:
            chosen = None
        return chosen if chosen is not None else legal[0]

    # ---- finishing a game no human plays any more ------------------------------------------
    def no_human_in_play(self) -> bool:
        """True while the game goes on but every seat still in it is a computer (all seats are
        computers, or every person is out): the rest may be played at once (``finish``)."""
        if self.is_over() or not self.computers_enabled:
            return False
        return not any(self.is_human(s) for s in self.state.seats_in_play())

    def finish(self) -> list:
        """Play the rest of the game at once, each computer with its own level (a searching
        one thinks briefly); returns the events.  Only while ``no_human_in_play()``."""
        if not self.no_human_in_play():
            return []
        self.stop()
        events: list = []
        autosave, self.autosave_enabled = self.autosave_enabled, False
        try:
            for _ in range(FINISH_LIMIT):
                if not self.computer_to_act():
                    break
                seat = self.current
                agent = self._agent(seat)
                think = getattr(agent, "think", None)
                if isinstance(think, (int, float)):
                    agent.think = min(think, FINISH_THINK)
                try:
                    act = agent.decide(copy.deepcopy(self.state.view(seat)),
                                       copy.deepcopy(self.state.legal_actions()))
                except Exception:  # noqa: BLE001 - a failing agent falls back to a legal move
                    act = None
                finally:
                    if isinstance(think, (int, float)):
                        agent.think = think
                events.extend(self.apply(self._matching(act)))
        finally:
            self.autosave_enabled = autosave
        self.save()
        return events

    def wait_for_computer(self, timeout: float = 10.0) -> None:
        """Tests: block until the thinking thread is done."""
        t = self._thread
        if t is not None:
            t.join(timeout)

    def stop(self) -> None:
        """Forget any computer that is thinking (its answer will be ignored)."""
        self.generation += 1
        self._cancel_thinking()
        with self._lock:
            self._result = None
