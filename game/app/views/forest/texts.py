"""Every sentence the Forest Gold screen shows, through the translation catalogs
(``data/i18n/<lang>/forest.yaml``); event captions, refusals and results come from
``game.app.eventtext.forest`` (codes and parameters read off ``legal`` and the view, never from a
rule computed again)."""
from __future__ import annotations

from ... import eventtext
from ...eventtext import forest as forest_text
from ....i18n import tr
from ...eventtext import names_list


def piece(kind: str, pack: str) -> str:
    return tr(f"forest.piece.{'hunter' if kind == 'hunter' else 'canine'}", pack=pack)


def tile(kind: str) -> str:
    return tr(f"forest.tile.{kind}")


def doing(which: str, **kw) -> str:
    return tr(f"forest.do.{which}", **kw)


def waiting(step: str, name: str) -> str:
    return tr(f"forest.wait.{step if step in ('camp', 'choose') else 'move'}", name=name)


def button(which: str, **kw) -> str:
    return tr(f"forest.btn.{which}", **kw)


def refuse(which: str, **kw) -> str:
    """Why a click does nothing: rendered by ``game.app.eventtext`` from a code and parameters
    (``seat=`` names a pack)."""
    names = kw.pop("names", None) or []
    return eventtext.refusal(which, kw, ctx_for(names))


def ctx_for(names: list) -> eventtext.Ctx:
    return eventtext.Ctx("forest", list(names))


def caption(ev: dict, ctx: eventtext.Ctx) -> str:
    """The one-line caption of an event ("" for the plain ones)."""
    return eventtext.toast(ev, ctx)


def winner(seats: list, ctx: eventtext.Ctx) -> str:
    return forest_text.winner(seats, ctx)


def status_round(rnd: int, cap: int) -> str:
    return tr("forest.status.round", round=rnd, cap=cap)


def status_goal(variant: str, target: int) -> str:
    if variant == "plunder":
        return tr("forest.status.plunder")
    return tr("forest.status.target", count=target)


def status_face_down(n: int, shown: bool = False) -> str:
    """How many tiles are face down (``shown``: everything open, where they show veiled)."""
    return tr("forest.status.face_down_shown" if shown else "forest.status.face_down", count=n)


def tile_name(cell, view: dict) -> str:
    """The name of a tile as its hover shows it; everything open (a replay) also says which
    tiles were face down, and at a campfire which tiles lie under the campfires."""
    if cell is None:
        return tile("face_down")
    name = tile(cell["kind"])
    if cell.get("face_down"):
        return tr("forest.tile.was_face_down", tile=name)
    under = view.get("aside_tiles") if view.get("open") else None
    if cell["kind"] == "campfire" and under:
        counts = {k: under.count(k) for k in sorted(set(under))}
        return tr("forest.tile.campfire_over", tiles=names_list(
            [tile(k) if n == 1 else f"{tile(k)} ×{n}" for k, n in counts.items()]))
    return name


def status_team(names: list, n: int) -> str:
    return tr("forest.status.team", names=names_list(names), count=n)


def score(n: int) -> str:
    return tr("forest.score", count=n)
