"""The Forest Gold screen (game/app/views/forest): it draws at three window sizes, every lit
target clicked through a posted mouse event gives a legal action or a reason, the keyboard alone
reaches every legal action, replaying events ends in the final picture (the view as synced), and
every caption and status line comes from the catalogs in each language."""
from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")

from game import i18n  # noqa: E402
from game.app.assets import Assets  # noqa: E402
from game.app.board import KitView  # noqa: E402
from game.app.views import make_board_view  # noqa: E402
from game.rules import new_game  # noqa: E402
from game.rules.base import action_key  # noqa: E402
from tests.app.test_board_kit import board_rect, keyboard_route, post_click, press, seats  # noqa: E402

SIZES = [(1024, 600), (1280, 720), (2560, 1440)]
# (seed, random actions first, players, variant, options)
POSITIONS = [(0, 0, 2, "race", {}), (1, 3, 3, "race", {}), (2, 9, 4, "plunder", {}),
             (3, 20, 2, "race", {}), (4, 45, 4, "race", {"alliances": True}),
             (5, 80, 3, "plunder", {"reinforcements": 3}), (6, 130, 2, "race", {"size": 11}),
             (8, 200, 4, "plunder", {}), (9, 300, 2, "race", {})]


def position(seed, moves, players, variant, options):
    state = new_game("forest", players, seed=seed, variant=variant, options=options)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def positions():
    for spec in POSITIONS:
        yield spec[0], position(*spec)


def chain_positions(limit=6):
    """Positions where a choice inside a chain waits (arrows, hare, mole tunnel)."""
    found = []
    for seed in range(40):
        state = new_game("forest", 2 + seed % 3, seed=seed, variant="race")
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over():
                break
            if state.step == "choose":
                found.append((seed, state))
                break
            state.apply(rng.choice(state.legal_actions()))
        if len(found) >= limit:
            break
    return found


def fresh_view(state, size=(1280, 720)):
    v = make_board_view("forest", seats(state.players), Assets())
    v.set_rect(board_rect(*size))
    seat = state.current_player
    v.sync(state.view(seat), None if state.is_over() else state.legal_actions(), seat)
    v.update(0)
    return v


def test_the_screen_is_on_the_kit():
    assert isinstance(make_board_view("forest", seats(2), Assets()), KitView)


@pytest.mark.parametrize("size", SIZES)
def test_draws_at_three_sizes_with_every_target_on_screen(display, size):
    surf = pygame.Surface(size)
    for _seed, state in list(positions()) + chain_positions(2):
        v = fresh_view(state, size)
        v.draw(surf)
        for t in v.targets():
            x, y = t["center"]
            assert 0 <= x < size[0] and 0 <= y < size[1], (size, t)


def test_every_target_gives_a_legal_action_or_a_refusal(display):
    for seed, state in list(positions()) + chain_positions():
        if state.is_over():
            continue
        ok = {action_key(a) for a in state.legal_actions()}
        targets = fresh_view(state).targets()
        assert targets, (seed, "no target while a person is to act")
        for t in targets:
            v = fresh_view(state)
            before = [x["key"] for x in v.targets()]
            got = post_click(v, t["center"])
            if isinstance(got, dict):
                assert action_key(got) in ok, (seed, t["key"], got)
            elif isinstance(got, str):
                assert got.strip(), (seed, t["key"])
            else:
                assert [x["key"] for x in v.targets()] != before, (seed, t["key"])


def test_a_click_off_the_lit_tiles_is_explained(display):
    for _seed, state in positions():
        if state.is_over():
            continue
        v = fresh_view(state)
        lit = {tuple(t["center"]) for t in v.targets()}
        n = state.view(0)["size"]
        for y in range(n):
            for x in range(n):
                pos = tuple(int(c) for c in v.cell_centre((x, y)))
                if pos in lit or any(abs(pos[0] - a) + abs(pos[1] - b) < v.cell for a, b in lit):
                    continue
                got = post_click(v, pos)
                assert got is None or isinstance(got, str) and got.strip()
                if isinstance(got, dict):
                    pytest.fail(f"an unlit tile gave an action: {got}")


