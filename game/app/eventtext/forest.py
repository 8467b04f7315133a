"""Forest Gold: the sentences of its events, refusals and results, through the catalogs
(``data/i18n/<lang>/events_forest.yaml``; tile and piece names and refusals from
``forest.yaml``).  Pieces are named from their ids (``"<seat>-c1"``, ``"<seat>-h"``), places by
the tile the board shows there, never by coordinates."""
from __future__ import annotations

from ...i18n import tr
from .common import names_list

#: the steps of a chain that have their own caption (``by`` of a ``step`` event)
CHAIN_STEPS = ("bear", "red_fox", "hunters_call", "arrows", "hare", "mole_tunnel")
END_REASONS = ("race", "plunder", "round_cap")


def _seat_of(pid) -> int | None:
    try:
        return int(str(pid).split("-")[0])
    except (TypeError, ValueError):
        return None


def piece(pid, ctx) -> str:
    """"Pack 1's hunter" from a piece id."""
    if not pid:
        return ""
    kind = "hunter" if str(pid).endswith("-h") else "canine"
    return tr(f"forest.piece.{kind}", pack=ctx.name(_seat_of(pid)))


def tile(kind) -> str:
    return tr(f"forest.tile.{kind if kind else 'empty'}")


def names(seats, ctx) -> str:
    return names_list([ctx.name(s) for s in seats or []])


def _int(v, default: int = 0) -> int:
    try:
        return int(v)
    except (TypeError, ValueError):
        return default


def _capital(text: str | None) -> str | None:
    """A sentence starts with a capital letter, also when it starts with a piece's name
    ("le chien de ...", "охотник (...)")."""
    return text[:1].upper() + text[1:] if text else text


def toast(ev: dict, ctx) -> str | None:
    """The one-line caption of an event while it plays on the board (None: the plain ones)."""
    return _capital(_toast(ev, ctx))


def _toast(ev: dict, ctx) -> str | None:
    t = ev.get("type")
    pc = piece(ev.get("piece"), ctx)
    pack = ctx.name(ev.get("seat"))
    if t == "step":
        by = ev.get("by")
        return tr(f"forest.ev.step.{by}", piece=pc) if by in CHAIN_STEPS else None
    if t == "reveal":
        return tr("forest.ev.reveal", tile=tile(ev.get("kind")))
    if t == "nuggets":
        return tr("forest.ev.nuggets", count=_int(ev.get("count")))
    if t == "store":
        return tr("forest.ev.store", pack=pack, count=_int(ev.get("stored")))
    if t == "rob":
        return tr("forest.ev.rob", piece=pc, name=ctx.name(ev.get("victim")))
    if t == "effect":
        k = ev.get("kind")
        if k in ("bees", "lynx"):
            if k == "lynx" and not str(ev.get("piece", "")).endswith("-h"):
                return tr("forest.ev.lynx", piece=pc)
            return tr(f"forest.ev.{k}" if k == "bees" else "forest.ev.lynx_hunter", piece=pc)
        pid = str(ev.get("piece", ""))
        if pid and _seat_of(pid) == ev.get("seat"):      # their own piece: not the name twice
            return tr("forest.ev.choice_own." + ("hunter" if pid.endswith("-h") else "canine"), name=pack)
        return tr("forest.ev.choice", name=pack, piece=pc)
    if t == "bump":
        return tr("forest.ev.bump", piece=pc, number=_int(ev.get("bump")) + 1,
                  total=_int(ev.get("bumps"), 1))
    if t == "attack":
        key = "forest.ev.attack_drown" if ev.get("died") else "forest.ev.attack"
        return tr(key, piece=pc, victim=piece(ev.get("victim"), ctx))
    if t == "move_camp":
        return tr("forest.ev.move_camp", pack=pack, count=_int(ev.get("left")))
    if t in ("camp", "reinforce", "pass"):
        return tr(f"forest.ev.{t}", pack=pack)
    if t == "free":
        return tr("forest.ev.free", piece=piece(ev.get("by"), ctx) or pc)
    if t == "loop":
        return tr("forest.ev.loop_dies" if ev.get("died") else "forest.ev.loop", piece=pc)
    if t == "home":
        why = ev.get("why")
        return tr("forest.ev.home", piece=pc) if why not in ("attacked", "bees", "loop") else \
            tr(f"forest.ev.home_{why}", piece=pc)
    if t == "death":
        return tr("forest.ev.death", piece=pc)
    if t == "drop":
        how = ev.get("how")
        return tr("forest.ev.drop_lose" if how == "loses" else "forest.ev.drop", piece=pc)
    if t in ("pick_up", "trap", "drown", "stay"):
        return tr(f"forest.ev.{t}", piece=pc)
    if t in ("sink", "lost"):
        return tr(f"forest.ev.{t}")
    if t == "round_cap":
        return tr("forest.ev.round_cap", count=_int(ev.get("rounds")))
    if t == "win":
        return winner(ev.get("seats") or [], ctx)
    return None


