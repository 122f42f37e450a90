"""Shared helpers for the A Sky of Stars tests: building states and checking invariants."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from bot.games.rng import Rng
from bot.games.sky_of_stars import SkyOfStars
from bot.games.sky_of_stars.model import Face
from bot.games.sky_of_stars.simulate import random_move

GAME = SkyOfStars()
STAR_LABEL = re.compile(r"\b[A-H][1-6]\b")


def new_game(seats: int = 4, seed: int = 7, **options: Any) -> dict[str, Any]:
    """A game without the reveal's pause unless asked for: a reveal then opens the next drawing
    at once, as scripted tests expect (the pause has tests of its own)."""
    options.setdefault("reveal_pause", 0)
    return GAME.setup(seats, options, seed)


def act(state: dict[str, Any], seat: int | None, action: dict[str, Any]) -> dict[str, Any]:
    return GAME.apply(state, seat, action).state


def first_move(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The first listed legal action that is not STOP (deterministic, for scripted tests)."""
    return next(a for a in GAME.legal_actions(state, seat) if a["kind"] != "stop")


def settle(state: dict[str, Any], until: set[str], prefer_pass: bool = True) -> dict[str, Any]:
    """Let every waiting seat make its first legal move until the phase is one of ``until``."""
    while state["phase"] not in until:
        seat = GAME.to_act(state)[0]
        moves = [a for a in GAME.legal_actions(state, seat) if a["kind"] != "stop"]
        passes = [a for a in moves if a["kind"] == "pass"]
        state = act(state, seat, passes[0] if prefer_pass and passes else moves[0])
    return state


def start_all(state: dict[str, Any], stars: list[str]) -> dict[str, Any]:
    for seat, star in enumerate(stars):
        state = act(state, seat, {"kind": "start", "star": star})
    return state


def constellation(start: str, strokes: list[tuple[str, str]]) -> dict[str, Any]:
    stars = [start] + [b for _, b in strokes]
    return {"start": start, "stars": stars, "strokes": [list(s) for s in strokes]}


def force_roll(state: dict[str, Any], face: str, waiting: list[int] | None = None) -> dict[str, Any]:
    """A copy of ``state`` with the die showing ``face`` and the step open for ``waiting``."""
    state = copy.deepcopy(state)
    seats = range(state["seats"])
    waiting = list(seats) if waiting is None else waiting
    state.update(
        phase="swirl" if face == Face.SWIRL else "stroke",
        roll={"face": face, "count": 1},
        waiting=waiting,
        locked=[],
        skipped=[s for s in seats if s not in waiting],
        pending=[None] * state["seats"],
    )
    state["decision"] += 1
    return state


def dumps(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


def checked_random_game(
    seats: int,
    seed: int,
    rng_seed: int,
    stop_chance: float,
    timeout_chance: float,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play a random game with STOP calls, timeouts and missed deadlines, checking what is
    particular to A Sky of Stars after every action (the contract every game keeps is checked
    by ``tests/games/test_conformance.py``): events name no star and announce each reveal once,
    the public view counts the reveals, and the final scores add up."""
    agent = Rng(rng_seed)
    state = GAME.setup(seats, dict(options or {}), seed)
    actions = 0
    while not GAME.is_over(state):  # a reveal's pause waits on nobody, only on its countdown
        public = GAME.view(state, None)
        assert "secret" not in public and "you" not in public
        assert len(public["reveals"]) == len(state["reveals"])
        seat, action = random_move(GAME, state, agent, stop_chance, timeout_chance, miss_chance=0.03)
        applied = GAME.apply(state, seat, action)
        reveals = len(applied.state["reveals"]) - len(state["reveals"])
        assert sum("drew #" in e for e in applied.events) == reveals
        for event in applied.events:
            assert not STAR_LABEL.search(event), event
        state = applied.state
        actions += 1
    outcome = GAME.outcome(state)
    assert outcome is not None
    for seat, part in enumerate(outcome.breakdown):
        rounds = sum(r["points"] for r in part["rounds"])
        assert outcome.scores[seat] == part["total"] == rounds + len(part["majorities"])
        assert len(part["rounds"]) == 3
    return {"actions": actions, "state": state}
