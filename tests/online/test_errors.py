"""Clear errors (issue 34): a wrong code, a full table, another program version, a host that
cannot be reached, a port nothing answers on (a firewall), something that is not a table, a
typing slip in the address or the code: each is one plain sentence in the player's language
on the Join screen, and the screen stays usable."""
from __future__ import annotations

import socket
import threading
import time

import pytest

from game import i18n
from game.app.online import errors, store
from game.app.online.errors import sentence
from game.net import client as client_mod
from game.net import protocol as P
from tests.helpers import running_app
from tests.online.support import host, join, show, wait_until

LANGS = ["en", "de", "fr", "ru"]


@pytest.fixture(autouse=True)
def quiet_lan(monkeypatch, tmp_path):
    monkeypatch.setenv("BURROWBOX_LAN", "off")
    monkeypatch.setenv("BURROWBOX_HOME", str(tmp_path))
    yield
    i18n.set_language("en")


@pytest.fixture
def app():
    yield from running_app((1280, 720))


def every_code() -> set[str]:
    """Every code the host, the table and the client can end with."""
    from game import table
    codes = {v for k, v in vars(P).items() if k.isupper() and isinstance(v, str)
             and k in ("BAD_MESSAGE", "TOO_BIG", "UNKNOWN_TYPE", "TOO_FAST", "WRONG_CODE",
                       "FULL", "OTHER_VERSION", "BAD_TOKEN", "SEAT_TAKEN", "NO_SEAT",
                       "NOT_STARTED", "NOT_JOINED", "CLOSED")}
    codes |= set(table.CODES)
    codes |= {client_mod.UNREACHABLE, client_mod.REFUSED, client_mod.LOST,
              client_mod.NO_ANSWER, client_mod.NO_SUCH_HOST, client_mod.NOT_A_TABLE}
    codes |= {"not_connected", "timeout"}           # the client's own, and the bot's
    return codes


@pytest.mark.parametrize("lang", LANGS)
def test_every_code_has_its_own_plain_sentence_in_each_language(lang):
    i18n.set_language(lang)
    missing = every_code() - set(errors.CODES)
    assert not missing, f"codes without a sentence: {sorted(missing)}"
    english = {}
    for code in errors.CODES:
        text = sentence(code)
        assert text and not text.startswith("online.error") and "{" not in text
        assert text.rstrip().endswith((".", "!", "…")), text       # one whole sentence or two
        english[code] = i18n.tr(f"online.error.{code}", lang="en") if lang != "en" else text
        if lang != "en":
            assert text != english[code], f"{lang}: {code} is not translated"
    assert "xyz" in sentence("xyz")                    # a code of a newer program still speaks


def _join(app, address: str, code: str):
    scene = app.scene("join")
    show(app, scene)
    scene._set_address(address)
    scene._set_code(code)
    scene.join()
    return scene


def _fails(app, scene, code: str, timeout: float = 15.0) -> None:
    wait_until(app, lambda: scene.phase == "form" and scene.client is None and scene.message,
               f"the sentence for {code}", timeout, scene=scene)
    assert scene.message == sentence(code), (code, scene.message)
    assert app.top is scene and scene.buttons()          # still usable: try again


def test_typing_slips_are_said_before_anything_is_sent(app):
    scene = _join(app, "127.0.0.1:99999", "KPXWRT")
    assert scene.message == sentence("bad_address") and scene.client is None
    scene = _join(app, "127.0.0.1", "K0O1")
    assert scene.message == sentence("bad_code") and scene.client is None


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_code_is_said_in_the_players_language(app, lang):
    hs = host("moles", ["human", "remote"])
    try:
        i18n.set_language(lang)
        scene = _join(app, f"127.0.0.1:{hs.port}", "ZZZZZZ")
        _fails(app, scene, "wrong_code")
    finally:
        hs.close()


def test_a_full_table_and_another_version_are_said(app, monkeypatch):
    hs = host("moles", ["human", "remote"])
    rs = join(hs, 1)
    try:
        _fails(app, _join(app, f"127.0.0.1:{hs.port}", hs.code), "full")
        monkeypatch.setattr(client_mod, "__version__", "0.0.1")
        _fails(app, _join(app, f"127.0.0.1:{hs.port}", hs.code), "other_version")
    finally:
        rs.close()
        hs.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_host_that_is_not_there_is_said(app):
    _fails(app, _join(app, f"127.0.0.1:{_free_port()}", "KPXWRT"), "unreachable")


def test_a_port_nothing_answers_on_says_a_firewall_may_block_it(app, monkeypatch):
    monkeypatch.setattr(client_mod, "CONNECT_TIMEOUT", 0.5)
    with socket.socket() as silent:                   # accepts nothing, says nothing
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        port = silent.getsockname()[1]
        _fails(app, _join(app, f"127.0.0.1:{port}", "KPXWRT"), "no_answer")


def test_something_that_is_not_a_table_is_said(app):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    port = server.getsockname()[1]

    def answer():
        try:
            conn, _ = server.accept()
            conn.recv(4096)
            conn.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
            time.sleep(0.3)
            conn.close()
        except OSError:
            pass
    t = threading.Thread(target=answer, daemon=True)
    t.start()
    try:
        _fails(app, _join(app, f"127.0.0.1:{port}", "KPXWRT"), "not_a_table")
    finally:
        server.close()
        t.join(2)


def test_a_token_that_no_longer_fits_is_forgotten_and_the_code_joins_afresh(app):
    """The seat's token kept for a table is refused (the host gave the seat away): the screen
    forgets it and joins with the code alone, and the free seats are offered."""
    hs = host("moles", ["human", "remote"])
    try:
        store.remember(hs.code, "ws://x", 1, "not-a-token-of-this-table")
        scene = _join(app, f"127.0.0.1:{hs.port}", hs.code)
        wait_until(app, lambda: scene.phase == "pick", "the seats to pick from", scene=scene)
        assert store.token_for(hs.code) is None
        scene.drop_client()
    finally:
        hs.close()
