"""Starry Night Sky in Italian, in words: the panel at every kind of step, the step message, the
board, sheets and results, the rules' refusals and events, and the rules summary are Italian
(no English sentence of the game's catalog left in them) and differ from the English, which
stays as it was; components keep within Discord's limits in the longer language."""

from __future__ import annotations

import json
import string
from functools import cache

import pytest

from bot.faces.starry_night_sky.items import DO
from bot.faces.starry_night_sky.presenter import StarryNightSkyPresenter
from bot.faces.starry_night_sky.words import place_code, said
from bot.games.base import IllegalAction
from bot.games.rng import Rng
from bot.games.starry_night_sky import StarryNightSky
from bot.games.starry_night_sky.components import load_map
from bot.games.starry_night_sky.simulate import random_action
from bot.i18n import Language, _, speaking, translate
from bot.i18n.catalogs import places
from bot.i18n.tool import template
from bot.ui.controls import control_of

GAME = StarryNightSky()
PRESENTER = StarryNightSkyPresenter()
NAMES = ["Ada", "Bea", "Cy"]
ENGLISH_NAMES = [c.name for c in load_map().constellations.values()]


@cache
def english_pieces() -> frozenset[str]:
    """The literal words of every English text in the game's catalog (between its placeholders),
    long enough to be a phrase: none of them may be left in an Italian output."""
    place = next(p for p in places() if p.domain == "starry_night_sky")
    pieces = set()
    for message in template(place, places()):
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            for literal, *_rest in string.Formatter().parse(text or ""):
                literal = literal.strip(" .,:;()*·")
                if len(literal) >= 12 and " " in literal:
                    pieces.add(literal)
    return frozenset(pieces)


def leaks(text: str) -> list[str]:
    found = [piece for piece in english_pieces() if piece in text]
    return found + [name for name in ENGLISH_NAMES if name in text]


def components(out) -> list[str]:
    """Every label, placeholder and option of a message's components."""
    view = out.view()
    said_there = []
    for child in view.children if view else []:
        item = child.item
        said_there += [getattr(item, "label", None) or "", getattr(item, "placeholder", None) or ""]
        for option in getattr(item, "options", []):
            said_there += [option.label, option.description or ""]
    return [s for s in said_there if s]


def both(build):
    """``build()`` in English, then in Italian."""
    with speaking(Language.ENGLISH):
        english = build()
    with speaking(Language.ITALIAN):
        italian = build()
    return english, italian


def game_states(seats: int = 3, seed: int = 4):
    """Every state of a seeded game, with the seat to act (``None`` at the end)."""
    state, rng = GAME.setup(seats, {}, seed), Rng(seed)
    while not GAME.is_over(state):
        seat = state["current"]
        yield state, seat
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state
    yield state, None


def picks(view) -> list:
    choice = view["choice"]
    out = [None]
    if choice["kind"] == "move":
        out += [("dest", d["to"]) for d in choice["destinations"]][:2]
    if choice["kind"] == "place":
        out += [("place", place_code(p["pool"], o)) for p in choice["pools"] for o in p["options"]][:2]
    return out + [("trade", f"{t['goal']}.{c}") for t in view["trades"] for c in t["colours"]][:1]


def test_every_kind_of_panel_is_italian_and_within_discords_limits() -> None:
    kinds = set()
    for state, seat in game_states():
        if seat is None:
            break
        view = GAME.view(state, seat)
        for pick in picks(view):
            english, italian = both(lambda view=view, pick=pick: PRESENTER.panel(view, NAMES, 9, pick=pick))
            kinds.add((view["choice"]["kind"], view["choice"].get("bonus"), pick and pick[0]))
            assert italian.content != english.content
            words = [italian.content, italian.title or "", *components(italian)]
            assert not leaks("\n".join(words)), (pick, leaks("\n".join(words)))
            assert italian.title.startswith("Cielo stellato · Manche ")
            view_items = italian.view()
            for child in view_items.children if view_items else []:
                item = child.item
                if hasattr(item, "options"):
                    assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for o in item.options)
                    assert len(item.placeholder or "") <= 150
                else:
                    assert 0 < len(item.label) <= 80
    assert {
        ("assign", None, None),
        ("move", False, None),
        ("move", False, "dest"),
        ("place", False, None),
        ("move", True, None),
        ("end", None, None),
    } <= kinds
    assert any(kind[2] == "trade" for kind in kinds)


def test_the_turn_panel_speaks_italian() -> None:
    state = GAME.setup(2, {}, 1)
    seat = GAME.to_act(state)[0]
    view = GAME.view(state, seat)
    assert view["choice"]["kind"] == "assign"
    english, italian = both(lambda: PRESENTER.panel(view, NAMES[:2], 9))
    assert "**Tocca a te.** Nuove stelle:" in italian.content
    assert "Ognuna va in una riserva diversa" in italian.content
    assert "Le tue riserve:" in italian.footer and "Carte Mito (segrete" in italian.footer
    assert "**Your turn.** New stars:" in english.content  # English as it was
    assert leaks(english.content), "the leak check finds English"
    yellow = [b.item.label for b in italian.view().children if control_of(b) is DO and "🟡" in b.item.label]
    for label in yellow:  # the letter after a dot is the Italian colour's: giallo
        assert "🟡G" in label and "🟡Y" not in label


