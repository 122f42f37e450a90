"""The A Sky of Stars bot player: it cannot draw a word, but it can chase colour majorities.

A seat handed to the bot (after two missed deadlines, a kick or a leave; a merely late player
gets no move at all, see ``SkyOfStars.missed_deadline``) draws short legal lines, preferring
stars of the colour it already leads with, always takes the last free line, and on a swirl
crosses out a star of the colour its neighbour collects most. When it guesses for a handed-over
seat it guesses at random, which never scores less than not guessing.

It calls STOP only late (``STOP_FROM_ROLL``), as a player tired of a long round would: people
call it long before that, so at a table of people it rarely matters, but at a `/learn` table of
bots a newcomer who never presses STOP is not left rolling until the vault is full.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.games.base import Action, State
from bot.games.rng import Rng
from bot.games.sky_of_stars.components import load_vault
from bot.games.sky_of_stars.model import ActionKind, left_of

STOP_FROM_ROLL = 8  # the roll from which the bot calls STOP itself (its line still follows)


def colour_of(label: str) -> str:
    vault = load_vault()
    return vault.stars[vault.index[label]].colour.value


def colours_used(state: State, seat: int) -> Counter[str]:
    """Stars per colour over the seat's constellations, this round's included."""
    vault = state["vaults"][seat]
    constellations = [*vault.get("past", []), vault.get("current") or {}]
    return Counter(colour_of(label) for c in constellations for label in c.get("stars", []))


def favourite(counts: Counter[str]) -> str | None:
    return counts.most_common(1)[0][0] if counts else None


def prefer(options: list[Action], rng: Rng, colour: str | None, key: str) -> Action:
    """A random option, among those reaching ``colour`` when there are any."""
    liked = [a for a in options if colour and colour_of(a[key]) == colour]
    return rng.choice(liked or options)


def length(action: Action) -> float:
    vault = load_vault()
    a, b = vault.stars[vault.index[action["from"]]], vault.stars[vault.index[action["to"]]]
    return ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5


def short_stroke(options: list[Action], rng: Rng, colour: str | None) -> Action:
    """Among the shortest few lines pick one, favouring ``colour``: short lines keep the vault
    open for later rounds (long ones block future lines), which adds up to more stars drawn."""

    def cost(action: Action) -> float:
        return length(action) * (0.75 if colour and colour_of(action["to"]) == colour else 1.0)

    ranked = sorted(options, key=cost)
    return rng.choice(ranked[:3])


def choose(legal: list[Action], state: State, seat: int, rng: Rng) -> Action | None:
    kinds: dict[str, list[Action]] = {}
    for action in legal:
        kinds.setdefault(action["kind"], []).append(action)
    mine = favourite(colours_used(state, seat))
    roll = state.get("roll") or {}
    if (
        ActionKind.STOP.value in kinds
        and ActionKind.STROKE.value in kinds
        and roll.get("count", 0) >= STOP_FROM_ROLL
    ):
        return kinds[ActionKind.STOP.value][0]  # the caller still owes this roll's line: asked again
    if ActionKind.STROKE.value in kinds:
        return short_stroke(kinds[ActionKind.STROKE.value], rng, mine)
    if ActionKind.START.value in kinds:
        return prefer(kinds[ActionKind.START.value], rng, mine, "star")
    if ActionKind.CANCEL.value in kinds:
        theirs = favourite(colours_used(state, left_of(seat, state["seats"])))
        return prefer(kinds[ActionKind.CANCEL.value], rng, theirs, "star")
    if ActionKind.GUESS.value in kinds:
        return rng.choice(kinds[ActionKind.GUESS.value])
    if ActionKind.PASS.value in kinds:
        return kinds[ActionKind.PASS.value][0]
    return None


__all__: list[Any] = ["choose"]
