"""`/game log` lines: who made a move that names nobody, markers as they are, no line twice in a row."""

from __future__ import annotations

from bot.commands.game import log_lines
from bot.storage.records import ActionRecord


def move(seq: int, seat: int | None, *events: str) -> ActionRecord:
    return ActionRecord(seq=seq, seat=seat, action={}, events=list(events), created_at=0.0)


def test_log_lines_say_who_keep_markers_and_drop_repeats() -> None:
    entries = [
        move(1, 0, "Round 1 · roll 1: the die shows a 4-pointed star."),
        move(2, 1, "Rolled the dice."),
        move(3, 1, "Rolled the dice."),
        move(4, 0, "{1} took a goal."),
        move(5, None, "Round 2 begins."),
        move(6, 0, "Game over. {0} wins with 3 points."),
        move(7, 0, "Game over. {0} wins with 3 points."),
    ]
    assert log_lines(entries, ["Ada", "Bea"]) == [
        "Round 1 · roll 1: the die shows a 4-pointed star.",
        "Bea: Rolled the dice.",
        "Bea took a goal.",
        "Round 2 begins.",
        "Game over. Ada wins with 3 points.",
    ]
