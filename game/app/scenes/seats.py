"""Seats & options: how many players, who is human or computer, colours, names, game options."""
from __future__ import annotations

import random  # noqa: F401 - the set-up tests seed the deal through seats.random

import pygame

from ...ai import DEFAULT_LEVEL, LEVELS
from ...rules import GAMES
from .. import coach, launch, ui
from ..store import setups
from ...i18n import tr
from ..words.names import (choice_label, colour_name, follow_language, game_title, level_about, level_name,
                    option_label, variant_label, variants_heading)
from .base import Scene

KINDS = ("human", "computer")
LEGEND_STEP = 20          # pixels (at scale 1) from one level's line to the next


def kind_label(kind: str) -> str:
    if kind == "remote":                  # a person at another computer (a table online)
        return tr("seat.remote")
    return tr("seat.human") if kind == "human" else tr("seat.computer")


def default_name(index: int, kind: str) -> str:
    return tr("seat.computer_n" if kind == "computer" else "seat.player_n", number=index + 1)


def parse_text_option(text: str, default):
    """Turn what was typed into the type of the option's default; ValueError if it does not fit."""
    text = text.strip()
    if isinstance(default, list):
        parts = [p for p in text.replace(",", " ").split() if p]
        if default and all(isinstance(v, int) for v in default):
            if len(parts) != len(default) or not all(p.lstrip("-").isdigit() for p in parts):
                raise ValueError(("setup.whole_numbers", len(default)))
            return [int(p) for p in parts]
        return parts
    if isinstance(default, bool):
        return text.lower() in ("1", "yes", "true", "on")
    try:
        if isinstance(default, int):
            return int(text)
        if isinstance(default, float):
            return float(text)
    except ValueError:
        raise ValueError(("setup.not_a_number", 0)) from None
    return text


def text_of_default(value) -> str:
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return "" if value is None else str(value)


