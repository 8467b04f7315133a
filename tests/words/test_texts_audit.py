"""Screen texts the fairness audit found wrong: each test is named after the case it settles."""
from __future__ import annotations

import random

import pygame

from game.app.views import make_board_view
from game.rules import new_game

SEATS = [{"name": f"P{i + 1}", "colour": i, "kind": "computer", "level": "random"} for i in range(4)]


def test_ants_player_without_insect_cards_shows_a_plain_score():
    state = new_game("ants", 2, seed=3, variant="autumn")
    view = make_board_view("ants", SEATS[:2], None)
    view.set_rect(pygame.Rect(14, 14, 842, 692))
    view.sync(state.view(0), None, 0)
    assert not state.insects[1]
    assert view.score_texts()[1] == str(state.autumn_points(1))
    assert "?" not in view.score_texts()[1]


def test_hamster_solo_status_says_first_pass_from_the_first_roll(display):
    from game.app.assets import Assets
    from game.app.views.hamster import HamsterView
    state = new_game("hamster", 1, seed=3)
    v = HamsterView("hamster", [{"name": "Anna", "colour": 0, "kind": "human", "level": "good"}], Assets())
    v.set_rect(pygame.Rect(14, 14, 844, 692))
    v.sync(state.view(0), state.legal_actions(), 0)
    rng = random.Random(2)
    for _ in range(3):
        text = " ".join(v.status_lines())
        assert "second pass" not in text and "first pass" in text
        state.apply(rng.choice(state.legal_actions()))
        v.sync(state.view(0), state.legal_actions(), 0)


def test_moles_log_of_a_move_names_from_and_to():
    state = new_game("moles", 2, seed=4)
    rng = random.Random(4)
    for _ in range(400):
        if state.is_over():
            break
        events = state.apply(rng.choice(state.legal_actions())) or []
        moves = [e for e in events if e.get("type") == "move"]
        if moves:
            e = moves[0]
            assert f"from ({e['frm'][0]},{e['frm'][1]}) to ({e['to'][0]},{e['to'][1]})" in e["text"]
            return
    raise AssertionError("no move happened")


def test_moles_legend_does_not_promise_a_bonus_for_a_hole_over_a_big_space():
    from game.app.views.moles import texts
    assert "no bonus" in texts.legend("holebig")


def test_hamster_new_turn_shows_no_roll_before_anyone_rolled(display):
    from game.app.assets import Assets
    from game.app.views.hamster import HamsterView
    state = new_game("hamster", 2, seed=5)
    seats = [{"name": n, "colour": i, "kind": "human", "level": "good"} for i, n in enumerate(("Anna", "Ben"))]
    v = HamsterView("hamster", seats, Assets())
    v.set_rect(pygame.Rect(14, 14, 844, 692))
    rng = random.Random(5)
    for _ in range(200):
        state.apply(rng.choice(state.legal_actions()))
        if state.turn >= 1 and state.step == "roll":
            break
    assert state.roll is not None and state.step == "roll"
    cp = state.current_player
    v.sync(state.view(cp), state.legal_actions(), cp)
    for _ in range(2000):
        if not v.animating:
            break
        v.update(1 / 30)
    v.update(0)
    assert v.roll_shown is None
    text = " ".join(v.status_lines())
    assert f"Roll: {state.roll}" not in text and "waiting for the roll" in text


def _solo_results(state, monkeypatch, tmp_path):
    from game.app.store import saves
    from game.app.app import App
    from game.app.session import LocalSession
    from game.app.scenes.play import PlayScene
    from game.app.scenes.results import ResultsScene
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    app = App(size=(1024, 600), fullscreen=False)
    try:
        app.settings.speed = "off"
        ctl = LocalSession("hamster", [{"name": "Player 1", "colour": 0, "kind": "human", "level": "good"}],
                             state, autosave=False, computers=False)
        play = PlayScene(app, ctl, auto_results=False)
        app.go(play)
        app.step(1 / 60, [])
        drawn = []
        import game.app.ui as ui
        real = ui.draw_text
        monkeypatch.setattr(ui, "draw_text", lambda surf, text, *a, **k: (drawn.append(text), real(surf, text, *a, **k))[1])
        wrapped = []
        real_w = ui.draw_wrapped
        monkeypatch.setattr(ui, "draw_wrapped", lambda surf, text, *a, **k: (wrapped.append(text), real_w(surf, text, *a, **k))[1])
        results = ResultsScene(app, play)
        app.push(results)
        app.step(1 / 60, [])
        instruction = play.board.mode().instruction() if play.board.mode() is not None else ""
        monkeypatch.setattr(ui, "draw_text", real)
        monkeypatch.setattr(ui, "draw_wrapped", real_w)
        return drawn, wrapped, instruction
    finally:
        play.stop()
        saves.flush_autosave()
        pygame.display.quit()


