"""``main.py host`` and ``main.py join``: tables over the network from a terminal.

    main.py host GAME [--players N --variant V --option K=V --remote SEATS --port P]
        hosts a table without a window: the seats not in SEATS are computers that play on
        this computer; prints the table's code and address, starts once every remote seat is
        taken, and prints the result when the game ends.
    main.py join ADDRESS CODE [--seat N] [--ai LEVEL]
        takes a seat at a table as a computer player and plays until the game ends.

Both exit with a clear message and a non-zero code when the table cannot be reached or refuses
them, and each waits a bounded time (``--wait``, ``--timeout``)."""
from __future__ import annotations

import functools
import logging
import socket
import sys
import time

EXIT_REFUSED = 3          # the table refused (wrong code, full, other version) or was lost
EXIT_UNREACHABLE = 4      # nothing answered at that address
DEFAULT_PORT = 8765

log = logging.getLogger(__name__)

WHY = {   # what a refusal or a lost table means, in one sentence
    "wrong_code": "the table code is not right (check the six letters)",
    "full": "every seat at that table is taken",
    "other_version": "the host runs another version of Burrow Box",
    "bad_token": "that seat's key is no longer valid",
    "seat_taken": "that seat is taken",
    "unreachable": "nothing answered at that address (is the host running, is the address "
                   "right, does a firewall block the port?)",
    "no_answer": "the host's computer does not answer (a firewall may block the port)",
    "no_such_host": "no computer is known by that name",
    "not_a_table": "something answers at that address, but it is not a Burrow Box table",
    "lost": "the connection to the table was lost",
    "closed": "the host closed the table",
    "timeout": "the game did not end in the time given (--timeout)",
}


