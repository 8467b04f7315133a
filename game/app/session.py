"""The app's side of a table played at this computer: ``LocalSession``.

The play screen, its side panel, the results, the hint and the statistics talk to a session,
never to the game's state.  A ``LocalSession`` owns one ``Table`` (``game/table``) and its
``BotRunner``, and adds what only a screen shared by the people at one computer needs:

* which seat the board shows (``viewing_seat``): the person to act once the curtain is down;
  with two or more people at the screen, the spectator view (seat None) at every other moment;
  a lone person's own seat otherwise;
* the "pass the device" curtain between people in games with secrets (``curtain: true`` in
  data/games.yaml), and whose events and log the screen tells (``audience``: a lone person's
  seat, so their own simultaneous choices show at once; else the spectator's);
* autosave (a subscriber of the table), the guide of a guided first game (``coach``) and the
  statistics' "counted once" mark (``recorded``).

Everything it hands the screen comes from the table's per-seat questions (``view_for``,
``legal_for``, ``events_for``, ``log_for``, ``result``), so a remote session (the network)
can give the screen the same answers.
"""
from __future__ import annotations

import logging

from ..i18n import tr
from ..rules import GAMES, IllegalAction
from ..table import BotRunner, DAMAGED, Table, Update, ranking
from ..table.seats import HUMAN

log = logging.getLogger(__name__)

PAUSES = {"normal": 0.55, "fast": 0.12, "off": 0.0}
#: a computer seat's pause before it acts, by the computer speed of Settings (its own setting,
#: apart from the animation speed)
COMPUTER_PAUSES = {"slow": 1.4, "normal": 0.55, "fast": 0.15, "instant": 0.0}


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
    """``curtain: true`` in data/games.yaml: secret or simultaneous decisions between people."""
    info = GAMES.get(game_id)
    return bool(getattr(info, "curtain", False))


def computer_pause(speed: str, computer_speed: str | None) -> float:
    if computer_speed in COMPUTER_PAUSES:
        return COMPUTER_PAUSES[computer_speed]
    return PAUSES.get(speed, 0.5)


class FinalState:
    """A finished game as the results screen and its words read it, built from
    ``Table.result()`` (nothing is secret once the game is over): winners(), scores(),
    view(seat) (the final view), summary(), players, variant, and the game's result facts
    (``breakdown(seat)``, ``tie_info()``)."""

    def __init__(self, result: dict):
        self.result = result
        self.players = int(result.get("players") or 0)
        self.variant = result.get("variant")

    def is_over(self) -> bool:
        return True

    def winners(self) -> list:
        return list(self.result.get("winners") or [])

    def scores(self) -> list:
        return list(self.result.get("scores") or [])

    def view(self, seat=None) -> dict:
        return self.result.get("final") or {}

    def summary(self) -> str:
        return str(self.result.get("summary") or "")

    def breakdown(self, seat: int) -> dict:
        return (self.result.get("facts") or {}).get("breakdown", [])[seat]

    def tie_info(self):
        return (self.result.get("facts") or {}).get("tie")


