"""Fuzz tests of every file Burrow Box reads (issue 11): saves, settings and every data YAML.

Truncation, wrong types, deep nesting, huge files, a byte-order mark, NUL and lone surrogates,
alias bombs, and seeded mutations of the shipped files: every case gives a clear error (a
sentence naming the file or the field) or keeps working, never a traceback or a hang.
"""
from __future__ import annotations

import copy
import json
import random
import time
from pathlib import Path

import pytest
import yaml

from game.io import safeio
from game.app.store import saves, settings
from game.app.session import LocalSession, default_seats
from game.io.paths import resource_path
from game.rules import DataError, LoadError, load_state, new_game

pytestmark = pytest.mark.usefixtures("home")   # the suite's home (conftest)

DATA = resource_path("data")
YAML_FILES = sorted(DATA.rglob("*.yaml"))


def _payload(game="moles", players=2, seed=1, actions=8, variant=None) -> dict:
    st = new_game(game, players, seed=seed, variant=variant)
    ctl = LocalSession(game, default_seats(players, humans=1), st, autosave=False,
                         computers=False)
    for _ in range(actions):
        if ctl.is_over():
            break
        ctl.apply(ctl.table.state.legal_actions()[0])
    return json.loads(json.dumps(saves.build_payload(game, ctl.seats, ctl.table.state, ctl.history,
                                                     ctl.log)))


def _read_text(home: Path, text: str | bytes):
    """Write a save file and read it the way the title screen does: (saved or None, message)."""
    path = saves.saves_dir() / "moles-1.json"
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
    else:
        path.write_bytes(text)
    saves.set_current("moles-1")
    try:
        got = saves.read_autosave()
        message = None
    except saves.SaveError as exc:
        got, message = None, str(exc)
    games, messages = saves.list_saves()     # the title's list never raises either
    assert isinstance(games, list) and isinstance(messages, list)
    if message is not None:
        assert message and "Traceback" not in message
        assert (path.with_name(path.name + saves.DAMAGED_SUFFIX)).exists() or not path.exists()
        for extra in path.parent.glob("*.damaged*"):
            extra.unlink()
    return got, message


# ---- saves ------------------------------------------------------------------------------------

