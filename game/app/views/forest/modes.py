"""Forest Gold's steps, one mode each: the bar's sentence and items, the lit tiles, what a
refused click says (worded from ``legal`` and the view), and cancel.

In the move step a piece is picked first (skipped when only one can move), then a lit tile;
when a nugget can be taken along or left, a bar button switches between the two (the lit tiles
then propose the moves with or without it). "Move camp" in the bar lights the campfire's
neighbouring edge tiles."""
from __future__ import annotations

from ....rules.base import action_key
from ...board import StepMode, Target, bar
from . import texts
from .common import xy


class ForestMode(StepMode):
    def instruction(self) -> str:
        """The step's sentence, left out when it and the buttons do not fit in the bar (the
        glowing pieces and lit tiles still say what to do)."""
        text = self.sentence()
        v = self.v
        labels = [label for _k, label, _a, _p in self.buttons()]
        if not labels or not text or v.bar_rect.w <= 0:
            return text
        f = v.assets.font(v._px(bar.BUTTON_PX), True)
        need = sum(f.size(lb)[0] + v._px(28) for lb in labels) + v._px(6) * len(labels)
        lf = v.assets.font(v._px(bar.LABEL_PX), True)
        need += lf.size(text)[0] + v._px(40) + 2 * v._px(10)
        return text if need <= v.bar_rect.w else ""

    def targets(self) -> list:
        """The bar's buttons (also those that only choose: a piece's nugget, Move camp, Back)
        and the board's targets."""
        v = self.v
        items = bar.layout(v, self.bar_items(), self.instruction(), None)
        btns = [Target("button", it["key"], rect=it["rect"], action=it.get("action"),
                       label=it.get("label", ""), bar=True)
                for it in items if it.get("kind") == "button" and it.get("key") is not None]
        return btns + self.board_targets()

    def lit_cells(self) -> dict:
        """{(x, y): action} of the lit tiles."""
        return {}

    def board_targets(self) -> list:
        v = self.v
        return [v.cell_target("cell", ("cell",) + c, a) for c, a in sorted(self.lit_cells().items(),
                                                                           key=lambda kv: (kv[0][1], kv[0][0]))]

    def sentence(self) -> str:
        v = self.v.view
        return texts.waiting(v.get("step"), self.v._name(v.get("current_player")))


class CampMode(ForestMode):
    def sentence(self) -> str:
        return texts.doing("camp") if self.mine else super().sentence()

    def lit_cells(self) -> dict:
        return {xy(a["cell"]): a for a in self.v.legal or [] if a.get("type") == "camp"}

    def refuse_at(self, pos):
        return texts.refuse("camp") if self.v.cell_at(pos) is not None else None


class ChooseMode(ForestMode):
    def _piece(self) -> str:
        pend = self.v.view.get("pending") or {}
        return self.v.piece_name(pend.get("piece"))

    def sentence(self) -> str:
        return texts.doing("choose", piece=self._piece()) if self.mine else super().sentence()

    def lit_cells(self) -> dict:
        return {xy(a["to"]): a for a in self.v.legal or [] if a.get("type") == "choose"}

    def refuse_at(self, pos):
        return texts.refuse("choose") if self.v.cell_at(pos) is not None else None


