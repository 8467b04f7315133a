"""The Gopher's Pantry screen: it draws at three sizes, replaying events ends in the picture of
the final view, every target gives a legal action or a refusal, the keyboard reaches every legal
action, and every text goes through the catalogs. The kit's generic checks (tests/app/test_board_kit.py)
run on gopher too."""
from __future__ import annotations

import random

import pytest

pygame = pytest.importorskip("pygame")

from game.app.assets import Assets  # noqa: E402
from game.app.board import KitView  # noqa: E402
from game.app.views import make_board_view  # noqa: E402
from game.rules import new_game  # noqa: E402
from game.rules.base import action_key  # noqa: E402
from tests.app import test_board_kit as kit  # noqa: E402

VARIANTS = ("standard", "simplified", "baskets", "beginner")


def seats(n):
    return [{"name": f"P{i + 1}", "colour": i, "kind": "human", "level": "good"} for i in range(n)]


def play_to(seed, moves, variant, players=2):
    st = new_game("gopher", players, seed=seed, variant=variant)
    rng = random.Random(seed)
    events = []
    for _ in range(moves):
        if st.is_over():
            break
        events = st.apply(rng.choice(st.legal_actions()))
    return st, events


def view_of(st, size=(1280, 720)):
    v = make_board_view("gopher", seats(st.players), Assets())
    v.set_rect(kit.board_rect(*size))
    seat = st.current_player
    v.sync(st.view(seat), None if st.is_over() else st.legal_actions(), seat)
    v.update(0)
    return v


def test_registered_on_the_kit():
    assert isinstance(make_board_view("gopher", seats(2), Assets()), KitView)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (2560, 1440)])
@pytest.mark.parametrize("variant", VARIANTS)
def test_draws_at_three_sizes(display, size, variant):
    surf = pygame.Surface(size)
    for seed, moves in ((1, 0), (2, 9), (3, 40), (4, 400)):
        st, _ = play_to(seed, moves, variant, 2 + seed % 3)
        v = view_of(st, size)
        v.draw(surf)
        for t in v.targets():
            x, y = t["center"]
            assert 0 <= x < size[0] and 0 <= y < size[1], (size, t)


@pytest.mark.parametrize("variant", VARIANTS)
def test_replaying_events_ends_in_the_final_picture(display, variant):
    """Events animated one after the other end where a fresh view of the last state is."""
    surf_a, surf_b = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    st = new_game("gopher", 3, seed=7, variant=variant)
    v = view_of(st)
    rng = random.Random(7)
    for _ in range(80):
        if st.is_over():
            break
        events = st.apply(rng.choice(st.legal_actions()))
        v.play(events, "fast")
        v.sync(st.view(st.current_player), None, st.current_player)
        for _ in range(3):
            v.update(1 / 30)
            v.draw(surf_a)
    for _ in range(2000):
        if not v.animating:
            break
        v.update(1 / 30)
    assert not v.animating
    for _ in range(200):
        v.update(1 / 10)
    seat = st.current_player
    legal = None if st.is_over() else st.legal_actions()
    v.sync(st.view(seat), legal, seat)
    v.update(0)
    fresh = view_of(st)
    assert v.token_positions() == fresh.token_positions()
    assert v.shown_page == st.view(seat)["page"]
    v.reset_ambient_clock()              # the same moment of the highlights' pulse
    fresh.reset_ambient_clock()
    v.clear_marks()                      # the last moves' marks: the one thing a fresh view lacks
    surf_a.fill((0, 0, 0))
    surf_b.fill((0, 0, 0))
    v.draw(surf_a)
    fresh.draw(surf_b)
    assert pygame.image.tobytes(surf_a, "RGB") == pygame.image.tobytes(surf_b, "RGB")


def positions():
    for variant in VARIANTS:
        for seed, moves in ((0, 0), (1, 5), (2, 7), (3, 20), (5, 33), (6, 60), (8, 120)):
            st, _ = play_to(seed, moves, variant, 2 + seed % 3)
            if not st.is_over():
                yield variant, seed, st