def add_commands(sub, int_type, key_value, **helpers) -> None:
    """Add ``host`` and ``join`` to the command line's sub-commands; ``helpers`` are the
    command line's own checks (usage_error, game_info, check_setup, option_value)."""
    host = sub.add_parser(
        "host", help="host a table for players at other computers (no window)",
        description="Host a table without a window. Seats not named in --remote are computer "
                    "players on this computer. Prints the table's code and address, starts once "
                    "every remote seat is taken, and prints the result at the end.")
    host.add_argument("game", metavar="GAME", help="game id, e.g. moles")
    host.add_argument("--players", type=int_type, metavar="N", help="number of players")
    host.add_argument("--variant", metavar="V", help="rules variant (default: the game's first)")
    host.add_argument("--option", type=key_value, action="append", default=[],
                      metavar="KEY=VALUE", help="a game option (repeatable)")
    host.add_argument("--remote", default=None, metavar="SEATS",
                      help="seats for people at other computers, e.g. 2,3 (default: every seat "
                           "but the first)")
    host.add_argument("--ai", default="good", metavar="LEVEL",
                      help="level of the computer seats (default: good)")
    host.add_argument("--port", type=int_type, default=DEFAULT_PORT, metavar="P",
                      help=f"port to listen on (default: {DEFAULT_PORT}; 0: any free port)")
    host.add_argument("--bind", default="0.0.0.0", metavar="ADDR",
                      help="address to listen on (default: every interface; 127.0.0.1: this "
                           "computer only)")
    host.add_argument("--code", default=None, metavar="CODE",
                      help="the table code to use (default: a new random one)")
    host.add_argument("--wait", type=float, default=900.0, metavar="SECONDS",
                      help="how long to wait for the seats to be taken (default: 900)")
    host.add_argument("--seed", type=int_type, default=None, metavar="N", help="game seed")
    host.add_argument("--server", default=None, metavar="ADDRESS",
                      help="create the table on this table server instead (it waits there for "
                           "its players; computer seats play on the server); prints its code")
    host.add_argument("--listed", action="store_true",
                      help="with --server: list the table on the server for anyone to join")
    host.add_argument("--timer", type=int_type, default=0, choices=(0, 1, 3), metavar="DAYS",
                      help="with --server: days a person may take for a move before a "
                           "computer moves for them (0, 1 or 3; default 0: no timer)")
    host.set_defaults(func=functools.partial(cmd_host, **helpers))

    join = sub.add_parser(
        "join", help="take a seat at a table as a computer player",
        description="Join a table hosted elsewhere (in the app or with `host`) as a computer "
                    "player, and play until the game ends.")
    join.add_argument("address", metavar="ADDRESS", help="host:port, or ws://host:port")
    join.add_argument("code", metavar="CODE", help="the table's code")
    join.add_argument("--seat", type=int_type, default=None, metavar="N",
                      help="the seat to take, 1 to 8 (default: the first free one)")
    join.add_argument("--ai", default="good", metavar="LEVEL",
                      help="the computer level that plays the seat (default: good)")
    join.add_argument("--name", default=None, metavar="NAME", help="the seat's name")
    join.add_argument("--timeout", type=float, default=7200.0, metavar="SECONDS",
                      help="give up after this long (default: 7200)")
    join.set_defaults(func=functools.partial(cmd_join, **helpers))

    serve = sub.add_parser(
        "serve", help="run a table server: many tables that wait for their players",
        description="Run a table server without a window: players create tables on it (in the "
                    "app or with `host --server`), join them by code, and play over days; "
                    "computer seats move on the server. Every table is kept in DATA/"
                    "tables.sqlite3 (each move written before it is answered), so a stopped or "
                    "killed server resumes every table where it was. Logs go to stderr.")
    serve.add_argument("--bind", default="0.0.0.0", metavar="ADDR",
                       help="address to listen on (default: every interface)")
    serve.add_argument("--port", type=int_type, default=DEFAULT_PORT, metavar="P",
                       help=f"port (default: {DEFAULT_PORT})")
    serve.add_argument("--data", default=None, metavar="DIR",
                       help="folder of the server's database (default: 'server' in the user "
                            "data folder)")
    serve.add_argument("--cert", default=None, metavar="FILE",
                       help="TLS certificate (PEM): serve wss:// (with --key); behind a reverse "
                            "proxy that does TLS, leave it out")
    serve.add_argument("--key", default=None, metavar="FILE", help="TLS private key (PEM)")
    serve.add_argument("--max-tables", type=int_type, default=5000, metavar="N",
                       help="tables on the server at most (default: 5000)")
    serve.add_argument("--max-tables-per-address", type=int_type, default=20, metavar="N",
                       help="unfinished tables created from one address at most (default: 20)")
    serve.add_argument("--max-connections", type=int_type, default=5000, metavar="N",
                       help="connections at once at most (default: 5000)")
    serve.add_argument("--rate", type=float, default=20.0, metavar="N",
                       help="messages a second one connection may send on average (default: 20)")
    serve.add_argument("--idle", type=float, default=3600.0, metavar="SECONDS",
                       help="close a connection silent this long (default: 3600)")
    serve.add_argument("--keep-days", type=float, default=7.0, metavar="DAYS",
                       help="days a finished table is kept for its results (default: 7)")
    serve.add_argument("--log-level", default="info", choices=("debug", "info", "warning"),
                       help="how much the log says (default: info)")
    serve.set_defaults(func=functools.partial(cmd_serve, **helpers))


def _levels_check(level: str, usage_error) -> None:
    from ..ai import LEVELS
    if level not in LEVELS:
        raise usage_error(f"unknown computer level '{level}' (levels: {', '.join(LEVELS)})")


def _remote_seats(text: str | None, players: int, usage_error) -> list[int]:
    if text is None:
        return list(range(1, players))
    seats = []
    for part in text.split(","):
        part = part.strip()
        if not part.isascii() or not part.isdigit() or not 1 <= int(part) <= players:
            raise usage_error(f"--remote: '{part}' is not a seat from 1 to {players}")
        seats.append(int(part) - 1)
    if not seats or len(set(seats)) != len(seats):
        raise usage_error("--remote names each seat once")
    return sorted(seats)


def lan_addresses() -> list[str]:
    """This computer's addresses others may reach it at (best effort, no packet sent)."""
    out = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = info[4][0]
            if not addr.startswith("127.") and addr not in out:
                out.append(addr)
    except OSError:
        pass
    return out


