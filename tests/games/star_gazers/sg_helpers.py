"""Shared helpers for the Star Gazers tests: scripted states, custom Murals and checked games."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from bot.games.rng import Rng
from bot.games.star_gazers import StarGazers
from bot.games.star_gazers.components import (
    Catalog,
    Tile,
    bonus_tokens,
    catalog,
    load_tiles,
    load_tokens,
    starter_sun,
)
from bot.games.star_gazers.model import new_player
from bot.games.star_gazers.simulate import random_action

GAME = StarGazers()
State = dict[str, Any]


def new_game(seats: int = 2, seed: int = 7) -> State:
    return GAME.setup(seats, {}, seed)


def act(state: State, seat: int, action: dict[str, Any]) -> State:
    return GAME.apply(state, seat, action).state


def keep_all(state: State) -> State:
    """Every seat keeps its first dealt card: the draft begins."""
    for seat in range(state["seats"]):
        state = act(state, seat, {"kind": "keep", "card": state["dealt"][seat][0]})
    return state


def start(seats: int = 2, seed: int = 7) -> tuple[State, int]:
    state = keep_all(new_game(seats, seed))
    return state, GAME.to_act(state)[0]


def edit(state: State, **player: object) -> State:
    """A copy whose active draft (and committed board) has the given player fields."""
    state = json.loads(json.dumps(state))
    seat = state["turn"]["seat"]
    for key, value in player.items():
        state["turn"]["work"]["player"][key] = json.loads(json.dumps(value))
        state["players"][seat][key] = json.loads(json.dumps(value))
    return state


def token_of(kind: str, nth: int = 0, event: str | None = None) -> str:
    """The id of the ``nth`` Galaxy token of a kind (and event, for photos)."""
    found = [t.id for t in load_tokens() if t.kind == kind and (event is None or t.event == event)]
    return found[nth]


def blank_tile(ident: str, edges: tuple = (None, None, None, None), icons: tuple = ()) -> Tile:
    return Tile(ident, 2, tuple(icons), tuple(edges))  # type: ignore[arg-type]


def custom_catalog(tiles: list[Tile]) -> Catalog:
    """Real tokens with test-made tiles, so a Mural can be built exactly as a test needs."""
    return Catalog({t.id: t for t in tiles}, catalog().tokens)


def mural(
    tiles: dict[int, tuple[str, int]] | None = None,
    tokens: dict[int, str] | None = None,
    under: dict[int, str] | None = None,
    hexes: dict[int, list[str]] | None = None,
) -> dict[str, Any]:
    """A player dict with tiles ``{cell: (tile id, rotation)}`` and tokens ``{cell: token id}``."""
    player = new_player()
    for cell, (ident, rot) in (tiles or {}).items():
        player["tiles"][cell] = {"id": ident, "rot": rot, "hex": list((hexes or {}).get(cell, []))}
    for cell, ident in (tokens or {}).items():
        player["tokens"][cell] = ident
    for cell, ident in (under or {}).items():
        player["under"][cell] = ident
    return player


def with_head(state: State, token: str, reserve: bool = False) -> State:
    """A copy of a draft state whose current step is placing ``token`` (after a pick)."""
    state = json.loads(json.dumps(state))
    turn = state["turn"]
    turn["picked"] = turn["picked"] if turn["picked"] is not None else 0
    turn["queue"] = [{"step": "token", "id": token, "reserve": reserve}]
    turn["changed"] = True
    return state


def tokens_in_play(seats: int) -> Counter[str]:
    ids = [t.id for t in load_tokens() if t.players <= seats]
    ids += [t.id for t in bonus_tokens(seats)] + [starter_sun(s).id for s in range(seats)]
    return Counter(ids)


def where_tokens(state: State) -> Counter[str]:
    """Every token id wherever it lies in the confirmed state (each must appear once)."""
    found: Counter[str] = Counter(state["bag"])
    found.update(o["token"] for o in state["universe"] if o)
    found.update(t for t in state["centre"].values() if t)
    for ids in state["supply"].values():
        found.update(ids)
    for p in state["players"]:
        found.update(t for t in p["tokens"] + p["under"] + p["shuttles"] if t)
        found.update(h for t in p["tiles"] if t for h in t["hex"])
        found.update(p["reserve"] + p["discarded"])
    return found


def where_tiles(state: State) -> Counter[str]:
    found: Counter[str] = Counter(t for stack in state["stacks"] for t in stack)
    found.update(o["tile"] for o in state["universe"] if o)
    for p in state["players"]:
        found.update(t["id"] for t in p["tiles"] if t)
    return found


def check_conservation(state: State) -> None:
    seats = state["seats"]
    assert where_tokens(state) == tokens_in_play(seats)
    assert where_tiles(state) == Counter(t.id for t in load_tiles() if t.players <= seats)


def checked_random_game(seats: int, seed: int, rng_seed: int, deep_every: int = 25) -> State:
    """A random game checking what is particular to Star Gazers (the contract every game keeps is
    checked by ``tests/games/test_conformance.py``): every token and tile is somewhere exactly
    once, a turn's sub-actions neither open a new decision nor say anything until it is
    confirmed, events name no card or tile, and the final scores add up."""
    agent = Rng(rng_seed)
    state = GAME.setup(seats, {}, seed)
    step = 0
    while waiting := GAME.to_act(state):
        seat = waiting[0]
        if step % deep_every == 0:
            check_conservation(state)
        action = random_action(GAME, state, seat, agent, GAME.legal_actions(state, seat))
        applied = GAME.apply(state, seat, action)
        for event in applied.events:
            assert "J-" not in event and "T" + "0" not in event, event  # no card or tile ids
        if action["kind"] not in ("confirm", "keep"):
            assert GAME.decision_id(applied.state) == GAME.decision_id(state), "decision moved inside a turn"
            assert applied.events == []
        state = applied.state
        step += 1
    outcome = GAME.outcome(state)
    assert outcome is not None
    for seat, part in enumerate(outcome.breakdown):
        parts = (
            part["photos"]["points"]
            + part["telescopes"]["points"]
            + part["icon_points"]
            + sum(c["points"] for c in part["constellations"])
        )
        assert outcome.scores[seat] == part["total"] == parts
        assert part["telescopes"]["points"] == 3 * part["telescopes"]["count"]
        assert sum(1 for t in state["players"][seat]["tiles"] if t) == 16
    check_conservation(state)
    assert state["stacks"] == [] and state["bag"] == [] and not any(state["universe"])
    return state


SIMULATED_GAMES = 300


def simulate_many(seats: int, games: int = SIMULATED_GAMES) -> float:
    """``games`` checked random games for one player count; returns the seconds taken."""
    import time

    plan = Rng(1000 + seats)
    began = time.perf_counter()
    for _ in range(games):
        checked_random_game(seats, plan.below(1 << 62), plan.below(1 << 62))
    return time.perf_counter() - began
