"""Theme, fonts, layout helpers and the keyboard focus ring shared by every scene.

Colours come from ``data/ui.yaml`` (``ui`` and ``seat_colours``) with built-in defaults, so the
app still looks right when that file is missing or broken.  Sizes are designed for a 1280x720
window and scaled by ``scale_for(window_size)``; fonts scale with it.
"""
from __future__ import annotations

import copy
import os
from typing import Callable

import pygame

from ..paths import resource_path

# ---- colours ---------------------------------------------------------------------------------

DEFAULT_UI = {
    "background": "#2E2118",
    "panel": "#4A3526",
    "panel_edge": "#7A5A3E",
    "text": "#F5EBD7",
    "text_muted": "#CDB99A",
    "text_dark": "#2B1D14",
    "accent": "#E8B04B",
    "highlight": "#FFF1A8",
    "warning": "#FF9E7A",
}

# Colours of the boards themselves (data/ui.yaml ``board``): the box, the gold, shadows, the
# fallbacks drawn when an artwork file is missing.  Views take them from here, never literals.
DEFAULT_BOARD = {
    "box": "#3A281C",
    "gold": "#E8B04B",
    "ink": "#2B1D14",
    "paper": "#F7F0E0",
    "shadow": "#140C06",
    "earth_dark": "#28190F",
    "earth_deep": "#140A05",
    "earth_mid": "#5A3C1E",
    "crack": "#0A1428",
    "pebble": "#FFF0DC",
    "grass": "#466E28",
    "hole": "#7A4D2A",
    "disc": "#C8965A",
    "disc_back": "#A0662F",
    "glow": "#FFD66E",
    "ray": "#FFCE54",
    "cream": "#FBF1DC",
    "felt": "#5C7842",
    "felt_dark": "#3E562C",
    "green": "#58B060",
    "kind_tablecloth": "#009E73",
    "kind_tiles": "#0072B2",
    "kind_stone": "#A3A3A3",
    "kind_wood": "#E69F00",
    "sheet_ink": "#2A1E18",
    "sheet_earth": "#563A26",
    "sheet_earth_dark": "#3A2618",
    "sheet_floor": "#E8CD9E",
    "sheet_floor_start": "#B2885C",
    "sheet_wall": "#402818",
    "sheet_tunnel": "#C4A070",
    "amber": "#F0A83C",
    "sheet_paper": "#F7ECD4",
    "score_chambers": "#C98E4A",
    "score_mushrooms": "#D24E34",
    "score_nuts": "#966028",
    "tint_taken": "#FF7864",
    "shelf_number": "#96785A",
    "card_rim": "#7A4E2C",
    "neutral": "#969696",
    "insect_ladybug": "#D55E00",
    "insect_beetle": "#28325A",
    "insect_bee": "#F0C828",
    "insect_butterfly": "#CC79A7",
    "insect_dragonfly": "#56B4E9",
    "insect_caterpillar": "#5AA03C",
    "insect_other": "#5A5A5A",
    "disc_wood": "#603C22",
    "disc_wood_rim": "#AA7846",
    "ant": "#5A2314",
    "grasshopper": "#78BE46",
    "supply_edge": "#785432",
    "supply_mark": "#6E5032",
    "ability_edge": "#5A466E",
    "trail_edge": "#3C1E12",
    "trail": "#F0D6A0",
    "shelf": "#F0E2C4",
    "shelf_on": "#FFF4D6",
    "shelf_edge": "#8C6840",
    "nut_fallback": "#A0642D",
    "nut_cap_fallback": "#6E5028",
    "mushroom_stem": "#F6E7C8",
    "mushroom_cap": "#C83C28",
    "coin_fallback": "#E69F00",
    "die_face": "#FCF6E8",
    "die_edge": "#5A3E28",
    "floor_line": "#5A3C23",
    "floor_grain": "#785028",
    "mushroom": "#C8402C",
    "nut": "#965C24",
    "earth_light": "#FFDCAA",
    "lawn": "#5C8038",
    "lawn_blade": "#7AA046",
    "ground_line": "#462E1C",
    "pencil_preview": "#3C2C22",
}

