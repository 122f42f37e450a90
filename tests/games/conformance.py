"""The checks every registered game must pass, after every step of a seeded random game.

OpenSpiel's ``random_sim_test`` is the model: play complete games with random legal moves and
hold the engine to the ``Game`` contract at every step, using only what the contract exposes
(``to_act``, ``legal_actions``, ``apply``, ``view``, ``disguise``, ``countdown``, ``bot_action``).
What is specific to one game (its scoring, its component counts) stays in its own tests.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import Action, Game, IllegalAction, State
from bot.games.replay import replay
from bot.games.rng import Rng

MAX_STEPS = 20_000
LEGAL_SAMPLE = 12  # listed actions of each seat applied at a checked step
TIMEOUT = {"kind": "timeout"}
MALFORMED: tuple[Any, ...] = (
    None,
    "pass",
    7,
    [],
    {},
    {"kind": None},
    {"kind": ["stroke"]},
    {"kind": "no-such-kind"},
)
NOT_SEATS: tuple[Any, ...] = (-1, True, False, "0", 1.0)


@dataclass
class Played:
    """A finished game and how it got there."""

    seats: int
    options: dict[str, Any]
    seed: int
    state: State
    log: list[tuple[int | None, Action]] = field(default_factory=list)
    probes: int = 0


Chooser = Callable[[Game, State, Rng], tuple[int | None, Action]]


def random_step(game: Game, state: State, rng: Rng) -> tuple[int | None, Action]:
    """A random seat that must act and one of its legal actions; now and then a missed deadline
    or the countdown's system action, which always ends a pause nobody is asked to act in."""
    waiting = game.to_act(state)
    timed = game.countdown(state) is not None
    if not waiting or (timed and rng.random() < 0.02):
        assert timed, "nobody is asked to act, the game is not over and no countdown runs"
        return None, TIMEOUT
    seat = rng.choice(waiting)
    missed = game.missed_deadline(state, seat) if rng.random() < 0.02 else None
    if missed is not None:
        return None, missed
    return seat, rng.choice(game.legal_actions(state, seat))


def bot_step(game: Game, state: State, rng: Rng) -> tuple[int | None, Action]:
    """What the bot player does for the first seat it has a move for (else the countdown runs out)."""
    for seat in game.to_act(state):
        action = game.bot_action(state, seat, rng)
        if action is not None:
            return seat, action
    assert game.countdown(state) is not None, "the bot leaves every decision and no countdown runs"
    return None, TIMEOUT


def play(
    game: Game, seats: int, seed: int, choose: Chooser, check_every: int = 0, options: dict | None = None
) -> Played:
    """One complete game; with ``check_every`` > 0 the contract is checked every so many steps."""
    options = game.validate_options(options or {})
    state = game.setup(seats, options, seed)
    played = Played(seats, options, seed, state)
    rng, probe = Rng(seed ^ 0xC0FFEE), Rng(seed ^ 0xBEEF)
    decision = game.decision_id(state)
    acted: set[int] = set()  # seats that moved in this step: a game may let them change their mind
    for step in range(MAX_STEPS):
        if game.is_over(state):
            break
        if check_every and step % check_every == 0:
            check_state(game, state, probe, acted)
            played.probes += 1
        seat, action = choose(game, state, rng)
        before = copy.deepcopy(state)
        applied = game.apply(state, seat, action)
        assert state == before, f"apply changed its input: {seat} {action}"
        for event in applied.events:
            str(event).format(*[f"P{i}" for i in range(seats)])
        state = applied.state
        assert game.decision_id(state) >= decision, "the decision id went back"
        if game.decision_id(state) != decision:
            acted.clear()
        acted |= {seat} if seat is not None else set()
        decision = game.decision_id(state)
        played.log.append((seat, action))
    else:
        raise AssertionError(f"no end after {MAX_STEPS} steps")
    played.state = state
    check_over(game, state, probe)
    return played


