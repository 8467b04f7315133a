"""The suite's own layout: every test the slow set names exists (a renamed test would quietly
move back into the README's quick run)."""
from __future__ import annotations

from pathlib import Path

from tests import conftest

ROOT = Path(__file__).resolve().parents[2]


def test_every_slow_entry_names_a_test_that_exists():
    for path in conftest.SLOW_FILES:
        assert (ROOT / path).is_file(), path
    for path, names in conftest.SLOW.items():
        text = (ROOT / path).read_text(encoding="utf-8")
        for name in names:
            assert f"def {name}(" in text, f"{path} has no {name}"