class LocalSession:
    def __init__(self, game_id: str, seats: list, state, history: list | None = None,
                 log: list | None = None, autosave: bool = True, computers: bool = True,
                 curtain: bool = False, held: list | None = None, version: int = 0,
                 actions: list | None = None):
        self.table = Table(game_id, seats, state, history=history, log=log, held=held,
                           version=version, actions=actions)
        self.game_id = game_id
        self.bots = BotRunner(self.table, enabled=computers)
        self.autosave_enabled = autosave
        self.curtain_enabled = bool(curtain) or game_has_curtain(game_id)
        self.curtain_cleared_for: int | None = None
        self.message: str | None = None         # last save problem, a failed undo
        self.coach = None                        # the guide of a guided first game (coach.py)
        self.recorded = False                    # counted in the statistics (results screen)
        self.daily = None                        # the deal of the day it plays (daily.py)
        self.last_update: Update | None = None
        self.last_entries: list = []             # log entries of the last change, for the screen
        self.last_events: list = []              # events the screen may play after it
        self._log_cache: tuple | None = None
        self._envelopes: dict = {}
        self.table.subscribe(self._on_update)

    # ---- who is who ---------------------------------------------------------------------
    @property
    def seats(self) -> list[dict]:
        return [s.to_dict() for s in self.table.seats]

    @property
    def humans(self) -> list[int]:
        """The seats played by a person at this computer."""
        return [i for i, s in enumerate(self.table.seats) if s.kind == HUMAN]

    def is_human(self, seat) -> bool:
        return self.table.kind(seat) == HUMAN

    @property
    def current(self) -> int | None:
        return self.table.current

    @property
    def version(self) -> int:
        return self.table.version

    def is_over(self) -> bool:
        return self.table.is_over()

    def human_to_act(self) -> bool:
        return not self.is_over() and self.is_human(self.current)

    def computer_to_act(self) -> bool:
        return self.bots.computer_to_act()

    @property
    def computers_enabled(self) -> bool:
        return self.bots.enabled

    @computers_enabled.setter
    def computers_enabled(self, value: bool) -> None:
        self.bots.enabled = bool(value)

    @property
    def think_time(self):
        return self.bots.think

    @think_time.setter
    def think_time(self, value) -> None:
        self.bots.think = value

    @property
    def search_helpers(self) -> bool:
        return self.bots.helpers

    @search_helpers.setter
    def search_helpers(self, value: bool) -> None:
        self.bots.helpers = value

    @property
    def history(self) -> list:
        return self.table.history

    # ---- the curtain ("pass the device to ...") -----------------------------------------------
    @property
    def curtain_seat(self) -> int | None:
        """The person who must confirm before their turn is shown, or None."""
        if not self.curtain_enabled or len(self.humans) < 2 or not self.human_to_act():
            return None
        if self.current == self.curtain_cleared_for:
            return None
        return self.current

    def clear_curtain(self) -> None:
        self.curtain_cleared_for = self.current

    # ---- what the board shows ----------------------------------------------------------
    def viewing_seat(self) -> int | None:
        """Whose view the board draws: the person to act (once the curtain is down); with two
        or more people, the spectator (None) at every other moment; a lone person otherwise."""
        if self.curtain_seat is not None:
            return None
        if self.human_to_act():
            return self.current
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    @property
    def audience(self) -> int | None:
        """Whose events and log the screen tells: a lone person's, else the spectator's."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def envelope(self, seat="viewing") -> dict:
        """The table's view for ``seat`` (default: the viewing seat) with its public envelope:
        seats, turn, turn_number, scores, winners, over, in_play.  Kept until the table
        changes (the screen asks every frame); never to be changed by the caller."""
        if seat == "viewing":
            seat = self.viewing_seat()
        key = (self.table.version, seat, tuple((s.kind, s.level, s.name) for s in self.table.seats))
        cached = self._envelopes.get(key)
        if cached is None:
            if len(self._envelopes) > 8:
                self._envelopes.clear()
            cached = self._envelopes[key] = self.table.view_for(seat)
        return cached

    def board_view(self) -> dict:
        return self.envelope()["view"]

    def legal_for_board(self) -> list | None:
        if self.human_to_act() and self.curtain_seat is None:
            return self.table.legal_for(self.current)
        return None

    def seat_view(self, seat: int) -> tuple[dict, list]:
        """A seat's own view and legal actions (for the hint, which plays in its place)."""
        return self.table.view_for(seat)["view"], self.table.legal_for(seat)

    def setup(self) -> dict:
        return self.table.setup()

    def result(self) -> dict | None:
        return self.table.result()

    def final(self) -> FinalState:
        """The finished game for the results screen (while it goes on: what everybody knows,
        no winners yet)."""
        r = self.table.result()
        if r is None:
            env = self.envelope(None)
            r = {"players": env["players"], "variant": env["variant"], "winners": [],
                 "scores": env["scores"], "final": env["view"], "facts": {}}
        return FinalState(r)

    # ---- acting ------------------------------------------------------------------------------
    def act(self, action) -> Update | None:
        """An action of the seat to act (a person here): the update to show at once, or None
        when the answer comes later (a table at another computer).  IllegalAction if the
        table refuses it."""
        out = self.table.act(self.current, action, self.table.version)
        if not out:
            raise IllegalAction(out.detail or out.code or "refused")
        return out.update

    def apply(self, action) -> list:
        """Apply an action of the seat to act (also a computer's, for tests); returns the
        events; IllegalAction if the table refuses it."""
        return self.act(action).events

    def _on_update(self, update: Update) -> None:
        self._take_update(update)
        if update.kind == "act":
            self.save({"op": "act", "seat": update.seat, "action": update.action.key()})
        else:
            self.save({"op": "undo"})

    def _take_update(self, update: Update) -> None:
        """What the screen tells of a change: its log entries and events for the audience, and
        whose curtain comes up next."""
        a = self.audience
        self.last_update = update
        self.last_entries = self.table.entries_for(a, update)
        self.last_events = self.table.events_for(a, update)
        self._log_cache = None
        if update.kind == "act":
            if self.is_human(update.seat):
                self.curtain_cleared_for = update.seat
            else:
                self.curtain_cleared_for = None     # the next person's curtain comes up again
        elif self.is_human(self.current):
            self.curtain_cleared_for = self.current

    # ---- the log, in words ------------------------------------------------------------------
    @property
    def log(self) -> list:
        """The log entries the screen tells (the audience's), oldest first."""
        key = (self.table.version, self.audience)
        if self._log_cache is None or self._log_cache[0] != key:
            self._log_cache = (key, self.table.log_for(self.audience))
        return self._log_cache[1]

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
                log.exception("no sentence for a log entry of %s", self.game_id)
                text = str(e.get("text") or "") if isinstance(e, dict) else str(e)
            if text:
                out.append(text)
        return out

    def log_lines(self) -> list[str]:
        return self.render(self.log)

    @property
    def last_lines(self) -> list[str]:
        """The sentences of the last change, in the current language."""
        return self.render(self.last_entries)

    # ---- saving ---------------------------------------------------------------------------------
    def save(self, entry: dict | None = None) -> None:
        """Autosave; ``entry`` (an action or a take-back) goes to the game's journal first,
        flushed to the disk before the screen shows it (see game/app/store/journal.py)."""
        if not self.autosave_enabled:
            return
        from .store import saves
        if self.is_over():
            # at once: a finished game never comes back
            saves.remove_autosave(saves.slot_name(self.game_id, self.table.state))
            self.message = None
            return
        rec = self.table.to_record()
        if entry is None:
            self.message = saves.write_autosave_async(self.game_id, rec["seats"],
                                                      self.table.state, rec["undo"], rec["log"],
                                                      version=rec["version"],
                                                      actions=rec["actions"])
        else:
            self.message = saves.record_action(self.game_id, rec["seats"], self.table.state,
                                               rec["undo"], rec["log"], entry=entry,
                                               version=rec["version"], actions=rec["actions"])

    # ---- undo ---------------------------------------------------------------------------
    def _undo_seat(self) -> int | None:
        seat = self.table.undo_seat()
        return seat if self.is_human(seat) else None

    def can_undo(self) -> bool:
        return self._undo_seat() is not None

    def undo_target(self) -> int | None:
        """Index of the history entry an undo would restore now (its ``before``), or None."""
        seat = self._undo_seat()
        return None if seat is None else len(self.table.history) - 1

    def undo_needs_confirm(self) -> bool:
        """Whether Undo would reach back into a turn already handed on (ask first)."""
        seat = self._undo_seat()
        return seat is not None and self.table.needs_confirm(seat)

    def undo(self) -> bool:
        seat = self._undo_seat()
        if seat is None:
            return False
        out = self.table.undo(seat, self.table.version)
        if not out:
            if out.code == DAMAGED:
                kind, _, reason = out.detail.partition(": ")
                self.message = tr("play.undo_failed", reason=reason) if kind == "LoadError" \
                    else tr("play.undo_damaged", kind=kind)
            return False
        self.last_events = []
        return True

    # ---- computers -----------------------------------------------------------------------
    @property
    def thinking(self) -> bool:
        return self.bots.thinking

    def _agent(self, seat: int):
        return self.bots.agent(seat)

    def tick(self, dt: float, animating: bool, speed: str = "normal",
             computer_speed: str | None = None, think: float | None = None,
             before=None) -> Update | None:
        """Call once a frame.  A computer to act thinks, waits its pause (``computer_speed``
        of Settings, else the animation ``speed``) while the board is still, and then acts
        (``before()`` is called just before): returns that update (the screen plays it),
        else None."""
        if think is not None:
            self.bots.think = think
        self.bots.pause = computer_pause(speed, computer_speed)
        out = self.bots.poll(dt, hold=animating, before=before)
        return out.update if out else None

    def pause_thinking(self) -> None:
        """The play screen is covered (Menu, rules, settings): a searching computer stops at
        once and thinks the move afresh once the screen shows again."""
        self.bots.pause_thinking()

    def wait_for_computer(self, timeout: float = 10.0) -> None:
        """Tests: block until the thinking thread is done."""
        self.bots.wait(timeout)

    def stop(self) -> None:
        """Forget any computer that is thinking (its answer will be ignored)."""
        self.bots.stop()

    # ---- finishing a game no person plays any more ------------------------------------------
    def no_human_in_play(self) -> bool:
        """True while the game goes on but every seat still in it is a computer (all seats are
        computers, or every person is out): the rest may be played at once (``finish``)."""
        if self.is_over() or not self.computers_enabled:
            return False
        in_play = self.envelope(None)["in_play"]
        return not any(self.table.is_person(s) for s in in_play)

    def finish(self) -> list:
        """Play the rest of the game at once, each computer at its own level; returns the
        events.  Only while ``no_human_in_play()``."""
        if not self.no_human_in_play():
            return []
        autosave, self.autosave_enabled = self.autosave_enabled, False
        try:
            updates = self.bots.finish()
        finally:
            self.autosave_enabled = autosave
        self.save()
        self.last_events = []
        return [e for u in updates for e in self.table.events_for(self.audience, u)]
