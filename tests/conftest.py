"""Test session set-up: headless pygame, a throw-away user-data folder, the repo on sys.path.

This runs at import, before any test module imports pygame or game.paths.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
_HOME = tempfile.mkdtemp(prefix="burrowbox-tests-")
os.environ["BURROWBOX_HOME"] = _HOME   # settings, saves and crash logs never touch the real ones
os.environ["LANGUAGE"] = "en"          # the app starts in English whatever the machine speaks
os.environ.setdefault("BURROWBOX_LAN", "off")   # no mDNS; tests that need it use loopback
os.environ.setdefault("BURROWBOX_SEARCH_WORKERS", "0")   # the expert searches in one process
#                                   unless a test starts helper processes itself (test_ai_parallel)

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _collect_before_display_quit() -> None:
    """The tests open and close hundreds of displays in one process: what the last app left in
    reference cycles (widgets, fonts, surfaces) is freed while its display still exists, never
    later under the next one (a rare crash inside a later collection pointed there)."""
    import gc

    import pygame
    quit_display = pygame.display.quit
    if getattr(quit_display, "collects_first", False):
        return

    def quit_after_collecting() -> None:
        gc.collect()
        quit_display()

    quit_after_collecting.collects_first = True
    pygame.display.quit = quit_after_collecting


_collect_before_display_quit()


@pytest.fixture(scope="module")
def display():
    """A 1280x720 window (dummy video driver) for tests that draw board views."""
    import pygame
    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    yield screen
    pygame.display.quit()


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A throw-away user-data folder for one test (the one ``home`` of the suite); afterwards
    the autosave is flushed, the journals closed and the app speaks English again."""
    from game import i18n
    from game.app.store import saves
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    saves.set_current(None)
    yield tmp_path
    saves.flush_autosave()
    saves.close_journals()
    saves.set_current(None)
    i18n.set_language("en")


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(_HOME, ignore_errors=True)


# ---- the slow set --------------------------------------------------------------------------
# The README's test command leaves these out (`-m "not slow"` in pyproject.toml): whole games
# played by mouse or keys, monkeys, real windows, long soaks and computer-player strength runs.
# CI runs them too (`python -m pytest -m slow`), and so can anyone: the same command with
# `-m slow`.  A test is listed by its file and function (every parameter), or by its file.
SLOW_FILES = {
    "tests/app/test_real_window.py", "tests/online/test_real_window_online.py",
    "tests/online/test_server_two_windows.py",
    "tests/release/test_executable.py", "tests/table/test_redeal.py", "tests/net/test_redeal_bytes.py",
}
SLOW = {
    "tests/app/test_scene_ants_mouse.py": ("test_a_whole_game_by_mouse",
                                       "test_a_whole_game_by_mouse_with_animations"),
    "tests/app/test_scene_mouse_games.py": ("test_a_whole_game_by_mouse",
                                        "test_a_whole_game_by_mouse_with_animations"),
    "tests/app/test_monkey.py": ("test_monkey_through_every_screen_and_game",),
    "tests/files/test_setups.py": ("test_statistics_screen_survives_the_monkey",
                             "test_setup_memory_survives_a_restart_for_every_game"),
    "tests/ai/test_ai_expert.py": ("test_strength_with_an_iteration_budget_does_not_depend_on_the_clock",
                                "test_same_view_different_hidden_deal_gives_the_same_choice"),
    "tests/app/test_app_loop.py": ("test_every_screen_survives_bursts_of_resizes",),
    "tests/net/test_host.py": ("test_a_flood_of_hostile_messages_leaves_the_host_up_and_the_game_going",
                               "test_a_whole_game_over_real_sockets_ends_as_the_host_has_it"),
    "tests/net/test_server.py": ("test_a_table_is_created_joined_and_played_to_the_end",
                                 "test_kill_9_and_a_restart_lose_nothing_and_apply_nothing_twice"),
    "tests/app/test_compositor.py": ("test_the_monkey_through_every_screen_draws_the_frames_the_plain_way_would",
                                 "test_every_game_animating_draws_the_frames_the_plain_way_would",
                                 "test_a_real_window_shows_every_frame_drawn_in_parts"),
    "tests/ai/test_ai_ants.py": ("test_good_beats_random_in_two_player_autumn",
                              "test_sharp_beats_good_in_a_few_autumn_games"),
    "tests/ai/test_ai_forest.py": ("test_good_beats_random_and_beginner_in_two_pack_races",
                                "test_good_against_good_races_end_by_the_target"),
    "tests/ai/test_ai_moles.py": ("test_good_beats_random",),
    "tests/ai/test_ai_hamster.py": ("test_good_outscores_random_solo",
                                 "test_planner_endgame_is_legal_deterministic_and_can_be_switched_off"),
    "tests/ai/test_ai_fairness.py": ("test_decision_depends_only_on_the_view",),
    "tests/cli/test_cli.py": ("test_bench_quick_reports_every_target",),
    "tests/cli/test_cli_gopher.py": ("test_bench_measures_the_rules_and_the_computer_player",),
    "tests/app/test_ants_view.py": ("test_every_step_draws_for_the_player_to_act_at_two_sizes",),
    "tests/words/test_whole_game_texts.py": ("test_a_whole_game_shows_only_catalog_texts",),
    "tests/words/test_text_fit.py": ("test_every_screen_fits_in_every_language",
                               "test_no_screen_shows_english_that_is_not_from_a_catalog"),
    "tests/words/test_scene_texts.py": ("test_no_scene_draws_an_english_text_from_outside_the_catalogs",),
    "tests/rules/test_rules_forest.py": ("test_spec_games_always_end_under_every_computer_level",),
    "tests/files/test_journal.py": ("test_a_game_killed_at_random_moments_loses_at_most_its_last_action",),
    "tests/app/test_desktop_manners.py": ("test_finish_the_game_when_every_seat_is_a_computer",),
    "tests/rules/test_rules_replay.py": ("test_random_games_play_as_recorded",),
    "tests/online/test_screens.py": ("test_every_online_screen_fits_in_every_language",),
    "tests/app/test_moments_keys.py": ("test_a_whole_game_by_keys_alone",
                                   "test_no_lit_target_lies_under_a_message"),
}


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        name = getattr(item, "originalname", None) or item.name.split("[", 1)[0]
        if path in SLOW_FILES or name in SLOW.get(path, ()):
            item.add_marker(pytest.mark.slow)
