"""Rules: data/texts/<lang>/<game>_rules.md shown as a scrollable page (English when the
player's language has no text for that game yet).

The page is laid out here (headings, paragraphs, bullets, **bold** and *italic*) and only its
visible lines are drawn: pygame_gui's text box rendered the whole text and its rounded frame at
full size, 50-170 MB for one page.
"""
from __future__ import annotations

import re

import pygame

from ... import i18n
from ...io import safeio
from ...i18n import DEFAULT, get_language, tr
from ...io.paths import resource_path
from ...rules import GAMES
from .. import coach, diagrams, ui
from ..words.names import game_title
from .base import Scene


def rules_text(game_id: str, lang: str | None = None) -> str | None:
    """The rules of ``game_id`` in ``lang`` (default: the current language), else in English."""
    lang = lang or get_language()
    if lang == i18n.PSEUDO:      # tests: the English text with the pseudo-language's letters
        text = rules_text(game_id, DEFAULT)
        table = str.maketrans(i18n._ACCENTED)
        return None if text is None else "\n".join(
            ln if diagrams.marker(ln) else ln.translate(table) for ln in text.split("\n"))
    for code in dict.fromkeys((lang, DEFAULT)):
        try:   # the strict reader: a regular file only (a pipe there never hangs the screen)
            return safeio.read_text(resource_path("data", "texts", code, f"{game_id}_rules.md"))
        except (OSError, ValueError):
            continue
    return None


def parse_markdown(md: str) -> list[tuple]:
    """The blocks of the small part of Markdown our rules texts use:
    ("h", level, text), ("p", text), ("li", bullet, text), and ("fig", name) for a line
    ``[[diagram:name]]`` (a picture, see ``game/app/diagrams.py``)."""
    blocks: list[tuple] = []
    para: list[str] = []

    def flush():
        if para:
            blocks.append(("p", " ".join(para)))
            para.clear()
    for raw in md.splitlines():
        stripped = raw.strip()
        if not stripped:
            flush()
            continue
        fig = diagrams.marker(stripped)
        if fig:
            flush()
            blocks.append(("fig", fig))
            continue
        m = re.match(r"^(#{1,3})\s+(.*)$", stripped)
        if m:
            flush()
            blocks.append(("h", len(m.group(1)), m.group(2)))
            continue
        m = re.match(r"^([-*+])\s+(.*)$", stripped)
        n = re.match(r"^(\d+)[.)]\s+(.*)$", stripped)
        if m or n:
            flush()
            blocks.append(("li", "•" if m else n.group(1) + ".", (m or n).group(2)))
            continue
        if not para and blocks and blocks[-1][0] == "li" and raw[:1] in (" ", "\t"):
            kind, bullet, body = blocks[-1]
            blocks[-1] = (kind, bullet, body + " " + stripped)     # a bullet's next line
            continue
        para.append(stripped)
    flush()
    return blocks


_RUN = re.compile(r"\*\*(.+?)\*\*|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"
                  r"|(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)|`(.+?)`")


def inline_runs(text: str) -> list[tuple[str, str]]:
    """``text`` as (style, words) runs; style is "", "b" or "i"."""
    out, pos = [], 0
    for m in _RUN.finditer(text):
        if m.start() > pos:
            out.append(("", text[pos:m.start()]))
        if m.group(1) is not None:
            out.append(("b", m.group(1)))
        elif m.group(4) is not None:
            out.append(("", m.group(4)))
        else:
            out.append(("i", m.group(2) if m.group(2) is not None else m.group(3)))
        pos = m.end()
    if pos < len(text):
        out.append(("", text[pos:]))
    return out


FIGURE_WIDTH = 600        # a picture's width at scale 1 (less on a narrow page)