class MoveMode(ForestMode):
    """Pick a piece, then a lit tile (or a bar button: wade, move camp, pass)."""

    def _acts(self, kind: str) -> list:
        return [a for a in self.v.legal or [] if a.get("type") == kind]

    def movers(self) -> list:
        seen = []
        for a in self._acts("move") + self._acts("wade"):
            if a["piece"] not in seen:
                seen.append(a["piece"])
        return seen

    def on_sync(self) -> None:
        v = self.v
        movers = self.movers()
        if v.selected is not None and v.selected != "camp" and v.selected not in movers:
            v.selected = None
        if v.selected == "camp" and not self._acts("move_camp"):
            v.selected = None
        if v.legal and len(movers) == 1 and not self._acts("move_camp") and v.selected is None:
            v.selected = movers[0]

    def carry_choice(self, pid) -> bool | None:
        """None when the piece's moves do not offer both; else the carry flag shown now."""
        flags = {a["carry"] for a in self._acts("move") + self._acts("wade") if a["piece"] == pid}
        if len(flags) < 2:
            return None
        return self.v.carry

    def sentence(self) -> str:
        if not self.mine:
            return super().sentence()
        sel = self.v.selected
        if sel == "camp":
            return texts.doing("move_camp")
        if sel is not None:
            return texts.doing("dest")
        if self.movers():
            return texts.doing("pick")
        # nothing can move: Pass, and Move camp where it is left (a choice, never forced)
        return texts.doing("pass_camp" if self._acts("move_camp") else "pass")

    def buttons(self) -> list:
        v = self.v
        out = []
        sel = v.selected
        if sel is not None and sel != "camp":
            choice = self.carry_choice(sel)
            if choice is not None:
                out.append((("carry", choice), texts.button("carry_on" if choice else "carry_off"),
                            None, False))
            for a in self._acts("wade"):
                if a["piece"] == sel and (choice is None or a["carry"] == choice):
                    out.append((("wade", a["carry"]), texts.button("wade_carry" if a["carry"] else "wade"),
                                a, True))
        camp = self._acts("move_camp")
        if camp and sel != "camp":
            left = int(v.view["camp_moves"][v.view["current_player"]])
            out.append((("camp",), texts.button("move_camp", count=left), None, False))
        if sel == "camp":
            out.append((("back",), texts.button("back"), None, False))
        for a in self._acts("pass"):
            out.append((("pass",), texts.button("pass"), a, True))
        return out

    def lit_cells(self) -> dict:
        v = self.v
        sel = v.selected
        if sel == "camp":
            return {xy(a["to"]): a for a in self._acts("move_camp")}
        if sel is None:
            return {}
        choice = self.carry_choice(sel)
        return {xy(a["to"]): a for a in self._acts("move")
                if a["piece"] == sel and (choice is None or a["carry"] == choice)}

    def board_targets(self) -> list:
        v = self.v
        out = super().board_targets()
        movers = self.movers()
        for pid in movers:
            if pid != v.selected or len(movers) > 1:
                out.append(v.piece_target(pid))
        return out

    def select(self, t: Target):
        v = self.v
        key = t.key
        if key[0] == "piece":
            v.selected = None if v.selected == key[1] else key[1]
            v.carry = True
        elif key == ("btn", ("camp",)):
            v.selected = "camp"
        elif key == ("btn", ("back",)):
            v.selected = None
        elif key[0] == "btn" and key[1][0] == "carry":
            v.carry = not key[1][1]
        v.invalidate()
        if v.focus.keyboard:
            lit = [x for x in v.get_targets() if x.kind == "cell"]
            if lit:
                v.focus.focus = lit[0].key
        return None

    def refuse_at(self, pos):
        v = self.v
        c = v.cell_at(pos)
        if c is None:
            return None
        here = [p for p in v.view["pieces"] if p["at"] is not None and xy(p["at"]) == c]
        mine = [p for p in here if p["seat"] == v.view["current_player"]]
        movers = self.movers()
        if mine and not any(p["id"] in movers for p in mine):
            p = mine[0]
            if p["trapped"]:
                return texts.refuse("trapped")
            if p["kind"] == "hunter" and v.view["hunter_moved"][p["seat"]]:
                return texts.refuse("rest")
            return texts.refuse("stuck")
        if here and not mine:
            return texts.refuse("rival", seat=here[0]["seat"], names=v.names())
        if v.selected is not None:
            return texts.refuse("not_lit") if v.selected != "camp" else texts.refuse("camp")
        return texts.refuse("pick_piece")

    def cancel(self) -> bool:
        v = self.v
        if v.selected is not None and (len(self.movers()) > 1 or v.selected == "camp"
                                       or self._acts("move_camp")):
            v.selected = None
            v.invalidate()
            return True
        return False

    def clicks_for(self, action: dict):
        v = self.v
        t = action.get("type")
        if t in ("pass",):
            return super().clicks_for(action)
        route = []
        if t == "move_camp":
            if v.selected != "camp":
                route.append(str(("btn", ("camp",))))
            return route + [str(("cell",) + xy(action["to"]))]
        if t not in ("move", "wade"):
            return super().clicks_for(action)
        pid = action["piece"]
        if v.selected != pid:
            if v.selected == "camp":
                route.append(str(("btn", ("back",))))
            route.append(str(("piece", pid)))
        flags = {a["carry"] for a in self._acts("move") + self._acts("wade") if a["piece"] == pid}
        carry_now = v.carry if v.selected == pid else True
        if len(flags) == 2 and carry_now != action["carry"]:
            route.append(str(("btn", ("carry", carry_now))))
        if t == "wade":
            return route + [str(("btn", ("wade", action["carry"])))]
        return route + [str(("cell",) + xy(action["to"]))]


class OverMode(StepMode):
    pass


MODES = {"camp": CampMode, "move": MoveMode, "choose": ChooseMode}
__all__ = ["MODES", "action_key"]
