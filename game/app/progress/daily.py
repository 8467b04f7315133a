"""The deal of the day: one seeded table per game and calendar date, the same for everyone.

    d = deal("moles", datetime.date(2025, 3, 14))   # seed, players, variant, level, colours
    seats(d, "Anna", 2)                             # the person in seat 1, the day's computers
    start(name, d) -> True (the try that counts) or False (practice)
    finish(session) -> (entry or None, message)     # when a game ends (results screen)
    streak(name), days(name), month(name, y, m), entry(name, date, game), share_text(...)
    expert_result("moles", date, iterations=200)    # ``main.py daily``

The seed comes from the game id and the date the player's computer shows (SHA-256, never
Python's ``hash()``, so every computer and every version agrees); ``data/daily.yaml`` lists
what the date picks from (players, variant, computer level) and the options.  The first try of
a day counts: it is marked when the deal is dealt (``start``), and the game that ends with the
marked seed is the counted one; every other game of that deal is practice.  Results are kept
per saved player in ``daily.json``.  No pygame here.
"""
from __future__ import annotations

import datetime
import hashlib
import logging
from dataclasses import dataclass, field

from ...i18n import number, tr
from ...io.paths import resource_path
from ...rules import GAMES
from ...io.data import Checker, display_name, load_yaml
from ..store import jsonstore
from ..store.jsonstore import clean_name, is_int, is_number

log = logging.getLogger(__name__)

FILE = "daily.json"
MAX_BYTES = 2 * 1024 * 1024
MAX_PLAYERS = 40
MAX_DAYS = 800           # days kept per player (the oldest go first)
RECOGNISE_DAYS = 3       # a saved game continued later is still its day's try this long after
PALETTE = 6              # seat colours (data/ui.yaml)


@dataclass
class Deal:
    game: str
    date: datetime.date
    seed: int
    players: int
    variant: str | None
    level: str
    options: dict = field(default_factory=dict)
    colours: list = field(default_factory=list)      # the computer seats' colours

    @property
    def key(self) -> str:
        return self.date.isoformat()


def today() -> datetime.date:
    """The date the player's computer shows."""
    return datetime.date.today()


def _digest(kind: str, game: str, date: datetime.date) -> bytes:
    return hashlib.sha256(f"burrowbox/{kind}/1/{game}/{date.isoformat()}".encode()).digest()


def seed_for(game: str, date: datetime.date) -> int:
    """The day's seed of ``game``: the same on every computer, in every version."""
    return int.from_bytes(_digest("daily-seed", game, date)[:8], "big") % (2 ** 31)


# ---- the set-ups ----------------------------------------------------------------------------------

_setups: dict | None = None


def load_setups(path=None) -> dict:
    """``data/daily.yaml`` checked (DataError naming the file and the entry)."""
    from ...ai import LEVELS
    path = path or resource_path("data", "daily.yaml")
    chk = Checker(display_name(path))
    raw = chk.mapping(chk.key(chk.mapping(load_yaml(path), "top level"), "games", "top level"),
                      "games")
    out = {}
    for gid, info in GAMES.items():
        if not info.available:
            continue
        where = f"games.{gid}"
        e = chk.mapping(chk.key(raw, gid, "games"), where)
        players = chk.seq(chk.key(e, "players", where), where + ".players")
        for i, n in enumerate(players):
            chk.int(n, f"{where}.players[{i}]", info.min_players, info.max_players)
        vids = [v["id"] for v in info.variants] or [None]
        variants = chk.seq(chk.key(e, "variants", where), where + ".variants")
        for i, v in enumerate(variants):
            if v not in vids:
                chk.fail(f"{where}.variants[{i}]", f"{v!r} is not a variant of {gid} ({vids})")
        levels = chk.seq(chk.key(e, "levels", where), where + ".levels")
        for i, lv in enumerate(levels):
            chk.str(lv, f"{where}.levels[{i}]", LEVELS)
        options = chk.mapping(e.get("options") or {}, where + ".options")
        known = {o["id"]: o for o in info.options}
        for k, v in options.items():
            if k not in known or not any(c["id"] == v for c in known[k].get("choices") or []):
                chk.fail(f"{where}.options.{k}", f"not an option value of {gid}")
        if not players or not variants or not levels:
            chk.fail(where, "players, variants and levels each need at least one entry")
        out[gid] = {"players": players, "variants": variants, "levels": levels,
                    "options": dict(options)}
    return out


