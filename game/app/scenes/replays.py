"""Statistics › Replays: the finished games kept on this computer (of one person, or all),
newest first, to watch again, export to a file or delete; how many games of each person are
kept (a setting); and opening a replay file from another computer (``ImportScene``).

Up / Down (or a click) pick a game, Enter watches it, Page Up / Page Down and the wheel
scroll."""
from __future__ import annotations

import pygame

from ...i18n import number, tr
from ...rules import GAMES
from ..store import replays
from .. import ui
from ..words.names import game_title, score_text
from ..progress.replay import ReplayError
from ..store.saves import format_date
from ..stats_tabs import build_tabs
from .base import Scene


def when_text(item: dict) -> str:
    return format_date(item["when"]) if item["when"] else "–"


class ReplaysScene(Scene):
    name = "replays"

    def __init__(self, app, player: str | None = None):
        super().__init__(app)
        self.player = player          # None: everyone
        self.picked = 0
        self.offset = 0
        self.message = ""
        self.confirm_delete = False
        self._load()

    def _load(self) -> None:
        self.items, note = replays.items(self.player)
        self.people = replays.people()
        if note:
            self.message = note
        self.picked = max(0, min(self.picked, len(self.items) - 1))

    # ---- actions ----------------------------------------------------------------------------
    def set_player(self, text: str) -> None:
        self.player = None if text == tr("replays.everyone") else text
        self.picked = self.offset = 0
        self._load()
        self.rebuild()

    def set_keep(self, n: int) -> None:
        self.message = replays.set_keep(n) or tr("replays.keep_set", count=n)
        self._load()
        self.rebuild()

    def current(self) -> dict | None:
        return self.items[self.picked] if 0 <= self.picked < len(self.items) else None

    def watch(self) -> None:
        item = self.current()
        if item is None:
            return
        try:
            run = replays.open_run(item["id"])
        except ReplayError as exc:
            self.message = str(exc)
            self.rebuild()
            return
        self.app.open("replay", run, item["id"])

    def export(self) -> None:
        item = self.current()
        if item is None:
            return
        try:
            self.message = tr("replay.exported", path=str(replays.export(item["id"])))
        except ReplayError as exc:
            self.message = str(exc)
        self.rebuild()

    def delete(self) -> None:
        item = self.current()
        if item is None:
            return
        if not self.confirm_delete:
            self.confirm_delete = True
            self.rebuild()
            return
        self.confirm_delete = False
        self.message = replays.delete(item["id"]) or ""
        self._load()
        self.rebuild()

    def open_file(self) -> None:
        self.app.open("replay_import")

    def pick(self, k: int) -> None:
        self.picked = max(0, min(len(self.items) - 1, k))
        if self.picked < self.offset:
            self.offset = self.picked
        elif self.picked >= self.offset + self.visible:
            self.offset = self.picked - self.visible + 1
        if self.confirm_delete:
            self.confirm_delete = False
            self.rebuild()

    # ---- layout --------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        m = self.px(32)
        build_tabs(self, "replays")
        rh = self.px(40)
        y = self.px(84)
        dw = min(self.px(280), (w - 2 * m) // 3)
        everyone = tr("replays.everyone")
        names = [everyone] + self.people
        self.dropdown((m, y, dw, rh), names, self.player if self.player in names else everyone,
                      self.set_player, key="player")
        keep = replays.get_keep()
        labels = [tr("replays.keep_n", count=n) for n in replays.KEEP_CHOICES]
        self.dropdown((w - m - dw, y, dw, rh), labels, labels[replays.KEEP_CHOICES.index(keep)],
                      lambda t: self.set_keep(replays.KEEP_CHOICES[labels.index(t)]), key="keep")
        self.keep_label_right = w - m - dw - self.px(10)
        self.keep_label_left = m + dw + self.px(16)
        bh = self.px(48)
        by = h - bh - self.px(18)
        self.button((m, by, self.px(180), bh), tr("common.back"), self.on_back, key="back")
        has = self.current() is not None
        labels2 = [("watch", tr("replays.watch"), self.watch, True),
                   ("export", tr("replay.export"), self.export, False),
                   ("delete", tr("replays.delete_sure") if self.confirm_delete else tr("replays.delete"),
                    self.delete, False),
                   ("import", tr("replays.open_file"), self.open_file, False)]
        room = w - 2 * m - self.px(196)
        bw = min(self.px(210), (room - 3 * self.px(10)) // 4)
        x = w - m - 4 * bw - 3 * self.px(10)
        for key, text, cb, primary in labels2:
            self.button((x, by, bw, bh), text, cb, key=key, primary=primary,
                        enabled=has or key == "import",
                        tooltip=tr("replay.export_tip") if key == "export" else None)
            x += bw + self.px(10)
        top = y + rh + self.px(14)
        self.list_rect = pygame.Rect(m, top, w - 2 * m, by - self.px(12) - top)
        self.row_h = self.px(52)
        self.note_h = self.px(30) if self.message else 0
        self.visible = max(1, (self.list_rect.h - self.px(12) - self.note_h) // self.row_h)
        self.pick(self.picked)
        self.focus.add(ui.FocusItem(lambda: self.list_rect, activate=self.watch, key="list"))

    def on_show(self) -> None:
        self._load()
        self.focus.focus_key("list")

    def on_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and not self.dropdown_open():
            cur = self.focus.current
            steps = {pygame.K_PAGEUP: -self.visible, pygame.K_PAGEDOWN: self.visible}
            if cur is not None and cur.key == "list":
                steps.update({pygame.K_UP: -1, pygame.K_DOWN: 1})
            if event.key in steps:
                self.pick(self.picked + steps[event.key])
                return True
        if event.type == pygame.MOUSEWHEEL and not self.dropdown_open():
            self.pick(self.picked - int(event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and self.list_rect.collidepoint(event.pos) and not self.dropdown_open():
            k = (event.pos[1] - self.list_rect.y - self.px(6) - self.note_h) // self.row_h
            if 0 <= k < self.visible and self.offset + k < len(self.items):
                if self.offset + k == self.picked and getattr(event, "clicks", 1) == 2:
                    self.watch()
                self.pick(self.offset + k)
                self.focus.focus_key("list")
                return True
        return super().on_event(event)

    # ---- drawing ---------------------------------------------------------------------------------
    def on_draw(self, surface) -> None:
        ui.draw_background(surface, strata=False)
        w, h = self.size
        m = self.px(32)
        ui.draw_text(surface, tr("replays.title"), ui.font(self.px(38), True), ui.colour("accent"),
                     (m, self.px(20)), max_width=getattr(self, "tabs_left", w - m) - m - self.px(12))
        ui.draw_text(surface, tr("replays.keep_label"), ui.font(self.px(15), True), ui.colour("text"),
                     (self.keep_label_right, self.px(104)), "midright",
                     max_width=max(self.px(40), self.keep_label_right - self.keep_label_left))
        r = self.list_rect
        ui.draw_panel(surface, r, radius=self.px(12))
        y = r.y + self.px(6)
        if self.message:
            ui.draw_text(surface, self.message, ui.font(self.px(15), True), ui.colour("accent"),
                         (r.x + self.px(14), y + self.px(4)), max_width=r.w - self.px(28))
            y += self.note_h
        if not self.items:
            ui.draw_wrapped(surface, tr("replays.empty"), ui.font(self.px(17)), ui.colour("text"),
                            (r.x + self.px(16), y + self.px(10), r.w - self.px(32), 0))
            return
        pal = ui.seat_palette()
        for k, item in enumerate(self.items[self.offset:self.offset + self.visible]):
            row = pygame.Rect(r.x + self.px(8), y, r.w - self.px(16), self.row_h - self.px(4))
            if self.offset + k == self.picked:
                pygame.draw.rect(surface, ui.mix(ui.colour("panel"), ui.colour("accent"), 0.22), row,
                                 border_radius=self.px(8))
                if self.focus.current is not None and self.focus.current.key == "list":
                    pygame.draw.rect(surface, ui.colour("accent"), row, width=2, border_radius=self.px(8))
            info = GAMES.get(item["game"])
            c1, c2 = int(row.w * 0.20), int(row.w * 0.17)
            bold, small = ui.font(self.px(16), True), ui.font(self.px(13))
            ui.draw_text(surface, game_title(info) if info else item["game"], bold, ui.colour("text"),
                         (row.x + self.px(10), row.y + self.px(4)), max_width=c1 - self.px(14))
            sub = when_text(item)
            if item.get("daily"):
                sub = tr("replays.daily_of", when=sub)
            elif item.get("imported"):
                sub = tr("replays.imported", when=sub)
            ui.draw_text(surface, sub, small, ui.colour("text_muted"),
                         (row.x + self.px(10), row.y + self.px(26)), max_width=c1 - self.px(14))
            x = row.x + c1
            seats = item["seats"]
            each = max(self.px(60), (row.right - x - c2) // max(1, len(seats)))
            sws = self.px(16)
            for i, s in enumerate(seats):
                sw = pygame.Rect(x, row.centery - sws // 2, sws, sws)
                ui.draw_swatch(surface, pal[s["colour"] % len(pal)], sw)
                name = s["name"]
                col = ui.colour("accent") if i in item["winners"] else ui.colour("text")
                ui.draw_text(surface, name, ui.font(self.px(13), i in item["winners"]), col,
                             (sw.right + self.px(5), row.centery), "midleft",
                             max_width=each - sws - self.px(12))
                x += each
            steps = tr("replays.steps", count=item["steps"])
            scores = item.get("scores") or []
            best = max(range(len(scores)), key=lambda i: (i in item["winners"], scores[i] or 0), default=None)
            result = score_text(info, None, scores[best]) if best is not None and scores[best] is not None \
                and info else ""
            ui.draw_text(surface, result, bold, ui.colour("text"), (row.right - self.px(10), row.y + self.px(4)),
                         "topright", max_width=c2 - self.px(10))
            ui.draw_text(surface, steps, small, ui.colour("text_muted"),
                         (row.right - self.px(10), row.y + self.px(26)), "topright", max_width=c2 - self.px(10))
            y += self.row_h
        if len(self.items) > self.visible:
            last = min(len(self.items), self.offset + self.visible)
            ui.draw_text(surface, tr("table.rows", first=number(self.offset + 1), last=number(last),
                                     total=number(len(self.items))),
                         ui.font(self.px(13)), ui.colour("text_muted"), (r.right - self.px(8), r.bottom - self.px(4)),
                         "bottomright", max_width=r.w // 3)


class ImportScene(Scene):
    """Open a replay file: the ones found in the usual folders, or a path typed in."""
    name = "replay_import"
    overlay = True

    def __init__(self, app):
        super().__init__(app)
        self.path = ""
        self.message = ""
        self.found = replays.candidates()

    def set_path(self, text: str) -> None:
        self.path = text

    def open_path(self, path=None) -> None:
        path = path or self.path
        if not str(path).strip():
            self.message = tr("replays.need_path")
            self.rebuild()
            return
        try:
            rid = replays.import_file(path)
            run = replays.open_run(rid)
        except ReplayError as exc:
            self.message = str(exc)
            self.rebuild()
            return
        self.app.pop()
        self.app.open("replay", run, rid)

    def build(self) -> None:
        w, h = self.size
        bw = min(w - self.px(80), self.px(760))
        rows = min(5, len(self.found))
        bh = self.px(150) + rows * self.px(46) + self.px(150)
        self.box = pygame.Rect(w // 2 - bw // 2, max(self.px(10), h // 2 - bh // 2), bw, min(bh, h - self.px(20)))
        b, pad = self.box, self.px(24)
        y = b.y + self.px(100)
        for k, p in enumerate(self.found[:rows]):
            self.button((b.x + pad, y, b.w - 2 * pad, self.px(40)), p.name, lambda p=p: self.open_path(p),
                        key=f"file_{k}", object_id="#small", tooltip=str(p))
            y += self.px(46)
        if not self.found:
            y += self.px(10)
        self.entry_y = y + self.px(8)
        ew = b.w - 2 * pad - self.px(150)
        self.entry((b.x + pad, self.entry_y + self.px(24), ew, self.px(40)), self.path, self.set_path,
                   key="path", max_length=400, placeholder=tr("replays.path_hint"))
        self.button((b.x + pad + ew + self.px(10), self.entry_y + self.px(24), self.px(140), self.px(40)),
                    tr("replays.open"), self.open_path, primary=True, key="open")
        self.button((b.centerx - self.px(90), b.bottom - self.px(60), self.px(180), self.px(44)),
                    tr("common.cancel"), self.on_back, key="cancel")

    def on_show(self) -> None:
        self.focus.focus_key("file_0" if self.found else "path")

    def on_draw(self, surface) -> None:
        ui.dim(surface, 150)
        b, pad = self.box, self.px(24)
        ui.draw_panel(surface, b, radius=self.px(16))
        ui.draw_text(surface, tr("replays.open_title"), ui.font(self.px(24), True), ui.colour("accent"),
                     (b.x + pad, b.y + self.px(18)), max_width=b.w - 2 * pad)
        text = tr("replays.found") if self.found else tr("replays.none_found")
        ui.draw_wrapped(surface, text, ui.font(self.px(15)), ui.colour("text_muted"),
                        (b.x + pad, b.y + self.px(56), b.w - 2 * pad, 0), max_lines=2)
        ui.draw_text(surface, tr("replays.or_path"), ui.font(self.px(15), True), ui.colour("text"),
                     (b.x + pad, self.entry_y), max_width=b.w - 2 * pad)
        if self.message:
            ui.draw_wrapped(surface, self.message, ui.font(self.px(15), True), ui.colour("warning"),
                            (b.x + pad, self.entry_y + self.px(70), b.w - 2 * pad, 0), max_lines=2)
