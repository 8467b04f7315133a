"""Mole Dig's steps, one mode each: the bar's sentence and items, the board's targets, what a
refused click says (from the rules), and cancel."""
from __future__ import annotations

from ....rules.moles import explain_refusal
from ... import eventtext
from ...board import StepMode, Target
from ..hexgeom import axial_to_unit
from . import texts
from .common import PICK, pt as _pt


def _order(p):
    ux, uy = axial_to_unit(*p)
    return (uy, ux)


class MolesMode(StepMode):
    """Every step shows the current player's discs in the bar; a click on the board that is not
    a target is explained by the rules."""

    def disc_actions(self):
        """(action for a face-down disc, {value: action} for the turned ones)."""
        return None, {}

    def bar_items(self) -> list:
        turn, keep = self.disc_actions()
        return self.v.disc_items(turn, keep) + self.extra_items()

    def extra_items(self) -> list:
        return []

    def refuse_at(self, pos):
        p = self.v.point_at(pos)
        if p is None:
            return None
        v = self.v
        why = explain_refusal(v.view, v.seat, p, v.selected)
        if why is None:
            return None
        names = [v._name(s) for s in range(v.view["players"])]
        return eventtext.refusal(why[0], why[1], eventtext.Ctx("moles", names)) or None


class PlaceMode(MolesMode):
    def instruction(self) -> str:
        v = self.v.view
        cp = v["current_player"]
        return texts.instruction("place", self.mine, count=v["to_place"][cp], name=self.v._name(cp))

    def board_targets(self) -> list:
        v = self.v
        by_at = {_pt(a["at"]): a for a in v.legal or [] if a.get("type") == "place"}
        return [v.point_target("point", ("pt", p), by_at[p]) for p in sorted(by_at, key=_order)]


class TurnMode(MolesMode):
    def instruction(self) -> str:
        v = self.v.view
        return texts.instruction("turn_bonus" if v.get("in_bonus") else "turn", self.mine,
                                 name=self.v._name(v["current_player"]))

    def disc_actions(self):
        return next((a for a in self.v.legal or [] if a.get("type") in ("turn", "bonus")), None), {}


class KeepMode(MolesMode):
    def instruction(self) -> str:
        return texts.instruction("keep", self.mine, name=self.v._name(self.v.view["current_player"]))

    def disc_actions(self):
        return None, {a["value"]: a for a in self.v.legal or [] if a.get("type") == "keep"}


class BonusMode(MolesMode):
    def instruction(self) -> str:
        return texts.instruction("bonus", self.mine, name=self.v._name(self.v.view["current_player"]))

    def extra_items(self) -> list:
        legal = self.v.legal or []
        out = []
        for kind, label in (("bonus", texts.take_bonus()), ("pass", texts.no_thanks())):
            a = next((a for a in legal if a.get("type") == kind), None)
            if a is not None:
                out.append({"kind": "gap", "w": self.v._px(6) * 2})
                out.append({"kind": "button", "label": label, "key": ("btn", kind), "action": a,
                            "primary": kind == "bonus"})
        return out


class MoveMode(MolesMode):
    """Pick a mole (skipped when only one can move), then a lit point."""

    def starts(self) -> list:
        return sorted({_pt(a["frm"]) for a in self.v.legal or [] if a.get("type") == "move"}, key=_order)

    def moves_from(self, p) -> list:
        return [a for a in self.v.legal or [] if a.get("type") == "move" and _pt(a["frm"]) == tuple(p)]

    def on_sync(self) -> None:
        v = self.v
        if v.selected is not None and not self.moves_from(v.selected):
            v.selected = None
        starts = self.starts()
        if v.legal and len(starts) == 1:
            v.selected = starts[0]

    def instruction(self) -> str:
        v = self.v.view
        which = "move_dest" if (self.mine and self.v.selected is not None) else "move_pick"
        if v.get("in_bonus"):
            which += "_bonus"
        return texts.instruction(which, self.mine, value=v["pending"][0] if v.get("pending") else "",
                                 name=self.v._name(v["current_player"]))

    def board_targets(self) -> list:
        v = self.v
        out = []
        starts = self.starts()
        if v.selected is not None:
            for a in self.moves_from(v.selected):
                out.append(v.point_target("dest", ("dest", _pt(a["to"])), a))
        for p in starts:
            if p != v.selected or len(starts) > 1:
                out.append(v.point_target("mole", ("mole", p), None))
        return out

    def select(self, t: Target):
        v = self.v
        p = t.key[1]
        v.selected = None if v.selected == p else p
        v.invalidate()
        if v.focus.keyboard and v.selected is not None:
            dests = [x for x in v.get_targets() if x.kind == "dest"]
            if dests:
                v.focus.focus = dests[0].key
        return None

    def refuse_at(self, pos):
        p = self.v.point_at(pos)
        if p is not None and self.moves_from(p):
            return None            # the only mole that can move: it is already picked
        return super().refuse_at(pos)

    def cancel(self) -> bool:
        if self.v.selected is not None and len(self.starts()) > 1:
            self.v.selected = None
            self.v.invalidate()
            return True
        return False

    def clicks_for(self, action: dict):
        if action.get("type") != "move":
            return super().clicks_for(action)
        frm, to = _pt(action["frm"]), _pt(action["to"])
        first = [] if (len(self.starts()) == 1 or self.v.selected == frm) else [str(("mole", frm))]
        return first + [str(("dest", to))]


MODES = {"place": PlaceMode, "turn": TurnMode, "keep": KeepMode, "bonus": BonusMode, "move": MoveMode}
