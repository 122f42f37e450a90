"""Names and constants shared by the rules, the views and the simulator.

The enums are ``str`` enums so their values are the plain strings stored in the JSON state
and sent by the Discord layer.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from bot.games.sky_of_stars.components import Shape
from bot.i18n.msg import M_, N_, Msg

SLUG = "sky-of-stars"
ROUNDS = 3
MIN_SEATS, MAX_SEATS = 3, 6
NUMBERS = (1, 2, 3, 4, 5)
# A roll nobody can use is rolled again; this many useless rolls in a row ends the drawing,
# so a freak run of dice can never stall a game (the odds of reaching it are below 1e-11).
MAX_USELESS_ROLLS = 64


class Phase(StrEnum):
    START = "start"
    STROKE = "stroke"
    SWIRL = "swirl"
    FINAL = "final"
    GUESS = "guess"
    REVEAL = "reveal"  # a drawing's answer is out; the table reads it before the next one
    OVER = "over"


class Face(StrEnum):
    """The Star Die's faces; ``ANY`` is the question mark, which accepts every shape."""

    FOUR = "four"
    FIVE = "five"
    EIGHT = "eight"
    ANY = "any"
    SWIRL = "swirl"

    @property
    def shape(self) -> Shape | None:
        """The star shape this face demands, or ``None`` when any shape will do."""
        return None if self in (Face.ANY, Face.SWIRL) else Shape(self.value)


# Six faces: the two question marks make "any star" twice as likely as each shape.
DIE = (Face.FOUR, Face.FIVE, Face.EIGHT, Face.ANY, Face.ANY, Face.SWIRL)

FACE_TEXT = {
    Face.FOUR: N_("a four-pointed star"),
    Face.FIVE: N_("a five-pointed star"),
    Face.EIGHT: N_("an eight-pointed star"),
    Face.ANY: N_("the question mark (any star)"),
    Face.SWIRL: N_("the swirl"),
}


class ActionKind(StrEnum):
    START = "start"
    STROKE = "stroke"
    CANCEL = "cancel"
    STOP = "stop"
    PASS = "pass"
    GUESS = "guess"
    TIMEOUT = "timeout"


def empty_constellation() -> dict[str, Any]:
    return {"start": None, "stars": [], "strokes": []}


def left_of(seat: int, seats: int) -> int:
    """The neighbour on a seat's left: seats are numbered clockwise."""
    return (seat + 1) % seats


def seat_mark(seat: int) -> str:
    """``{2}``: where an event names a seat (the Discord layer fills in the name last)."""
    return f"{{{seat}}}"


def join_seats(seats: list[int]) -> str:
    """``{0}``, ``{0} and {2}``, ``{0}, {1} and {2}``: seat placeholders for an event (the "and"
    and "nobody" are translated where the event is read)."""
    names = [seat_mark(s) for s in seats]
    if not names:
        return M_("nobody")
    if len(names) == 1:
        return names[0]
    return M_("{earlier} and {last}", earlier=", ".join(names[:-1]), last=names[-1])


def comma_list(parts: list[str]) -> str:
    """Pieces joined by commas; pieces that are translated texts stay translatable in the list."""
    if not any(isinstance(part, Msg) for part in parts):
        return ", ".join(parts)
    joined = parts[0]
    for part in parts[1:]:
        joined = M_("{earlier}, {later}", earlier=joined, later=part)
    return joined
