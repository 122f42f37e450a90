"""Recorded action logs of every shipped game, with what each action gave, so a change to the
engines' plumbing (``Game.apply``, copying, dispatch) is proved to leave stored games as they were.

``recorded/<slug>.json`` holds seeded games (random legal moves, the bot's moves, missed
deadlines and countdowns). After each action it keeps a digest of the state as storage writes it
(``bot.storage.rows.dumps``, byte for byte) and of the events as the action log stores them; every
``PROBE_EVERY`` actions, what a set of probes got (other seats' moves, system, malformed and unknown
actions): the refusals as they are stored (message id and parameters) and the digests of the
results, in one digest.

The files were written by ``python -m tests.games.recorded_logs`` from the code of the time. Write
them again only for a change meant to change what games store (a rules fix), and say so in the
commit: ``test_recorded_logs.py`` replays them against today's code.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from bot.games import GAMES
from bot.games.base import Action, Game, IllegalAction, State
from bot.games.rng import Rng
from bot.i18n.msg import to_stored
from bot.storage.rows import dumps
from tests.games.conformance import TIMEOUT, bot_step, random_step

FOLDER = Path(__file__).with_name("recorded")
PROBE_EVERY = 7
MAX_ACTIONS = 20_000


def digest(state: State, events: list[str]) -> str:
    """The state as storage writes it and the events as the log keeps them, in 16 hex digits."""
    stored = dumps(state) + "\n" + dumps([to_stored(event) for event in events])
    return hashlib.sha256(stored.encode()).hexdigest()[:16]


def outcome(game: Game, state: State, seat: int | None, action: Any) -> Any:
    """What ``apply`` gives: the digest of its result, or its refusal as the log would store it."""
    try:
        applied = game.apply(state, seat, action)
    except IllegalAction as error:
        return {"refused": to_stored(error.message)}
    return digest(applied.state, applied.events)


def probe_actions(game: Game, state: State) -> list[Any]:
    """The first listed action of each seat that must act, a missed deadline, the countdown's
    action, an unknown kind and something that is not an action at all."""
    found: list[Any] = []
    for seat in game.to_act(state):
        for action in [*game.legal_actions(state, seat)[:1], game.missed_deadline(state, seat)]:
            if action is not None and action not in found:
                found.append(action)
    return [*found, TIMEOUT, {"kind": "no-such-kind"}, None]


def probe_results(game: Game, state: State) -> list[Any]:
    """Every seat's (and the system's) try of every probe action: ``[seat, action, outcome]``."""
    return [
        [seat, action, outcome(game, state, seat, action)]
        for seat in [None, *range(state["seats"])]
        for action in probe_actions(game, state)
    ]


def probes(game: Game, state: State) -> str:
    """The probes' results in 16 hex digits (``probe_results`` lists them for a failing test)."""
    return hashlib.sha256(dumps(probe_results(game, state)).encode()).hexdigest()[:16]


def mixed_step(game: Game, state: State, rng: Rng) -> tuple[int | None, Action]:
    """Now the bot's move, now a random legal one (with the odd deadline or countdown)."""
    return (bot_step if rng.random() < 0.5 else random_step)(game, state, rng)


def other_options(game: Game) -> dict[str, Any]:
    """The last choice of every option the game takes on its own, and the Italian table's options."""
    options: dict[str, Any] = dict(game.table_options("it"))
    for spec in game.options:
        try:
            game.validate_options({**options, spec.name: spec.choices[-1]})
        except IllegalAction:
            continue
        options[spec.name] = spec.choices[-1]
    return options


def record_game(game: Game, seats: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """One game to its end: its log, the digest after each action and the probes on the way."""
    state = game.setup(seats, options, seed)
    rng = Rng(seed ^ 0x5EED)
    out: dict[str, Any] = {
        "seats": seats,
        "options": options,
        "seed": seed,
        "start": digest(state, []),
        "log": [],
        "after": [],
        "probes": {},
    }
    for step in range(MAX_ACTIONS):
        if game.is_over(state):
            break
        if step % PROBE_EVERY == 0:
            out["probes"][str(step)] = probes(game, state)
        seat, action = mixed_step(game, state, rng)
        applied = game.apply(state, seat, action)
        out["log"].append([seat, action])
        out["after"].append(digest(applied.state, applied.events))
        state = applied.state
    else:
        raise AssertionError(f"{game.slug}: no end after {MAX_ACTIONS} actions")
    out["probes"]["end"] = probes(game, state)
    return out


def record(game: Game) -> dict[str, Any]:
    return {
        "slug": game.slug,
        "games": [
            record_game(game, game.min_seats, {}, 101),
            record_game(game, game.max_seats, other_options(game), 202),
        ],
    }


def path_of(slug: str) -> Path:
    return FOLDER / f"{slug}.json"


def write(slugs: list[str]) -> None:
    FOLDER.mkdir(exist_ok=True)
    for slug in slugs or list(GAMES):
        recorded = record(GAMES[slug])
        path_of(slug).write_text(json.dumps(recorded, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"{path_of(slug)}: {sum(len(g['log']) for g in recorded['games'])} actions")


if __name__ == "__main__":
    write(sys.argv[1:])