def test_hamster_solo_results_show_the_score_and_keep_the_best(monkeypatch, tmp_path):
    from game.app.store import records
    state = new_game("hamster", 1, seed=3)
    rng = random.Random(2)
    for _ in range(5000):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_over()
    score = state.scores()[0]
    drawn, wrapped, instruction = _solo_results(state, monkeypatch, tmp_path)
    assert not any("wins!" in t for t in drawn) and "wins!" not in instruction
    assert f"{score} points" in drawn and str(score) in instruction
    assert records.best_solo("hamster", state.variant) == score
    assert any("new best" in t for t in wrapped)
    # a second, lower result keeps the first best and says so
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    records.record_solo("hamster", state.variant, score + 5)
    drawn, wrapped, _ = _solo_results(state, monkeypatch, tmp_path)
    assert any(f"best solo score stays at {score + 5} points" in t for t in wrapped)


def _moles_view(state, display_seat):
    from game.app.assets import Assets
    from game.app.views.moles import MolesView
    seats = [{"name": f"P{i + 1}", "colour": i, "kind": "human", "level": "good"} for i in range(state.players)]
    v = MolesView("moles", seats, Assets())
    v.set_rect(pygame.Rect(14, 14, 844, 692))
    legal = state.legal_actions() if display_seat == state.current_player else None
    v.sync(state.view(display_seat), legal, display_seat)
    v.update(0)
    return v


def test_moles_score_column_says_moles_left_and_out(display):
    import copy
    state = new_game("moles", 3, seed=6)
    v = _moles_view(state, state.current_player)
    assert all(t.endswith("moles left") for t in v.score_texts())
    view = copy.deepcopy(state.view(0))
    view["eliminated"][1] = True
    view["moles_left"][1] = 0
    view["to_place"][1] = 0
    v.sync(view, None, 0)
    assert v.score_texts()[1] == "out"


def test_moles_opponents_spent_discs_are_shown(display):
    state = new_game("moles", 2, seed=6)
    rng = random.Random(6)
    for _ in range(3000):
        cp = state.current_player
        others = [s for s in range(state.players) if s != cp]
        if cp is not None and any(state.view(cp)["discs"][s]["face_up"] for s in others):
            break
        state.apply(rng.choice(state.legal_actions()))
    cp = state.current_player
    v = _moles_view(state, cp)
    text = "\n".join(v.status_lines())
    for s in range(state.players):
        up = state.view(cp)["discs"][s]["face_up"]
        if s != cp and up:
            assert f"P{s + 1}'s spent discs: " + ", ".join(map(str, sorted(up))) in text
            return
    raise AssertionError("no spent disc of another seat was found")


def test_moles_last_move_is_marked_after_quick_computer_moves(display):
    state = new_game("moles", 2, seed=4)
    rng = random.Random(4)
    for _ in range(400):
        events = state.apply(rng.choice(state.legal_actions())) or []
        move = next((e for e in events if e.get("type") == "move"), None)
        if move is not None and not state.is_over():
            break
    cp = state.current_player
    v = _moles_view(state, cp)
    v.play(events, "off")
    v.update(0)
    lm = v.shown_last_move()
    assert lm is not None and lm["frm"] == tuple(move["frm"]) and lm["to"] == tuple(move["to"])
    surf = pygame.Surface((1280, 720))
    v.draw(surf)
    marked = surf.copy()
    v.last_move = None
    v.draw(surf)
    fx, fy = v.pixel_of(move["frm"])
    ring = int(v.spacing * 0.3)
    assert any(marked.get_at((fx + dx, fy)) != surf.get_at((fx + dx, fy)) for dx in range(ring - 3, ring + 4))


def _room(cell_ch, cell, ch, crossed):
    seen, todo = {cell}, [cell]
    while todo:
        x, y = todo.pop()
        for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if q not in seen and q not in crossed and cell_ch.get(q) == ch:
                seen.add(q)
                todo.append(q)
    return len(seen)


