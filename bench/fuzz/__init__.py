"""A fuzzer that plays the games through the real bot in SimCord, knowing only what is on screen.

Shared by the CI test (``tests/bench/test_fuzz.py``, one fixed seed per game) and the soak
(``python -m bench --only fuzz``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any

import bot.tell.service
from bench.fuzz.checks import ErrorLog
from bench.fuzz.imagetext import ImageText
from bench.fuzz.runner import SEATS, Fuzzer, FuzzFailure, Stats

__all__ = ["SEATS", "FuzzFailure", "Fuzzer", "Stats", "fuzz_games"]


async def fuzz_games(
    env: Any,
    make_bot: Callable[[], Any],
    slug: str,
    *,
    seed: int,
    budget: int,
    games: int = 1,
    clicks: int | None = None,
    seats: int | None = None,
    strict: bool = True,
    after_game: Callable[[Stats], None] | None = None,
) -> Stats:
    """Play ``games`` games (or as many as it takes to make ``clicks`` clicks) of ``slug``, each
    within ``budget`` steps, with every check after every step; ``after_game`` sees the running
    figures after each game (a soak's progress)."""
    with ImageText() as images, ErrorLog() as errors, game_seeds(seed):
        fuzzer = Fuzzer(env, make_bot, seed, strict=strict, images=images, errors=errors)
        played = 0
        while (played < games) if clicks is None else (fuzzer.stats.clicks < clicks):
            await fuzzer.play(slug, budget, seats)
            played += 1
            if after_game is not None:
                after_game(fuzzer.stats)
        return fuzzer.stats


@contextmanager
def game_seeds(seed: int) -> Iterator[None]:
    """Games dealt from seeds drawn from ``seed`` (the bot draws them with ``secrets``), so a
    fuzz run can be played again."""
    drawn = random.Random(seed)
    saved = bot.tell.service.secrets
    bot.tell.service.secrets = SimpleNamespace(randbits=drawn.getrandbits)  # type: ignore[assignment]
    try:
        yield
    finally:
        bot.tell.service.secrets = saved
