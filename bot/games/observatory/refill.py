"""Taking new goals after a turn: what a refilling seat still owes and what it may do now.

Read-only, so the views and the bot player ask the same questions the moves in ``flow`` check.
A seat refilling may also complete a goal that already fits its unused stars ("complete at any
time"), and must then use that card's bonus. It keeps its place in the queue while it still
needs a card, or while it could complete or spend such a bonus and has not said it is done.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import State
from bot.games.observatory import sheet as sh
from bot.games.observatory.actions import completion_actions, grant_actions
from bot.games.observatory.model import DECKS, GOALS, GrantSource, Phase, nights_for, turns_per_night


def _available(state: State) -> bool:
    return any(state["sky"][k] or state["decks"][k] for k in DECKS)


def needs_card(state: State, seat: int) -> bool:
    return len(state["sheets"][seat]["goals"]) < GOALS and _available(state)


def refill_grants(sheet: sh.Sheet) -> list[dict[str, Any]]:
    """The completion bonuses a refilling seat may spend (other banked bonuses wait for a step)."""
    return [g for g in sheet["grants"] if g["source"] == GrantSource.COMPLETION.value]


def bonus_pending(sheet: sh.Sheet) -> bool:
    """A completion bonus that must be used now (the first copy, while it has somewhere to go)."""
    return any(g["required"] and sh.grant_usable(sheet, g) for g in refill_grants(sheet))


def _could_act(sheet: sh.Sheet) -> bool:
    return bool(sh.placements(sheet)) or any(sh.grant_usable(sheet, g) for g in refill_grants(sheet))


def owes_refill(state: State, seat: int) -> bool:
    if needs_card(state, seat):
        return True
    return not state["refill"].get("passed") and _could_act(state["sheets"][seat])


def finish_takes(state: State, seat: int) -> list[dict[str, Any]]:
    """The new goals the roller may take with ``done`` (``{"kind": "done", "take": …}``): they
    completed a card in this decide step and will take a new goal first, as the refill starts with
    them (none after the game's last turn, when no refill follows)."""
    sheet = state["sheets"][seat]
    if not (
        state["phase"] == Phase.DECIDE.value
        and seat == state["active"]
        and sheet["turn"]["completed"]
        and needs_card(state, seat)
        and not last_turn(state)
    ):
        return []
    out: list[dict[str, Any]] = [{"source": "sky", "card": c} for kind in DECKS for c in state["sky"][kind]]
    return out + [{"source": "deck", "deck": kind} for kind in DECKS if state["decks"][kind]]


def last_turn(state: State) -> bool:
    seats = state["seats"]
    return bool(state["night"] == nights_for(seats) and state["turn"] == turns_per_night(seats))


def refill_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """Every action the refilling ``seat`` may take now."""
    sheet = state["sheets"][seat]
    out: list[dict[str, Any]] = []
    pending = bonus_pending(sheet)
    if needs_card(state, seat) and not pending:
        out += [{"kind": "take", "source": "sky", "card": c} for kind in DECKS for c in state["sky"][kind]]
        out += [{"kind": "take", "source": "deck", "deck": kind} for kind in DECKS if state["decks"][kind]]
    out += completion_actions(sheet)
    out += grant_actions(sheet, refill_grants(sheet))
    if not needs_card(state, seat) and not pending:
        out.append({"kind": "done"})
    return out