def test_hamster_click_next_to_own_cross_in_a_too_small_chamber_says_it_does_not_fit(display):
    from tests.app.test_hamster_view import click, make_view
    for seed in range(1, 40):
        state = new_game("hamster", 1, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_over():
                break
            legal = state.legal_actions()
            if legal[0]["type"] == "cross" and state.roll >= 2:
                v = make_view(state)
                crossed = v.crossed(0)
                ok = {tuple(c) for a in legal for c in a.get("cells") or []}
                for cell, ch in v.cell_chamber.items():
                    if cell in crossed or cell in ok:
                        continue
                    x, y = cell
                    near = [q for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                            if q in crossed and v.cell_chamber.get(q) == ch]
                    if near and _room(v.cell_chamber, cell, ch, crossed) < state.roll:
                        msg = click(v, v.cell_centre(cell))
                        assert isinstance(msg, str) and "does not fit" in msg, msg
                        return
            state.apply(max(legal, key=lambda a: (len(a.get("cells") or []), rng.random())))
    raise AssertionError("no such click found")


def test_ants_log_numbers_ants_along_the_trail_and_counts_rows_from_one():
    import re
    from game.rules.ants import N
    seen_head = seen_guess = 0
    for seed in range(12):
        state = new_game("ants", 3, seed=seed, variant="autumn")
        rng = random.Random(seed)
        for _ in range(120):
            if state.is_over():
                break
            before = list(state.chain)
            events = state.apply(rng.choice(state.legal_actions())) or []
            for e in events:
                if e.get("type") not in ("place", "guess"):
                    continue
                x, y = e["cell"]
                assert not re.search(r"\(\d+, \d+\)", e["text"]), e["text"]
                assert f"row {y + 1}, column {x + 1}" in e["text"], e["text"]
                chain = state.chain if e["type"] == "place" else before
                k = chain.index(x + N * y) + 1      # the number the board draws
                assert re.search(rf"ant {k}\b", e["text"]), e["text"]
                if e["type"] == "place" and e.get("end") == "head" and len(state.chain) > 1:
                    seen_head += 1
                seen_guess += e["type"] == "guess"
    assert seen_guess and seen_head


def test_ants_tie_broken_by_insect_cards_is_explained():
    state = new_game("ants", 3, seed=2, variant="autumn")
    state.autumn_points = lambda s: 12 if s < 2 else 5
    state.insects = [["a", "b"], ["c"], []]
    ev = []
    state._end_by_points("the path cards ran out", ev)
    text = ev[-1]["text"]
    assert state.winners() == [0]
    assert "tie on 12 points" in text and "insect cards" in text and "P1" not in text
    assert "Player 1 2" in text and "Player 2 1" in text
    assert "insect cards" in state.summary()


def test_ants_cube_on_the_ten_space_leaves_the_number_whole(display):
    from game.app.views.ants.table import AntsTable  # noqa: F401 - the mixin that draws shelves
    state = new_game("ants", 3, seed=3, variant="autumn")
    state.shelves[1] = [3, 3, 2, 3]
    for rect in (pygame.Rect(10, 10, 676, 572), pygame.Rect(14, 14, 842, 692), pygame.Rect(14, 14, 2500, 2100)):
        view = make_board_view("ants", SEATS[:3], None)
        view.set_rect(rect)
        view.sync(state.view(0), None, 0)
        seen = []
        real = view.shelf_cube_layout
        view.shelf_cube_layout = lambda sr, ts, sym: seen.append((sr, real(sr, ts, sym))) or seen[-1][1]
        view.update(0)
        view.draw(pygame.Surface((rect.right + 10, rect.bottom + 10)))
        assert len(seen) >= 4
        for sr, (cr, tr) in seen:
            assert not cr.colliderect(tr) and sr.contains(tr)


def test_ants_game_over_banner_is_not_cut_off(display):
    state = new_game("ants", 3, seed=3, variant="autumn")
    state.autumn_points = lambda s: 12 if s < 2 else 5
    ids = list(state.data.card_insect)[:3]
    state.insects = [ids[:2], ids[2:3], []]
    ev = []
    state._end_by_points("every player has a cube on a top space of two shelves", ev)
    view = make_board_view("ants", SEATS[:3], None)
    view.set_rect(pygame.Rect(10, 10, 676, 572))
    view.sync(state.view(0), None, 0)
    text = view.toast_text(ev[-1])
    assert "P1 wins" in text and view.toast_fits(text)


def test_hamster_selection_keeps_nut_and_mushroom_icons_visible(display):
    from tests.app.test_hamster_view import click, make_view
    for seed in range(1, 30):
        state = new_game("hamster", 1, seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            if state.is_over():
                break
            legal = state.legal_actions()
            if legal[0]["type"] == "cross":
                v = make_view(state)
                prized = v.prized_cells()
                cell = next((tuple(c) for a in legal for c in a.get("cells") or [] if tuple(c) in prized), None)
                if cell is not None:
                    click(v, v.cell_centre(cell))
                    assert cell in v.selected_cells()
                    surf = pygame.Surface((1280, 720))
                    v.update(0.02)
                    v.draw(surf)
                    asked = []
                    real = v.icon
                    v.icon = lambda kind, size: (asked.append(kind), real(kind, size))[1]
                    v.draw(surf)
                    assert ("mushroom" if v.is_mushroom(cell) else "nut") in asked
                    return
            state.apply(max(legal, key=lambda a: (len(a.get("cells") or []), rng.random())))
    raise AssertionError("no selectable nut or mushroom cell found")


def test_hamster_messages_leave_the_header_points_in_sight(monkeypatch, tmp_path):
    from game.app.store import saves
    from game.app.app import App
    from game.app.session import LocalSession
    from game.app.scenes.play import PlayScene
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    state = new_game("hamster", 2, seed=4)
    app = App(size=(1024, 600), fullscreen=False)
    try:
        app.settings.speed = "off"
        seats = [{"name": n, "colour": i, "kind": "human", "level": "good"} for i, n in enumerate(("Anna", "Ben"))]
        ctl = LocalSession("hamster", seats, state, autosave=False, computers=False)
        play = PlayScene(app, ctl, auto_results=False)
        app.go(play)
        app.step(1 / 60, [])
        b = play.board
        assert play.sections.messages.toast_top() >= b.message_top()
    finally:
        play.stop()
        saves.flush_autosave()
        pygame.display.quit()
