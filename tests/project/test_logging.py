"""Logging in every layer: a broad ``except`` logs before it falls back, the app's log is a
small rotating file in the user-data folder, and nothing is printed unless asked for."""
from __future__ import annotations

import ast
import logging
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import log_broad_excepts  # noqa: E402


def test_every_broad_except_logs_before_it_falls_back():
    silent = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for handler, func in log_broad_excepts.silent_handlers(tree):
            silent.append(f"{path.relative_to(ROOT)}:{handler.lineno} ({func})")
    assert not silent, "run python tools/log_broad_excepts.py:\n" + "\n".join(silent)


def test_the_log_is_a_bounded_file_in_the_user_data_folder(tmp_path, monkeypatch):
    from game import logs
    monkeypatch.setattr(logs, "_handler", None)
    monkeypatch.setenv("BURROWBOX_LOG", "debug")
    root = logging.getLogger("game")
    before = list(root.handlers), root.level
    try:
        path = logs.setup(tmp_path / "logs")
        assert path and Path(path).parent == tmp_path / "logs"
        logging.getLogger("game.some.part").debug("hello %s", "log")
        logs._handler.flush()
        assert "hello log" in Path(path).read_text(encoding="utf-8")
        assert logs._handler.maxBytes == logs.MAX_BYTES and logs._handler.backupCount == 2
    finally:
        if logs._handler is not None:
            root.removeHandler(logs._handler)
            logs._handler.close()
        root.handlers[:], root.level = before[0], before[1]


def test_logging_off_and_an_unusable_folder_cost_only_the_log(tmp_path, monkeypatch):
    from game import logs
    monkeypatch.setattr(logs, "_handler", None)
    monkeypatch.setenv("BURROWBOX_LOG", "off")
    assert logs.setup(tmp_path) is None
    monkeypatch.setenv("BURROWBOX_LOG", "info")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert logs.setup(blocker / "logs") is None and logs._handler is None


def test_nothing_is_printed_when_no_program_set_logging_up(capsys):
    logging.getLogger("game.quiet").warning("not for the console")
    assert capsys.readouterr().err == ""
