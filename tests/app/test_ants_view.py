"""The Ants & Grasshopper board view, through its public hooks: animations replay the events into
the same picture as the final view, drawing works in every step and size, side-panel scores keep
face-down insects secret, clicks that the rules forbid are explained, every step has its kit
mode, and the screen's texts come from the catalogs in every language."""
from __future__ import annotations

import random

import pygame
import pytest

from game.app.views import make_board_view
from game.i18n import LANGUAGES, set_language, tr
from game.rules import new_game
from tests.app.test_board_kit import post_click, press


SEATS = [{"name": f"P{i + 1}", "colour": i, "kind": "computer", "level": "random"} for i in range(4)]


def make(players):
    v = make_board_view("ants", SEATS[:players], None)
    assert type(v).__name__ == "AntsView"
    v.set_rect(pygame.Rect(14, 14, 842, 692))
    return v


def comparable(view):
    seats = []
    for s in view["seats"]:
        seats.append({k: s.get(k) for k in ("store", "supplies", "shelves", "insect_count", "red", "red_made")})
    return {"chain": view["chain"], "grid": view["grid"], "guess": view["guess"], "seats": seats,
            "display": view["display"], "abilities": view["abilities"], "ant": view["ant"],
            "hopper": view["hopper"], "revealed": view["revealed"], "choice": view["choice"]}


@pytest.mark.parametrize("variant,players", [("autumn", 2), ("autumn", 4), ("winter", 3), ("beetle", 4),
                                             ("beetle", 2)])
def test_animations_end_in_the_final_picture(display, variant, players):
    for seed in range(3):
        state = new_game("ants", players, seed=seed, variant=variant)
        view = make(players)
        view.sync(state.view(None), None, None)
        rng = random.Random(seed)
        n = 0
        while not state.is_over() and n < 600:
            events = state.apply(rng.choice(state.legal_actions()))
            view.play(events, "normal")
            view.sync(state.view(None), None, None)
            if n % 7 == 0:              # a few frames mid-animation
                for _ in range(4):
                    view.update(0.07)
                    view.draw(display)
            view.finish()              # every step ends, nothing reconciled yet
            assert comparable(view.shown_view()) == comparable(view.view), (seed, n, events)
            view.update(0.0)
            n += 1
        view.draw(display)


def test_every_step_draws_for_the_player_to_act_at_two_sizes(display):
    seen = set()
    for variant in ("autumn", "winter", "beetle"):
        for seed in range(4):
            state = new_game("ants", 3, seed=seed, variant=variant)
            view = make(3)
            rng = random.Random(seed)
            while not state.is_over():
                seat = state.current_player
                view.sync(state.view(seat), state.legal_actions(), seat)
                view.update(0.0)
                view.draw(display)
                seen.add(state.step)
                a = rng.choice(state.legal_actions())
                if a["type"] == "buy" and seed == 0:
                    view.set_rect(pygame.Rect(10, 10, 700, 560))
                    post_click(view, view.next_click(a))
                    assert view.dialog_open
                    view.draw(display)
                    view.set_rect(pygame.Rect(14, 14, 842, 692))
                view.play(state.apply(a), "off")
    assert {"place", "choose", "red_choose", "guess", "take", "buy"} <= seen


def test_side_panel_scores_hide_face_down_insects():
    state = new_game("ants", 2, seed=3, variant="autumn")
    rng = random.Random(3)
    while not any(state.insects):
        state.apply(rng.choice(state.legal_actions()))
    owner = 0 if state.insects[0] else 1
    other = 1 - owner
    view = make(2)
    view.sync(state.view(other), None, other)
    texts = view.score_texts()
    assert "?" in texts[owner] and str(state.autumn_points(owner)) not in texts[owner].split(" + ")[1:]
    view.sync(state.view(owner), None, owner)
    assert view.score_texts()[owner] == str(state.autumn_points(owner))
    open_state = new_game("ants", 2, seed=3, variant="autumn", options={"insects": "open"})
    view.sync(open_state.view(0), None, 0)
    assert all("?" not in t for t in view.score_texts())


