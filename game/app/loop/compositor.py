"""Drawing only what changed: the screens draw each frame onto a ``Recorder`` that keeps their
drawing calls instead of making them; the calls are compared with the last frame's, and only
the parts of the window where a call changed are drawn again (with every call that touches them,
clipped to them).  The window keeps its pixels between frames, so the rest is already right.

Why: at 2560x1440 a frame of the play screen painted two screens of pixels (the background, the
panel, the board's layers), most of them the same as the frame before, and the time went into
moving those pixels.  A moving mole now costs the pixels around the mole.

Exact by construction: a pixel outside every changed call's box is touched by the same calls,
with the same pictures, in the same order as in the last frame, so it would come out the same.
A call is the same when its kind, arguments, clip and picture are: the same Surface object (the
last frame's calls keep theirs alive, so no new picture can take an old one's identity) with the
same alpha and colour key.  A picture drawn into again after it was put on screen must say so
(``redrawn(surface)``, which the next call's comparison sees); otherwise the screens make a new
Surface for new content (the board kit's caches do).  What pygame_gui draws is the exception:
a widget clipped by a scrolling container has its picture redrawn in place, so its calls
(``volatile``) count as changed in every frame (``draw_gui``).

``App.draw`` uses it for the window only; any other surface is drawn on directly.  The check
``BURROWBOX_CHECK_FRAMES=1`` (tests) draws every frame a second time the plain way and compares
the pixels.
"""
from __future__ import annotations

import math
import os
from difflib import SequenceMatcher

import pygame

FULL_SHARE = 0.55        # changed boxes covering more of the window than this: draw it all
MERGE_GAP = 32           # boxes nearer than this many pixels are drawn as one
MAX_BOXES = 24           # more boxes than this are drawn as their bounding box

_DRAW_NAMES = ("rect", "polygon", "circle", "aacircle", "ellipse", "arc", "line", "lines",
               "aaline", "aalines")
# each drawing function's parameters after the surface, in order
_PARAMS = {
    "rect": ("color", "rect", "width", "border_radius", "border_top_left_radius",
             "border_top_right_radius", "border_bottom_left_radius", "border_bottom_right_radius"),
    "polygon": ("color", "points", "width"),
    "circle": ("color", "center", "radius", "width", "draw_top_right", "draw_top_left",
               "draw_bottom_left", "draw_bottom_right"),
    "aacircle": ("color", "center", "radius", "width", "draw_top_right", "draw_top_left",
                 "draw_bottom_left", "draw_bottom_right"),
    "ellipse": ("color", "rect", "width"),
    "arc": ("color", "rect", "start_angle", "stop_angle", "width"),
    "line": ("color", "start_pos", "end_pos", "width"),
    "lines": ("color", "closed", "points", "width"),
    "aaline": ("color", "start_pos", "end_pos", "width"),
    "aalines": ("color", "closed", "points"),
}
_WIDTH_DEFAULT = {"arc": 1, "line": 1, "lines": 1, "aaline": 1}

_REAL = {name: getattr(pygame.draw, name) for name in _DRAW_NAMES if hasattr(pygame.draw, name)}


_PLAIN = frozenset((int, float, str, bool, type(None)))
_AS_TUPLE = frozenset((pygame.Rect, pygame.FRect, pygame.Color, pygame.Vector2))


_stamp = 0                   # counts every ``redrawn`` call of the program (never goes back)
_redrawn: dict = {}          # id(surface) -> the stamp of its last ``redrawn``
_redrawn_parts: dict = {}    # id(surface) -> [stamp before the kept ones, [(stamp, part or None)]]
_forgotten = 0               # the stamp when the two above were last emptied
_PARTS_KEPT = 8
_SURFACES_KEPT = 4096


def redrawn(surface, part=None) -> None:
    """``surface`` was drawn into again (reused instead of made anew): wherever the next frame
    puts it on screen is drawn again, or only its ``part`` (a rect in the surface) if nothing
    else of it changed.  (An id of a surface gone and taken by a new one keeps its stamp:
    harmless, a new surface is a new picture anyway.)"""
    global _stamp, _forgotten
    _stamp += 1
    if len(_redrawn) >= _SURFACES_KEPT:     # ids of surfaces long gone: forget them all
        _redrawn.clear()
        _redrawn_parts.clear()
        _forgotten = _stamp
    key = id(surface)
    _redrawn[key] = _stamp
    history = _redrawn_parts.setdefault(key, [0, []])
    history[1].append((_stamp, None if part is None else pygame.Rect(part)))
    if len(history[1]) > _PARTS_KEPT:
        history[0] = history[1].pop(0)[0]


