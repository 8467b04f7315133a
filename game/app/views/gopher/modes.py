"""Gopher's Pantry steps, one mode each: the bar's sentence and buttons, the board's targets
(holes, hand cards, table takes, present cards) and what a refused click says. Every action
comes from ``legal``; a refusal is read off ``legal`` and the view."""
from __future__ import annotations

from ...board import StepMode, Target
from ...board import bar
from . import texts
from .common import sign_of, value_of


def _of(legal, kind):
    return [a for a in legal or [] if a.get("type") == kind]


class GopherMode(StepMode):
    def acts(self, kind):
        return _of(self.v.legal, kind)

    def one(self, kind):
        got = self.acts(kind)
        return got[0] if got else None

    def cp_name(self) -> str:
        return self.v._name(self.v.view.get("current_player"))

    def button(self, key, action, primary=False):
        return (key, texts.button(key), action, primary)

    def fits(self, text: str) -> bool:
        """Whether ``text`` and the step's buttons fit side by side in the bar."""
        v = self.v
        if v.bar_rect.w <= 0:
            return True
        f = v.assets.font(v._px(bar.BUTTON_PX), True)
        labels = [label for _k, label, _a, _p in self.buttons()]
        need = sum(f.size(lb)[0] + v._px(28) for lb in labels) + v._px(6) * len(labels)
        need += v.assets.font(v._px(bar.LABEL_PX), True).size(text)[0] + v._px(40) + 2 * v._px(10)
        return need <= v.bar_rect.w


class PlaceMode(GopherMode):
    def instruction(self):
        return texts.do("place") if self.mine else texts.do("place_other", name=self.cp_name())

    def board_targets(self):
        return [self.v.hole_target(a["hole"], a) for a in self.acts("place")]

    def refuse_at(self, pos):
        h = self.v.hole_at(pos)
        if h is not None and h in self.v.occupied():
            return texts.refuse("taken", hole=h)
        return None


class RollMode(GopherMode):
    def instruction(self):
        if not self.mine:
            return texts.do("roll_other", name=self.cp_name())
        return texts.do("roll_dig" if self.one("dig") else "roll")

    def buttons(self):
        out = []
        if self.one("roll"):
            out.append(self.button("roll", self.one("roll"), True))
        if self.one("dig"):
            out.append(self.button("dig", self.one("dig")))
        return out

    def refuse_at(self, pos):
        return texts.refuse("wait") if self.v.hole_at(pos) is not None else None


class MoveMode(GopherMode):
    def instruction(self):
        n = int(self.v.view.get("roll") or 0)
        if self.mine and self.v.selected is not None:
            return texts.do("way", hole=self.v.selected)
        if not self.mine:
            return texts.do("move_other", name=self.cp_name(), count=n)
        return texts.do("move" if self.acts("move") else "move_none", count=n)

    def groups(self) -> dict:
        """End hole -> its move actions (with baskets one per set of seats leapfrogged)."""
        out: dict = {}
        for a in self.acts("move"):
            out.setdefault(a["to"], []).append(a)
        return out

    def on_sync(self):
        if self.v.selected is not None and len(self.groups().get(self.v.selected, [])) < 2:
            self.v.selected = None

    def buttons(self):
        out = []
        sel = self.v.selected
        if sel is not None:
            for i, a in enumerate(self.groups().get(sel, [])):
                others = ", ".join(self.v._name(j) for j in a.get("jumped") or [])
                label = texts.tr("gopher.btn.leap", others=others) if others else texts.tr("gopher.btn.no_leap")
                if len(label) > 28:
                    label = label[:27] + "…"
                out.append((f"way{i}", label, a, i == 0))
        if self.one("stay"):
            out.append(self.button("stay", self.one("stay"), True))
        if self.one("dig"):
            out.append(self.button("dig", self.one("dig")))
        return out

    def board_targets(self):
        return [self.v.hole_target(h, acts[0] if len(acts) == 1 else None)
                for h, acts in sorted(self.groups().items())]

    def select(self, t):
        h = t.key[1]
        self.v.selected = None if self.v.selected == h else h
        self.v.invalidate()
        return None

    def cancel(self):
        if self.v.selected is not None:
            self.v.selected = None
            self.v.invalidate()
            return True
        return False

    def clicks_for(self, action):
        if action.get("type") == "move":
            acts = self.groups().get(action["to"], [])
            if len(acts) > 1:
                from ....rules.base import action_key
                i = [action_key(a) for a in acts].index(action_key(action))
                first = [] if self.v.selected == action["to"] else [str(("hole", action["to"]))]
                return first + [str(("btn", f"way{i}"))]
        return super().clicks_for(action)

    def refuse_at(self, pos):
        h = self.v.hole_at(pos)
        if h is None:
            return None
        return texts.refuse("far", hole=h, count=int(self.v.view.get("roll") or 0))


