"""The pieces of Star Gazers' sentences: seats, tokens, bonus words and lists of them.

The rules stay language-free: each returns a ``Msg`` (or a text that needs no translation, such
as a seat placeholder), so the Discord layer says the whole sentence in its reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.star_gazers.components import catalog
from bot.games.star_gazers.model import KIND_NAMES
from bot.i18n.msg import M_, N_, Msg, from_stored

# i18n: a Galaxy token with its article, as it is named in a turn's summary ("put a Moon on B2")
TOKEN_NAMES = {
    "shuttle": N_("a Space Shuttle"),
    "black_hole": N_("a Black Hole"),
    "star": N_("a Star"),
    "sun": N_("a Sun"),
    "meteor": N_("a Meteor"),
    "moon": N_("a Moon"),
    "comet": N_("a Comet"),
    "station": N_("a Space Station"),
}
EVENT_NAMES = {
    "eclipse": N_("eclipse"),
    "aurora": N_("aurora"),
    "nebula": N_("nebula"),
    "supernova": N_("supernova"),
    "transit": N_("transit"),
}
# i18n: what a Shuttle space gives, in "flew a Space Shuttle (bonus: move token)"
SHUTTLE_BONUS_NAMES = {
    "gain": N_("gain"),
    "move_token": N_("move token"),
    "move_tile": N_("move tile"),
    "journal": N_("journal"),
}


def kind_name(kind: str) -> Msg:
    """A Bonus token's type ("Moon") as the rules name it."""
    return Msg(KIND_NAMES.get(kind, kind))


def token_name(ident: str) -> Msg:
    """A token with its article: "a Moon", "a Photo Opportunity (eclipse)"."""
    info = catalog().tokens[ident]
    if info.kind == "photo":
        event = Msg(EVENT_NAMES.get(info.event or "", info.event or ""))
        return M_("a Photo Opportunity ({event})", event=event)
    return Msg(TOKEN_NAMES.get(info.kind, info.kind))


def shuttle_bonus_name(bonus: str) -> Msg:
    return Msg(SHUTTLE_BONUS_NAMES.get(bonus, bonus.replace("_", " ")))


def stored_notes(notes: Sequence[Any]) -> list[str]:
    """A turn's notes back from the state (stored as dicts; old states hold English strings)."""
    return [from_stored(note) for note in notes]
