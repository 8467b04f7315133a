"""The tabs of the Statistics screens (games, deal of the day, achievements, replays): a row
of buttons at the top right; each screen builds it with ``build_tabs(scene, its name)`` and
draws its title left of ``scene.tabs_left``.  A tab replaces the screen shown (Esc on any of
them goes back to where Statistics was opened from)."""
from __future__ import annotations

from ..i18n import tr
from . import ui

TABS = (("stats", "stats_tabs.games"), ("daily_calendar", "stats_tabs.daily"),
        ("achievements", "stats_tabs.achievements"), ("replays", "stats_tabs.replays"))


def build_tabs(scene, current: str) -> None:
    """The tab buttons; ``scene.tabs_left`` is where they start (the title ends before)."""
    w, _h = scene.size
    m = scene.px(32)
    gap, bh = scene.px(6), scene.px(40)
    fnt = ui.font(scene.px(15), True)
    texts = [tr(key) for _name, key in TABS]
    room = int((w - 2 * m) * 0.62)
    widths = [fnt.size(t)[0] + scene.px(28) for t in texts]
    total = sum(widths) + gap * (len(widths) - 1)
    if total > room:                       # a long language: equal shares of the room
        widths = [(room - gap * (len(widths) - 1)) // len(widths)] * len(widths)
        total = room
    x = w - m - total
    scene.tabs_left = x
    for (name, _key), text, bw in zip(TABS, texts, widths):
        scene.button((x, scene.px(22), bw, bh), text,
                     (lambda n=name: switch(scene, n) if n != current else None),
                     key=f"tab_{name}", object_id="#primary" if name == current else "#small")
        x += bw + gap


def switch(scene, name: str) -> None:
    app = scene.app
    if app.top is scene:
        app.pop()
    app.open(name)
