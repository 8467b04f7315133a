"""Write the achievement icons, ``sprites/achievements/*.svg`` (a developer tool, not shipped).

    python tools/make_achievement_icons.py

Each icon is a badge (64x64 viewBox): the frame's shape tells the game (Mole Dig a hexagon,
Ants & Grasshopper a circle, Hamster Burrow a rounded square, Forest Gold a shield, Gopher's
Pantry an octagon, the whole box a rosette), its colour is the game's, and a cream symbol with
a dark outline in the middle tells the achievement; so badges differ by shape and symbol, not
by colour alone.  Plain shapes only (no text, filters or gradients that nanosvg would drop).
The files are committed; run this again after changing a symbol.
"""
from __future__ import annotations

import math
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "sprites" / "achievements"
INK = "#2B1D14"
CREAM = "#FFF6DC"
GOLD = "#F2C14E"
GAME = {"moles": "#7FAE4E", "ants": "#C8873A", "hamster": "#D9A24A", "forest": "#3F7A48",
        "gopher": "#9A6A3C", "box": "#6E5A9E"}


def _poly(n: int, r: float, start: float = -90.0, cx: float = 32, cy: float = 32) -> str:
    pts = []
    for i in range(n):
        a = math.radians(start + 360.0 * i / n)
        pts.append(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}")
    return " ".join(pts)


