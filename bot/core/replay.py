"""Stepping through a stored game: the seed, options and seats set it up again and its append-only
action log moves it on, one logged action a step (step 0 is the set-up, step ``n`` the game after
``n`` actions). Nothing but the log is read: no snapshot of a past step is ever stored.

The whole log is replayed once when a replay is built, so a log that no longer replays under
the current rules (an action the rules now refuse, an end that differs from the stored game)
is found then and reported as ``Unreplayable``, never half-way through someone's stepping.
States are kept every ``CHECKPOINT`` steps and in a small recently-used cache, so any step is a
few ``apply`` calls away. Discord-free: the ``/game replay`` card (``bot.commands.replay``) asks
for steps, rounds and states, and draws them.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.base import Game, State
from bot.storage import ActionRecord, GameRecord

log = logging.getLogger(__name__)

CHECKPOINT = 16  # a state is kept every this many steps
RECENT = 24  # states computed on demand, kept while they are the newest used
GAMES_KEPT = 8  # replays kept built (a finished game's log never changes)
DRAWN_KEPT = 64  # what a caller made of a replay's steps (pictures, titles), kept with it

Mark = Callable[[State], Hashable]
"""Which round (or night) a state belongs to; ``None`` keeps the round before it."""


class Unreplayable(Exception):
    """The log does not replay under the current rules: ``step`` is the first step that failed
    (an action refused or the rules failing on it), or the last one when only the end differs."""

    def __init__(self, step: int, reason: str) -> None:
        super().__init__(f"step {step}: {reason}")
        self.step, self.reason = step, reason


@dataclass(frozen=True)
class Move:
    """What led to a step: who moved (``None``: the game itself, a countdown) and the public
    events stored with the move (a ``Msg`` or its stored form, as the log keeps them)."""

    seat: int | None
    events: tuple[Any, ...]


class Replay:
    """One game's log, replayed from its seed. Thread-safe: states are built in worker threads."""

    def __init__(
        self,
        game: Game,
        seats: int,
        options: dict[str, Any],
        seed: int,
        log_: Sequence[ActionRecord],
        *,
        mark: Mark | None = None,
        final: State | None = None,
    ) -> None:
        """Replay the whole log now (see the module doc). ``final``: the stored state the last
        step must equal (``None``: not checked). Raises ``Unreplayable``."""
        self.game = game
        self._actions = [(entry.seat, entry.action) for entry in log_]
        self._moves = [Move(entry.seat, tuple(entry.events)) for entry in log_]
        self._checkpoints: dict[int, State] = {}
        self._recent: OrderedDict[int, State] = OrderedDict()
        self._drawn: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        marks: list[Hashable] = []
        try:
            state = game.setup(seats, options, seed)
        except Exception as error:  # the rules' set-up changed under the stored options
            raise Unreplayable(0, f"setup failed: {error}") from error
        for step in range(len(self._actions) + 1):
            if step:
                state = self._apply(state, step)
            if step % CHECKPOINT == 0:
                self._checkpoints[step] = state
            here = mark(state) if mark is not None else None
            marks.append(here if here is not None or not marks else marks[-1])
        if final is not None and state != final:
            raise Unreplayable(self.steps, "the replayed game ends elsewhere than the stored one")
        self._remember(self.steps, state)
        self.marks = marks

    def _apply(self, state: State, step: int) -> State:
        seat, action = self._actions[step - 1]
        try:
            return self.game.apply(state, seat, action).state
        except Exception as error:  # IllegalAction, or rules that can no longer read the action
            raise Unreplayable(step, f"{type(error).__name__}: {error}") from error

    @property
    def steps(self) -> int:
        """The last step (the number of logged actions); steps run from 0 to this."""
        return len(self._actions)

    def has(self, step: int) -> bool:
        return 0 <= step <= self.steps

    def move(self, step: int) -> Move | None:
        """What led to ``step`` (``None`` for step 0, the set-up)."""
        return self._moves[step - 1] if 1 <= step <= self.steps else None

    def state(self, step: int) -> State:
        """The game after ``step`` actions (do not change it: it is shared)."""
        if not self.has(step):
            raise IndexError(f"step {step} is not in 0..{self.steps}")
        with self._lock:
            if step in self._recent:
                self._recent.move_to_end(step)
                return self._recent[step]
            start = max(s for s in self._checkpoints if s <= step)
            known = [s for s in self._recent if start < s <= step]
            if known:
                start = max(known)
            state = self._recent.get(start) or self._checkpoints[start]
        for at in range(start + 1, step + 1):
            state = self._apply(state, at)
        self._remember(step, state)
        return state

    def _remember(self, step: int, state: State) -> None:
        with self._lock:
            self._recent[step] = state
            self._recent.move_to_end(step)
            while len(self._recent) > RECENT:
                self._recent.popitem(last=False)

    def recall(self, key: Hashable) -> Any:
        """What a caller kept with this replay under ``key`` (a step's picture), or ``None``."""
        with self._lock:
            return self._drawn.get(key)

    def remember(self, key: Hashable, value: Any) -> None:
        """Keep ``value`` with this replay (the least recently kept go first): a step never
        changes, so neither does what is drawn from it."""
        with self._lock:
            self._drawn[key] = value
            self._drawn.move_to_end(key)
            while len(self._drawn) > DRAWN_KEPT:
                self._drawn.popitem(last=False)

    # ---- rounds ------------------------------------------------------------------------------

    def round_starts(self) -> list[int]:
        """The first step of each round (step 0 first)."""
        return [s for s in range(self.steps + 1) if s == 0 or self.marks[s] != self.marks[s - 1]]

    def round_of(self, step: int) -> int:
        """The index of ``step``'s round in ``round_starts``."""
        return sum(1 for start in self.round_starts() if start <= step) - 1

    def next_round(self, step: int) -> int:
        """The first step of the round after ``step``'s; the last step when it is the last round."""
        return next((s for s in self.round_starts() if s > step), self.steps)

    def previous_round(self, step: int) -> int:
        """The first step of ``step``'s round, or of the round before when ``step`` starts one."""
        return max((s for s in self.round_starts() if s < step), default=0)


class Replays:
    """Built replays, kept by game and log length (a running game's grows; a finished one's not).
    One per storage: a game is known by its id."""

    def __init__(self, keep: int = GAMES_KEPT) -> None:
        self._kept: OrderedDict[tuple[Any, ...], Replay] = OrderedDict()
        self._keep = keep
        self._lock = threading.Lock()

    def of(
        self, game: Game, record: GameRecord, log_: Sequence[ActionRecord], *, mark: Mark | None
    ) -> Replay:
        """The replay of ``record`` from ``log_`` (built now, in the caller's thread, unless kept).
        The stored state is checked at the end when it belongs to the same log."""
        key = (record.id, len(log_))
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        if record.seed is None:
            raise Unreplayable(0, "the game never started")
        final = record.state if record.version == len(log_) else None
        built = Replay(game, len(record.seats), record.options, record.seed, log_, mark=mark, final=final)
        log.debug("replayed game %s: %s steps", record.id, built.steps)
        with self._lock:
            self._kept[key] = built
            while len(self._kept) > self._keep:
                self._kept.popitem(last=False)
        return built