def test_the_keyboard_alone_reaches_every_legal_action(display):
    for seed, state in list(positions()) + chain_positions(3):
        if state.is_over():
            continue
        legal = state.legal_actions()
        rng = random.Random(seed)
        for action in rng.sample(legal, min(len(legal), 25)):
            v = fresh_view(state)
            route = v.clicks_for(action)
            assert route, (action, "the view does not say how to reach it")
            got = keyboard_route(v, route)
            assert isinstance(got, dict) and action_key(got) == action_key(action), (action, got)


@pytest.mark.parametrize("speed", ["normal", "fast", "off"])
def test_replaying_events_ends_in_the_final_picture(display, speed):
    surf = pygame.Surface((1280, 720))
    state = new_game("forest", 3, seed=7, variant="race")
    v = fresh_view(state)
    rng = random.Random(7)
    kinds = set()
    for _ in range(150):
        if state.is_over():
            break
        events = state.apply(rng.choice(state.legal_actions()))
        kinds |= {e["type"] for e in events}
        v.play(events, speed)
        v.sync(state.view(state.current_player), None, state.current_player)
        v.update(1 / 30)
        v.draw(surf)
    for _ in range(30 * 120):
        if not v.animating:
            break
        v.update(1 / 30)
        v.draw(surf)
    assert not v.animating
    v.update(0)
    v.draw(surf)
    final = state.view(state.current_player)
    assert v.shown_view() == final
    other = make_board_view("forest", seats(state.players), Assets())
    other.set_rect(board_rect(1280, 720))
    other.sync(final, None, state.current_player)
    other.update(0)
    fresh = pygame.Surface((1280, 720))
    other.draw(fresh)
    for _ in range(30 * 15):
        v.update(1 / 30)
    assert v.last_marks()                # the moves just played stay marked ...
    v.clear_marks()                      # ... the one thing a freshly synced screen lacks
    surf.fill((0, 0, 0))
    v.draw(surf)
    assert v.is_idle()
    assert pygame.image.tobytes(surf, "RGB") == pygame.image.tobytes(fresh, "RGB")
    assert {"reveal", "step"} <= kinds


def test_every_event_has_a_caption_or_is_a_plain_step(display):
    from game.app.views.forest import texts
    state = new_game("forest", 4, seed=11, variant="plunder", options={"reinforcements": 3})
    rng = random.Random(11)
    v = fresh_view(state)
    seen = set()
    for _ in range(600):
        if state.is_over():
            break
        for ev in state.apply(rng.choice(state.legal_actions())):
            cap = texts.caption(ev, v.ctx())
            plain = ev["type"] == "step" and ev.get("by") in ("step", "wade")
            assert cap or plain, ev
            seen.add(ev["type"])
    assert len(seen) > 8


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_status_and_bar_read_in_every_language(display, lang):
    i18n.set_language(lang)
    try:
        for _seed, state in list(positions())[:5]:
            v = fresh_view(state)
            v.draw(pygame.Surface((1280, 720)))
            for line in v.status_lines() + (v.score_texts() or []):
                assert line and "forest." not in line
            m = v.mode()
            if m is not None:
                assert "forest." not in m.instruction()
    finally:
        i18n.set_language("en")


def test_escape_and_backspace_never_raise(display):
    for _seed, state in positions():
        v = fresh_view(state)
        for t in v.targets()[:6]:
            post_click(v, t["center"])
            press(v, pygame.K_BACKSPACE)
            press(v, pygame.K_ESCAPE)
            v.handle_escape()
        v.draw(pygame.Surface((1280, 720)))


