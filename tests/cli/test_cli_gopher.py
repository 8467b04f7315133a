"""Gopher's Pantry on the command line: ``simulate`` plays every rule set, ``bench`` measures its
rules and computer player, and ``screenshot`` draws its play screen."""
from __future__ import annotations

import json

import pytest

from tests.cli.test_cli import assert_usage_error, run_main


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


def test_screenshot_draws_the_book(tmp_path):
    out = tmp_path / "gopher.png"
    proc = run_main("screenshot", "gopher", "--moves", "12", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert out.stat().st_size > 10_000


def test_bench_measures_the_rules_and_the_computer_player():
    proc = run_main("bench", "gopher", "--quick")
    assert proc.returncode == 0, proc.stderr
    assert "gopher: rules, random playouts" in proc.stdout
    assert "gopher: computer move" in proc.stdout


def test_an_option_that_does_nothing_in_the_rule_set_is_refused():
    """Issue 31 (texts: an option that does nothing in the chosen rule set is refused with a
    message). ``single_card`` belongs to the beginner rules: with another rule set the command says
    so in one line instead of playing games where it does nothing."""
    proc = run_main("simulate", "gopher", "--variant", "standard", "--option",
                    "single_card=not_allowed", "--games", "1")
    assert_usage_error(proc, "single_card")
    assert "Beginner" in proc.stderr
