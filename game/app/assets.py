"""Artwork, palette and fonts for the scenes and the board views, loaded on first use.

    assets = Assets()
    assets.image("games/moles.svg", (240, 160))   # Surface or None (missing/broken file)
    assets.seat(0)                                 # palette entry {"id","name","rgb","dark","marking"}
    assets.colour("accent")                        # ui colour (r, g, b)
    assets.font(18, bold=True)
"""
from __future__ import annotations

import pygame

from ..io.paths import resource_path
from . import ui
from .board import draw


class Assets:
    def __init__(self):
        from .board.cache import CacheSpace
        self._images = CacheSpace("assets", id(self))   # in the one surface cache, bounded in bytes

    # palette ---------------------------------------------------------------------------
    @property
    def palette(self) -> list[dict]:
        return ui.seat_palette()

    def seat(self, colour_index: int) -> dict:
        pal = self.palette
        return pal[colour_index % len(pal)]

    def colour(self, key: str) -> tuple[int, int, int]:
        return ui.colour(key)

    @property
    def colours(self) -> dict:
        return ui.colours()

    def font(self, px: int, bold: bool = False) -> pygame.font.Font:
        return ui.font(px, bold)

    # images ---------------------------------------------------------------------------
    def path(self, name: str):
        return resource_path("sprites", *name.split("/"))

    def exists(self, name: str) -> bool:
        try:
            return self.path(name).is_file()
        except OSError:
            return False

    def image(self, name: str, size: tuple[int, int] | None = None):
        """The sprite ``sprites/<name>`` at ``size`` (SVG rendered at that size), or None."""
        key = (name, tuple(size) if size else None)
        if key in self._images:
            return self._images[key]
        img = None
        path = self.path(name)
        if path.is_file():
            try:
                if size and name.lower().endswith(".svg") and hasattr(pygame.image, "load_sized_svg"):
                    img = pygame.image.load_sized_svg(str(path), size)
                else:
                    img = pygame.image.load(str(path))
                    if size and img.get_size() != tuple(size):
                        img = pygame.transform.smoothscale(img, size)
                img = draw.convert(img)
            except (pygame.error, OSError, ValueError):
                img = None
        self._images[key] = img
        return img

    def image_fit(self, name: str, box: tuple[int, int]):
        """The sprite scaled to fit in ``box`` keeping its aspect ratio, or None."""
        w, h = box
        key = ("fit", name, (w, h))
        if key in self._images:
            return self._images[key]
        native = self.image(name)
        img = None
        if native is not None:
            iw, ih = native.get_size()
            if iw and ih:
                s = min(w / iw, h / ih)
                size = (max(1, int(iw * s)), max(1, int(ih * s)))
                img = self.image(name, size)
        self._images[key] = img
        return img