class SeatsScene(Scene):
    name = "seats"
    kinds = KINDS                 # who may play a seat (a table online adds "remote")
    title_key = "setup.title"
    start_key = "setup.start"
    offer_guide = True            # a guided first game where the game has a guide

    def __init__(self, app, game_id: str, seats: list[dict] | None = None):
        super().__init__(app)
        self.info = GAMES[game_id]
        self.game_id = game_id
        self.levels = list(LEVELS)
        n = min(self.info.max_players, max(self.info.min_players, 2 if self.info.max_players >= 2 else 1))
        self.seats: list[dict] = []
        if seats:
            self.seats = [dict(s) for s in seats]
        else:
            for i in range(self.info.max_players):
                self.seats.append(self._new_seat(i, "human" if i == 0 else "computer"))
        self.count = len(seats) if seats else max(n, min(3, self.info.max_players))
        self.variant = self.info.default_variant()
        self.options = self.info.default_options()
        self.option_text = {o["id"]: text_of_default(o.get("default")) for o in self.info.options
                            if o.get("text")}
        self.message = ""
        self.about_level = DEFAULT_LEVEL     # the level whose one-line description shows
        self.row_swatches: list[tuple[pygame.Rect, int]] = []
        self.profiles, problems = setups.load_profiles()
        if not seats:   # the last table of this game, as it was left
            problems = " ".join(filter(None, [problems, setups.restore_into(self)]))
        self.table_note = problems or ""     # about saved players and set-ups, under the seats
        follow_language(self.seats)          # default names kept in another language: this one's

    def on_language(self, lang: str) -> None:
        """Default seat names follow the language (a name the player typed stays)."""
        follow_language(self.seats)
        super().on_language(lang)

    def _new_seat(self, i: int, kind: str) -> dict:
        used = {s["colour"] for s in self.seats}
        col = next((c for c in range(len(ui.seat_palette())) if c not in used), i)
        return {"name": default_name(i, kind), "colour": col, "kind": kind, "level": DEFAULT_LEVEL}

    # ---- model changes ----------------------------------------------------------------------
    def set_count(self, n: int) -> None:
        n = max(self.info.min_players, min(self.info.max_players, n))
        while len(self.seats) < n:
            self.seats.append(self._new_seat(len(self.seats), "computer"))
        self.count = n
        self.rebuild()

    def set_kind(self, i: int, kind: str) -> None:
        seat = self.seats[i]
        if seat["name"] in (default_name(i, "human"), default_name(i, "computer"), ""):
            seat["name"] = default_name(i, kind)
        seat["kind"] = kind
        self.rebuild()

    def set_level(self, i: int, level: str) -> None:
        self.seats[i]["level"] = level
        self.about_level = level
        self.rebuild()

    def set_colour(self, i: int, c: int) -> None:
        for j, other in enumerate(self.seats[:self.count]):
            if j != i and other["colour"] == c:
                other["colour"] = self.seats[i]["colour"]   # swap: colours stay unique
        self.seats[i]["colour"] = c
        self.rebuild()

    def set_name(self, i: int, text: str) -> None:
        self.seats[i]["name"] = text

    def take_profile(self, i: int) -> None:
        """The seat's profile button: the next saved player (name and colour) for seat ``i``."""
        p = setups.next_profile(self.profiles, self.seats[:self.count], i)
        if p is None:
            self.table_note = tr("table.profiles_in_use" if self.profiles else "table.no_profiles")
            self.rebuild()                   # the level lines make room for the note
            return
        self.seats[i]["name"] = p["name"]
        self.seats[i]["kind"] = "human"      # a saved player is a person at the table
        self.set_colour(i, p["colour"])

    def set_option(self, oid: str, value) -> None:
        self.options[oid] = value
        self.rebuild()

    def set_variant(self, vid) -> None:
        self.variant = vid
        self.rebuild()

    # ---- widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        m = self.px(32)
        pal = ui.seat_palette()
        col_names = [colour_name(p) for p in pal]
        top = self.px(112)
        right_w = max(self.px(330), int(w * 0.30))
        left_w = w - 2 * m - right_w - self.px(32)
        rh = self.px(42)
        rgap = self.px(14)
        # players count
        counts = list(range(self.info.min_players, self.info.max_players + 1))
        labels = [tr("setup.count", count=n) for n in counts]
        self.count_label_y = top
        self.dropdown((m + self.px(150), top, self.px(170), rh), labels, labels[counts.index(self.count)],
                      lambda t: self.set_count(counts[labels.index(t)]), key="count")
        # seat rows
        y0 = top + rh + self.px(46)
        sw = self.px(42)
        name_w = int(left_w * 0.31)
        kind_w = int(left_w * 0.20)
        level_w = int(left_w * 0.20)
        col_w = left_w - sw - name_w - kind_w - level_w - 4 * self.px(10)
        self.col_x = []
        self.row_swatches = []
        self.header_y = y0 - self.px(30)
        for i in range(self.count):
            seat = self.seats[i]
            y = y0 + i * (rh + rgap)
            x = m
            self.row_swatches.append((pygame.Rect(x, y, sw, rh), seat["colour"]))
            x += sw + self.px(10)
            self.col_x = [x]
            pb = self.px(34)
            self.entry((x, y, name_w - pb - self.px(4), rh), seat["name"],
                       lambda t, i=i: self.set_name(i, t), key=f"name{i}", max_length=20)
            self.button((x + name_w - pb, y, pb, rh), "\u2026",     # "…": the saved players
                        lambda i=i: self.take_profile(i), key=f"profile{i}", tooltip=tr("table.profile_tip"))
            x += name_w + self.px(10)
            self.col_x.append(x)
            kinds = [kind_label(k) for k in self.kinds]
            self.dropdown((x, y, kind_w, rh), kinds, kind_label(seat["kind"]),
                          lambda t, i=i, kinds=kinds: self.set_kind(i, self.kinds[kinds.index(t)]),
                          key=f"kind{i}")
            x += kind_w + self.px(10)
            self.col_x.append(x)
            lv = [level_name(v) for v in self.levels]
            cur = level_name(seat["level"]) if seat["level"] in self.levels else lv[-1]
            self.dropdown((x, y, level_w, rh), lv, cur,
                          lambda t, i=i, lv=lv: self.set_level(i, self.levels[lv.index(t)]),
                          key=f"level{i}", enabled=seat["kind"] == "computer")
            x += level_w + self.px(10)
            self.col_x.append(x)
            self.dropdown((x, y, col_w, rh), col_names, col_names[seat["colour"] % len(pal)],
                          lambda t, i=i: self.set_colour(i, col_names.index(t)), key=f"colour{i}")
        self.rows_bottom = y0 + self.count * (rh + rgap) - rgap
        # options column
        ox = w - m - right_w
        oy = top
        self.options_x = ox
        self.option_labels = []
        if self.info.variants:
            vlabels = [variant_label(self.info, v) for v in self.info.variants]
            vids = [v["id"] for v in self.info.variants]
            cur = vlabels[vids.index(self.variant)] if self.variant in vids else vlabels[0]
            self.option_labels.append((variants_heading(self.info), oy))
            self.dropdown((ox, oy + self.px(26), right_w, rh), vlabels, cur,
                          lambda t: self.set_variant(vids[vlabels.index(t)]), key="variant")
            oy += rh + self.px(40)
        for opt in self.info.options:
            oid = opt["id"]
            if not self.info.option_applies(opt, self.variant, self.options, self.count):
                continue   # only meaningful with another value (e.g. chosen rotations, one mode)
            self.option_labels.append((option_label(self.info, opt), oy))
            if opt.get("text"):
                self.entry((ox, oy + self.px(26), right_w, rh), self.option_text.get(oid, ""),
                           lambda t, oid=oid: self.option_text.__setitem__(oid, t), key=f"opt_{oid}",
                           max_length=40)
            else:
                choices = opt.get("choices") or []
                if not choices:
                    continue
                clabels = [choice_label(self.info, opt, c) for c in choices]
                cids = [c["id"] for c in choices]
                value = self.options.get(oid, opt.get("default"))
                cur = clabels[cids.index(value)] if value in cids else clabels[0]
                self.dropdown((ox, oy + self.px(26), right_w, rh), clabels, cur,
                              lambda t, oid=oid, cl=clabels, ci=cids: self.set_option(oid, ci[cl.index(t)]),
                              key=f"opt_{oid}")
            oy += rh + self.px(40)
        # one line per computer level on how it plays, then a note about saved players and set-ups
        room_end = h - self.px(116) - (self.px(44) if self.table_note else 0)
        self.legend = self.legend_layout(self.rows_bottom + self.px(8), room_end)
        below = self.legend[-1][1] + self.px(LEGEND_STEP) if self.legend else self.rows_bottom
        self.legend_width = ox - self.px(16) - 2 * m
        self.note_rect = pygame.Rect(m, below + self.px(12), left_w, 0)
        self.options_bottom = oy - self.px(40) + self.px(26) + self.px(16) if self.option_labels else 0
        # bottom buttons
        bw, bh = self.px(200), self.px(52)
        by = h - bh - self.px(26)
        self.button((m, by, bw, bh), tr("common.back"), self.on_back, key="back")
        self.button((m + bw + self.px(16), by, self.px(240), bh), tr("quickref.button"),
                    lambda: self.app.open("quickref", self.game_id), key="quickref")
        self.button((w - m - bw - self.px(40), by, bw + self.px(40), bh), tr(self.start_key), self.start,
                    primary=True, key="start")
        if self.offer_guide and coach.has_guide(self.game_id):     # a first game with a guide
            gx = m + bw + self.px(272)
            self.button((gx, by, min(self.px(240), w - m - bw - self.px(56) - gx), bh),
                        tr("coach.button"), self.start_guided, key="guided",
                        tooltip=tr("coach.button_tip"))

    def on_show(self) -> None:
        self.focus.focus_key("start")

    def legend_layout(self, top: int, bottom: int) -> list[tuple[str, int]]:
        """(level, y) of the one-line descriptions under the seats: every level where there is
        room, else the levels the computer seats play (and the one chosen last), else none."""
        if not any(s["kind"] == "computer" for s in self.seats[:self.count]):
            return []
        step = self.px(LEGEND_STEP)
        room = max(0, (bottom - top) // step)
        levels = list(self.levels)
        if len(levels) > room:
            used = {s["level"] for s in self.seats[:self.count] if s["kind"] == "computer"}
            used.add(self.about_level)
            levels = [lv for lv in self.levels if lv in used]
        if len(levels) > room:
            levels = [self.about_level] if room else []
        return [(lv, top + i * step) for i, lv in enumerate(levels)]

    # ---- start ----------------------------------------------------------------------------------------
    def collect_options(self) -> dict:
        opts = dict(self.options)
        for opt in self.info.options:
            if not self.info.option_applies(opt, self.variant, self.options, self.count):
                # not offered (it does nothing here): the default stands, as the rules refuse
                # a value that does nothing in the chosen rule set
                opts[opt["id"]] = opt.get("default")
                continue
            if opt.get("text"):
                oid = opt["id"]
                try:
                    opts[oid] = parse_text_option(self.option_text.get(oid, ""), opt.get("default"))
                except ValueError as exc:
                    key, count = exc.args[0] if exc.args and isinstance(exc.args[0], tuple) \
                        else ("setup.not_a_number", 0)
                    raise ValueError(tr(key, option=option_label(self.info, opt), count=count)) \
                        from None
        return opts

    def table_seats(self) -> list[dict]:
        """The seats as chosen (names tidied, an empty one named after its place)."""
        seats = []
        for i, s in enumerate(self.seats[:self.count]):
            name = " ".join(str(s["name"]).split()) or default_name(i, s["kind"])
            seats.append({"name": name, "colour": s["colour"], "kind": s["kind"], "level": s["level"]})
        return seats

    def start(self) -> None:
        seats = self.table_seats()
        try:
            options = self.collect_options()
        except ValueError as exc:
            self.message = tr("setup.cannot_start", reason=exc)
            return
        problems = [setups.save_setup(self.game_id, seats, self.count, self.variant, self.options,
                                     self.option_text),
                    setups.add_profiles([s for i, s in enumerate(seats) if s["kind"] == "human"
                                        and s["name"] != default_name(i, "human")])]
        for problem in filter(None, problems):
            if problem not in self.app.notices:
                self.app.notices.append(problem)
        self.app.launch(lambda: launch.new(self.game_id, seats, variant=self.variant, options=options))

    def start_guided(self) -> None:
        """The guided first game: its own seeded table (data/coach/<game>.yaml)."""
        self.app.launch(lambda: coach.new_session(self.game_id))

    def notify(self, text: str) -> None:
        self.message = text

    # ---- drawing ---------------------------------------------------------------------------------------
    def on_draw(self, surface) -> None:
        ui.draw_background(surface, strata=False)
        w, h = self.size
        m = self.px(32)
        ui.draw_text(surface, tr(self.title_key, game=game_title(self.info)), ui.font(self.px(40), True),
                     ui.colour("accent"), (m, self.px(26)), max_width=w - 2 * m)
        f = ui.font(self.px(17), True)
        ui.draw_text(surface, tr("setup.players"), f, ui.colour("text"), (m, self.count_label_y + self.px(21)),
                     "midleft", max_width=self.px(144))
        small = ui.font(self.px(14), True)
        heads = [tr("setup.head.name"), tr("setup.head.kind"), tr("setup.head.level"),
                 tr("setup.head.colour")]
        ends = self.col_x[1:] + [self.options_x - self.px(32)]
        for x, end, t in zip(self.col_x, ends, heads):
            ui.draw_text(surface, t, small, ui.colour("text_muted"), (x + self.px(4), self.header_y),
                         max_width=end - x - self.px(8))
        pal = ui.seat_palette()
        for r, c in self.row_swatches:
            ui.draw_swatch(surface, pal[c % len(pal)], r)
        # options column
        if self.option_labels:
            top = self.option_labels[0][1] - self.px(12)
            panel = pygame.Rect(self.options_x - self.px(16), top, w - m - self.options_x + self.px(32),
                                self.options_bottom - top)
            ui.draw_panel(surface, panel, radius=self.px(14))
            for text, y in self.option_labels:
                ui.draw_text(surface, text, small, ui.colour("text_muted"), (self.options_x + self.px(2), y),
                             max_width=w - m - self.options_x)
        if self.table_note:
            ui.draw_wrapped(surface, self.table_note, ui.font(self.px(15)), ui.colour("warning"),
                            self.note_rect)
        think = getattr(self.app.settings, "expert_think", None)
        for level, y in self.legend:        # the level chosen last stands out
            lit = level == self.about_level
            ui.draw_text(surface, level_about(level, think), ui.font(self.px(14), lit),
                         ui.colour("text" if lit else "text_muted"), (m, y),
                         max_width=self.legend_width)
        if self.message:     # above the buttons, in place of the keyboard tip
            ui.draw_wrapped(surface, self.message, ui.font(self.px(17), True), ui.colour("warning"),
                            (m, h - self.px(134), w - 2 * m, self.px(50)), align="center", max_lines=2)
        else:
            ui.draw_text(surface, tr("setup.hint"), ui.font(self.px(14)), ui.colour("text_muted"),
                         (w // 2, h - self.px(100)), "center", max_width=w - 2 * m)