def test_every_target_gives_a_legal_action_or_a_refusal(display):
    for variant, seed, st in positions():
        ok = {action_key(a) for a in st.legal_actions()}
        targets = view_of(st).targets()
        assert targets, (variant, seed, st.view(st.current_player)["step"])
        for t in targets:
            v = view_of(st)
            before = [x["key"] for x in v.targets()]
            got = kit.post_click(v, t["center"])
            if isinstance(got, dict):
                assert action_key(got) in ok, (variant, t["key"], got)
            elif isinstance(got, str):
                assert got.strip()
            else:
                assert [x["key"] for x in v.targets()] != before, (variant, t["key"])


def test_every_legal_action_has_a_route_by_keyboard(display):
    for variant, seed, st in positions():
        for action in st.legal_actions():
            v = view_of(st)
            route = v.clicks_for(action)
            assert route, (variant, seed, action)
            got = kit.keyboard_route(v, route)
            assert isinstance(got, dict) and action_key(got) == action_key(action), (variant, action, got)


def test_clicks_off_target_are_refused_with_a_reason(display):
    """A hole that is not lit says why (from legal and the view), never a traceback."""
    for variant, seed, st in positions():
        v = view_of(st)
        lit = {t["center"] for t in v.targets()}
        from game.rules.gopher import default_data
        for h in default_data().hole_ids:
            pos = v.hole_px(h)
            if pos in lit:
                continue
            got = kit.post_click(v, pos)
            assert got is None or isinstance(got, str) or action_key(got) in {
                action_key(a) for a in st.legal_actions()}


@pytest.mark.parametrize("speed", ["normal", "fast", "off"])
def test_events_end_idle(display, speed):
    st = new_game("gopher", 2, seed=4, variant="standard")
    v = view_of(st)
    rng = random.Random(5)
    surf = pygame.Surface((1280, 720))
    for _ in range(60):
        if st.is_over():
            break
        v.play(st.apply(rng.choice(st.legal_actions())), speed)
        v.sync(st.view(st.current_player), None, st.current_player)
        v.update(1 / 20)
        v.draw(surf)
    for _ in range(20 * 120):
        if not v.animating:
            break
        v.update(1 / 20)
    for _ in range(20 * 15):
        v.update(1 / 20)
    v.draw(surf)
    assert v.is_idle()


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ru"])
def test_captions_in_every_language(display, lang):
    from game import i18n
    from game.app.views.gopher import texts
    old = i18n.get_language()
    i18n.set_language(lang)
    try:
        for variant in VARIANTS:
            st = new_game("gopher", 3, seed=11, variant=variant)
            rng = random.Random(11)
            for _ in range(300):
                if st.is_over():
                    break
                for ev in st.apply(rng.choice(st.legal_actions())):
                    text = texts.caption(ev, texts.ctx_for(["P0", "P1", "P2"]))
                    assert "gopher." not in text, (lang, ev["type"], text)
                    assert ev["type"] in ("turn",) or text, ev["type"]
    finally:
        i18n.set_language(old)


# ---- the kit's generic checks (tests/app/test_board_kit.py), run on gopher --------------------------
@pytest.mark.parametrize("size", kit.SIZES)
def test_kit_draws_at_every_size(display, size):
    kit.test_draws_at_every_size(display, "gopher", size)


def test_kit_every_target_clicked(display):
    kit.test_every_target_clicked_gives_a_legal_action_or_a_reason(display, "gopher")


def test_kit_keyboard_alone(display):
    kit.test_the_keyboard_alone_reaches_every_legal_action(display, "gopher")


@pytest.mark.parametrize("speed", ["normal", "fast", "off"])
def test_kit_events_at_every_speed_end_idle(display, speed):
    kit.test_events_at_every_speed_end_idle(display, "gopher", speed)


def test_kit_escape_never_raises(display):
    kit.test_escape_never_raises(display, "gopher")


def _collecting(seed_range=range(40)):
    """A standard game at a collect step with one card added that does not make the sign yet."""
    for seed in seed_range:
        st = new_game("gopher", 2, seed=seed, variant="standard")
        rng = random.Random(seed)
        for _ in range(400):
            if st.is_over():
                break
            la = st.legal_actions()
            adds = [a for a in la if a["type"] == "add"]
            if st.step == "collect" and not st.picks_add and adds \
                    and not any(a["type"] == "collect" for a in la):
                st.apply(adds[0])
                if not any(a["type"] == "collect" for a in st.legal_actions()):
                    return st
                continue
            st.apply(rng.choice(la))
    raise AssertionError("no collect step found")


