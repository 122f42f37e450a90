"""Reading a square typed into a form (``C7``), for the games whose panels ask for one.

Typed text comes from anyone, so it is read strictly: plain ASCII letters and digits only, with
spaces around it ignored and letters in either case. Anything else (a long paste, right-to-left
or zero-width marks, a square off the board) is refused with a sentence saying what to type.
"""

from __future__ import annotations

import re
import unicodedata

from bot.i18n import N_, _
from bot.ui.interactions import Refusal

SQUARE = re.compile(r"([A-Z])([0-9]{1,2})")
LONGEST = 8  # "  C12  " and the like; a paste longer than this is not a square

# What the form asks for names the thing in every sentence, so each word has its own sentences
# (a translation can then agree with it): the hint, and "that isn't one" without and with the text.
_SAID = {
    "square": (
        N_("Type one square as a column letter and a row number, like **{example}**."),
        N_("That isn't a square name. {hint}"),
        N_("“{typed}” isn't a square name. {hint}"),
    ),
    "cell": (
        N_("Type one cell as a column letter and a row number, like **{example}**."),
        N_("That isn't a cell name. {hint}"),
        N_("“{typed}” isn't a cell name. {hint}"),
    ),
}


def parse_square(text: str, columns: str, rows: int, *, what: str = "square") -> str:
    """The square ``text`` names, as ``"C7"`` (column letter, row number), or a ``Refusal``.

    ``what`` is the word the panel uses for it: ``"square"`` or ``"cell"``."""
    hint_text, not_a_name, typed_not_a_name = _SAID[what]
    example = f"{columns[2 % len(columns)]}{min(rows, 3)}"
    hint = _(hint_text, example=example)
    trimmed = unicodedata.normalize("NFKC", text).strip(" \t\r\n")  # a full-width Ｃ７ is C7
    if not trimmed:
        raise Refusal(_("The form was empty. {hint}", hint=hint))
    if len(trimmed) > LONGEST or not trimmed.isascii() or not trimmed.isprintable():
        raise Refusal(_(not_a_name, hint=hint))
    match = SQUARE.fullmatch(trimmed.upper())
    if match is None:
        raise Refusal(_(typed_not_a_name, typed=trimmed, hint=hint))
    column, row = match[1], int(match[2])
    if column not in columns or not 1 <= row <= rows:
        raise Refusal(
            _(
                "{square} is off the board: columns run {first}–{last} and rows 1–{rows}. {hint}",
                square=trimmed.upper(),
                first=columns[0],
                last=columns[-1],
                rows=rows,
                hint=hint,
            )
        )
    return f"{column}{row}"
