"""Observatory's texts in Italian: the presenter's public messages, a panel, the results, the
rules' refusals and events (said in the reader's language, seat names filled in last), the typed-
cell form, card names and the rules summary. Each is compared with its English self: it must
differ and carry known Italian words, so an untranslated sentence cannot slip through."""

from __future__ import annotations

import json

import pytest

from bot.faces.observatory.items import TYPE
from bot.faces.observatory.panels import build_panel
from bot.faces.observatory.presenter import RULES, ObservatoryPresenter
from bot.faces.observatory.words import card_name
from bot.games import get_game
from bot.games.base import IllegalAction
from bot.games.observatory.components import card
from bot.games.rng import Rng
from bot.i18n import Language, _, speaking, translate
from bot.ui.clicks import TypedForm
from bot.ui.controls import Click

GAME = get_game("observatory")
PRESENTER = ObservatoryPresenter()
NAMES = ["Ada", "Bea"]


def both(build):
    """``build()`` said in English and in Italian."""
    with speaking(Language.ENGLISH):
        english = build()
    with speaking(Language.ITALIAN):
        italian = build()
    return english, italian


def text_of(out) -> str:
    labels = [
        getattr(item.item, "label", None) or getattr(item.item, "placeholder", "") for item in out.items
    ]
    return "\n".join([out.title or "", out.content, out.footer or "", *map(str, labels)])


def bot_play_until(state, done, seed=5):
    rng = Rng(seed)
    while not done(state):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng)).state
    return state


@pytest.fixture(scope="module")
def rolled():
    """A 2-player first-game table whose first roll is in: everyone decides."""
    state = GAME.setup(2, {"first_game": 1}, 11)
    return GAME.apply(state, state["active"], {"kind": "roll"}).state


def test_step_messages_and_progress_are_italian(rolled):
    roll_step = GAME.setup(2, {"first_game": 1}, 11)
    for state, words in (
        (roll_step, ["Tira i dadi", "In questo turno tira"]),
        (rolled, ["ha tirato", "Stella cadente", "Solo "]),
    ):
        public = GAME.view(state, None)
        english, italian = both(lambda public=public: text_of(PRESENTER.step_message(public, NAMES, 3)))
        assert english != italian
        for word in words:
            assert word in italian, (word, italian)
        assert "Osservatorio · Notte 1 di 7" in italian and "Observatory · Night 1 of 7" in english
    english, italian = both(lambda: PRESENTER.progress(GAME.view(rolled, None), NAMES))
    assert english == "0 of 2 done · Waiting for Ada and Bea"
    assert italian == "0 su 2 hanno finito · Si aspetta Ada e Bea"


def test_a_panel_is_italian(rolled):
    seat = GAME.to_act(rolled)[0]
    view = GAME.view(rolled, seat)
    english, italian = both(lambda: text_of(build_panel(view, NAMES, 3, "h", None)))
    assert english != italian
    assert "Dadi:" in italian and "Segna la tua stella" in italian and "Scegli le tue mosse" in italian
    assert "Dice:" in english and "Plot your star" in english and "Pick your moves" in english
    for english_word in ("Dice:", "Plot your", "Pick your", "Finish", "Research"):
        assert english_word not in italian
    first = view["choice"]["plots"][0]["dice"]  # a pair's own cell list (a wild pair's stage)
    stage = f"p{first[0]}{first[1]}"
    english, italian = both(lambda: text_of(build_panel(view, NAMES, 3, stage, None)))
    assert "scegli una casella" in italian and "Scrivi una casella" in italian and "Indietro" in italian


def test_a_refusal_and_the_events_are_said_in_the_readers_language(rolled):
    seat = GAME.to_act(rolled)[0]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(rolled, seat, {"kind": "done"})
    english, italian = both(lambda: translate(refused.value.message))
    assert english.startswith("Not yet: Plot a star with two of your dice.")
    assert italian.startswith("Non ancora: Segna una stella con due dei tuoi dadi.")
    state = GAME.setup(2, {"first_game": 1}, 11)
    applied = GAME.apply(state, state["active"], {"kind": "roll"})
    english, italian = both(lambda: translate(applied.events[0]).format(*NAMES))
    who = NAMES[state["active"]]
    assert english.startswith(f"{who} rolled ") and italian.startswith(f"{who} ha tirato ")
    assert "il dado Stella cadente mostra" in italian


def test_the_last_turn_is_said_in_italian_after_a_reload(rolled):
    """The turn summary is stored as a message with its parameters, so a game read back from the
    database still says it in either language (an English string would stay English)."""
    state = bot_play_until(rolled, lambda s: s["last_turn"])
    reloaded = json.loads(json.dumps(state))
    public = GAME.view(reloaded, None)
    english, italian = both(lambda: PRESENTER.board(public, NAMES).content)
    assert "Last turn:\nAda " in english or "Last turn:\nBea " in english
    assert "Ultimo turno:" in italian and ("ha segnato" in italian or "ha passato" in italian)
    assert "{" not in italian and "plotted" not in italian


def test_results_and_sheets_are_italian():
    over = bot_play_until(GAME.setup(2, {}, 9), GAME.is_over)
    public = GAME.view(over, None)
    english, italian = both(lambda: text_of(PRESENTER.results(public, NAMES)))
    assert english != italian
    assert "Osservatorio · Risultati finali" in italian and "carte completate" in italian
    assert "vince!" in italian or "si dividono la vittoria!" in italian
    assert "cards completed" not in italian and "asterisms" not in italian
    solo = GAME.view(bot_play_until(GAME.setup(1, {}, 4), GAME.is_over), None)
    english, italian = both(lambda: PRESENTER.results(solo, ["Ada"]).content)
    assert english.startswith("Solo game over: **") and italian.startswith("Partita in solitario finita: **")
    english, italian = both(lambda: text_of(PRESENTER.sheet(public, NAMES, 1)))
    assert "Scheda di Bea" in italian and "punti finora" in italian and "Bea's sheet" in english


async def test_the_typed_cell_form_opens_in_the_readers_language():
    with speaking(Language.ITALIAN):
        form = TypedForm(Click(TYPE, {"game": "3", "dec": "1", "stage": "p01", "code": "plot.01"}))
    assert form.title == "Scrivi una casella"
    assert form.text.to_component_dict()["label"] == "Casella: lettera di colonna e numero di riga"
    english = TypedForm(Click(TYPE, {"game": "3", "dec": "1", "stage": "p01", "code": "plot.01"}))
    assert english.title == "Type a cell"
    assert english.text.to_component_dict()["label"] == "Cell: column letter and row number"


def test_card_names_rules_and_options_are_italian():
    cards = {"LG43": card("LG43").as_dict(), "SM12": card("SM12").as_dict()}
    english, italian = both(lambda: [card_name(cards, "LG43"), card_name(cards, "SM12")])
    assert english == ["Orion", "Handle of the Big Dipper"]
    assert italian == ["Orione", "Timone del Grande Carro"]
    english, italian = both(lambda: _(RULES))
    assert english == RULES and italian.startswith("**Osservatorio** (1–5 giocatori")
    option = GAME.options[0]
    english, italian = both(lambda: (_(GAME.title), _(option.description), _(option.sentence(1))))
    assert english[0] == "Observatory" and italian[0] == "Osservatorio"
    assert italian[1].startswith("Prima partita") and italian[2].startswith("Distribuzione da prima partita")
