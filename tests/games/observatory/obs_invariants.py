"""Invariants of Observatory checked in seeded random games (shared by the simulation files).

The contract every game keeps (JSON state, secrets, refusals, replay) is checked by
``tests/games/test_conformance.py``; these are Observatory's own: scores that add up, public
sheets that lag behind a simultaneous step, and every card somewhere exactly once.
"""

from __future__ import annotations

from typing import Any

from obs_helpers import GAME

from bot.games.observatory.simulate import play_random_game, random_action
from bot.games.observatory.views import sheet_view
from bot.games.rng import Rng

HEAVY_EVERY = 40  # every 40th game is checked step by step, the others at the end


def check_step(state: dict[str, Any]) -> None:
    public = GAME.view(state, None)
    if state["phase"] in ("night_bonus", "decide"):
        for s in range(state["seats"]):
            assert public["sheets"][s]["stars"] == sheet_view(state["base"][s])["stars"]
    for part in public["scores"]:
        assert (
            part["total"]
            == part["constellations"] + part["asterisms"] + part["funding"] + part["unused_stars"]
        )


def heavy_game(seats: int, seed: int) -> None:
    rng = Rng(seed * 31 + 5)
    state = GAME.setup(seats, {"first_game": seed % 4 == 0}, seed)
    steps = 0
    while GAME.to_act(state):
        check_step(state)
        seat = rng.choice(GAME.to_act(state))
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state
        steps += 1
        assert steps < 5000
    final_checks(state)


def final_checks(state: dict[str, Any]) -> None:
    result = GAME.outcome(state)
    assert result is not None and GAME.to_act(state) == []
    for part, score in zip(result.breakdown, result.scores, strict=True):
        assert score == part["constellations"] + part["asterisms"] + part["funding"] + part["unused_stars"]
    assert result.winners
    for sheet in state["sheets"]:
        assert len(sheet["stars"]) == len(set(sheet["stars"]))
        used = [c for k in sheet["constellations"] for c in k["cells"]]
        assert len(used) == len(set(used)) and set(used) <= set(sheet["stars"])
        assert all(len(v) == len(set(v)) for v in sheet["research"].values())
    every = [c for s in state["sheets"] for c in s["goals"] + s["completed"]] + [
        c for k in ("large", "small") for c in state["decks"][k] + state["sky"][k]
    ]
    assert len(every) == len(set(every)) == 124


def run_games(seats: int, games: int) -> None:
    for seed in range(games):
        if seed % HEAVY_EVERY == 0:
            heavy_game(seats, seed)
        else:
            state, _ = play_random_game(seats, seed, seed + 1, {"first_game": seed % 4 == 0})
            final_checks(state)
