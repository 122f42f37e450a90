"""Constants and small helpers shared by the turn logic, goals, views and the bot."""

from __future__ import annotations

from typing import Any

from bot.games.starry_night_sky.components import COLOURS, load_map
from bot.i18n.msg import N_

SLUG = "starry-night-sky"
TITLE = N_("Starry Night Sky")
MIN_SEATS, MAX_SEATS = 2, 4
POOLS = 3
POOL_CAP = 4
MAX_GOALS = 3
MYTHS_EACH = 3
DAWN_MARKERS = 4
DAWN_POINTS = 3
# Night Track values by space (1-5 score 1, 6-12 score 2, 13-20 score 3) and how far it is filled.
NIGHT_TRACK = (1,) * 5 + (2,) * 7 + (3,) * 8
NIGHT_FILL = {2: 12, 3: 16, 4: 20}


def empty_counts() -> dict[str, int]:
    return {c: 0 for c in COLOURS}


def counts(stars: list[str]) -> dict[str, int]:
    """How many stars of each colour a list holds."""
    out = empty_counts()
    for star in stars:
        out[star] += 1
    return out


def empty_spots(state: dict[str, Any], cid: str) -> dict[str, int]:
    """Empty spots of a constellation by colour."""
    spots = load_map().constellations[cid].spots
    out = empty_counts()
    for colour, filled in zip(spots, state["board"][cid]["filled"], strict=True):
        if not filled:
            out[colour] += 1
    return out


def is_mapped(state: dict[str, Any], cid: str) -> bool:
    return all(state["board"][cid]["filled"])


def is_bare(state: dict[str, Any], cid: str) -> bool:
    return not any(state["board"][cid]["filled"])


def name(cid: str) -> str:
    """The constellation's English name, as data (sentences use ``phrases.place``, translated)."""
    return load_map().constellations[cid].name
