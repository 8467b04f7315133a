"""The keyboard focus ring shared by every scene, and the game log's scrolling box."""
from __future__ import annotations

from typing import Callable

import pygame

from ...i18n import tr
from .colours import colour, mix
from .text import font, wrap


# ---- keyboard focus --------------------------------------------------------------------------------

class FocusItem:
    """One stop of the focus ring.

    ``rect`` is a Rect or a callable returning one (absolute screen coordinates).
    ``activate`` runs on Enter/Space; ``step(+1/-1)`` (optional) runs on Left/Right, e.g. to
    change a drop-down's value.  ``entry`` is a UITextEntryLine that gets keyboard focus.
    """

    def __init__(self, rect, activate: Callable | None = None, step: Callable | None = None,
                 element=None, entry=None, enabled: Callable | bool = True, key: str = ""):
        self._rect = rect
        self.activate = activate
        self.step = step
        self.element = element
        self.entry = entry
        self._enabled = enabled
        self.key = key

    @property
    def rect(self) -> pygame.Rect:
        r = self._rect() if callable(self._rect) else self._rect
        return pygame.Rect(r)

    @property
    def enabled(self) -> bool:
        return self._enabled() if callable(self._enabled) else bool(self._enabled)


class FocusRing:
    def __init__(self):
        self.items: list[FocusItem] = []
        self.index = 0
        self.visible = True

    def clear(self) -> None:
        self.items = []

    def add(self, item: FocusItem) -> FocusItem:
        self.items.append(item)
        return item

    @property
    def current(self) -> FocusItem | None:
        if not self.items:
            return None
        self.index %= len(self.items)
        return self.items[self.index]

    def focus_key(self, key: str) -> bool:
        for i, it in enumerate(self.items):
            if it.key == key and it.enabled:
                self.index = i
                return True
        return False

    def first_enabled(self) -> None:
        for i, it in enumerate(self.items):
            if it.enabled:
                self.index = i
                return

    def move(self, delta: int) -> None:
        n = len(self.items)
        if not n:
            return
        i = self.index
        for _ in range(n):
            i = (i + delta) % n
            if self.items[i].enabled:
                self.index = i
                break
        self.visible = True

    def focus_element(self, element) -> None:
        for i, it in enumerate(self.items):
            if it.element is element or it.entry is element:
                self.index = i
                return

    def draw(self, surface, scale: float) -> None:
        it = self.current
        if not self.visible or it is None:
            return
        r = it.rect.inflate(int(10 * scale), int(10 * scale))
        w = max(2, int(3 * scale))
        pygame.draw.rect(surface, colour("accent"), r, width=w, border_radius=int(12 * scale))


# ---- the game log -------------------------------------------------------------------------------

class _Row:
    """One wrapped row of a ``LogView``: its text, colour and size; its picture is drawn only
    while the row is on screen (400 lines of a long game as pictures took 14 MB)."""

    __slots__ = ("text", "colour", "size")

    def __init__(self, text: str, col, size):
        self.text, self.colour, self.size = text, col, (int(size[0]), int(size[1]))

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]


