"""Speed presets: quick, normal and relaxed, for live tables and for paced games.

A host picks a speed, not a number: at a live table the speed sets the step timer around the
game's own (``Game.live_timer``: half as long, the game's, twice as long, each the nearest timer
the lobby offers), in a paced game the time each player has per move. An exact timer or pace
(``/play timer``, ``/play pace``) stays possible; the lobby then says the value itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import NP_

SPEED = "speed"  # the gettext context of the speed names
SPEEDS = {
    "quick": NP_("speed", "quick"),
    "normal": NP_("speed", "normal"),
    "relaxed": NP_("speed", "relaxed"),
}
LIVE_FACTORS = {"quick": 0.5, "normal": 1.0, "relaxed": 2.0}
PACED = {"quick": 12 * 3600, "normal": 24 * 3600, "relaxed": 72 * 3600}
"""Seconds per move of each paced speed."""


def live_presets(default: int, offered: Iterable[int]) -> dict[str, int]:
    """Each speed's step timer for a game whose own is ``default``: the offered timer nearest
    to ``default`` times the speed's factor (the longer one on a tie)."""
    choices = sorted(value for value in offered if value > 0)
    return {
        name: min(choices, key=lambda value: (abs(value - default * factor), -value))
        for name, factor in LIVE_FACTORS.items()
    }


def speed_of(presets: dict[str, int], seconds: int) -> str | None:
    """The speed whose timer or pace is ``seconds`` (normal first, where a short game timer gives
    two speeds one value); ``None`` for an exact value of the host's."""
    names = sorted(presets, key=lambda name: name != "normal")
    return next((name for name in names if presets[name] == seconds), None)
