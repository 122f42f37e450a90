"""The one list of playable games. Adding a game is one entry here (see docs/adding-a-game.md).

An entry names a game's two modules: the pure rules module, which exports ``GAME`` (a ``Game``
instance), and the Discord face module, which exports ``PRESENTER``. Module names, not imports,
so the rules side (``bot.games.GAMES``) loads without Discord or Pillow. Everything else derives
from this list: ``GAMES``, ``PRESENTERS``, the bot's dynamic items, the ``/play`` and
``/game rules`` choices and options, the translation catalogs, and the order games are offered in.

``ASTROLABE_EXTRA_GAMES`` adds entries kept outside ``bot/`` (the test suite's toy game): a
comma-separated list of ``name=rules.module:face.module``, read once when this module is imported.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

EXTRA_GAMES_VARIABLE = "ASTROLABE_EXTRA_GAMES"


@dataclass(frozen=True)
class GameEntry:
    """One game: ``name`` is its catalog domain, ``rules`` and ``face`` its modules."""

    name: str
    rules: str
    face: str

    @classmethod
    def builtin(cls, name: str) -> GameEntry:
        """A game shipped with the bot: ``bot/games/<name>`` and ``bot/faces/<name>``."""
        return cls(name, f"bot.games.{name}", f"bot.faces.{name}")

    @classmethod
    def parse(cls, text: str) -> GameEntry:
        """``name=rules.module:face.module`` (one item of ``ASTROLABE_EXTRA_GAMES``)."""
        name, sep, modules = text.strip().partition("=")
        rules, colon, face = modules.partition(":")
        if not (sep and colon and name.isidentifier() and rules and face):
            raise ValueError(f"{EXTRA_GAMES_VARIABLE}: expected name=rules.module:face.module, got {text!r}")
        return cls(name, rules, face)


BUILTIN_GAMES: tuple[GameEntry, ...] = tuple(
    GameEntry.builtin(name) for name in ("sky_of_stars", "observatory", "star_gazers", "starry_night_sky")
)


def extra_games(text: str) -> tuple[GameEntry, ...]:
    return tuple(GameEntry.parse(item) for item in text.split(",") if item.strip())


GAME_ENTRIES: tuple[GameEntry, ...] = BUILTIN_GAMES + extra_games(os.environ.get(EXTRA_GAMES_VARIABLE, ""))