def test_a_resting_hunter_or_a_rival_piece_says_why(display):
    """Clicks on a piece that cannot move now are answered from the view and ``legal``."""
    saw = set()
    for seed in range(30):
        state = new_game("forest", 2, seed=seed, variant="race")
        rng = random.Random(seed)
        for _ in range(120):
            if state.is_over():
                break
            if state.step == "move":
                v = fresh_view(state)
                view = state.view(state.current_player)
                movers = {a.get("piece") for a in state.legal_actions()}
                for p in view["pieces"]:
                    if p["at"] is None or p["id"] in movers or any(
                            q["id"] in movers and q["at"] == p["at"] for q in view["pieces"]):
                        continue
                    got = post_click(v, v.cell_centre(tuple(p["at"])))
                    if isinstance(got, dict):       # a lit tile under it: a legal step there
                        assert got in state.legal_actions()
                        continue
                    assert isinstance(got, str) and got.strip()
                    if p["seat"] != state.current_player:
                        saw.add("rival")
                    elif p["kind"] == "hunter" and view["hunter_moved"][p["seat"]]:
                        assert "rests" in got
                        saw.add("rest")
            state.apply(rng.choice(state.legal_actions()))
        if saw >= {"rival", "rest"}:
            break
    assert saw >= {"rival", "rest"}


