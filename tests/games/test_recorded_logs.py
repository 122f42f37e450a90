"""Recorded games replay to byte-identical states, events and refusals (see ``recorded_logs.py``):
what a game stored before a change to the engines is what the same moves store after it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.games import GAMES
from tests.games.recorded_logs import digest, path_of, probe_results, probes

SLUGS = sorted(GAMES)


def load(slug: str) -> dict[str, Any]:
    return json.loads(path_of(slug).read_text(encoding="utf-8"))


def tried(game: Any, state: dict[str, Any], where: str) -> str:
    """What the probes got now, to compare with a run of the code the log was recorded with."""
    lines = [f"{seat!r} {action!r}: {result!r}" for seat, action, result in probe_results(game, state)]
    return f"{where}: the probes' results changed; today they are\n" + "\n".join(lines)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_shipped_game_has_a_recorded_log(slug: str) -> None:
    recorded = load(slug)
    assert recorded["slug"] == slug
    assert all(game["log"] and game["probes"] for game in recorded["games"])


@pytest.mark.parametrize("slug", SLUGS)
def test_recorded_logs_replay_to_the_same_bytes(slug: str) -> None:
    game = GAMES[slug]
    for index, played in enumerate(load(slug)["games"]):
        where = f"{slug} game {index}"
        state = game.setup(played["seats"], played["options"], played["seed"])
        assert digest(state, []) == played["start"], f"{where}: setup"
        for step, ((seat, action), after) in enumerate(zip(played["log"], played["after"], strict=True)):
            if str(step) in played["probes"]:
                assert probes(game, state) == played["probes"][str(step)], tried(
                    game, state, f"{where}: before {step}"
                )
            applied = game.apply(state, seat, action)
            assert digest(applied.state, applied.events) == after, f"{where}: action {step} {action}"
            state = applied.state
        assert game.is_over(state), f"{where}: the log no longer ends the game"
        assert probes(game, state) == played["probes"]["end"], tried(game, state, f"{where}: at the end")