def test_the_step_message_board_and_sheet_speak_italian() -> None:
    state = GAME.setup(3, {}, 4)
    public = GAME.view(state, None)
    english, italian = both(lambda: PRESENTER.step_message(public, NAMES, 9))
    assert italian.content.startswith("Si aspetta Ada\n")  # the words every game uses, in a thread or DMs
    assert "Tracciato della Notte: restano" in italian.content
    assert italian.footer == "Ada sta scegliendo dove esplorare"
    assert english.content.startswith("Waiting for Ada\n") and italian.content != english.content
    assert not leaks(italian.content + italian.footer)
    board_en, board_it = both(lambda: PRESENTER.board(public, NAMES))
    assert "Punteggi: Ada 0" in board_it.content and board_it.content != board_en.content
    sheet_en, sheet_it = both(lambda: PRESENTER.sheet(GAME.view(state, 0), NAMES, 0))
    assert sheet_it.title == "Scheda di Ada" and "Riserve di stelle:" in sheet_it.content
    assert "Le tue carte Mito (segrete fino alla fine" in sheet_it.content and not leaks(sheet_it.content)
    assert sheet_en.title == "Ada's sheet"


def test_the_results_speak_italian_with_italian_names() -> None:
    *_states, (over, _seat) = game_states(3, 8)
    public = GAME.view(over, None)
    english, italian = both(lambda: PRESENTER.results(public, NAMES))
    assert italian.title == "Cielo stellato · Risultati finali"
    assert "Ecco le carte Mito:" in italian.content
    assert "vince" in italian.content or "vincono" in italian.content
    assert "(scoperte " in italian.content and "obiettivi " in italian.content
    assert not leaks(italian.content), leaks(italian.content)
    with speaking(Language.ITALIAN):
        assert any(f"{_(m['a_name'])} & {_(m['b_name'])}" in italian.content for m in public["myths"][0])
    assert "The Myth cards are revealed:" in english.content and italian.content != english.content


def test_a_refusal_names_the_italian_constellation() -> None:
    state = GAME.setup(2, {}, 1)
    for spot in state["board"].values():
        spot["filled"] = [True] * len(spot["filled"])
    state["turn"]["step"] = "move"
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, state["current"], {"kind": "move", "to": "c01"})
    message = refused.value.message
    assert message == "Sleepy Kettle is fully mapped; you can jump over it but not stop there."
    with speaking(Language.ITALIAN):
        assert translate(message) == (
            "La costellazione Bollitore Assonnato è già mappata del tutto: "
            "puoi scavalcarla, ma non fermarti lì."
        )
    state["turn"]["step"] = "end"
    with pytest.raises(IllegalAction) as refused, speaking(Language.ITALIAN):
        GAME.apply(state, state["current"], {"kind": "move", "to": "c01"})
    with speaking(Language.ITALIAN):
        said_then = translate(refused.value.message)
    assert said_then.startswith("Adesso non puoi muovere il telescopio: puoi scambiare")


def test_a_turns_summary_is_stored_and_read_back_in_italian() -> None:
    """The state keeps each sentence as data (JSON, like the database), so an Italian reader gets it
    in Italian after a restart, names filled in; the English reads as before."""
    state, events = GAME.setup(2, {}, 1), []
    while not events or GAME.view(state, None)["last_summary"] is None:
        seat = state["current"]
        applied = GAME.apply(state, seat, GAME.bot_action(state, seat, Rng(1)))
        state, events = applied.state, applied.events
    stored = json.loads(json.dumps(state))
    summary = GAME.view(stored, None)["last_summary"]
    assert summary == events[0] and summary.endswith("this turn.")
    with speaking(Language.ITALIAN):
        italian = said(summary, ["Ada", "Bea"])
        assert italian.endswith("in questo turno.") and italian.split(" ")[0] in ("Ada", "Bea")
        assert not leaks(italian), leaks(italian)
    older = dict(stored, last_summary="{0} ended the turn: 0 points this turn.")  # a game stored before
    assert GAME.view(older, None)["last_summary"] == "{0} ended the turn: 0 points this turn."


def test_the_title_and_rules_summary_are_italian() -> None:
    with speaking(Language.ITALIAN):
        assert _(GAME.title) == "Cielo stellato"
        rules = _(PRESENTER.rules_summary)
    assert rules.startswith("**Cielo stellato** (2–4 giocatori")
    assert "Tracciato della Notte" in rules and not leaks(rules)
    assert PRESENTER.rules_summary.startswith("**Starry Night Sky** (2–4 players")
