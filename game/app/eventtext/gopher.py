"""Gopher's Pantry: the sentences of its events, refusals and results, through the catalogs
(``data/i18n/<lang>/events_gopher.yaml``; card, sign and refusal words from ``gopher.yaml``).
Events a seat alone may know about (``private_to``: cards drawn, a present looked at) never
carry the cards, so their sentences cannot name them.  A card picked towards a payment and the
cards a seat takes back on giving up are marked ``secret``: every other seat gets those events
without them, and their sentences then name no card ("Anna picks a card for the sign")."""
from __future__ import annotations

from ...i18n import tr
from .common import names_list

END_WHY = ("deck_empty", "kind_ran_out", "stalled")


def _int(v, default: int = 0) -> int:
    try:
        return int(v)
    except (TypeError, ValueError):
        return default


def kind(k) -> str:
    return tr(f"gopher.kind.{k}")


def card(code) -> str:
    code = str(code or "digger")
    if code == "digger" or ":" not in code:
        return tr("gopher.card.digger")
    k, v = code.split(":", 1)
    return tr("gopher.card", kind=kind(k), value=v)


def sign(what, amount) -> str:
    if what in ("portal", "present", "nothing"):
        return tr(f"gopher.sign.{what}")
    if what not in ("acorn", "berry", "spikelet", "store"):
        return tr("gopher.sign.nothing")
    return tr(f"gopher.count.{what}", count=_int(amount))


def toast(ev: dict, ctx) -> str | None:
    """The one-line caption of a rules event (None for none)."""
    t = ev.get("type")
    s = ev.get("seat")
    nm = ctx.name(s)
    if t == "place":
        return tr("gopher.ev.place", name=nm, hole=ev.get("hole"))
    if t == "page":
        if ev.get("page_from") is None:
            return tr("gopher.ev.page_open", page=ev.get("page_to"))
        if ev.get("extra"):
            return tr("gopher.ev.page_extra", name=nm, value=ev.get("value"))
        key = "page_turn" if ev.get("changed") else "page_same"
        return tr(f"gopher.ev.{key}", name=nm, value=ev.get("value"), page=ev.get("page_to"))
    if t == "turn":
        return tr("gopher.ev.turn", name=nm)
    if t == "roll":
        return tr("gopher.ev.roll", name=nm, value=ev.get("value"))
    if t == "move":
        jumped = ev.get("jumped") or []
        if len(jumped) >= 3:              # a long row: counted, so that the line stays short
            return tr("gopher.ev.leap_many", name=nm, hole=ev.get("to"), count=len(jumped))
        if jumped:
            return tr("gopher.ev.leap", name=nm, hole=ev.get("to"),
                      others=names_list([ctx.name(j) for j in jumped]))
        return tr("gopher.ev.move", name=nm, hole=ev.get("to"))
    if t == "portal":
        return tr("gopher.ev.portal", name=nm)
    if t == "dig":
        return tr("gopher.ev.dig", name=nm)
    if t == "pick":
        if ev.get("card") is None or ev.get("sign") not in ("+", "-"):
            return tr("gopher.ev.pick_hidden", name=nm)      # the picked card is not ours to see
        return tr("gopher.ev.pick_plus" if ev.get("sign") == "+" else "gopher.ev.pick_minus",
                  name=nm, card=card(ev.get("card")))
    if t == "collect":
        return tr("gopher.ev.collect", name=nm, what=sign(ev.get("what"), ev.get("amount")))
    if t == "take":
        key = "take_change" if ev.get("give") else "take"
        return tr(f"gopher.ev.{key}", name=nm,
                  what=sign(ev.get("kind"), sum(_int(x) for x in ev.get("take") or [])))
    if t == "pass":
        view = ctx.extra.get("view")
        if ev.get("table") or (isinstance(view, dict) and view.get("variant") == "beginner"):
            return tr("gopher.ev.pass_table", name=nm)        # no hand: nothing to keep
        return tr("gopher.ev.pass", name=nm)
    if t == "cannot_collect":
        return tr("gopher.ev.cannot", name=nm, what=sign(ev.get("what"), ev.get("amount")))
    if t == "empty_hole":
        return tr("gopher.ev.empty", name=nm, hole=ev.get("hole"))
    if t == "ineffective":
        return tr("gopher.ev.ineffective", name=nm)
    if t == "draw":
        key = "draw_refill" if ev.get("why") == "refill" else "draw_empty"
        return tr(f"gopher.ev.{key}", name=nm, count=_int(ev.get("count")))
    if t == "present":
        if ev.get("again"):
            return tr("gopher.ev.present_again", name=nm)
        return tr("gopher.ev.present_look", name=nm, count=_int(ev.get("count")))
    if t == "present_empty":
        return tr("gopher.ev.present_empty", name=nm)
    if t == "trophy":
        if ev.get("card") == "digger":
            return tr("gopher.ev.trophy_digger", name=nm)
        return tr("gopher.ev.trophy", name=nm, card=card(ev.get("card")))
    if t == "baskets":
        return tr("gopher.ev.baskets", name=nm, count=len(ev.get("owners") or []),
                  other=ctx.name(ev.get("source")))
    if t == "ransom":
        return tr("gopher.ev.ransom", name=nm, other=ctx.name(ev.get("holder")))
    if t == "stay":
        return tr("gopher.ev.stay", name=nm)
    if t == "game_over":
        return tr("gopher.ev.over")
    return None


