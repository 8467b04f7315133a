"""Hamster Burrow's steps, one mode each: the bar's sentence and buttons, what a click on the
sheet says in that step, the thumbnails' tags and the side panel's line."""
from __future__ import annotations

from ...board import StepMode


class HamsterMode(StepMode):
    def hamster_buttons(self) -> list:
        """[{"key", "label", "action", "primary", "big"}] for the bar, left to right."""
        return []

    def refuse_cell(self, cell):
        """Why a click on ``cell`` does nothing in this step (None: the choosing goes on)."""
        return None

    def tag(self, seat, decided: bool) -> str:
        return ""

    def status(self) -> str:
        return ""


class RollMode(HamsterMode):
    def instruction(self) -> str:
        v = self.v
        if self.mine:
            if int(v.view.get("players", 1)) == 1:
                return "Roll the die"
            return "Roll the die: everyone uses the number"
        return f"{v._name(v.view.get('current_player'))} rolls the die"

    def hamster_buttons(self) -> list:
        act = next((a for a in self.v.legal or [] if a.get("type") == "roll"), None)
        return [] if act is None else [{"key": "roll", "label": "Roll the die", "action": act, "primary": True,
                                        "big": True}]

    def refuse_cell(self, cell):
        return "Roll the die first (the button below the burrow)."

    def tag(self, seat, decided: bool) -> str:
        if self.v.view.get("current_player") == seat:
            return "thinking…" if self.v._is_computer(seat) else "to roll"
        return ""

    def status(self) -> str:
        return f"Rolling: {self.v._name(self.v.view.get('current_player'))}"


class ChooseMode(HamsterMode):
    def passing(self) -> bool:
        legal = self.v.legal or []
        return len(legal) == 1 and legal[0].get("type") == "pass"

    def instruction(self) -> str:
        v, view = self.v, self.v.view
        cp = view.get("current_player")
        if not self.mine:
            roll = v._disp_roll if not v.animating else None
            who = "thinks" if v._is_computer(cp) else "chooses"
            return f"{v._name(cp)} {who} where to cross" + (f" the {roll}" if roll else "")
        if self.passing():
            if view.get("roll") == 1 and v._disp_row.get(v._home_seat(), 0) >= v._one_row:
                return "Your 1-row is full: a 1 crosses nothing now"
            return f"No room for the {view.get('roll')} in your burrow: pass"
        val = view.get("roll")
        n = len(v._sel)
        if val == 1:
            free = v._one_row - v._disp_row.get(v._home_seat(), 0)
            if n:
                return f"1: crossing {n} uses {n} of your {free} free 1-row slot" + ("s" if free != 1 else "")
            return f"1: cross 1 to {min(7, free)} cells, one 1-row slot each"
        if n:
            return f"Cross {val} joined cells in one chamber ({n} of {val})"
        return f"Cross {val} joined cells in one chamber"

    def hamster_buttons(self) -> list:
        if not self.v.legal:
            return []
        if self.passing():
            return [{"key": "pass", "label": "Pass", "action": self.v.legal[0], "primary": True}]
        return [{"key": "clear", "label": "Clear", "action": None, "primary": False},
                {"key": "confirm", "label": "Confirm", "action": None, "primary": True}]

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
            return "thinking…" if self.v._is_computer(seat) else "to choose"
        return "decided" if decided else "waiting"

    def status(self) -> str:
        return f"Choosing: {self.v._name(self.v.view.get('current_player'))}"


class OverMode(HamsterMode):
    def instruction(self) -> str:
        win = self.v.view.get("winners") or []
        if int(self.v.view.get("players", 1)) == 1:
            sheets = self.v.view.get("sheets") or [{}]
            total = (sheets[0].get("breakdown") or {}).get("total")
            return f"Game over: {total} points" if total is not None else "Game over"
        if len(win) == 1:
            return f"{self.v._name(win[0])} wins!"
        return "A shared win!" if win else "Game over"

    def status(self) -> str:
        win = self.v.view.get("winners") or []
        return "Winner: " + ", ".join(self.v._name(w) for w in win) if win else "Game over"


MODES = {"roll": RollMode, "choose": ChooseMode, "over": OverMode}
