"""The Mole Dig board view, headless: drawing at several sizes, clicks, keys and animations."""
from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")

from game.app.views import hexgeom as hg  # noqa: E402
from game.rules import new_game  # noqa: E402

NAMES = ["Anna", "Ben", "Chloe", "Dev"]


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))


def seats(n):
    return [{"name": NAMES[i], "colour": i, "kind": "human", "level": "good"} for i in range(n)]


def board_rect(w, h):
    # roughly where the play scene puts the board: the left part of the window
    return pygame.Rect(14, 14, int(w * 0.66), h - 28)


def make_view(state, size=(1280, 720), seat="current"):
    from game.app.assets import Assets
    from game.app.views.moles import MolesView
    v = MolesView("moles", seats(state.players), Assets())
    v.set_rect(board_rect(*size))
    cp = state.current_player if seat == "current" else seat
    legal = state.legal_actions() if cp is not None and cp == state.current_player else None
    v.sync(state.view(cp), legal, cp)
    v.update(0)
    return v


def policy(state, rng):
    """Dig greedily: into a hole when possible, never out of one unless forced."""
    legal = state.legal_actions()
    v = state.view(None)
    holes = {tuple(h) for h in v["layers"][v["layer"]]["holes"]}
    moves = [a for a in legal if a["type"] == "move"]
    if moves:
        into = [a for a in moves if tuple(a["to"]) in holes and tuple(a["frm"]) not in holes]
        stay = [a for a in moves if tuple(a["frm"]) not in holes]
        return rng.choice(into or stay or moves)
    return rng.choice(legal)


def play_until(state, rng, cond, limit=3000):
    for _ in range(limit):
        if cond(state):
            return True
        if state.is_over():
            return False
        state.apply(policy(state, rng))
    return cond(state)


def click(view, pos):
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    return view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def key(view, k, mod=0):
    return view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


# ---- geometry ---------------------------------------------------------------------------------
def test_hexgeom_round_trip():
    lay = hg.HexLayout(400, 300, 37.5)
    for p in hg.hex_points(4):
        x, y = lay.to_pixel(*p)
        got, dist = lay.from_pixel(x + 3, y - 2)
        assert got == p and dist < 0.2
    assert hg.step_between((0, 0), (3, -3)) == ((1, -1), 3)
    assert hg.step_between((0, 0), (2, 1)) is None
    assert hg.points_between((0, 0), (0, 3)) == [(0, 1), (0, 2)]
    assert len(hg.lattice_edges(1)) == 12


# ---- drawing ------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600), (3840, 2160)])
def test_draws_at_sizes(display, size):
    screen = pygame.display.set_mode(size)
    state = new_game("moles", 2, seed=5)
    v = make_view(state, size)
    v.draw(screen)
    rng = random.Random(1)
    play_until(state, rng, lambda s: s.view(None)["step"] == "move")
    v = make_view(state, size)
    v.draw(screen)
    assert v.status_lines()[0].startswith("Layer 1 of 4")
    pygame.display.set_mode((1280, 720))


def test_draws_every_layer_and_the_end(display):
    rng = random.Random(4)
    state = new_game("moles", 3, seed=4)
    seen = set()
    for _ in range(4000):
        if state.is_over():
            break
        layer = state.view(None)["layer"]
        if layer not in seen:
            seen.add(layer)
            v = make_view(state)
            v.draw(display)
            assert v.status_lines()[0].startswith(f"Layer {layer + 1} of 4")
        state.apply(policy(state, rng))
    assert state.is_over() and len(seen) >= 2
    v = make_view(state, seat=0)
    v.draw(display)
    assert v.legal is None and not v.animating