def _freeze(value):
    """An immutable, hashable copy of a drawing argument (Rects, Colors, vectors and lists of
    points are mutable: the caller may change them after the call)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind in _AS_TUPLE:
        return tuple(value)
    if kind is tuple:
        for item in value:
            if type(item) not in _PLAIN:
                return tuple(_freeze(v) for v in value)
        return value
    try:
        return tuple(_freeze(v) for v in value)
    except TypeError:
        return value


def _box(x0, y0, x1, y1, grow: float) -> pygame.Rect:
    """The pixel box around x0..x1, y0..y1 (any order, floats), grown by ``grow`` each side."""
    if x1 < x0:
        x0, x1 = x1, x0
    if y1 < y0:
        y0, y1 = y1, y0
    g = int(math.ceil(grow))
    left, top = int(math.floor(x0)) - g, int(math.floor(y0)) - g
    return pygame.Rect(left, top, int(math.ceil(x1)) + g + 1 - left, int(math.ceil(y1)) + g + 1 - top)


def _draw_box(name: str, named: dict) -> pygame.Rect:
    """A box sure to hold every pixel a ``pygame.draw`` call may change."""
    width = named.get("width", _WIDTH_DEFAULT.get(name, 0)) or 0
    try:
        width = abs(float(width))
    except (TypeError, ValueError):
        width = 0.0
    grow = width + 3
    if name in ("rect", "ellipse", "arc"):
        r = named["rect"]
        x, y, w, h = (r[0][0], r[0][1], r[1][0], r[1][1]) if len(r) == 2 else r
        return _box(x, y, x + w, y + h, 3)
    if name in ("circle", "aacircle"):
        cx, cy = named["center"]
        radius = abs(float(named["radius"]))
        return _box(cx - radius, cy - radius, cx + radius, cy + radius, 3)
    if name in ("line", "aaline"):
        (x0, y0), (x1, y1) = named["start_pos"], named["end_pos"]
        return _box(x0, y0, x1, y1, grow)
    pts = named["points"]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return _box(min(xs), min(ys), max(xs), max(ys), grow)


class Recorder(pygame.Surface):
    """Stands in for the window while the screens draw: it keeps ``blit``, ``blits``,
    ``fblits``, ``fill`` and the ``pygame.draw`` calls made on it (with their clip and the box
    of pixels they may change) instead of making them.  Its size and clip behave as the
    window's; it has no pixels of its own to draw on (a surface of one)."""

    def __init__(self, size):
        super().__init__((1, 1), 0, 8)
        self._size = (max(1, int(size[0])), max(1, int(size[1])))
        self._whole = pygame.Rect((0, 0), self._size)
        self.ops: list = []          # (call, box, volatile, cover); call = (kind, ..., clip)
        self.volatile = False
        self.set_clip(None)

    def begin(self) -> None:
        self.ops = []
        self.volatile = False
        self.set_clip(None)

    def get_size(self):
        return self._size

    def get_width(self):
        return self._size[0]

    def get_height(self):
        return self._size[1]

    def get_rect(self, **kwargs):
        rect = self._whole.copy()
        for name, value in kwargs.items():
            setattr(rect, name, value)
        return rect

    def get_clip(self):
        return self._clip.copy()

    def set_clip(self, rect=None, *more):
        """As the window's: within its size, None for all of it."""
        if rect is None and not more:
            clip = self._whole.copy()
        else:
            clip = (pygame.Rect(rect, *more) if more else pygame.Rect(rect)).clip(self._whole)
        self._clip = clip
        self._clip_key = (clip.x, clip.y, clip.w, clip.h)

    def _keep(self, call, box: pygame.Rect, clip: pygame.Rect, opaque: bool = False) -> pygame.Rect:
        """Keep a call that may change the pixels in ``box``; ``opaque``: it sets every pixel
        of ``box`` whatever was there (the box is then exact)."""
        box = box.clip(clip)
        if box.w > 0 and box.h > 0:
            self.ops.append((call, box, self.volatile, box if opaque else None))
        return box

    def blit(self, source, dest=(0, 0), area=None, special_flags=0):
        clip = self._clip
        kind = type(dest)
        if kind is tuple or kind is list:
            x, y = dest[0], dest[1]
        elif kind is pygame.Rect or kind is pygame.FRect:
            x, y = dest.x, dest.y
        else:
            x, y = dest[0], dest[1]
        if type(x) is not int and type(x) is not float:
            x = float(x)
        if type(y) is not int and type(y) is not float:
            y = float(y)
        if area is None:
            w, h = source.get_size()
            ox = oy = 0
        else:
            a = pygame.Rect(area)
            cut = a.clip(source.get_rect())
            w, h, ox, oy = cut.w, cut.h, cut.x - a.x, cut.y - a.y
            area = (a.x, a.y, a.w, a.h)
        alpha, key = source.get_alpha(), source.get_colorkey()
        if type(x) is int and type(y) is int:
            box = clip.clip(x + ox, y + oy, w, h)
            opaque = not special_flags and key is None and (alpha is None or alpha == 255) \
                and not source.get_flags() & pygame.SRCALPHA
        else:           # where pygame puts a picture at a fraction of a pixel: a pixel more
            box = clip.clip(int(math.floor(x)) + ox - 1, int(math.floor(y)) + oy - 1, w + 2, h + 2)
            opaque = False
        if box.w > 0 and box.h > 0:
            call = (0, source, (x, y), area, special_flags, alpha, key, _redrawn.get(id(source), 0),
                    self._clip_key)
            self.ops.append((call, box, self.volatile, box if opaque else None))
        return box

    def blits(self, blit_sequence, doreturn=1):
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None

    def fblits(self, blit_sequence, special_flags=0):
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)

    def fill(self, color, rect=None, special_flags=0):
        clip = self._clip
        if rect is None:
            box = self.get_rect()
        else:
            r = pygame.Rect(rect)
            rect = (r.x, r.y, r.w, r.h)
            r.normalize()
            box = r
        call = (1, _freeze(color), rect, int(special_flags), self._clip_key)
        return self._keep(call, box, clip, not special_flags)

    def record_draw(self, name: str, args: tuple, kwargs: dict) -> pygame.Rect:
        clip = self._clip
        args = _freeze(args)
        kw = tuple(sorted((k, _freeze(v)) for k, v in kwargs.items()))
        named = dict(zip(_PARAMS[name], args))
        named.update(kw)
        try:
            box = _draw_box(name, named)
        except (KeyError, TypeError, ValueError, IndexError):
            box = self.get_rect()           # not understood: it may touch anything
        call = (2, name, args, kw, self._clip_key)
        return self._keep(call, box, clip)


