"""Every available game's screen on the board kit, through its public hooks only: it draws at
every window size, every target clicked through a posted mouse event gives a legal action or a
refusal, the keyboard alone reaches every legal action, events at every speed end with nothing
animating (and then the view is idle), Escape never raises."""
from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")

from game.app.assets import Assets  # noqa: E402
from game.app.board import KitView  # noqa: E402
from game.app.views import make_board_view  # noqa: E402
from game.rules import GAMES, new_game  # noqa: E402
from game.rules.base import action_key  # noqa: E402



AVAILABLE = [g for g, info in GAMES.items() if info.available]
SIZES = [(1024, 600), (1280, 720), (2560, 1440)]
POSITIONS = [(0, 0), (1, 6), (2, 19), (3, 45), (4, 80), (5, 130), (7, 33), (8, 57), (11, 70)]      # (seed, random actions played first)
MAX_ACTIONS = 30                                    # legal actions tried by keyboard per position


def seats(n):
    return [{"name": f"P{i + 1}", "colour": i, "kind": "human", "level": "good"} for i in range(n)]


def board_rect(w, h):
    """Where the play scene puts the board: left of the side panel."""
    m = round(14 * min(w / 1280, h / 720))
    pw = max(round(300 * min(w / 1280, h / 720)), min(int(w * 0.31), round(420 * min(w / 1280, h / 720))))
    return pygame.Rect(m, m, w - pw - 3 * m, h - 2 * m)


# positions a game's random play rarely reaches: (seed, actions, variant, players)
EXTRA = {"ants": [(0, 18, "winter", 2), (0, 18, "beetle", 2), (0, 29, "beetle", 2), (2, 86, "beetle", 4)]}


def positions(game):
    """(seed, state) for every position a test looks at."""
    for spec in POSITIONS + EXTRA.get(game, []):
        yield spec[0], position(game, *spec)


def position(game, seed, moves, variant=None, players=None):
    info = GAMES[game]
    variants = [v["id"] for v in info.variants] or [None]
    players = players or info.min_players + seed % (info.max_players - info.min_players + 1)
    state = new_game(game, players, seed=seed, variant=variant or variants[seed % len(variants)])
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def fresh_view(game, state, size=(1280, 720)):
    v = make_board_view(game, seats(state.players), Assets())
    v.set_rect(board_rect(*size))
    seat = state.current_player
    legal = None if state.is_over() else state.legal_actions()
    v.sync(state.view(seat), legal, seat)
    v.update(0)
    return v


def post_click(v, pos):
    """A left click at ``pos`` posted to pygame's queue and handed to the view, as the app does."""
    pygame.event.clear()
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=tuple(pos), **extra))
    result = None
    for ev in pygame.event.get():
        got = v.handle_event(ev)
        if got is not None:
            result = got
    return result


def press(v, key, mod=0):
    return v.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def legal_keys(state):
    return {action_key(a) for a in state.legal_actions()}


@pytest.mark.parametrize("game", AVAILABLE)
def test_every_view_is_on_the_kit(game):
    v = make_board_view(game, seats(GAMES[game].min_players), Assets())
    assert isinstance(v, KitView), f"{game}: the screen is not built on the board kit"


@pytest.mark.parametrize("game", AVAILABLE)
@pytest.mark.parametrize("size", SIZES)
def test_draws_at_every_size(display, game, size):
    surf = pygame.Surface(size)
    for _seed, state in list(positions(game))[::2]:
        v = fresh_view(game, state, size)
        v.draw(surf)
        for t in v.targets():
            x, y = t["center"]
            assert 0 <= x < size[0] and 0 <= y < size[1], (game, size, t)


@pytest.mark.parametrize("game", AVAILABLE)
def test_every_target_clicked_gives_a_legal_action_or_a_reason(display, game):
    for seed, state in positions(game):
        if state.is_over():
            continue
        ok = legal_keys(state)
        targets = fresh_view(game, state).targets()
        assert targets, (game, seed, "no target while a person is to act")
        for t in targets:
            v = fresh_view(game, state)
            before = [x["key"] for x in v.targets()]
            got = post_click(v, t["center"])
            if isinstance(got, dict):
                assert action_key(got) in ok, (game, t["key"], got)
            elif isinstance(got, str):
                assert got.strip(), (game, t["key"])
            else:   # choosing it selects something: what can be clicked next changes
                assert [x["key"] for x in v.targets()] != before or v.focused() is not None \
                    or t["kind"] != "button", (game, t["key"])


def keyboard_route(v, keys):
    """Reach and activate each target key with N and Enter only; the last result."""
    got = None
    for k in keys:
        for _ in range(len(v.targets()) + 2):
            if v.focused() == k:
                break
            press(v, pygame.K_n)
        assert v.focused() == k, f"N never reaches {k}"
        got = press(v, pygame.K_RETURN)
    return got


@pytest.mark.parametrize("game", AVAILABLE)
def test_the_keyboard_alone_reaches_every_legal_action(display, game):
    for seed, state in positions(game):
        if state.is_over():
            continue
        legal = state.legal_actions()
        rng = random.Random(seed)
        for action in rng.sample(legal, min(len(legal), MAX_ACTIONS)):
            v = fresh_view(game, state)
            route = v.clicks_for(action)
            assert route, (game, action, "the view does not say how to reach it")
            got = keyboard_route(v, route)
            assert isinstance(got, dict) and action_key(got) == action_key(action), (game, action, got)


@pytest.mark.parametrize("game", AVAILABLE)
@pytest.mark.parametrize("speed", ["normal", "fast", "off"])
def test_events_at_every_speed_end_idle(display, game, speed):
    surf = pygame.Surface((1280, 720))
    state = position(game, 4, 0)
    v = fresh_view(game, state)
    rng = random.Random(5)
    for _ in range(60):
        if state.is_over():
            break
        events = state.apply(rng.choice(state.legal_actions()))
        v.play(events, speed)
        v.sync(state.view(state.current_player), None, state.current_player)
        v.update(1 / 20)
        v.draw(surf)
    for _ in range(20 * 60):
        if not v.animating:
            break
        v.update(1 / 20)
    assert not v.animating
    for _ in range(20 * 15):          # toasts fade, timers run out
        v.update(1 / 20)
    v.draw(surf)
    assert v.is_idle(), (game, speed)
    v.update(1 / 20)
    assert v.is_idle(), "an idle view stays idle while nothing happens"
    post_click(v, (5, 5))
    assert not v.is_idle(), "input wakes the view"


@pytest.mark.parametrize("game", AVAILABLE)
def test_escape_never_raises(display, game):
    for _seed, state in positions(game):
        v = fresh_view(game, state)
        for t in v.targets()[:6]:
            post_click(v, t["center"])          # maybe a selection or a dialog
            press(v, pygame.K_ESCAPE)
            v.handle_escape()
            v.handle_escape()
        press(v, pygame.K_ESCAPE)
        v.update(0)
        v.draw(pygame.Surface((1280, 720)))