class LogView:
    """A scrollable list of sentences, newest at the bottom (cheap to append to and to draw).

    The wheel (or Up/Down/Page keys via ``scroll_by``) scrolls; new lines stick to the bottom
    unless the reader has scrolled up.
    """

    MAX_LINES = 400

    def __init__(self):
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.scale = 1.0
        self.lines: list[str] = []
        self.entries: list = []                 # beside each line, what it tells (or None)
        self.picked: int | None = None          # a clicked line, shown with a backdrop
        self.rows: list[_Row] = []              # wrapped rows
        self._pictures: dict = {}               # id(row) -> (row, picture): the rows on screen
        self._counts: list[int] = []            # rows per line
        self._wrapped = 0                       # how many lines are in self.rows
        self.offset = 0                         # pixels scrolled up from the bottom
        self._key = None

    def set_rect(self, rect, scale: float) -> None:
        rect = pygame.Rect(rect)
        key = (rect.w, scale)
        self.rect = rect
        self.scale = scale
        if key != self._key:
            self._key = key
            self.rows, self._counts, self._wrapped = [], [], 0
            self._wrap_new()

    def set_lines(self, lines: list[str], entries: list | None = None) -> None:
        """Replace everything (after an undo, or when the scene is built); ``entries`` may give,
        beside each line, the log entry it tells (``entry_at``)."""
        self.lines, self.entries, self.picked = [], [], None
        self.rows, self._counts, self._wrapped = [], [], 0
        self.offset = 0
        lines = list(lines)
        entries = list(entries) if entries is not None else [None] * len(lines)
        self.append(lines[-self.MAX_LINES:], entries[-self.MAX_LINES:] if lines else [])

    @property
    def rows_per_line(self) -> list[int]:
        """How many wrapped rows each kept line takes."""
        return list(self._counts)

    def append(self, lines: list[str], entries: list | None = None) -> None:
        lines = list(lines)
        entries = list(entries) if entries is not None and len(entries) == len(lines) else [None] * len(lines)
        self.entries = self.entries[:len(self.lines)] + [None] * (len(self.lines) - len(self.entries))
        self.lines.extend(str(x) for x in lines)
        self.entries.extend(entries)
        self._wrap_new()
        if len(self.lines) > self.MAX_LINES:
            drop = len(self.lines) - self.MAX_LINES // 2
            del self.lines[:drop]
            del self.entries[:drop]
            self.picked = None
            rows = sum(self._counts[:drop])
            del self._counts[:drop]
            del self.rows[:rows]
            self._wrapped = len(self.lines)
            self._clamp()

    def _font(self):
        return font(int(14 * self.scale))

    def _pad(self) -> int:
        return max(6, int(10 * self.scale))

    def _wrap_new(self) -> None:
        f = self._font()
        width = self.rect.w - 2 * self._pad() - max(6, int(8 * self.scale))
        if width < 20:
            return
        stuck = self.offset == 0
        added = 0
        for i in range(self._wrapped, len(self.lines)):
            line = self.lines[i]
            col = colour("text")
            if line.startswith("(") and line.endswith(")"):
                col = colour("text_muted")
            # room for the indent of the continued rows, so no row is wider than the box
            parts = wrap(line, f, width - f.size("   ")[0], break_words=True) or [""]
            for k, part in enumerate(parts):
                text = part if k == 0 else "   " + part
                row = _Row(text, col, f.size(text))
                self.rows.append(row)
                added += row.get_height()
            self._counts.append(len(parts))
        self._wrapped = len(self.lines)
        if not stuck:
            self.offset += added
        self._clamp()

    def _content_h(self) -> int:
        return sum(r.get_height() for r in self.rows)

    def _visible_h(self) -> int:
        return self.rect.h - 2 * self._pad()

    def _clamp(self) -> None:
        self.offset = max(0, min(self.offset, max(0, self._content_h() - self._visible_h())))

    def scroll_by(self, pixels: int) -> None:
        """Positive: towards older lines."""
        self.offset += int(pixels)
        self._clamp()

    def line_at(self, pos) -> int | None:
        """The index of the line drawn at ``pos`` (the rows are laid out bottom-up), or None."""
        pad = self._pad()
        inner = self.rect.inflate(-2 * pad, -2 * pad)
        if not inner.collidepoint(pos) or not self.rows:
            return None
        y = inner.bottom + self.offset
        row = len(self.rows)
        for img in reversed(self.rows):
            row -= 1
            y -= img.get_height()
            if y <= pos[1] < y + img.get_height():
                break
        else:
            return None
        seen = 0
        for i, n in enumerate(self._counts):
            seen += n
            if row < seen:
                return i
        return None

    def entry_at(self, pos):
        """The log entry of the line at ``pos`` (None if the line carries none)."""
        i = self.line_at(pos)
        return self.entries[i] if i is not None and i < len(self.entries) else None

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                self.scroll_by(event.y * int(40 * self.scale))
                return True
        return False

    def draw(self, surface) -> None:
        r = self.rect
        radius = max(4, int(10 * self.scale))
        pygame.draw.rect(surface, mix(colour("background"), colour("panel"), 0.55), r, border_radius=radius)
        pygame.draw.rect(surface, colour("panel_edge"), r, width=2, border_radius=radius)
        pad = self._pad()
        inner = r.inflate(-2 * pad, -2 * pad)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        y = inner.bottom + self.offset
        picked = range(0)
        if self.picked is not None and 0 <= self.picked < len(self._counts):
            first = sum(self._counts[:self.picked])
            picked = range(first, first + self._counts[self.picked])
        row = len(self.rows)
        shown: dict = {}
        f = self._font() if self.rows else None
        for line in reversed(self.rows):
            row -= 1
            y -= line.get_height()
            if y > inner.bottom:
                continue
            if y + line.get_height() < inner.top:
                break
            if row in picked:
                pygame.draw.rect(surface, mix(colour("panel"), colour("accent"), 0.35),
                                 (inner.x - 2, y, inner.w + 4, line.get_height()))
            kept = self._pictures.get(id(line))
            img = kept[1] if kept is not None and kept[0] is line else f.render(line.text, True, line.colour)
            shown[id(line)] = (line, img)        # the same picture while the row stays on screen
            surface.blit(img, (inner.x, y))
        self._pictures = shown
        if not self.rows:
            img = self._font().render(tr("ui.log.empty"), True, colour("text_muted"))
            surface.blit(img, (inner.x, inner.y))
        surface.set_clip(clip)
        total = self._content_h()
        vis = self._visible_h()
        if total > vis > 0:
            bar_w = max(4, int(5 * self.scale))
            track = pygame.Rect(r.right - bar_w - max(3, int(4 * self.scale)), inner.y, bar_w, inner.h)
            h = max(int(20 * self.scale), int(track.h * vis / total))
            scrollable = total - vis
            thumb = pygame.Rect(track.x, track.y + int((track.h - h) * (scrollable - self.offset) / scrollable),
                                bar_w, h)
            pygame.draw.rect(surface, mix(colour("background"), colour("panel"), 0.3), track, border_radius=bar_w // 2)
            pygame.draw.rect(surface, colour("panel_edge") if self.offset == 0 else colour("accent"), thumb,
                             border_radius=bar_w // 2)
