"""The playable games' rules, keyed by the slug used in `/play game:<slug>`, in the order of
``bot.registry.GAME_ENTRIES`` (each rules module exports its ``GAME``)."""

from __future__ import annotations

import importlib

from bot.games.base import Game
from bot.registry import GAME_ENTRIES


def _load() -> dict[str, Game]:
    games: list[Game] = [importlib.import_module(entry.rules).GAME for entry in GAME_ENTRIES]
    return {game.slug: game for game in games}


GAMES: dict[str, Game] = _load()


def get_game(slug: str) -> Game:
    return GAMES[slug]
