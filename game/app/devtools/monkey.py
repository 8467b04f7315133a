"""A seeded UI monkey: random clicks, keys, wheels, text and resizes through every screen and
every game, as a player who cannot stop fiddling would send them.

Used by ``tests/app/test_monkey.py`` (a short run) and ``main.py bench --long`` (minutes).  Half of
the clicks go where something can be clicked (a button, a game box, a target on the board) so
that the run gets through the screens; now and then it opens a screen or starts a game by name
so that every screen and every game is visited, and it plays a game to its end so that the
results are shown too.
"""
from __future__ import annotations

import logging
import random
import sys
import time

import pygame

from ...ai import LEVELS
from ...rules import GAMES
from .. import launch, ui

log = logging.getLogger(__name__)

KEYS = [pygame.K_ESCAPE, pygame.K_TAB, pygame.K_RETURN, pygame.K_SPACE, pygame.K_UP, pygame.K_DOWN,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_z, pygame.K_F11, pygame.K_n, pygame.K_p,
        pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_BACKSPACE]
SCREENS = ("title", "choose", "seats", "rules", "settings", "saved", "play", "pause", "results",
           "stats", "quickref", "online", "host_setup", "join", "online_server")


def _status_mb(*fields: str) -> list:
    """The named fields of /proc/self/status in MB, in one read (None each elsewhere)."""
    got = dict.fromkeys(fields)
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                name, _, rest = line.partition(":")
                if name in got:
                    got[name] = int(rest.split()[0]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return [got[f] for f in fields]


def _session_of(scene):
    """The game session a screen shows (the play screen's, or the one under a menu)."""
    return getattr(scene, "session", None) or getattr(getattr(scene, "play", None), "session", None)


def rss_mb() -> float | None:
    """The resident memory of this process now, in MB (Linux; None elsewhere)."""
    return _status_mb("VmRSS")[0]


def memory_kinds() -> dict:
    """This process's resident memory by kind, in MB (Linux ``smaps_rollup``; {} elsewhere):
    what a peak was made of (anonymous heap, mapped files, shared memory)."""
    kinds = {}
    try:
        with open("/proc/self/smaps_rollup", encoding="ascii") as fh:
            for line in fh:
                name, _, rest = line.partition(":")
                if name in ("Anonymous", "Shared_Clean", "Shared_Dirty", "Private_Clean",
                            "Private_Dirty", "Pss_Shmem", "Pss_File", "Pss_Anon"):
                    kinds[name] = round(int(rest.split()[0]) / 1024, 1)
    except (OSError, ValueError, IndexError):
        pass
    return kinds


def high_water_mb() -> float | None:
    """The most resident memory this process has had since ``reset_high_water()`` (or its
    start), in MB: it sees the peak inside a frame that sampling after frames misses."""
    return _status_mb("VmHWM")[0]


def reset_high_water() -> None:
    """Start measuring the peak from now (Linux; nothing elsewhere)."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as fh:
            fh.write("5")
    except OSError:
        pass


def playable() -> list[str]:
    return [gid for gid, info in GAMES.items() if info.available]


class Monkey:
    def __init__(self, app, seed: int = 0, resizes: bool = True):
        self.app = app
        self.resizes = resizes
        self.rng = random.Random(seed)
        self.events = 0
        self.frames = 0
        self.seen_screens: set[str] = set()
        self.seen_games: set[str] = set()
        reset_high_water()
        self.start_mb = rss_mb()
        self.peak_mb = self.start_mb or 0.0
        self.peak_at: dict = {}        # where the sampled peak was (screen, game, size, memory kinds)
        self.jumps: list[dict] = []    # the biggest rises from one step to the next (at most 6)
        self._last_mb = self.start_mb or 0.0
        self.hwm_jumps: list[dict] = []   # steps inside which the high-water mark rose 20 MB+
        self._last_hwm = high_water_mb() or 0.0
        self._posted: list[str] = []      # the last events posted (for a report on a peak)
        self._games = playable()

    # ---- what can be clicked now -------------------------------------------------------------
    def targets(self) -> list[tuple[int, int]]:
        scene = self.app.top
        out = []
        if scene is None:
            return out
        for el in list(getattr(scene, "_callbacks", {})):
            if getattr(el, "visible", True) and el.alive() and el.is_enabled:
                out.append(el.rect.center)
        for r in (getattr(scene, "card_rects", None) or {}).values():
            out.append(r.center)
        board, session = getattr(scene, "board", None), getattr(scene, "session", None)
        if board is not None and session is not None and scene is self.app.top:
            try:
                if session.human_to_act():
                    out += [(int(t["center"][0]), int(t["center"][1])) for t in board.targets()]
            except Exception:  # noqa: BLE001 - a view without targets: random clicks only
                log.debug("targets: fell back after an error", exc_info=True)  # drawn every frame: quiet
                pass
        return out

    # ---- one random input --------------------------------------------------------------------
    def post_random(self) -> None:
        rng = self.rng
        w, h = self.app.size
        r = rng.random()
        if r < 0.50:
            spots = self.targets()
            pos = rng.choice(spots) if spots and rng.random() < 0.6 else (rng.randrange(w), rng.randrange(h))
            pos = (max(0, min(w - 1, int(pos[0]))), max(0, min(h - 1, int(pos[1]))))
            self._post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            button = 1 if rng.random() < 0.9 else 3
            self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
            self._post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        elif r < 0.60:
            pos = (rng.randrange(w), rng.randrange(h))
            self._post(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-9, 9), rng.randint(-9, 9)),
                       buttons=(1, 0, 0) if rng.random() < 0.3 else (0, 0, 0))
        elif r < 0.65:
            self._post(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False,
                       precise_x=0.0, precise_y=0.0)
        elif r < 0.90:
            key = rng.choice(KEYS)
            mod = 0
            if key == pygame.K_z:
                mod = pygame.KMOD_CTRL if rng.random() < 0.7 else 0
            elif key == pygame.K_TAB and rng.random() < 0.3:
                mod = pygame.KMOD_SHIFT
            if key == pygame.K_F11 and rng.random() < 0.7:
                key = pygame.K_TAB          # full screen now and then, not all the time
            self._post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
            self._post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        elif r < 0.94 or not self.resizes:
            self._post(pygame.TEXTINPUT, text=rng.choice(["a", "Z", "7", " ", "é", "\u00a0", "-"]))
        else:
            lo_w, lo_h = ui.MIN_WINDOW
            hi_w, hi_h = self.app.desktop or (2560, 1440)
            if rng.random() < 0.3:
                size = (rng.randint(lo_w - 200, lo_w), rng.randint(lo_h - 150, lo_h))   # below the minimum
            else:
                size = (rng.randint(lo_w, hi_w), rng.randint(lo_h, hi_h))
            for _ in range(rng.randint(1, 4)):   # often a burst, as when dragging an edge
                self._post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
                size = (max(600, min(hi_w, size[0] + rng.randint(-300, 300))),
                        max(400, min(hi_h, size[1] + rng.randint(-200, 200))))

    def _post(self, kind, **fields) -> None:
        pygame.event.post(pygame.event.Event(kind, **fields))
        self._posted = (self._posted + [f"{pygame.event.event_name(kind)} {fields.get('key', '')}"
                                        f"{fields.get('pos', '')}{fields.get('size', '')}"])[-12:]
        self.events += 1

    # ---- getting everywhere -------------------------------------------------------------------
    def nudge(self) -> None:
        """Open a screen or start a game by name (the way a player would get there, only
        quicker), mostly one not seen yet."""
        app, rng = self.app, self.rng
        todo_games = [g for g in self._games if g not in self.seen_games] or self._games
        todo = [s for s in SCREENS if s not in self.seen_screens] or list(SCREENS)
        what = rng.choice(todo)
        self._posted = (self._posted + [f"nudge {what}"])[-12:]
        if what in ("play", "pause", "results", "seats", "host_setup") or rng.random() < 0.3:
            gid = rng.choice(todo_games)
            self._posted[-1] += f" {gid}"
            if what in ("seats", "host_setup"):
                app.go_title()
                app.open(what, gid)
                return
            self.start_game(gid, computers_only=(what == "results"))
            if what == "pause":
                app.top.open_menu()
            elif what == "results":
                self.finish_game()
            return
        app.go_title()
        if what in ("choose", "settings", "saved", "stats", "online", "join", "online_server"):
            app.open(what)
        elif what == "rules":
            app.open("rules", rng.choice([None] + self._games))
        elif what == "quickref":
            app.open("quickref", rng.choice(self._games))

    def start_game(self, gid: str, computers_only: bool = False) -> None:
        if not computers_only and self.rng.random() < 0.2:     # now and then the guided game
            from .. import coach
            if self.app.launch(lambda: coach.new_session(gid)):
                return
        info = GAMES[gid]
        n = self.rng.randint(info.min_players, info.max_players)
        seats = []
        for i in range(n):
            kind = "computer" if computers_only or (i > 0 and self.rng.random() < 0.5) else "human"
            seats.append({"name": f"{kind.title()} {i + 1}", "colour": i, "kind": kind,
                          "level": self.rng.choice(LEVELS[1:] or LEVELS)})
        self.app.launch(launch.new(gid, seats, seed=self.rng.randrange(2 ** 31)))

    def finish_game(self) -> None:
        """Play the game on the play screen to its end with random legal actions."""
        scene = self.app.top
        if getattr(scene, "name", None) != "play":
            return
        session = scene.session
        session.stop()
        for _ in range(5000):
            if session.is_over():
                break
            scene.apply_action(self.rng.choice(session.table.legal_for(session.current)), animate=False)

    # ---- the run ---------------------------------------------------------------------------------
    def step(self, dt: float = 1 / 60) -> None:
        """Some random input, then one frame."""
        app = self.app
        for _ in range(self.rng.randint(1, 4)):
            self.post_random()
        unseen = not set(SCREENS) <= self.seen_screens
        if self.rng.random() < (0.05 if unseen else 0.02):    # more often while some are unseen
            self.nudge()
        app.step(dt, pygame.event.get())
        self.frames += 1
        if not app.running or not app.stack:     # "Quit": start again from the title
            app.running = True
            app.go_title()
        top = app.top
        self.seen_screens.add(top.name)
        session = _session_of(top)
        if session is not None:
            self.seen_games.add(session.game_id)
        hwm, mb = _status_mb("VmHWM", "VmRSS")       # one read of /proc a step
        if hwm is not None and hwm - self._last_hwm >= 20:   # a peak inside this step
            self.hwm_jumps = (self.hwm_jumps + [dict(self._where(hwm), rise_mb=round(
                hwm - self._last_hwm, 1), posted=self._posted[-6:])])[-6:]
        if hwm is not None:
            self._last_hwm = hwm
        if mb is not None:
            if mb > self.peak_mb:
                self.peak_mb = mb
                self.peak_at = self._where(mb)
            rise = mb - self._last_mb
            self._last_mb = mb
            if rise >= 4 and (len(self.jumps) < 6 or rise > self.jumps[-1]["rise_mb"]):
                self.jumps = sorted(self.jumps + [dict(self._where(mb), rise_mb=round(rise, 1))],
                                    key=lambda j: -j["rise_mb"])[:6]

    def _where(self, mb: float) -> dict:
        """What the app showed when its memory was ``mb``: for a report on a peak."""
        top = self.app.top
        session = _session_of(top)
        surface = pygame.display.get_surface()
        return {"mb": round(mb, 1), "event": self.events, "screen": getattr(top, "name", None),
                "game": getattr(session, "game_id", None),
                "size": list(surface.get_size()) if surface is not None else None,
                "kinds": memory_kinds()}

    def run(self, events: int | None = None, seconds: float | None = None, report=None) -> dict:
        from ...net import client
        kept, client.LOOPBACK_ONLY = client.LOOPBACK_ONLY, True  # a typed address stays here
        try:
            return self._run(events, seconds, report)
        finally:
            client.LOOPBACK_ONLY = kept

    def _run(self, events: int | None, seconds: float | None, report) -> dict:
        start = time.perf_counter()
        next_report = start + 10
        while True:
            if events is not None and self.events >= events:
                break
            if seconds is not None and time.perf_counter() - start >= seconds:
                break
            self.step()
            if report is not None and time.perf_counter() >= next_report:
                next_report += 10
                report(self.summary(time.perf_counter() - start))
        return self.summary(time.perf_counter() - start)

    def summary(self, seconds: float) -> dict:
        """``peak_mb``: the most memory the run took (also inside a frame), ``rss_mb``: what
        it holds at the end, ``start_mb``: what it held when the monkey started."""
        peak = max(self.peak_mb or 0.0, high_water_mb() or 0.0)
        end = rss_mb()
        return {"events": self.events, "frames": self.frames, "seconds": round(seconds, 1),
                "screens": sorted(self.seen_screens), "games": sorted(self.seen_games),
                "peak_mb": round(peak, 1) if peak else None,
                "rss_mb": round(end, 1) if end is not None else None,
                "start_mb": round(self.start_mb, 1) if self.start_mb is not None else None,
                "peak_at": self.peak_at, "jumps": self.jumps, "hwm_jumps": self.hwm_jumps}

    def close(self) -> None:
        for scene in self.app.stack:
            stop = getattr(scene, "stop", None)
            if stop:
                stop()


def main_log(text: str) -> None:   # pragma: no cover - bench output
    print(text, file=sys.stderr, flush=True)