DEFAULT_SEATS = [
    {"id": "red", "name": "Red", "rgb": "#D3262B", "dark": "#7C1216", "marking": "circle"},
    {"id": "blue", "name": "Blue", "rgb": "#0072B2", "dark": "#003F63", "marking": "square"},
    {"id": "green", "name": "Green", "rgb": "#009E73", "dark": "#005740", "marking": "triangle"},
    {"id": "yellow", "name": "Yellow", "rgb": "#F0E442", "dark": "#8A7F12", "marking": "diamond"},
    {"id": "purple", "name": "Purple", "rgb": "#8A4FBF", "dark": "#4B2473", "marking": "star"},
    {"id": "sky", "name": "Sky", "rgb": "#56B4E9", "dark": "#1F6A94", "marking": "cross"},
]

_ui_data: dict | None = None
_ui_message: str | None = None


def _to_rgb(value, fallback) -> tuple[int, int, int]:
    try:
        if isinstance(value, str):
            c = pygame.Color(value)
            return (c.r, c.g, c.b)
        if isinstance(value, (list, tuple)) and len(value) >= 3:
            r, g, b = (int(v) for v in value[:3])
            if all(0 <= v <= 255 for v in (r, g, b)):
                return (r, g, b)
    except (ValueError, TypeError):
        pass
    return _to_rgb(fallback, "#808080") if fallback is not None else (128, 128, 128)


def _load_ui_data() -> dict:
    """data/ui.yaml as {'ui': {...rgb}, 'seats': [...]}, defaults for anything missing/bad."""
    global _ui_data, _ui_message
    if _ui_data is not None:
        return _ui_data
    raw: dict = {}
    path = resource_path("data", "ui.yaml")
    if path.exists():
        try:
            from ..safeio import load_yaml   # the strict reader: limits, safe loader
            loaded = load_yaml(path, "data/ui.yaml")
            if isinstance(loaded, dict):
                raw = loaded
            else:
                _ui_message = "data/ui.yaml is not a mapping; using built-in colours."
        except Exception as exc:  # noqa: BLE001 - any broken file falls back to defaults
            _ui_message = f"data/ui.yaml could not be read ({type(exc).__name__}); using built-in colours."
    ui_raw = raw.get("ui") if isinstance(raw.get("ui"), dict) else {}
    ui = {k: _to_rgb(ui_raw.get(k, v), v) for k, v in DEFAULT_UI.items()}
    for k, v in ui_raw.items():
        if k not in ui:
            ui[k] = _to_rgb(v, "#808080")
    seats = []
    seat_raw = raw.get("seat_colours")
    if isinstance(seat_raw, list) and len(seat_raw) >= 4:
        for i, entry in enumerate(seat_raw):
            if not isinstance(entry, dict):
                continue
            base = DEFAULT_SEATS[i] if i < len(DEFAULT_SEATS) else DEFAULT_SEATS[-1]
            seats.append({
                "id": str(entry.get("id", base["id"])),
                "name": str(entry.get("name", base["name"])),
                "rgb": _to_rgb(entry.get("rgb"), base["rgb"]),
                "dark": _to_rgb(entry.get("dark", entry.get("rgb")), base["dark"]),
                "marking": str(entry.get("marking", base["marking"])),
            })
    if len(seats) < 4:
        seats = [{**s, "rgb": _to_rgb(s["rgb"], None), "dark": _to_rgb(s["dark"], None)}
                 for s in DEFAULT_SEATS]
    board_raw = raw.get("board") if isinstance(raw.get("board"), dict) else {}
    board = {k: _to_rgb(board_raw.get(k, v), v) for k, v in DEFAULT_BOARD.items()}
    _ui_data = {"ui": ui, "seats": seats, "board": board}
    return _ui_data


def colours() -> dict[str, tuple[int, int, int]]:
    return _load_ui_data()["ui"]


def colour(key: str) -> tuple[int, int, int]:
    return colours().get(key) or _to_rgb(DEFAULT_UI.get(key, "#808080"), "#808080")


def board_colour(key: str) -> tuple[int, int, int]:
    """A board colour from data/ui.yaml ``board`` (see DEFAULT_BOARD)."""
    got = _load_ui_data()["board"].get(key)
    return got if got is not None else _to_rgb(DEFAULT_BOARD.get(key, "#808080"), "#808080")


def seat_palette() -> list[dict]:
    """Seat colours: [{'id','name','rgb'(tuple),'dark'(tuple),'marking'}]."""
    return _load_ui_data()["seats"]


def ui_data_message() -> str | None:
    _load_ui_data()
    return _ui_message


def hex_of(rgb) -> str:
    return "#%02X%02X%02X" % tuple(rgb[:3])


def mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


def luminance(rgb) -> float:
    def ch(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb[:3]
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)


