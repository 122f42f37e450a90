"""Reading a square typed into a form (``C7``), for the games whose panels ask for one.

Typed text comes from anyone, so it is read strictly: plain ASCII letters and digits only, with
spaces around it ignored and letters in either case. Anything else (a long paste, right-to-left
or zero-width marks, a square off the board) is refused with a sentence saying what to type.
"""

from __future__ import annotations

import re

from bot.interactions import Refusal

SQUARE = re.compile(r"([A-Z])([0-9]{1,2})")
LONGEST = 8  # "  C12  " and the like; a paste longer than this is not a square


def parse_square(text: str, columns: str, rows: int, *, what: str = "square") -> str:
    """The square ``text`` names, as ``"C7"`` (column letter, row number), or a ``Refusal``."""
    example = f"{columns[2 % len(columns)]}{min(rows, 3)}"
    hint = f"Type one {what} as a column letter and a row number, like **{example}**."
    trimmed = text.strip(" \t\r\n")
    if not trimmed:
        raise Refusal(f"The form was empty. {hint}")
    if len(trimmed) > LONGEST or not trimmed.isascii() or not trimmed.isprintable():
        raise Refusal(f"That isn't a {what} name. {hint}")
    match = SQUARE.fullmatch(trimmed.upper())
    if match is None:
        raise Refusal(f"“{trimmed}” isn't a {what} name. {hint}")
    column, row = match[1], int(match[2])
    if column not in columns or not 1 <= row <= rows:
        raise Refusal(f"{trimmed.upper()} is off the board: columns run {columns[0]}–{columns[-1]} "
                      f"and rows 1–{rows}. {hint}")
    return f"{column}{row}"
