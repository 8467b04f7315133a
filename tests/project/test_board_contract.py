"""The board contract (``game/app/board/contract.py``): every hook the screens call on a board
view is declared there with its default, every game's view has (or inherits) each one, and the
screens call them directly: no ``getattr(board, "...")`` asks whether a view happens to have one."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from game.app.assets import Assets  # noqa: E402
from game.app.board.contract import HOOKS, BoardView  # noqa: E402
from game.app.views import make_board_view, view_class  # noqa: E402
from game.app.views.placeholder import PlaceholderView  # noqa: E402
from game.rules import GAMES  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
#: where the screens that hold a board view live
SCREENS = [ROOT / "game" / "app" / "scenes", ROOT / "game" / "app" / "online" / "play.py",
           ROOT / "game" / "app" / "ui"]
#: how those screens name a board view
BOARD_NAMES = ("board", "self.board", "self.play.board", "scene.board", "play.board")


def screen_files() -> list[Path]:
    out = []
    for place in SCREENS:
        out += sorted(place.rglob("*.py")) if place.is_dir() else [place]
    return out


def seats(n):
    return [{"name": f"P{i + 1}", "colour": i, "kind": "human", "level": "good"} for i in range(n)]


def test_every_hook_is_declared_in_the_contract_with_a_default():
    view = BoardView("moles", seats(2), None)
    missing = [h for h in HOOKS if not hasattr(view, h)]
    assert not missing, f"declare these in BoardView (contract.py): {missing}"
    for hook in HOOKS:
        member = getattr(BoardView, hook, None)
        if callable(member):
            assert member.__doc__ or hook in ("draw", "update", "handle_event", "set_rect", "sync"), \
                f"BoardView.{hook} needs a docstring saying what its default means"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_view_has_every_hook(game):
    cls = view_class(game)
    assert issubclass(cls, BoardView)
    view = make_board_view(game, seats(GAMES[game].min_players), Assets())
    missing = [h for h in HOOKS if not hasattr(view, h)]
    assert not missing, f"{cls.__name__} lacks {missing}"
    for hook in HOOKS:                       # a method stays a method (a view may say None
        base = getattr(BoardView, hook, None)  # for a picture it does not draw: draw_results)
        if callable(base) and not isinstance(base, property):
            assert callable(getattr(view, hook)), f"{cls.__name__}.{hook} is not callable"


def test_the_placeholder_view_keeps_the_contract_too():
    view = PlaceholderView("moles", seats(2), None)
    assert [h for h in HOOKS if not hasattr(view, h)] == []


def _getattr_on_board(tree) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                "getattr", "hasattr") and node.args:
            target = ast.unparse(node.args[0])
            name = node.args[1].value if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) else None
            if target in BOARD_NAMES or target.endswith(".board") or \
                    (name in HOOKS and "board" in target):
                found.append((node.lineno, ast.unparse(node)))
    return found


def test_no_screen_asks_a_board_with_getattr():
    found = []
    for path in screen_files():
        for line, call in _getattr_on_board(ast.parse(path.read_text(encoding="utf-8"))):
            found.append(f"{path.relative_to(ROOT)}:{line}: {call}")
    assert not found, "declare the hook in the contract and call it directly:\n" + "\n".join(found)


def test_every_board_member_the_play_screen_uses_is_a_hook():
    """What the play screen and its sections touch on ``self.board`` is all in ``HOOKS``."""
    used = {}
    parts = ROOT / "game" / "app" / "scenes"
    for path in [parts / "play.py", *sorted((parts / "play_parts").glob("*.py")), *SCREENS[1:2]]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and ast.unparse(node.value) == "self.board":
                used.setdefault(node.attr, f"{path.relative_to(ROOT)}:{node.lineno}")
    strays = {name: where for name, where in used.items() if name not in HOOKS}
    assert not strays, f"not in the board contract's HOOKS: {strays}"


def test_the_check_finds_a_getattr_on_a_board():
    code = "def f(self):\n    hook = getattr(self.board, 'message_top', None)\n"
    assert _getattr_on_board(ast.parse(code))
    assert not _getattr_on_board(ast.parse("x = getattr(self.session, 'table', None)\n"))
