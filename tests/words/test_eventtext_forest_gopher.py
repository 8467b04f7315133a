"""Forest Gold and Gopher's Pantry speak through the catalogs (issue 14): every event either
game emits renders to a sentence in English, German, French and Russian (no key, no brace,
no English rules text), refusals come from codes, and the results say why the winner won (and
how a tie was broken) in every language."""
from __future__ import annotations

import random

import pytest

from game import i18n
from game.app import eventtext
from game.app.eventtext import forest as forest_text
from game.app.eventtext import gopher as gopher_text
from game.rules import new_game

LANGS = list(i18n.LANGUAGES)
NAMES = ["Anna", "Ben", "Cleo", "Dan"]

FOREST_SETUPS = [(2, "race", {}), (3, "plunder", {"reinforcements": 3}),
                 (4, "race", {"alliances": True}), (2, "plunder", {"size": 11})]
GOPHER_SETUPS = [(2, "standard"), (3, "simplified"), (4, "baskets"), (3, "beginner")]


@pytest.fixture
def lang_restore():
    old = i18n.get_language()
    yield
    i18n.set_language(old)


def _playout(game, players, variant, options, seed, limit=3000):
    state = new_game(game, players, seed=seed, variant=variant, options=options)
    rng = random.Random(seed)
    events = []
    for _ in range(limit):
        if state.is_over():
            break
        events += state.apply(rng.choice(state.legal_actions()))
    return state, events


def _clean(text: str, lang: str) -> None:
    assert text and text.strip(), "empty sentence"
    assert "{" not in text and "}" not in text, text
    assert "forest." not in text and "gopher." not in text and "result." not in text, text


@pytest.mark.parametrize("players,variant,options", FOREST_SETUPS)
def test_every_forest_event_renders_in_every_language(lang_restore, players, variant, options):
    seen = set()
    for seed in (1, 2):
        state, events = _playout("forest", players, variant, options, seed)
        ctx = eventtext.Ctx("forest", NAMES[:players])
        for lang in LANGS:
            i18n.set_language(lang)
            for ev in events:
                seen.add(ev["type"])
                text = eventtext.line(ev, ctx)
                _clean(text, lang)
                assert text != ev.get("text"), ev
                toast = eventtext.toast(ev, ctx)
                plain = ev["type"] == "step" and ev.get("by") in ("step", "wade")
                assert toast or plain, ev
            if state.is_over():
                words = forest_text.results(state, ctx)
                _clean(words["head"], lang)
                _clean(words["summary"], lang)
    assert len(seen) >= 12


@pytest.mark.parametrize("players,variant", GOPHER_SETUPS)
def test_every_gopher_event_renders_in_every_language(lang_restore, players, variant):
    seen = set()
    for seed in (1, 2):
        state, events = _playout("gopher", players, variant, {}, seed)
        ctx = eventtext.Ctx("gopher", NAMES[:players])
        for lang in LANGS:
            i18n.set_language(lang)
            for ev in events:
                seen.add(ev["type"])
                text = eventtext.line(ev, ctx)
                _clean(text, lang)
                assert text != ev.get("text"), ev
                assert eventtext.toast(ev, ctx), ev
            if state.is_over():
                words = gopher_text.results(state, ctx)
                _clean(words["head"], lang)
                _clean(words["summary"], lang)
    assert len(seen) >= 10


