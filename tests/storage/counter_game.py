"""A tiny pure, seeded game for storage tests, and a child process that plays it until killed.

Storage must not depend on any real game, so these tests bring their own: seats take turns
adding 1-3 to their counter plus a random bonus from the seeded ``Rng``; a ``timeout`` system
action (seat ``None``) makes the seat to act skip with a random penalty.

Run as a script it is the "crashing bot" of ``test_crash.py``: it records actions, printing
``ack <version>`` only after ``record_action`` returned, and never closes the database.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import Mapping
from enum import Enum
from typing import Any

from bot.games.base import Action, Game, IllegalAction, Move, OptionSpec, State, SystemMove
from bot.games.outcome import Outcome
from bot.games.replay import replay
from bot.games.rng import Rng

REFUSAL = "Not your turn, or not a legal move."


class Kind(Enum):
    ADD = "add"
    TIMEOUT = "timeout"


class CounterGame(Game):
    slug = "counter"
    title = "Counter"
    min_seats = 1
    max_seats = 6
    options = (OptionSpec("target", "Score that ends the game", (10, 30, 1000), 1000),)
    action_kinds = Kind

    def setup(self, seats: int, options: dict[str, Any], seed: int) -> State:
        rng = Rng(seed)
        return {
            "rng": rng.state,
            "seats": seats,
            "counts": [rng.below(3) for _ in range(seats)],
            "turn": 0,
            "step": 0,
            "target": options.get("target", 1000),
        }

    def to_act(self, state: State) -> list[int]:
        return [] if self.is_over(state) else [state["turn"]]

    def decision_id(self, state: State) -> int:
        return state["step"]

    def _legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        if seat not in self.to_act(state):
            return []
        return [{"kind": "add", "n": n} for n in (1, 2, 3)]

    def _actor(self, state: State, seat: Any, kind: Kind) -> int | None:
        """A timeout comes from the bot alone; an addition from the seat whose turn it is."""
        if seat is None and kind is Kind.TIMEOUT:
            return None
        if kind is Kind.TIMEOUT or seat not in self.to_act(state):
            raise IllegalAction(REFUSAL)
        return seat

    def _moves(self) -> Mapping[Kind, Move]:
        return {Kind.ADD: _add}

    def _system_moves(self) -> Mapping[Kind, SystemMove]:
        return {Kind.TIMEOUT: _timeout}

    def _view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"counts": list(state["counts"]), "turn": state["turn"]}

    def disguise(self, state: State, viewer: int | None) -> State:
        return {**state, "rng": state["rng"] ^ 1}  # the counters are public: only the RNG is secret

    def outcome(self, state: State) -> Outcome | None:
        best = max(state["counts"])
        if best < state["target"]:
            return None
        return Outcome(
            scores=list(state["counts"]), winners=[i for i, c in enumerate(state["counts"]) if c == best]
        )

    def choose(self, state: State, pick: int) -> tuple[int | None, dict[str, Any]]:
        """A deterministic "player": mostly adds, every seventh pick is a timeout."""
        if pick % 7 == 6:
            return None, {"kind": "timeout"}
        seat = self.to_act(state)[0]
        return seat, self.legal_actions(state, seat)[pick % 3]


def _add(state: State, seat: int, action: Action, events: list[str]) -> None:
    if action.get("n") not in (1, 2, 3):
        raise IllegalAction(REFUSAL)
    rng = Rng(state["rng"])
    bonus = rng.below(3)
    state["counts"][seat] += action["n"] + bonus
    events.append(f"{{{seat}}} added {action['n']} (+{bonus} bonus).")
    _next_turn(state, rng)


def _timeout(state: State, action: Action, events: list[str]) -> None:
    rng = Rng(state["rng"])
    penalty = rng.below(2)
    state["counts"][state["turn"]] -= penalty
    events.append(f"{{{state['turn']}}} ran out of time and lost {penalty}.")
    _next_turn(state, rng)


def _next_turn(state: State, rng: Rng) -> None:
    state["rng"] = rng.state
    state["turn"] = (state["turn"] + 1) % len(state["counts"])
    state["step"] += 1


__all__ = ["CounterGame", "replay", "IllegalAction"]


async def _crash_child(db_path: str, mode: str, count: int) -> None:
    """Play forever (or until ``count`` acks), then die without closing the database."""
    from bot.storage import SqliteStorage

    game = CounterGame()
    storage = await SqliteStorage.open(db_path)
    lobby = await storage.create_lobby(
        game="counter", guild_id=1, channel_id=10, host_id=100, host_name="Vega", options={"target": 1000}
    )
    await storage.add_seat(lobby.id, 101, "Deneb")
    seed = 4242
    state = game.setup(2, {"target": 1000}, seed)
    record = await storage.start(lobby.id, seed=seed, state=state)
    print(f"game {record.id}", flush=True)
    version = 0
    while True:
        seat, action = game.choose(state, version)
        applied = game.apply(state, seat, action)
        version = await storage.record_action(
            record.id,
            expected_version=version,
            seat=seat,
            action=action,
            state=applied.state,
            events=applied.events,
        )
        state = applied.state
        print(f"ack {version}", flush=True)
        if version == count:
            break
    if mode == "exit":
        os._exit(0)
    if mode == "mid-transaction":
        # Half of the next action: the game row moves on, the log row is never written.
        seat, action = game.choose(state, version)
        applied = game.apply(state, seat, action)
        await storage._db.execute("BEGIN IMMEDIATE")
        await storage._db.execute(
            "UPDATE games SET version = version + 1, state = ? WHERE id = ?",
            (json.dumps(applied.state), record.id),
        )
        print("mid", flush=True)
        os._exit(0)
    raise SystemExit(f"unknown mode {mode}")


if __name__ == "__main__":
    # usage: counter_game.py DB_PATH (exit|mid-transaction|forever) COUNT
    path, child_mode, child_count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    asyncio.run(_crash_child(path, child_mode, -1 if child_mode == "forever" else child_count))
