"""Seeded games from a lopsided bag (almost all red), so players get stuck: skipped explores,
trades forced by a dead end, missed bonus explorations and stalled nights all happen, under the
same invariants as the ordinary simulations."""

from __future__ import annotations

from collections import Counter

from sns_helpers import GAME, check_invariants

from bot.games.rng import Rng
from bot.games.self_play import bot_action
from bot.games.starry_night_sky.simulate import random_action
from tests.games.conformance import check_state

MARKERS = ("could not explore", "nowhere to go for the bonus", "nobody could do anything", "traded")


def _lopsided(seats: int, seed: int) -> dict:
    state = GAME.setup(seats, {}, seed)
    for player in state["players"]:
        player["pools"] = [["red"] * len(pool) for pool in player["pools"]]
    state["turn"]["drawn"] = ["red"] * len(state["turn"]["drawn"])
    state["turn"]["gathered"] = list(state["turn"]["drawn"])
    in_play = sum(len(pool) for p in state["players"] for pool in p["pools"]) + len(state["turn"]["drawn"])
    state["bag"] = {"red": 150 - in_play - 6, "blue": 3, "yellow": 3}
    return state


def test_stuck_players_keep_every_invariant() -> None:
    plan = Rng(77)
    seen: Counter[str] = Counter()
    for number in range(150):
        seats = 2 + number % 3
        state = _lopsided(seats, plan.below(1 << 62))
        rng = Rng(plan.below(1 << 62))
        policy = bot_action if number % 2 else random_action
        steps = 0
        while state["phase"] == "play":
            check_invariants(state)
            if number % 10 == 0:
                check_state(GAME, state, Rng(steps))
            seat = state["current"]
            applied = GAME.apply(state, seat, policy(GAME, state, seat, rng))
            state = applied.state
            seen.update(m for e in applied.events for m in MARKERS if m in e)
            steps += 1
            assert steps < 3000
        check_invariants(state)
        assert len({p["turns"] for p in state["players"]}) == 1
        seen[state["ended_by"]] += 1
    print(f"\n{dict(seen)}")
    assert all(seen[m] for m in MARKERS), seen
    assert seen["stall"] and seen["dawn"]