def test_every_forest_event_type_has_a_sentence(lang_restore):
    """Each type the rules list gets a sentence (built by hand: some are rare in playouts)."""
    from game.rules.forest import ForestState
    ctx = eventtext.Ctx("forest", NAMES[:2])
    samples = {
        "camp": {"seat": 0}, "pass": {"seat": 1},
        "step": {"piece": "0-c1", "seat": 0, "by": "step", "kind": "face_down"},
        "stay": {"piece": "0-h", "seat": 0, "kind": "hare"},
        "reveal": {"kind": "bear"}, "nuggets": {"count": 2},
        "pick_up": {"piece": "1-c2", "seat": 1}, "drop": {"piece": "1-c2", "how": "drops"},
        "store": {"seat": 1, "stored": 3}, "rob": {"piece": "0-c1", "seat": 0, "victim": 1},
        "sink": {}, "lost": {"piece": "0-c1"},
        "effect": {"piece": "0-h", "seat": 0, "kind": "lynx"},
        "loop": {"piece": "0-c1", "seat": 0, "died": True},
        "bump": {"piece": "0-c1", "seat": 0, "bump": 1, "bumps": 3},
        "drown": {"piece": "1-c1", "seat": 1}, "trap": {"piece": "1-c1", "seat": 1},
        "free": {"piece": "1-c1", "by": "1-c2", "seat": 1},
        "attack": {"piece": "0-h", "victim": "1-h", "seat": 0, "died": False},
        "home": {"piece": "1-h", "seat": 1, "why": "attacked"},
        "death": {"piece": "1-c1", "seat": 1, "why": "lynx"},
        "move_camp": {"seat": 0, "left": 1}, "reinforce": {"piece": "0-c1", "seat": 0},
        "round_cap": {"rounds": 60},
        "win": {"seats": [0], "reason": "plunder", "totals": [4, 4], "rounds": [90, 70]},
    }
    assert set(samples) == set(ForestState.EVENT_TYPES)
    for lang in LANGS:
        i18n.set_language(lang)
        for t, fields in samples.items():
            ev = {"type": t, **fields}
            _clean(eventtext.line(ev, ctx), lang)
            if t != "step":                  # a plain step plays without a caption
                _clean(eventtext.toast(ev, ctx), lang)


def test_forest_results_say_why_and_how_a_tie_was_broken(lang_restore):
    ctx = eventtext.Ctx("forest", NAMES[:2])
    i18n.set_language("en")
    race = forest_text.result_sentence({"seats": [1], "reason": "race", "totals": [3, 6],
                                        "rounds": [20, 40]}, ctx)
    assert "Ben" in race and "6 nuggets" in race and "Equal" not in race
    tie = forest_text.result_sentence({"seats": [0], "reason": "plunder", "totals": [4, 4],
                                       "rounds": [90, 70]}, ctx)
    assert "Anna" in tie and "Equal gold" in tie and "90" in tie and "70" in tie
    i18n.set_language("ru")
    assert "самородк" in forest_text.result_sentence(
        {"seats": [0], "reason": "round_cap", "totals": [5, 2], "rounds": [9, 9]}, ctx)
    team = forest_text.result_sentence({"seats": [0, 2], "reason": "race", "totals": [11, 4, 11, 4],
                                        "rounds": [1, 1, 1, 1], "teams": [0, 1, 0, 1]},
                                       eventtext.Ctx("forest", NAMES))
    assert "Anna и Cleo" in team and "Вместе" in team
    i18n.set_language("en")
    shared = forest_text.result_sentence({"seats": [0, 1], "reason": "round_cap", "totals": [2, 2],
                                          "rounds": [30, 30], "teams": [0, 1]}, ctx)
    assert "share the win" in shared and "together" not in shared


def test_gopher_results_say_why_and_how_a_tie_was_broken(lang_restore):
    ctx = eventtext.Ctx("gopher", NAMES[:3])
    i18n.set_language("en")
    text = gopher_text.result_sentence([1], [12, 12, 5], [4, 2, 0], {"why": "deck_empty", "cards": 3},
                                       lunches=False, ctx=ctx)
    assert "3 cards" in text and "Ben wins with 12 points" in text and "(2 against 4)" in text
    shared = gopher_text.result_sentence([0, 2], [3, 1, 3], None, {"why": "kind_ran_out",
                                                                    "kind": "berry"}, True, ctx)
    assert "Anna and Cleo share" in shared and "Berry" in shared
    i18n.set_language("de")
    assert "Minuspunkte" in gopher_text.result_sentence([1], [12, 12, 5], [4, 2, 0],
                                                        {"why": "stalled", "rounds": 5}, False, ctx)


def test_gopher_final_view_keeps_why_the_game_ended_through_a_save():
    from game.rules import load_state
    state, _ = _playout("gopher", 2, "standard", {}, 3)
    assert state.is_over()
    end = state.view(None)["end"]
    assert end["why"] in ("deck_empty", "stalled")
    again = load_state(state.to_dict())
    assert again.view(None)["end"] == end
    old = state.to_dict()
    del old["state"]["end"]                 # a save of the previous version
    assert load_state(old).view(None)["end"] is None


