"""Star Gazers in Italian: panels, step messages, sheets, results, refusals and the typed-square
form say Italian words under ``speaking(Language.ITALIAN)``, and the same calls in English say
what they always said."""

from __future__ import annotations

from bot.faces.star_gazers.items import TYPE
from bot.faces.star_gazers.presenter import StarGazersPresenter
from bot.faces.star_gazers.words import RULES, TITLE
from bot.games.base import IllegalAction
from bot.games.rng import Rng
from bot.games.star_gazers.engine import StarGazers
from bot.games.star_gazers.simulate import random_action
from bot.i18n import Language, _, speaking, translate
from bot.ui.clicks import TypedForm
from bot.ui.controls import Click

GAME = StarGazers()
PRESENTER = StarGazersPresenter()
NAMES = ["Ada", "Bea"]


def started() -> tuple[dict, int]:
    state = GAME.setup(2, {}, 7)
    for seat in range(2):
        state = GAME.apply(state, seat, {"kind": "keep", "card": state["dealt"][seat][0]}).state
    return state, GAME.to_act(state)[0]


def finished() -> dict:
    state, rng = GAME.setup(2, {}, 3), Rng(4)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state
    return state


def both(build) -> tuple:
    with speaking(Language.ENGLISH):
        english = build()
    with speaking(Language.ITALIAN):
        italian = build()
    return english, italian


def labels(out) -> list[str]:
    found = []
    for item in out.items:
        inner = item.item
        found.append(getattr(inner, "label", None) or getattr(inner, "placeholder", ""))
        found += [o.label for o in getattr(inner, "options", [])]
    return found


def test_the_pick_panel_is_italian() -> None:
    state, seat = started()
    en, it = both(lambda: PRESENTER.panel(GAME.view(state, seat), NAMES, 1))
    assert "Take one square of the Universe board (tile and token together)." in en.content
    assert "Prendi una casella della plancia Universo (tessera e gettone insieme)." in it.content
    assert "gettone:" in it.content and "token:" not in it.content
    assert it.title == "Astrofili · Manche 1/4 · scelta 1/8"
    assert en.title == "Star Gazers · Round 1/4 · pick 1/8"
    assert "Prendi la 1" in labels(it) and "Take 1" in labels(en)


def test_a_turn_in_progress_offers_italian_buttons_and_selects() -> None:
    state, seat = started()
    state = GAME.apply(state, seat, {"kind": "pick", "square": 0}).state
    en, it = both(lambda: PRESENTER.panel(GAME.view(state, seat), NAMES, 1))
    assert "Ricomincia il turno" in labels(it) and "Undo turn" in labels(en)
    assert "Scrivi una casella" in labels(it) and "Type a square" in labels(en)
    assert "Casella per la tessera…" in labels(it) and "Square for the tile…" in labels(en)
    assert "Piazza la tua tessera (" in it.content
    assert "Ancora da piazzare dopo questo: gettone." in it.content
    assert "Still to place after this: token." in en.content


def test_a_refused_preview_note_is_said_in_italian() -> None:
    state, seat = started()
    state = GAME.apply(state, seat, {"kind": "pick", "square": 0}).state
    try:
        GAME.apply(state, seat, {"kind": "tile", "cell": 99, "rotation": 0})
    except IllegalAction as error:
        note = error.message
    en, it = both(lambda: PRESENTER.panel(GAME.view(state, seat), NAMES, 1, note=note))
    assert "⚠️ Malformed action: `cell` must be a whole number from 0 to 15." in en.content
    assert "⚠️ Azione non valida: `cell` deve essere un numero intero da 0 a 15." in it.content


def test_refusals_are_said_in_the_readers_language() -> None:
    state, seat = started()
    other = 1 - seat
    try:
        GAME.apply(state, other, {"kind": "pick", "square": 0})
    except IllegalAction as error:
        refusal = error.message
    assert refusal == "It is not your turn: wait for your panel."
    with speaking(Language.ITALIAN):
        assert translate(refusal) == "Non è il tuo turno: aspetta il tuo pannello."
    state = GAME.apply(state, seat, {"kind": "pick", "square": 0}).state
    try:
        GAME.apply(state, seat, {"kind": "confirm"})
    except IllegalAction as error:
        refusal = error.message
    with speaking(Language.ITALIAN):
        said = translate(refusal)
    assert said.startswith("Non ancora: prima piazza la tua tessera Galassia") and said != refusal


def test_the_step_message_and_board_are_italian() -> None:
    state, __ = started()
    public = GAME.view(state, None)
    en, it = both(lambda: PRESENTER.step_message(public, NAMES, 1))
    assert "your turn: take one square of the Universe board." in en.content
    assert "tocca a te: prendi una casella della plancia Universo." in it.content
    assert (
        it.footer == "Ada sta scegliendo (niente è definitivo finché non conferma)"
        or it.footer == "Bea sta scegliendo (niente è definitivo finché non conferma)"
    )
    journal = GAME.view(GAME.setup(2, {}, 7), None)
    en, it = both(lambda: PRESENTER.progress(journal, NAMES))
    assert (en, it) == (
        "0 of 2 have kept a Journal card · Waiting for Ada and Bea",
        "0 su 2 hanno tenuto una carta Diario · Si aspetta Ada e Bea",
    )


def test_sheets_and_results_are_italian() -> None:
    state = finished()
    public = GAME.view(state, None)
    en, it = both(lambda: PRESENTER.results(public, NAMES))
    assert it.title == "Astrofili · Risultati finali" and en.title == "Star Gazers · Final results"
    assert ("vince!" in it.content or "vincono!" in it.content) and "win" not in it.content
    assert "carte Diario completate" in it.content and "Journal cards done" in en.content
    assert "telescop" in it.content and it.content != en.content
    en, it = both(lambda: PRESENTER.sheet(GAME.view(state, 0), NAMES, 0))
    assert it.title == "Murale di Ada" and en.title == "Ada's Mural"
    assert "Il tuo Diario (lo vedi solo tu):" in it.content and "tessere ·" in it.content


def form_texts(form: TypedForm) -> tuple[str, list[str]]:
    sent = form.to_dict()
    return sent["title"], [c["label"] for row in sent["components"] for c in row["components"]]


async def test_the_typed_square_form_is_italian() -> None:
    with speaking(Language.ITALIAN):
        form = TypedForm(Click(TYPE, {"game": "1", "dec": "2", "tag": "tile"}))
    assert form_texts(form) == ("Scrivi una casella", ["Casella del Murale: colonna A–D, riga 1–4"])
    with speaking(Language.ENGLISH):
        form = TypedForm(Click(TYPE, {"game": "1", "dec": "2", "tag": "tile"}))
    assert form_texts(form) == ("Type a square", ["Mural square: column A–D, row 1–4"])


def test_the_title_and_rules_summary_translate_where_they_are_used() -> None:
    with speaking(Language.ITALIAN):
        assert _(TITLE) == "Astrofili" and _(GAME.title) == "Astrofili"
        rules = _(RULES)
    assert rules.startswith("**Astrofili** (2–4 giocatori") and "**Conferma il turno**" in rules
