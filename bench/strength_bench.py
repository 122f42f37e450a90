"""How strong each title's bot is: ``python -m bench --only strength``.

A practice table (`/learn`) is only as good as the bots a newcomer plays against, and a seat
handed to the bot should not lose the game for its player. Per title, the bot plays seeded games
against the game's own random player and against a one-move greedy player (each legal move scored
by the engine's own scoring, ``outcome_of`` of the state it leads to, the best taken, ties at
random; it never undoes). The bot's seat rotates over the games, so no seat's advantage counts
for it. A win shared by k seats counts 1/k, so the fair share is 1/seats. Also the median and
99th percentile of the bot's own decision time (its ``bot_action`` call).

Pure rules: no Discord, no storage, seeded, so two runs on the same code give the same rates.
"""

from __future__ import annotations

import importlib
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.games import GAMES
from bot.games.base import Action, Game, State
from bot.games.rng import Rng

Player = Callable[[Game, State, int, Rng], Action]

SEATS = {"sky-of-stars": 3, "observatory": 2, "star-gazers": 2, "starry-night-sky": 2}
"""Seats per table: heads-up where the game allows it, A Sky of Stars' smallest table else."""
MAX_ACTIONS = 20_000
SKY_STOP_CHANCE = 0.1  # the random player's STOP, as ``sky_of_stars.simulate.random_move`` calls it


def _scoring(slug: str) -> Callable[[State], Any]:
    """The engine's own scoring of a state, finished or not (each rules package's ``outcome_of``)."""
    modules = {
        "observatory": "bot.games.observatory.scoring",
        "sky-of-stars": "bot.games.sky_of_stars.results",
        "star-gazers": "bot.games.star_gazers.flow",
        "starry-night-sky": "bot.games.starry_night_sky.scoring",
    }
    return importlib.import_module(modules[slug]).outcome_of


def random_player(slug: str) -> Player:
    """The game's own random player (its ``simulate`` module's)."""
    if slug == "sky-of-stars":
        return _sky_random
    package = slug.replace("-", "_")
    return importlib.import_module(f"bot.games.{package}.simulate").random_action


def _sky_random(game: Game, state: State, seat: int, rng: Rng) -> Action:
    """A Sky of Stars' random player for one seat: STOP now and then while drawing, else any
    legal move (as ``simulate.random_move`` plays, less its system timeouts)."""
    legal = game.legal_actions(state, seat)
    stops = [a for a in legal if a["kind"] == "stop"]
    if stops and rng.random() < SKY_STOP_CHANCE:
        return stops[0]
    return rng.choice([a for a in legal if a["kind"] != "stop"] or legal)


def greedy_player(slug: str) -> Player:
    score = _scoring(slug)

    def greedy(game: Game, state: State, seat: int, rng: Rng) -> Action:
        legal = [a for a in game.legal_actions(state, seat) if a.get("kind") != "undo"]
        best: list[Action] = []
        top: float | None = None
        for action in legal:
            value = score(game.apply(state, seat, action).state).scores[seat]
            if top is None or value > top:
                best, top = [action], value
            elif value == top:
                best.append(action)
        return rng.choice(best or game.legal_actions(state, seat))

    return greedy


@dataclass
class Matchup:
    """The bot's games against one kind of opponent."""

    games: int = 0
    share: float = 0.0  # wins, a shared one counted 1/k
    outright: int = 0
    decisions: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.share / self.games if self.games else 0.0


def play(slug: str, opponent: Player, seats: int, seed: int, bot_seat: int, times: list[float]) -> list[int]:
    """One seeded game, the bot at ``bot_seat``: its winners. A seat the rules wait for acts
    (one picked at random when several do); with nobody to wait for, the game's countdown
    (A Sky of Stars' guessing and reveal pauses) runs out."""
    game = GAMES[slug]
    rng = Rng(seed * 7919 + 1)
    state = game.setup(seats, {}, seed)
    for _ in range(MAX_ACTIONS):
        if game.is_over(state):
            outcome = game.outcome(state)
            assert outcome is not None
            return outcome.winners
        acting = game.to_act(state)
        if not acting:
            state = game.apply(state, None, {"kind": "timeout"}).state
            continue
        seat = rng.choice(acting)
        if seat == bot_seat:
            began = time.perf_counter()
            action = game.bot_action(state, seat, rng)
            times.append(time.perf_counter() - began)
            if action is None:
                raise AssertionError(f"{slug}: the bot has no move at seat {seat}")
        else:
            action = opponent(game, state, seat, rng)
        state = game.apply(state, seat, action).state
    raise RuntimeError(f"{slug}: game {seed} did not finish within {MAX_ACTIONS} actions")


def matchup(slug: str, opponent: Player, games: int, seats: int) -> Matchup:
    found = Matchup()
    for seed in range(1, games + 1):
        bot_seat = seed % seats
        winners = play(slug, opponent, seats, seed, bot_seat, found.decisions)
        found.games += 1
        if bot_seat in winners:
            found.share += 1 / len(winners)
            found.outright += len(winners) == 1
    return found


def run(games: int, titles: tuple[str, ...] = ()) -> dict[str, dict[str, Any]]:
    results: dict[str, dict[str, Any]] = {}
    for slug in titles or tuple(SEATS):
        seats = SEATS[slug]
        results[slug] = {
            "seats": seats,
            "random": matchup(slug, random_player(slug), games, seats),
            "greedy": matchup(slug, greedy_player(slug), games, seats),
        }
    return results


def _ms(values: list[float], q: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.2f}"


def report(results: dict[str, dict[str, Any]]) -> str:
    lines = [
        "## Bot strength (seeded games, the bot's seat rotated)",
        "",
        f"Load average at the end: {os.getloadavg()[0]:.1f}",
        "",
        "| title | seats | fair share | vs random: win rate (outright) | vs greedy: win rate (outright) "
        "| games each | decision median (ms) | p99 (ms) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for slug, found in results.items():
        rnd, greedy = found["random"], found["greedy"]
        times = rnd.decisions + greedy.decisions
        lines.append(
            f"| {slug} | {found['seats']} | {1 / found['seats']:.0%} "
            f"| {rnd.rate:.0%} ({rnd.outright}/{rnd.games}) "
            f"| {greedy.rate:.0%} ({greedy.outright}/{greedy.games}) "
            f"| {rnd.games} | {statistics.median(times) * 1000 if times else 0:.2f} | {_ms(times, 0.99)} |"
        )
    return "\n".join(lines)
