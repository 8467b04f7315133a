"""Rules: data/texts/<game>_rules.md shown in a scrollable text box."""
from __future__ import annotations

import html
import re

import pygame

from ...paths import resource_path
from ...rules import GAMES
from .. import ui
from .base import Scene


def rules_text(game_id: str) -> str | None:
    try:
        return resource_path("data", "texts", f"{game_id}_rules.md").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _inline(text: str) -> str:
    t = html.escape(text, quote=False)
    t = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", t)
    t = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", t)
    t = re.sub(r"(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)", r"<i>\1</i>", t)
    t = re.sub(r"`(.+?)`", r"\1", t)
    return t


def markdown_to_html(md: str, scale: float = 1.0, accent: str = "#E8B04B") -> str:
    """The small part of Markdown our rules texts use, as pygame_gui's HTML."""
    out: list[str] = []
    para: list[str] = []
    sizes = {1: int(30 * scale), 2: int(23 * scale), 3: int(19 * scale)}

    def flush():
        if para:
            out.append(_inline(" ".join(para)) + "<br><br>")
            para.clear()
    for raw in md.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        m = re.match(r"^(#{1,3})\s+(.*)$", stripped)
        if m:
            flush()
            level = len(m.group(1))
            out.append(f'<font color="{accent}" pixel_size={sizes[level]}><b>{_inline(m.group(2))}</b></font><br>'
                       + ("<br>" if level < 3 else ""))
            continue
        m = re.match(r"^([-*+])\s+(.*)$", stripped)
        n = re.match(r"^(\d+)[.)]\s+(.*)$", stripped)
        if m or n:
            flush()
            bullet = "•" if m else n.group(1) + "."
            body = (m or n).group(2)
            out.append(f"  {bullet} {_inline(body)}<br>")
            continue
        if out and out[-1].endswith("<br>") and not out[-1].endswith("<br><br>") and para == [] \
                and (line.startswith("  ") or raw.startswith("\t")):
            out[-1] = out[-1][:-4] + " " + _inline(stripped) + "<br>"
            continue
        if out and out[-1].startswith("  ") and not para:
            out.append("<br>")
        para.append(stripped)
    flush()
    return "".join(out)


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app, game_id: str | None):
        super().__init__(app)
        self.games = [g for g in GAMES.values() if rules_text(g.id) is not None]
        self.pick = game_id is None and len(self.games) > 1
        if game_id is None and self.games:
            game_id = self.games[0].id
        self.game_id = game_id
        self.box = None

    def build(self) -> None:
        w, h = self.size
        m = self.px(32)
        top = self.px(96)
        bh = self.px(52)
        text = rules_text(self.game_id) if self.game_id else None
        info = GAMES.get(self.game_id) if self.game_id else None
        if text is None:
            title = info.title if info else "this game"
            text = f"# {title}\n\nThe rules for {title} are not written yet."
        lines = text.lstrip().splitlines()
        if lines and lines[0].startswith("# "):     # the page title already says it
            text = "\n".join(lines[1:])
        body = markdown_to_html(text, self.scale, ui.hex_of(ui.colour("accent")))
        ui.preload(self.ui, [int(n * self.scale) for n in (30, 23, 19)], styles=("bold",))
        rect = pygame.Rect(m, top, w - 2 * m, h - top - bh - self.px(44))
        if rect.w > self.px(940):
            rect.w = self.px(940)
            rect.centerx = w // 2
        self.text_rect = rect
        self.box = self.textbox(rect, body, object_id="#rules")
        self.focus.add(ui.FocusItem(lambda: self.text_rect, activate=lambda: self.scroll_by(0.5),
                                    key="text"))
        bw = self.px(200)
        self.button((rect.right - bw, h - bh - self.px(22), bw, bh), "Back", self.on_back, primary=True,
                    key="back")
        if self.pick:
            labels = [g.title for g in self.games]
            cur = info.title if info else labels[0]
            self.dropdown((w - m - self.px(300), self.px(30), self.px(300), self.px(44)), labels, cur,
                          self.set_game, key="game")

    def on_show(self) -> None:
        self.focus.focus_key("back")

    def set_game(self, title: str) -> None:
        for g in self.games:
            if g.title == title:
                self.game_id = g.id
        self.rebuild()

    def scroll_by(self, pages: float) -> None:
        box = self.box
        sb = getattr(box, "scroll_bar", None) if box is not None else None
        if sb is None:
            return
        new = sb.start_percentage + pages * sb.visible_percentage
        new = max(0.0, min(1.0 - sb.visible_percentage, new))
        sb.set_scroll_from_start_percentage(new)

    def handle_key(self, event) -> bool:
        k = event.key
        step = {pygame.K_PAGEDOWN: 0.9, pygame.K_PAGEUP: -0.9, pygame.K_HOME: -1000, pygame.K_END: 1000}
        if k in step:
            self.scroll_by(step[k])
            return True
        if k in (pygame.K_UP, pygame.K_DOWN) and self.focus.current is not None and self.focus.current.key == "text":
            self.scroll_by(0.15 if k == pygame.K_DOWN else -0.15)
            return True
        return super().handle_key(event)

    def on_draw(self, surface) -> None:
        ui.draw_background(surface, strata=False)
        info = GAMES.get(self.game_id) if self.game_id else None
        title = f"How to play {info.title}" if info else "How to play"
        ui.draw_text(surface, title, ui.font(self.px(40), True), ui.colour("accent"),
                     (self.px(32), self.px(26)), max_width=self.size[0] - self.px(380))
        ui.draw_text(surface, "Scroll with the mouse wheel or Page Up / Page Down.", ui.font(self.px(14)),
                     ui.colour("text_muted"), (self.text_rect.x, self.text_rect.bottom + self.px(8)))
