"""Every sentence the Forest Gold screen shows, through the translation catalogs
(``data/i18n/<lang>/forest.yaml``); refusals are worded here from what ``legal`` and the view
hold, never from a rule computed again."""
from __future__ import annotations

from ....i18n import tr

CHAIN_STEPS = ("bear", "red_fox", "hunters_call", "arrows", "hare", "mole_tunnel")
CHOICE_KINDS = ("arrows", "hare", "mole_tunnel")


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
    return tr(f"forest.refuse.{which}", **kw)


def caption(ev: dict, name_of, piece_of) -> str:
    """The one-line caption of an event ("" for the plain ones)."""
    t = ev.get("type")
    pc = piece_of(ev.get("piece")) if ev.get("piece") else ""
    seat = ev.get("seat")
    pack = name_of(seat) if seat is not None else ""
    if t == "step":
        by = ev.get("by")
        return tr(f"forest.ev.step.{by}", piece=pc) if by in CHAIN_STEPS else ""
    if t == "reveal":
        return tr("forest.ev.reveal", tile=tile(ev.get("kind", "empty")))
    if t == "nuggets":
        return tr("forest.ev.nuggets", count=int(ev.get("count", 0)))
    if t == "store":
        return tr("forest.ev.store", pack=pack, count=int(ev.get("stored", 0)))
    if t == "rob":
        return tr("forest.ev.rob", piece=pc, name=name_of(ev.get("victim")))
    if t == "effect":
        k = ev.get("kind")
        if k in ("bees", "lynx"):
            return tr(f"forest.ev.{k}", piece=pc)
        return tr("forest.ev.choice", name=pack, piece=pc)
    if t == "bump":
        return tr("forest.ev.bump", piece=pc, number=int(ev.get("bump", 0)) + 1,
                  total=int(ev.get("bumps", 1)))
    if t == "attack":
        return tr("forest.ev.attack", piece=pc, victim=piece_of(ev.get("victim")))
    if t == "move_camp":
        return tr("forest.ev.move_camp", pack=pack, count=int(ev.get("left", 0)))
    if t in ("camp", "reinforce", "pass"):
        return tr(f"forest.ev.{t}", pack=pack)
    if t == "free":
        return tr("forest.ev.free", piece=piece_of(ev.get("by")) if ev.get("by") else pc)
    if t in ("pick_up", "drop", "trap", "drown", "loop", "home", "death", "stay"):
        return tr(f"forest.ev.{t}", piece=pc)
    if t in ("sink", "lost", "round_cap"):
        return tr(f"forest.ev.{t}")
    if t == "win":
        return winner([name_of(s) for s in ev.get("seats") or []])
    return ""


def winner(names: list) -> str:
    if not names:
        return ""
    return tr("forest.win.one" if len(names) == 1 else "forest.win.many", names=" & ".join(names))


def status_round(rnd: int, cap: int) -> str:
    return tr("forest.status.round", round=rnd, cap=cap)


def status_goal(variant: str, target: int) -> str:
    if variant == "plunder":
        return tr("forest.status.plunder")
    return tr("forest.status.target", count=target)


def status_face_down(n: int) -> str:
    return tr("forest.status.face_down", count=n)


def status_team(names: list, n: int) -> str:
    return tr("forest.status.team", names=" & ".join(names), count=n)


def score(n: int) -> str:
    return tr("forest.score", count=n)