def frame(game: str) -> str:
    fill = GAME[game]
    s = f'stroke="{INK}" stroke-width="2.5" stroke-linejoin="round" fill="{fill}"'
    if game == "moles":
        return f'<polygon points="{_poly(6, 29, -90)}" {s}/>'
    if game == "ants":
        return f'<circle cx="32" cy="32" r="28.5" {s}/>'
    if game == "hamster":
        return f'<rect x="4" y="4" width="56" height="56" rx="12" {s}/>'
    if game == "forest":
        return f'<path d="M32,3 L58,11 L56,34 Q52,52 32,61 Q12,52 8,34 L6,11 z" {s}/>'
    if game == "gopher":
        return f'<polygon points="{_poly(8, 29.5, -67.5)}" {s}/>'
    pts = []
    for i in range(24):
        a = math.radians(-90 + 15 * i)
        r = 29.5 if i % 2 == 0 else 25.5
        pts.append(f"{32 + r * math.cos(a):.1f},{32 + r * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(pts)}" {s}/>'


def inner(game: str) -> str:
    """A lighter disc inside the frame, where the symbol stands."""
    return f'<circle cx="32" cy="32" r="20" fill="#000000" fill-opacity="0.18"/>'


G = f'stroke="{INK}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"'


def _c(x, y, r, fill=CREAM):
    return f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" {G}/>'


def _p(d, fill=CREAM):
    return f'<path d="{d}" fill="{fill}" {G}/>'


def _line(d):
    return f'<path d="{d}" fill="none" {G}/>'


def _pips(n, y=50, r=2.2, gap=6.0, fill=GOLD):
    x0 = 32 - gap * (n - 1) / 2
    return "".join(_c(round(x0 + i * gap, 1), y, r, fill) for i in range(n))


# ---- symbols ------------------------------------------------------------------------------------
def trophy():
    return (_p("M22,18 h20 v6 q0,12 -10,14 q-10,-2 -10,-14 z", GOLD)
            + _line("M22,21 q-6,0 -5,5 q1,5 6,5 M42,21 q6,0 5,5 q-1,5 -6,5")
            + _p("M29,38 h6 v5 h-6 z", GOLD) + _p("M24,43 h16 v5 h-16 z", GOLD))


def crown():
    return _p("M19,42 L17,23 L25,30 L32,19 L39,30 L47,23 L45,42 z", GOLD) + _p("M19,42 h26 v5 h-26 z", GOLD)


def shovel():
    return (_p("M31,14 h3 v18 h-3 z") + _p("M25,31 h15 l-2,12 q-5.5,6 -11,0 z", GOLD)
            + _p("M27,11 h11 v4 h-11 z"))


def stones():
    return _c(24, 37, 6) + _c(38, 38, 5) + _c(31, 26, 6, GOLD) + _c(41, 27, 3.5)


def holes():
    return (f'<ellipse cx="32" cy="36" rx="14" ry="7" fill="{INK}" stroke="{CREAM}" stroke-width="2"/>'
            + _p("M25,34 q7,-14 14,0", "#8B6A55") + _c(29, 29, 1.2, INK) + _c(35, 29, 1.2, INK))


def chevrons():
    return _p("M19,22 l10,10 l-10,10 l5,0 l10,-10 l-10,-10 z", GOLD) + _p("M31,22 l10,10 l-10,10 l5,0 l10,-10 l-10,-10 z")


def shield_check():
    return _p("M32,16 l13,5 q0,17 -13,24 q-13,-7 -13,-24 z") + _line("M26,31 l4,5 l9,-10")


def lone_mole():
    return (_c(32, 33, 12, "#8B6A55") + _c(28, 30, 1.6, INK) + _c(36, 30, 1.6, INK)
            + f'<ellipse cx="32" cy="36" rx="3" ry="2" fill="#EBA9A0" {G}/>' + _pips(1, 51, 2.6))


def broken_disc():
    return _c(32, 32, 13, "#C9A27A") + _line("M30,19 l4,8 l-5,5 l5,6 l-3,7") + _c(26, 28, 1.6, INK) + _c(38, 36, 1.6, INK)


def four_seats():
    return (_c(24, 24, 5, "#E69F00") + _c(40, 24, 5, "#56B4E9") + _c(24, 40, 5, "#009E73")
            + _c(40, 40, 5, "#F0E442") + _c(32, 32, 4, GOLD))


def medal():
    return _p("M26,14 l6,12 l6,-12 z", "#56B4E9") + _c(32, 36, 10, GOLD) + _p("M32,30 l2,4 l4,0.5 l-3,3 l1,4 l-4,-2 l-4,2 l1,-4 l-3,-3 l4,-0.5 z", CREAM)


def robot_star():
    return (_p("M21,24 h22 v18 h-22 z") + _c(27, 32, 2.5, INK) + _c(37, 32, 2.5, INK)
            + _line("M32,24 v-5") + _c(32, 17, 2.5, GOLD) + _line("M27,38 h10") + _pips(3, 50, 1.8))


def laurel():
    leaves = "".join(_p(f"M{x},{y} q{-4 if x < 32 else 4},-4 0,-8 q{4 if x < 32 else -4},4 0,8 z", "#8DBF5A")
                     for x, y in ((22, 44), (19, 36), (20, 28), (42, 44), (45, 36), (44, 28)))
    return leaves + _c(32, 32, 7, GOLD) + _pips(5, 50, 1.6, 4.5)


def eye():
    return (_p("M15,32 q17,-16 34,0 q-17,16 -34,0 z") + _c(32, 32, 6, "#56B4E9") + _c(32, 32, 2.5, INK))


def zigzag():
    return _p("M35,13 L22,34 h9 l-4,17 l15,-23 h-9 l4,-15 z", GOLD) + _pips(5, 54, 1.5, 4.0, CREAM)


def mask():
    return (_p("M16,27 q16,-8 32,0 q0,10 -8,11 q-5,0 -8,-4 q-3,4 -8,4 q-8,-1 -8,-11 z", "#3B3B58")
            + f'<ellipse cx="25" cy="30" rx="3.5" ry="2.5" fill="{CREAM}"/>'
            + f'<ellipse cx="39" cy="30" rx="3.5" ry="2.5" fill="{CREAM}"/>')


def trail():
    return (_line("M16,42 q8,-12 16,-6 q8,6 16,-8") + _c(16, 42, 3, "#B5542E") + _c(24, 36, 3, "#B5542E")
            + _c(32, 36, 3, "#B5542E") + _c(40, 38, 3, "#B5542E") + _c(48, 28, 3.5, GOLD))


def cards():
    return (_p("M20,22 h16 v22 h-16 z", "#56B4E9") + _p("M25,19 h16 v22 h-16 z", "#009E73")
            + _p("M30,16 h16 v22 h-16 z", CREAM) + _c(38, 27, 4, "#E69F00"))


def honey():
    return (_p("M22,26 q0,-4 4,-4 h12 q4,0 4,4 v12 q0,6 -10,6 q-10,0 -10,-6 z", GOLD)
            + _p("M22,22 h20 v4 h-20 z", "#B5542E") + _line("M40,14 l-6,12"))


def beetle():
    return (f'<ellipse cx="32" cy="34" rx="10" ry="12" fill="#2F3E6E" {G}/>' + _line("M32,22 v24")
            + _c(32, 20, 5, "#2F3E6E") + _line("M22,28 l-5,-3 M42,28 l5,-3 M22,38 l-5,3 M42,38 l5,3")
            + _c(28, 33, 1.5, CREAM) + _c(36, 37, 1.5, CREAM))


def seasons():
    flake = _line("M40,18 v16 M33,22 l14,8 M33,30 l14,-8")
    leaf = _p("M18,46 q0,-16 14,-16 q0,16 -14,16 z", "#E69F00") + _line("M18,46 l10,-10")
    return leaf + flake + _c(40, 26, 2, CREAM)


def hamster_win():
    return (_c(32, 34, 12, "#D9A24A") + _c(23, 24, 4, "#D9A24A") + _c(41, 24, 4, "#D9A24A")
            + _c(28, 32, 1.5, INK) + _c(36, 32, 1.5, INK) + _c(32, 37, 1.8, "#EBA9A0") + _p("M24,14 l3,4 l5,-6 l5,6 l3,-4 l-1,6 h-14 z", GOLD))


def nut():
    return (_p("M32,20 q12,4 10,16 q-2,10 -10,10 q-8,0 -10,-10 q-2,-12 10,-16 z", "#B5782E")
            + _p("M22,24 q10,-8 20,0 q-10,3 -20,0 z", "#7A4E22"))


def nuts_pile():
    return (_c(24, 40, 6, "#B5782E") + _c(40, 40, 6, "#B5782E") + _c(32, 30, 6, "#B5782E")
            + _c(32, 19, 3, GOLD))


def house():
    return (_p("M18,30 l14,-12 l14,12 v16 h-28 z") + _p("M23,33 h7 v6 h-7 z", GOLD) + _p("M34,33 h7 v6 h-7 z", GOLD)
            + _p("M23,41 h18 v5 h-18 z", GOLD))


def grand_hall():
    return (_p("M16,24 h32 v22 h-32 z") + _p("M16,24 l16,-9 l16,9 z", GOLD)
            + _line("M22,28 v14 M28,28 v14 M36,28 v14 M42,28 v14"))


def ones():
    return (_p("M16,36 h32 v8 h-32 z") + _line("M24,36 v8 M32,36 v8 M40,36 v8")
            + _p("M30,14 l5,-2 v20 h-5 z", GOLD) + _line("M28,32 h10"))


def check():
    return _c(32, 32, 13) + _line("M25,32 l5,6 l10,-12")


def side_b():
    return _p("M17,22 l10,-4 l6,6 l12,-2 l2,12 l-6,10 l-12,2 l-10,-6 z") + _line("M25,28 l8,6 l6,-6 M29,38 h6")


def solo():
    return (_c(32, 34, 10, "#D9A24A") + _c(25, 25, 3.5, "#D9A24A") + _c(39, 25, 3.5, "#D9A24A")
            + _c(28.5, 32, 1.3, INK) + _c(35.5, 32, 1.3, INK) + _pips(1, 51, 2.6))


def calendar():
    return (_p("M18,20 h28 v26 h-28 z") + _p("M18,20 h28 v7 h-28 z", "#B5542E")
            + "".join(_c(23 + 6 * (i % 4), 32 + 6 * (i // 4), 1.6, INK) for i in range(8)))


def nugget():
    return _p("M20,38 l4,-12 l10,-6 l10,6 l2,12 l-10,7 z", GOLD) + _line("M28,28 l6,4 l6,-4")


def nuggets():
    return (_p("M14,42 l3,-8 l7,-4 l7,4 l1,8 l-7,5 z", GOLD) + _p("M33,42 l3,-8 l7,-4 l7,4 l1,8 l-7,5 z", GOLD)
            + _p("M23,28 l3,-8 l7,-4 l7,4 l1,8 l-7,5 z", GOLD))


def campfire_gold():
    return (_p("M32,14 q10,10 4,20 q-2,-6 -4,-6 q-2,0 -4,6 q-6,-10 4,-20 z", "#E69F00")
            + _line("M20,44 l24,-6 M20,38 l24,6") + _p("M26,40 l3,-5 l6,-2 l5,3 l-1,5 l-6,3 z", GOLD))


def footprints():
    return "".join(_c(x, y, 3.2, CREAM) + _c(x - 3, y - 5, 1.4, CREAM) + _c(x + 3, y - 5, 1.4, CREAM)
                   for x, y in ((22, 46), (32, 36), (42, 26)))


def thief():
    return mask() + _p("M38,42 l2,-5 l5,-2 l4,3 l-1,5 l-5,2 z", GOLD)


def fangs():
    return (_p("M16,26 q16,-10 32,0 l-4,6 l-4,-3 l-4,10 l-4,-10 l-4,10 l-4,-10 l-4,3 z")
            + _c(32, 46, 4, GOLD))


def two_paws():
    return (_c(24, 36, 5) + _c(20, 28, 2) + _c(25, 26, 2) + _c(29, 29, 2)
            + _c(40, 30, 5) + _c(36, 22, 2) + _c(41, 20, 2) + _c(45, 23, 2))


def moving_camp():
    return (_p("M18,40 l8,-14 l8,14 z", "#E69F00") + _line("M34,32 h14 l-4,-4 M48,32 l-4,4")
            + _line("M16,44 h22"))


def sack():
    return (_p("M24,22 q-8,10 -6,18 q2,8 14,8 q12,0 14,-8 q2,-8 -6,-18 z", "#C9A27A")
            + _p("M26,18 h12 l-3,4 h-6 z", "#C9A27A") + _p("M28,34 l2,-5 l5,-2 l4,3 l-1,5 l-5,2 z", GOLD))


def leapfrog():
    return _line("M16,42 q16,-30 32,0") + _p("M44,40 l6,3 l-5,4 z", INK) + _c(32, 44, 5, "#9A6A3C") + _c(16, 42, 3.5, GOLD)


def minus():
    return _c(32, 32, 13) + _p("M24,30 h16 v4 h-16 z", INK)


def gift():
    return (_p("M20,28 h24 v18 h-24 z", "#D55E00") + _p("M18,23 h28 v6 h-28 z", "#D55E00")
            + _p("M30,23 h4 v23 h-4 z", GOLD) + _line("M32,23 q-8,-10 -10,-2 q2,3 10,2 q8,-10 10,-2 q-2,3 -10,2"))


def spade():
    return _p("M31,12 h3 v20 h-3 z", "#8B6A55") + _p("M24,30 h17 l-2,14 q-6.5,5 -13,0 z", "#B8C4CC")


def basket():
    return (_p("M18,30 h28 l-4,16 h-20 z", "#C9A27A") + _line("M22,30 q10,-18 20,0")
            + _line("M24,34 l2,10 M32,34 v10 M40,34 l-2,10"))


def shelves():
    return (_p("M18,16 h28 v32 h-28 z") + _line("M18,27 h28 M18,38 h28")
            + _c(25, 23, 3, "#B5542E") + _c(33, 23, 3, "#E69F00") + _c(26, 34, 3, GOLD) + _c(38, 34, 3, "#B5782E")
            + _c(30, 44, 2.5, "#B5542E"))


def jar():
    return (_p("M22,22 h20 v4 q4,2 4,8 v10 q0,4 -4,4 h-20 q-4,0 -4,-4 v-10 q0,-6 4,-8 z", "#B8C4CC")
            + _p("M20,16 h24 v6 h-24 z", "#B5542E") + _p("M22,34 h20 v10 h-20 z", GOLD))


def all_games():
    return (f'<polygon points="{_poly(6, 7, -90, 22, 22)}" fill="{GAME["moles"]}" {G}/>'
            + f'<circle cx="42" cy="22" r="6.5" fill="{GAME["ants"]}" {G}/>'
            + f'<rect x="26" y="26" width="12" height="12" rx="3" fill="{GAME["hamster"]}" {G}/>'
            + f'<path d="M22,36 l7,2 l-1,6 q-1,4 -6,6 q-5,-2 -6,-6 l-1,-6 z" fill="{GAME["forest"]}" {G}/>'
            + f'<polygon points="{_poly(8, 7, -67.5, 42, 43)}" fill="{GAME["gopher"]}" {G}/>')


def sun_day():
    rays = "".join(_line(f"M{32 + 15 * math.cos(math.radians(a)):.1f},{32 + 15 * math.sin(math.radians(a)):.1f} "
                         f"L{32 + 19 * math.cos(math.radians(a)):.1f},{32 + 19 * math.sin(math.radians(a)):.1f}")
                   for a in range(0, 360, 45))
    return rays + _c(32, 32, 10, GOLD)


def week():
    return "".join(_c(round(32 + 15 * math.cos(math.radians(-90 + i * 360 / 7)), 1),
                      round(32 + 15 * math.sin(math.radians(-90 + i * 360 / 7)), 1), 3.5, GOLD) for i in range(7)) \
        + _c(32, 32, 6)


def experts():
    return (_p("M22,28 h20 v16 h-20 z") + _c(28, 35, 2.2, INK) + _c(36, 35, 2.2, INK)
            + _p("M21,26 L20,14 L26,20 L32,12 L38,20 L44,14 L43,26 z", GOLD))


def question():
    return (_line("M25,25 q0,-9 7,-9 q8,0 8,7 q0,5 -5,7 q-3,1 -3,6 v2") + _c(32, 45, 2.3, CREAM))


ICONS = {
    "moles_win": ("moles", trophy), "moles_shovel": ("moles", shovel),
    "moles_big_spaces": ("moles", stones), "moles_holes": ("moles", holes),
    "moles_bonus": ("moles", chevrons), "moles_safe": ("moles", shield_check),
    "moles_last_standing": ("moles", lone_mole), "moles_unlucky": ("moles", broken_disc),
    "moles_full_table": ("moles", four_seats), "moles_championship": ("moles", medal),
    "moles_expert": ("moles", robot_star), "moles_veteran": ("moles", laurel),
    "ants_win": ("ants", trophy), "ants_sharp_eyes": ("ants", eye), "ants_streak": ("ants", zigzag),
    "ants_disguise": ("ants", mask), "ants_long_trail": ("ants", trail),
    "ants_collector": ("ants", cards), "ants_shopper": ("ants", honey),
    "ants_beetles": ("ants", beetle), "ants_seasons": ("ants", seasons),
    "ants_expert": ("ants", robot_star), "ants_veteran": ("ants", laurel),
    "hamster_win": ("hamster", hamster_win), "hamster_solo": ("hamster", solo),
    "hamster_plenty": ("hamster", nuts_pile), "hamster_full_house": ("hamster", house),
    "hamster_grand_hall": ("hamster", grand_hall), "hamster_ones": ("hamster", ones),
    "hamster_no_pass": ("hamster", check), "hamster_side_b": ("hamster", side_b),
    "hamster_expert": ("hamster", robot_star), "hamster_regular": ("hamster", calendar),
    "forest_win": ("forest", trophy), "forest_first_gold": ("forest", nugget),
    "forest_gold_rush": ("forest", nuggets), "forest_pathfinder": ("forest", footprints),
    "forest_thief": ("forest", thief), "forest_top_dog": ("forest", fangs),
    "forest_packmates": ("forest", two_paws), "forest_on_the_move": ("forest", moving_camp),
    "forest_plunder": ("forest", sack), "forest_expert": ("forest", robot_star),
    "forest_veteran": ("forest", laurel),
    "gopher_win": ("gopher", trophy), "gopher_leapfrog": ("gopher", leapfrog),
    "gopher_take_away": ("gopher", minus), "gopher_big_haul": ("gopher", sack),
    "gopher_present": ("gopher", gift), "gopher_digger": ("gopher", spade),
    "gopher_baskets": ("gopher", basket), "gopher_busy": ("gopher", shelves),
    "gopher_full_pantry": ("gopher", jar), "gopher_expert": ("gopher", robot_star),
    "gopher_veteran": ("gopher", laurel),
    "box_all_games": ("box", all_games), "box_first_daily": ("box", sun_day),
    "box_week": ("box", week), "box_experts": ("box", experts),
    "hidden": ("box", question),
}


def svg(aid: str) -> str:
    game, symbol = ICONS[aid]
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">\n'
            f'<!-- Burrow Box achievement badge: {aid}. Our own artwork. -->\n'
            f'{frame(game)}\n{inner(game)}\n{symbol()}\n</svg>\n')


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for aid in ICONS:
        (OUT / f"{aid}.svg").write_text(svg(aid), encoding="utf-8")
    print(f"{len(ICONS)} icons in {OUT}")


if __name__ == "__main__":
    main()
