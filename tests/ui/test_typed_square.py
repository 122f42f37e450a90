"""A typed square is read strictly: only letters and digits naming a square on the board, read in
NFKC first (a full-width Ｃ７, as a phone's keyboard may type it, is C7)."""

from __future__ import annotations

import pytest

from bot.ui.interactions import Refusal
from bot.ui.typed_square import parse_square


@pytest.mark.parametrize(
    "text, square",
    [("C7", "C7"), ("  c7 ", "C7"), ("l12", "L12"), ("A1\n", "A1"), ("Ｃ７", "C7"), ("ｃ１２", "C12")],
)
def test_a_square_is_read_in_either_case_with_spaces_trimmed(text: str, square: str) -> None:
    assert parse_square(text, "ABCDEFGHIJKL", 12, what="cell") == square


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "C" * 4000,
        "C7" + " " * 3990 + "x",
        "\u202eC7",
        "C\u200b7",
        "C7\u200f",
        "Ｃ ７",
        "C 7",
        "7C",
        "C7;",
        "M1",
        "A13",
        "A0",
        "C-1",
        "C07x",
    ],
)
def test_anything_else_is_refused_with_what_to_type(text: str) -> None:
    with pytest.raises(Refusal) as refused:
        parse_square(text, "ABCDEFGHIJKL", 12, what="cell")
    assert "like **C3**" in refused.value.text
    assert len(refused.value.text) < 300


def test_a_small_board_refuses_squares_beyond_it() -> None:
    assert parse_square("d4", "ABCD", 4) == "D4"
    with pytest.raises(Refusal, match="off the board"):
        parse_square("E1", "ABCD", 4)