@pytest.mark.parametrize("code,params", [
    ("rival", {"seat": 1}), ("rest", {}), ("trapped", {}), ("stuck", {}), ("not_lit", {}),
    ("pick_piece", {}), ("camp", {}), ("choose", {})])
def test_forest_refusals_come_from_codes_in_every_language(lang_restore, code, params):
    ctx = eventtext.Ctx("forest", NAMES[:2])
    for lang in LANGS:
        i18n.set_language(lang)
        text = eventtext.refusal(code, params, ctx)
        _clean(text, lang)
        if code == "rival":
            assert "Ben" in text


@pytest.mark.parametrize("code,params", [
    ("taken", {"hole": 4}), ("far", {"hole": 4, "count": 3}), ("wait", {}),
    ("card", {"what": ["acorn", 5]}), ("collect", {"total": 4, "amount": 6})])
def test_gopher_refusals_come_from_codes_in_every_language(lang_restore, code, params):
    ctx = eventtext.Ctx("gopher", NAMES[:2])
    for lang in LANGS:
        i18n.set_language(lang)
        _clean(eventtext.refusal(code, params, ctx), lang)


def test_gopher_private_events_name_no_card():
    """Cards drawn and cards looked at on a present are marked private_to the seat and carry
    no card, so no sentence can give them away."""
    for variant in ("standard", "baskets"):
        _state, events = _playout("gopher", 3, variant, {}, 5)
        private = [e for e in events if e["type"] in ("draw", "present") and not e.get("again")]
        assert private
        for e in private:
            assert e["private_to"] == e["seat"] and e["chance"]
            assert "secret" not in e and "card" not in e and "cards" not in e


def _stripped(ev: dict) -> dict:
    """The event as another seat gets it (the contract's ``secret`` mark): without the secret
    fields and without ``text``."""
    return {k: v for k, v in ev.items() if k not in ev.get("secret", ()) and k != "text"}


def test_gopher_picks_and_giving_up_name_no_card_to_the_others(lang_restore):
    """RULINGS (gopher): picks are the picking seat's secret until paid and giving up shows
    nothing.  Without their secret fields, the pick and pass events still render a sentence in
    every language ("Anna picks a card for the sign"), and it names no card, kind or value."""
    from game.i18n import tr
    state, events = _playout("gopher", 3, "standard", {}, 5)
    secret = [e for e in events if e.get("secret")]
    assert {e["type"] for e in secret} == {"pick", "pass"}
    ctx = eventtext.Ctx("gopher", NAMES[:3])
    for lang in LANGS:
        i18n.set_language(lang)
        kinds = [tr(f"gopher.kind.{k}") for k in ("acorn", "berry", "spikelet")]
        hidden = set()
        for e in secret:
            own = eventtext.line(e, ctx)
            text = eventtext.line(_stripped(e), ctx)
            _clean(text, lang)
            assert not any(k.lower() in text.lower() for k in kinds), text
            assert NAMES[e["seat"]] in text
            if e["type"] == "pick":
                assert text != own          # the picker's own line names the card
                hidden.add(text)
        assert len(hidden) <= 3              # one sentence per name, whatever the card


def test_gopher_a_beginner_pass_keeps_no_cards(lang_restore):
    """RULINGS (gopher, beginner: the cards lie open on the table) and issue 31 (texts: "the
    beginner pass says 'keeps the cards' though beginners hold none").  Beginners hold no cards:
    their pass says that nothing is taken from the table, not that
    the cards are kept (in every language)."""
    ctx = eventtext.Ctx("gopher", NAMES[:2])
    _state, events = _playout("gopher", 2, "beginner", {}, 3)
    passes = [e for e in events if e["type"] == "pass"]
    assert passes and all(e.get("table") is True and "returned" not in e for e in passes)
    for lang in LANGS:
        i18n.set_language(lang)
        from game.i18n import tr
        line = eventtext.line(passes[0], ctx)
        assert line == tr("gopher.ev.pass_table", name=NAMES[passes[0]["seat"]])
        assert line != tr("gopher.ev.pass", name=NAMES[passes[0]["seat"]])
        old = {k: v for k, v in passes[0].items() if k != "table"}      # a log of an older version
        view_ctx = eventtext.Ctx("gopher", NAMES[:2], extra={"view": {"variant": "beginner"}})
        assert eventtext.line(old, view_ctx) == line