def test_collect_button_looks_disabled_until_the_cards_make_the_sign(display, monkeypatch):
    st = _collecting()
    v = view_of(st, (1024, 600))
    drawn = []
    monkeypatch.setattr(v, "_draw_disabled_button", lambda surf, r, label: drawn.append(label))
    v.draw(pygame.Surface((1024, 600)))
    item = next(it for it in v.bar_items() if it.get("key") == ("btn", "collect"))
    assert item["action"] is None and drawn == [item["label"]]
    # a click on it says why
    assert v.mode().refuse_at(item["rect"].center)


def test_hand_and_pile_counts_change_when_the_cards_land(display):
    """The side panel keeps the old counts while the collected cards fly and changes them when
    they land; the refill changes the hand count when its cards arrive."""
    for seed in range(30):
        st = new_game("gopher", 2, seed=seed, variant="standard")
        rng = random.Random(seed)
        v = view_of(st)
        for _ in range(300):
            if st.is_over():
                break
            la = st.legal_actions()
            collect = [a for a in la if a["type"] == "collect"]
            # what the collecting seat sees (its picks are out of the hand for it alone)
            before = [dict(s) for s in st.view(st.current_player)["seats"]]
            events = st.apply(collect[0] if collect else rng.choice(la))
            got = next((e for e in events if e["type"] == "collect"), None)
            v.play(events, "normal")
            v.sync(st.view(st.current_player), None, st.current_player)
            if got is None:
                v.finish()
                v.update(0)
                continue
            s = got["seat"]
            shown = v.shown_seats()[s]
            assert shown["face_up"] == before[s]["face_up"]
            assert shown["hand_count"] == before[s]["hand_count"]
            for _ in range(2000):
                if "collect" not in v.queued():
                    break
                v.update(1 / 30)
            shown = v.shown_seats()[s]
            assert shown["face_up"] == before[s]["face_up"] + list(got["add"])
            v.finish()
            v.update(0)
            assert v.shown_seats() == st.view(st.current_player)["seats"]
            return
    raise AssertionError("no collection in the games tried")


def test_an_animation_starts_from_the_synced_page_even_without_a_frame_between(display):
    """Actions applied at speed "off" with no frame in between, then one animated: the book
    shows the page and the tokens as they stand, never an older picture."""
    st = new_game("gopher", 2, seed=0, variant="standard")
    v = view_of(st)
    rng = random.Random(0)
    for _ in range(40):
        events = st.apply(rng.choice(st.legal_actions()))
        v.play(events, "off")
        v.sync(st.view(st.current_player), None, st.current_player)
    before = st.view(st.current_player)
    events = st.apply(rng.choice(st.legal_actions()))
    v.play(events, "normal")
    assert v.shown_page == before["page"]
    assert v._disp_tokens == [s.get("token") for s in before["seats"]]


def test_a_seat_card_says_where_each_basket_is(display):
    """With baskets each seat card says whose burrow its basket is in: at home, with another
    player, or (at home) how many baskets of others it holds."""
    from game import i18n
    st = new_game("gopher", 3, seed=1, variant="baskets")      # a random game where a
    rng = random.Random(1)                                     # basket changes hands
    while not st.is_over() and all(s.get("basket_holder", i) == i
                                   for i, s in enumerate(st.view(0)["seats"])):
        st.apply(rng.choice(st.legal_actions()))
    v = view_of(st)
    seats_ = v.view["seats"]
    lines = [v.basket_line(s, info) for s, info in enumerate(seats_)]
    for s, info in enumerate(seats_):
        holder = info["basket_holder"]
        held = sum(1 for o, other in enumerate(seats_) if o != s and other["basket_holder"] == s)
        if holder != s:
            assert lines[s] == i18n.tr("gopher.seat.basket", name=v.seat_name(holder))
        elif held:
            assert lines[s] == i18n.tr("gopher.seat.baskets_held", count=held)
        else:
            assert lines[s] == i18n.tr("gopher.seat.basket_home")
    assert any(i18n.tr("gopher.seat.baskets_held", count=1)[:4] in line for line in lines)


