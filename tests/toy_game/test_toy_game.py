"""A fifth game defined under ``tests/`` (rules in ``rules/``, face in ``face/``) and registered
the supported way, ``ASTROLABE_EXTRA_GAMES``, with nothing in ``bot/`` edited for it: it passes
the conformance suite every game runs, and opens a lobby and plays to its end in SimCord.

The registry is read once per process, so the toy game's checks run in a child pytest that
registers it; this process keeps the shipped games only.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.games.base import Action, Applied, State, View
from bot.registry import EXTRA_GAMES_VARIABLE, GameEntry, extra_games
from tests.games.conformance import check_views, play, random_step
from tests.toy_game.rules.engine import HighCard

ROOT = Path(__file__).resolve().parents[2]
ENTRY = "high_card=tests.toy_game.rules:tests.toy_game.face"


def test_the_entry_names_the_toy_games_modules() -> None:
    assert extra_games(f" {ENTRY} ,") == (
        GameEntry("high_card", "tests.toy_game.rules", "tests.toy_game.face"),
    )
    assert "high-card" not in GAMES  # registered only where the variable says so


def test_the_toy_game_passes_the_conformance_suite_and_plays_in_simcord() -> None:
    env = {**os.environ, EXTRA_GAMES_VARIABLE: ENTRY, "PYTHONPATH": str(ROOT)}
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "-n",
        "0",  # one process: xdist's workers would not report the deselected tests
        "tests/games/test_conformance.py",
        "tests/toy_game/toy_table.py",
        "-k",
        "high-card or toy_game or a_game_opens",
    ]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    report = done.stdout[-4000:] + done.stderr[-2000:]
    assert done.returncode == 0, report
    counts = done.stdout.strip().splitlines()[-1]
    assert " passed" in counts and "skipped" not in counts and "deselected" in counts, counts


class LeakyHighCard(HighCard):
    """Shows every hand to everyone."""

    def _view(self, state: State, seat: int | None) -> View:
        return {**super()._view(state, seat), "hands": state["hands"]}


class LaxHighCard(HighCard):
    """Lets anyone play any card in anyone's turn."""

    def apply(self, state: State, seat: int | None, action: Action) -> Applied:
        turn = state["turn"]
        if isinstance(action, dict) and action.get("card") in state["hands"][turn]:
            return super().apply(state, turn, action)
        return super().apply(state, seat, action)


def test_the_suite_catches_a_view_that_shows_a_secret() -> None:
    game = LeakyHighCard()
    with pytest.raises(AssertionError, match="reads a secret"):
        check_views(game, game.setup(3, {}, 1))
    check_views(HighCard(), HighCard().setup(3, {}, 1))


def test_the_suite_catches_a_move_out_of_turn() -> None:
    with pytest.raises(AssertionError, match="was allowed"):
        play(LaxHighCard(), 3, 1, random_step, check_every=1)
    play(HighCard(), 3, 1, random_step, check_every=1)