def test_fuzz_saves_truncated_at_every_length(home):
    text = json.dumps(_payload())
    step = max(1, len(text) // 150)
    for cut in range(0, len(text), step):
        got, msg = _read_text(home, text[:cut])
        assert got is None and msg


def test_fuzz_saves_deep_nesting_never_raises_recursion_error(home):
    for depth in (100, 10_000, 200_000):
        got, msg = _read_text(home, "[" * depth + "]" * depth)
        assert got is None and "nested too deeply" in msg
    payload = _payload()
    payload["log"].append("x")
    text = json.dumps(payload)
    text = text.replace('"x"]', "[" * 50_000 + "]" * 50_000 + "]", 1)   # inside a valid save
    got, msg = _read_text(home, text)
    assert got is None and "nested too deeply" in msg


def test_fuzz_saves_huge_file_is_refused_without_reading_it_all(home):
    big = b'{"app": "BurrowBox", "log": ["' + b"a" * (saves.MAX_SAVE_BYTES + 10) + b'"]}'
    got, msg = _read_text(home, big)
    assert got is None and "too large" in msg


def test_fuzz_saves_bom_is_accepted(home):
    text = json.dumps(_payload())
    got, msg = _read_text(home, b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert msg is None and got.game_id == "moles"


@pytest.mark.parametrize("raw", [b"\xff\xfe\x00{", b"{\"a\": \"\x00\"}", b'{"a": "\\u0000"}',
                                 b'{"a": "\\ud800"}', b'{"a": NaN}', b'{"a": Infinity}', b"",
                                 b"null", b"[]", b"42", b'"text"'])
def test_fuzz_saves_odd_bytes_and_values(home, raw):
    got, msg = _read_text(home, raw)
    assert got is None and msg


def _mutations(value, rng: random.Random):
    """Replacement values of every kind, including the classic bool-for-int slip."""
    return [None, True, False, 0, -1, 1, 7, 10 ** 12, 1.5, "", "0", "x" * 300, [], [None],
            [1, 2, 3], {}, {"a": 1}, "\x00", rng.randrange(-5, 50)]


def _paths(d, prefix=()):
    """Every (path, value) in a nested structure (lists shortened to a few entries)."""
    out = []
    if isinstance(d, dict):
        for k, v in d.items():
            out.append((prefix + (k,), v))
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(d, list):
        for i, v in enumerate(d[:3]):
            out.append((prefix + (i,), v))
            out.extend(_paths(v, prefix + (i,)))
    return out


def _set(d, path, value):
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value


@pytest.mark.parametrize("game,players,variant", [("moles", 3, None), ("ants", 3, "beetle"),
                                                  ("hamster", 2, "B"), ("ants", 2, "autumn")])
def test_fuzz_saves_wrong_types_in_every_field_of_the_state(game, players, variant):
    """Every field of a game's state, replaced by values of other types and ranges: either
    refused with a LoadError sentence, or the loaded state works (legal actions, views)."""
    base = _payload(game, players, actions=12, variant=variant)["state"]
    tried, refused = fuzz_state_fields(base)
    assert tried > 100 and refused > tried // 2


def fuzz_state_fields(base: dict, seed: int = 11) -> tuple[int, int]:
    """Every field of the saved state ``base`` replaced by six values of other types and
    ranges, each loaded: a refusal must be a LoadError sentence, an accepted state must play
    on.  Returns (tried, refused)."""
    rng = random.Random(seed)
    paths = [p for p, _ in _paths(base) if p[0] != "rng" or len(p) < 3]
    tried = refused = 0
    for path in paths:
        for value in rng.sample(_mutations(None, rng), 6):
            d = copy.deepcopy(base)
            _set(d, path, value)
            tried += 1
            try:
                st = load_state(json.loads(json.dumps(d)))
            except LoadError as exc:
                refused += 1
                assert str(exc) and "Traceback" not in str(exc)
                continue
            # accepted: it must then behave (load_state already exercised it once)
            for _ in range(5):
                if st.is_over():
                    break
                st.apply(st.legal_actions()[0])
    return tried, refused


def test_fuzz_saves_every_payload_key_mutated_is_refused_cleanly(home):
    rng = random.Random(3)
    base = _payload()
    for key in ["app", "seats", "state", "undo", "log", "game", "version"]:
        for value in _mutations(None, rng):
            d = copy.deepcopy(base)
            d[key] = value
            try:
                saves.parse_payload(d)
            except saves.SaveError as exc:
                assert str(exc)


def test_fuzz_saves_random_byte_flips(home):
    rng = random.Random(5)
    data = bytearray(json.dumps(_payload()).encode())
    for _ in range(120):
        b = bytearray(data)
        for _ in range(rng.randrange(1, 4)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        _read_text(home, bytes(b))      # either loads or gives a message; never raises


# ---- settings ---------------------------------------------------------------------------------

@pytest.mark.parametrize("raw", [
    b"", b"{", b"[" * 100_000, b"\xef\xbb\xbf{\"sound\": false}", b'{"window": [1e999, 2]}',
    b'{"window": [true, 600]}', b'{"speed": ["fast"]}', b'{"speed": {"a": 1}}',
    b'{"sound": "\\ud800"}', b"\x00\x01", b"x" * (2 * 1024 * 1024), b'{"fullscreen": NaN}',
])
def test_fuzz_settings_never_raise(home, raw):
    (home / "settings.json").write_bytes(raw)
    st, msg = settings.load()
    assert isinstance(st, settings.Settings)
    if raw.startswith(b"\xef\xbb\xbf"):
        assert msg is None and st.sound is False      # a BOM is fine
    else:
        assert msg
    assert (home / "settings.json").exists()        # the file is kept


def test_fuzz_settings_truncated_at_every_length(home):
    text = json.dumps(settings.Settings(window=(1600, 900), speed="fast").to_dict(), indent=2)
    for cut in range(len(text)):
        (home / "settings.json").write_text(text[:cut], encoding="utf-8")
        st, msg = settings.load()
        assert isinstance(st, settings.Settings) and (msg or cut == 0 or st)


# ---- data files -------------------------------------------------------------------------------

def test_yaml_alias_bomb_fails_fast_with_a_clear_message(tmp_path):
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n")
    start = time.process_time()
    with pytest.raises(safeio.FileProblem, match="aliases"):
        safeio.load_yaml(path)
    assert time.process_time() - start < 1.0


def test_yaml_deep_nesting_gives_a_clear_message(tmp_path):
    for text in ["[" * 5000 + "]" * 5000, "a:\n" + "".join(" " * i + "b:\n" for i in range(1, 200))]:
        path = tmp_path / "deep.yaml"
        path.write_text(text)
        with pytest.raises(safeio.FileProblem, match="nested too deeply|not valid YAML"):
            safeio.load_yaml(path)


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: str(p.relative_to(DATA)))
def test_every_shipped_data_file_loads_with_the_strict_reader(path):
    safeio.load_yaml(path)


def _loaders():
    """(data file, a function that loads and checks the data of that file from a copy)."""
    from game.rules import ants, hamster, moles, registry

    def ants_loader(folder):
        return ants.load_data(folder)

    return {
        "moles/board.yaml": lambda p: moles.load_board(p),
        "hamster/side_a.yaml": lambda p: hamster.load_sheet(p),
        "hamster/side_b.yaml": lambda p: hamster.load_sheet(p),
        "ants/cards.yaml": ants_loader, "ants/supply.yaml": ants_loader,
        "ants/abilities.yaml": ants_loader, "ants/scoring.yaml": ants_loader,
        "games.yaml": None, "ui.yaml": None,
    }, registry


def _mutate_yaml(doc, rng: random.Random):
    paths = _paths(doc)
    if not paths:
        return None
    path, _ = rng.choice(paths)
    d = copy.deepcopy(doc)
    _set(d, path, rng.choice(_mutations(None, rng)))
    return d


@pytest.mark.parametrize("rel", ["moles/board.yaml", "hamster/side_a.yaml", "hamster/side_b.yaml",
                                 "ants/cards.yaml", "ants/supply.yaml", "ants/abilities.yaml",
                                 "ants/scoring.yaml"])
def test_fuzz_every_data_yaml_mutated_gives_a_data_error_naming_the_file(tmp_path, rel):
    import shutil
    loaders, _ = _loaders()
    load = loaders[rel]
    src = DATA / rel
    doc = yaml.safe_load(src.read_text(encoding="utf-8"))
    rng = random.Random(rel)
    folder = tmp_path / Path(rel).parent
    shutil.copytree(src.parent, folder, dirs_exist_ok=True)
    target = folder / Path(rel).name
    errors = 0
    for i in range(60):
        mutated = _mutate_yaml(doc, rng)
        if i % 10 == 9:    # truncated text, too
            text = src.read_text(encoding="utf-8")
            target.write_text(text[: rng.randrange(len(text))], encoding="utf-8")
        else:
            target.write_text(yaml.safe_dump(mutated, allow_unicode=True), encoding="utf-8")
        try:
            load(folder if rel.startswith("ants/") else target)
        except DataError as exc:
            errors += 1
            assert Path(rel).name in str(exc), str(exc)
    assert errors > 10


def test_games_catalog_mutations_give_a_data_error(tmp_path, monkeypatch):
    from game.rules import registry
    src = DATA / "games.yaml"
    doc = yaml.safe_load(src.read_text(encoding="utf-8"))
    rng = random.Random(9)
    root = tmp_path / "root"
    (root / "data").mkdir(parents=True)
    monkeypatch.setattr(registry, "resource_path", lambda *p: root.joinpath(*p))
    for _ in range(40):
        (root / "data" / "games.yaml").write_text(yaml.safe_dump(_mutate_yaml(doc, rng)))
        try:
            registry._load_catalog()
        except DataError as exc:
            assert "games.yaml" in str(exc)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_language_catalog_mutations_give_a_data_error(tmp_path, monkeypatch, lang):
    i18n = pytest.importorskip("game.i18n")
    files = sorted((DATA / "i18n" / lang).glob("*.yaml"))
    if not files:
        pytest.skip("no language catalogs yet")
    src = files[0]
    doc = yaml.safe_load(src.read_text(encoding="utf-8"))
    rng = random.Random(lang)
    root = tmp_path / "root"
    folder = root / "data" / "i18n" / lang
    folder.mkdir(parents=True)
    monkeypatch.setattr(i18n, "resource_path", lambda *p: root.joinpath(*p))
    errors = 0
    for _ in range(40):
        (folder / src.name).write_text(yaml.safe_dump(_mutate_yaml(doc, rng), allow_unicode=True),
                                       encoding="utf-8")
        try:
            i18n._load(lang)
        except DataError as exc:
            errors += 1
            assert src.name in str(exc)
    assert errors > 5


@pytest.mark.parametrize("text", ['\\"' * 300_000, '"' + '\\"' * 300_000 + "\\", "[" * 600_000,
                                  '"' + "a" * 600_000])
def test_the_json_reader_stays_fast_on_adversarial_text(text):
    start = time.process_time()
    with pytest.raises(safeio.FileProblem):
        safeio.parse_json(text, "x.json")
    assert time.process_time() - start < 2.0
