"""A Sky of Stars: draw a secret word in stars chosen by the die, then guess each other's."""

from __future__ import annotations

from bot.games.sky_of_stars.engine import SkyOfStars

GAME = SkyOfStars()

__all__ = ["GAME", "SkyOfStars"]
