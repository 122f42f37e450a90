"""Coloured lines in the reader's language: one translated sentence, cut at its ``{fields}``.

An image line such as "Guess **Ada**'s word" colours the name apart from the words around it.
The translator sees the whole sentence ("Guess {name}'s word") and may move the name; the
line is cut into pieces only after translating, so each language keeps its own word order.
"""

from __future__ import annotations

import string

from bot.i18n import _
from render.headers import Part
from render.theme import RGB

_FIELDS = string.Formatter()


def coloured(
    template: str, colour: RGB, *, flexible: str | None = None, **fields: tuple[str, RGB]
) -> tuple[list[Part], int | None]:
    """``template`` (marked ``N_`` where it is written) translated now, as pieces for
    ``parts_line``: its words in ``colour``, each
    ``{field}`` as its value in its own colour. Also the index of the ``flexible`` field's piece
    (a name: the one to cut when the line is too long), or ``None``."""
    parts: list[Part] = []
    at: int | None = None
    for literal, name, _spec, _conversion in _FIELDS.parse(_(template)):
        if literal:
            parts.append((literal, colour))
        if name is None:
            continue
        value, ink = fields[name]
        if name == flexible and at is None:
            at = len(parts)
        parts.append((value, ink))
    return parts, at
