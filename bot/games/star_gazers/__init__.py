"""Star Gazers: draft Galaxy tiles and tokens into a 4 x 4 Mural of the night sky."""

from bot.games.star_gazers.engine import StarGazers

GAME = StarGazers()

__all__ = ["GAME", "StarGazers"]
