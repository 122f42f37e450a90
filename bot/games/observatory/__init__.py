"""Observatory: plot stars with shared dice rolls and complete constellations on your own map."""

from bot.games.observatory.engine import Observatory

GAME = Observatory()

__all__ = ["GAME", "Observatory"]