def text_on(rgb) -> tuple[int, int, int]:
    """Readable text colour on a fill."""
    return colour("text_dark") if luminance(rgb) > 0.22 else colour("text")


# ---- scale and fonts ---------------------------------------------------------------------------

BASE_SIZE = (1280, 720)
MIN_WINDOW = (1024, 600)


def scale_for(size) -> float:
    w, h = size
    s = min(w / BASE_SIZE[0], h / BASE_SIZE[1])
    s = max(0.8, min(3.0, s))
    return round(s * 20) / 20  # steps of 0.05 so managers and fonts can be cached


_font_cache: dict = {}
FONT_CACHE_SIZE = 16        # fonts kept (sizes x bold; ~0.6 MB each); least recently used go first


def _font_file(bold: bool) -> str | None:
    try:
        import pygame_gui.data as gd
        name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
        path = os.path.join(os.path.dirname(gd.__file__), name)
        return path if os.path.exists(path) else None
    except Exception:  # noqa: BLE001
        return None


def font(px: int, bold: bool = False) -> pygame.font.Font:
    px = max(8, int(px))
    key = (px, bold)
    f = _font_cache.pop(key, None)
    if f is not None:
        _font_cache[key] = f                # most recently used last
    else:
        if not pygame.font.get_init():
            pygame.font.init()
        path = _font_file(bold)
        try:
            f = pygame.font.Font(path, px)
        except (OSError, pygame.error):
            f = pygame.font.Font(None, int(px * 1.3))
            f.set_bold(bold)
        _font_cache[key] = f
        while len(_font_cache) > FONT_CACHE_SIZE:
            del _font_cache[next(iter(_font_cache))]
    return f


def wrap(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for para in str(text).split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        cur = words[0]
        for w in words[1:]:
            trial = cur + " " + w
            if fnt.size(trial)[0] <= width:
                cur = trial
            else:
                lines.append(cur)
                cur = w
        lines.append(cur)
    return lines


def ellipsize(text: str, fnt: pygame.font.Font, width: int) -> str:
    if fnt.size(text)[0] <= width:
        return text
    while text and fnt.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def draw_text(surface, text, fnt, col, pos, anchor="topleft", max_width=None) -> pygame.Rect:
    if max_width is not None:
        text = ellipsize(text, fnt, max_width)
    img = fnt.render(str(text), True, col)
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    return r


def draw_wrapped(surface, text, fnt, col, rect, line_gap=1.15, align="left", max_lines=None) -> int:
    """Draw text wrapped into rect (x, y, width); returns the height used."""
    rect = pygame.Rect(rect)
    lines = wrap(text, fnt, rect.width)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + " …", fnt, rect.width)
    y = rect.y
    step = int(fnt.get_linesize() * line_gap)
    for ln in lines:
        img = fnt.render(ln, True, col)
        if align == "center":
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        else:
            surface.blit(img, (rect.x, y))
        y += step
    return y - rect.y


class SurfaceCache:
    """Surfaces by key, least recently used dropped first once their pixels pass ``budget``
    bytes: a cache per window size or per screen that cannot grow without bound."""

    def __init__(self, budget: int):
        self.budget = budget
        self.bytes = 0
        self._items: dict = {}

    def get(self, key):
        img = self._items.pop(key, None)
        if img is not None:
            self._items[key] = img          # most recently used last
        return img

    def put(self, key, img):
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= _nbytes(old)
        self._items[key] = img
        self.bytes += _nbytes(img)
        while self.bytes > self.budget and len(self._items) > 1:
            first = next(iter(self._items))
            self.bytes -= _nbytes(self._items.pop(first))
        return img

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)


def _nbytes(img) -> int:
    if img is None or not hasattr(img, "get_size"):
        return 64
    w, h = img.get_size()
    return w * h * img.get_bytesize() + 64


_shadow_cache = SurfaceCache(8 * 1024 * 1024)


def new_surface(size, flags=0) -> pygame.Surface:
    """A new Surface; a size of zero or less (a layout squeezed by a resize) gives 1x1, never
    pygame's "Invalid resolution for Surface"."""
    w, h = size
    return pygame.Surface((max(1, int(w)), max(1, int(h))), flags)


