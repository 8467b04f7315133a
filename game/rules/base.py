"""The rules contract shared by every game.

A game is a small state class (``GameState`` subclass).  The screen, the computer
players, saves, replays and tests only ever talk to a game through this API:

    state.current_player      seat whose decision it is; None once the game is over
    state.legal_actions()     every legal Action for current_player (never empty while not over)
    state.apply(action)       -> list[Event]; raises IllegalAction for anything not legal
    state.is_over()           bool
    state.scores()            list of numbers, one per seat (running or final)
    state.public_scores(seat) the scores that seat may know now, None where a score counts
                              something hidden from it (default: scores())
    state.result_facts()      JSON-safe extras for the results screen once over (default: {})
    state.winners()           list of seats, [] while not over
    state.seat_teams()        the team of each seat (allies win together; default: one each)
    state.ending()            once over, a short id of how the game ended where a game ends in
                              more than one way (e.g. "race", "round_cap"); default: ""
    state.view(seat)          JSON-safe dict of what that seat may see (seat=None: a spectator)
    state.open_view()         the spectator's view with nothing hidden (every hand, secret choice
                              and face-down thing shown face up), ``"open": True``: only for the
                              replay of a finished game, never for live play (see open_view)
    state.clone()             independent copy
    state.to_dict()           JSON-safe; ``load_state(d)`` restores it exactly, RNG included
    state.summary()           a sentence or two on the outcome ("why the winner won")

Actions and events are ``Record`` objects: plain JSON-safe dicts with a ``type`` key and a
human sentence under ``text`` (``str(record)`` gives the sentence).  Two actions are the same
when they agree on every key except ``text``, so a caller may build an action by hand.

What an event must carry.  The screen draws and animates from the events alone (it never
re-runs a rule to find out what happened), so every event says, besides ``type`` and ``text``:
  * who: ``seat`` when one player did it or it happened to one player;
  * what and where, completely: the piece (``mole``, ``card``), the place (``at``, ``cell``,
    ``cells``) and every step of a chain (``path`` of a move, ``end`` of the trail an ant joined,
    ``removed`` / ``survivors`` of a lifted layer), so a picture can follow it;
  * what chance showed (``values``, ``value``, ``card``) with ``chance: True`` (the marks below);
  * nothing the receiving seats may not see (a secret stays out of the event, e.g. ``choose``).
Each game lists every event type it emits, with the fields it carries, in ``EVENT_TYPES``
(type -> short description); a test plays random games and checks that every emitted event is
listed there and carries only the fields named (besides the marks below).

Marks on events (the one policy of every game; the play logic reads only these marks):

  chance: True        the event drew from chance or showed something that was hidden: a disc
                      turned, a die rolled, a card drawn or laid out, a grid refilled, a deck
                      reshuffled, a secret disc revealed, a peek.  An action whose outcome
                      depends on hidden information emits such an event.  Nobody can undo the
                      action that produced it (it is a point of no return), nor anything before it.
  reveal: True        the event made earlier secret or simultaneous decisions public (the end of
                      a turn of simultaneous choices, a secret disc shown).  A point of no return,
                      like ``chance``.
  simultaneous: True  a decision the other seats may not know yet (everyone decides for the same
                      roll); its sentence waits until an event with ``reveal: True``.
  private_to: seat    the event concerns something only that seat may know (a peeked disc, a
                      face-down card, this roll's crosses); only its sentence is shown (to all, at
                      once or at the reveal), so that sentence never names the secret.
  secret: [fields]    with ``private_to``: the named fields (a picked card, the cards that went
                      back) are that seat's alone.  The table (``game/table``) gives every other
                      seat, and a spectator, the event without those fields and without
                      ``text``; its sentence for them is rendered from what is left.
"""
from __future__ import annotations

import copy
import json
import random
from typing import Any, ClassVar


_new_random = random.Random.__new__   # a generator without seeding it (setstate follows)
_dict_init = dict.__init__


class IllegalAction(ValueError):
    """Raised by ``apply`` for anything that is not a legal action now."""


class Record(dict):
    """A JSON-safe record (action or event) that reads as a sentence."""

    def __init__(self, type: str, text: str = "", **fields: Any):
        _dict_init(self, type=type, **fields, text=text)     # keys: type, fields, text

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.get("text") or json.dumps(self, sort_keys=True)

    def key(self) -> str:
        return action_key(self)


class Rec(Record):
    """A Record built straight from its fields, without a Python-level ``__init__`` (for the
    rules' hot loops): ``Rec(type="move", frm=..., to=..., text=...)`` equals
    ``Record("move", ..., frm=..., to=...)`` when ``type`` comes first and ``text`` last."""
    __slots__ = ()
    __init__ = dict.__init__