def _wrap(name: str, real):
    def draw(surface, *args, **kwargs):
        if isinstance(surface, Recorder):
            return surface.record_draw(name, args, kwargs)
        return real(surface, *args, **kwargs)
    draw.__name__ = name
    draw.__doc__ = real.__doc__
    draw._real = real
    return draw


def install() -> None:
    """``pygame.draw``'s functions record when given a Recorder (once per process)."""
    for name, real in _REAL.items():
        if not hasattr(getattr(pygame.draw, name), "_real"):
            setattr(pygame.draw, name, _wrap(name, real))


install()


def draw_gui(manager, surface) -> None:
    """A pygame_gui manager's widgets on ``surface``, as ``manager.draw_ui`` draws them.  On a
    Recorder a widget's picture counts as changed in every frame only while it is clipped by a
    scrolling container: pygame_gui redraws such a picture in place; any other change of a
    widget's look gives it a new picture."""
    if not isinstance(surface, Recorder):
        manager.draw_ui(surface)
        return
    group = manager.get_sprite_group()
    owners = {id(getattr(sprite, "blit_data", None)): sprite for sprite in group.sprites()}
    for data in group.visible:
        sprite = owners.get(id(data))
        surface.volatile = sprite is None or getattr(sprite, "_image_clip", None) is not None \
            or getattr(sprite, "_visual_debug_mode", False)
        surface.blit(*data)
    surface.volatile = False


def _make(target, call, clip, alphas: dict) -> None:
    """Make one recorded call on ``target`` within ``clip``.  A picture drawn with another
    alpha than it has now (a shared glow faded differently for each of its places in one
    frame) gets that alpha back for the call; ``alphas`` keeps what to restore afterwards."""
    target.set_clip(clip)
    kind = call[0]
    if kind == 0:
        _, source, pos, area, flags, alpha = call[:6]
        now = source.get_alpha()
        if now != alpha:
            alphas.setdefault(source, now)
            source.set_alpha(alpha)
        target.blit(source, pos, area, flags)
    elif kind == 1:
        target.fill(call[1], call[2], call[3])
    else:
        _REAL[call[1]](target, *call[2], **dict(call[3]))


