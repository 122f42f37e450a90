"""End scoring: the asterism table, unused stars, Funding, and the fewest-cards tie-break."""

from __future__ import annotations

import pytest
from obs_helpers import GAME, cells, started

from bot.games.observatory import sheet as sh
from bot.games.observatory.components import load_cards
from bot.games.observatory.scoring import asterism_points, breakdown, outcome_of
from bot.games.outcome import decide


@pytest.mark.parametrize("count", range(10))
def test_asterism_table(count: int) -> None:
    """The table is the triangular numbers up to six asterisms, then stays at six's value."""
    capped = min(count, 6)
    assert asterism_points(count) == capped * (capped + 1) // 2
    assert asterism_points(4) == 10 and asterism_points(7) == asterism_points(6) == 21


def test_breakdown_adds_up() -> None:
    cards = load_cards().values()
    asterisms = [c.id for c in cards if c.asterism][:3]
    plain = [c for c in cards if not c.asterism][:2]
    sheet = sh.new_sheet()
    sheet["completed"] = asterisms + [c.id for c in plain]
    sheet["stars"] = cells("A1", "B1", "C1", "D1", "E1")
    sheet["constellations"] = [{"card": plain[0].id, "cells": cells("A1", "B1"), "segments": []}]
    sheet["research"]["funding"] = [2, 5, 6]
    parts = breakdown(sheet)
    assert parts["asterisms"] == 6 and parts["asterism_count"] == 3
    assert parts["constellations"] == sum(c.points for c in plain)
    assert parts["funding"] == 3 and parts["unused_count"] == 3 and parts["unused_stars"] == 1
    assert parts["total"] == parts["constellations"] + 6 + 3 + 1


def winners(totals: list[int], completed: list[int]) -> list[int]:
    return decide([(t, -c) for t, c in zip(totals, completed, strict=True)], ("fewer",))[0]


def test_tie_goes_to_fewest_completed_cards_then_shared() -> None:
    assert winners([20, 20, 15], [5, 3, 1]) == [1]
    assert winners([20, 20, 20], [4, 4, 6]) == [0, 1]
    assert winners([12, 20], [9, 9]) == [1]


def test_outcome_applies_the_tie_break_to_real_sheets() -> None:
    state = started(2)
    cards = [c for c in load_cards().values() if c.asterism]
    state["sheets"][0]["completed"] = [cards[0].id, cards[1].id]  # 3 points from 2 cards
    state["sheets"][1]["completed"] = []
    state["sheets"][1]["research"]["funding"] = [2, 3, 4]  # 3 points from no card
    result = outcome_of(state)
    assert result.scores == [3, 3] and result.winners == [1]
    state["phase"] = "over"
    assert GAME.outcome(state) == result