Action = Record
Event = Record


def action_key(action: Any) -> str:
    """Identity of an action: every key except ``text``, order-independent."""
    if not isinstance(action, dict):
        raise IllegalAction(f"not an action: {action!r}")
    try:
        return json.dumps({k: v for k, v in action.items() if k != "text"},
                          sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise IllegalAction(f"not an action: {action!r}") from exc


class GameInfo:
    """What the game chooser and the setup screen need to know about a game.

    ``state_class``, ``variants`` and ``options`` may be given, or come from ``resolve`` (a
    function that imports the game's rules and returns ``(state_class, variants, options)``)
    the first time one of them is asked for: the catalog is read without loading any game's
    rules, and a game's rules load when that game is chosen."""

    def __init__(self, id: str, title: str, min_players: int, max_players: int,
                 blurb: str = "", variants: list[dict] | None = None,
                 options: list[dict] | None = None, available: bool = True,
                 state_class: type | None = None, score_label: str = "score",
                 resolve=None):
        self.id = id
        self.title = title
        self.min_players = min_players
        self.max_players = max_players
        self.blurb = blurb
        # variants: [{"id": ..., "label": ...}], the first is the default
        # options: [{"id": ..., "label": ..., "choices": [{"id":..., "label":...}], "default": ...,
        #            "when": {other_option_id: value}}]  ("when": shown only with that value;
        #            the key "variant" names the variant, the key "players" the number of
        #            players, a list value allows several)
        self._resolve = resolve
        self._rules = None if resolve is not None else (state_class, variants or [],
                                                        options or [])
        self.available = available
        self.score_label = score_label   # what scores() counts, e.g. "moles left"

    def _resolved(self) -> tuple:
        if self._rules is None:
            self._rules = self._resolve()
        return self._rules

    @property
    def state_class(self) -> type | None:
        return self._resolved()[0]

    @property
    def variants(self) -> list[dict]:
        return self._resolved()[1]

    @property
    def options(self) -> list[dict]:
        return self._resolved()[2]

    @property
    def has_rules(self) -> bool:
        """Whether the game has rules (without loading them)."""
        return self._resolve is not None or self._rules[0] is not None

    variant_label = "Variant"            # what the setup screen calls the variants ("Mode")
    view: str | None = None              # the board view, "package.module:Class" (app only)
    curtain = False                      # secret or simultaneous decisions: hot-seat curtain
    colour: tuple | None = None          # the chooser's colour when the box art is missing
    sounds: dict = {}                    # event type -> sound name (default "move")
    score_labels: dict = {}              # variant -> score label, where it differs

    def score_label_for(self, variant) -> str:
        return self.score_labels.get(variant, self.score_label) if variant else self.score_label

    @staticmethod
    def option_applies(option: dict, variant, options: dict, players: int | None = None) -> bool:
        """Whether ``option`` matters with this variant, these option values and (when given)
        this number of players ("when")."""
        for key, want in (option.get("when") or {}).items():
            if key == "players" and players is None:
                continue
            have = variant if key == "variant" else players if key == "players" \
                else options.get(key)
            if have not in (want if isinstance(want, list) else [want]):
                return False
        return True

    def default_variant(self) -> str | None:
        return self.variants[0]["id"] if self.variants else None

    def default_options(self) -> dict:
        return {o["id"]: o["default"] for o in self.options}

    def to_dict(self) -> dict:
        return {"id": self.id, "title": self.title, "min_players": self.min_players,
                "max_players": self.max_players, "blurb": self.blurb,
                "variants": self.variants, "options": self.options,
                "available": self.available, "score_label": self.score_label,
                "curtain": self.curtain}


class GameState:
    """Base class of every game's state."""

    GAME_ID: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    PLAYERS: ClassVar[tuple[int, int]] = (1, 8)   # fewest and most seats the rules allow
    FORMAT: ClassVar[int] = 1  # bump when to_dict's shape changes
    # every event type apply() may emit -> "field, field: what it says" (see the docstring)
    EVENT_TYPES: ClassVar[dict[str, str]] = {}

    @classmethod
    def describe_setup(cls) -> tuple[list, list]:
        """(variants, options) as GameInfo lists them; the first variant is the default."""
        return [], []

    def __init__(self, players: int, seed: int | None = None, variant: str | None = None,
                 options: dict | None = None):
        """Checks the setup against PLAYERS and describe_setup() (ValueError with a sentence for
        the user) and fills in the options' defaults, so every game checks it the same way."""
        title = self.TITLE or self.GAME_ID
        lo, hi = self.PLAYERS
        if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
            raise ValueError(f"{title} takes {lo} to {hi} players, not {players!r}")
        variants, specs = type(self).describe_setup()
        ids = [v["id"] for v in variants]
        if variant is None and ids:
            variant = ids[0]
        elif variant is not None and variant not in ids:
            raise ValueError(f"unknown variant '{variant}' for {title} (known: {', '.join(ids) or 'none'})")
        merged = {o["id"]: o.get("default") for o in specs}
        for key, value in (options or {}).items():
            spec = next((o for o in specs if o["id"] == key), None)
            if spec is None:
                raise ValueError(f"unknown option '{key}' for {title}")
            choices = [c["id"] for c in spec.get("choices") or []]
            if choices and not any(value == c and type(value) is type(c) for c in choices):
                raise ValueError(f"option '{key}' cannot be {value!r} "
                                 f"(choices: {', '.join(str(c) for c in choices)})")
            merged[key] = value
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        self.players = players
        self.seed = seed
        self.variant = variant
        self.options = merged
        self.rng = random.Random(seed)
        self.turn_number = 0       # counts applied actions
        self.current_player: int | None = 0

    # ---- contract -------------------------------------------------------------------------
    # The legal actions are computed once per position (``_legal_actions``) and cached in
    # ``_legal``; anything that changes the position outside ``apply`` sets ``_legal = None``.
    _legal: list | None = None
    _keys: tuple | None = None      # (the cached list, {action key: index}) for apply()

    def legal_actions(self) -> list[Record]:
        if self.current_player is None:
            return []
        if self._legal is None:
            self._legal = self._legal_actions()
        return self._legal

    def _legal_actions(self) -> list[Record]:
        """Every legal action of ``current_player`` now (not cached; see legal_actions)."""
        raise NotImplementedError

    def legal_match(self, action: Any) -> Record:
        """The legal action that ``action`` names (the rules' own record, whatever else a
        caller put beside its keys, such as a ``text``); IllegalAction if there is none."""
        if self.is_over():
            raise IllegalAction("the game is over")
        legal = self.legal_actions()
        for a in legal:         # the very record, or an equal copy (a seat's list, a client)
            if a is action:
                return a
        if isinstance(action, dict):
            for a in legal:
                if a == action:     # 1 == True == 1.0 in Python, not in the action's key
                    if a.key() == action_key(action):
                        return a
                    break
        if self._keys is None or self._keys[0] is not legal:
            self._keys = (legal, {a.key(): i for i, a in enumerate(legal)})
        i = self._keys[1].get(action_key(action), -1)
        if i < 0:
            raise IllegalAction(f"not a legal action now: {action_key(action)[:200]}")
        return legal[i]

    def apply(self, action: Any) -> list[Record]:
        """Check ``action`` against ``legal_actions()`` and carry it out."""
        if self.current_player is None:     # is_over(), and legal_actions() inline (hot)
            raise IllegalAction("the game is over")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        for i, a in enumerate(legal):    # fast path: one of the very records legal_actions() gave
            if a is action:
                break
        else:
            if self._keys is None or self._keys[0] is not legal:
                self._keys = (legal, {a.key(): i for i, a in enumerate(legal)})
            i = self._keys[1].get(action_key(action), -1)
            if i < 0:
                text = action.get("text") if isinstance(action, dict) else None
                raise IllegalAction(f"not a legal action now: {text or action_key(action)}")
            a = legal[i]
        self.turn_number += 1
        self._legal = self._keys = None
        return self._apply(a, i)

    def _apply(self, action: Record, index: int) -> list[Record]:
        """Carry out ``action``, the ``index``-th of the legal actions; return the events."""
        raise NotImplementedError

    def is_over(self) -> bool:
        return self.current_player is None

    def seats_in_play(self) -> list[int]:
        """The seats that may still act before the game ends (a game where a player can drop
        out, such as Mole Dig, leaves them out); none once the game is over."""
        return [] if self.is_over() else list(range(self.players))

    def scores(self) -> list:
        raise NotImplementedError

    def seat_teams(self) -> list[int]:
        """The team of each seat: the seats of one team play and win together (an alliance);
        by default every seat plays for itself."""
        return list(range(self.players))

    def winners(self) -> list[int]:
        raise NotImplementedError

    def ending(self) -> str:
        """Once over, a short id of how the game ended, for a game that can end in more than
        one way (``simulate`` counts them); "" where there is only one way or while running."""
        return ""

    def public_scores(self, seat: int | None = None) -> list:
        """The scores ``seat`` (None: a spectator) may know now: None in place of a score
        that counts something hidden from it (face-down cards); all of them once over."""
        return self.scores()

    def open_scores(self) -> list:
        """The scores with nothing hidden (a replay with everything open, never live play):
        ``scores()`` unless a game leaves something hidden out of it."""
        return self.scores()

    def result_facts(self) -> dict:
        """JSON-safe facts the results screen tells besides winners and scores (a score's
        parts, how a tie was broken); asked only once the game is over."""
        return {}

    def view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def open_view(self) -> dict:
        """The view with everything open, for watching a finished game again (the game is over,
        so nothing is secret any more): the shape of ``view(None)`` with every seat's hidden
        fields filled in as that seat's own view has them (hands, secret discs, this roll's
        crosses) and face-down things shown face up, each marked so the board can draw it as
        "was face down"; ``"open": True``.  The table and the sessions never call it: a live
        seat is given ``view(seat)`` only."""
        raise NotImplementedError

    def summary(self) -> str:
        return ""

    def set_names(self, names: list) -> None:
        """Seat names for the sentences of actions and events (``self.names``)."""
        if len(names) != self.players:
            raise ValueError("one name per seat")
        self.names = [str(n) for n in names]
        self._legal = None   # cached legal actions carry the old names in their text

    def clone(self) -> "GameState":
        return copy.deepcopy(self)

    # ---- the random generator ----------------------------------------------------------------
    # A clone shares its original's generator until one of them uses it; then that one takes
    # its own copy first (copy on write), so a clone that never draws never copies the
    # generator's 625 words.  ``_rng_box`` is [generator, how many states share it].
    @property
    def rng(self) -> random.Random:
        box = self._rng_box
        if box[1] > 1:
            box[1] -= 1
            own = _new_random(random.Random)
            own.setstate(box[0].getstate())
            self._rng_box = box = [own, 1]
        return box[0]

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng_box = [value, 1]

    def _share_rng(self, new: "GameState") -> None:
        """Let the clone ``new`` share this state's generator (see ``rng``)."""
        box = self._rng_box
        box[1] += 1
        new._rng_box = box

    # ---- persistence ----------------------------------------------------------------------
    def _state_dict(self) -> dict:
        """Game-specific fields (JSON-safe)."""
        raise NotImplementedError

    def _load_state_dict(self, d: dict) -> None:
        raise NotImplementedError

    def to_dict(self) -> dict:
        version, internal, gauss = self._rng_box[0].getstate()   # reading needs no copy
        return {
            "game": self.GAME_ID, "format": self.FORMAT,
            "players": self.players, "seed": self.seed, "variant": self.variant,
            "options": self.options, "turn_number": self.turn_number,
            "current_player": self.current_player,
            "rng": [version, list(internal), gauss],
            "state": self._state_dict(),
        }

    @classmethod
    def from_dict(cls, d: dict) -> "GameState":
        """Restore a state; a dict from a file is untrusted, so every common field is checked
        here (type, range) and the game's ``_load_state_dict`` checks its own fields.  Anything
        wrong raises ValueError with a sentence (``registry.load_state`` makes it a LoadError)."""
        from . import check as C
        obj = cls.__new__(cls)
        lo, hi = cls.PLAYERS
        obj.players = C.integer(C.get(d, "players"), "players", lo, hi)
        seed = C.get(d, "seed")
        obj.seed = None if seed is None else C.integer(seed, "seed")
        variants, specs = cls.describe_setup()
        ids = [v["id"] for v in variants]
        variant = d.get("variant")
        if ids or variant is not None:
            C.choice(variant, "variant", ids)
        obj.variant = variant
        options = d.get("options") or {}
        if not isinstance(options, dict):
            C.bad("options", f"expected a mapping, found {type(options).__name__}")
        merged = {o["id"]: o.get("default") for o in specs}
        for key, value in options.items():
            spec = next((o for o in specs if o["id"] == key), None)
            if spec is None:
                C.bad("options", f"unknown option {C.show(key)}")
            choices = [c["id"] for c in spec.get("choices") or []]
            if choices:
                C.choice(value, f"options.{key}", choices)
            merged[key] = value
        obj.options = merged
        obj.turn_number = C.integer(d.get("turn_number", 0), "turn_number", 0, 10 ** 9)
        obj.current_player = C.seat(C.get(d, "current_player"), "current_player", obj.players,
                                    none=True)
        obj.rng = random.Random()
        obj.rng.setstate(C.rng_state(C.get(d, "rng")))
        state = C.get(d, "state")
        if not isinstance(state, dict):
            C.bad("state", f"expected a mapping, found {type(state).__name__}")
        obj._load_state_dict(state)
        return obj

    # ---- for computer players ---------------------------------------------------------------
    @classmethod
    def from_view(cls, view: dict, seed: int) -> "GameState":
        """A full state consistent with ``view`` (hidden parts drawn from ``seed``).

        Computer players search on such determinized copies, so they never see a secret.
        """
        raise NotImplementedError
