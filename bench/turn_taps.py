"""Interactions per turn: every interaction of a SimCord world filed under the turn its player
owed when they made it, read from the game's state (never from a test driver's internals).

``TurnTaps`` keeps the game's newest saved state (it wraps the storage's ``start`` and
``record_action``) and SimCord's ``new_interaction``, which runs when a user clicks, selects or
sends a command, before the bot sees it: the interaction is filed under the turn of the state the
player saw. What a "turn" is depends on the title (``moment``): a roll of the Star Die in A Sky
of Stars (its stroke, swirl or last line), a night's turn in Observatory (the roller's roll and
their part of the decision step, or another player's part), a player's turn in Star Gazers and
Starry Night Sky. Steps that are no turn (choosing goals, a starting star, guessing) are filed
under their own names, and interactions by a player who owed nothing under ``OUTSIDE``.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from bot.games import get_game

OUTSIDE = "outside a turn"  # the player owed no decision (a command, a public button, the lobby)
# The budgets per turn (issue 20), printed beside the figures.
TARGETS = {
    ("sky-of-stars", "roll"): 2,
    ("observatory", "turn, roller"): 5,
    ("observatory", "turn, others"): 4,
    ("star-gazers", "turn"): 4,
    ("starry-night-sky", "turn"): 4,
}
STEP_NAMES = {
    "start": "starting star",
    "guess": "guessing",
    "keep": "choosing goals",
    "night_bonus": "night bonus",
    "journal": "choosing journal cards",
}


def moment(slug: str, state: dict[str, Any], seat: int) -> tuple[str, Hashable] | None:
    """The kind of turn ``seat`` owes in ``state`` and the key all its steps share; None if the
    seat owes nothing."""
    game = get_game(slug)
    if seat not in game.to_act(state):
        return None
    phase: str = state["phase"]  # every game's state names its phase
    decision = game.decision_id(state)
    if slug == "sky-of-stars":
        if phase in ("stroke", "swirl"):
            return "roll", (state["round"], state["roll"]["count"])
        if phase == "final":  # the optional last line after STOP: a roll of its own
            return "roll", (state["round"], "final")
        return STEP_NAMES.get(phase, phase), (state["round"], decision)
    if slug == "observatory" and phase in ("roll", "decide", "refill"):
        role = "turn, roller" if seat == state["active"] else "turn, others"
        return role, (state["night"], state["turn"])
    if phase in ("draft", "play"):  # Star Gazers' and Starry Night Sky's player turns
        return "turn", decision
    return STEP_NAMES.get(phase, phase), decision


@dataclass
class TurnTaps:
    """The interactions of the players of one game, per turn they owed (see the module)."""

    env: Any
    slug: str
    taps: Counter[tuple[int, str, Hashable]] = field(default_factory=Counter)  # (user id, kind, key)
    owed: set[tuple[int, str, Hashable]] = field(default_factory=set)
    outside: Counter[int] = field(default_factory=Counter)  # user id -> interactions owing nothing
    kinds: dict[str, None] = field(default_factory=dict)  # kinds of turn, in the order they came
    _state: dict[str, Any] | None = None
    _seats: dict[int, int] = field(default_factory=dict)  # user id -> seat

    def __enter__(self) -> TurnTaps:
        backend, storage = self.env.backend, self.env.bot.storage
        new_interaction = backend.new_interaction  # fails here if SimCord renamed it
        start, record_action = storage.start, storage.record_action

        def interacting(kind: int, channel_id: int, user_id: int, guild_id: int | None) -> Any:
            self._file(user_id)
            return new_interaction(kind, channel_id, user_id, guild_id)

        async def starting(*args: Any, **kwargs: Any) -> Any:
            record = await start(*args, **kwargs)
            self._seats = {seat.user_id: seat.seat for seat in record.seats}
            self._saw(kwargs["state"])
            return record

        async def recording(*args: Any, **kwargs: Any) -> Any:
            version = await record_action(*args, **kwargs)
            self._saw(kwargs["state"])
            return version

        backend.new_interaction, storage.start, storage.record_action = interacting, starting, recording
        return self

    def __exit__(self, *exc_info: object) -> None:
        del self.env.backend.new_interaction
        for name in ("start", "record_action"):
            self.env.bot.storage.__dict__.pop(name, None)

    def _saw(self, state: dict[str, Any]) -> None:
        """A new saved state: every turn it asks of a player is owed, played or not."""
        self._state = state
        for user_id, seat in self._seats.items():
            found = moment(self.slug, state, seat)
            if found is not None:
                self.owed.add((user_id, *found))
                self.kinds.setdefault(found[0])

    def _file(self, user_id: int) -> None:
        seat = self._seats.get(user_id)
        found = None if self._state is None or seat is None else moment(self.slug, self._state, seat)
        if found is None:
            self.outside[user_id] += 1
        else:
            self.taps[(user_id, *found)] += 1

    def per_turn(self, players: set[int]) -> dict[str, list[int]]:
        """Interactions of each player-turn of ``players`` (user ids), by kind of turn; a turn owed
        and not played counts 0."""
        kinds: dict[str, list[int]] = {kind: [] for kind in self.kinds}
        for user_id, kind, key in sorted(self.owed | set(self.taps), key=repr):
            if user_id in players:
                kinds.setdefault(kind, []).append(self.taps[(user_id, kind, key)])
        return {kind: taps for kind, taps in kinds.items() if taps}


def summary(values: list[int]) -> tuple[str, str]:
    """Median and max of a kind's player-turns."""
    return (f"{statistics.median(values):g}", str(max(values))) if values else ("-", "-")
