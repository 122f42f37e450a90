"""Starry Night Sky: gather stars, steer a telescope across the sky and map constellations."""

from bot.games.starry_night_sky.engine import StarryNightSky

GAME = StarryNightSky()

__all__ = ["GAME", "StarryNightSky"]