def cmd_host(args, *, usage_error, game_info, check_setup, option_value) -> int:
    import asyncio
    from ..rules import new_game
    from ..table import BotRunner, Seat, Table
    from .host import TableHost
    from .protocol import normal_code
    info = game_info(args.game, screen=False)
    options = {k: option_value(info, k, v) for k, v in args.option}
    players = check_setup(info, args.players, args.variant, options)
    _levels_check(args.ai, usage_error)
    remote = _remote_seats(args.remote, players, usage_error)
    if args.server is not None:
        return _host_on_server(args, info, players, options, remote, usage_error)
    if not 0 <= args.port < 65536:
        raise usage_error(f"--port must be from 0 to 65535, not {args.port}")
    if args.code is not None and normal_code(args.code) is None:
        raise usage_error("--code must be 4 to 32 letters (no I or O)")
    if not 0 < args.wait <= 7 * 24 * 3600:
        raise usage_error("--wait must be more than 0 seconds and at most a week")
    seats = [Seat(f"Remote {i + 1}" if i in remote else f"Computer {i + 1}", i,
                  "remote" if i in remote else "computer", args.ai) for i in range(players)]
    table = Table(info.id, seats, new_game(info.id, players, seed=args.seed,
                                           variant=args.variant, options=options))
    host = TableHost(table, code=args.code)

    async def main() -> int:
        try:
            await host.serve(args.bind, args.port)
        except OSError as exc:
            print(f"error: cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}",
                  file=sys.stderr)
            return EXIT_UNREACHABLE
        port = host.address[1]
        print(f"Table code: {host.code}", flush=True)
        shown = ["127.0.0.1"] if args.bind.startswith("127.") else \
            (lan_addresses() or ["127.0.0.1"]) if args.bind in ("0.0.0.0", "::") else [args.bind]
        for addr in shown:
            print(f"Address: {addr}:{port}", flush=True)
        print(f"Waiting for {len(remote)} player(s) at seat(s) "
              f"{', '.join(str(s + 1) for s in remote)} ...", flush=True)
        deadline = time.monotonic() + args.wait
        while not host.ready():
            if time.monotonic() > deadline:
                print("error: nobody took the remote seats in time (--wait)", file=sys.stderr)
                await host.close("timeout")
                return EXIT_REFUSED
            await asyncio.sleep(0.05)
        host.start()
        print("Everyone is seated: the game starts.", flush=True)
        bots = BotRunner(table, pause=0.3)
        try:
            while not table.is_over():
                bots.poll(0.05)
                await asyncio.sleep(0.05)
        finally:
            bots.close()
        await asyncio.sleep(0.3)             # the last updates leave before the table closes
        await host.close("over")
        print(result_text(table.result()), flush=True)
        return 0

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def result_text(result: dict | None) -> str:
    if not result:
        return "The game did not end."
    seats = result.get("seats") or []
    names = [s.get("name", f"Seat {i + 1}") for i, s in enumerate(seats)]
    won = ", ".join(names[w] for w in result.get("winners") or [] if w < len(names))
    scores = ", ".join(f"{names[i]} {v}" for i, v in enumerate(result.get("scores") or [])
                       if i < len(names))
    return f"Winner: {won or 'nobody'}. Scores: {scores}."


