"""The pieces of Observatory's sentences that are names: seats, tracks, cards, and lists of them.

The rules stay language-free: each returns a ``Msg`` (or a plain text that needs no translation,
such as a cell name), so the Discord layer says the whole sentence in its reader's language.
"""

from __future__ import annotations

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
