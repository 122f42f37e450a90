"""Observatory engine figures: random games per second, the placement finder's worst case, bot speed.

The placement finder is the costliest rule: it runs for every goal whenever a sheet changes.
Its worst case is a map with every cell plotted (every anchor fits every figure) and drawn
constellations to test for touching; it is timed with its cache cleared on every run.
"""

from __future__ import annotations

import time

from bench.stats import Summary, table
from bot.games.base import Action, State
from bot.games.observatory import Observatory
from bot.games.observatory import sheet as sh
from bot.games.observatory.components import load_cards
from bot.games.observatory.geometry import _find
from bot.games.observatory.model import SIZE
from bot.games.observatory.simulate import play_game, play_random_game
from bot.games.rng import Rng


def _random_games(games: int) -> list[list[str]]:
    rows = []
    for seats in range(1, 6):
        actions, start = 0, time.perf_counter()
        for i in range(games):
            _, log = play_random_game(seats, 500 + i, 900 + i)
            actions += len(log)
        seconds = time.perf_counter() - start
        rows.append(
            [
                str(seats),
                str(games),
                f"{games / seconds:.1f}",
                f"{actions / games:.0f}",
                f"{seconds / actions * 1e6:.0f}",
            ]
        )
    return rows


def _worst_sheet(constellations: int) -> sh.Sheet:
    sheet = sh.new_sheet()
    sheet["stars"] = list(range(SIZE * SIZE))
    sheet["goals"] = [c.id for c in sorted(load_cards().values(), key=lambda c: -len(c.stars))[:4]]
    drawn = []
    for k in range(constellations):  # short diagonals spread over the map
        a = (k * 2 % SIZE) * SIZE + (k * 5) % (SIZE - 1)
        drawn.append({"card": f"X{k}", "cells": [a, a + SIZE + 1], "segments": [[a, a + SIZE + 1]]})
    sheet["constellations"] = drawn
    return sheet


def _finder(runs: int) -> list[list[str]]:
    rows = []
    for constellations in (0, 6, 12):
        sheet = _worst_sheet(constellations)
        samples = []
        for _ in range(runs):
            _find.cache_clear()
            start = time.perf_counter()
            found = sh.placements(sheet)
            samples.append(time.perf_counter() - start)
        s = Summary.of(samples)
        rows.append(
            [
                f"144 stars, {constellations} drawn",
                str(sum(len(v) for v in found.values())),
                f"{s.median_ms:.1f}",
                f"{s.p95_ms:.1f}",
            ]
        )
    return rows


def _bot(games: int) -> list[list[str]]:
    calls, seconds = 0, 0.0

    def timed(g: Observatory, state: State, seat: int, rng: Rng) -> Action:
        nonlocal calls, seconds
        start = time.perf_counter()
        action = g.bot_action(state, seat, rng)
        seconds += time.perf_counter() - start
        calls += 1
        assert action is not None  # asked only for a seat that acts
        return action

    start = time.perf_counter()
    for i in range(games):
        play_game(3, 700 + i, 800 + i, [timed] * 3)
    total = time.perf_counter() - start
    return [["3 bots", str(games), f"{games / total:.2f}", f"{seconds / calls * 1000:.2f}"]]


def run(quick: bool = False) -> str:
    games = 5 if quick else 60
    parts = [
        "### Observatory engine\n",
        "Random self-play (seeded, one core)\n",
        table(["seats", "games", "games/s", "actions/game", "µs/action"], _random_games(games)),
        "\nPlacement finder, worst case (4 largest goals, every cell plotted, cache cleared)\n",
        table(["sheet", "placements", "median ms", "p95 ms"], _finder(5 if quick else 40)),
        "\nHeuristic bot\n",
        table(["players", "games", "games/s", "ms per bot move"], _bot(2 if quick else 10)),
    ]
    return "\n".join(parts)


if __name__ == "__main__":
    print(run(quick=True))
