"""Tables over real sockets on the loopback interface (issue 34): a host and two or three
headless clients play every game and rule set to the end, with computer players in some seats;
refusals come back as codes; a client killed mid-turn comes back with its token and the game
goes on with nothing lost and nothing applied twice."""
from __future__ import annotations

import json
import threading
import time

import pytest

from game.net import protocol as P
from game.net.bot import RemoteGame, play_remote
from game.net.client import TableClient
from game.net.host import HostThread, TableHost
from game.rules import new_game
from game.table import BotRunner, Seat, Table

GAMES = [
    ("moles", ["remote", "computer", "remote"], None, None),
    ("ants", ["remote", "remote", "computer"], "winter", None),
    ("ants", ["computer", "remote"], "autumn", None),
    ("ants", ["remote", "remote", "remote"], "beetle", None),
    ("hamster", ["remote", "computer", "remote"], None, None),
    ("hamster", ["remote", "remote"], "B", None),
    ("forest", ["remote", "computer"], "race", None),
    ("forest", ["remote", "computer", "remote", "computer"], "plunder", {"alliances": True}),
    ("gopher", ["remote", "remote", "computer"], "standard", None),
    ("gopher", ["remote", "computer"], "baskets", None),
    ("gopher", ["remote", "remote"], "simplified", None),
    ("gopher", ["computer", "remote", "remote"], "beginner", None),
]


def serve(game, kinds, variant=None, options=None, seed=3):
    seats = [Seat(f"Seat {i + 1}", i, k, "random") for i, k in enumerate(kinds)]
    table = Table(game, seats, new_game(game, len(kinds), seed=seed, variant=variant,
                                        options=options))
    host = TableHost(table)
    thread = HostThread(host)
    addr = thread.start()
    return table, host, thread, f"ws://127.0.0.1:{addr[1]}"


def run_bots(table, host, stop):
    bots = BotRunner(table)
    while not stop.is_set() and not table.is_over():
        if host.started:
            bots.poll(0.05)
        time.sleep(0.005)
    bots.close()


@pytest.mark.parametrize("game,kinds,variant,options", GAMES,
                         ids=[f"{g}-{v}-{len(k)}" for g, k, v, _ in GAMES])
def test_a_whole_game_over_real_sockets_ends_as_the_host_has_it(game, kinds, variant, options):
    table, host, thread, url = serve(game, kinds, variant, options)
    results, errors = {}, []
    remote = [i for i, k in enumerate(kinds) if k == "remote"]

    def player(seat):
        try:
            results[seat] = play_remote(url, host.code, level="random", seat=seat,
                                        name=f"Remote {seat + 1}", timeout=120)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append((seat, repr(exc)))

    threads = [threading.Thread(target=player, args=(s,)) for s in remote]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 20
    while not host.ready() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert host.ready() and host.start()
    stop = threading.Event()
    bots = threading.Thread(target=run_bots, args=(table, host, stop))
    bots.start()
    for t in threads:
        t.join(150)
    stop.set()
    bots.join(10)
    thread.stop()
    assert not errors, errors
    assert table.is_over()
    for seat in remote:
        got = results[seat]
        assert got["v"] == table.version
        assert json.dumps(got["env"], sort_keys=True) == P.encode_dump(table.view_for(seat))
        assert table.seats[seat].name == f"Remote {seat + 1}"


def test_refusals_come_back_as_codes_and_the_table_stays_as_it_was():
    table, host, thread, url = serve("moles", ["remote", "remote"])
    try:
        a = TableClient(url, code=host.code, name="A", seat=0)
        b = TableClient(url, code=host.code, name="B", seat=1)
        wrong = TableClient(url, code="ZZZZZZ", name="C")
        for c in (a, b, wrong):
            c.start()
        deadline = time.monotonic() + 10
        while not host.ready() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert wrong_closed(wrong) == P.WRONG_CODE
        a.act({"type": "place", "at": [0, 0]}, 0)          # before the start
        assert next_error(a) == P.NOT_STARTED
        host.start()
        first = table.current
        mover, other = (a, b) if first == 0 else (b, a)
        other.act(table.legal_for(first)[0], table.version)
        assert next_error(other) == "not_your_turn"
        mover.act({"type": "fly"}, table.version)
        assert next_error(mover) == "illegal"
        mover.act(table.legal_for(first)[0], table.version + 5)
        assert next_error(mover) == "stale"
        assert table.version == 0
        mover.act(table.legal_for(first)[0], 0)
        wait_for(lambda: table.version == 1)
        mover.act(table.legal_for(table.current)[0] if table.current == first else
                  {"type": "place"}, 0)                     # the same version again: a repeat
        assert next_error(mover) in ("stale", "not_your_turn")
        assert table.version == 1
    finally:
        for c in (a, b, wrong):
            c.close()
        thread.stop()


