"""Names and constants shared by the Star Gazers rules, views, bot and simulator.

State layout (a JSON dict; see ``flow.new_game``)::

    game, seats, rng, phase, decision, round, pick, first
    stacks: [[tile id] x 8]     face-down stacks still to deal (secret order)
    bag: [token id]             Galaxy tokens still in the bag (secret order)
    universe: [None | {tile, token}] x 8
    centre: {bonus type: token id | None}
    supply: {bonus type: [token id]}
    decks: {"I"|"II"|"III": [card id]} (index 0 is the face-up top)
    shown: {"I"|"II"|"III": card id | None}
    constellations: [card id, card id]
    players: [Player]           see ``new_player``
    dealt, kept                 the journal phase (secret)
    boxed: [token id]           tokens discarded during the game
    turn: None | {seat, picked, queue, work}   the active seat's draft (secret until confirmed)
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from bot.games.star_gazers.components import RESERVE_SPACES, SHUTTLE_SPACES
from bot.i18n.msg import N_

SLUG = "star-gazers"
TITLE = N_("Star Gazers")
MIN_SEATS, MAX_SEATS = 2, 4
UNIVERSE_SQUARES = 8
PICKS_PER_ROUND = UNIVERSE_SQUARES
MURAL_CELLS = 16


class Phase(StrEnum):
    JOURNAL = "journal"
    DRAFT = "draft"
    OVER = "over"


class Step(StrEnum):
    """What the head of a turn's queue asks for."""

    CHOOSE = "choose"  # pick a Circle or Hex bonus from the centre (last pick of a round)
    TILE = "tile"
    TOKEN = "token"
    EFFECT = "effect"  # a Space Shuttle bonus being resolved


def rounds_for(seats: int) -> int:
    return 2 * seats


def new_player() -> dict[str, Any]:
    """One seat's boards: the Mural (tiles, circular tokens, what Black Holes cover), Reserve,
    Shuttle spaces, Journal cards and the tokens it had to discard."""
    return {
        "tiles": [None] * MURAL_CELLS,  # None | {"id", "rot", "hex": [token id]}
        "tokens": [None] * MURAL_CELLS,  # circular token on top of each square
        "under": [None] * MURAL_CELLS,  # the token a Black Hole covers
        "reserve": [],  # up to RESERVE_SPACES token ids
        "shuttles": [None] * SHUTTLE_SPACES,
        "journal": [],
        "discarded": [],
    }


def picker(state: dict[str, Any], pick: int | None = None) -> int:
    """The seat making pick ``pick`` (0-based) of the round: clockwise from the first player."""
    pick = state["pick"] if pick is None else pick
    return (state["first"] + pick) % state["seats"]


def reserve_full(player: dict[str, Any]) -> bool:
    return len(player["reserve"]) >= RESERVE_SPACES


def square_name(cell: int) -> str:
    """``A1`` is the top-left square, ``D4`` the bottom right (column letter, row number)."""
    return "ABCD"[cell % 4] + str(cell // 4 + 1)


KIND_NAMES = {
    "shuttle": N_("Space Shuttle"),
    "photo": N_("Photo Opportunity"),
    "black_hole": N_("Black Hole"),
    "star": N_("Star"),
    "sun": N_("Sun"),
    "meteor": N_("Meteor"),
    "moon": N_("Moon"),
    "comet": N_("Comet"),
    "station": N_("Space Station"),
}