def _changed(old: list, new: list) -> list:
    """The boxes of the calls that differ between two frames' lists of calls (in order)."""
    n, m = len(old), len(new)
    i = 0
    while i < n and i < m and old[i][0] == new[i][0]:
        i += 1
    j = 0
    while j < n - i and j < m - i and old[n - 1 - j][0] == new[m - 1 - j][0]:
        j += 1
    a, b = old[i:n - j], new[i:m - j]
    if not a or not b:
        return [_changed_box(op) for op in a] + [_changed_box(op) for op in b]
    if len(a) == len(b) == 1:
        return _replaced(a, b)
    boxes: list = []
    matcher = SequenceMatcher(None, [op[0] for op in a], [op[0] for op in b], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "replace":
            boxes += _replaced(a[i1:i2], b[j1:j2])
        elif tag != "equal":
            boxes += [_changed_box(op) for op in a[i1:i2]] + [_changed_box(op) for op in b[j1:j2]]
    return boxes


def _changed_box(op) -> tuple:
    """(the box a call may change, whether one opaque picture or fill covers all of it)."""
    return op[1], op[3] is not None


def _replaced(olds: list, news: list) -> list:
    """The boxes of calls replaced by others at the same place of the list: a picture put at
    the same place again after only a part of it was drawn again (``redrawn(surface, part)``)
    changes that part only.  Paired in order, so no two calls swap places unseen."""
    out: list = []
    i = 0
    for op in news:
        k = next((k for k in range(i, len(olds)) if _same_but_redrawn(olds[k][0], op[0])), None)
        parts = None if k is None else _redrawn_boxes(olds[k][0], op)
        if parts is None:
            out.append(_changed_box(op))
            continue
        out += [_changed_box(o) for o in olds[i:k]]
        out += [(part, op[3] is not None) for part in parts]
        i = k + 1
    out += [_changed_box(o) for o in olds[i:]]
    return out


def _same_but_redrawn(old_call, new_call) -> bool:
    return old_call[0] == 0 == new_call[0] and old_call[1] is new_call[1] \
        and old_call[7] != new_call[7] and old_call[:7] == new_call[:7] and old_call[8:] == new_call[8:]


def _redrawn_boxes(old_call, new_op):
    """The screen boxes of the parts of a picture drawn again between two calls that put it at
    the same place, or None when some change was not of a part (or is forgotten)."""
    call, box = new_op[0], new_op[1]
    pos, area = call[2], call[3]
    if type(pos[0]) is not int or type(pos[1]) is not int:
        return None
    history = _redrawn_parts.get(id(call[1]))
    since, until = old_call[7], call[7]
    if history is None or since < history[0] or since < _forgotten:
        return None
    parts = [part for stamp, part in history[1] if since < stamp <= until]
    if not parts or any(part is None for part in parts):
        return None
    dx, dy = pos[0] - (area[0] if area else 0), pos[1] - (area[1] if area else 0)
    return [part.move(dx, dy).clip(box) for part in parts]


def _merge(boxes: list, bounds: pygame.Rect) -> list:
    """Boxes within ``bounds``, those that overlap or lie near each other joined.  A box that
    one opaque picture fills (``solid``: a panel row, a sheet's cell) is joined only with boxes
    it overlaps: alone, nothing under that picture needs drawing again."""
    todo = [(r, solid) for r, solid in ((b.clip(bounds), solid) for b, solid in boxes) if r.w > 0 and r.h > 0]
    while True:
        rects: list = []
        solids: list = []
        for r, solid in todo:
            grow = 0 if solid else MERGE_GAP
            near = r.inflate(2 * grow, 2 * grow).collidelistall(rects)
            for k in reversed(near):
                other = rects.pop(k)
                other_solid = solids.pop(k)
                if other_solid and not solid and not r.colliderect(other):
                    rects.insert(k, other)          # only near a solid box: kept apart
                    solids.insert(k, other_solid)
                    continue
                solid = solid and other_solid and other == r
                r = r.union(other)
            rects.append(r)
            solids.append(solid)
        if len(rects) == len(todo):
            break
        todo = list(zip(rects, solids))
    if len(rects) > MAX_BOXES:
        rects = [rects[0].unionall(rects[1:])]
    return rects


class Compositor:
    """Draws the frames of one window: ``frame(display, draw)`` records what ``draw(surface)``
    draws, and makes on ``display`` only the calls where something changed since the last
    frame.  Returns the changed boxes, or None when the whole window was drawn."""

    def __init__(self):
        self._recorder: Recorder | None = None
        self._last: list | None = None       # the last frame's calls
        self._display = None
        self.check = os.environ.get("BURROWBOX_CHECK_FRAMES", "") not in ("", "0")
        self.drawn_boxes = 0                 # (tests) boxes drawn again in the last frame

    def reset(self) -> None:
        """The next frame draws everything (and the last frame's pictures may go now)."""
        self._last = None

    def _recorder_for(self, size) -> Recorder:
        if self._recorder is None or self._recorder.get_size() != size:
            self._recorder = Recorder(size)
            self._last = None
        return self._recorder

    def frame(self, display, draw, full: bool = False):
        rec = self._recorder_for(display.get_size())
        before = display.copy() if self.check else None
        rec.begin()
        try:
            draw(rec)
        finally:
            rec.set_clip(None)
        ops, rec.ops = rec.ops, []
        last, self._last = self._last, ops
        # the same window with the same pixels (a resize may keep the Surface and move them)
        same = (display, display.get_size(), getattr(display, "_pixels_address", None))
        if full or last is None or same != self._display:
            self._display = same
            boxes = None
        else:
            try:
                changed = _changed([op for op in last if not op[2]], [op for op in ops if not op[2]])
            except TypeError:               # an argument that cannot be compared: draw it all
                changed = [(display.get_rect(), False)]
            changed += [_changed_box(op) for op in last if op[2]] + [_changed_box(op) for op in ops if op[2]]
            bounds = display.get_rect()
            boxes = _merge(changed, bounds)
            if sum(b.w * b.h for b in boxes) > FULL_SHARE * bounds.w * bounds.h:
                boxes = None
        alphas: dict = {}
        try:
            if boxes is None:
                for op in ops:
                    _make(display, op[0], op[0][-1], alphas)
            else:
                rects = [op[1] for op in ops]
                for area in boxes:
                    touching = area.collidelistall(rects)
                    first = 0           # the last call that covers the box: nothing before counts
                    for j in range(len(touching) - 1, -1, -1):
                        cover = ops[touching[j]][3]
                        if cover is not None and cover.contains(area):
                            first = j
                            break
                    for k in touching[first:]:
                        call = ops[k][0]
                        _make(display, call, area.clip(call[-1]), alphas)
        finally:
            display.set_clip(None)
            for source, alpha in alphas.items():     # as the screens left them
                source.set_alpha(alpha)
        self.drawn_boxes = -1 if boxes is None else len(boxes)
        if before is not None:
            self._check(display, before, draw, ops, boxes)
        return boxes

    def _check(self, display, before, draw, ops, boxes) -> None:
        """(``BURROWBOX_CHECK_FRAMES``) The window as drawn must be what drawing every recorded
        call gives, and what drawing the frame the plain way gives: drawn again, over the window
        as it was, and compared (unless the screens draw another frame the second time, as a
        ring pulsing by the clock does: then the recording is compared)."""
        whole = before.copy()
        for op in ops:
            _make(whole, op[0], op[0][-1], {})
        whole.set_clip(None)
        self._compare(display, whole, f"only the changed boxes drawn {boxes}")
        plain = before
        draw(plain)
        plain.set_clip(None)
        if self._same(whole, plain):
            return
        again = Recorder(display.get_size())
        again.begin()
        draw(again)

        def shape(call):
            return tuple(x.get_size() if isinstance(x, pygame.Surface) else x for x in call)
        if [shape(op[0]) for op in again.ops] == [shape(op[0]) for op in ops]:
            self._compare(whole, plain, "the recorded calls drawn")

    @staticmethod
    def _same(a, b) -> bool:
        return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")

    def _compare(self, got, want, what: str) -> None:
        if self._same(got, want):
            return
        self.mismatch = (got.copy(), want.copy())
        w, h = got.get_size()
        bad = [(x, y) for y in range(0, h) for x in range(0, w)
               if got.get_at((x, y))[:3] != want.get_at((x, y))[:3]]
        xs, ys = [p[0] for p in bad], [p[1] for p in bad]
        raise AssertionError(f"{what}: the frame differs from the plain drawing in {len(bad)} pixels, "
                             f"within ({min(xs)}, {min(ys)})-({max(xs)}, {max(ys)})")
