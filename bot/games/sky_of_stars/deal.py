"""The opening: a shuffled deck of cards, empty vaults, and the state's shape for the whole game.

Runs once, before any step; round 1 then begins as every later round does (``flow.begin_round``).
"""

from __future__ import annotations

from typing import Any

from bot.games.base import State
from bot.games.rng import Rng
from bot.games.sky_of_stars.flow import begin_round
from bot.games.sky_of_stars.house import dealt_cards
from bot.games.sky_of_stars.model import SLUG, Phase, empty_constellation


def new_game(seats: int, options: dict[str, Any], seed: int) -> State:
    """A shuffled deck, empty vaults, and round 1 already under way.

    The contract's ``setup`` returns no events, so round 1's opening sentence is dropped here;
    everything it says (the card) is in the view.
    """
    rng = Rng(seed)
    deck = list(range(len(dealt_cards(options))))
    rng.shuffle(deck)
    state: State = {
        "game": SLUG,
        "seats": seats,
        "options": dict(options),
        "rng": rng.state,
        "seed": seed,  # shown only once the game is over, so anyone can replay it
        "deck": deck,
        "round": 0,
        "phase": Phase.START.value,
        "decision": 0,
        "numbers": [],
        "roll": None,
        "stop_by": None,
        "waiting": [],
        "locked": [],
        "skipped": [],
        "late": [],
        "pending": [None] * seats,
        "guess": None,
        "vaults": [{"cancelled": [], "current": empty_constellation(), "past": []} for _ in range(seats)],
        "reveals": [],
        "scores": [{"rounds": []} for _ in range(seats)],
    }
    begin_round(state, [])
    return state
