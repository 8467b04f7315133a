"""The command line of Burrow Box (``python main.py ...``).

    python main.py [play] [--size WxH] [--fullscreen | --windowed] [--lang CODE]
    python main.py simulate GAME [--players N] [--games N] [--seed N] [--ai LEVEL[,LEVEL...]]
                                 [--variant V] [--option KEY=VALUE ...] [--json]
    python main.py screenshot GAME --out FILE.png [--seed N] [--moves K] [--size WxH]
                                   [--players N] [--variant V] [--lang CODE]
    python main.py bench [GAME] [--quick] [--json] [--long [--window] | --net | --server]
    python main.py strength GAME [--a LEVEL] [--b LEVEL] [--games N] [--players N] [--seed N]
                                 [--think SECONDS] [--iterations N] [--variant V] [--jobs N]
                                 [--table] [--json]
    python main.py daily GAME [--date YYYY-MM-DD] [--iterations N] [--json]
    python main.py --version

Bad input (unknown game, a number out of range, a flag that does not exist) prints one line
starting with ``error:`` on stderr and exits with code 2.  A broken data file prints its
message and exits with 1.  An unexpected error while playing is written to ``crash.log`` in
the user-data folder.

Everything heavy (pygame, the rules catalog) is imported only by the sub-command that needs it.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
import time
import traceback
from pathlib import Path

from . import APP_NAME, __version__

log = logging.getLogger(__name__)

MIN_SIZE = (1024, 600)   # the smallest window the screens are laid out for (game.app.ui.MIN_WINDOW)
MAX_SIZE = (7680, 4320)
MAX_GAMES = 100_000      # games of one simulate or strength run (a bigger count never ends)
TOP_LEVEL_FLAGS = {"-h", "--help", "--version"}


class UsageError(Exception):
    """Bad input on the command line: reported as one ``error:`` line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but its usage errors are one short line plus a hint (exit code 2)."""

    def error(self, message: str):
        self.exit(2, f"error: {message} (try '{self.prog} --help')\n")


# ---- argument types -------------------------------------------------------------------------

def parse_size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*([0-9]{1,5})\s*[xX]\s*([0-9]{1,5})\s*", text)
    if not match:
        raise argparse.ArgumentTypeError(f"'{text}' is not a size like 1280x720")
    w, h = int(match.group(1)), int(match.group(2))
    if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
        raise argparse.ArgumentTypeError(
            f"{w}x{h} is out of range ({MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]})")
    return w, h


def _int(text: str) -> int:
    # ASCII digits only: int() would also take other scripts' digits and "1_000"
    if not re.fullmatch(r"\s*[-+]?[0-9]{1,30}\s*", text):
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number")
    return int(text)


def positive_int(text: str) -> int:
    value = _int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is too small (at least 1)")
    return value


def game_count(text: str) -> int:
    value = positive_int(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(f"{value} games are too many (at most {MAX_GAMES:,})")
    return value


def non_negative_int(text: str) -> int:
    value = _int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"'{text}' is not KEY=VALUE")
    return key.strip(), value.strip()


def parse_lang(text: str) -> str:
    from .languages import LANGUAGES   # not game.i18n: that loads the data files
    code = text.strip().lower()
    if code not in LANGUAGES:
        raise argparse.ArgumentTypeError(
            f"unknown language '{text}' (languages: {', '.join(LANGUAGES)})")
    return code


# ---- the parser -----------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    prog = "BurrowBox" if getattr(sys, "frozen", False) else "main.py"
    parser = _Parser(
        prog=prog,
        description=f"{APP_NAME}: five family board games about burrowing animals. "
                    "Without a command, the game window opens.")
    parser.add_argument("--version", action="version", version=f"{APP_NAME} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    play = sub.add_parser("play", help="open the game window (the default)",
                          description="Open the game window.")
    play.add_argument("--size", type=parse_size, metavar="WxH",
                      help="window size, e.g. 1280x720 (default: the saved setting)")
    mode = play.add_mutually_exclusive_group()
    mode.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None,
                      help="start in full screen")
    mode.add_argument("--windowed", dest="fullscreen", action="store_false",
                      help="start in a window")
    play.add_argument("--lang", type=parse_lang, metavar="CODE",
                      help="language: en, de, fr or ru (default: the saved setting, at the "
                           "first start the system's language)")
    # Used by `bench` to time the start-up: draw the title screen once, then quit.
    play.add_argument("--exit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    play.set_defaults(func=cmd_play)

    sim = sub.add_parser(
        "simulate", help="play computer-only games and print the results",
        description="Play computer-only games without a window and print wins per seat, "
                    "the average game length and the time per game.")
    sim.add_argument("game", metavar="GAME", help="game id, e.g. moles")
    sim.add_argument("--players", type=_int, metavar="N",
                     help="number of players (default: one a level where --ai names several, "
                          "else the game's fewest)")
    sim.add_argument("--games", type=game_count, default=10, metavar="N",
                     help=f"number of games (default: 10, at most {MAX_GAMES:,})")
    sim.add_argument("--seed", type=_int, default=0, metavar="N",
                     help="seed of the first game; game i uses seed+i (default: 0)")
    sim.add_argument("--ai", default=None, metavar="LEVEL",
                     help="computer level for every seat, or one per seat separated by commas "
                          "(e.g. expert,good); default: good")
    sim.add_argument("--variant", metavar="V", help="rules variant (default: the game's first)")
    sim.add_argument("--option", type=key_value, action="append", default=[],
                     metavar="KEY=VALUE", help="a game option, e.g. championship=on (repeatable)")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead")
    sim.set_defaults(func=cmd_simulate)

    shot = sub.add_parser(
        "screenshot", help="render a game's play screen to a PNG file",
        description="Render the play screen of a seeded game after K random actions to a PNG "
                    "file, without a window.")
    shot.add_argument("game", metavar="GAME", help="game id, e.g. moles")
    shot.add_argument("--out", required=True, metavar="FILE.png", help="PNG file to write")
    shot.add_argument("--seed", type=_int, default=0, metavar="N", help="game seed (default: 0)")
    shot.add_argument("--moves", type=non_negative_int, default=0, metavar="K",
                      help="random actions to play before the picture (default: 0)")
    shot.add_argument("--size", type=parse_size, default=(1280, 720), metavar="WxH",
                      help="picture size (default: 1280x720)")
    shot.add_argument("--players", type=_int, metavar="N", help="number of players")
    shot.add_argument("--variant", metavar="V", help="rules variant")
    shot.add_argument("--lang", type=parse_lang, default="en", metavar="CODE",
                      help="language of the texts: en, de, fr or ru (default: en)")
    shot.set_defaults(func=cmd_screenshot)

    bench = sub.add_parser(
        "bench", help="measure frame time, rules speed, computer move time, start-up, memory",
        description="Measure performance against the project's targets and print PASS/FAIL "
                    "per line.")
    bench.add_argument("game", nargs="?", metavar="GAME",
                       help="game id (default: every playable game)")
    bench.add_argument("--quick", action="store_true",
                       help="short measurements (a smoke test; the figures are rough)")
    bench.add_argument("--json", action="store_true", help="print one JSON object instead")
    bench.add_argument("--net", action="store_true",
                       help="instead: tables over the network on this computer (127.0.0.1): "
                            "move-to-every-player time with several tables at once, the "
                            "memory of a host, idle CPU of a table online")
    bench.add_argument("--long", action="store_true",
                       help="instead: idle CPU per screen, then random clicks, keys and resizes "
                            "through every screen and game for 4 minutes (20 s with --quick); "
                            "peak memory")
    # Used by `bench` to measure the idle CPU in a real window (a child on a private Xvfb display).
    bench.add_argument("--idle-probe", choices=("title", "play"), help=argparse.SUPPRESS)
    bench.add_argument("--seconds", type=float, default=30.0, help=argparse.SUPPRESS)
    bench.add_argument("--server", action="store_true",
                       help="instead: a table server (main.py serve) with 50, 200 and 500 "
                            "tables of computer players over loopback: actions a second, the "
                            "time from an action to every player's update (p50, p99), the "
                            "server's memory and CPU (one run at 20 tables with --quick)")
    bench.add_argument("--window", action="store_true",
                       help="with --long: only the long session, in a real window on this "
                            "display (bench --long alone also runs it under Xvfb where Xvfb is "
                            "installed)")
    bench.set_defaults(func=cmd_bench)

    duel = sub.add_parser(
        "strength", help="how often one computer level beats another (win share, 95%% interval)",
        description="Play seeded computer-only games of level A against level B (A takes "
                    "every seat in turn) and print A's win share with a 95% interval and "
                    "A's move time, median and maximum.")
    duel.add_argument("game", metavar="GAME", help="game id, e.g. moles")
    duel.add_argument("--a", default="expert", metavar="LEVEL", help="level A (default: expert)")
    duel.add_argument("--b", default="good", metavar="LEVEL", help="level B (default: good)")
    duel.add_argument("--games", type=game_count, default=20, metavar="N",
                      help=f"number of games (default: 20, at most {MAX_GAMES:,})")
    duel.add_argument("--players", type=_int, metavar="N",
                      help="number of players (default: 2 where the game allows it)")
    duel.add_argument("--seed", type=_int, default=1, metavar="N",
                      help="seed of the first game; game i uses seed+i (default: 1)")
    duel.add_argument("--think", type=_seconds, default=None, metavar="SECONDS",
                      help="think time a move of the searching level (default: its own)")
    duel.add_argument("--variant", metavar="V", help="rules variant (default: the game's first)")
    duel.add_argument("--iterations", type=positive_int, default=None, metavar="N",
                      help="iterations a move of the searching level instead of its think time "
                           "(a result that does not depend on how busy the machine is)")
    duel.add_argument("--jobs", type=positive_int, default=1, metavar="N",
                      help="games played at once in worker processes (default: 1; the same "
                           "games, sooner on a machine with free cores)")
    duel.add_argument("--table", action="store_true",
                      help="the whole strength table instead of one duel: level A against "
                           "good, beginner and random at 2, 3 and 4 players (those the game "
                           "allows), --games games a cell, one Markdown row per cell; GAME may "
                           "be 'all'")
    duel.add_argument("--json", action="store_true", help="print one JSON object instead")
    duel.set_defaults(func=cmd_strength)

    from .app.progress.daily_cli import add_command     # daily: the deal of the day and the expert's result
    add_command(sub, _int, usage_error=UsageError, game_info=_game_info)

    from .net.commands import add_commands     # host and join: tables over the network
    add_commands(sub, _int, key_value, usage_error=UsageError, game_info=_game_info,
                 check_setup=_check_setup, option_value=_option_value)
    return parser


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not 0.0 < value <= 60.0 or value != value:
        raise argparse.ArgumentTypeError(f"think time must be above 0 and at most 60 s, "
                                         f"not {text}")
    return value


# ---- checks shared by the sub-commands ------------------------------------------------------

def _game_info(game_id: str, screen: bool = True):
    """The catalog entry of ``game_id``; ``screen=False``: rules are enough (headless use)."""
    from .rules import GAMES
    info = GAMES.get(game_id)
    if info is None:
        raise UsageError(f"unknown game '{game_id}' (games: {', '.join(GAMES)})")
    if not (info.available if screen else info.state_class is not None):
        ok = [g for g, i in GAMES.items() if (i.available if screen else i.state_class)]
        where = "on screen" if screen else "even without a screen"
        raise UsageError(f"{info.title} ('{game_id}') is not playable yet {where} "
                         f"(playable: {', '.join(ok) or 'none'})")
    return info


def _option_value(info, key: str, text: str):
    """The option value that ``text`` names (choices may be booleans: on/off, yes/no...)."""
    spec = next((o for o in info.options if o["id"] == key), None)
    for choice in (spec or {}).get("choices", []):
        cid = choice["id"]
        if isinstance(cid, bool):
            words = ("true", "yes", "on", "1") if cid else ("false", "no", "off", "0")
            if text.lower() in words:
                return cid
        elif str(cid) == text:
            return cid
    return text  # new_game explains what is wrong with it


def _check_setup(info, players: int | None, variant: str | None, options: dict | None) -> int:
    """Validate a game set-up by building it once; returns the player count to use."""
    from .rules import new_game
    if players is None:
        players = info.min_players
    if not info.min_players <= players <= info.max_players:
        raise UsageError(f"{info.title} takes {info.min_players} to {info.max_players} players, "
                         f"not {players}")
    if variant is not None and variant not in [v["id"] for v in info.variants]:
        known = ", ".join(v["id"] for v in info.variants)
        raise UsageError(f"unknown variant '{variant}' for {info.title} "
                         + (f"(variants: {known})" if known else "(it has no variants)"))
    try:
        new_game(info.id, players=players, seed=0, variant=variant, options=options)
    except ValueError as exc:
        if _is_data_error(exc):    # a broken data file is not bad input: exit code 1
            raise
        raise UsageError(str(exc)) from None
    return players


def _is_data_error(exc: BaseException) -> bool:
    # game.io.data stays importable even when loading the catalog (game.rules) failed.
    data = sys.modules.get("game.io.data")
    return data is not None and isinstance(exc, data.DataError)


# ---- play -----------------------------------------------------------------------------------

def write_crash_log() -> Path:
    """Append the current exception's traceback to crash.log; returns the log's path."""
    text = (f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} {APP_NAME} {__version__} "
            f"(Python {sys.version.split()[0]}, {sys.platform})\n{traceback.format_exc()}\n")
    try:
        from .io.paths import user_data_dir
        path = user_data_dir() / "crash.log"
        _append(path, text)
    except Exception:  # the user-data folder itself is unusable: fall back to the temp folder
        log.warning("write_crash_log: fell back after an error", exc_info=True)
        import tempfile
        path = Path(tempfile.gettempdir()) / "burrowbox-crash.log"
        _append(path, text)
    return path


def _append(path: Path, text: str) -> None:
    """Append to a regular file only: a named pipe or a device in its place is refused at once
    (opened without waiting), never waited on."""
    import stat
    flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
             | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0))
    fd = os.open(path, flags, 0o600)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        os.write(fd, text.encode("utf-8", "replace"))
    finally:
        os.close(fd)


def cmd_play(args) -> int:
    from . import logs
    logs.setup()               # the app's log: a small file in the user-data folder
    try:
        from .app import run
        return run(size=args.size, fullscreen=args.fullscreen, lang=args.lang,
                   exit_after_first_frame=args.exit_after_first_frame)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        log.warning("cmd_play: fell back after an error", exc_info=True)
        if _is_data_error(exc):
            print(f"error: {exc}", file=sys.stderr)
            return 1
        path = write_crash_log()
        print(f"{APP_NAME} stopped because of an unexpected error "
              f"({type(exc).__name__}); the details are in {path}", file=sys.stderr)
        return 1


# ---- simulate -------------------------------------------------------------------------------

def cmd_simulate(args) -> int:
    from .ai import DEFAULT_LEVEL, LEVELS
    from . import sim

    info = _game_info(args.game, screen=False)
    options = {key: _option_value(info, key, text) for key, text in args.option}
    levels = [part.strip() for part in (args.ai or DEFAULT_LEVEL).split(",")]
    for level in levels:
        if level not in LEVELS:
            raise UsageError(f"unknown computer level '{level}' (levels: {', '.join(LEVELS)})")
    wanted = args.players
    if wanted is None and len(levels) > 1:   # one level a seat: that many players
        wanted = len(levels)
    players = _check_setup(info, wanted, args.variant, options)
    if len(levels) not in (1, players):
        raise UsageError(f"--ai names {len(levels)} levels for {players} players "
                         "(give one level, or one per seat)")
    try:
        result = sim.simulate(info.id, players=players, games=args.games, seed=args.seed,
                              levels=levels, variant=args.variant, options=options)
    except sim.SimulationError as exc:
        raise OutputError(f"the simulation stopped: {exc}") from None
    print(sim.to_json(result) if args.json else sim.format_table(result))
    return 0


# ---- screenshot -----------------------------------------------------------------------------

class OutputError(Exception):
    """A file could not be written: one ``error:`` line, exit code 1."""


def _check_out_path(text: str) -> Path:
    """A PNG path we may write: refuse folders, devices, overlong names, unwritable places."""
    if not text or "\x00" in text:
        raise UsageError("--out needs a file name")
    out = Path(text)
    if out.suffix.lower() != ".png":
        raise UsageError(f"--out must name a .png file, not '{text}'")
    try:
        name_max = os.pathconf(out.parent if str(out.parent) else ".", "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        name_max = 255
    if len(os.fsencode(out.name)) > name_max or len(os.fsencode(text)) > 4000:
        raise UsageError(f"--out: the file name is too long ({len(out.name)} characters)")
    try:
        if out.is_dir():
            raise UsageError(f"--out '{text}' is a folder")
        if out.exists() and not out.is_file():
            raise UsageError(f"--out '{text}' is not a regular file (a device or a pipe?)")
    except OSError as exc:
        raise UsageError(f"--out '{text}' cannot be used ({exc.strerror or exc})") from None
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create the folder for '{text}' "
                          f"({exc.strerror or exc})") from None
    if not os.access(out.parent, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write to the folder of '{text}' (permission denied)")
    if out.exists() and not os.access(out, os.W_OK):
        raise OutputError(f"cannot write '{text}' (permission denied)")
    return out


def png_complete(data: bytes) -> bool:
    """A whole PNG: the signature first and the IEND chunk last."""
    return (len(data) > 57 and data[:8] == b"\x89PNG\r\n\x1a\n"
            and data[-12:-4] == b"\x00\x00\x00\x00IEND")


def cmd_screenshot(args) -> int:
    import shutil
    import tempfile
    info = _game_info(args.game)
    _check_setup(info, args.players, args.variant, None)
    out = _check_out_path(args.out)
    from .app import render_screenshot
    from .io.safeio import atomic_write_bytes
    # render into a private temp folder beside the target, check the whole PNG is there, then
    # write it with fsync and rename: a full disk gives an error, never a truncated picture
    try:
        work = tempfile.mkdtemp(prefix=".tmp-shot-", dir=out.parent)
    except OSError as exc:
        raise OutputError(f"cannot write to the folder of '{args.out}' "
                          f"({exc.strerror or exc})") from None
    try:
        tmp = os.path.join(work, "shot.png")
        try:
            render_screenshot(info.id, tmp, seed=args.seed, moves=args.moves, size=args.size,
                              players=args.players, variant=args.variant, lang=args.lang)
            with open(tmp, "rb") as fh:
                data = fh.read()
        except OSError as exc:
            raise OutputError(f"could not write '{args.out}' ({exc.strerror or exc})") from None
        except Exception as exc:  # pygame.error on a failed save
            if _is_data_error(exc):
                raise
            raise OutputError(f"could not write '{args.out}' ({exc})") from None
        if not png_complete(data):
            raise OutputError(f"could not write '{args.out}': the picture came out incomplete "
                              "(is the disk full?)")
        try:
            atomic_write_bytes(out, data, public=True)
        except OSError as exc:
            raise OutputError(f"could not write '{args.out}' ({exc.strerror or exc})") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"wrote {out} ({args.size[0]}x{args.size[1]})")
    return 0


# ---- bench ----------------------------------------------------------------------------------

def cmd_bench(args) -> int:
    from . import bench
    from .rules import GAMES

    if args.window and not args.long:
        raise UsageError("--window goes with --long")
    if args.server:
        if args.game is not None or args.long:
            raise UsageError("bench --server measures a table server; leave out GAME and --long")
        from .net import loadtest
        result = loadtest.bench_report(quick=args.quick)
        print(bench.to_json(result) if args.json else bench.format_report(result))
        return 0
    if args.idle_probe:
        print(json.dumps(bench.idle_probe(args.idle_probe, args.seconds)))
        return 0
    if args.net:
        if args.game is not None or args.long:
            raise UsageError("bench --net measures tables over the network; leave out GAME and "
                             "--long")
        from . import bench_net
        result = bench_net.run(quick=args.quick)
        print(bench.to_json(result) if args.json else bench_net.format_report(result))
        return 0
    if args.long:
        if args.game is not None:
            raise UsageError("bench --long goes through every game; leave out GAME")
        result = bench.run_long(quick=args.quick, window=args.window)
        print(bench.to_json(result) if args.json else bench.format_report(result))
        return 0
    if args.game is not None:
        games = [_game_info(args.game, screen=False).id]
    else:
        games = [g for g, info in GAMES.items() if info.available]
    result = bench.run_bench(games, quick=args.quick)
    print(bench.to_json(result) if args.json else bench.format_report(result))
    return 0


# ---- strength -------------------------------------------------------------------------------

def cmd_strength(args) -> int:
    import json

    from .ai import LEVELS
    from .ai.strength import format_result, strength

    if args.table:
        return _strength_table(args)
    info = _game_info(args.game)
    wanted = args.players
    if wanted is None:   # a duel: two players where the game allows it
        wanted = min(max(2, info.min_players), info.max_players)
    players = _check_setup(info, wanted, args.variant, None)
    for level in (args.a, args.b):
        if level not in LEVELS:
            raise UsageError(f"unknown computer level '{level}' (levels: {', '.join(LEVELS)})")
    result = strength(info.id, args.a, args.b, games=args.games, players=players,
                      seed=args.seed, think=args.think, variant=args.variant,
                      progress=_strength_progress(args), jobs=args.jobs,
                      iterations=args.iterations)
    print(json.dumps(result, indent=2) if args.json else format_result(result))
    return 0


def _strength_progress(args):
    """Progress of a strength run, on stderr so that --json stays clean."""
    def progress(done: int, wins: float) -> None:
        print(f"  game {done}/{args.games}: {args.a} {wins:g} wins so far", file=sys.stderr,
              flush=True)
    return progress


def _strength_table(args) -> int:
    import json

    from .ai import LEVELS
    from .ai.strength import TABLE_HEAD, TABLE_PLAYERS, format_row, table
    from .rules import GAMES

    if args.a not in LEVELS:
        raise UsageError(f"unknown computer level '{args.a}' (levels: {', '.join(LEVELS)})")
    ids = [g for g, i in GAMES.items() if i.state_class is not None] if args.game == "all" else \
        [_game_info(args.game, screen=False).id]
    players = TABLE_PLAYERS if args.players is None else (args.players,)
    if args.players is not None and not any(
            GAMES[g].min_players <= args.players <= GAMES[g].max_players for g in ids):
        raise UsageError(f"no chosen game takes {args.players} players")
    cells: list = []
    if not args.json:
        print(TABLE_HEAD, flush=True)

    def row(r: dict) -> None:
        cells.append(r)
        if not args.json:
            print(format_row(r), flush=True)

    progress = _strength_progress(args)
    for g in ids:
        table(g, args.a, players=players, games=args.games, seed=args.seed, think=args.think,
              iterations=args.iterations, jobs=args.jobs, progress=progress, row=row)
    if args.json:
        print(json.dumps(cells, indent=2))
    return 0


# ---- entry point ----------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .desktop import prepare_process, quiet_missing_streams
    quiet_missing_streams()    # no console (Windows double-click): output goes nowhere, safely
    prepare_process()          # Windows: DPI aware (sharp at 150 %), before any window opens
    argv = list(sys.argv[1:] if argv is None else argv)
    # `play` is the default command: `main.py`, `main.py --size 800x600`, ...
    if not argv or (argv[0].startswith("-") and argv[0] not in TOP_LEVEL_FLAGS):
        argv.insert(0, "play")
    try:
        if argv[0] == "--version" and len(argv) > 1:   # argparse would stop at --version
            raise UsageError(f"--version takes nothing after it, not '{' '.join(argv[1:])}'")
        args = build_parser().parse_args(argv)
        return args.func(args)
    except SystemExit as exc:  # argparse: --help, --version, usage errors
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OutputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `main.py simulate ... | head`
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0
    except Exception as exc:
        if _is_data_error(exc):
            print(f"error: {exc}", file=sys.stderr)
            return 1
        raise