def setups() -> dict:
    global _setups
    if _setups is None:
        _setups = load_setups()
    return _setups


def games() -> list[str]:
    """The games that have a deal of the day (every playable one), in the catalog's order."""
    return [g for g in GAMES if g in setups()]


def deal(game: str, date: datetime.date | None = None) -> Deal:
    """The deal of ``game`` on ``date`` (default: today)."""
    date = date or today()
    s = setups()[game]
    h = _digest("daily-setup", game, date)
    players = s["players"][h[0] % len(s["players"])]
    variant = s["variants"][h[1] % len(s["variants"])]
    level = s["levels"][h[2] % len(s["levels"])]
    order = sorted(range(PALETTE), key=lambda c: (h[3 + c], c))
    return Deal(game, date, seed_for(game, date), players, variant, level, dict(s["options"]),
                order[:players - 1])


def seats(d: Deal, name: str, colour: int | None = None) -> list[dict]:
    """The deal's seats: the person first, then the day's computers."""
    if colour is None or colour in d.colours:
        colour = next(c for c in range(PALETTE) if c not in d.colours)
    out = [{"name": name, "colour": colour, "kind": "human", "level": d.level}]
    for i, c in enumerate(d.colours):
        out.append({"name": tr("seat.computer_n", number=i + 1), "colour": c, "kind": "computer",
                    "level": d.level})
    return out


def parse_date(text: str) -> datetime.date:
    """``YYYY-MM-DD``; ValueError otherwise."""
    if not isinstance(text, str) or len(text) != 10:
        raise ValueError(f"'{text}' is not a date like 2025-03-14")
    return datetime.date.fromisoformat(text)


# ---- the store ------------------------------------------------------------------------------------

def _check_entry(e) -> dict | None:
    if not isinstance(e, dict) or not is_int(e.get("seed")) or not isinstance(e.get("done"), bool):
        return None
    out = {"seed": e["seed"], "done": e["done"],
           "practice": e["practice"] if is_int(e.get("practice")) and 0 <= e["practice"] < 10 ** 6 else 0}
    if e["done"]:
        score, place, of, won = e.get("score"), e.get("place"), e.get("of"), e.get("won")
        if not (score is None or is_number(score)) or not is_int(place) or not is_int(of) \
                or not 1 <= place <= of <= 8 or not isinstance(won, bool):
            return None
        out.update(score=score, place=place, of=of, won=won)
    return out


def _check_store(raw) -> tuple[dict, bool]:
    players = jsonstore.top(raw, "players", dict)
    out, good = {}, len(players) <= MAX_PLAYERS
    for name, days_ in list(players.items())[:MAX_PLAYERS]:
        cname = clean_name(name)
        if cname is None or not isinstance(days_, dict):
            good = False
            continue
        kept = {}
        for day, per_game in days_.items():
            try:
                parse_date(day)
            except (ValueError, TypeError):
                good = False
                continue
            if not isinstance(per_game, dict):
                good = False
                continue
            games_ = {}
            for gid, e in per_game.items():
                checked = _check_entry(e) if gid in GAMES else None
                if checked is None:
                    good = False
                else:
                    games_[gid] = checked
            kept[day] = games_
        out[cname] = kept
    return out, good


def load_store() -> tuple[dict, str | None]:
    data, message = jsonstore.read(FILE, _check_store, MAX_BYTES)
    return data or {}, message


def _save(store: dict) -> str | None:
    for name, days_ in store.items():
        for day in sorted(days_)[:-MAX_DAYS]:
            del days_[day]
    return jsonstore.write(FILE, {"version": jsonstore.VERSION, "players": store})


def entry(name: str, date: datetime.date, game: str) -> dict | None:
    store, _ = load_store()
    return store.get(name, {}).get(date.isoformat(), {}).get(game)


