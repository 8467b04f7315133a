"""The one action bar under every board: the step's sentence on the left (with the seat's
token), then the step's items (buttons, or a game's own pieces such as discs), centred.

A mode gives its items as dicts: ``kind`` ("button" or the game's own), ``w`` (width; buttons
are sized from their label), ``key``, ``action`` (from ``legal``, or None), ``label``,
``primary`` (buttons), ``icon`` (buttons: a picture before the label), ``disabled`` (buttons:
shown muted; a click on it says why, from its target's tooltip), ``shrink`` (may get smaller when
the bar is tight), ``drop`` (1, 2: left out first / next when it still does not fit).

While the keyboard is in use, each item a number key presses shows its number (``1``-``9``) in
a small badge on its top edge.
"""
from __future__ import annotations

import pygame

from .. import ui
from . import draw
from .cache import CACHE

BUTTON_PX = 16
LABEL_PX = 17
HINT_PX = 12             # the number-key badges (readable: never smaller than 9 px)


def layout(view, items: list, text: str, seat) -> list:
    """The items with their ``rect`` (screen), the label first (kind "label")."""
    bar = view.bar_rect
    if bar.w <= 0:
        return []
    pad, gap = view._px(10), view._px(6)
    f = view.assets.font(view._px(BUTTON_PX), True)
    items = [dict(it) for it in items]
    for it in items:
        if it["kind"] == "button" and "w" not in it:
            it["w"] = f.size(it["label"])[0] + view._px(28) + (_icon_w(view) if it.get("icon") else 0)

    def width():
        return sum(it["w"] for it in items) + gap * max(0, len(items) - 1)
    label_img = _label(view, text, bar.w - 2 * pad - view._px(48) - width(), bar) if text else None
    lw = label_img.get_width() + view._px(48) if label_img is not None else 0
    room = bar.w - 2 * pad - lw
    for shrink in (0.85, 0.7):
        if width() <= room:
            break
        for it in items:
            if it.get("shrink"):
                it["w"] = int(it["w"] * shrink)
    for level in (1, 2):
        if width() > room:
            items = [it for it in items if it.get("drop") != level]
    while items and items[0]["kind"] == "gap":
        items.pop(0)
    total = width()
    x = bar.x + max(pad, (bar.w - total - lw) // 2)
    if x + lw + total > bar.right - pad:
        x = bar.x + pad
    cy = bar.centery
    out = [{"kind": "label", "rect": pygame.Rect(x, cy - view._px(14), lw, view._px(28)),
            "img": label_img, "seat": seat}]
    x += lw
    for it in items:
        w = it["w"]
        h = 1 if it["kind"] == "gap" else (view._px(40) if it["kind"] == "button" else w)
        it["rect"] = pygame.Rect(x, cy - h // 2, w, h)
        x += w + gap
        out.append(it)
    return out


def _label(view, text: str, room: int, bar):
    """The step's sentence: one line if it fits beside the items, else wrapped onto two smaller
    lines (never narrower than 40 % of the bar), cut only as a last resort."""
    px = view._px(LABEL_PX)
    room = max(int(bar.w * 0.4), room)
    if view.assets.font(px, True).size(text)[0] <= room:
        return draw.text(view.assets, text, px, ui.colour("text"), True)

    def build():
        for size in (int(px * 0.9), int(px * 0.8), int(px * 0.7)):
            f = view.assets.font(max(9, size), True)
            lines = ui.wrap(text, f, room)
            if len(lines) <= 2 and f.get_linesize() * len(lines) <= bar.h - view._px(8):
                break
        lines = [ui.ellipsize(ln, f, room) for ln in lines[:2]]
        img = pygame.Surface((max(f.size(ln)[0] for ln in lines), f.get_linesize() * len(lines)),
                             pygame.SRCALPHA)
        for i, ln in enumerate(lines):
            img.blit(f.render(ln, True, ui.colour("text")), (0, i * f.get_linesize()))
        return img
    return CACHE.make(("kit", "bar label", text, px, room, bar.h), build)


def _icon_w(view) -> int:
    return view._px(30)


def _fit_px(view, label: str, room: int) -> int:
    """The button text size (at scale 1) at which ``label`` fits ``room`` pixels: the bar's
    size, or smaller (down to 11) when the bar made the button narrower."""
    px = BUTTON_PX
    while px > 11 and view.assets.font(max(8, int(round(px * view._k))), True).size(label)[0] > room:
        px -= 1
    return px


def _button(view, surface, it, hot: bool, edge_hot: bool) -> None:
    r = it["rect"]
    icon = it.get("icon")
    px = _fit_px(view, it["label"], r.w - view._px(16) - (_icon_w(view) if icon is not None else 0))
    if it.get("disabled"):
        draw.button_disabled(surface, view.assets, r, it["label"], view._k, px, icon)
        return
    if icon is None:
        draw.button(surface, view.assets, r, it["label"], view._k, it.get("primary", False), hot,
                    px, edge_hot=edge_hot)
        return
    draw.button(surface, view.assets, r, "", view._k, it.get("primary", False), hot, px, edge_hot=edge_hot)
    col = ui.colour("text_dark") if it.get("primary") else ui.colour("text")
    t = draw.text(view.assets, it["label"], max(8, int(round(px * view._k))), col, True)
    x = r.centerx - (t.get_width() + _icon_w(view)) // 2
    if icon.get_height() <= r.h - view._px(8):
        surface.blit(icon, icon.get_rect(midleft=(x, r.centery)))
    surface.blit(t, t.get_rect(midleft=(x + _icon_w(view), r.centery)))


def draw_hint(view, surface, rect, n: int) -> None:
    """The number key that presses a bar item, in a badge on its top edge."""
    px = max(9, view._px(HINT_PX))
    img = draw.pill(view.assets, str(n), px, ui.colour("text"), pad_y=0.15, alpha=245)
    surface.blit(img, img.get_rect(center=(rect.centerx, rect.top)))


def draw_bar(view, surface, items: list, active: set) -> None:
    """The strip, the label and every item; the view draws its own kinds
    (``draw_bar_item(surface, item, hot, focused)``)."""
    bar = view.bar_rect
    surface.blit(draw.bar_panel(bar.size, view._k), bar.topleft)
    order = [t.key for t in view.get_targets() if t.bar]
    for it in items:
        r = it.get("rect")
        key = it.get("key")
        on = key is not None and key in active
        hot = on and key == view.focus.hover
        foc = on and key == view.focus.focus and view.focus.keyboard
        if it["kind"] == "label":
            if it.get("img") is None:
                continue
            if it.get("seat") is not None:
                tok = view.seat_token(it["seat"], view._px(30))
                if tok is not None:
                    surface.blit(tok, tok.get_rect(midleft=(r.x, r.centery)))
            surface.blit(it["img"], it["img"].get_rect(midleft=(r.x + view._px(36), r.centery)))
        elif it["kind"] == "button":
            _button(view, surface, it, hot or foc, hot)
        elif it["kind"] != "gap":
            view.draw_bar_item(surface, it, hot, foc, on)
        if foc and r is not None:
            draw.focus_ring(surface, r, view._k)
        if on and view.focus.keyboard and key in order and order.index(key) < 9:
            draw_hint(view, surface, r, order.index(key) + 1)
