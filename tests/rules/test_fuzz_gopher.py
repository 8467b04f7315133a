"""Gopher's Pantry against damaged input: every field of a saved state replaced by values of
other types and ranges is refused with a sentence (or loads and plays on), and mutated data
files give a DataError naming the file.  The same checks as tests/files/test_fuzz_files.py makes for
the games on screen."""
from __future__ import annotations

import json
import random
import shutil

import pytest
import yaml

from game.io.paths import resource_path
from game.rules import DataError, new_game
from game.rules.gopher import load_data
from tests.files.test_fuzz_files import _mutate_yaml, fuzz_state_fields


def _saved(variant: str, players: int, actions: int = 14) -> dict:
    st = new_game("gopher", players=players, seed=3, variant=variant)
    rng = random.Random(3)
    for _ in range(actions):
        if st.is_over():
            break
        st.apply(rng.choice(st.legal_actions()))
    return json.loads(json.dumps(st.to_dict()))


@pytest.mark.parametrize("variant,players", [("standard", 3), ("baskets", 2), ("beginner", 4)])
def test_fuzz_wrong_types_in_every_field_of_a_saved_game(variant, players):
    tried, refused = fuzz_state_fields(_saved(variant, players))
    assert tried > 100 and refused > tried // 2


@pytest.mark.parametrize("name", ["book.yaml", "deck.yaml"])
def test_fuzz_mutated_data_files_give_a_data_error_naming_the_file(tmp_path, name):
    src = resource_path("data", "gopher")
    doc = yaml.safe_load((src / name).read_text(encoding="utf-8"))
    rng = random.Random(name)
    shutil.copytree(src, tmp_path, dirs_exist_ok=True)
    target = tmp_path / name
    errors = 0
    for i in range(60):
        if i % 10 == 9:
            text = (src / name).read_text(encoding="utf-8")
            target.write_text(text[: rng.randrange(len(text))], encoding="utf-8")
        else:
            target.write_text(yaml.safe_dump(_mutate_yaml(doc, rng), allow_unicode=True),
                              encoding="utf-8")
        try:
            load_data(tmp_path)
        except DataError as exc:
            errors += 1
            assert name in str(exc), str(exc)
    assert errors > 10
