"""Measured game lengths: seeded bot self-play of every title at every seat count.

``python -m bench.game_lengths`` plays ``GAMES`` whole games per title and seat count with the
games' own bot players in every seat (seeds 0, 1, 2, …, the same every run) and writes what each
game took to ``bot/core/lengths.json``, which the lobby's length estimate reads
(``bot.core.lengths``; docs/game-length.md says how). The bot players stand in for people: they
make every decision a table makes, so the count of decisions is the table's, while how long
people think is the estimate's assumption, not a measurement.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from bot.core.lengths import DATA, MEASURES
from bot.games import GAMES, get_game
from bot.games.base import Game
from bot.games.rng import Rng

GAMES_PER_COUNT = 30
MAX_ACTIONS = 20_000  # every game ends far sooner; a bug must not hang the measurement
TIMEOUT = {"kind": "timeout"}


def measure_game(game: Game, seats: int, seed: int) -> dict[str, Any]:
    """One seeded game with the bot in every seat: its decisions and how they were timed.

    A *step* is a decision under the table's clock (the live step timer or the pace); ``waiting``
    counts the steps by how many seats owe them. A *timed* decision runs on the game's own
    countdown (A Sky of Stars' guessing), a *pause* is a countdown nobody acts in (a reveal);
    their seconds are the game's defaults.
    """
    state = game.setup(seats, game.validate_options({}), seed)
    rng = Rng(seed ^ 0xC0FFEE)
    found: dict[str, Any] = {"steps": 0, "waiting": {}, "timed": 0, "timed_waiting": {}}
    found |= {"timed_seconds": 0.0, "pauses": 0, "pause_seconds": 0.0}
    decision = None
    for _ in range(MAX_ACTIONS):
        if game.is_over(state):
            break
        if game.decision_id(state) != decision:
            decision = game.decision_id(state)
            waiting, countdown = len(game.to_act(state)), game.countdown(state)
            if waiting:
                kind = "steps" if countdown is None else "timed"
                found[kind] += 1
                by = found["waiting" if countdown is None else "timed_waiting"]
                by[str(waiting)] = by.get(str(waiting), 0) + 1
                found["timed_seconds"] += float(countdown or 0)
            elif countdown is not None:
                found["pauses"] += 1
                found["pause_seconds"] += float(countdown)
        seat, action = _bot_move(game, state, rng)
        state = game.apply(state, seat, action).state
    else:
        raise RuntimeError(f"{game.slug} with {seats} seats (seed {seed}) did not end")
    return found


def _bot_move(game: Game, state: Any, rng: Rng) -> tuple[int | None, Any]:
    """The bot's move for the first seat it has one for, else the countdown runs out."""
    for seat in game.to_act(state):
        action = game.bot_action(state, seat, rng)
        if action is not None:
            return seat, action
    return None, TIMEOUT


def measure(slug: str, seats: int, games: int) -> dict[str, list[Any]]:
    """``games`` seeded games (seeds ``0 … games - 1``), one list per measure."""
    game = get_game(slug)
    played = [measure_game(game, seats, seed) for seed in range(games)]
    return {name: [one[name] for one in played] for name in MEASURES}


def measure_all(games: int = GAMES_PER_COUNT) -> dict[str, Any]:
    """Every title at every seat count, in the shape ``bot/core/lengths.json`` keeps."""
    return {
        "games": games,
        "titles": {
            slug: {
                str(seats): measure(slug, seats, games) for seats in range(game.min_seats, game.max_seats + 1)
            }
            for slug, game in GAMES.items()
        },
    }


def dumps(data: dict[str, Any]) -> str:
    """The measurements as JSON with one line per title, seat count and measure (short diffs)."""
    lines = ["{", f' "games": {data["games"]},', ' "titles": {']
    titles = list(data["titles"].items())
    for t, (slug, counts) in enumerate(titles):
        lines.append(f"  {json.dumps(slug)}: {{")
        for c, (seats, measures) in enumerate(counts.items()):
            lines.append(f"   {json.dumps(seats)}: {{")
            rows = [
                f"    {json.dumps(name)}: {json.dumps(values, sort_keys=True)}"
                for name, values in measures.items()
            ]
            lines.append(",\n".join(rows))
            lines.append("   }" + ("," if c < len(counts) - 1 else ""))
        lines.append("  }" + ("," if t < len(titles) - 1 else ""))
    lines += [" }", "}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES_PER_COUNT, help="games per title and seat count")
    parser.add_argument("--out", type=Path, default=DATA, help="where to write the measurements")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    data = measure_all(args.games)
    args.out.write_text(dumps(data), encoding="utf-8")
    print(f"wrote {args.out} ({args.games} games a seat count) in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
