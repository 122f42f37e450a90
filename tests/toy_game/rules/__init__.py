"""High Card, a toy game kept in the tests: it proves a game registered from outside ``bot/`` (see
``bot.registry``) runs through the whole platform. Rules only, pure like every game's."""

from __future__ import annotations

from tests.toy_game.rules.engine import HighCard

GAME = HighCard()