def test_captions_fade_once_a_person_chooses_cards(display):
    """The captions stand over the hand strip while things move; once a person is to act
    they fade out within half a second, so no card of the hand stays hidden."""
    st, _ = play_to(2, 12, "standard")
    v = view_of(st)
    assert v.legal
    v._toast("Computer 2 collects 3 acorns.")
    for _ in range(18):
        v.update(1 / 30)
    assert not v._toasts_box.items
    w = make_board_view("gopher", seats(st.players), Assets())
    w.set_rect(kit.board_rect(1280, 720))
    w.sync(st.view(st.current_player), None, st.current_player)
    w._toast("Computer 2 collects 3 acorns.")
    for _ in range(18):
        w.update(1 / 30)
    assert w._toasts_box.items


def test_the_results_screen_shows_plus_minus_and_trophies(display, monkeypatch):
    """The results screen's picture (``draw_results``) lists each player's plus, minus and
    trophy points; the beginner game, scored by lunches alone, has none."""
    st = new_game("gopher", 3, seed=1, variant="standard")
    rng = random.Random(1)
    while not st.is_over():
        st.apply(rng.choice(st.legal_actions()))
    v = view_of(st)
    assert callable(v.draw_results)
    said = []
    from game.app.board import draw as kit_draw
    real = kit_draw.text
    monkeypatch.setattr("game.app.views.gopher.view.draw.text",
                        lambda assets, s, *a, **k: (said.append(s), real(assets, s, *a, **k))[1])
    surf = pygame.Surface((700, 200))
    v.draw_results(surf, pygame.Rect(10, 10, 660, 150), st)
    for s in range(3):        # the name, then each number with what it is (issue 32)
        info = v.view["seats"][s]
        at = max(i for i, t in enumerate(said) if t == f"{v.seat_name(s)}:")
        row = [t for t in said[at:at + 16] if not t.isdigit()][:5]     # not the icons' values
        assert row[1].startswith(f"+{info['plus']} ") and row[4] == f"= {info['score']}", row
        assert f"{info['trophy_points']}" in row[3]
    b, _ = play_to(1, 2000, "beginner")
    assert b.is_over() and view_of(b).draw_results is None


def test_setup_screen_sends_no_hidden_option():
    """The set-up screen hides ``single_card`` unless the beginner rules are chosen; an option
    changed there and then hidden by another choice goes back to its default, so the rules
    (which refuse an option that does nothing in the chosen rule set) start the game."""
    from types import SimpleNamespace
    from game.app.scenes.seats import SeatsScene
    from game.rules import GAMES
    screen = SimpleNamespace(info=GAMES["gopher"], variant="beginner", option_text={},
                             options={"single_card": "not_allowed"}, count=2)
    assert SeatsScene.collect_options(screen) == {"single_card": "not_allowed"}
    screen.variant = "standard"
    options = SeatsScene.collect_options(screen)
    assert options == {"single_card": "allowed"}
    new_game("gopher", 2, seed=1, variant="standard", options=options)


def test_a_collect_step_the_hand_cannot_pay_says_so_and_offers_keeping_the_cards(display):
    """The collect step opens whatever a hand can pay (the others must not learn it); when the
    cards cannot make the sign, the bar says so and offers only "Keep my cards"."""
    from game import i18n
    from game.app.views.gopher import texts
    for seed in range(60):
        st = new_game("gopher", 2, seed=seed, variant="standard")
        rng = random.Random(seed)
        for _ in range(300):
            if st.is_over() or (st.step == "collect" and
                                {a["type"] for a in st.legal_actions()} == {"pass"}):
                break
            st.apply(rng.choice(st.legal_actions()))
        if st.step == "collect":
            break
    assert [a["type"] for a in st.legal_actions()] == ["pass"]
    v = view_of(st)
    mode = v.mode()
    seat = st.current_player
    what, amount = st.data.pages[st.page].signs[st.tokens[seat]]
    assert mode.instruction() == i18n.tr("gopher.do.collect_none", what=texts.sign(what, amount))
    labels = [label for _k, label, action, _p in mode.buttons() if action is not None]
    assert labels == [texts.button("pass")]
