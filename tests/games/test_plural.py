"""Counts are said with the noun in the right number."""

from __future__ import annotations

from bot.games.plural import counted


def test_one_is_singular_and_every_other_count_plural() -> None:
    assert counted(1, "point") == "1 point"
    assert counted(-1, "point") == "-1 point"
    assert [counted(n, "star") for n in (0, 2)] == ["0 stars", "2 stars"]
    assert counted(1, "Journal card") == "1 Journal card"
    assert counted(3, "goal", "goals") == "3 goals"
