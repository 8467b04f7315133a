"""Ants & Grasshopper's steps, one mode each: the bar's sentence and buttons, the lit cards,
supply and ability cards, what a refused click says (worded from ``legal`` and the view), and
the dialogs of buying and swapping.

place       lit cards next to an end of the trail; a card that closes a ring also joins the
            first ant, through a bar button
choose      the four discs in the bar (kinds with no ant under them are shown disabled)
red_choose  the four discs, any kind
guess       lit cards with an ant
take        the lit cards with the same insect, and a bar button per card
ability     the ability cards that may be taken (and a bar button each), or "No, thanks"
buy         the lit supply cards open the payment dialog; "Buy nothing"
swap        "Choose a swap" opens the dialog of swaps; "Keep it"
"""
from __future__ import annotations

from ....rules.base import action_key
from ...board import StepMode, Target
from . import texts
from .common import _cell_index


class AntsMode(StepMode):
    MARKS_ENDS = False          # ring the two ends of the trail (where the next ant may join)
    def acts(self, *types) -> list:
        return [a for a in self.v.legal or [] if a.get("type") in types]

    # ---- the bar ---------------------------------------------------------------------------
    def instruction(self) -> str:
        v = self.v
        if v.animating:
            return ""
        if self.mine:
            return self.sentence()
        view = v.view or {}
        return texts.waiting(view.get("step"), v._name(view.get("current_player")),
                             count=len(view.get("chain") or []), total=v.data.scoring.get("ants", 6))

    def sentence(self) -> str:
        return ""

    def bar_items(self) -> list:
        if not self.mine or self.v.animating:
            return []
        return self.items()

    def items(self) -> list:
        """The bar's buttons as kit items ({key, label, action, primary, icon, disabled, why})."""
        return []

    def item(self, key, label, action, primary=False, icon=None, disabled=False, why="") -> dict:
        return {"kind": "button", "key": key, "label": label, "action": action, "primary": primary,
                "icon": icon, "disabled": disabled, "why": why, "shrink": True}

    # ---- targets ---------------------------------------------------------------------------
    def targets(self) -> list:
        v = self.v
        if v.dialog is not None:
            return []
        from ...board import bar
        out = []
        for it in bar.layout(v, self.bar_items(), self.instruction(), None):
            if it.get("kind") == "button" and it.get("key") is not None:
                out.append(Target("button", it["key"], rect=it["rect"], action=it.get("action"),
                                  label=it.get("label", ""), enabled=not it.get("disabled"),
                                  tooltip=it.get("why", ""), bar=True))
        return out + self.board_targets()

    def lit(self) -> dict:
        """{cell index: action} of the lit cards."""
        return {}

    def board_targets(self) -> list:
        return [self.v.cell_target(i, a) for i, a in sorted(self.lit().items())]

    # ---- refusals ------------------------------------------------------------------------------
    def refuse_at(self, pos):
        v = self.v
        i = v.cell_at(pos)
        if i is not None:
            return self.why_cell(i)
        if v.supply_at(pos) is not None:
            return self.why_supply(v.supply_at(pos))
        if v.ability_at(pos) is not None:
            return self.why_ability(v.ability_at(pos))
        return None

    def why_cell(self, i: int) -> str:
        return texts.refuse("nothing_on_grid")

    def why_supply(self, j: int):
        return None

    def why_ability(self, aid):
        return None


class PlaceMode(AntsMode):
    MARKS_ENDS = True
    def sentence(self) -> str:
        view = self.v.view
        n = len(view.get("chain") or []) + 1
        if n == 1:
            edge = (view.get("options") or {}).get("first_ant") == "edge"
            return texts.doing("first_edge" if edge else "first_any")
        return texts.doing("place", number=n, total=self.v.data.scoring.get("ants", 6))

    def lit(self) -> dict:
        # a card next to both ends closes a ring: a click joins the last ant, a bar button the first
        return {_cell_index(a["cell"]): a for a in self.acts("place") if a.get("end") != "head"}

    def items(self) -> list:
        out = []
        for a in self.acts("place"):
            if a.get("end") == "head":
                x, y = a["cell"]
                out.append(self.item(f"ring_{x},{y}", texts.button("ring", row=y + 1, column=x + 1), a))
        return out

    def why_cell(self, i: int) -> str:
        view = self.v.view
        chain = [_cell_index(c) for c in view.get("chain") or []]
        if i in chain:
            return texts.refuse("occupied")
        if not chain and (view.get("options") or {}).get("first_ant") == "edge":
            return texts.refuse("first_edge")
        return texts.refuse("next_to_end")