class CollectMode(GopherMode):
    """Hand cards: a click adds the card (face up); the − tab under it subtracts it."""

    def sign(self):
        v = self.v.view
        c = v.get("collector")
        seat = c if c is not None else v.get("current_player")
        return sign_of(v["page"], v["seats"][seat]["token"])

    def total(self) -> int:
        v = self.v.view
        return sum(map(value_of, v.get("picks_add") or [])) - sum(map(value_of, v.get("picks_sub") or []))

    def instruction(self):
        what, amount = self.sign()
        if not self.mine:
            return texts.do("collect_other", name=self.cp_name(), what=texts.sign(what, amount))
        if not (self.one("add") or self.one("subtract") or self.one("collect")):
            # the step opens whatever the hand can pay (the others must not learn it)
            text = texts.do("collect_none", what=texts.sign(what, amount))
            if self.fits(text):
                return text
        text = texts.do("collect", what=texts.sign(what, amount), total=self.total())
        if self.fits(text):
            return text
        short = texts.do("collect_short", what=texts.sign(what, amount))   # the strip shows the total
        return short if self.fits(short) else ""

    def buttons(self):
        a = self.one("collect")
        out = [self.button("collect", a, a is not None)]      # shown (plain) until the cards fit
        if self.one("pass"):
            out.append(self.button("pass", self.one("pass")))
        return out

    def board_targets(self):
        add = {a["card"]: a for a in self.acts("add")}
        sub = {a["card"]: a for a in self.acts("subtract")}
        out = []
        for i, (code, rect) in enumerate(self.v.hand_slots()):
            if code in add:
                out.append(Target("card", ("card", i), rect=rect, action=add[code], label=texts.card(code)))
                if code in sub:
                    out.append(Target("minus", ("minus", i), rect=self.v.minus_rect(rect), action=sub[code],
                                      label="−" + texts.card(code)))
            elif code in sub:
                out.append(Target("card", ("card", i), rect=rect, action=sub[code], label="−" + texts.card(code)))
        return out

    def refuse_at(self, pos):
        what, amount = self.sign()
        for code, rect in self.v.hand_slots():
            if rect.collidepoint(pos):
                return texts.refuse("card", what=texts.sign(what, amount))
        for it in self.v.bar_items():
            if it.get("key") == ("btn", "collect") and it["rect"].collidepoint(pos):
                return texts.refuse("collect", total=self.total(), amount=amount)
        return None


class TakeMode(CollectMode):
    """Beginner: one chip per way to take cards from the table."""

    def instruction(self):
        what, amount = self.sign()
        if not self.mine:
            return texts.do("take_other", name=self.cp_name())
        return texts.do("take", what=texts.sign(what, amount))

    def buttons(self):
        a = self.one("pass")
        return [("take_nothing", texts.button("take_nothing"), a, False)] if a else []

    def pages(self):
        return self.v.take_pages(self.acts("take"))

    def board_targets(self):
        pages = self.pages()
        n = self.v.take_page % len(pages)
        out = [Target("take", ("take", i), rect=rect, action=a, label=label) for i, a, rect, label in pages[n]]
        if len(pages) > 1:
            out.append(Target("more", ("more",), rect=self.v.more_rect(), label=f"{n + 1}/{len(pages)} ›"))
        return out

    def select(self, t):
        if t.kind == "more":
            self.v.take_page += 1
            self.v.invalidate()
            if self.v.focus.keyboard:
                self.v.focus.focus = ("more",)
        return None

    def clicks_for(self, action):
        if action.get("type") != "take":
            return super().clicks_for(action)
        from ....rules.base import action_key
        want = action_key(action)
        pages = self.pages()
        n = self.v.take_page % len(pages)
        for k in range(len(pages)):
            for i, a, _rect, _label in pages[(n + k) % len(pages)]:
                if action_key(a) == want:
                    return [str(("more",))] * k + [str(("take", i))]
        return None

    def refuse_at(self, pos):
        return None


class PresentMode(GopherMode):
    def instruction(self):
        return texts.do("present") if self.mine else texts.do("present_other", name=self.cp_name())

    def board_targets(self):
        keep = {a["card"]: a for a in self.acts("keep")}
        return [Target("card", ("keep", i), rect=rect, action=keep[code], label=texts.card(code))
                for i, (code, rect) in enumerate(self.v.present_slots()) if code in keep]


class CollectOrTake(GopherMode):
    """The collect step: cards from the hand, or (beginner) takes from the table."""

    def __new__(cls, view):
        return (TakeMode if (view.view or {}).get("variant") == "beginner" else CollectMode)(view)


MODES = {"place": PlaceMode, "roll": RollMode, "move": MoveMode, "collect": CollectOrTake,
         "present": PresentMode}
