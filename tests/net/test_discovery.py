"""LAN discovery stays on the loopback interface in tests (BURROWBOX_LAN=loopback): a hosted
table is found by browsing, and with BURROWBOX_LAN=off nothing is announced or browsed."""
from __future__ import annotations

from game.net import discovery


def test_an_announced_table_is_found_on_the_loopback_interface(monkeypatch):
    monkeypatch.setenv("BURROWBOX_LAN", "loopback")
    ann = discovery.Announcer("Anna's table", 40123, {"game": "moles", "code": "ABCDEF"})
    try:
        found = discovery.browse(2.5)
    finally:
        ann.close()
    mine = [t for t in found if t.get("port") == 40123]
    assert mine and mine[0]["address"] == "127.0.0.1" and mine[0]["code"] == "ABCDEF"


def test_off_means_no_announcement_and_no_browsing(monkeypatch):
    monkeypatch.setenv("BURROWBOX_LAN", "off")
    ann = discovery.Announcer("x", 40124, {})
    assert ann.zc is None
    assert discovery.browse(5) == []
    monkeypatch.setenv("BURROWBOX_LAN", "nonsense")
    assert discovery.mode() == "off"