class ChooseMode(AntsMode):
    """The ant's secret disc: only kinds with an ant under them (the others show disabled)."""

    def sentence(self) -> str:
        return texts.doing("choose")

    HID_KEY = "hid_done"

    def hot_seat(self) -> bool:
        """Two or more people share the screen: a pick is shown back ("You hid Tiles") and may be
        changed before it is made, i.e. before the curtain comes up for the next person. The
        pick stays in this screen only: nothing is played, saved or logged until Done."""
        return sum(1 for s in self.v.seats or [] if s.get("kind") == "human") >= 2

    def hidden(self):
        """The kind picked so far in hot seat (not played yet), or None."""
        sel = self.v.selected
        allowed = {a.get("kind") for a in self.acts("choose", "red_choose")}
        if isinstance(sel, tuple) and len(sel) == 2 and sel[0] == "hid" and sel[1] in allowed:
            return sel[1]
        return None

    def sentence(self) -> str:
        k = self.hidden()
        if k is not None:
            return texts.doing("hid", kind=texts.kind(k))
        return self.first_sentence()

    def first_sentence(self) -> str:
        return texts.doing("choose")

    def items(self) -> list:
        v = self.v
        allowed = {a.get("kind"): a for a in self.acts("choose", "red_choose")}
        size = v._px(26)
        hot = self.hot_seat()
        hid = self.hidden()
        out = [self.item(f"disc_{k}", texts.kind(k), None if hot else allowed.get(k),
                         primary=(k == hid) if hid is not None else k in allowed,
                         icon=v._symbol(k, size), disabled=k not in allowed,
                         why=texts.refuse("disc_not_under"))
               for k in v.data.kinds]
        if hid is not None:
            out.append(self.item(self.HID_KEY, texts.button("hid_done"), allowed[hid], primary=True))
        return out

    def select(self, target):
        key = str(target.key)
        if self.hot_seat() and key.startswith("disc_"):
            self.v.selected = ("hid", key[len("disc_"):])
            self.v.invalidate()
            self.v.focus.focus = self.HID_KEY if self.v.focus.keyboard else self.v.focus.focus
        return None

    def cancel(self) -> bool:
        if self.hidden() is None:
            return False
        self.v.selected = None
        self.v.invalidate()
        return True

    def clicks_for(self, action: dict):
        if not self.hot_seat():
            return super().clicks_for(action)
        k = action.get("kind")
        if k not in {a.get("kind") for a in self.acts("choose", "red_choose")}:
            return None
        if self.hidden() == k:
            return [self.HID_KEY]
        return [f"disc_{k}", self.HID_KEY]

    def why_cell(self, i: int) -> str:
        return texts.refuse("pick_disc")


class RedChooseMode(ChooseMode):
    def first_sentence(self) -> str:
        return texts.doing("red_choose")


class GuessMode(AntsMode):
    def sentence(self) -> str:
        peek = self.v.view.get("peek")
        if peek:
            return texts.doing("guess_peek", kind=texts.kind(peek))
        return texts.doing("guess")

    def lit(self) -> dict:
        return {_cell_index(a["cell"]): a for a in self.acts("guess")}

    def why_cell(self, i: int) -> str:
        return texts.refuse("guess")


