"""The shared rules contract's own texts are ``Msg``: English as before, said again in Italian."""

from __future__ import annotations

from enum import Enum

import pytest

from bot.games import GAMES
from bot.games.base import IllegalAction, OptionSpec, action_kind, check_seat
from bot.i18n import Language, Msg, _, speaking, translate

ITALIAN = Language.ITALIAN
GAME = GAMES["star-gazers"]


class Kind(Enum):
    PICK = "pick"


def refusal(call) -> Msg:
    with pytest.raises(IllegalAction) as refused:
        call()
    assert isinstance(refused.value.message, Msg)
    return refused.value.message


def italian(text: str) -> str:
    with speaking(ITALIAN):
        return translate(text)


def test_malformed_actions_are_refused_in_the_players_language() -> None:
    no_kind = refusal(lambda: action_kind([], Kind))
    assert no_kind == "Malformed action: expected an object with a `kind`."
    assert italian(no_kind) == "Azione non valida: serve un oggetto con un `kind`."
    unknown = refusal(lambda: action_kind({"kind": "jump"}, Kind))
    assert unknown == "Malformed action: unknown kind 'jump'."
    assert italian(unknown) == "Azione non valida: tipo 'jump' sconosciuto."
    seat = refusal(lambda: check_seat({"seats": 2}, 5))
    assert italian(seat) == "Azione non valida: quel posto non è in questa partita."


def test_seat_count_and_options_are_refused_in_the_players_language() -> None:
    count = refusal(lambda: GAME.check_seat_count(9))
    assert count == f"{GAME.title} needs {GAME.min_seats} to {GAME.max_seats} players."
    with speaking(ITALIAN):
        title = _(GAME.title)
    assert italian(count) == f"{title} si gioca da {GAME.min_seats} a {GAME.max_seats} giocatori."
    unknown = refusal(lambda: GAME.validate_options({"speed": 3}))
    assert unknown == f"{GAME.title} has no `speed` option. Leave it out and run `/play` again."
    assert italian(unknown) == f"{title} non ha l'opzione `speed`. Toglila e usa di nuovo `/play`."


def test_an_option_sentence_is_a_msg_the_lobby_translates() -> None:
    spec = OptionSpec("rounds", "Guessing", (1, 2), 1)  # a description the core catalog knows
    sentence = spec.sentence(2)
    assert isinstance(sentence, Msg) and sentence == "Guessing: 2"
    assert italian(sentence) == "Si indovina: 2"
    said = OptionSpec(
        "countdown", "Seconds", (30, 60), 30, says=("Each drawing is guessed for {value} seconds.",)
    )
    assert said.sentence(60) == "Each drawing is guessed for 60 seconds."
    assert said.sentence(60).id == "Each drawing is guessed for {value} seconds."  # looked up unfilled
    with speaking(ITALIAN):
        assert translate(said.sentence(60)) == _("Each drawing is guessed for {value} seconds.", value=60)
    toggle = OptionSpec("first_game", "First game", (0, 1), 0, says=("Off.", "On."))
    assert (toggle.sentence(0), toggle.sentence(1)) == ("Off.", "On.")
