"""One surface cache for every board view: least recently used out first, bounded in bytes.

Every view keeps what it draws once (sprites, plates, labels) here instead of in its own dicts,
so the memory a long session of several games can take is one number, ``BUDGET``:

    img = CACHE.get(("moles", "plate", 2, size))
    if img is None:
        img = CACHE.put(("moles", "plate", 2, size), render())
    img = CACHE.make(("moles", "plate", 2, size), render)    # the same in one call

A key starts with its owner (the game id or "kit"); ``drop(owner)`` forgets one owner's surfaces
(e.g. on a new game). A value may be a Surface, None (remembered as "nothing to draw") or a small
list of (Surface, pos) pairs.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable

BUDGET = 13 * 1024 * 1024     # bytes of pixels kept for all board views together
BUDGET_AREA = 1920 * 1080     # ... in a window of this many pixels (see ``fit_budget``)
MIN_BUDGET = 10 * 1024 * 1024  # ... in a small window

_MISSING = object()


def _surfaces(value: Any, out: list) -> list:
    """The surfaces a cached value holds (a Surface, or lists and tuples of them)."""
    if isinstance(value, (list, tuple)):
        for v in value:
            _surfaces(v, out)
    elif getattr(value, "get_size", None) is not None and getattr(value, "get_bytesize", None) is not None:
        out.append(value)
    return out


def _root(surface):
    """The surface that owns the pixels (a subsurface shares its parent's)."""
    try:
        return surface.get_abs_parent()
    except (AttributeError, TypeError):
        return surface


def _pixels(surface) -> int:
    w, h = surface.get_size()
    return w * h * max(1, surface.get_bytesize())


class SurfaceCache:
    """``bytes`` is what the cache really keeps alive: every surface's pixels once, however
    many entries share it (an atlas and its subsurfaces, one sprite under two keys), plus 64
    bytes an entry."""

    def __init__(self, budget: int = BUDGET):
        self.budget = int(budget)
        self.bytes = 0
        self._items: OrderedDict = OrderedDict()     # key -> (value, roots)
        self._roots: dict = {}                       # id(root surface) -> [root, entries using it]

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key) -> bool:
        return key in self._items

    def get(self, key, default=None):
        item = self._items.get(key, _MISSING)
        if item is _MISSING:
            return default
        self._items.move_to_end(key)
        return item[0]

    def _hold(self, value) -> tuple:
        roots = tuple({id(r): r for r in map(_root, _surfaces(value, []))}.values())
        self.bytes += 64
        for r in roots:
            held = self._roots.get(id(r))
            if held is None:
                self._roots[id(r)] = [r, 1]
                self.bytes += _pixels(r)
            else:
                held[1] += 1
        return roots

    def _let_go(self, roots) -> None:
        self.bytes -= 64
        for r in roots:
            held = self._roots[id(r)]
            held[1] -= 1
            if held[1] == 0:
                del self._roots[id(r)]
                self.bytes -= _pixels(r)

    def put(self, key, value):
        old = self._items.pop(key, None)
        if old is not None:
            self._let_go(old[1])
        self._items[key] = (value, self._hold(value))
        while self.bytes > self.budget and len(self._items) > 1:
            _, (_, roots) = self._items.popitem(last=False)
            self._let_go(roots)
        return value

    def make(self, key, build: Callable[[], Any]):
        item = self._items.get(key, _MISSING)
        if item is not _MISSING:
            self._items.move_to_end(key)
            return item[0]
        return self.put(key, build())

    def drop(self, owner) -> None:
        """Forget every surface whose key starts with ``owner``."""
        self.drop_prefix((owner,))

    def drop_prefix(self, prefix: tuple) -> None:
        """Forget every surface whose key starts with the items of ``prefix``."""
        n = len(prefix)
        for key in [k for k in self._items if isinstance(k, tuple) and k[:n] == prefix]:
            self._let_go(self._items.pop(key)[1])

    def keep_only(self, owners) -> None:
        """Forget every surface whose key does not start with one of ``owners``."""
        owners = set(owners)
        for key in [k for k in self._items if not (isinstance(k, tuple) and k and k[0] in owners)]:
            self._let_go(self._items.pop(key)[1])

    def clear(self) -> None:
        self._items.clear()
        self._roots.clear()
        self.bytes = 0


CACHE = SurfaceCache()


def fit_budget(window_size) -> None:
    """The budget for a window of ``window_size``: ``BUDGET`` for a window of ``BUDGET_AREA``,
    in proportion to the window's area above and below it (the pictures of one frame grow with
    the area: Mole Dig's, the most, take at most 10.9 MB at 1920x1080 and 19.3 MB at 2560x1440,
    against budgets of 13 and 23 MB), never below ``MIN_BUDGET``.  The square root of the
    area it grew with before kept 24 MB at 1920x1080, twice what a frame uses."""
    w, h = window_size
    area = max(1, w) * max(1, h)
    CACHE.budget = max(MIN_BUDGET, int(BUDGET * area / BUDGET_AREA))


class CacheSpace:
    """One view's corner of ``CACHE``, used like a dict; ``clear()`` starts a new generation
    (the old surfaces are no longer found and leave the cache as it needs room)."""

    def __init__(self, *prefix):
        self.prefix = prefix
        self.gen = 0
        self._head = (*prefix, 0)

    def _k(self, key):
        return (*self._head, key)

    def get(self, key, default=None):
        k = (*self._head, key)
        items = CACHE._items
        item = items.get(k, _MISSING)
        if item is _MISSING:
            return default
        items.move_to_end(k)
        return item[0]

    def __getitem__(self, key):
        got = CACHE.get(self._k(key), _MISSING)
        if got is _MISSING:
            raise KeyError(key)
        return got

    def __setitem__(self, key, value) -> None:
        CACHE.put(self._k(key), value)

    def __contains__(self, key) -> bool:
        return self._k(key) in CACHE

    def clear(self) -> None:
        self.gen += 1
        self._head = (*self.prefix, self.gen)

    def forget(self) -> None:
        """Drop every surface of this space from the cache now (a throw-away view's)."""
        CACHE.drop_prefix(self.prefix)

    def __iter__(self):
        n = len(self.prefix)
        for key in list(CACHE._items):
            if isinstance(key, tuple) and key[:n] == self.prefix and len(key) == n + 2 and key[n] == self.gen:
                yield key[n + 1]
