"""Star Gazers player-facing words: the rules summary, tokens, tiles, rounds and the Journal."""

from __future__ import annotations

from typing import Any

from bot.faces.star_gazers.art.cards import card_words
from bot.games.base import View

SLUG = "star-gazers"
TITLE = "Star Gazers"
KINDS = {
    "shuttle": "Space Shuttle",
    "photo": "Photo",
    "black_hole": "Black Hole",
    "star": "Star",
    "sun": "Sun",
    "meteor": "Meteor",
    "moon": "Moon",
    "comet": "Comet",
    "station": "Space Station",
}
HALF = {
    "star": "½ Star",
    "wild": "½ any planet",
    "ringed": "½ ringed planet",
    "banded": "½ banded planet",
    "cratered": "½ cratered planet",
    "icy": "½ icy planet",
}
BONUS_WORDS = {
    "gain": "take a bonus token",
    "move_token": "move a token",
    "move_tile": "move a tile",
    "journal": "take a Journal card",
}

RULES = """\
**Star Gazers** (2–4 players, about 40 minutes)
You fill a 4 × 4 Mural of Galaxy tiles, drafting one square of the Universe board per turn.
• At the start you are dealt two secret Journal cards and keep one.
• On your turn take the tile **and** the token of one Universe square, and place both in either \
order. The tile goes on any empty square of your Mural, turned as you like; the token on a square \
without a round token, in your Reserve (two spaces), or, for a Space Shuttle, on a Shuttle space \
of your Journal board for its bonus (a bonus token, move a token, move a tile once, or a new \
Journal card). A Black Hole goes on top of another round token. Reserve tokens can be played at \
any moment of your turn.
• Half Planets and half Stars on tile edges complete when matching halves touch (a wild half \
matches any planet half; two wild halves may never be placed side by side).
• Whoever takes the last square of a round also takes one round and one hexagonal bonus token.
• Nothing is final until you press **Confirm**; **Undo** starts your turn again.
**Points** at the end: photos of different events (1/2/5/8/12), Telescopes on completed Journal \
cards (3 each), Stars placed like a Constellation card (any rotation), 1 per Comet, Meteor, Moon \
and Space Station, 2 per Black Hole and completed Planet. Ties go to the most Telescopes."""


def token_words(token: Any) -> str:
    if not isinstance(token, dict):
        return "nothing"
    name = KINDS.get(token.get("kind"), str(token.get("kind")))
    if token.get("kind") == "photo" and token.get("event"):
        name += f" ({token['event']})"
    return ("bonus " if token.get("bonus") else "") + name


def tile_words(tile: dict[str, Any]) -> str:
    printed = [KINDS.get(i, i) for i in tile.get("icons", [])]
    halves = [HALF.get(e, e) for e in tile.get("edges", []) if e]
    return ", ".join(printed + halves) or "empty tile"


def round_line(view: View) -> str:
    if view["phase"] == "journal":
        return "Setup"
    if view["phase"] == "over":
        return "Game over"
    return f"Round {view['round']}/{view['rounds']} · pick {view['pick']}/{view['picks_per_round']}"



def progress_line(view: View, names: list[str]) -> str:
    """Who must act now: the Journal keepers at setup, else the seat whose turn it is."""
    if view["phase"] == "journal":
        waiting = view["waiting"]
        return f"{view['seats'] - len(waiting)} of {view['seats']} have kept a Journal card"
    if view["phase"] == "over":
        return "Game over"
    return f"{names[view['turn']]} is choosing (nothing is final until they confirm)"


def journal_lines(view: View) -> list[str]:
    cards = view.get("journal") or []
    if not cards:
        return []
    return ["", "**Your Journal** (secret):"] + [
        f"{'✅' if c.get('complete') else '▫️'} {card_words(c)}" for c in cards
    ]


NOT_OFFERED = "That isn't one of the choices your panel offers. Pick one from its menu."