def line(ev: dict, ctx) -> str | None:
    """The log sentence of an event: its caption, and for the plain steps where the piece went."""
    return _capital(_line(ev, ctx))


def _line(ev: dict, ctx) -> str | None:
    t = ev.get("type")
    if t == "step" and ev.get("by") == "wade":
        return tr("forest.log.wade", piece=piece(ev.get("piece"), ctx))
    if t == "step" and ev.get("by") not in CHAIN_STEPS:
        kind = ev.get("kind")
        if kind in (None, "face_down"):
            return tr("forest.log.step_new", piece=piece(ev.get("piece"), ctx))
        key = "forest.log.step_carry" if ev.get("carry") else "forest.log.step"
        return tr(key, piece=piece(ev.get("piece"), ctx), tile=tile(kind))
    if t == "win":
        text = result_sentence(ev, ctx)
        return text or winner(ev.get("seats") or [], ctx)
    return toast(ev, ctx)


def refusal(code: str, params: dict, ctx) -> str:
    """Why a click on the forest does nothing (codes: the ``forest.refuse.*`` keys)."""
    params = dict(params or {})
    if "seat" in params:
        params["name"] = ctx.name(params.pop("seat"))
    if "piece" in params:
        params["piece"] = piece(params["piece"], ctx)
    return tr(f"forest.refuse.{code}", **params)


def winner(seats, ctx) -> str:
    if not seats:
        return ""
    return tr("forest.win.one" if len(seats) == 1 else "forest.win.many", names=names(seats, ctx))


# ---- results ---------------------------------------------------------------------------------
def _teams(view: dict) -> list:
    teams = view.get("teams") or list(range(_int(view.get("players"), 0)))
    return list(teams)


def result_sentence(ev: dict, ctx) -> str:
    """Who won and why (and how a tie was broken) from the data of the ``win`` event:
    ``seats``, ``reason``, ``totals`` and ``rounds`` per seat (team sums), ``teams``."""
    seats = list(ev.get("seats") or [])
    if not seats:
        return ""
    reason = ev.get("reason")
    totals = list(ev.get("totals") or [])
    rounds = list(ev.get("rounds") or [])
    s = seats[0]
    total = _int(totals[s]) if s < len(totals) else 0
    who = names(seats, ctx)
    n = len(seats)
    teams = list(ev.get("teams") or range(len(totals)))
    team = lambda x: teams[x] if 0 <= x < len(teams) else x          # noqa: E731
    if len({team(x) for x in seats}) > 1:       # packs of different teams tied and share
        return tr("forest.result.shared", names=who, count=total)
    key = reason if reason in END_REASONS else "round_cap"
    text = tr(f"forest.result.{key}{'_team' if n > 1 else ''}", names=who, count=total)
    # a tie with a pack outside the winners (allies win together) was broken by the rounds
    tied = [x for x in range(len(totals)) if x not in seats and _int(totals[x]) == total]
    if tied and reason != "race" and s < len(rounds):
        other = max(_int(rounds[x]) for x in tied if x < len(rounds))
        text = text + " " + tr("forest.result.tie", mine=_int(rounds[s]), theirs=other)
    return text


def final_sentence(view: dict, ctx) -> str:
    """Why the winners won (and how a tie was broken), from the final ``view``."""
    winners = list(view.get("winners") or [])
    if not winners:
        return ""
    teams = _teams(view)
    stored = view.get("stored") or []
    players = len(stored)
    totals = [sum(len(stored[x]) for x in range(players) if teams[x] == teams[s])
              for s in range(players)]
    rounds = [sum(sum(stored[x]) for x in range(players) if teams[x] == teams[s])
              for s in range(players)]
    return result_sentence({"seats": winners, "reason": view.get("end_reason"),
                            "totals": totals, "rounds": rounds, "teams": teams}, ctx)


def results(state, ctx) -> dict | None:
    """The results screen's words for a finished game: ``head`` (who won) and ``summary``
    (why, and how a tie was broken), from the final view; None while the game goes on."""
    view = state.view(None)
    winners = list(view.get("winners") or [])
    if not winners:
        return None
    teams = _teams(view)
    if len({teams[x] if 0 <= x < len(teams) else x for x in winners}) > 1:
        head = tr("forest.win.shared", names=names(winners, ctx))
    else:
        head = winner(winners, ctx)
    return {"head": head, "summary": final_sentence(view, ctx)}
