"""The text file of `/words upload` and `/words list`: one word card a line.

The format (README, "House words"): UTF-8 text; each line is one card, its five words separated
by commas (a semicolon or a tab works too, as spreadsheets export them); spaces around a word are
dropped; empty lines and lines starting with ``#`` are skipped. ``/words list`` attaches the
server's deck in this format, so a manager can download it, edit it and upload it with ``replace``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.games.text import typed
from bot.i18n import _
from bot.storage import HouseCard
from bot.ui.interactions import Refusal

FILE_NAME = "house-words.txt"
MAX_FILE_BYTES = 64 * 1024
"""Far more than the most cards a server keeps (``MAX_HOUSE_CARDS``) take."""
SEPARATORS = re.compile(r"[,;\t]")


def read_cards(data: bytes) -> tuple[list[int], list[list[str]]]:
    """The cards of an uploaded file, with the line number of each (counted from 1)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Refusal(
            _("Nothing was added: the file is not UTF-8 text. Save it as plain text (.txt).")
        ) from None
    lines: list[int] = []
    cards: list[list[str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        lines.append(number)
        cards.append([typed(word) for word in SEPARATORS.split(line)])
    return lines, cards


def as_file(deck: Sequence[HouseCard]) -> bytes:
    """The deck as a file ``read_cards`` reads back: a comment line, then one card a line."""
    head = "# " + _("House words for A Sky of Stars: one card a line, five words separated by commas.")
    return "\n".join([head, *(", ".join(card.words) for card in deck)]).encode() + b"\n"
