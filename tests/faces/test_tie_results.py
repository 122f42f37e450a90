"""Every title's results say how a tie on points was broken, from the rules' own outcome: a real
finished game of each, with its scores made level, read through the face as players see it."""

from __future__ import annotations

import json

import pytest

from bot.faces import PRESENTERS
from bot.games import GAMES
from bot.games.outcome import Outcome
from bot.ui.presenter import tie_line
from tests.games.conformance import bot_step, play

NAMES = ["Ada", "Bea", "Cy", "Dee"]


def finished(slug: str) -> dict:
    game = GAMES[slug]
    seats = max(game.min_seats, 3)
    state = play(game, seats, 5, bot_step).state
    return json.loads(json.dumps(game.view(state, None)))


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_broken_tie_is_said_in_the_results(slug: str) -> None:
    view = finished(slug)
    outcome = view["outcome"]
    assert "tie_break" in outcome, "the rules' outcome carries the tie-break as data"
    outcome["scores"] = [6] * len(outcome["scores"])
    outcome["winners"] = [1]
    outcome["tie_break"] = ["a criterion"]
    text = PRESENTERS[slug].results(view, NAMES[: len(outcome["scores"])]).content
    assert "Tie on points, decided by a criterion." in text
    outcome["winners"] = [0, 1]
    text = PRESENTERS[slug].results(view, NAMES[: len(outcome["scores"])]).content
    assert "Tie on points and on the tie-break (a criterion): the win is shared." in text


def test_no_tie_says_nothing() -> None:
    assert tie_line(Outcome([6, 4], [0])) == ""
    assert tie_line({"winners": [0], "tie_break": []}) == ""
