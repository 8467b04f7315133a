"""Gopher's Pantry on the command line: it has rules and computer players but no screen yet, so
``simulate`` plays it and ``screenshot`` / ``bench`` explain that it is not playable yet."""
from __future__ import annotations

import json

import pytest

from tests.test_cli import assert_usage_error, run_main


@pytest.mark.parametrize("variant", ["standard", "simplified", "baskets", "beginner"])
def test_simulate_plays_every_rule_set(variant):
    proc = run_main("simulate", "gopher", "--players", "3", "--variant", variant, "--games", "4",
                    "--json")
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["games"] == 4 and result["players"] == 3


def test_simulate_with_the_option_and_mixed_levels():
    proc = run_main("simulate", "gopher", "--variant", "beginner", "--option",
                    "single_card=not_allowed", "--ai", "good,beginner", "--games", "3")
    assert proc.returncode == 0, proc.stderr
    assert "Gopher's Pantry" in proc.stdout


def test_a_bad_rule_set_is_one_line():
    assert_usage_error(run_main("simulate", "gopher", "--variant", "chess"), "chess")


def test_screenshot_and_bench_need_the_screen():
    assert_usage_error(run_main("screenshot", "gopher", "--out", "/tmp/never.png"),
                       "not playable yet")
    assert_usage_error(run_main("bench", "gopher"), "not playable yet")
