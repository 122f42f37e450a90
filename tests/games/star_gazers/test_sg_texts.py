"""The rules say their events and refusals as ``Msg``: English as before, JSON in the state and the
action log, and said again in Italian for an Italian reader (seat names filled in last)."""

from __future__ import annotations

import json

import pytest

from bot.games.base import IllegalAction
from bot.i18n import Language, speaking, translate
from bot.i18n.msg import Msg, from_stored, to_stored
from tests.games.star_gazers.sg_helpers import GAME, act, start


def first_turn() -> tuple[dict, int, list[str]]:
    """Pick square 0, place the tile on A1 and the token wherever it may go first, then confirm."""
    state, seat = start(2, 7)
    state = act(state, seat, {"kind": "pick", "square": 0})
    state = act(state, seat, {"kind": "tile", "cell": 0, "rotation": 0})
    while GAME.view(state, seat)["choice"]["kind"] != "confirm":
        state = act(state, seat, next(a for a in GAME.legal_actions(state, seat) if a["kind"] == "token"))
    applied = GAME.apply(state, seat, {"kind": "confirm"})
    return state, seat, applied.events


def test_a_turn_in_progress_stays_json() -> None:
    state, __, __ = first_turn()
    assert json.loads(json.dumps(state)) == state
    assert all(isinstance(note, dict) for note in state["turn"]["notes"])


def test_the_turn_event_reads_as_before_in_english_and_in_italian_for_italians() -> None:
    __, seat, events = first_turn()
    event = events[0]
    assert isinstance(event, Msg)
    assert event.startswith(f"{{{seat}}} took a tile with a ") and "; placed the tile on A1; " in event
    stored = from_stored(json.loads(json.dumps(to_stored(event))))
    assert stored == event
    with speaking(Language.ITALIAN):
        said = translate(stored).format("Ada", "Bea")
    name = ["Ada", "Bea"][seat]
    assert said.startswith(f"{name} ha preso una tessera con ") and "; ha piazzato la tessera su A1; " in said


def test_an_old_turn_with_english_notes_still_confirms() -> None:
    """States saved before the notes became Msgs hold plain English phrases: they are said as they are."""
    state, seat = start(2, 7)
    state = act(state, seat, {"kind": "pick", "square": 0})
    state = act(state, seat, {"kind": "tile", "cell": 0, "rotation": 0})
    while GAME.view(state, seat)["choice"]["kind"] != "confirm":
        state = act(state, seat, next(a for a in GAME.legal_actions(state, seat) if a["kind"] == "token"))
    state["turn"]["notes"] = ["took a tile", "placed the tile on A1"]
    events = GAME.apply(state, seat, {"kind": "confirm"}).events
    assert events[0] == f"{{{seat}}} took a tile; placed the tile on A1."


def test_a_game_end_names_its_winners_in_italian() -> None:
    from bot.games.rng import Rng
    from bot.games.star_gazers.simulate import random_action

    state, rng, events = GAME.setup(2, {}, 3), Rng(4), []
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        applied = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
        state, events = applied.state, applied.events
    last = events[-1]
    assert last.startswith("The last tile is placed. ") and last.endswith(" points.")
    with speaking(Language.ITALIAN):
        said = translate(last).format("Ada", "Bea")
    assert said.startswith("L'ultima tessera è piazzata. ") and said.endswith(" punti.")
    assert "vince con" in said or "vincono a pari merito" in said


@pytest.mark.parametrize(
    "action, english, italian",
    [
        (
            {"kind": "pick", "square": 12},
            "Malformed action: `square` must be a whole number from 0 to 7.",
            "Azione non valida: `square` deve essere un numero intero da 0 a 7.",
        ),
        (
            {"kind": "undo"},
            "Nothing to undo yet: this turn has no moves.",
            "Ancora niente da ricominciare: in questo turno non hai fatto mosse.",
        ),
        (
            {"kind": "tile", "cell": 0, "rotation": 0},
            "Not now: pick a square of the Universe first.",
            "Non ora: prima scegli una casella dell'Universo.",
        ),
    ],
)
def test_refusals_are_msgs_said_in_italian(action: dict, english: str, italian: str) -> None:
    state, seat = start(2, 7)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, action)
    assert refused.value.message == english and isinstance(refused.value.message, Msg)
    with speaking(Language.ITALIAN):
        assert translate(refused.value.message) == italian
