"""A damaged data file under every sub-command (issue 37): the message names the file (and the
entry, where the file parses), and the exit code is always 1 — never the usage code 2, never a
language blamed for it.

Each case copies the program (main.py, game/, data/, sprites/) to a temporary folder, damages one
data file there and runs main.py from the copy as a player would.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]

# one data file a game needs, damaged two ways: YAML that does not parse, and YAML that parses
# but holds a wrong value (the message must then name the entry too)
CASES = {
    "moles": "moles/board.yaml",
    "hamster": "hamster/side_a.yaml",
    "forest": "forest/tiles.yaml",
    "ants": "ants/cards.yaml",
    "gopher": "gopher/deck.yaml",
}
#: games whose data the catalog itself reads (the title screen cannot open without it): none,
#: a game's rules and data load when that game is chosen
CATALOG_READS: set = set()

PLAY_SCRIPT = """
import sys
from game.app.app import App
from game.app import launch
from game.app.session import default_seats
app = App(headless=True)
ok = app.launch(lambda: launch.new(sys.argv[1], default_seats(2)))
print("launched" if ok else "refused")
for n in app.notices:
    print(n)
"""


def _copy_program(dest: Path) -> Path:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copy2(ROOT / "main.py", dest / "main.py")
    for folder in ("game", "data", "sprites"):
        shutil.copytree(ROOT / folder, dest / folder, ignore=ignore)
    return dest


def _first_number_path(doc, path=()):
    """The path of the first whole number in a YAML document (depth first)."""
    if isinstance(doc, dict):
        items = doc.items()
    elif isinstance(doc, list):
        items = enumerate(doc)
    else:
        return path if isinstance(doc, int) and not isinstance(doc, bool) else None
    for k, v in items:
        found = _first_number_path(v, path + (k,))
        if found is not None:
            return found
    return None


def _damage(file: Path, how: str) -> None:
    if how == "syntax":
        file.write_text(file.read_text(encoding="utf-8") + "\n  broken: [\n", encoding="utf-8")
        return
    doc = yaml.safe_load(file.read_text(encoding="utf-8"))
    path = _first_number_path(doc)
    assert path, file
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = "lots"
    file.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _run(root: Path, home: Path, *args: str, timeout: float = 180):
    env = dict(os.environ, BURROWBOX_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, *args], cwd=root, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=timeout)


def _assert_data_error(proc, rel: str, what: str) -> None:
    assert proc.returncode == 1, f"{what}: exit {proc.returncode}\n{proc.stderr}"
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), f"{what}:\n{proc.stderr}"
    assert f"data/{rel}:" in lines[0], f"{what}: {lines[0]}"
    assert "--lang" not in lines[0] and "parse_lang" not in lines[0], lines[0]


@pytest.mark.slow
@pytest.mark.parametrize("how", ["syntax", "value"])
@pytest.mark.parametrize("game", sorted(CASES))
def test_a_damaged_data_file_is_exit_code_1_naming_it_under_every_command(tmp_path, game, how):
    root = tmp_path / "copy"
    root.mkdir()
    _copy_program(root)
    rel = CASES[game]
    _damage(root / "data" / rel, how)
    home = tmp_path / "home"
    out = tmp_path / "shot.png"
    commands = [
        ["simulate", game, "--games", "1"],
        ["simulate", game, "--games", "1", "--json"],
        ["screenshot", game, "--out", str(out)],
        ["screenshot", game, "--out", str(out), "--lang", "de"],
        ["strength", game, "--games", "1", "--iterations", "5"],
        ["bench", game, "--quick"],
    ]
    for args in commands:
        proc = _run(root, home, "main.py", *args)
        _assert_data_error(proc, rel, " ".join(args))
        assert proc.stdout == "", proc.stdout
    assert not out.exists()
    play = _run(root, home, "main.py", "play", "--lang", "de", "--exit-after-first-frame")
    if game in CATALOG_READS:       # the catalog reads it: nothing can start
        _assert_data_error(play, rel, "play")
    else:                           # the window opens; starting that game names the file
        assert play.returncode == 0, play.stderr
        proc = _run(root, home, "-c", PLAY_SCRIPT, game)
        assert proc.returncode == 0, proc.stderr
        lines = proc.stdout.splitlines()
        assert lines[0] == "refused", proc.stdout
        assert any(f"data/{rel}:" in line for line in lines[1:]), proc.stdout


@pytest.mark.slow
@pytest.mark.parametrize("how", ["syntax", "value"])
def test_a_damaged_games_catalog_is_exit_code_1_naming_it(tmp_path, how):
    root = tmp_path / "copy"
    root.mkdir()
    _copy_program(root)
    file = root / "data" / "games.yaml"
    if how == "syntax":
        _damage(file, how)
    else:
        doc = yaml.safe_load(file.read_text(encoding="utf-8"))
        doc["games"][0]["players"] = [2, "many"]
        file.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False),
                        encoding="utf-8")
    home = tmp_path / "home"
    for args in (["play", "--lang", "de", "--exit-after-first-frame"],
                 ["screenshot", "ants", "--out", str(tmp_path / "x.png")],
                 ["simulate", "moles", "--games", "1"], ["bench", "moles", "--quick"],
                 ["strength", "moles", "--games", "1"]):
        proc = _run(root, home, "main.py", *args)
        _assert_data_error(proc, "games.yaml", " ".join(args))
        if how == "value":
            assert "games[0].players[1]" in proc.stderr, proc.stderr
