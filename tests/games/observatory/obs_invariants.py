"""Invariants checked at every step of seeded random games (shared by the simulation files)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from obs_helpers import GAME

from bot.games.base import IllegalAction
from bot.games.observatory.simulate import play_random_game, random_action
from bot.games.observatory.views import sheet_view
from bot.games.replay import replay
from bot.games.rng import Rng

HEAVY_EVERY = 40  # every 40th game is checked step by step, the others at the end


def _secrets(state: dict[str, Any]) -> set[str]:
    hidden = {c for deck in state["decks"].values() for c in deck}
    if state["phase"] == "keep":
        hidden |= {c for hand in state["hands"] for c in hand}
    return hidden


def check_step(
    state: dict[str, Any], seat: int, action: dict[str, Any], rng: Rng, every_action: bool = False
) -> dict[str, Any]:
    before = json.dumps(state, sort_keys=True)
    assert json.loads(before) == state
    public = GAME.view(state, None)
    text = json.dumps(public)
    leaked = [c for c in _secrets(state) if f'"{c}"' in text]
    assert not leaked, leaked
    if state["phase"] in ("night_bonus", "decide"):
        for s in range(state["seats"]):
            assert public["sheets"][s]["stars"] == sheet_view(state["base"][s])["stars"]
    for other in range(state["seats"]):
        if other != seat and state["phase"] == "keep":
            other_view = json.dumps(GAME.view(state, other))
            assert not [c for c in state["hands"][seat] if f'"{c}"' in other_view]
    for part in public["scores"]:
        assert (
            part["total"]
            == part["constellations"] + part["asterisms"] + part["funding"] + part["unused_stars"]
        )
    legal = GAME.legal_actions(state, seat)
    assert action in legal
    if every_action:  # each listed action applies (a sample of at most 200 on big lists)
        sample = legal if len(legal) <= 200 else [rng.choice(legal) for _ in range(200)]
        for other in sample:
            GAME.apply(state, seat, other)
    for extra in (rng.choice(legal), {"kind": "nonsense"}):
        if extra is not action:
            try:
                GAME.apply(state, seat, extra)
            except IllegalAction:
                assert extra["kind"] == "nonsense"
    waiting = GAME.to_act(state)
    idle = [s for s in range(state["seats"]) if s not in waiting]
    if idle:
        with pytest.raises(IllegalAction):
            GAME.apply(state, idle[0], {"kind": "done"})
    new = GAME.apply(state, seat, action).state
    assert json.dumps(state, sort_keys=True) == before, "apply mutated its input"
    return new


def heavy_game(seats: int, seed: int) -> None:
    rng = Rng(seed * 31 + 5)
    state = GAME.setup(seats, {"first_game": seed % 4 == 0}, seed)
    log = []
    while GAME.to_act(state):
        seat = rng.choice(GAME.to_act(state))
        action = random_action(GAME, state, seat, rng)
        state = check_step(state, seat, action, rng, every_action=len(log) % 25 == 0)
        log.append((seat, action))
        assert len(log) < 5000
    final_checks(state)
    again = replay(GAME, seats, {"first_game": seed % 4 == 0}, seed, log)
    assert again == state


def final_checks(state: dict[str, Any]) -> None:
    result = GAME.outcome(state)
    assert result is not None and GAME.to_act(state) == []
    assert json.loads(json.dumps(state)) == state
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
