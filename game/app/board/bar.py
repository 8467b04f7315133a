"""The one action bar under every board: the step's sentence on the left (with the seat's
token), then the step's items (buttons, or a game's own pieces such as discs), centred.

A mode gives its items as dicts: ``kind`` ("button" or the game's own), ``w`` (width; buttons
are sized from their label), ``key``, ``action`` (from ``legal``, or None), ``label``,
``primary`` (buttons), ``enabled`` (buttons; False: drawn dim, e.g. Confirm before a whole
choice), ``glow`` (buttons: a soft pulse behind the step's obvious button), ``shrink`` (may get
smaller when the bar is tight), ``drop`` (1, 2: left out first / next when it still does not fit).
When the sentence and the items still do not fit, the sentence wraps onto two lines, then gets
smaller: it is never cut.
"""
from __future__ import annotations

import pygame

from .. import ui
from . import draw

BUTTON_PX = 16
LABEL_PX = 17


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
            it["w"] = f.size(it["label"])[0] + view._px(28)
    label_img = draw.text(view.assets, text, view._px(LABEL_PX), ui.colour("text"), True) if text else None
    lw = label_img.get_width() + view._px(40) if label_img is not None else 0
    room = bar.w - 2 * pad - lw

    def width():
        return sum(it["w"] for it in items) + gap * max(0, len(items) - 1)
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
    if label_img is not None and total > room:
        # the sentence gets what the items leave: two lines, then smaller
        label_img = fit_label(view, text, bar.w - 2 * pad - total - view._px(40), bar.h - view._px(8))
        lw = label_img.get_width() + view._px(40)
    x = bar.x + max(pad, (bar.w - total - lw) // 2)
    if x + lw + total > bar.right - pad:
        x = bar.x + pad
    cy = bar.centery
    lh = max(view._px(28), label_img.get_height()) if label_img is not None else view._px(28)
    out = [{"kind": "label", "rect": pygame.Rect(x, cy - lh // 2, lw, lh),
            "img": label_img, "seat": seat}]
    x += lw
    for it in items:
        w = it["w"]
        h = 1 if it["kind"] == "gap" else (view._px(40) if it["kind"] == "button" else w)
        it["rect"] = pygame.Rect(x, cy - h // 2, w, h)
        x += w + gap
        out.append(it)
    return out


def fit_label(view, text: str, width: int, height: int):
    """The bar's sentence within ``width`` x ``height``: one line, else two lines, smaller and
    smaller down to 60% of the normal size."""
    width = max(view._px(60), width)
    colour = ui.colour("text")
    for scale in (1.0, 0.9, 0.8, 0.7, 0.6):
        px = max(8, int(view._px(LABEL_PX) * scale))
        f = view.assets.font(px, True)
        if f.size(text)[0] <= width:
            return draw.text(view.assets, text, px, colour, True)
        lines = ui.wrap(text, f, width)
        if len(lines) <= 2 and all(f.size(line)[0] <= width for line in lines) \
                and len(lines) * f.get_linesize() <= height:
            return draw.lines(view.assets, lines, px, colour, True)
    lines = ui.wrap(text, f, width)
    return draw.lines(view.assets, lines, px, colour, True)


def draw_bar(view, surface, items: list, active: set) -> None:
    """The strip, the label and every item; the view draws its own kinds
    (``draw_bar_item(surface, item, hot, focused)``)."""
    bar = view.bar_rect
    surface.blit(draw.bar_panel(bar.size, view._k), bar.topleft)
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
            enabled = it.get("enabled", True)
            if it.get("glow") and on and enabled:
                g = draw.glow(int(r.w * 0.6), ui.colour("accent"), 110)
                g.set_alpha(int(255 * (0.55 + 0.45 * view.pulse())))
                surface.blit(g, g.get_rect(center=r.center))
            draw.button(surface, view.assets, r, it["label"], view._k, it.get("primary", False) and enabled,
                        (hot or foc) and enabled, BUTTON_PX, edge_hot=hot and enabled, enabled=enabled)
        elif it["kind"] != "gap":
            view.draw_bar_item(surface, it, hot, foc, on)
        if foc and r is not None:
            draw.focus_ring(surface, r, view._k)