def start(name: str, d: Deal) -> bool:
    """The person begins ``d``: True when this is the day's try that counts (marked now),
    False for practice (a try of this deal was already begun)."""
    name = clean_name(name)
    if name is None:
        return False
    store, _ = load_store()
    day = store.setdefault(name, {}).setdefault(d.key, {})
    if d.game in day:
        return False
    day[d.game] = {"seed": d.seed, "done": False, "practice": 0}
    _save(store)
    return True


def _place(result: dict, seat: int) -> int:
    winners, scores = result.get("winners") or [], result.get("scores") or []
    place, prev = 0, None
    for k, s in enumerate(result.get("ranking") or []):
        key = (s in winners, scores[s] if s < len(scores) else None)
        if key != prev:
            place, prev = k + 1, key
        if s == seat:
            return place
    return len(scores) or 1


def recognise(session) -> dict | None:
    """The deal a table plays, from its seed: {"game", "date", "name", "counted"}, or None.
    A game continued from a save is recognised as well as one just dealt."""
    daily = getattr(session, "daily", None)
    if daily:
        return daily
    table = session.table
    seed = getattr(table.state, "seed", None)
    if not is_int(seed) or session.game_id not in setups():
        return None
    people = [i for i, s in enumerate(table.seats) if s.kind == "human"]
    if people != [0]:
        return None
    name = clean_name(table.seats[0].name)
    for back in range(RECOGNISE_DAYS + 1):
        date = today() - datetime.timedelta(days=back)
        if seed_for(session.game_id, date) == seed:
            e = entry(name, date, session.game_id) if name else None
            counted = bool(e) and not e["done"] and e["seed"] == seed
            return {"game": session.game_id, "date": date.isoformat(), "name": name,
                    "counted": counted}
    return None


def finish(session) -> tuple[dict | None, str | None]:
    """A finished game: if it is a deal of the day, keep its result (the counted try) or
    count it as practice.  Returns (the day's entry for the person, or None; a message)."""
    info = recognise(session)
    result = session.table.result()
    if info is None or result is None or not info.get("name"):
        return None, None
    session.daily = info
    store, message = load_store()
    day = store.setdefault(info["name"], {}).setdefault(info["date"], {})
    e = day.get(info["game"])
    if info["counted"] and e is not None and not e["done"]:
        score = (result.get("scores") or [None])[0]
        e.update(done=True, score=score if is_number(score) else None, place=_place(result, 0),
                 of=int(result.get("players") or 1), won=0 in (result.get("winners") or []))
    elif e is not None:
        e["practice"] = e.get("practice", 0) + 1
        info["counted"] = False
    else:      # never begun on this computer's record (a deal from another day's save)
        day[info["game"]] = e = {"seed": result_seed(session), "done": False, "practice": 1}
        info["counted"] = False
    return e, _save(store) or message


def result_seed(session) -> int:
    return int(getattr(session.table.state, "seed", 0) or 0)


# ---- days ------------------------------------------------------------------------------------------

def done_days(name: str, store: dict | None = None) -> set[datetime.date]:
    store = store if store is not None else load_store()[0]
    out = set()
    for day, per_game in (store.get(name) or {}).items():
        if any(e.get("done") for e in per_game.values()):
            out.add(parse_date(day))
    return out


def streak(name: str, on: datetime.date | None = None, store: dict | None = None) -> int:
    """Days running (to ``on``, or the day before it when ``on`` has none yet) on which the
    person finished a deal of the day."""
    on = on or today()
    done = done_days(name, store)
    day = on if on in done else on - datetime.timedelta(days=1)
    n = 0
    while day in done:
        n += 1
        day -= datetime.timedelta(days=1)
    return n


def best_streak(name: str, store: dict | None = None) -> int:
    done = sorted(done_days(name, store))
    best = run = 0
    prev = None
    for d in done:
        run = run + 1 if prev is not None and (d - prev).days == 1 else 1
        best, prev = max(best, run), d
    return best


def days(name: str, store: dict | None = None) -> int:
    return len(done_days(name, store))


def progress_of(name: str) -> tuple[int, int]:
    """(days running, days in all): what the achievements of the deals read."""
    store, _ = load_store()
    return streak(name, store=store), days(name, store)


