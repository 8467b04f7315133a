"""``bench``'s play-screen frames: the frames of a game being played carry the targets; when a
game ends inside the run, the new play screen of the next game and its warm-up frames are
timed apart (told as a line without a target), so a rematch's first pictures do not stand in
for the animation's frames."""
from __future__ import annotations

import pytest

from game import bench

pytestmark = pytest.mark.usefixtures("home")


def test_a_new_game_inside_the_run_is_timed_apart(monkeypatch):
    from game.app.devtools import headless
    calls = {"n": 0}
    real = headless.PlayHarness.step

    def step(self):
        calls["n"] += 1
        restarted = real(self)
        if calls["n"] in (12, 30):          # as if a game had ended here: a new screen
            return True
        return restarted

    monkeypatch.setattr(headless.PlayHarness, "step", step)
    got = bench.measure_frames("moles", warmup=3, frames=40, size=(1024, 600))
    assert got["frames"] == 40 and got["new_games"] == 2
    assert got["new_game_max_ms"] is not None and got["p99_ms"] is not None
    # the 3 warm-up frames and 2 x (1 + 3) new-game frames were stepped, and not counted
    assert calls["n"] == 3 + 40 + 2 * 4
