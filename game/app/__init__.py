"""Everything pygame: the window, the scenes, the board views, settings, saves and sounds.

Importing this package is cheap; pygame and pygame_gui load when a function is called.

    run(size=None, fullscreen=None, exit_after_first_frame=False, lang=None) -> int
    render_screenshot(game_id, out_path, seed=0, moves=0, size=(1280, 720), players=None,
                      variant=None, lang=None)
    PlayHarness(game_id, seed=0, size=(1280, 720)).step() / .close()
"""
from __future__ import annotations


def run(size=None, fullscreen=None, exit_after_first_frame: bool = False, lang=None) -> int:
    """Open the window on the title screen and play until the player quits; the exit code.
    ``lang``: a language code of game.i18n.LANGUAGES (default: the saved setting)."""
    from .app import run as _run
    return _run(size=size, fullscreen=fullscreen, exit_after_first_frame=exit_after_first_frame,
                lang=lang)


def render_screenshot(game_id: str, out_path, seed: int = 0, moves: int = 0, size=(1280, 720),
                      players=None, variant=None, lang=None) -> None:
    """Headless PNG of the play screen of a computer-only game after ``moves`` seeded actions.

    Raises ValueError for an unknown game or one that is not playable yet.
    """
    from .devtools.headless import render_screenshot as _render
    _render(game_id, out_path, seed=seed, moves=moves, size=size, players=players, variant=variant,
            lang=lang)


def __getattr__(name):
    # PlayHarness is the real class, imported on first use (it needs pygame).
    if name == "PlayHarness":
        from .devtools.headless import PlayHarness
        return PlayHarness
    raise AttributeError(f"module 'game.app' has no attribute {name!r}")


__all__ = ["run", "render_screenshot", "PlayHarness"]