def test_disc_buttons_only_for_kinds_under_the_ants(display):
    state = new_game("ants", 2, seed=5, variant="autumn")
    rng = random.Random(5)
    while state.step != "choose":
        state.apply(rng.choice(state.legal_actions()))
    view = make(2)
    view.sync(state.view(0), state.legal_actions(), 0)
    view.update(0.0)
    legal_kinds = {a["kind"] for a in state.legal_actions()}
    buttons = view.bar_buttons()
    assert len(buttons) == 4
    for b in buttons:
        kind = b["key"].removeprefix("disc_")
        assert (b["action"] is not None) == (kind in legal_kinds) == b["enabled"]
        result = post_click(view, b["center"])
        if b["action"] is None:
            assert result == tr("ants.refuse.disc_not_under")
        else:
            assert result == b["action"]


def test_keyboard_places_an_ant_and_picks_a_disc(display):
    state = new_game("ants", 2, seed=8, variant="autumn")
    view = make(2)
    for _ in range(6):
        view.sync(state.view(0), state.legal_actions(), 0)
        if view.focused() is None:                   # an arrow shows the focus on a lit card
            down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
            view.handle_event(down)
        enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
        a = view.handle_event(enter)
        assert isinstance(a, dict) and a["type"] == "place"
        state.apply(a)
        if len(state.view(0)["chain"]) < 6:       # the focus stays on a lit card near the last ant
            view.sync(state.view(0), state.legal_actions(), 0)
            assert view.focused() is not None and view.focused().startswith("cell")
    view.sync(state.view(0), state.legal_actions(), 0)
    picks = [view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1 + j, mod=0, unicode="",
                                                  scancode=0)) for j in range(4)]
    assert any(isinstance(p, dict) and p["type"] == "choose" for p in picks)


def test_missing_artwork_falls_back_to_drawn_shapes(display, monkeypatch):
    state = new_game("ants", 3, seed=2, variant="beetle")
    view = make(3)
    monkeypatch.setattr(view.assets, "image", lambda name, size=None: None)
    rng = random.Random(2)
    for _ in range(120):
        if state.is_over():
            break
        seat = state.current_player
        view.sync(state.view(seat), state.legal_actions(), seat)
        view.update(0.0)
        view.draw(display)
        view.play(state.apply(rng.choice(state.legal_actions())), "normal")
        view.update(0.2)
        view.draw(display)
    assert len({display.get_at((x, y))[:3] for x in range(0, 840, 9) for y in range(0, 700, 9)}) > 40


def test_the_spyglass_peek_stays_in_the_grasshoppers_bar_only():
    for seed in range(200):
        state = new_game("ants", 2, seed=seed, variant="beetle")
        if "spyglass" not in state.owner:
            continue
        state.owner["spyglass"] = state.hopper
        rng = random.Random(seed)
        while state.step != "guess":
            state.apply(rng.choice(state.legal_actions()))
        view = make(2)
        hopper = state.hopper
        view.sync(state.view(hopper), state.legal_actions(), hopper)
        peek = state.view(hopper)["peek"]
        told = tr("ants.do.guess_peek", kind=tr(f"ants.kind.{peek}"))
        assert peek and view.instruction() == told
        view.sync(state.view(state.ant), None, state.ant)
        assert tr(f"ants.kind.{peek}") not in view.instruction()
        return
    pytest.fail("no beetle game with the spyglass in play")


def test_every_rules_step_has_its_kit_mode():
    from game.app.views.ants.modes import MODES
    seen = set()
    for variant, players in (("autumn", 2), ("winter", 3), ("beetle", 4), ("beetle", 2)):
        for seed in range(6):
            state = new_game("ants", players, seed=seed, variant=variant)
            rng = random.Random(seed)
            while not state.is_over():
                seen.add(state.step)
                state.apply(rng.choice(state.legal_actions()))
    assert seen <= set(MODES), seen - set(MODES)


def test_the_screen_files_stay_small():
    from pathlib import Path
    import game.app.views.ants as pkg
    for f in Path(pkg.__file__).parent.glob("*.py"):
        assert len(f.read_text(encoding="utf-8").splitlines()) <= 600, f.name