def test_frame_time_with_many_pieces_moving(display):
    import time
    state = position(5, 90, 4, "race", {})
    v = fresh_view(state)
    surf = pygame.Surface((1280, 720))
    for p in state.view(0)["pieces"]:
        if p["at"] is not None:
            x, y = p["at"]
            v.show_step(p["id"], (x, y), (max(0, x - 1), y), 0.5, True)
    times = []
    for i in range(60):
        t0 = time.perf_counter()
        v.draw(surf)
        times.append(time.perf_counter() - t0)
    times.sort()
    assert times[len(times) // 2] < 0.02, times[len(times) // 2]


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_bar_buttons_fit_at_the_smallest_window(display, lang):
    i18n.set_language(lang)
    try:
        for _seed, state in list(positions()) + chain_positions(2):
            if state.is_over():
                continue
            v = fresh_view(state, (1024, 600))
            movers = [t["key"] for t in v.targets() if t["kind"] == "piece"] or [None]
            for key in movers:
                v = fresh_view(state, (1024, 600))
                if key is not None:
                    post_click(v, next(t["center"] for t in v.targets() if t["key"] == key))
                for t in v.get_targets():
                    if t.bar:
                        assert v.bar_rect.contains(t.rect), (lang, t.key, t.rect, v.bar_rect)
    finally:
        i18n.set_language("en")


def test_an_animation_starts_from_the_synced_view_even_without_a_frame_between(display):
    """Actions applied at speed "off" with no frame in between, then one animated: the
    animation starts from the forest as it stands, never from an older picture."""
    state = new_game("forest", 2, seed=0, variant="race")
    v = fresh_view(state)
    rng = random.Random(0)
    for _ in range(40):
        events = state.apply(rng.choice(state.legal_actions()))
        v.play(events, "off")
        v.sync(state.view(state.current_player), None, state.current_player)
    before = state.view(state.current_player)
    events = state.apply(rng.choice(state.legal_actions()))
    v.play(events, "normal")
    shown = v.shown_view()
    opened = sum(c is not None for c in shown["cells"])
    assert opened >= sum(c is not None for c in before["cells"])
    assert shown["camps"] == before["camps"]


def test_a_caption_never_hides_the_tile_it_tells_about(display):
    """The captions stand at the top of the forest, or at its foot when the tile that acts
    lies in the upper half."""
    state = new_game("forest", 2, seed=0, variant="race")
    v = fresh_view(state, (1024, 600))
    v.sync(state.view(None), None, None)        # a computer's move: no piece for a person to move
    v.update(0)
    surf = pygame.Surface((1024, 600))
    n, s = v.view["size"], v.cell
    for row, top_half in ((0, True), (n - 1, False)):
        v._toasts_box.clear()
        v._toast_row = row
        v._toast("The bear chases the fox two tiles back")
        drawn = []
        real = v._toasts_box.draw
        v._toasts_box.draw = lambda surface, anchor, gap: drawn.append(anchor)
        try:
            v._draw_toasts(surf)
        finally:
            v._toasts_box.draw = real
        y = drawn[0][1]
        row_top, row_bottom = v.origin[1] + row * s, v.origin[1] + (row + 1) * s
        h = v._toasts_box.items[0]["surf"].get_height()
        assert y + h <= row_top or y >= row_bottom, (row, y, h)
        assert (y > v.origin[1] + n * s / 2) == top_half


def test_with_alliances_the_panel_shows_both_teams(display):
    """The side panel keeps room for three status lines: with alliances they are the goal
    and each team's gold, so a new player sees who plays with whom."""
    from game.app.scenes.play_parts.panel import STATUS_LINES
    state = new_game("forest", 4, seed=4, variant="race", options={"alliances": True})
    v = fresh_view(state)
    shown = v.status_lines()[:STATUS_LINES]
    names = [v.seat_name(s) for s in range(4)]
    team = [line for line in shown if sum(n in line for n in names) == 2]
    assert len(team) == 2
    for n in names:
        assert sum(n in line for line in team) == 1
    plain = fresh_view(new_game("forest", 4, seed=4, variant="race"))
    assert not any(sum(n in line for n in names) >= 2 for line in plain.status_lines())


def test_once_the_move_has_played_captions_keep_off_the_pieces_to_move(display):
    """A caption left over from the computers' moves does not sit on the pieces the person
    may move now: it takes the other end of the forest."""
    checked = 0
    for seed, state in positions():
        if state.is_over():
            continue
        v = fresh_view(state, (1024, 600))
        lit = [v._target_box(t) for t in v.get_targets() if t.enabled and not t.bar]
        if not lit:
            continue
        checked += 1
        n, s = v.view["size"], v.cell
        for row in (0, n - 1):
            v._toasts_box.clear()
            v._toast_row = row
            v._toast("The bear chases the fox two tiles back")
            top = v.caption_top()
            h = v._toasts_box.items[0]["surf"].get_height()
            w = v._toasts_box.items[0]["surf"].get_width()
            cx = v._toast_anchor()[0]
            here = sum(1 for r in lit if pygame.Rect(int(cx) - w // 2, top, w, h).colliderect(r))
            tops = (v._toast_anchor()[1], v.origin[1] + n * s - v._px(8) - h)
            other = tops[1] if top == tops[0] else tops[0]
            there = sum(1 for r in lit if pygame.Rect(int(cx) - w // 2, other, w, h).colliderect(r))
            assert here <= there, (seed, row, here, there)
    assert checked >= 3


def test_a_pack_that_cannot_move_is_offered_pass_beside_move_camp(display):
    """RULINGS forest: a pack whose pieces cannot move may always pass; Move Camp is a choice,
    never forced.  The bar offers Pass and Move camp, its sentence says both, and a click on
    Pass passes (before, only Move camp was offered and the bar said "Nothing can move")."""
    state = new_game("forest", 2, seed=3, variant="race")
    for _ in range(2):                                 # both campfires
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    for p in state.pieces:
        if p["seat"] == seat and p["kind"] == "canine":
            p["at"], p["dead"] = None, state.round
    state.hunter_moved[seat] = True
    state._legal = None
    assert {a["type"] for a in state.legal_actions()} == {"pass", "move_camp"}
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        try:
            v = fresh_view(state, (1024, 600))
            assert v.mode().sentence() == i18n.tr("forest.do.pass_camp")
            labels = {t["key"]: t for t in v.targets()}
            assert "('btn', ('pass',))" in labels and "('btn', ('camp',))" in labels
        finally:
            i18n.set_language("en")
    v = fresh_view(state)
    got = post_click(v, next(t["center"] for t in v.targets() if t["key"] == "('btn', ('pass',))"))
    assert isinstance(got, dict) and got["type"] == "pass"
    state.camp_moves[seat] = 0
    state._legal = None
    v = fresh_view(state)
    assert v.mode().sentence() == i18n.tr("forest.do.pass")