@pytest.mark.parametrize("game,variant,word", [("forest", "race", "Goldklumpen"),
                                               ("gopher", "standard", "gewinnt")])
def test_results_words_come_in_the_players_language(lang_restore, game, variant, word):
    """The results screen's words (``results(state, ctx)``: head and summary, the API of
    ``game/app/eventtext``) come from the catalogs, not from the rules' English summary."""
    mod = {"forest": forest_text, "gopher": gopher_text}[game]
    state, _ = _playout(game, 2, variant, {}, 3, limit=20000)
    assert state.is_over()
    assert mod.results(new_game(game, 2, seed=1, variant=variant), eventtext.Ctx(game, NAMES)) is None
    i18n.set_language("de")
    words = mod.results(state, eventtext.Ctx(game, NAMES[:2]))
    assert set(words) == {"head", "summary"}
    assert any(n in words["head"] for n in NAMES[:2]) and word in words["summary"]
    assert words["summary"] != state.summary()


@pytest.mark.parametrize("game", ["forest", "gopher"])
@pytest.mark.parametrize("lang", ["de", "fr", "ru"])
def test_rules_text_in_every_language_has_the_english_sections_and_points(game, lang):
    """The translated rules say as much as the English ones: the same headings, points and
    numbered steps, and every number of the English text (6 nuggets, 60 rounds, 3 cards...)."""
    import re
    from pathlib import Path
    en = Path(f"data/texts/en/{game}_rules.md")
    en = en if en.exists() else Path(f"data/texts/{game}_rules.md")
    ours = Path(f"data/texts/{lang}/{game}_rules.md")
    a, b = en.read_text(encoding="utf-8"), ours.read_text(encoding="utf-8")

    def shape(text):
        lines = text.splitlines()
        return ([ln.count("#") for ln in lines if ln.startswith("#")],
                sum(1 for ln in lines if re.match(r"\s*- ", ln)),
                sum(1 for ln in lines if re.match(r"\s*\d+\. ", ln)))
    assert shape(a) == shape(b)
    assert sorted(re.findall(r"\d+", a)) == sorted(re.findall(r"\d+", b))


FOREST_RULINGS_IN_TEXT = {
    # pass / Move Camp never forced, the infinite loop, reinforcements 5 by default,
    # a tie left level is shared, alliances only with 4 packs
    "en": ["may pass", "never has to", "endless loop", "from the same side",
           "Reinforcements** are on", "5 rounds after", "share the win",
           "two or three packs there are no alliances"],
    "de": ["darf passen", "muss es aber nie", "endlosen Schleife", "von derselben Seite",
           "Verstärkung** ist an", "5 Runden, nachdem", "teilen sich",
           "zwei oder drei Rudeln gibt es keine Bündnisse"],
    "fr": ["peut passer", "jamais obligée", "boucle sans fin", "du même côté",
           "Renforts** sont actifs", "5 tours après", "se partagent la victoire",
           "trois meutes, il n'y a pas d'alliances"],
    "ru": ["может пропустить ход", "никогда не обязательно", "бесконечную петлю",
           "с той же стороны", "Подкрепление** включено", "через 5 раундов", "делят победу",
           "две или три, союзов нет"],
}


@pytest.mark.parametrize("lang", sorted(FOREST_RULINGS_IN_TEXT))
def test_ruling_forest_rules_text_says_the_rulings_in_every_language(lang):
    """RULINGS forest: "A pack whose pieces cannot move may always pass; Move Camp is a choice,
    never forced", "Infinite loop: ... only when it would repeat itself for ever ... from the
    same direction", "Reinforcements option: off / 3 / 5 rounds, 5 by default", "still tied:
    shared, and the results say so", "Alliances only with 4 packs": the rules on screen say
    so in all four languages."""
    import re
    from pathlib import Path
    text = Path(f"data/texts/{lang}/forest_rules.md").read_text(encoding="utf-8")
    flat = re.sub(r"\s+", " ", text)
    for phrase in FOREST_RULINGS_IN_TEXT[lang]:
        assert phrase in flat, (lang, phrase)