class LateSitter(TableClient):
    """A computer player that is slower to sit than someone else: before its ``sit`` goes out,
    another player takes that very seat (two ``join``s started at once, both seeing it free)."""

    def __init__(self, *args, faster, host, **kw):
        super().__init__(*args, **kw)
        self.faster, self.host, self.asked = faster, host, []

    def sit(self, seat):
        self.asked.append(seat)
        if len(self.asked) == 1:
            self.faster.start()
            wait_for(lambda: seat in self.host.taken)
        super().sit(seat)


def test_two_computer_players_joining_at_once_both_get_a_seat():
    """`join` without --seat takes the next free seat when another player was faster to the one
    it asked for (before, the refusal was dropped and it waited, unseated, until its timeout)."""
    table, host, thread, url = serve("moles", ["remote", "remote"])
    faster = TableClient(url, code=host.code, name="Faster", seat=0)
    late = LateSitter(url, code=host.code, name="Late", faster=faster, host=host)
    got, errors = {}, []

    def play():
        try:
            got["last"] = play_remote(url, host.code, level="random", client=late, timeout=60,
                                      on_joined=lambda seat, _: got.setdefault("seat", seat))
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(repr(exc))

    player = threading.Thread(target=play)
    player.start()
    try:
        wait_for(lambda: host.ready() and "seat" in got or errors)
        assert not errors and late.asked == [0, 1] and got["seat"] == 1
        assert host.taken[0]["name"] == "Faster" and host.taken[1]["name"] == "Late"
    finally:
        late.close()
        faster.close()
        player.join(10)
        thread.stop()


def test_join_at_a_taken_seat_says_so_at_once():
    table, host, thread, url = serve("moles", ["remote", "remote"])
    first = TableClient(url, code=host.code, name="First", seat=0)
    first.start()
    try:
        wait_for(lambda: 0 in host.taken)
        started = time.monotonic()
        with pytest.raises(RemoteGame) as refused:
            play_remote(url, host.code, level="random", seat=0, timeout=60)
        assert refused.value.code == P.SEAT_TAKEN and time.monotonic() - started < 10
        second = TableClient(url, code=host.code, name="Second", seat=1)
        second.start()
        wait_for(host.ready)
        with pytest.raises(RemoteGame) as full:
            play_remote(url, host.code, level="random", timeout=60)
        assert full.value.code == P.FULL
        second.close()
    finally:
        first.close()
        thread.stop()


def test_a_dropped_player_comes_back_with_its_token_and_nothing_is_lost():
    table, host, thread, url = serve("hamster", ["remote", "remote"], seed=8)
    a = TableClient(url, code=host.code, name="A", seat=0)
    b = TableClient(url, code=host.code, name="B", seat=1)
    for c in (a, b):
        c.start()
    wait_for(host.ready)
    host.start()
    for _ in range(6):                       # a few moves
        seat, v = table.current, table.version
        (a if seat == 0 else b).act(table.legal_for(seat)[0], v)
        wait_for(lambda: table.version == v + 1)
    token = a.token
    a.close()                                # the lid closes
    wait_for(lambda: host.lobby()["seats"][0]["away"])
    before = table.version
    back = TableClient(url, token=token)
    back.start()
    state = wait_msg(back, "state")
    assert state["v"] == before and state["env"]["seat"] == 0
    assert state["log"] == json.loads(json.dumps(table.log_for(0)))
    assert not host.lobby()["seats"][0]["away"]
    back.close()
    b.close()
    thread.stop()


def test_a_flood_of_hostile_messages_leaves_the_host_up_and_the_game_going():
    import random

    from websockets.sync.client import connect
    table, host, thread, url = serve("moles", ["remote", "remote"])
    a = TableClient(url, code=host.code, name="A", seat=0)
    b = TableClient(url, code=host.code, name="B", seat=1)
    for c in (a, b):
        c.start()
    wait_for(host.ready)
    host.start()
    rng = random.Random(1)
    junk = ['{"t":"act","v":0,"a":{"type":"move"}}', "{", "[]", '{"t":"hello","p":1}',
            '{"t":"say","m":"x"}', '{"t":"act","v":0,"a":{"type":"place","at":[9,9]}}',
            '{"t":"undo","v":0}', json.dumps({"t": "act", "v": 0, "a": {"type": "x" * 900}})]
    for _ in range(4):
        with connect(url, proxy=None, max_size=2 ** 22) as ws:
            for _ in range(300):
                try:
                    ws.send(rng.choice(junk))
                except Exception:  # noqa: BLE001 - the host may close an abusive connection
                    break
    seat = table.current
    (a if seat == 0 else b).act(table.legal_for(seat)[0], table.version)
    wait_for(lambda: table.version == 1)
    for c in (a, b):
        c.close()
    thread.stop()


def wait_for(cond, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def wait_msg(client, t, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for m in client.poll():
            if m.get("t") == t:
                return m
        time.sleep(0.01)
    raise AssertionError(f"no {t} message")


def next_error(client):
    return wait_msg(client, "error")["code"]


def wrong_closed(client):
    m = wait_msg(client, "error")
    return m["code"]
