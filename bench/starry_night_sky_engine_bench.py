"""Starry Night Sky engine figures: random self-play games per second per player count, and the
costs a Discord turn pays (a seat view with every legal option, one bot decision).

``run(quick)`` returns a markdown section; the lead wires it into ``bench/__main__``.
"""

from __future__ import annotations

import time

from bench.stats import table
from bot.games.base import State
from bot.games.rng import Rng
from bot.games.self_play import bot_action
from bot.games.starry_night_sky import StarryNightSky
from bot.games.starry_night_sky.simulate import play_game, play_random_game

SEAT_COUNTS = (2, 3, 4)


def _random_games(games: int) -> list[list[str]]:
    rows = []
    for seats in SEAT_COUNTS:
        actions = rounds = 0
        began = time.perf_counter()
        for g in range(games):
            state, log = play_random_game(seats, 7_000 + g, g)
            actions += len(log)
            rounds += state["round"]
        seconds = time.perf_counter() - began
        rows.append(
            [
                str(seats),
                str(games),
                f"{games / seconds:.0f}",
                f"{actions / games:.0f}",
                f"{rounds / games:.1f}",
                f"{seconds / actions * 1e6:.0f}",
            ]
        )
    return rows


def _bot_games(games: int) -> list[list[str]]:
    rows = []
    for seats in SEAT_COUNTS:
        began = time.perf_counter()
        totals = []
        for g in range(games):
            state, _ = play_game(seats, 9_000 + g, g, [bot_action] * seats)
            totals += [
                p["score"]["discovery"] + p["score"]["stars"] + p["score"]["goals"] for p in state["players"]
            ]
        seconds = time.perf_counter() - began
        rows.append([str(seats), str(games), f"{games / seconds:.0f}", f"{sum(totals) / len(totals):.1f}"])
    return rows


def _turn_costs(samples: int) -> list[list[str]]:
    """Mean cost of the calls one panel refresh makes, over positions from real games."""
    game = StarryNightSky()
    states: list[State] = []
    for g in range(max(1, samples // 40)):
        state = game.setup(4, {}, 100 + g)
        rng = Rng(g)
        while state["phase"] == "play" and len(states) < samples:
            states.append(state)
            seat = state["current"]
            action = game.bot_action(state, seat, rng)
            assert action is not None  # the seat whose turn it is always has a move
            state = game.apply(state, seat, action).state
    rows = []
    for label, call in (
        ("view(state, seat)", lambda s: game.view(s, s["current"])),
        ("view(state, None)", lambda s: game.view(s, None)),
        ("legal_actions", lambda s: game.legal_actions(s, s["current"])),
        ("bot_action", lambda s: game.bot_action(s, s["current"], Rng(1))),
    ):
        began = time.perf_counter()
        for state in states:
            call(state)
        rows.append([label, str(len(states)), f"{(time.perf_counter() - began) / len(states) * 1e6:.0f}"])
    return rows


def run(quick: bool) -> str:
    games = 40 if quick else 400
    parts = [
        "## Starry Night Sky engine\n",
        "Random self-play (seeded, one core):\n",
        table(
            ["players", "games", "games/s", "actions/game", "rounds/game", "µs/action"], _random_games(games)
        ),
        "\nBot self-play (heuristic bot in every seat):\n",
        table(["players", "games", "games/s", "mean score before myths"], _bot_games(games // 4)),
        "\nPer-call cost on 4-player positions:\n",
        table(["call", "positions", "µs/call"], _turn_costs(200 if quick else 1_000)),
    ]
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    print(run(quick=True))
