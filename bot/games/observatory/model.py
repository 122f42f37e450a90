"""Names and constants shared by the Observatory rules, views and simulator.

Cells are stored as ints ``row * 12 + col`` inside the state and shown as names like ``"C4"``.
"""

from __future__ import annotations

from enum import StrEnum

from bot.i18n.msg import N_

SLUG = "observatory"
TITLE = N_("Observatory")
MIN_SEATS, MAX_SEATS = 1, 5
SIZE = 12
COLUMNS = "ABCDEFGHIJKL"
GOALS = 4
SKY_ROW = 3
DECKS = ("large", "small")  # the goal cards' two decks, each with its own Night Sky row
SPACES = (2, 3, 4, 5, 6)
WILD = 1

NIGHTS = {1: 12, 2: 7, 3: 6, 4: 5, 5: 4}
BONUS_NIGHTS = (3, 5, 7)
SOLO_BONUS_TURNS = (4, 7, 10)
ASTERISM_TABLE = (0, 1, 3, 6, 10, 15, 21)
FINDER_STARS = 4
BONUS_AFTER = 3


class Phase(StrEnum):
    KEEP = "keep"
    NIGHT_BONUS = "night_bonus"
    ROLL = "roll"
    DECIDE = "decide"
    REFILL = "refill"
    OVER = "over"


class Track(StrEnum):
    LENS = "lens"
    DRIVE = "drive"
    FINDER = "finder"
    FILTER = "filter"
    FUNDING = "funding"


TRACKS = tuple(t.value for t in Track)
BONUS_TRACKS = tuple(t.value for t in Track if t is not Track.FUNDING)


class GrantKind(StrEnum):
    STAR = "star"
    RESEARCH = "research"
    EITHER = "either"
    SHOOTING_STAR = "shooting_star"


class GrantSource(StrEnum):
    FINDER = "finder"
    TRACK = "track"
    NIGHT = "night"
    COMPLETION = "completion"


def row_label(cell: int) -> int:
    return cell // SIZE % 6 + 1


def col_label(cell: int) -> int:
    return cell % SIZE % 6 + 1


CELL_NAMES = tuple(f"{COLUMNS[cell % SIZE]}{cell // SIZE + 1}" for cell in range(SIZE * SIZE))


def cell_name(cell: int) -> str:
    return CELL_NAMES[cell]


def parse_cell(name: object) -> int | None:
    """The cell index of a name such as ``"c4"``/``"C4"``, or ``None`` if it is not on the map.

    The row takes ASCII digits only: ``str.isdigit`` also accepts "²" or "⑤", which ``int``
    then refuses, and "４" (full width), which would quietly name row 4."""
    if not isinstance(name, str):
        return None
    text = name.strip().upper()
    row_text = text[1:]
    if len(text) < 2 or text[0] not in COLUMNS or not (row_text.isascii() and row_text.isdigit()):
        return None
    row = int(text[1:]) - 1
    if not 0 <= row < SIZE:
        return None
    return row * SIZE + COLUMNS.index(text[0])


def nights_for(seats: int) -> int:
    return NIGHTS[seats]


def turns_per_night(seats: int) -> int:
    return 1 if seats == 1 else seats


def bonus_nights(seats: int) -> tuple[int, ...]:
    """Nights that open with a free star or research space (solo: its turns 4, 7, 10)."""
    marks = SOLO_BONUS_TURNS if seats == 1 else BONUS_NIGHTS
    return tuple(n for n in marks if n <= nights_for(seats))
