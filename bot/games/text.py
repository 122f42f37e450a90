"""Text a member types, read the way it looks.

Discord lets anyone type any Unicode: a full-width ``１２:００``, a ``ｔｅａｐｏｔ``, a Cyrillic ``а``
inside a Latin word. ``typed`` applies Unicode's compatibility normalisation (NFKC) first, so
what is checked is what a reader sees: full-width and styled letters and digits become plain ones.
``skeleton`` goes further for comparing (UTS #39, "Unicode Security Mechanisms"): two texts whose
skeletons are equal look alike, so a house word "teаpot" (Cyrillic а) duplicates "teapot".

The confusables data is Unicode's own ``confusables.txt``, as the ``confusable_homoglyphs``
package ships and updates it. That package keeps each pair both ways (source and prototype
alike); ``_prototypes`` reads the direction back (a source has one prototype, a prototype many
sources) to compute the skeleton: NFD, each character to its prototype, NFD again.
"""

from __future__ import annotations

import unicodedata
from functools import cache

_BIDI_MARKS = "\u200e\u200f"  # the data wraps right-to-left characters in them for display


def typed(text: str) -> str:
    """``text`` in NFKC, with its runs of whitespace made single spaces and its ends trimmed."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype (the one character, or few, it is taken for)."""
    from confusable_homoglyphs.confusables import confusables_data  # 1 MB of JSON: on first use

    neighbours = {
        key.strip(_BIDI_MARKS): [entry["c"].strip(_BIDI_MARKS) for entry in entries]
        for key, entries in confusables_data.items()
    }
    found: dict[str, str] = {}
    for char, linked in neighbours.items():
        if len(char) != 1 or len(linked) != 1:
            continue  # a prototype (several sources look like it), or a sequence
        other = linked[0]
        if len(other) > 1 or len(neighbours.get(other, ())) > 1:
            found[char] = other  # a source: its one prototype
        else:  # a pair of single characters, either of which may be the prototype: one for both
            found[char] = min(char, other)
    return found


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: equal for texts that look alike (``typed`` and case
    folding first, so case and width don't count either)."""
    prototypes = _prototypes()
    folded = unicodedata.normalize("NFD", typed(text).casefold())
    return unicodedata.normalize("NFD", "".join(prototypes.get(char, char) for char in folded))
