"""Pictures of every Forest Gold tile effect and every Gopher's Pantry moment, as on screen.

Searches seeded random games (rules only, quick) for the first action that shows each kind of
event, then replays that game on the real play screen (no window) and saves two PNGs: one in
the middle of the animation of that action ("-mid") and one once it has settled ("-end").

    python tools/effect_shots.py --out /tmp/shots                  # both games, 1024x600
    python tools/effect_shots.py --out /tmp/shots --game gopher --size 2560x1440 --lang de

Every picture name says what it shows (forest-reveal-bear-mid.png, gopher-leapfrog-end.png).
"""
from __future__ import annotations

import argparse
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.rules import new_game  # noqa: E402


def forest_labels(events) -> list[str]:
    """The names of the moments one forest action shows."""
    out = []
    for e in events:
        t = e["type"]
        if t == "reveal":
            out.append(f"reveal-{e.get('kind')}")
        elif t == "effect":
            out.append(f"effect-{e.get('kind')}")
        elif t == "step" and e.get("by") not in (None, "step", "wade"):
            out.append(f"moved-by-{e.get('by')}")
        elif t == "home":
            out.append(f"home-{e.get('why')}")
        elif t == "death":
            out.append(f"death-{e.get('why')}")
        elif t == "loop":
            out.append("loop-died" if e.get("died") else "loop")
        elif t in ("attack", "rob", "move_camp", "reinforce", "drown", "sink", "trap", "free",
                   "bump", "lost", "store", "camp", "round_cap", "win", "stay", "pick_up"):
            out.append(t)
    return out


def gopher_labels(events) -> list[str]:
    """The names of the moments one gopher action shows."""
    out = []
    for e in events:
        t = e["type"]
        if t == "page" and e.get("changed"):
            out.append("page-turn")
        elif t == "move" and e.get("jumped"):
            out.append("leapfrog")
        elif t == "collect" and e.get("sub"):
            out.append("collect-difference")
        elif t == "collect":
            out.append("collect")
        elif t in ("present", "dig", "baskets", "ransom", "take", "trophy", "portal",
                   "cannot_collect", "game_over", "present_empty"):
            out.append(t)
    return out


# (game, players, variant, options): the tables searched
TABLES = {
    "forest": [(2, "race", {}), (4, "plunder", {"alliances": True, "reinforcements": 3}),
               (3, "race", {"reinforcements": 3}), (2, "plunder", {})],
    "gopher": [(2, "standard", {}), (3, "simplified", {}), (3, "baskets", {}),
               (2, "beginner", {})],
}


def search(game_id: str, seeds: int, max_actions: int = 3000) -> dict:
    """label -> (players, variant, options, seed, index) of the first action showing it."""
    labels = forest_labels if game_id == "forest" else gopher_labels
    found: dict = {}
    for players, variant, options in TABLES[game_id]:
        for seed in range(seeds):
            state = new_game(game_id, players, seed=seed, variant=variant, options=options)
            rng = random.Random(seed)
            for i in range(max_actions):
                if state.is_over():
                    break
                events = state.apply(rng.choice(state.legal_actions()))
                for name in labels(events):
                    key = name if game_id == "forest" else f"{variant}-{name}"
                    found.setdefault(key, (players, variant, options, seed, i))
    return found


def render(game_id: str, where, out_stem: str, size, lang=None) -> None:
    import pygame

    from game.app.app import App, FPS, PlayController, PlayScene, _computer_seats
    players, variant, options, seed, index = where
    state = new_game(game_id, players, seed=seed, variant=variant, options=options)
    app = App(size=size, fullscreen=False, headless=True, lang=lang)
    app.settings.speed = "normal"
    ctl = PlayController(game_id, _computer_seats(players), state, autosave=False, computers=False)
    scene = PlayScene(app, ctl, auto_results=False)
    app.go(scene)
    try:
        rng = random.Random(seed)
        for i in range(index + 1):
            action = rng.choice(scene.ctl.state.legal_actions())
            scene.apply_action(action, animate=(i == index))
        frames = 0
        while scene.animating and frames < 60 * 20:
            app.step(1 / FPS, [])
            frames += 1
            if frames == 25:
                pygame.image.save(app.surface, out_stem + "-mid.png")
        app.step(1 / FPS, [])
        pygame.image.save(app.surface, out_stem + "-end.png")
    finally:
        scene.stop()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", required=True, help="folder for the PNG files")
    p.add_argument("--game", choices=["forest", "gopher", "both"], default="both")
    p.add_argument("--seeds", type=int, default=12, help="seeded games searched per table")
    p.add_argument("--size", default="1024x600")
    p.add_argument("--lang", default=None)
    p.add_argument("--only", default=None, help="render only labels containing this text")
    a = p.parse_args(argv)
    size = tuple(int(v) for v in a.size.lower().split("x"))
    os.makedirs(a.out, exist_ok=True)
    for game_id in (["forest", "gopher"] if a.game == "both" else [a.game]):
        found = search(game_id, a.seeds)
        for label, where in sorted(found.items()):
            if a.only and a.only not in label:
                continue
            stem = os.path.join(a.out, f"{game_id}-{label}")
            render(game_id, where, stem, size, a.lang)
            print(f"{stem}-end.png  ({where[0]} players, {where[1]}, seed {where[3]}, action {where[4]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