def cmd_join(args, *, usage_error, **_) -> int:
    from .bot import RemoteGame, play_remote
    from .client import address_url
    from .protocol import normal_code
    url = address_url(args.address)
    if url is None:
        raise usage_error(f"'{args.address}' is not an address (host, host:port or "
                          "ws://host:port)")
    code = normal_code(args.code)
    if code is None:
        raise usage_error(f"'{args.code}' is not a table code (4 to 32 letters, no I or O)")
    _levels_check(args.ai, usage_error)
    if args.seat is not None and not 1 <= args.seat <= 8:
        raise usage_error("--seat must be from 1 to 8")
    if not 0 < args.timeout <= 7 * 24 * 3600:
        raise usage_error("--timeout must be more than 0 seconds and at most a week")
    name = args.name or f"Computer ({args.ai})"

    def joined(seat, lobby):
        print(f"Joined {lobby.get('game')} at seat {seat + 1} as {name}.", flush=True)

    try:
        last = play_remote(url, code, level=args.ai, name=name[:40],
                           seat=None if args.seat is None else args.seat - 1,
                           timeout=args.timeout, on_joined=joined)
    except RemoteGame as exc:
        print(f"error: {WHY.get(exc.code, exc.code)}", file=sys.stderr)
        return EXIT_UNREACHABLE if exc.code in ("unreachable", "no_answer", "no_such_host") \
            else EXIT_REFUSED
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    env = last.get("env") or {}
    seats = env.get("seats") or []
    print(result_text({"seats": seats, "winners": env.get("winners"),
                       "scores": env.get("scores")}), flush=True)
    return 0


def _host_on_server(args, info, players, options, remote, usage_error) -> int:
    from .client import address_url, request
    url = address_url(args.server)
    if url is None:
        raise usage_error(f"'{args.server}' is not an address (host, host:port or ws://...)")
    seats = [{"kind": "remote" if i in remote else "computer", "level": args.ai,
              "name": f"Remote {i + 1}" if i in remote else f"Computer {i + 1}"}
             for i in range(players)]
    got = request(url, "create", game=info.id, variant=args.variant, options=options,
                  seats=seats, listed=bool(args.listed), timer=int(args.timer))
    if got.get("t") != "created":
        code = str(got.get("code") or "lost")
        print(f"error: {WHY.get(code, code)}", file=sys.stderr)
        return EXIT_UNREACHABLE if code == "unreachable" else EXIT_REFUSED
    print(f"Table code: {got['code']}", flush=True)
    print(f"Server: {url}", flush=True)
    prog = "BurrowBox" if getattr(sys, "frozen", False) else "main.py"
    print(f"Join with: {prog} join {args.server} {got['code']} (or in the app: Play online)",
          flush=True)
    return 0


def cmd_serve(args, *, usage_error, **_) -> int:
    import asyncio
    from ..io.paths import user_data_dir
    from .server import Limits, TableServer
    from .store import Store, StoreError
    for name in ("port",):
        if not 0 <= getattr(args, name) < 65536:
            raise usage_error("--port must be from 0 to 65535")
    for name in ("max_tables", "max_tables_per_address", "max_connections"):
        if not 1 <= getattr(args, name) <= 10 ** 6:
            raise usage_error(f"--{name.replace('_', '-')} must be from 1 to 1000000")
    if not 0.1 <= args.rate <= 1000 or not 1 <= args.idle <= 30 * 86400 \
            or not 0 <= args.keep_days <= 3650:
        raise usage_error("--rate, --idle or --keep-days is out of range")
    if (args.cert is None) != (args.key is None):
        raise usage_error("--cert and --key go together")
    logging.basicConfig(level=args.log_level.upper(), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)
    ssl = None
    if args.cert:
        import ssl as ssl_module
        ssl = ssl_module.create_default_context(ssl_module.Purpose.CLIENT_AUTH)
        try:
            ssl.load_cert_chain(args.cert, args.key)
        except (OSError, ssl_module.SSLError) as exc:
            print(f"error: cannot use the certificate: {exc}", file=sys.stderr)
            return 1
    try:
        folder = args.data or (user_data_dir() / "server")
        store = Store(folder)
    except (StoreError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    limits = Limits(tables=args.max_tables, tables_per_address=args.max_tables_per_address,
                    connections=args.max_connections, rate=args.rate, burst=int(args.rate * 2),
                    idle=args.idle, keep_days=args.keep_days)
    server = TableServer(store, limits)
    count = server.load()
    log.info("%s tables loaded from %s", count, store.path)

    async def main() -> int:
        import signal
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):
                pass
        try:
            await server.run(args.bind, args.port, ssl, stop)
        except OSError as exc:
            print(f"error: cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}",
                  file=sys.stderr)
            return EXIT_UNREACHABLE
        return 0

    try:
        return asyncio.run(main())
    finally:
        store.close()

