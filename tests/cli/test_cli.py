"""The command line (main.py): run as a real subprocess, the way a player or a script would."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from game import APP_NAME, __version__
from game.rules import GAMES

ROOT = Path(__file__).resolve().parents[2]
APP_INIT = ROOT / "game" / "app" / "__init__.py"
APP_READY = APP_INIT.exists() and "render_screenshot" in APP_INIT.read_text(encoding="utf-8")
needs_app = pytest.mark.skipif(not APP_READY,
                               reason="game/app/__init__.py does not define render_screenshot yet")


def run_main(*args: str, timeout: float = 120, cwd: Path | None = None):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=cwd or ROOT,
                          env=os.environ.copy(), stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=timeout)


def assert_usage_error(proc, *words: str) -> None:
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got:\n{proc.stderr}"
    assert lines[0].startswith("error:"), lines[0]
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""
    for word in words:
        assert word in lines[0], lines[0]


def test_version():
    proc = run_main("--version")
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"{APP_NAME} {__version__}"


def test_help_lists_the_commands():
    proc = run_main("--help")
    assert proc.returncode == 0
    for command in ("play", "simulate", "screenshot", "bench"):
        assert command in proc.stdout


def test_importing_main_does_nothing():
    proc = subprocess.run([sys.executable, "-c", "import main"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0 and proc.stdout == "" and proc.stderr == ""


@pytest.mark.parametrize("args", [
    ["--bogus"],
    ["frobnicate"],
    ["play", "--size", "0x0"],
    ["play", "--size", "big"],
    ["play", "--size", "640x480"],
    ["simulate"],
    ["simulate", "moles", "--games", "0"],
    ["simulate", "moles", "--games", "many"],
    ["simulate", "moles", "--players", "9"],
    ["simulate", "moles", "--players", "two"],
    ["simulate", "moles", "--ai", "genius"],
    ["simulate", "moles", "--ai", "random,random,random", "--players", "2"],
    ["simulate", "moles", "--variant", "no-such-variant"],
    ["simulate", "moles", "--option", "no-such-option=1"],
    ["simulate", "moles", "--option", "championship=maybe"],
    ["screenshot", "moles"],
    ["screenshot", "moles", "--out", "shot.png", "--size", "12x"],
    ["screenshot", "moles", "--out", "shot.txt"],
    ["screenshot", "moles", "--out", "shot.png", "--moves", "-1"],
    ["bench", "no-such-game"],
    ["--version", "extra"],
    ["play", "--size", "\u0661\u0662\u0668\u0660x720"],          # Arabic-Indic digits
    ["play", "--size", "1280x\uff17\uff12\uff10"],                # full-width digits
    ["simulate", "moles", "--seed", "\u0663"],
    ["simulate", "moles", "--games", "1_000"],
    ["simulate", "moles", "--games", "1" + "0" * 22],
    ["simulate", "moles", "--games", "100001", "--json"],
    ["strength", "moles", "--games", "1" + "0" * 22],
], ids=lambda args: " ".join(args))
def test_bad_input_is_one_error_line_and_exit_code_2(args, tmp_path):
    assert_usage_error(run_main(*args, cwd=tmp_path))


@pytest.mark.parametrize("command", [["simulate"], ["screenshot", "--out", "x.png"], ["bench"]])
def test_unknown_game(command, tmp_path):
    args = [command[0], "no-such-game", *command[1:]]
    assert_usage_error(run_main(*args, cwd=tmp_path), "unknown game", "moles")


def test_unavailable_game(monkeypatch, capsys):
    """A game still to come (no rules: nothing runs; rules but no screen: only the headless
    commands run) is one clear line, exit code 2."""
    from game import cli
    monkeypatch.setattr(GAMES["gopher"], "available", False)
    assert cli.main(["screenshot", "gopher", "--out", "x.png"]) == 2
    assert "not playable yet" in capsys.readouterr().err
    assert cli.main(["simulate", "gopher", "--games", "1", "--players", "2", "--json"]) == 0
    capsys.readouterr()
    info = GAMES["gopher"]
    monkeypatch.setattr(info, "_rules", (None, info.variants, info.options))
    assert cli.main(["simulate", "gopher"]) == 2
    assert "not playable yet" in capsys.readouterr().err


def test_simulate_prints_a_table():
    proc = run_main("simulate", "moles", "--games", "3", "--players", "3")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Mole Dig" in out and "win %" in out and "shared" in out
    seat_rows = [line for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert len(seat_rows) == 3
    assert "actions on average" in out and "per game" in out


def test_simulate_json_is_consistent_and_reproducible():
    args = ["simulate", "moles", "--games", "3", "--players", "2", "--seed", "9",
            "--ai", "good,random", "--json"]
    first = json.loads(run_main(*args).stdout)
    assert first["game"] == "moles" and first["games"] == 3 and first["players"] == 2
    assert [s["level"] for s in first["seats"]] == ["good", "random"]
    won = sum(s["wins"] for s in first["seats"])
    shared_games = first["ties"]
    assert won + shared_games == 3
    assert sum(s["shared_wins"] for s in first["seats"]) >= 2 * shared_games
    assert first["average_actions"] > 0 and first["average_seconds"] >= 0
    second = json.loads(run_main(*args).stdout)
    assert second["seats"] == first["seats"]
    assert second["average_actions"] == first["average_actions"]


def test_simulate_with_one_level_a_seat_takes_that_many_players(capsys):
    from game.cli import main
    assert main(["simulate", "hamster", "--games", "1", "--ai", "beginner,random,random",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == 3 and [s["level"] for s in out["seats"]] == ["beginner", "random",
                                                                          "random"]
    assert main(["simulate", "hamster", "--players", "2", "--ai", "good,random,random"]) == 2
    assert "3 levels for 2 players" in capsys.readouterr().err


def test_simulate_takes_game_options():
    proc = run_main("simulate", "moles", "--games", "1", "--players", "4",
                    "--option", "championship=on", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["options"] == {"championship": True}


def test_a_crash_while_playing_is_logged(monkeypatch, capsys):
    from game import cli

    def broken_run(**kwargs):
        raise RuntimeError("boom in the play loop")

    fake_app = types.ModuleType("game.app")
    fake_app.run = broken_run
    monkeypatch.setitem(sys.modules, "game.app", fake_app)
    assert cli.main(["play"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "crash.log" in err
    log = Path(os.environ["BURROWBOX_HOME"]) / "crash.log"
    assert "RuntimeError: boom in the play loop" in log.read_text(encoding="utf-8")


@needs_app
def test_screenshot_writes_a_png_of_the_right_size(tmp_path):
    import pygame

    out = tmp_path / "shots" / "moles.png"
    proc = run_main("screenshot", "moles", "--out", str(out), "--size", "1100x620",
                    "--seed", "3", "--moves", "20")
    assert proc.returncode == 0, proc.stderr
    assert pygame.image.load(str(out)).get_size() == (1100, 620)


@needs_app
def test_size_limits_match_the_app():
    from game import cli
    from game.app.ui import MIN_WINDOW

    assert cli.MIN_SIZE == tuple(MIN_WINDOW)


@needs_app
def test_play_reaches_the_title_screen():
    proc = run_main("play", "--exit-after-first-frame", "--size", "1024x600")
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr


@needs_app
def test_bench_quick_reports_every_target():
    proc = run_main("bench", "moles", "--quick", "--json", timeout=300)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    names = {c["name"] for c in result["checks"]}
    assert {"startup_s", "moles.frame_1280x720_median_ms", "moles.frame_1280x720_p99_ms",
            "moles.frame_2560x1440_median_ms", "moles.frame_2560x1440_p99_ms",
            "moles.rules_actions_per_s", "moles.ai_move_max_s",
            "idle.title.cpu_pct", "idle.play.cpu_pct", "idle.title.input_delay_ms"} <= names
    assert result["startup"]["error"] is None
    assert result["games"]["moles"]["rules"]["actions"] > 0


def test_bench_long_leaves_out_a_game():
    proc = run_main("bench", "moles", "--long")
    assert proc.returncode == 2 and proc.stderr.startswith("error:")


# ---- issue 11: bad output paths, a full disk, a simulation that cannot finish ---------------

def _one_error_line(proc, code: int, *words: str) -> str:
    assert proc.returncode == code, (proc.returncode, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:"), proc.stderr
    assert "Traceback" not in proc.stderr and proc.stdout == ""
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def test_screenshot_to_an_unwritable_overlong_or_special_path_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    _one_error_line(run_main("screenshot", "moles", "--out", str(blocker / "a.png")), 1,
                    "cannot create the folder")
    _one_error_line(run_main("screenshot", "moles", "--out", str(tmp_path / ("a" * 300 + ".png"))),
                    2, "too long")
    folder = tmp_path / "dir.png"
    folder.mkdir()
    _one_error_line(run_main("screenshot", "moles", "--out", str(folder)), 2, "folder")
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    _one_error_line(run_main("screenshot", "moles", "--out", str(fifo), timeout=30), 2,
                    "not a regular file")


def _in_process(monkeypatch, capsys, *args):
    from game import cli
    code = cli.main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@needs_app
def test_screenshot_on_a_full_disk_reports_failure_and_leaves_no_truncated_png(
        tmp_path, monkeypatch, capsys):
    import errno

    import pygame

    from game.io import safeio
    out = tmp_path / "shot.png"
    real_save = pygame.image.save

    def truncated_save(surface, path, *a):     # the disk filled up half-way through
        real_save(surface, path, *a)
        with open(path, "r+b") as fh:
            fh.truncate(os.path.getsize(path) // 2)
    monkeypatch.setattr(pygame.image, "save", truncated_save)
    code, stdout, stderr = _in_process(monkeypatch, capsys, "screenshot", "moles", "--out",
                                       str(out))
    assert code == 1 and "incomplete" in stderr and stderr.startswith("error:")
    assert "wrote" not in stdout and not out.exists()
    monkeypatch.setattr(pygame.image, "save", real_save)

    def no_space(path, data, public=False):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(safeio, "atomic_write_bytes", no_space)
    code, stdout, stderr = _in_process(monkeypatch, capsys, "screenshot", "moles", "--out",
                                       str(out))
    assert code == 1 and "No space left" in stderr and not out.exists()
    assert list(tmp_path.iterdir()) == []        # no temp files left behind


def test_simulate_random_moles_ends_at_every_player_count():
    for players in ("2", "3", "4"):
        proc = run_main("simulate", "moles", "--ai", "random", "--players", players,
                        "--games", "5", "--json", timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout)["games"] == 5


def test_simulate_that_cannot_finish_gives_an_error_line(monkeypatch, capsys):
    from game import sim
    monkeypatch.setattr(sim, "MAX_ACTIONS", 5)
    code, stdout, stderr = _in_process(monkeypatch, capsys, "simulate", "moles", "--games", "1",
                                       "--ai", "random")
    assert code == 1 and stderr.startswith("error:") and "still running" in stderr
    assert "Traceback" not in stderr
