"""The registry of playable games, keyed by the slug used in `/play game:<slug>`."""

from __future__ import annotations

from bot.games.base import Game


def _load() -> dict[str, Game]:
    from bot.games.observatory import Observatory
    from bot.games.sky_of_stars import SkyOfStars
    from bot.games.star_gazers import StarGazers
    from bot.games.starry_night_sky import StarryNightSky

    games: list[Game] = [SkyOfStars(), Observatory(), StarGazers(), StarryNightSky()]
    return {game.slug: game for game in games}


GAMES: dict[str, Game] = _load()


def get_game(slug: str) -> Game:
    return GAMES[slug]
