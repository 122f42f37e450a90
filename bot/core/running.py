"""The record of a started game, typed so that its state is never ``None``.

``bot.storage.GameRecord`` describes every game, lobbies included, so its state may be missing;
the code that plays a game holds a ``RunningGame`` instead and never unwraps the state again.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from bot.games.base import State
from bot.storage import GameRecord


@dataclass
class RunningGame(GameRecord):
    """A started game's record: its state is always there (``running`` checks it once).

    An active game, or one its last move just finished (the final state, for the results)."""

    state: State


def running(record: GameRecord) -> RunningGame:
    """``record`` as a ``RunningGame``; a record without a state (a lobby) is a bug here."""
    if isinstance(record, RunningGame):
        return record
    if record.state is None:
        raise ValueError(f"game {record.id} has no state: it is {record.status}")
    return RunningGame(**{f.name: getattr(record, f.name) for f in fields(record)})