def draw_panel(surface, rect, fill=None, edge=None, radius=12, width=2, shadow=True) -> None:
    rect = pygame.Rect(rect)
    if rect.w <= 0 or rect.h <= 0:
        return
    fill = fill or colour("panel")
    edge = edge or colour("panel_edge")
    if shadow:
        key = (rect.size, radius)
        sh = _shadow_cache.get(key)
        if sh is None:
            sh = new_surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(sh, (0, 0, 0, 70), sh.get_rect(), border_radius=radius)
            _shadow_cache.put(key, sh)
        surface.blit(sh, rect.move(3, 4))
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width=width, border_radius=radius)


def draw_marking(surface, marking: str, centre, radius: int, fill, outline=None) -> None:
    """The seat's shape marking (circle, square, triangle, diamond, star, cross)."""
    cx, cy = centre
    r = max(3, radius)
    pts = None
    if marking == "square":
        rect = pygame.Rect(0, 0, int(r * 1.7), int(r * 1.7))
        rect.center = centre
        pygame.draw.rect(surface, fill, rect)
        if outline:
            pygame.draw.rect(surface, outline, rect, 2)
        return
    if marking == "triangle":
        pts = [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    elif marking == "diamond":
        pts = [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    elif marking == "star":
        import math
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    elif marking == "cross":
        t = max(2, int(r * 0.55))
        pygame.draw.rect(surface, fill, (cx - t // 2, cy - r, t, 2 * r))
        pygame.draw.rect(surface, fill, (cx - r, cy - t // 2, 2 * r, t))
        if outline:
            pygame.draw.rect(surface, outline, (cx - t // 2, cy - r, t, 2 * r), 1)
            pygame.draw.rect(surface, outline, (cx - r, cy - t // 2, 2 * r, t), 1)
        return
    if pts is None:
        pygame.draw.circle(surface, fill, centre, r)
        if outline:
            pygame.draw.circle(surface, outline, centre, r, 2)
        return
    pygame.draw.polygon(surface, fill, pts)
    if outline:
        pygame.draw.polygon(surface, outline, pts, 2)


def draw_swatch(surface, seat_colour: dict, rect) -> None:
    """A seat's colour chip with its marking in the middle (never colour alone)."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, seat_colour["rgb"], rect, border_radius=max(3, rect.h // 4))
    pygame.draw.rect(surface, colour("text"), rect, width=2, border_radius=max(3, rect.h // 4))
    mark = text_on(seat_colour["rgb"])
    draw_marking(surface, seat_colour["marking"], rect.center, int(rect.h * 0.28), mark)


_bg_cache: dict = {}


def draw_background(surface, strata: bool = True) -> None:
    """Dark soil with soft earth layers at the bottom; cached per window size."""
    size = surface.get_size()
    key = (size, strata)
    img = _bg_cache.get(key)
    if img is None:
        _bg_cache.clear()
        img = pygame.Surface(size)
        bg = colour("background")
        top = mix(bg, (0, 0, 0), 0.25)
        grad = pygame.Surface((1, 64))
        for y in range(64):
            grad.set_at((0, y), mix(top, bg, y / 63))
        img.blit(pygame.transform.smoothscale(grad, size), (0, 0))
        if strata:
            w, h = size
            import math
            bands = [(0.80, mix(bg, colour("panel"), 0.55)), (0.86, mix(bg, colour("panel_edge"), 0.35)),
                     (0.93, mix(bg, colour("panel"), 0.8))]
            for frac, col in bands:
                pts = [(0, h)]
                for i in range(33):
                    x = w * i / 32
                    y = h * frac + math.sin(i * 0.7 + frac * 17) * h * 0.012 + math.sin(i * 0.23) * h * 0.02
                    pts.append((x, y))
                pts.append((w, h))
                pygame.draw.polygon(img, col, pts)
            # pebbles
            rng = __import__("random").Random(3)
            for _ in range(40):
                x = rng.uniform(0, w)
                y = rng.uniform(h * 0.84, h)
                r = rng.uniform(2, 6) * scale_for(size)
                pygame.draw.ellipse(img, mix(colour("panel_edge"), colour("text_muted"), rng.random() * 0.4),
                                    (x, y, r * 1.6, r))
        _bg_cache[key] = img
    surface.blit(img, (0, 0))


def dim(surface, alpha: int = 150) -> None:
    veil = new_surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((*mix(colour("background"), (0, 0, 0), 0.5), alpha))
    surface.blit(veil, (0, 0))


# ---- pygame_gui manager with the scaled theme ----------------------------------------------------

_theme_base: dict | None = None


def _load_theme() -> dict:
    global _theme_base
    if _theme_base is None:
        try:
            from ..safeio import load_json   # the strict reader
            _theme_base = load_json(resource_path("data", "theme.json"), "data/theme.json")
            if not isinstance(_theme_base, dict):
                _theme_base = {}
        except (OSError, ValueError):
            _theme_base = {}
    return _theme_base


def _apply_palette(theme: dict) -> dict:
    """Replace colour names like "$accent" in the theme with data/ui.yaml colours."""
    ui = colours()

    def fix(value):
        if isinstance(value, dict):
            return {k: fix(v) for k, v in value.items()}
        if isinstance(value, list):
            return [fix(v) for v in value]
        if isinstance(value, str) and value.startswith("$"):
            name, _, alpha = value[1:].partition("@")
            rgb = ui.get(name)
            if rgb is None:
                return "#808080"
            return hex_of(rgb) + (alpha if alpha else "")
        if isinstance(value, str) and value.startswith("mix(") and value.endswith(")"):
            try:
                a, b, t = value[4:-1].split(",")
                return hex_of(mix(ui[a.strip()], ui[b.strip()], float(t)))
            except (KeyError, ValueError):
                return "#808080"
        return value
    return fix(theme)


def scaled_theme(scale: float) -> dict:
    theme = _apply_palette(copy.deepcopy(_load_theme()))

    def fix_font(f):
        if isinstance(f, dict) and "size" in f:
            try:
                f["size"] = str(max(8, round(int(f["size"]) * scale)))
            except (TypeError, ValueError):
                pass
        return f
    for name, block in theme.items():
        if not isinstance(block, dict) or "scroll_bar" in name:
            continue
        f = block.get("font")
        if isinstance(f, list):
            for x in f:
                fix_font(x)
        elif f is not None:
            fix_font(f)
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in ("shape_corner_radius", "text_horiz_alignment_padding", "border_width",
                        "padding", "list_item_height", "open_button_width"):
                if key in misc:
                    try:
                        vals = [max(1 if key == "border_width" else 0, round(int(v) * scale))
                                for v in str(misc[key]).split(",")]
                        misc[key] = ",".join(str(v) for v in vals)
                    except ValueError:
                        pass
    return theme


def base_font_px(key: str, default: int) -> int:
    theme = _load_theme()
    try:
        return int(theme[key]["font"]["size"])
    except (KeyError, TypeError, ValueError):
        return default


def preload(mgr, sizes, styles=("bold", "italic")) -> None:
    """Load pygame_gui fonts that HTML text will ask for (avoids warnings and hitches)."""
    fonts = [{"name": "noto_sans", "point_size": int(sz), "style": st, "antialiased": "1"}
             for sz in sorted(set(sizes)) for st in styles]
    try:
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            mgr.preload_fonts(fonts)
    except Exception:  # noqa: BLE001 - a missing font only costs a warning later
        pass


def make_manager(size, scale: float):
    import pygame_gui
    theme = scaled_theme(scale)
    mgr = pygame_gui.UIManager(size, theme, enable_live_theme_updates=False)
    sizes = set()
    for key in ("#log", "#rules", "text_box"):
        try:
            sizes.add(int(theme[key]["font"]["size"]))
        except (KeyError, TypeError, ValueError):
            pass
    preload(mgr, sizes)
    return mgr


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
        self.rows: list[pygame.Surface] = []   # wrapped, rendered rows
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

    def set_lines(self, lines: list[str]) -> None:
        """Replace everything (after an undo, or when the scene is built)."""
        self.lines = []
        self.rows, self._counts, self._wrapped = [], [], 0
        self.offset = 0
        self.append(list(lines)[-self.MAX_LINES:])

    def append(self, lines: list[str]) -> None:
        self.lines.extend(str(x) for x in lines)
        self._wrap_new()
        if len(self.lines) > self.MAX_LINES:
            drop = len(self.lines) - self.MAX_LINES // 2
            del self.lines[:drop]
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
            parts = wrap(line, f, width) or [""]
            for k, part in enumerate(parts):
                img = f.render(part if k == 0 else "   " + part, True, col)
                self.rows.append(img)
                added += img.get_height()
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
        for img in reversed(self.rows):
            y -= img.get_height()
            if y > inner.bottom:
                continue
            if y + img.get_height() < inner.top:
                break
            surface.blit(img, (inner.x, y))
        if not self.rows:
            img = self._font().render("The game begins.", True, colour("text_muted"))
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