def steps_of(variant, players, seed):
    """(state, seat) at the first decision of every step a person meets in one random game."""
    state = new_game("ants", players, seed=seed, variant=variant)
    rng = random.Random(seed)
    done = set()
    while not state.is_over():
        if state.step not in done:
            done.add(state.step)
            yield state
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_text_of_the_bar_comes_from_the_catalog(display, lang):
    """In every language each step's sentence and buttons are catalog texts: none is the key
    itself, and away from English none is the English text."""
    set_language(lang)
    try:
        for variant, players in (("autumn", 2), ("beetle", 3), ("winter", 4)):
            for state in steps_of(variant, players, 1):
                seat = state.current_player
                view = make(players)
                view.sync(state.view(seat), state.legal_actions(), seat)
                view.update(0)
                view.draw(display)
                texts = [view.instruction()] + [t["label"] for t in view.targets() if t["kind"] == "button"]
                texts += view.status_lines()
                for text in texts:
                    assert text and "ants." not in text, (lang, state.step, text)
                if lang != "en":
                    mine = view.instruction()
                    set_language("en")
                    english = make(players)
                    english.sync(state.view(seat), state.legal_actions(), seat)
                    english.update(0)
                    assert english.instruction() != mine, (lang, state.step, mine)
                    set_language(lang)
    finally:
        set_language("en")


def test_key_hints_show_the_number_keys_of_the_bar(display):
    """With the keyboard in use the bar numbers its buttons 1-9: pressing a number takes that
    button (a disabled disc says why)."""
    state = new_game("ants", 2, seed=5, variant="autumn")
    rng = random.Random(5)
    while state.step != "choose":
        state.apply(rng.choice(state.legal_actions()))
    view = make(2)
    view.sync(state.view(0), state.legal_actions(), 0)
    view.update(0)
    for n, b in enumerate(view.bar_buttons()):
        got = press(view, pygame.K_1 + n)
        assert got == (b["action"] if b["enabled"] else tr("ants.refuse.disc_not_under"))
    view.draw(display)


@pytest.mark.parametrize("lang", ["de", "ru", "fr"])
def test_the_bar_fits_at_the_smallest_window_in_long_languages(display, lang):
    """At 1024x600 the bar's sentence and every button stay inside the bar, side by side."""
    from tests.app.test_board_kit import board_rect
    set_language(lang)
    try:
        for variant, players, seed in (("autumn", 2, 1), ("beetle", 3, 2), ("winter", 4, 3), ("beetle", 4, 4)):
            for state in steps_of(variant, players, seed):
                seat = state.current_player
                view = make_board_view("ants", SEATS[:players], None)
                view.set_rect(board_rect(1024, 600))
                view.sync(state.view(seat), state.legal_actions(), seat)
                view.update(0)
                items = view.bar_items()
                bar = view.bar_rect
                label = items[0]
                assert label["kind"] == "label" and bar.contains(label["rect"])
                for it in items[1:]:
                    assert bar.contains(it["rect"]), (lang, state.step, it.get("label"))
                    assert it["rect"].x >= label["rect"].right, (lang, state.step, it.get("label"))
                    room = it["rect"].w - (it["rect"].h if it.get("icon") else 0)
                    assert view.assets.font(11, True).size(it["label"])[0] <= room, (lang, it["label"])
    finally:
        set_language("en")


def test_the_rules_text_exists_in_every_language_with_the_same_sections():
    from pathlib import Path
    en = Path("data/texts/en/ants_rules.md")
    en = en if en.exists() else Path("data/texts/ants_rules.md")
    heads = [ln for ln in en.read_text(encoding="utf-8").splitlines() if ln.startswith("#")]
    for lang in sorted(set(LANGUAGES) - {"en"}):
        text = Path(f"data/texts/{lang}/ants_rules.md").read_text(encoding="utf-8")
        mine = [ln for ln in text.splitlines() if ln.startswith("#")]
        assert len(mine) == len(heads), lang
        assert text.count("\n- ") == en.read_text(encoding="utf-8").count("\n- "), lang


# ---- hot seat: the secret disc is shown back and may be changed before it is played ------------
HUMANS = [{"name": f"P{i + 1}", "colour": i, "kind": "human", "level": "good"} for i in range(4)]


