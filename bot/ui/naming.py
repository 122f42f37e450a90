"""Which game a private message belongs to, said on it: a player with several games going finds
panels and retired copies of all of them in one DM, so each one names its game (title and number).
"""

from __future__ import annotations

from bot.games import get_game
from bot.i18n import _
from bot.ui.outgoing import Outgoing


def game_label(game: str, game_id: int) -> str:
    """ "A Sky of Stars #12", in the current language."""
    return _("{title} #{id}", title=_(get_game(game).title), id=game_id)


def named(out: Outgoing, game: str, game_id: int) -> Outgoing:
    """``out`` with its game's label heading it: a title that starts with the game's name
    ("A Sky of Stars · Round 2/3") gets the number after it, any other title the label before it."""
    label, title, own = game_label(game, game_id), _(get_game(game).title), out.title or ""
    if own.startswith(label):
        return out
    if own.startswith(title):
        out.title = label + own[len(title) :]
    else:
        out.title = f"{label} · {own}" if own else label
    return out
