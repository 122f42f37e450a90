"""The pieces of Observatory's sentences that are names: seats, tracks, cards, and lists of them.

The rules stay language-free: each returns a ``Msg`` (or a plain text that needs no translation,
such as a cell name), so the Discord layer says the whole sentence in its reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.observatory.components import card
from bot.i18n.msg import M_, N_, Msg

TRACK_NAMES = {
    "lens": N_("Lens"),
    "drive": N_("Drive"),
    "finder": N_("Finder"),
    "filter": N_("Filter"),
    "funding": N_("Funding"),
}


def track_name(track: str) -> Msg:
    """A Research track's name ("Lens"), translated where it is read."""
    return Msg(TRACK_NAMES.get(track, track.title()))


def card_name(card_id: str) -> Msg:
    """A Constellation card's name (listed for the catalog by the face's ``words.catalog_texts``)."""
    return Msg(card(card_id).name)


def space_name(track: str, space: int) -> Msg:
    # i18n: a Research space: the track's name, then the number printed in the space ("Lens 3")
    return M_("{track} {space}", track=track_name(track), space=space)


def listed(items: Sequence[str], separator: str = ", ") -> str:
    """``items`` joined by ``separator`` (", ", "; " or " "), each item still translatable."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    rest = listed(items[1:], separator)
    if separator == "; ":
        # i18n: two parts of a list of what a player did, joined by a semicolon
        return M_("{first}; {rest}", first=items[0], rest=rest)
    if separator == " ":
        # i18n: two sentences, one after the other
        return M_("{first} {rest}", first=items[0], rest=rest)
    # i18n: two items of a list, joined by a comma
    return M_("{first}, {rest}", first=items[0], rest=rest)
