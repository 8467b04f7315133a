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

BUDGET = 24 * 1024 * 1024     # bytes of pixels kept for all board views together

_MISSING = object()


def _size_of(value: Any) -> int:
    if value is None:
        return 64
    get_size = getattr(value, "get_size", None)
    if get_size is not None:
        w, h = get_size()
        return max(64, w * h * max(1, value.get_bytesize()))
    if isinstance(value, (list, tuple)):
        return 64 + sum(_size_of(v[0] if isinstance(v, tuple) else v) for v in value)
    return 64


class SurfaceCache:
    def __init__(self, budget: int = BUDGET):
        self.budget = int(budget)
        self.bytes = 0
        self._items: OrderedDict = OrderedDict()

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

    def put(self, key, value):
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        size = _size_of(value)
        self._items[key] = (value, size)
        self.bytes += size
        while self.bytes > self.budget and len(self._items) > 1:
            _, (_, s) = self._items.popitem(last=False)
            self.bytes -= s
        return value

    def make(self, key, build: Callable[[], Any]):
        item = self._items.get(key, _MISSING)
        if item is not _MISSING:
            self._items.move_to_end(key)
            return item[0]
        return self.put(key, build())

    def drop(self, owner) -> None:
        """Forget every surface whose key starts with ``owner``."""
        for key in [k for k in self._items if isinstance(k, tuple) and k and k[0] == owner]:
            self.bytes -= self._items.pop(key)[1]

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


CACHE = SurfaceCache()


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

    def __iter__(self):
        n = len(self.prefix)
        for key in list(CACHE._items):
            if isinstance(key, tuple) and key[:n] == self.prefix and len(key) == n + 2 and key[n] == self.gen:
                yield key[n + 1]