class TakeMode(AntsMode):
    def sentence(self) -> str:
        pend = self.v.view.get("pending") or []
        ins = self.v.data.card_insect.get(pend[0]) if pend else None
        return texts.doing("take", insect=texts.insect(ins))

    def lit(self) -> dict:
        grid = self.v.view.get("grid") or []
        return {grid.index(a["card"]): a for a in self.acts("take") if a.get("card") in grid}

    def items(self) -> list:
        v = self.v
        return [self.item(f"take_{a.get('card')}", texts.kind(v._kind_of_card(a.get("card"))), a, True,
                          icon=v._card(a.get("card"), v._px(28)))
                for a in self.acts("take")]

    def why_cell(self, i: int) -> str:
        return texts.refuse("take")


class AbilityMode(AntsMode):
    def sentence(self) -> str:
        return texts.doing("ability")

    def _ability(self, a):
        d = self.v.data
        return d.ability_of_insect.get(d.card_insect.get(a.get("card")))

    def items(self) -> list:
        v = self.v
        out = []
        for a in self.acts("take_ability"):
            ins = v.data.card_insect.get(a.get("card"))
            out.append(self.item(f"ab_{a.get('card')}", texts.button("take_ability",
                                                                     ability=texts.ability(self._ability(a))),
                                 a, True, icon=v._insect(ins, v._px(26))))
        for a in self.acts("skip_ability"):
            out.append(self.item("skip", texts.button("no_thanks"), a))
        return out

    def board_targets(self) -> list:
        v = self.v
        by_ability = {}
        for a in self.acts("take_ability"):
            by_ability.setdefault(self._ability(a), a)
        return [Target("ability", str(aid), rect=r, action=by_ability[aid])
                for aid, r in v._ability_rects if aid in by_ability]

    def why_ability(self, aid):
        return texts.refuse("ability")

    def why_cell(self, i: int) -> str:
        return texts.refuse("ability_step")


class BuyMode(AntsMode):
    def sentence(self) -> str:
        return texts.doing("buy")

    def items(self) -> list:
        return [self.item("skip", texts.button("buy_nothing"), a) for a in self.acts("skip_buy")]

    def board_targets(self) -> list:
        v = self.v
        buyable = {a.get("card") for a in self.acts("buy")}
        disp = v.view.get("display") or []
        return [Target("supply", str(disp[j]), rect=r, value=disp[j])
                for j, r in enumerate(v._display_rects) if j < len(disp) and disp[j] in buyable]

    def select(self, t: Target):
        if t.kind == "supply":
            self.v.open_dialog("buy", t.value)
        return None

    def why_cell(self, i: int) -> str:
        return texts.refuse("buy")

    def why_supply(self, j: int):
        disp = self.v.view.get("display") or []
        if j >= len(disp) or disp[j] is None:
            return texts.refuse("empty_place")
        return texts.refuse("cannot_pay")

    def clicks_for(self, action: dict):
        if action.get("type") != "buy":
            return super().clicks_for(action)
        rows = [a for a in self.acts("buy") if a.get("card") == action.get("card")]
        want = action_key(action)
        row = next((j for j, a in enumerate(rows) if action_key(a) == want), None)
        return None if row is None else [str(action["card"]), f"row {row}"]


class SwapMode(AntsMode):
    def sentence(self) -> str:
        return texts.doing("swap")

    def items(self) -> list:
        out = []
        if self.acts("supply_swap"):
            out.append(self.item("swapdlg", texts.button("choose_swap"), None, True))
        for a in self.acts("skip_swap"):
            out.append(self.item("skip", texts.button("keep"), a))
        return out

    def select(self, t: Target):
        if t.key == "swapdlg":
            self.v.open_dialog("swap")
        return None

    def why_cell(self, i: int) -> str:
        return texts.refuse("swap")

    def clicks_for(self, action: dict):
        if action.get("type") != "supply_swap":
            return super().clicks_for(action)
        want = action_key(action)
        row = next((j for j, a in enumerate(self.acts("supply_swap")) if action_key(a) == want), None)
        return None if row is None else ["swapdlg", f"row {row}"]


MODES = {"place": PlaceMode, "choose": ChooseMode, "red_choose": RedChooseMode, "guess": GuessMode,
         "take": TakeMode, "ability": AbilityMode, "buy": BuyMode, "swap": SwapMode}
