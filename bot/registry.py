"""The one list of playable games. Adding a game is one name here (see docs/adding-a-game.md).

Each name is a pair by convention: the rules package ``bot.games.<name>`` exports ``GAME`` (a
``Game`` instance) and the Discord face ``bot.faces.<name>`` exports ``PRESENTER``. Names, not
imports, so the rules side (``bot.games.GAMES``) loads without Discord or Pillow. Everything
else derives from this list: ``GAMES``, ``PRESENTERS``, the bot's dynamic items, the ``/play``
and ``/game rules`` choices, and the order in which games are offered.
"""

from __future__ import annotations

GAME_PACKAGES: tuple[str, ...] = (
    "sky_of_stars",
    "observatory",
    "star_gazers",
    "starry_night_sky",
)
