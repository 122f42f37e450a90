"""Stepping through a stored game (``bot.core.replay``): any step, in any order, is the game as it
was after that many logged actions; rounds are found from the state; a log the rules no longer
accept is reported at the step that fails, not half-way through someone's stepping."""

from __future__ import annotations

import copy
import random

import pytest

from bot.core.replay import CHECKPOINT, Replay, Replays, Unreplayable
from bot.games import get_game
from bot.games.rng import Rng
from bot.storage import ActionRecord, GameRecord

GAME = get_game("star-gazers")
SEED = 2026


def played(seats: int = 2, seed: int = SEED) -> tuple[list[dict], list[ActionRecord]]:
    """A whole game by the bot player: every state (step 0 first) and the log that made it."""
    state = GAME.setup(seats, GAME.validate_options({}), seed)
    states, log, rng = [state], [], Rng(seed)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        action = GAME.bot_action(state, seat, rng)
        applied = GAME.apply(state, seat, action)
        log.append(ActionRecord(len(log) + 1, seat, action, list(applied.events), 0.0))
        state = applied.state
        states.append(state)
    return states, log


def round_mark(state: dict) -> int:
    return GAME.view(state, None)["round"]


def test_every_step_in_any_order_is_the_game_after_that_many_actions() -> None:
    states, log = played()
    snapshot = copy.deepcopy(states)
    replay = Replay(GAME, 2, GAME.validate_options({}), SEED, log, mark=round_mark, final=states[-1])
    assert replay.steps == len(log) > 3 * CHECKPOINT
    order = list(range(replay.steps + 1))
    random.Random(1).shuffle(order)
    for step in [*order, 0, replay.steps, 1, replay.steps - 1]:
        assert replay.state(step) == states[step], step
    assert states == snapshot, "stepping never changes a state it was given or handed out"
    assert replay.move(0) is None
    assert replay.move(5).seat == log[4].seat and replay.move(5).events == tuple(log[4].events)
    with pytest.raises(IndexError):
        replay.state(replay.steps + 1)


def test_rounds_start_where_the_round_changes_and_stepping_by_round_walks_them() -> None:
    states, log = played()
    replay = Replay(GAME, 2, GAME.validate_options({}), SEED, log, mark=round_mark)
    rounds = [round_mark(s) for s in states]
    starts = replay.round_starts()
    assert starts[0] == 0 and len(starts) == len(dict.fromkeys(rounds)) > 2
    assert all(rounds[s] != rounds[s - 1] for s in starts[1:])
    walked, step = [0], 0
    while step < replay.steps:
        step = replay.next_round(step)
        walked.append(step)
    assert walked == [*starts, replay.steps] or walked == starts
    middle = starts[2] + 1
    assert replay.previous_round(middle) == starts[2]  # back to the start of its own round
    assert replay.previous_round(starts[2]) == starts[1]  # from a round's start: the round before
    assert replay.previous_round(0) == 0 and replay.next_round(replay.steps) == replay.steps
    assert replay.round_of(middle) == 2 and replay.round_of(0) == 0


def test_a_refused_action_is_reported_at_its_step() -> None:
    _states, log = played()
    broken = list(log)
    broken[7] = ActionRecord(8, log[7].seat, {"kind": "no such move"}, [], 0.0)
    with pytest.raises(Unreplayable) as caught:
        Replay(GAME, 2, GAME.validate_options({}), SEED, broken)
    assert caught.value.step == 8 and "Malformed" in caught.value.reason


def test_an_end_that_differs_from_the_stored_game_is_reported() -> None:
    states, log = played()
    other = played(seed=SEED + 1)[0][-1]
    with pytest.raises(Unreplayable) as caught:
        Replay(GAME, 2, GAME.validate_options({}), SEED, log, final=other)
    assert caught.value.step == len(log)
    assert Replay(GAME, 2, GAME.validate_options({}), SEED, log, final=states[-1]).steps == len(log)


def record_of(
    game_id: int, states: list[dict], log: list[ActionRecord], *, seed: int | None = SEED
) -> GameRecord:
    return GameRecord(
        id=game_id,
        game=GAME.slug,
        guild_id=1,
        channel_id=1,
        thread_id=None,
        host_id=1,
        status="finished",
        options=GAME.validate_options({}),
        seed=seed,
        state=states[-1],
        version=len(log),
        lobby_message_id=None,
        status_message_id=None,
        deadline_at=None,
        created_at=0.0,
        updated_at=0.0,
        seats=[],
    )


def test_replays_are_kept_by_game_and_log_length() -> None:
    states, log = played()
    record = record_of(1, states, log)
    record.seats = [None, None]  # type: ignore[list-item]  # only their number is read
    replays = Replays(keep=2)
    first = replays.of(GAME, record, log, mark=None)
    assert replays.of(GAME, record, log, mark=None) is first
    shorter = replays.of(GAME, record, log[:10], mark=None)  # a running game's log, earlier
    assert shorter is not first and shorter.steps == 10
    replays.of(GAME, record, log[:5], mark=None)  # a third one: the least recently used goes
    assert replays.of(GAME, record, log[:10], mark=None) is shorter
    assert replays.of(GAME, record, log, mark=None) is not first
    with pytest.raises(Unreplayable):
        replays.of(GAME, record_of(3, states, log, seed=None), log, mark=None)
