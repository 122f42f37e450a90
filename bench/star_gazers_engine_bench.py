"""Star Gazers engine figures: random and bot games per second per player count, scoring time.

``run(quick)`` returns a Markdown section. Games are interleaved over player counts so machine
noise does not land on one count; scoring is timed on finished Murals (one seat's full score
sheet, Journal cards and Constellations included) and on the public view that draws them.
"""

from __future__ import annotations

import time
from typing import Any

from bench.stats import Summary, ms, table
from bot.games.self_play import bot_action
from bot.games.star_gazers import StarGazers
from bot.games.star_gazers.flow import player_breakdown
from bot.games.star_gazers.simulate import Chooser, play_game

SEATS = (2, 3, 4)
GAME = StarGazers()


def _games(count: int, bots: bool) -> dict[int, tuple[float, int, list]]:
    """Per player count: seconds, actions, finished states."""
    out: dict[int, tuple[float, int, list[Any]]] = {s: (0.0, 0, []) for s in SEATS}
    for i in range(count):
        for seats in SEATS:
            seed = 7_000 + i * 10 + seats
            players: list[Chooser] | None = [bot_action] * seats if bots else None
            start = time.perf_counter()
            state, log = play_game(seats, seed, seed + 1, players)
            took = time.perf_counter() - start
            seconds, actions, states = out[seats]
            out[seats] = (seconds + took, actions + len(log), [*states, state])
    return out


def _timings(states: list, repeat: int) -> tuple[Summary, Summary]:
    scoring, views = [], []
    for state in states:
        for _ in range(repeat):
            start = time.perf_counter()
            for player in state["players"]:
                player_breakdown(state, player, True)
            scoring.append((time.perf_counter() - start) / len(state["players"]))
            start = time.perf_counter()
            GAME.view(state, None)
            views.append(time.perf_counter() - start)
    return Summary.of(scoring), Summary.of(views)


def run(quick: bool) -> str:
    count = 5 if quick else 60
    rows = []
    finished = []
    for label, bots in (("random", False), ("bot", True)):
        results = _games(count if not bots else max(2, count // 3), bots)
        for seats in SEATS:
            seconds, actions, states = results[seats]
            finished += states
            games = len(states)
            rows.append(
                [
                    f"{seats} players, {label}",
                    str(games),
                    f"{games / seconds:.1f}",
                    f"{actions / games:.0f}",
                    f"{seconds / actions * 1e6:.0f}",
                ]
            )
    scoring, views = _timings(finished, 1 if quick else 3)
    text = [
        "## Star Gazers engine (seeded self-play, one core)",
        "",
        table(["players, seats played by", "games", "games/s", "actions/game", "µs/action"], rows),
        "",
        table(
            ["end of game", "samples", "median ms", "p95 ms"],
            [
                [
                    "score one seat (Journals, Constellations, icons)",
                    str(scoring.n),
                    ms(scoring.median_ms),
                    ms(scoring.p95_ms),
                ],
                ["public view of a finished game", str(views.n), ms(views.median_ms), ms(views.p95_ms)],
            ],
        ),
    ]
    return "\n".join(text)


if __name__ == "__main__":
    import sys

    print(run("--quick" in sys.argv))
