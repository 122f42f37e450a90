"""Shared helpers for the A Sky of Stars tests: building states and checking invariants."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from bot.games.base import IllegalAction
from bot.games.replay import replay
from bot.games.rng import Rng
from bot.games.sky_of_stars import SkyOfStars
from bot.games.sky_of_stars.model import Face, left_of
from bot.games.sky_of_stars.simulate import random_move

GAME = SkyOfStars()
STAR_LABEL = re.compile(r"\b[A-H][1-6]\b")


def new_game(seats: int = 4, seed: int = 7, **options: Any) -> dict[str, Any]:
    """A game without the reveal's pause unless asked for: a reveal then opens the next drawing
    at once, as scripted tests expect (the pause has tests of its own)."""
    options.setdefault("reveal_pause", 0)
    return GAME.setup(seats, options, seed)


def act(state: dict[str, Any], seat: int | None, action: dict[str, Any]) -> dict[str, Any]:
    return GAME.apply(state, seat, action).state


def first_move(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The first listed legal action that is not STOP (deterministic, for scripted tests)."""
    return next(a for a in GAME.legal_actions(state, seat) if a["kind"] != "stop")


def settle(state: dict[str, Any], until: set[str], prefer_pass: bool = True) -> dict[str, Any]:
    """Let every waiting seat make its first legal move until the phase is one of ``until``."""
    while state["phase"] not in until:
        seat = GAME.to_act(state)[0]
        moves = [a for a in GAME.legal_actions(state, seat) if a["kind"] != "stop"]
        passes = [a for a in moves if a["kind"] == "pass"]
        state = act(state, seat, passes[0] if prefer_pass and passes else moves[0])
    return state


def start_all(state: dict[str, Any], stars: list[str]) -> dict[str, Any]:
    for seat, star in enumerate(stars):
        state = act(state, seat, {"kind": "start", "star": star})
    return state


def constellation(start: str, strokes: list[tuple[str, str]]) -> dict[str, Any]:
    stars = [start] + [b for _, b in strokes]
    return {"start": start, "stars": stars, "strokes": [list(s) for s in strokes]}


def force_roll(state: dict[str, Any], face: str, waiting: list[int] | None = None) -> dict[str, Any]:
    """A copy of ``state`` with the die showing ``face`` and the step open for ``waiting``."""
    state = copy.deepcopy(state)
    seats = range(state["seats"])
    waiting = list(seats) if waiting is None else waiting
    state.update(
        phase="swirl" if face == Face.SWIRL else "stroke",
        roll={"face": face, "count": 1},
        waiting=waiting,
        locked=[],
        skipped=[s for s in seats if s not in waiting],
        pending=[None] * state["seats"],
    )
    state["decision"] += 1
    return state


def dumps(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


def scramble(state: dict[str, Any], keep: int | None = None) -> dict[str, Any]:
    """Change every secret ``keep`` (a seat, or ``None`` for the public) may not see.

    A view that reads any of them differs on the scrambled state (or fails on its garbage),
    so "the view equals the view of the scrambled state" proves the view hides them.
    """
    s = json.loads(json.dumps(state))
    seats = s["seats"]
    s["rng"] ^= 0x5DEECE66D
    s["deck"][s["round"] :] = reversed(s["deck"][s["round"] :])
    visible = {keep}
    if keep is not None and s["phase"] == "swirl" and keep in s["waiting"]:
        visible.add(left_of(keep, seats))  # the canceller looks at that vault
    if s["phase"] == "guess":
        visible |= set(s["guess"]["order"][: s["guess"]["position"] + 1])
    if s["phase"] == "reveal":  # the drawings revealed so far are public
        visible |= set(s["guess"]["order"][: s["guess"]["position"]])
    for seat in range(seats):
        if seat == keep:
            continue
        s["numbers"][seat] = s["numbers"][seat] % 5 + 1
        s["pending"][seat] = "hidden"
        vault = s["vaults"][seat]
        if seat not in visible:
            vault["current"] = {"start": "ZZ", "stars": ["ZZ"], "strokes": [["ZZ", "ZZ"]]}
            vault["cancelled"] = ["ZZ"]
    return s


def checked_random_game(
    seats: int,
    seed: int,
    rng_seed: int,
    stop_chance: float,
    timeout_chance: float,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play a random game, checking the contract and the secrecy rules after every action."""
    rng = Rng(rng_seed ^ 0xABCDEF)
    agent = Rng(rng_seed)
    options = dict(options or {})
    state = GAME.setup(seats, options, seed)
    text = dumps(state)
    log: list[tuple[int | None, dict[str, Any]]] = []
    decision = GAME.decision_id(state)
    while not GAME.is_over(state):  # a reveal's pause waits on nobody, only on its countdown
        assert json.loads(json.dumps(state)) == state
        check_views(state, rng)
        legal = {s: GAME.legal_actions(state, s) for s in range(seats)}
        for s in range(seats):
            decides = [a for a in legal[s] if a["kind"] != "stop"]
            assert bool(decides) == (s in GAME.to_act(state)), (s, state["phase"])
        if state["phase"] in ("stroke", "final") and rng.random() < 0.2:
            probe_illegal_stroke(state, legal, rng, text)
        seat, action = random_move(GAME, state, agent, stop_chance, timeout_chance, miss_chance=0.03)
        if seat is not None:
            assert action in legal[seat]
        applied = GAME.apply(state, seat, action)
        assert dumps(state) == text, "apply changed its input"
        reveals = len(applied.state["reveals"]) - len(state["reveals"])
        assert sum("drew #" in e for e in applied.events) == reveals
        for event in applied.events:
            assert not STAR_LABEL.search(event), event
            event.format(*[f"P{i}" for i in range(seats)])
        state = applied.state
        text = dumps(state)
        assert GAME.decision_id(state) >= decision
        decision = GAME.decision_id(state)
        log.append((seat, action))
    outcome = GAME.outcome(state)
    assert outcome is not None and GAME.to_act(state) == []
    for seat, part in enumerate(outcome.breakdown):
        rounds = sum(r["points"] for r in part["rounds"])
        assert outcome.scores[seat] == part["total"] == rounds + len(part["majorities"])
        assert len(part["rounds"]) == 3
    assert replay(GAME, seats, options, seed, log) == state
    return {"actions": len(log), "state": state}


def check_views(state: dict[str, Any], rng: Rng) -> None:
    public = GAME.view(state, None)
    assert "secret" not in public and "you" not in public
    assert GAME.view(scramble(state), None) == public
    assert len(public["reveals"]) == len(state["reveals"])
    seat = rng.below(state["seats"])
    assert GAME.view(scramble(state, seat), seat) == GAME.view(state, seat)


def probe_illegal_stroke(
    state: dict[str, Any], legal: dict[int, list[dict[str, Any]]], rng: Rng, text: str
) -> None:
    """A random stroke the engine did not list must be refused, leaving the state untouched."""
    seat = rng.choice(GAME.to_act(state))
    stars = [f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 7)]
    own = state["vaults"][seat]["current"]["stars"]
    start = rng.choice(own) if own and rng.random() < 0.8 else rng.choice(stars)
    action = {"kind": "stroke", "from": start, "to": rng.choice(stars)}
    if action in legal[seat]:
        return
    try:
        GAME.apply(state, seat, action)
    except IllegalAction:
        assert dumps(state) == text
    else:
        raise AssertionError(f"unlisted stroke accepted: {action}")