class RulesPage:
    """A Markdown page laid out for a width; draws the lines that show at a scroll offset.

    Pictures (``[[diagram:name]]``) take at most ``most_h`` pixels of height (the visible
    page) and are drawn when they scroll into view; their captions are centred under them."""

    def __init__(self, md: str, scale: float, width: int, most_h: int | None = None, assets=None):
        self.scale = scale
        self.width = max(50, int(width))
        self.most_h = int(most_h) if most_h else self._px(400)
        self.assets = assets
        self.lines: list[tuple[int, int, list]] = []      # (y, height, [(x, text, font, colour)])
        self.captions: list[tuple[int, int, list]] = []   # the same, for picture captions
        self.figures: list[tuple[pygame.Rect, str]] = []  # (rect in the page, diagram name)
        self.height = 0
        self._layout(parse_markdown(md))

    def _px(self, n: float) -> int:
        return max(1, int(round(n * self.scale)))

    def _layout(self, blocks) -> None:
        y = 0
        body = self._px(17)
        for block in blocks:
            if block[0] == "h":
                size = {1: 30, 2: 23, 3: 19}[block[1]]
                y += self._px(10) if self.lines else 0
                y = self._words(inline_runs(block[2]), y, 0, self._px(size), True, ui.colour("accent"))
                y += self._px(6)
            elif block[0] == "fig":
                y = self._figure(block[1], y)
            elif block[0] == "li":
                indent = self._px(26)
                fnt = ui.font(body)
                self.lines.append((y, 0, [(self._px(8), block[1], fnt, "", ui.colour("text"))]))
                y = self._words(inline_runs(block[2]), y, indent, body, False, ui.colour("text"))
                y += self._px(3)
            else:
                y = self._words(inline_runs(block[1]), y, 0, body, False, ui.colour("text"))
                y += self._px(10)
        self.height = y

    def _figure(self, name: str, y: int) -> int:
        """A picture, centred, with its caption under it; nothing for an unknown name."""
        entry = diagrams.find(name)
        wide = 1.35 if entry is not None and entry[0] > 2.5 else 1.0     # a flat picture: wider
        size = diagrams.size_for(name, min(self.width, self._px(FIGURE_WIDTH * wide)),
                                 max(self._px(120), int(self.most_h * 0.72)))
        if size is None:
            return y
        y += self._px(4)
        self.figures.append((pygame.Rect((self.width - size[0]) // 2, y, *size), name))
        y += size[1] + self._px(6)
        start = len(self.lines)
        y = self._words([("", diagrams.caption(name))], y, 0, self._px(16), False, ui.colour("text_muted"))
        for line_y, lh, words in self.lines[start:]:            # centred under the picture
            right = max(x + _width(fnt, word, style) for x, word, fnt, style, _c in words)
            dx = max(0, (self.width - right) // 2)
            self.captions.append((line_y, lh, [(x + dx, *rest) for x, *rest in words]))
        del self.lines[start:]
        return y + self._px(14)

    def _words(self, runs, y: int, indent: int, px: int, bold: bool, col) -> int:
        line: list = []
        x = indent
        lh = int(ui.font(px, True).get_linesize() * 1.12)
        gap_before = False
        group = 0          # where the last word began that may not be split ("**holes**:")
        for style, text in runs:
            fnt = ui.font(px, bold or style == "b")
            gap_before = gap_before or text[:1].isspace()
            for k, word in enumerate(text.split()):
                w = _width(fnt, word, style)
                glued = bool(line) and k == 0 and not gap_before   # no space before ":" or ","
                space = fnt.size(" ")[0] if line and not glued else 0
                # French puts a space before ":", ";", "!", "?": the sign still stays on the line
                glued = glued or (bool(line) and all(ch in ":;!?»" for ch in word))
                if line and x + space + w > self.width and not (glued and group == 0):
                    # a glued piece takes the word it sticks to along to the next line
                    carry = line[group:] if glued else []
                    self.lines.append((y, lh, line[:len(line) - len(carry)]))
                    y += lh
                    base = carry[0][0] if carry else x
                    line = [(indent + cx - base, *rest) for cx, *rest in carry]
                    x = indent + x - base
                    space = space if carry else 0
                    group = 0
                if not glued:
                    group = len(line)
                line.append((x + space, word, fnt, style, col))
                x += space + w
            gap_before = text[-1:].isspace()
        if line:
            self.lines.append((y, lh, line))
            y += lh
        return y

    def draw(self, surface, rect: pygame.Rect, offset: int) -> None:
        clip = surface.get_clip()
        surface.set_clip(rect)
        for box, name in self.figures:
            top = rect.y + box.y - offset
            if top > rect.bottom or top + box.h < rect.y:
                continue
            img = diagrams.render(name, box.size, self.assets)
            at = box.move(rect.x, rect.y - offset)
            if img is not None:
                surface.blit(img, at)
            pygame.draw.rect(surface, ui.colour("panel_edge"), at.inflate(4, 4), width=max(1, self._px(2)),
                             border_radius=self._px(6))
        for y, lh, words in self.lines + self.captions:
            top = rect.y + y - offset
            if top > rect.bottom or top + max(lh, 40) < rect.y:
                continue
            for x, word, fnt, style, col in words:
                fnt.italic = style == "i"
                surface.blit(fnt.render(word, True, col), (rect.x + x, top))
                fnt.italic = False
        surface.set_clip(clip)


def _width(fnt, word: str, style: str) -> int:
    """How far the next word starts after ``word``.  A slanted (italic) word advances as far as
    the upright one: its picture is wider only by the slant of its last letter, which leans over
    the gap (a quarter of that overhang is kept, so a "." or ":" right after never touches it)."""
    upright = fnt.size(word)[0]
    if style != "i":
        return upright
    fnt.italic = True
    slanted = fnt.size(word)[0]
    fnt.italic = False
    return upright + max(0, slanted - upright) // 4


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.games = [g for g in GAMES.values() if rules_text(g.id) is not None]
        self.pick = game_id is None and len(self.games) > 1
        if game_id is None and self.games:
            game_id = self.games[0].id
        self.game_id = game_id
        self.page: RulesPage | None = None
        self.offset = 0
        self.text_rect = pygame.Rect(0, 0, 10, 10)

    def build(self) -> None:
        w, h = self.size
        m = self.px(32)
        top = self.px(96)
        bh = self.px(52)
        text = rules_text(self.game_id) if self.game_id else None
        info = GAMES.get(self.game_id) if self.game_id else None
        if text is None:
            title = game_title(info) if info else ""
            text = "# {}\n\n{}".format(title, tr("rules.not_written", game=title))
        lines = text.lstrip().splitlines()
        if lines and lines[0].startswith("# "):     # the page title already says it
            text = "\n".join(lines[1:])
        rect = pygame.Rect(m, top, w - 2 * m, max(self.px(60), h - top - bh - self.px(44)))
        if rect.w > self.px(940):
            rect.w = self.px(940)
            rect.centerx = w // 2
        self.text_rect = rect
        pad = self.px(22)
        self.page_rect = rect.inflate(-2 * pad - self.px(14), -2 * self.px(14))
        old = self.page
        self.page = RulesPage(text, self.scale, self.page_rect.w, self.page_rect.h, self.app.assets)
        if old is not None and old.height:      # keep the place in the text on a resize
            self.offset = int(self.offset * self.page.height / old.height)
        self._clamp()
        self.focus.add(ui.FocusItem(lambda: self.text_rect, activate=lambda: self.scroll_by(0.5),
                                    key="text"))
        bw = self.px(200)
        self.button((rect.right - bw, h - bh - self.px(22), bw, bh), tr("common.back"), self.on_back, primary=True,
                    key="back")
        self.guided_rect = None
        if self.game_id and coach.has_guide(self.game_id):     # learn by playing
            self.guided_rect = pygame.Rect(rect.x, h - bh - self.px(22),
                                           min(self.px(260), rect.w - bw - self.px(16)), bh)
            self.button(self.guided_rect, tr("coach.button"), self.start_guided, key="guided",
                        tooltip=tr("coach.button_tip"))
        if self.pick:
            labels = [game_title(g) for g in self.games]
            cur = game_title(info) if info else labels[0]
            self.dropdown((w - m - self.px(300), self.px(30), self.px(300), self.px(44)), labels, cur,
                          self.set_game, key="game")

    def on_show(self) -> None:
        self.focus.focus_key("back")

    def start_guided(self) -> None:
        self.app.launch(lambda: coach.new_session(self.game_id))

    def set_game(self, title: str) -> None:
        for g in self.games:
            if game_title(g) == title:
                self.game_id = g.id
        self.page = None
        self.offset = 0
        self.rebuild()

    def _clamp(self) -> None:
        most = max(0, (self.page.height if self.page else 0) - self.page_rect.h)
        self.offset = max(0, min(most, self.offset))

    def scroll_by(self, pages: float) -> None:
        self.offset += int(pages * self.page_rect.h)
        self._clamp()

    def on_event(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL and not self.dropdown_open():
            self.offset -= event.y * self.px(48)
            self._clamp()
            return True
        return super().on_event(event)

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
        title = tr("rules.how_to_play", game=game_title(info)) if info else tr("rules.how_to_play_any")
        ui.draw_text(surface, title, ui.font(self.px(40), True), ui.colour("accent"),
                     (self.px(32), self.px(26)), max_width=self.size[0] - self.px(380))
        ui.draw_panel(surface, self.text_rect, fill=ui.mix(ui.colour("background"), ui.colour("panel"), 0.55),
                      radius=self.px(10), shadow=False)
        if self.page is not None:
            self.page.draw(surface, self.page_rect, self.offset)
            if self.page.height > self.page_rect.h:     # where in the text: a thin bar
                r = self.text_rect
                track = pygame.Rect(r.right - self.px(14), r.y + self.px(10), self.px(6), r.h - self.px(20))
                frac = self.page_rect.h / self.page.height
                knob = pygame.Rect(track.x, 0, track.w, max(self.px(24), int(track.h * frac)))
                most = self.page.height - self.page_rect.h
                knob.y = track.y + int((track.h - knob.h) * (self.offset / most if most else 0))
                pygame.draw.rect(surface, ui.colour("panel_edge"), track, border_radius=self.px(3))
                pygame.draw.rect(surface, ui.colour("accent"), knob, border_radius=self.px(3))
        g = getattr(self, "guided_rect", None)
        if g is not None:      # beside the guided game's button
            x = g.right + self.px(16)
            ui.draw_wrapped(surface, tr("rules.scroll_hint"), ui.font(self.px(14)), ui.colour("text_muted"),
                            (x, g.y + self.px(4), self.text_rect.right - self.px(216) - x, g.h),
                            max_lines=2)
            return
        ui.draw_text(surface, tr("rules.scroll_hint"), ui.font(self.px(14)), ui.colour("text_muted"),
                     (self.text_rect.x, self.text_rect.bottom + self.px(8)),
                     max_width=self.text_rect.w - self.px(220))
