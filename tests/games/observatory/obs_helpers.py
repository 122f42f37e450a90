"""Shared helpers for the Observatory tests: scripted states and step-by-step invariants."""

from __future__ import annotations

from typing import Any

from bot.games.base import IllegalAction
from bot.games.observatory import Observatory
from bot.games.observatory.model import parse_cell

GAME = Observatory()


def act(state: dict[str, Any], seat: int, action: dict[str, Any]) -> dict[str, Any]:
    return GAME.apply(state, seat, action).state


def started(seats: int = 2, seed: int = 3, first_game: int = 1) -> dict[str, Any]:
    """A game past setup, at the first roll (first-game option: no keep step)."""
    state = GAME.setup(seats, {"first_game": first_game}, seed)
    assert state["phase"] == "roll"
    return state


def rolled(state: dict[str, Any], standard: list[int], shooting: int = 3) -> dict[str, Any]:
    """Roll, then set the dice to the given faces (tests script the dice)."""
    state = act(state, state["active"], {"kind": "roll"})
    state["roll"] = {"standard": list(standard), "shooting": shooting}
    return state


def cells(*names: str) -> list[int]:
    out = [parse_cell(n) for n in names]
    assert None not in out
    return out  # type: ignore[return-value]


def give_stars(state: dict[str, Any], seat: int, *names: str) -> None:
    for cell in cells(*names):
        state["sheets"][seat]["stars"].append(cell)
        if state["base"] is not None:
            state["base"][seat]["stars"].append(cell)


def fill(state: dict[str, Any], seat: int, track: str, spaces: list[int]) -> None:
    state["sheets"][seat]["research"][track] = sorted(spaces)


def refused(state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
    try:
        GAME.apply(state, seat, action)
    except IllegalAction as error:
        return error.message
    raise AssertionError(f"{action} was accepted")
