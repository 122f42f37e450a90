"""`/game log` lines: who made a move that names nobody, markers as they are, no line twice in a row."""

from __future__ import annotations

from bot.commands.game import log_lines
from bot.games import get_game
from bot.i18n.msg import M_, MN_
from bot.storage.records import ActionRecord


def move(seq: int, seat: int | None, *events: str) -> ActionRecord:
    return ActionRecord(seq=seq, seat=seat, action={}, events=list(events), created_at=0.0)


def test_log_lines_say_who_keep_markers_and_drop_repeats() -> None:
    over = MN_(
        "Game over. {who} wins with {n} point.", "Game over. {who} wins with {n} points.", 3, who="{0}"
    )
    entries = [
        move(
            1,
            0,
            M_(
                "Round {round} · roll {roll}: the die shows {face}.", round=1, roll=1, face="a 4-pointed star"
            ),
        ),
        move(2, 1, "Rolled the dice."),
        move(3, 1, "Rolled the dice."),
        move(4, 0, "{1} took a goal."),
        move(5, 1, M_("Round {round} scores: {listed}.", round=1, listed="Bea 2")),
        move(6, 0, over),
        move(7, 0, over),
    ]
    assert log_lines(entries, ["Ada", "Bea"], get_game("sky-of-stars")) == [
        "Round 1 · roll 1: the die shows a 4-pointed star.",
        "Bea: Rolled the dice.",
        "Bea took a goal.",
        "Round 1 scores: Bea 2.",
        "Game over. Ada wins with 3 points.",
    ]
