"""Hamster Burrow's steps, one mode each: the bar's sentence and items (the shared die, then the
buttons), what a click on the sheet says in that step, the thumbnails' tags and the side
panel's line."""
from __future__ import annotations

from ....rules.hamster import explain_pass
from ...board import StepMode
from . import texts


class HamsterMode(StepMode):
    def hamster_buttons(self) -> list:
        """[{"key", "label", "action", "primary"}] for the bar, left to right."""
        return []

    def bar_items(self) -> list:
        """The shared die, then the step's buttons (the kit's bar lays them out and draws them;
        Confirm and Clear look dim while they would do nothing)."""
        v = self.v
        d = int(min(v.bar_rect.h - 2 * v._px(12), v._px(46)))
        items = [{"kind": "die", "w": max(8, d), "value": v._disp_roll}]
        btns = self.hamster_buttons()
        if btns:
            items.append({"kind": "gap", "w": v._px(6)})
        for b in btns:
            enabled = True
            if b["key"] == "confirm":
                enabled = v._matching_action() is not None
            elif b["key"] == "clear":
                enabled = bool(v._sel)
            items.append({"kind": "button", "key": b["key"], "label": b["label"], "action": b.get("action"),
                          "primary": b.get("primary", False), "disabled": not enabled})
        return items

    def refuse_cell(self, cell):
        """Why a click on ``cell`` does nothing in this step (None: the choosing goes on)."""
        return None

    def choosing(self) -> bool:
        """Cells are picked in this step."""
        return False

    def shown_roll(self):
        """The roll the bar's die and the side panel show in this step (None: no die yet)."""
        return self.v.view.get("roll")

    def tag(self, seat, decided: bool) -> str:
        """The tag code of a sheet (``texts.TAGS``), or ""."""
        return ""

    def status(self) -> str:
        return ""


class RollMode(HamsterMode):
    def instruction(self) -> str:
        v = self.v
        return texts.roll_instruction(self.mine, int(v.view.get("players", 1)) == 1,
                                      v._name(v.view.get("current_player")))

    def hamster_buttons(self) -> list:
        act = next((a for a in self.v.legal or [] if a.get("type") == "roll"), None)
        return [] if act is None else [{"key": "roll", "label": texts.button("roll"), "action": act,
                                        "primary": True}]

    def refuse_cell(self, cell):
        return texts.refuse("roll_first")

    def shown_roll(self):
        return None            # a new turn shows no die until someone rolls

    def tag(self, seat, decided: bool) -> str:
        if self.v.view.get("current_player") == seat:
            return "thinking" if self.v._is_computer(seat) else "to_roll"
        return ""

    def status(self) -> str:
        return texts.status_rolling(self.v._name(self.v.view.get("current_player")))


class ChooseMode(HamsterMode):
    def choosing(self) -> bool:
        return True

    def passing(self) -> bool:
        legal = self.v.legal or []
        return len(legal) == 1 and legal[0].get("type") == "pass"

    def instruction(self) -> str:
        v, view = self.v, self.v.view
        cp = view.get("current_player")
        if not self.mine:
            roll = v._disp_roll if not v.animating else None
            return texts.waiting_choice(v._name(cp), v._is_computer(cp), roll)
        if self.passing():
            code, _ = explain_pass(view, v._home_seat())
            return texts.one_row_full() if code == "one_row_full" else texts.no_room(view.get("roll"))
        val = view.get("roll")
        n = len(v._sel)
        if val == 1:
            return texts.cross_ones(n, v._one_row - v._disp_row.get(v._home_seat(), 0))
        return texts.cross_group(val, n)

    def hamster_buttons(self) -> list:
        if not self.v.legal:
            return []
        if self.passing():
            return [{"key": "pass", "label": texts.button("pass"), "action": self.v.legal[0], "primary": True}]
        return [{"key": "clear", "label": texts.button("clear"), "action": None, "primary": False},
                {"key": "confirm", "label": texts.button("confirm"), "action": None, "primary": True}]

    def refuse_cell(self, cell):
        if not self.v._choosing():
            return self.v._why_pass() if self.passing() else None
        return None

    def cancel(self) -> bool:
        had = bool(self.v._sel)
        self.v._sel = []
        return had

    def tag(self, seat, decided: bool) -> str:
        if self.v.view.get("current_player") == seat:
            return "thinking" if self.v._is_computer(seat) else "to_choose"
        return "decided" if decided else "waiting"

    def status(self) -> str:
        return texts.status_choosing(self.v._name(self.v.view.get("current_player")))


class OverMode(HamsterMode):
    def instruction(self) -> str:
        win = self.v.view.get("winners") or []
        if int(self.v.view.get("players", 1)) == 1:
            sheets = self.v.view.get("sheets") or [{}]
            return texts.game_over((sheets[0].get("breakdown") or {}).get("total"))
        if len(win) == 1:
            return texts.winner(self.v._name(win[0]))
        return texts.shared_win() if win else texts.game_over()

    def status(self) -> str:
        win = self.v.view.get("winners") or []
        return texts.status_winners([self.v._name(w) for w in win])


MODES = {"roll": RollMode, "choose": ChooseMode, "over": OverMode}