def _at_choose(seed=5, players=2, variant="autumn"):
    state = new_game("ants", players, seed=seed, variant=variant)
    rng = random.Random(seed)
    while state.step != "choose":
        state.apply(rng.choice(state.legal_actions()))
    return state


def _hot_view(state, rect=pygame.Rect(14, 14, 842, 692)):
    v = make_board_view("ants", HUMANS[:state.players], None)
    v.set_rect(rect)
    seat = state.current_player
    v.sync(state.view(seat), state.legal_actions(), seat)
    v.update(0.0)
    return v


def test_hot_seat_secret_pick_shows_you_hid_and_can_be_changed(display):
    """In hot seat a click on a disc plays nothing yet: the bar says "You hid <kind>" and offers
    Done; another disc changes the pick; Esc drops it; only Done plays the pick (then the curtain
    comes up for the next person, so the pick stays secret)."""
    state = _at_choose()
    legal = {a["kind"]: a for a in state.legal_actions()}
    assert legal
    v = _hot_view(state)
    kinds = sorted(legal)
    first = kinds[0]
    disc = next(b for b in v.bar_buttons() if b["key"] == f"disc_{first}")
    assert post_click(v, disc["center"]) is None                # nothing played yet
    assert v.instruction() == tr("ants.do.hid", kind=tr(f"ants.kind.{first}"))
    done = next(b for b in v.bar_buttons() if b["key"] == "hid_done")
    last = kinds[-1]
    if last != first:                                            # change it
        other = next(b for b in v.bar_buttons() if b["key"] == f"disc_{last}")
        assert post_click(v, other["center"]) is None
        assert v.instruction() == tr("ants.do.hid", kind=tr(f"ants.kind.{last}"))
        done = next(b for b in v.bar_buttons() if b["key"] == "hid_done")
    assert v.clicks_for(legal[last]) == ["hid_done"]
    got = post_click(v, done["center"])
    assert got == legal[last]
    # Esc drops the pick; a disc with no ant under it still says why
    v = _hot_view(state)
    post_click(v, next(b for b in v.bar_buttons() if b["key"] == f"disc_{first}")["center"])
    assert v.handle_escape() is True
    assert v.instruction() == tr("ants.do.choose")
    assert not any(b["key"] == "hid_done" for b in v.bar_buttons())
    for b in v.bar_buttons():
        if b["key"].removeprefix("disc_") not in legal:
            assert post_click(v, b["center"]) == tr("ants.refuse.disc_not_under")
    assert v.clicks_for(legal[first]) == [f"disc_{first}", "hid_done"]


def test_the_pick_stays_in_the_screen_until_done(display):
    """Picking (and changing) plays nothing: the state is untouched until Done."""
    state = _at_choose(seed=7)
    before = state.to_dict()
    v = _hot_view(state)
    for b in v.bar_buttons():
        post_click(v, b["center"])
    assert state.to_dict() == before and state.step == "choose"


@pytest.mark.parametrize("lang", ["de", "ru", "fr", "en"])
def test_hot_seat_pick_bar_fits_at_the_smallest_window(display, lang):
    from tests.app.test_board_kit import board_rect
    set_language(lang)
    try:
        for variant, players, seed in (("autumn", 2, 5), ("beetle", 4, 4)):
            state = _at_choose(seed, players, variant)
            v = _hot_view(state, board_rect(1024, 600))
            k = state.legal_actions()[0]["kind"]
            post_click(v, next(b for b in v.bar_buttons() if b["key"] == f"disc_{k}")["center"])
            items = v.bar_items()
            label = items[0]
            assert label["kind"] == "label" and v.bar_rect.contains(label["rect"])
            assert any(it.get("key") == "hid_done" for it in items)
            for it in items[1:]:
                assert v.bar_rect.contains(it["rect"]), (lang, it.get("label"))
                room = it["rect"].w - (it["rect"].h if it.get("icon") else 0)
                assert v.assets.font(11, True).size(it["label"])[0] <= room, (lang, it["label"])
            v.draw(display)
    finally:
        set_language("en")
