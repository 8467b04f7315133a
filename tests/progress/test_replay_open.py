"""A finished game watched again with everything open: the rules' ``open_view`` shows every
seat's hidden things (hands, insect cards, secret discs, this roll's crosses, face-down tiles),
the replay screen draws them, and live play never gives that view to anyone."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai import make_agent
from game.app.progress import replay
from game.app.progress.replay import OPEN
from game.app.scenes.replay import ReplayScene
from game.app.session import LocalSession
from game.rules import GAMES, new_game
from tests.helpers import pump, running_app
from tests.progress.test_replay import played

ROOT = Path(__file__).resolve().parents[2]
CASES = [("moles", 3, None), ("ants", 3, None), ("ants", 4, "beetle"), ("hamster", 3, None),
         ("forest", 2, None), ("gopher", 3, None), ("gopher", 3, "baskets")]


@pytest.fixture(autouse=True)
def _home(home):
    yield home


def _run(game, players, variant):
    t, _ = played(game, players, variant=variant, people=players)
    return replay.run_of(t)


def _middle(run, every=1):
    return range(len(run) // 4, 3 * len(run) // 4 + 1, every)


def _secret_kept(game, spectator, mine, st) -> bool:
    """Whether this step held something back from the spectator that a seat or nobody saw."""
    if game == "forest":
        return any(c is None for c in spectator["cells"])
    if game == "hamster":
        return any(s["this_roll"] for s in mine["sheets"])
    return spectator != {k: v for k, v in mine.items() if k != "seat"} | {"seat": None}


@pytest.mark.parametrize("game,players,variant", CASES)
def test_everything_open_shows_what_the_seats_kept_hidden(game, players, variant):
    run = _run(game, players, variant)
    secrets = 0
    for k in _middle(run):
        st = run.state_at(k)
        opened = run.envelope(k, OPEN)["view"]
        spectator = st.view(None)
        assert opened["open"] is True and opened["seat"] is None
        for seat in range(players):
            mine = run.envelope(k, seat)["view"]
            assert "open" not in mine
            if game == "gopher":      # every hand, as its owner had it
                assert opened["seats"][seat]["hand"] == mine["seats"][seat]["hand"] == st.hands[seat]
            elif game == "hamster":   # every sheet as its owner saw it, this roll's crosses too
                assert opened["sheets"][seat] == mine["sheets"][seat]
            elif game == "ants":      # insect cards, the hidden card, red discs as their owner
                for key in ("insects", "insect_points", "hidden", "red"):
                    if key in mine["seats"][seat]:
                        assert opened["seats"][seat][key] == mine["seats"][seat][key]
                if seat == st.ant and mine["choice"] is not None:
                    assert opened["choice"] == mine["choice"]
            secrets += seat == 0 and _secret_kept(game, spectator, mine, st)
        if game == "gopher":
            assert opened["picks_add"] == st.picks_add and opened["picks_sub"] == st.picks_sub
            if st.step == "present":
                assert opened["present"] == st.present
        elif game == "ants":
            assert opened["choice"] == (None if st.choice is None else st.data.kinds[st.choice])
            for s, info in enumerate(opened["seats"]):
                if st.winter:
                    assert info["hidden"] == st.hidden[s]
                else:
                    assert info["insects"] == st.insects[s]
        elif game == "forest":
            face_down = 0
            for c, (seen, shown) in enumerate(zip(spectator["cells"], opened["cells"])):
                if seen is None:
                    face_down += 1
                    assert shown["face_down"] is True and shown["tile"] == st.tile[c]
                else:
                    assert shown == seen
            assert face_down == opened["face_down"] > 0
            assert opened["aside_tiles"] == sorted(st.data.kind(t) for t in st.aside)
        elif game == "moles":        # nothing is hidden in Mole Dig
            assert opened == dict(spectator, open=True)
    if game != "moles":
        assert secrets, "no step in the middle of the game kept anything hidden"


def _board_pixels(scene, view) -> bytes:
    board = scene.board
    for hook in ("finish", "clear_marks"):
        fn = getattr(board, hook, None)
        if callable(fn):
            fn()
    board.sync(view, None, None)
    board.update(0.0)
    surf = pygame.Surface(scene.app.surface.get_size())
    board.draw(surf)
    return pygame.image.tobytes(surf.subsurface(scene.board_rect), "RGB")


@pytest.mark.parametrize("game,players,variant", CASES)
def test_the_replay_board_draws_the_hidden_things_face_up(game, players, variant):
    """At 1024x600, at a step in the middle of the game where something was hidden, the board
    fed the open view draws differently from the spectator's board (Mole Dig, with no secrets,
    the same)."""
    run = _run(game, players, variant)
    steps = [k for k in _middle(run) if run.state_at(k).view(None) !=
             {x: v for x, v in run.envelope(k, OPEN)["view"].items() if x != "open"}]
    for app in running_app(size=(1024, 600), headless=True):
        scene = ReplayScene(app, run)
        app.go(scene)
        pump(app, 2)
        k = steps[len(steps) // 2] if steps else len(run) // 2
        scene.go_to(k)
        pump(app, 2)
        assert scene.env["view"]["open"] is True
        st = run.state_at(k)
        opened = _board_pixels(scene, run.envelope(k, OPEN)["view"])
        spectator = _board_pixels(scene, st.view(None))
        if game == "moles":
            assert not steps and opened == spectator
        else:
            assert steps and opened != spectator
        if game == "gopher":
            v = run.envelope(k, OPEN)["view"]
            scene.board.sync(v, None, None)
            owner = scene.board.hand_owner()
            assert owner is not None and scene.board.my_hand() == st.hands[owner]
        scene.set_audience(0)               # one seat's view: that seat's board, no open view
        assert "open" not in scene.env["view"]


def test_live_play_never_gives_the_open_view(monkeypatch):
    """The table and the session give each seat its own view: ``open_view`` is never called
    while a game is played (it would raise here), no view they give is open, and in the code
    only the replay of a finished game asks the rules for it."""
    def refuse(self):
        raise AssertionError("open_view called in live play")
    for gid in ("moles", "ants", "hamster", "forest", "gopher"):
        monkeypatch.setattr(GAMES[gid].state_class, "open_view", refuse)
    for gid, players in (("gopher", 3), ("ants", 3), ("hamster", 2), ("forest", 2), ("moles", 2)):
        seats = [{"name": f"P{i + 1}", "colour": i, "kind": "human", "level": "good"}
                 for i in range(players)]
        session = LocalSession(gid, seats, new_game(gid, players, seed=5), autosave=False,
                               computers=False)
        agents = [make_agent(gid, "good", 40 + i) for i in range(players)]
        while not session.is_over():
            for seat in [*range(players), None]:
                env = session.table.view_for(seat)
                assert not env["view"].get("open")
            assert not session.envelope()["view"].get("open")
            c = session.current
            session.apply(agents[c].decide(session.table.view_for(c)["view"],
                                           session.table.legal_for(c)))
        assert not session.envelope()["view"].get("open")
    callers = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "game").rglob("*.py")
                     if ".open_view(" in p.read_text(encoding="utf-8")
                     and "game/rules/" not in p.as_posix())
    assert callers == ["game/app/progress/replay.py"]
