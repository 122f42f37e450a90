"""A tiny simultaneous game for the multi-process tests: every round each seat locks in a number,
in any order; when all have, the next round starts. A countdown locks in the missing seats."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from bot.games.base import Action, Applied, Game, IllegalAction, Move, View
from bot.games.outcome import Outcome

State = dict[str, Any]


def setup(seats: int) -> State:
    return {"round": 0, "locked": [None] * seats, "totals": [0] * seats, "timeouts": 0}


def apply(state: State, seat: int | None, action: dict[str, Any]) -> State:
    """The next state; raises ValueError for a move that isn't legal now (nothing changes)."""
    new = copy.deepcopy(state)
    if action.get("kind") == "timeout":
        new["locked"] = [0 if n is None else n for n in new["locked"]]
        new["timeouts"] += 1
    elif seat is None or action.get("round") != state["round"] or state["locked"][seat] is not None:
        raise ValueError(f"seat {seat} can't lock in {action} now")
    else:
        new["locked"][seat] = action["n"]
    if all(n is not None for n in new["locked"]):
        new["totals"] = [t + n for t, n in zip(new["totals"], new["locked"], strict=True)]
        new["locked"] = [None] * len(new["locked"])
        new["round"] += 1
    return new


def replay(seats: int, actions: list[tuple[int | None, dict[str, Any]]]) -> State:
    state = setup(seats)
    for seat, action in actions:
        state = apply(state, seat, action)
    return state


class Lockin(Game):
    """The same rules behind the games' contract, so the move core (``bot.core.moves``) plays them."""

    slug = "lockin"
    title = "Lock-in"
    min_seats = 1
    max_seats = 8

    def setup(self, seats: int, options: dict[str, Any], seed: int) -> State:
        return setup(seats)

    def to_act(self, state: State) -> list[int]:
        return [seat for seat, n in enumerate(state["locked"]) if n is None]

    def decision_id(self, state: State) -> int:
        return state["round"]

    def _legal_actions(self, state: State, seat: int) -> list[Action]:
        return [{"round": state["round"], "n": 1}] if state["locked"][seat] is None else []

    def _moves(self) -> Mapping[Any, Move]:
        """None: lock-in's actions carry no ``kind``, so ``apply`` is the module's own function."""
        return {}

    def apply(self, state: State, seat: int | None, action: Action) -> Applied:
        try:
            return Applied(apply(state, seat, action), [])
        except ValueError as error:
            raise IllegalAction(str(error)) from error

    def _view(self, state: State, seat: int | None) -> View:
        return copy.deepcopy(state)

    def disguise(self, state: State, viewer: int | None) -> State:
        """Lock-in has no secrets: every view is the whole state."""
        return copy.deepcopy(state)

    def outcome(self, state: State) -> Outcome | None:
        return None


GAME = Lockin()


def rules(slug: str) -> Game:
    """The move core's ``games`` for a database of lock-in games."""
    if slug != GAME.slug:
        raise KeyError(slug)
    return GAME