def line(ev: dict, ctx) -> str | None:
    """The log sentence: the caption; the end of the game says why and who won."""
    if ev.get("type") == "turn":
        return tr("gopher.log.turn", name=ctx.name(ev.get("seat")))
    if ev.get("type") == "game_over":
        scores = list(ev.get("scores") or [])
        minus = ev.get("minus")
        return result_sentence(list(ev.get("winners") or []), scores, minus,
                               ev.get("end") or {}, lunches=minus is None, ctx=ctx)
    return toast(ev, ctx)


def refusal(code: str, params: dict, ctx) -> str:
    """Why a click on the book or the hand does nothing (codes: ``gopher.refuse.*``)."""
    params = dict(params or {})
    if "what" in params and isinstance(params["what"], (list, tuple)):
        params["what"] = sign(*params["what"])
    return tr(f"gopher.refuse.{code}", **params)


# ---- results ---------------------------------------------------------------------------------
def end_reason(end: dict) -> str:
    why = (end or {}).get("why")
    if why == "deck_empty":
        return tr("gopher.result.end.deck_empty", count=_int(end.get("cards")))
    if why == "kind_ran_out":
        return tr("gopher.result.end.kind_ran_out", kind=kind(end.get("kind")))
    if why == "stalled":
        return tr("gopher.result.end.stalled", count=_int(end.get("rounds")))
    return tr("gopher.end.other")


def result_sentence(winners: list, scores: list, minus, end: dict, lunches: bool, ctx) -> str:
    """Why the game ended, who won with how much, and how a tie on points was broken."""
    if not winners:
        return end_reason(end)
    best = _int(scores[winners[0]]) if winners[0] < len(scores) else 0
    unit = "lunches" if lunches else "points"
    if len(winners) == 1:
        who = tr(f"gopher.result.win_{unit}", name=ctx.name(winners[0]), count=best)
    else:
        who = tr(f"gopher.result.shared_{unit}", names=names_list([ctx.name(w) for w in winners]),
                 count=best)
    parts = [end_reason(end), who]
    if minus and not lunches:
        level = [s for s in range(len(scores)) if _int(scores[s]) == best and s not in winners]
        if level and winners[0] < len(minus):
            parts.append(tr("gopher.result.tie_minus", mine=_int(minus[winners[0]]),
                            theirs=min(_int(minus[s]) for s in level if s < len(minus))))
    return " ".join(parts)


def final_sentence(view: dict, ctx) -> str:
    """Why the game ended, who won with how much and how a tie was broken, from the final
    ``view``."""
    seats = view.get("seats") or []
    lunches = view.get("variant") == "beginner"
    scores = [_int(s.get("score")) for s in seats]
    minus = None if lunches else [_int(s.get("minus")) for s in seats]
    return result_sentence(list(view.get("winners") or []), scores, minus,
                           view.get("end") or {}, lunches, ctx)


def results(state, ctx) -> dict | None:
    """The results screen's words for a finished game: ``head`` (who won, or a shared win)
    and ``summary`` (why the game ended, the winning score, the tie and what broke it)."""
    view = state.view(None)
    winners = list(view.get("winners") or [])
    if not winners:
        return None
    if len(winners) == 1:
        head = tr("gopher.result.head_one", name=ctx.name(winners[0]))
    else:
        head = tr("gopher.result.head_shared", names=names_list([ctx.name(w) for w in winners]))
    return {"head": head, "summary": final_sentence(view, ctx)}