def check_state(game: Game, state: State, rng: Rng, acted: Collection[int] = ()) -> None:
    """The contract at one point of a running game (``acted``: seats that moved in this step)."""
    assert json.loads(json.dumps(state)) == state, "the state is not plain JSON"
    waiting = game.to_act(state)
    seats = range(state["seats"])
    assert set(waiting) <= set(seats) and len(set(waiting)) == len(waiting)
    legal = {seat: game.legal_actions(state, seat) for seat in seats}
    for seat in waiting:
        assert legal[seat], f"seat {seat} must act but has no legal action"
        assert json.loads(json.dumps(legal[seat])) == legal[seat]
        some = (
            legal[seat]
            if len(legal[seat]) <= LEGAL_SAMPLE
            else [rng.choice(legal[seat]) for _ in range(LEGAL_SAMPLE)]
        )
        for action in some:
            game.apply(state, seat, action)  # every listed action is accepted
    check_views(game, state)
    check_refusals(game, state, legal, rng, acted)


def check_views(game: Game, state: State) -> None:
    """No view reads a secret of its viewer: it cannot tell the state from its disguise."""
    for viewer in [None, *range(state["seats"])]:
        disguised = game.disguise(state, viewer)
        assert disguised != state, "disguise changed nothing (the RNG at least is secret)"
        assert game.view(disguised, viewer) == game.view(state, viewer), f"a view of {viewer} reads a secret"


def refused(game: Game, state: State, seat: Any, action: Any) -> str:
    """The refusal's text for the player; fails if ``action`` was accepted or ``state`` changed."""
    before = copy.deepcopy(state)
    try:
        game.apply(state, seat, action)
    except IllegalAction as error:
        assert state == before, f"a refused action changed the state: {seat} {action}"
        assert str(error.message), "a refusal says nothing to the player"
        return str(error.message)
    raise AssertionError(f"seat {seat!r} was allowed {action!r}")


def check_refusals(
    game: Game, state: State, legal: dict[int, list[Action]], rng: Rng, acted: Collection[int]
) -> None:
    """Malformed actions, seats that are not seats, actions by seats not asked (that did not move
    in this step), and a legal action with one value changed (unless the change gives another
    listed action) are all refused."""
    waiting = game.to_act(state)
    seat = rng.choice(waiting) if waiting else 0
    for bad in MALFORMED:
        refused(game, state, seat, bad)
    if not waiting:
        return
    action = rng.choice(legal[seat])
    for not_a_seat in (*NOT_SEATS, state["seats"]):
        refused(game, state, not_a_seat, action)
    for idle in (s for s in range(state["seats"]) if s not in waiting and s not in acted):
        if action not in legal[idle]:
            refused(game, state, idle, action)
    changed = tweak(action, [a for actions in legal.values() for a in actions], rng)
    if changed not in legal[seat]:
        refused(game, state, seat, changed)


def tweak(action: Action, pool: list[Action], rng: Rng) -> Action:
    """``action`` with one field given the value of another listed action of the same shape (same
    fields), or a value of the wrong type; an action with no field gets an unknown kind. Extra
    fields are not probed: games ignore them."""
    fields = [key for key in action if key != "kind"]
    if not fields:
        return {**action, "kind": f"{action['kind']}!"}
    key = rng.choice(fields)
    values = [a[key] for a in pool if a.keys() == action.keys() and a[key] != action[key]]
    if values and rng.random() < 0.7:
        return {**action, key: rng.choice(values)}
    return {**action, key: {"not": "a value"}}


def check_over(game: Game, state: State, rng: Rng) -> None:
    """A finished game: a result, nobody to act, nothing legal, every action refused."""
    outcome = game.outcome(state)
    assert outcome is not None and game.to_act(state) == []
    seats = state["seats"]
    assert len(outcome.scores) == seats and outcome.winners
    assert set(outcome.winners) <= set(range(seats))
    for seat in range(seats):
        assert game.legal_actions(state, seat) == []
        refused(game, state, seat, {"kind": "no-such-kind"})
    refused(game, state, None, TIMEOUT)
    check_views(game, state)


def check_replay(game: Game, played: Played) -> None:
    """The stored record (seed, options and the action log, through JSON) rebuilds the state."""
    stored = json.loads(json.dumps({"options": played.options, "log": played.log, "state": played.state}))
    log = [(seat, action) for seat, action in stored["log"]]
    assert replay(game, played.seats, stored["options"], played.seed, log) == stored["state"]
