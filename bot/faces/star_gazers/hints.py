"""The `/learn` guide's hints for Star Gazers: one per kind of decision, said the first time a
practice player meets it (``bot.tell.guide``)."""

from __future__ import annotations

from bot.games.base import View
from bot.i18n import N_
from bot.ui.presenter import Hint

BONUS_KINDS = ("bonus", "gain", "move_token", "move_tile", "journal")

HINTS = {
    "keep": N_(
        "Two secret Journal cards: keep one. Choose the one whose pictures you expect to meet "
        "often on the Universe board, since you collect them over the whole game."
    ),
    "pick": N_(
        "Pick one square of the Universe board: its tile and its token come together. Judge the "
        "pair: a tile that fits your Mural beats a shiny token on a tile you can't use."
    ),
    "tile": N_(
        "Turn the tile and choose where it goes in your Mural. Line its half planets and half "
        "stars up with the tiles already there, so halves meet and complete."
    ),
    "token": N_(
        "Now the token: put it on your Mural, in your Reserve for later, or on a Shuttle space "
        "for its bonus. The Reserve is a safe spot when no square suits it yet."
    ),
    "bonus": N_(
        "A bonus step: take it when it helps your Mural or your Journal card, or skip it; "
        "nothing here costs you points."
    ),
    "confirm": N_(
        "Everything is placed. Look at the preview once more: Confirm ends your turn, Undo gives "
        "the whole turn back to try another way."
    ),
}


def hint(view: View) -> Hint | None:
    kind = (view.get("choice") or {}).get("kind")
    if kind in BONUS_KINDS:
        kind = "bonus"
    return Hint(kind, HINTS[kind]) if kind in HINTS else None