# ---- placing ------------------------------------------------------------------------------------
def test_click_legal_point_places(display):
    state = new_game("moles", 2, seed=9)
    v = make_view(state)
    legal = state.legal_actions()
    act = legal[len(legal) // 2]
    got = click(v, v.pixel_of(act["at"]))
    assert got is act


def test_click_hole_or_taken_point_explains(display):
    state = new_game("moles", 2, seed=9)
    v = make_view(state)
    hole = state.view(None)["layers"][0]["holes"][0]
    msg = click(v, v.pixel_of(hole))
    assert isinstance(msg, str) and "hole" in msg
    taken = state.legal_actions()[0]
    state.apply(taken)
    v = make_view(state)
    msg = click(v, v.pixel_of(taken["at"]))
    assert isinstance(msg, str) and "mole" in msg


def test_nothing_clickable_without_legal(display):
    state = new_game("moles", 2, seed=9)
    other = 1 - state.current_player
    v = make_view(state, seat=other)
    assert v.legal is None
    act = state.legal_actions()[0]
    assert click(v, v.pixel_of(act["at"])) is None
    assert key(v, pygame.K_RETURN) is None


def test_keyboard_places(display):
    state = new_game("moles", 2, seed=3)
    v = make_view(state)
    assert key(v, pygame.K_RIGHT) is None          # shows the focus ring
    key(v, pygame.K_DOWN)
    key(v, pygame.K_TAB)
    got = key(v, pygame.K_RETURN)
    assert got is not None and any(got is a for a in state.legal_actions())


# ---- turning discs and moving ------------------------------------------------------------------
def test_turn_button_returns_turn_action(display):
    state = new_game("moles", 2, seed=7)
    assert play_until(state, random.Random(2), lambda s: s.view(None)["step"] == "turn")
    v = make_view(state)
    buttons = [t for t in v.targets() if t["kind"] == "button"]
    assert buttons
    got = click(v, buttons[0]["center"])
    assert got is not None and got["type"] == "turn" and any(got is a for a in state.legal_actions())
    msg = click(v, v.pixel_of((0, 0)))
    assert isinstance(msg, str) and "disc" in msg


def _move_state(seed, need_two=True):
    for s in range(seed, seed + 30):
        state = new_game("moles", 2, seed=s)
        rng = random.Random(s)

        def ok(st):
            if st.view(None)["step"] != "move":
                return False
            starts = {tuple(a["frm"]) for a in st.legal_actions()}
            return len(starts) >= (2 if need_two else 1)
        if play_until(state, rng, ok, limit=400):
            return state
    raise AssertionError("no move step found")


def test_select_mole_then_click_destination(display):
    state = _move_state(11)
    v = make_view(state)
    legal = state.legal_actions()
    act = legal[-1]
    assert click(v, v.pixel_of(act["frm"])) is None      # selects the mole
    assert v.selected == tuple(act["frm"])
    dests = [t for t in v.targets() if t["kind"] == "dest"]
    assert any(t["action"] is act for t in dests)
    assert v.clicks_for(act) == [str(("dest", tuple(act["to"])))]
    got = click(v, v.pixel_of(act["to"]))
    assert got is act


def test_move_refusals_are_explained(display):
    state = _move_state(21)
    v = make_view(state)
    view = state.view(None)
    me = state.current_player
    theirs = next(m for m in view["moles"] if m["seat"] != me)
    msg = click(v, v.pixel_of(theirs["at"]))
    assert msg == f"That mole belongs to {NAMES[theirs['seat']]}."
    act = state.legal_actions()[0]
    click(v, v.pixel_of(act["frm"]))
    occupied = {tuple(m["at"]) for m in view["moles"]}
    reachable = {tuple(a["to"]) for a in state.legal_actions() if a["frm"] == act["frm"]}
    radius = view["layers"][view["layer"]]["radius"]
    empty = [p for p in hg.hex_points(radius) if p not in occupied and p not in reachable]
    msg = click(v, v.pixel_of(empty[0]))
    assert isinstance(msg, str) and msg


def test_only_movable_mole_is_preselected(display):
    for s in range(60):
        state = new_game("moles", 2, seed=s)
        rng = random.Random(s)
        found = play_until(state, rng, lambda st: st.view(None)["step"] == "move"
                           and len({tuple(a["frm"]) for a in st.legal_actions()}) == 1, limit=300)
        if found:
            v = make_view(state)
            assert v.selected == tuple(state.legal_actions()[0]["frm"])
            got = key(v, pygame.K_RETURN)                 # focus the first destination
            got = got or key(v, pygame.K_RETURN)
            assert got is not None and got["type"] == "move"
            return
    pytest.skip("no position with a single movable mole in the seeds tried")


def test_bonus_and_keep_buttons(display):
    found = set()
    for s in range(40):
        state = new_game("moles", 2, seed=s, options={"championship": True})
        rng = random.Random(s)
        for _ in range(600):
            if state.is_over():
                break
            step = state.view(None)["step"]
            if step in ("bonus", "keep") and step not in found:
                v = make_view(state)
                buttons = [t for t in v.targets() if t["kind"] == "button"]
                assert len(buttons) == 2
                got = click(v, buttons[-1]["center"])
                assert any(got is a for a in state.legal_actions())
                found.add(step)
            try:
                state.apply(policy(state, rng))
            except IndexError:   # a rules crash on the last layer (reported); not this view's
                break
        if found == {"bonus", "keep"}:
            return
    assert "keep" in found


# ---- animation ----------------------------------------------------------------------------------
def _event_samples():
    """(view before, events, view after) for the first occurrence of every event type."""
    samples = {}
    for s, champ in ((1, True), (2, True), (5, False), (4, False)):
        state = new_game("moles", 2 + s % 3, seed=s, options={"championship": champ})
        rng = random.Random(s)
        while not state.is_over():
            before = state.view(None)
            evs = state.apply(policy(state, rng))
            for e in evs:
                samples.setdefault(e["type"], (before, evs, state.view(None)))
    return samples


@pytest.mark.parametrize("speed", ["normal", "fast", "off"])
def test_every_event_animates_and_finishes(display, speed):
    from game.app.assets import Assets
    from game.app.views.moles import MolesView
    samples = _event_samples()
    for needed in ("place", "move", "disc", "lift", "win", "no_move", "reshuffle", "skip"):
        assert needed in samples
    # events the seeded games rarely make: feed them by hand
    extra = [{"type": "pass", "seat": 0, "text": ""}, {"type": "stuck", "text": ""},
             {"type": "eliminated", "seat": 1, "text": ""}, {"type": "win", "seat": 0, "mole": None, "text": ""}]
    for kind, (before, evs, after) in list(samples.items()) + [("extra", (samples["move"][2], extra, samples["move"][2]))]:
        v = MolesView("moles", seats(before["players"]), Assets())
        v.set_rect(board_rect(1280, 720))
        v.sync(before, None, None)
        v.update(0)
        v.play(evs, speed)
        v.sync(after, None, None)
        if speed != "off":
            assert v.animating, kind
        for i in range(2000):
            if not v.animating:
                break
            v.update(1 / 30)
            if i % 7 == 0:
                v.draw(display)
        assert not v.animating, kind
        v.update(0)
        v.draw(display)
        shown = {mid: (round(x, 3), round(y, 3)) for mid, (x, y) in v.shown_moles().items()}
        want = {m["id"]: tuple(round(c, 3) for c in hg.axial_to_unit(*m["at"])) for m in after["moles"]}
        assert shown == want, kind


def test_display_keeps_old_positions_until_animated(display):
    samples = _event_samples()
    before, evs, after = samples["move"]
    from game.app.assets import Assets
    from game.app.views.moles import MolesView
    v = MolesView("moles", seats(before["players"]), Assets())
    v.set_rect(board_rect(1280, 720))
    v.sync(before, None, None)
    v.update(0)
    mv = next(e for e in evs if e["type"] == "move")
    v.sync(after, None, None)        # the new view arrives first ...
    v.play(evs, "normal")            # ... then the events: the mole still starts at its old point
    v.update(0.001)
    x, y = v.shown_moles()[mv["mole"]]
    start = hg.axial_to_unit(*mv["frm"])
    assert abs(x - start[0]) < 0.1 and abs(y - start[1]) < 0.1
    for _ in range(200):
        v.update(1 / 30)
    end = hg.axial_to_unit(*mv["to"])
    x, y = v.shown_moles()[mv["mole"]]
    assert (round(x, 3), round(y, 3)) == (round(end[0], 3), round(end[1], 3))


def test_resize_keeps_clicks_right(display):
    state = new_game("moles", 2, seed=9)
    v = make_view(state)
    v.set_rect(board_rect(1024, 600))
    act = state.legal_actions()[3]
    assert click(v, v.pixel_of(act["at"])) is act


# ---- the arrow heads of the destinations -------------------------------------------------------
@pytest.mark.parametrize("direction", range(6))
def test_destination_arrowheads_point_in_the_moves_direction(direction):
    """Each arrow head points along its move, and is slender enough that it cannot be read as
    pointing another way (a near-equilateral head looks the same turned by 120 degrees)."""
    import math
    from game.app.views.moles.pieces import arrow_head
    ang = math.radians(60 * direction + 30 * (direction % 2 == 0))
    a = (200.0, 200.0)
    b = (a[0] + 100 * math.cos(ang), a[1] + 100 * math.sin(ang))
    tip, c1, c2 = arrow_head(a, b, 50)
    cx, cy = (tip[0] + c1[0] + c2[0]) / 3, (tip[1] + c1[1] + c2[1]) / 3
    got = math.atan2(tip[1] - cy, tip[0] - cx)
    assert abs((got - ang + math.pi) % (2 * math.pi) - math.pi) < math.radians(2)
    back = ((c1[0] + c2[0]) / 2, (c1[1] + c2[1]) / 2)
    assert math.dist(tip, back) > 1.3 * math.dist(c1, c2)   # an equilateral head: 0.87
    assert math.dist(tip, b) < math.dist(tip, a)         # near the destination
    assert arrow_head(a, a, 50) == []


def test_destination_arrowheads_drawn_for_the_selected_mole(display, monkeypatch):
    from game.app.views.moles import pieces
    state = _move_state(11)
    v = make_view(state)
    act = state.legal_actions()[-1]
    click(v, v.pixel_of(act["frm"]))
    seen = []
    real = pieces.arrow_head
    monkeypatch.setattr(pieces, "arrow_head", lambda a, b, s: seen.append((a, b)) or real(a, b, s))
    v.draw(display)
    dests = {tuple(t.pos) for t in v.get_targets() if t.kind == "dest"}
    assert seen and all(a == v.pixel_of(act["frm"]) for a, _b in seen)
    assert {tuple(b) for _a, b in seen} == dests


# ---- labelled numbers: moles left, the discs still face down -----------------------------------
def test_moles_left_in_the_seat_list_carry_a_label(display):
    from game.i18n import tr
    state = new_game("moles", 3, seed=5)
    v = make_view(state)
    got = v.score_texts()
    left = state.view(None)["moles_left"]
    hand = state.view(None)["to_place"]
    assert got == [tr("moles.score.left", count=n + hand[s]) for s, n in enumerate(left)]
    assert all(t.strip() != str(n + hand[s]) for s, (t, n) in enumerate(zip(got, left)))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_discs_still_face_down_are_drawn_as_disc_shapes(display, lang):
    """Every seat's discs still face down are drawn as disc backs (the rules' tip is to watch
    them), the spent ones as faint faces: no bare digits; the box fits beside the board."""
    from game.i18n import get_language, set_language
    old = get_language()
    set_language(lang)
    try:
        state = _move_state(11)
        v = make_view(state, size=(1024, 600))
        rows = v.discs_shown()
        view = state.view(None)
        assert [r["down"] for r in rows] == [len(d["face_down"]) for d in view["discs"]]
        assert [r["spent"] for r in rows] == [sorted(d["face_up"]) for d in view["discs"]]
        assert sum(r["down"] for r in rows) < 6 * len(rows)       # some discs were turned
        images = []
        real = v._image
        v._image = lambda name, size: images.append(name) or real(name, size)
        v._sprites.clear()
        v.draw(display)
        assert "moles/disc_back.svg" in images
        for r in rows:
            for val in r["spent"]:
                assert f"moles/disc_{val}.svg" in images
        img = v._discs_box()
        box = img.get_rect(bottomleft=(v.rect.x + v._px(8), v._box.bottom - v._px(8)))
        assert v.rect.contains(box) and box.w < v.rect.w * 0.3
    finally:
        set_language(old)