def month(name: str, year: int, month_: int) -> dict[int, dict]:
    """{day of the month: {game: entry}} of ``name`` in that month."""
    store, _ = load_store()
    out = {}
    for day, per_game in (store.get(name) or {}).items():
        d = parse_date(day)
        if d.year == year and d.month == month_ and per_game:
            out[d.day] = per_game
    return out


def players() -> list[str]:
    """The names with a deal of the day kept, most days first."""
    store, _ = load_store()
    return sorted(store, key=lambda n: (-len(store[n]), n.casefold()))


# ---- sharing --------------------------------------------------------------------------------------

WIN, YOU, OTHER, FILLED, EMPTY = "\U0001F7E9", "\U0001F7E8", "\u2B1C", "\U0001F7EB", "\u2B1C"


def picture(e: dict) -> str:
    """A small picture of the result (no spoiler of the deal): one square a seat in the
    order they finished (green: you won, yellow: you), or for a solo game a bar of ten."""
    if e["of"] == 1:
        filled = max(0, min(10, int((e.get("score") or 0) // 10)))
        return FILLED * filled + EMPTY * (10 - filled)
    row = [OTHER] * e["of"]
    row[e["place"] - 1] = WIN if e["won"] else YOU
    return "".join(row)


def share_text(name: str, game: str, date: datetime.date, e: dict, run: int = 0) -> str:
    """The text the Share button copies: game, date, place or score, the picture."""
    from ..words.names import game_title, score_text
    info = GAMES[game]
    lines = [tr("daily.share.head"), tr("daily.share.game", game=game_title(info),
                                        date=date.isoformat())]
    variant = deal(game, date).variant
    score = "" if e.get("score") is None else score_text(info, variant, e["score"])
    if e["of"] == 1:
        lines.append(score)
    else:
        lines.append(tr("daily.share.place", place=number(e["place"]), count=e["of"], score=score))
    lines.append(picture(e))
    if run > 1:
        lines.append(tr("daily.share.streak", count=run))
    return "\n".join(line for line in lines if line)


def copy_to_clipboard(text: str) -> bool:
    """Put ``text`` on the system clipboard (pygame-ce's); False when there is none."""
    try:
        import pygame
        if not pygame.display.get_init() or pygame.display.get_driver() in ("dummy", "offscreen"):
            return False
        pygame.scrap.put_text(text)
        return pygame.scrap.get_text() == text
    except Exception:  # noqa: BLE001 - no clipboard on this system: the text is shown instead
        log.warning("copy_to_clipboard: fell back after an error", exc_info=True)
        return False


# ---- the expert's result (main.py daily) ------------------------------------------------------------

def expert_result(game: str, date: datetime.date, iterations: int = 200) -> dict:
    """The expert in the person's seat against the day's computers, each search capped at
    ``iterations`` (no time bound), so the result is the same on every computer."""
    from ...ai import make_agent
    from ...ai.expert import ExpertAgent
    from ...rules import new_game
    from ...table import agent_seed, ranking
    d = deal(game, date)
    state = new_game(game, d.players, seed=d.seed, variant=d.variant, options=d.options)
    agents = []
    for s in range(d.players):
        level = "expert" if s == 0 else d.level
        agent = make_agent(game, level, agent_seed(d.seed, s))
        if isinstance(agent, ExpertAgent):
            agent.iterations, agent.think = iterations, 10 ** 6
        agents.append(agent)
    steps = 0
    while not state.is_over():
        s = state.current_player
        state.apply(agents[s].decide(state.view(s), state.legal_actions()))
        steps += 1
    scores, winners = list(state.scores()), list(state.winners())
    result = {"players": d.players, "winners": winners, "scores": scores,
              "ranking": ranking(state)}
    return {"game": game, "date": date.isoformat(), "seed": d.seed, "players": d.players,
            "variant": d.variant, "level": d.level, "options": d.options,
            "iterations": iterations, "score": scores[0], "place": _place(result, 0),
            "won": 0 in winners, "scores": scores, "winners": winners, "actions": steps}
