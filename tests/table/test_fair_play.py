"""Issue 15: one undo and hand-over policy for every game; no secret, no future roll and no
other player's choice ever reaches a player early.

The cases of the issue first (each failed before the policy), then two generic walks over every
game: one redeals the hidden parts consistently with each human's view before every action and
proves Undo never goes back past an action whose outcome differed; one plays seeded hot-seat games
with humans and computers mixed and checks every frame the play scene would draw.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.app.session import LocalSession
from game.rules import GAMES, new_game


def seats(kinds):
    names = {"human": "Player", "computer": "Computer"}
    return [{"name": f"{names[k]} {i + 1}", "colour": i, "kind": k, "level": "random"}
            for i, k in enumerate(kinds)]


def controller(game, kinds, seed, variant=None, options=None):
    st = new_game(game, len(kinds), seed=seed, variant=variant, options=options)
    return LocalSession(game, seats(kinds), st, autosave=False, computers=False)


def step(ctl, rng=None):
    legal = ctl.table.state.legal_actions()
    return ctl.apply(rng.choice(legal) if rng else legal[0])


def play_until(ctl, cond, rng=None, limit=5000):
    for _ in range(limit):
        if cond():
            return
        step(ctl, rng)
    raise AssertionError("condition never met")


# ---- Ants & Grasshopper ------------------------------------------------------------------------
def test_ants_lone_human_cannot_undo_the_grasshoppers_jump_after_the_reveal():
    ctl = controller("ants", ["computer", "human"], seed=5)
    play_until(ctl, lambda: ctl.human_to_act() and ctl.table.state.step == "guess")
    events = step(ctl)
    assert any(e["type"] == "reveal" and e["chance"] for e in events)
    assert not ctl.can_undo() and not ctl.undo()


def test_ants_lone_red_ant_cannot_undo_after_the_reveal():
    ctl = controller("ants", ["computer", "computer", "human"], seed=3, variant="winter")
    play_until(ctl, lambda: ctl.human_to_act() and ctl.table.state.step == "red_choose")
    step(ctl)                               # the red ant's disc: may still be changed...
    assert ctl.can_undo() and ctl.undo_needs_confirm()   # ...before the grasshopper jumps
    play_until(ctl, lambda: ctl.table.state.step != "guess" or ctl.human_to_act())
    assert not ctl.can_undo()               # the jump and the reveal stand


def test_ants_grid_refill_is_a_point_of_no_return():
    ctl = controller("ants", ["human", "computer"], seed=2)
    for _ in range(3000):
        ev = step(ctl)
        if any(e["type"] == "refill" for e in ev):
            break
    assert all(e.get("chance") for e in ev if e["type"] == "refill")
    assert not ctl.can_undo()


def test_ants_hot_seat_computers_act_in_front_of_the_spectator_view():
    ctl = controller("ants", ["human", "computer", "computer", "human"], seed=7, variant="winter")
    play_until(ctl, lambda: ctl.human_to_act() and ctl.table.state.step == "choose")
    ctl.clear_curtain()
    step(ctl)                               # the human ant lays the disc face down
    assert ctl.computer_to_act()            # the red ants (computers) choose
    assert ctl.viewing_seat() is None
    assert ctl.board_view() == ctl.table.state.view(None)


def test_ants_peek_and_hidden_draws_are_marked():
    import game.rules.ants as ants
    folder = Path(ants.__file__).parent
    src = "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py")))
    assert 'Record("peek"' in src and 'Record("hide"' in src
    for kind in ('"peek"', '"hide"'):
        for chunk in src.split("Record(" + kind)[1:]:
            head = chunk[:chunk.index("))")]
            assert "chance=True" in head and "private_to=" in head, kind


# ---- Mole Dig ----------------------------------------------------------------------------------
def test_moles_lone_human_cannot_undo_across_a_computers_disc():
    ctl = controller("moles", ["human", "computer"], seed=8)
    play_until(ctl, lambda: ctl.computer_to_act() and ctl.table.state.step == "turn")
    events = step(ctl)                      # the computer turns its disc over
    assert any(e.get("chance") for e in events)
    play_until(ctl, ctl.human_to_act)
    assert not ctl.can_undo()


def test_moles_championship_keep_can_be_changed_until_the_move():
    ctl = controller("moles", ["human", "human"], seed=3, options={"championship": True})
    play_until(ctl, lambda: ctl.table.state.step == "keep" and len(set(ctl.table.state.pending)) > 1)
    assert not ctl.can_undo()               # the two discs were turned: no way back
    step(ctl)
    assert ctl.can_undo() and not ctl.undo_needs_confirm()
    assert ctl.undo() and ctl.table.state.step == "keep"
    assert not ctl.can_undo()


# ---- Hamster Burrow ----------------------------------------------------------------------------
def test_hamster_lone_human_never_undoes_a_roll():
    ctl = controller("hamster", ["human", "computer", "computer"], seed=4)
    assert ctl.table.state.current_player == 0 and ctl.table.state.step == "roll"
    step(ctl)
    assert not ctl.can_undo()               # the roll is shown: the turn before it stands


def test_hamster_solo_one_undo_never_wipes_the_game():
    ctl = controller("hamster", ["human"], seed=9)
    for _ in range(21):
        step(ctl)
    turn = ctl.table.state.turn_number
    if ctl.table.state.step == "choose":
        assert not ctl.can_undo()           # right after a roll: nothing to take back
        step(ctl)
    scores = ctl.table.state.scores()
    assert ctl.can_undo() and not ctl.undo_needs_confirm()
    assert ctl.undo()                       # one press: the last cross only
    assert ctl.table.state.step == "choose" and ctl.table.state.turn_number >= turn - 1
    assert not ctl.can_undo() and not ctl.undo()
    assert sum(ctl.table.state.scores()) >= sum(scores) - 30 and ctl.table.state.turn_number > 15


def test_hamster_log_holds_other_seats_crosses_back_until_the_turn_ends():
    # the human rolls in turn 2 (seat 1 is the roller of turn 1): the computers decide first
    ctl = controller("hamster", ["computer", "human", "computer"], seed=12)
    play_until(ctl, lambda: ctl.human_to_act() and ctl.table.state.step == "choose"
               and any(ctl.table.state.decided))
    held = [x["e"]["text"] for x in ctl.table._entries if x["r"] is None]
    assert held and all("Computer" in t for t in held)
    assert not any(t in log_texts(ctl) for t in held)   # "Computer 3 crosses 2 cells ..."
    assert not any(t in " ".join(log_texts(ctl)) for t in held)
    step(ctl)                               # the human decides
    play_until(ctl, lambda: ctl.table.state.step == "roll")
    assert all(t in log_texts(ctl) for t in held)  # the turn ended: now everyone may know


def log_texts(ctl):
    """The log's entries by the rules' own sentence (the screen renders them per language)."""
    return [e.get("text") if isinstance(e, dict) else e for e in ctl.log]


def test_hamster_has_a_curtain_in_hot_seat():
    assert GAMES["hamster"].curtain is True and GAMES["ants"].curtain is True
    assert GAMES["moles"].curtain is False
    ctl = controller("hamster", ["human", "human"], seed=1)
    assert ctl.curtain_seat == 0


def test_hamster_two_player_hot_seat_last_decider_cannot_undo_after_the_reveal():
    ctl = controller("hamster", ["human", "human"], seed=6)
    for _ in range(40):
        ctl.clear_curtain()
        if ctl.table.state.step == "choose" and ctl.table.state.deciding == 1:
            break
        step(ctl)
    ctl.clear_curtain()
    events = step(ctl)                      # the last decider: the turn ends, both crosses show
    assert any(e.get("reveal") for e in events)
    assert ctl.table.state.step in ("roll", "over")
    assert not ctl.can_undo()


def test_hamster_timer_has_6_boxes_and_a_short_timer_of_3():
    assert new_game("hamster", 2, seed=1).timer_length == 6
    short = new_game("hamster", 2, seed=1, options={"timer": "short"})
    assert short.timer_length == 3 and short.view(0)["timer"]["length"] == 3
    from game.rules.hamster import HamsterState
    assert HamsterState.from_view(short.view(0), 1).timer_length == 3
    from pathlib import Path
    text = Path("data/texts/en/hamster_rules.md").read_text(encoding="utf-8")
    assert "6 timer boxes" in text and "3 boxes" in text


# ---- generic: redeal the hidden parts before every action --------------------------------------
def outcome(state, action, seat):
    st = state.clone()
    events = st.apply(action)
    return ([{k: v for k, v in e.items()} for e in events], st.view(seat))


SETUPS = [
    ("moles", ["human", "computer", "computer"], None, None),          # lone human
    ("moles", ["human", "human"], None, {"championship": True}),        # hot seat
    ("ants", ["human", "computer", "computer"], "winter", None),
    ("ants", ["computer", "human", "human"], "beetle", None),
    ("ants", ["human", "computer"], "autumn", None),
    ("hamster", ["human"], None, None),                                 # solo
    ("hamster", ["human", "computer", "human"], None, None),
    ("hamster", ["computer", "human"], "B", None),
]


@pytest.mark.parametrize("game,kinds,variant,options", SETUPS,
                         ids=[f"{g}-{'-'.join(k[0] for k in s)}" for g, s, _, _ in SETUPS])
def test_undo_never_goes_back_past_an_action_whose_outcome_differed(game, kinds, variant, options):
    cls = GAMES[game].state_class
    ctl = controller(game, kinds, seed=31, variant=variant, options=options)
    rng = random.Random(5)
    differed = 0
    for n in range(260):
        if ctl.is_over():
            break
        seat = ctl.current
        ctl.clear_curtain()
        action = rng.choice(ctl.table.state.legal_actions())
        real = outcome(ctl.table.state, action, seat)
        fixed = False
        for k in range(3):                  # three redeals of what this seat cannot see
            redealt = cls.from_view(ctl.table.state.view(seat), seed=1000 * n + k)
            redealt.set_names(ctl.table.state.names)
            if outcome(redealt, action, seat) != real:
                fixed = True
                break
        ctl.apply(action)
        differed += fixed
        if fixed:
            # the outcome depended on something hidden or random: a point of no return
            assert ctl.history[-1]["chance"], (n, action)
            assert not ctl.can_undo(), (n, action)
        target = ctl.undo_target()
        if target is not None:
            assert target == len(ctl.history) - 1 and ctl.history[target]["seat"] == seat
            assert ctl.is_human(seat) and not ctl.history[target]["chance"]
    assert differed > 0


# ---- generic: every frame of a seeded hot-seat game --------------------------------------------
FRAMES = [
    ("moles", ["human", "computer", "human", "computer"], None),
    ("ants", ["human", "computer", "human", "computer"], "winter"),
    ("ants", ["computer", "human", "human"], "autumn"),
    ("hamster", ["human", "computer", "human", "computer"], None),
    ("hamster", ["computer", "human", "human"], "B"),
]


@pytest.mark.parametrize("game,kinds,variant", FRAMES,
                         ids=[f"{g}-{'-'.join(k[0] for k in s)}" for g, s, _ in FRAMES])
def test_hot_seat_frames_never_show_one_human_another_humans_secret(game, kinds, variant):
    ctl = controller(game, kinds, seed=17, variant=variant)
    curtain = GAMES[game].curtain
    rng = random.Random(3)
    pending: list[str] = []                 # sentences of simultaneous decisions not yet revealed
    public: list[str] = log_texts(ctl)
    shown_seat = None
    frames = 0
    for _ in range(400):
        if ctl.is_over():
            break
        # the frame the play scene draws now
        seat = ctl.viewing_seat()
        assert ctl.board_view() == ctl.table.state.view(seat)
        if ctl.computer_to_act():
            assert seat is None             # between humans: the spectator view
        elif ctl.human_to_act():
            if curtain and seat is not None and shown_seat != seat:
                raise AssertionError(f"{kinds[seat]} {seat} shown without a curtain")
            if ctl.curtain_seat is not None:
                assert seat is None and ctl.legal_for_board() is None
                ctl.clear_curtain()         # the human confirms: now their own view
                seat = ctl.viewing_seat()
                assert seat == ctl.current and ctl.board_view() == ctl.table.state.view(seat)
        # the log holds exactly the sentences everyone may know: none still pending
        assert log_texts(ctl) == public, "a simultaneous choice is in the log early"
        shown_seat = seat
        frames += 1
        events = step(ctl, rng)
        for e in events:
            if e.get("simultaneous"):
                pending.append(e["text"])
                continue
            public.append(e["text"])
            if e.get("reveal"):
                public.extend(pending)
                pending = []
    assert frames > 50


# ---- the rules texts say what the program does -------------------------------------------------
def rules_text(game):
    from pathlib import Path
    return " ".join(Path(f"data/texts/en/{game}_rules.md").read_text(encoding="utf-8").split())


def test_moles_rules_text_has_the_championship_rulings_and_rotations_in_degrees():
    text = rules_text("moles")
    assert "0 to 5" not in text and "0°, 60°, 120°, 180°, 240° or 300°" in text
    assert "only **one** of your discs is still face down" in text
    assert "the **same number**, there is no choice" in text
    from game.rules import new_game
    labels = [c["label"] for o in GAMES["moles"].options if o["id"] == "rotation_1"
              for c in o["choices"]]
    assert labels == ["0°", "60°", "120°", "180°", "240°", "300°"]
    # one face-down disc left: it is used alone; equal discs: no keep step
    st = new_game("moles", 2, seed=1, options={"championship": True})
    st.face_down[0], st.face_up[0] = [3], [1, 2, 2, 3, 4]
    ev = []
    st._turn_discs(0, ev)
    assert [e["values"] for e in ev if e["type"] == "disc"] == [[3]] and st.step != "keep"
    st = new_game("moles", 2, seed=1, options={"championship": True})
    st.face_down[0], st.face_up[0] = [2, 2], [1, 3, 3, 4]
    ev = []
    st._turn_discs(0, ev)
    assert [e["values"] for e in ev if e["type"] == "disc"] == [[2, 2]]
    assert st.step != "keep" and st.face_down[0] == [2]


def test_ants_rules_text_says_what_the_program_does():
    text = rules_text("ants")
    assert "**first seat** (Player 1 in the player list) is always the first ant" in text
    st = new_game("ants", 3, seed=4)
    assert (st.ant, st.hopper) == (0, 1)
    assert "exists **twice**" in text and "**3+**" in text and "cards marked **4** only" in text
    assert st.data.copies == 2
    assert "**several times in one purchase**" in text
    assert "may then join either end" in text


def test_ants_three_for_one_can_be_used_several_times_in_one_purchase():
    st = new_game("ants", 2, seed=4, variant="winter")
    d = st.data
    honey = "honey-1"
    assert _design_of(st, honey) == "honey"
    # pay the Honey pot (tiles, stone, wood) with tiles + 3 tablecloth + 3 tiles
    kinds = {k: [c for c in d.card_ids if d.kind_labels[d.card_kind[c]].lower() == k]
             for k in ("tablecloth", "tiles")}
    st.store[0] = kinds["tablecloth"][:3] + kinds["tiles"][:4]
    st.display = [honey, None, None]
    st.hidden[0] = None
    pays = [p for sid, p in st._buy_options(0) if sid == honey]
    assert pays and all(len(p) == 7 for p in pays)


def _design_of(st, sid):
    from game.rules.ants import _design
    return _design(sid)


# ---- the play scene asks before an undo into a turn already handed on ---------------------------
from tests.app.test_app_scenes import app, button, click, key, pump  # noqa: E402,F401  (fixtures)
pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)


def test_play_scene_asks_before_undo_into_a_handed_on_turn_and_computers_wait(app):
    import pygame
    from game.app.scenes.play import PlayScene
    st = new_game("moles", 2, seed=6)
    ctl = LocalSession("moles", seats(["human", "computer"]), st, autosave=False)
    app.settings.speed = "normal"           # the computer pauses before it moves
    app.go(PlayScene(app, ctl))
    pump(app, 2)
    while not ctl.human_to_act():
        ctl.wait_for_computer()
        pump(app, 1)
    before = ctl.table.state.to_dict()
    app.top.human_choice(ctl.table.state.legal_actions()[0])
    assert ctl.computer_to_act() and ctl.undo_needs_confirm()
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    play = app.top
    assert play.confirm_undo and ctl.table.state.to_dict() != before
    answered = ctl.table.state.to_dict()
    for _ in range(60):                     # a second of frames: the computer waits
        ctl.wait_for_computer()
        pump(app, 1)
    assert ctl.table.state.to_dict() == answered
    click(app, button(play, "Keep playing").rect.center)
    assert not play.confirm_undo and ctl.table.state.to_dict() == answered
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert play.confirm_undo
    click(app, button(play, "Take it back").rect.center)
    assert not play.confirm_undo and ctl.table.state.to_dict() == before and ctl.human_to_act()


def test_a_damaged_undo_entry_gives_a_message_not_a_traceback():
    ctl = controller("moles", ["human", "computer"], seed=3)
    play_until(ctl, ctl.human_to_act)
    step(ctl)                                       # a placement, not answered yet: undoable
    assert ctl.can_undo()
    ctl.history[-1]["before"]["rng"][1][3] = -5     # a negative random-state word
    now = ctl.table.state.to_dict()
    assert ctl.undo() is False
    assert ctl.message.startswith("Undo did not work") and ctl.table.state.to_dict() == now
    assert not ctl.can_undo()


def test_curtain_in_games_yaml_must_be_true_or_false(tmp_path, monkeypatch):
    from game.rules import registry
    from game.io.data import DataError
    from pathlib import Path
    text = Path("data/games.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "games.yaml"
    bad.write_text(text.replace("    curtain: true", "    curtain: maybe", 1), encoding="utf-8")
    monkeypatch.setattr(registry, "resource_path", lambda *parts: bad)
    with pytest.raises(DataError) as err:
        registry._load_catalog()
    assert "games.yaml" in str(err.value) and "curtain" in str(err.value)
    assert GAMES["ants"].to_dict()["curtain"] is True
