"""Shared helpers for the Star Gazers tests: scripted states, custom Murals and checked games."""

from __future__ import annotations

import json
import marshal
from collections import Counter
from typing import Any

from bot.games.base import IllegalAction
from bot.games.replay import replay
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
from bot.games.star_gazers.flow import fresh_work
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


def dumps(state: State) -> bytes:
    """A fingerprint of the state to prove ``apply`` left it alone (marshal v2 is fast and has no
    back-references, so equal unchanged objects give equal bytes)."""
    return marshal.dumps(state, 2)


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


def secrets(state: State) -> set[str]:
    """Ids the public may not see: Journal hands, dealt cards, the draft in progress."""
    hidden: set[str] = set()
    if state["phase"] == "over":
        return hidden  # the Journals are revealed at the end
    board = {c for d in state["decks"].values() for c in d[:1]} | {c for c in state["shown"].values() if c}
    for p in state["players"]:
        hidden.update(c for c in p["journal"] if c not in board)
    for pair in state["dealt"] or []:
        hidden.update(c for c in pair if c not in board)
    return hidden


def undrafted(state: State) -> State:
    """The state with the active turn's draft thrown away (what the public may know)."""
    if state["turn"] is None:
        return state
    state = json.loads(json.dumps(state))
    turn = state["turn"]
    turn.update(picked=None, queue=[], changed=False, notes=[], work=fresh_work(state, turn["seat"]))
    return state


def check_views(state: State, seats: list[int] | None = None) -> None:
    public = GAME.view(state, None)
    text = json.dumps(public)
    for ident in secrets(state):
        assert f'"{ident}"' not in text, ident
    assert "you" not in public and "choice" not in public
    assert GAME.view(undrafted(state), None) == public
    for seat in range(state["seats"]) if seats is None else seats:
        mine = GAME.view(state, seat)
        json.dumps(mine)
        assert [c["id"] for c in mine["journal"]] == (
            state["turn"]["work"]["player"]["journal"]
            if state["turn"] and state["turn"]["seat"] == seat
            else state["players"][seat]["journal"]
        )
        assert (mine["choice"] is not None) == (seat in GAME.to_act(state))


BAD_ACTIONS = [
    {"kind": "pick", "square": 9},
    {"kind": "tile", "cell": 3, "rotation": 7},
    {"kind": "confirm"},
    {"kind": "token", "target": "moon"},
    {"kind": "token", "target": "cell", "cell": 0},
    {"kind": "move_tile", "from": 0, "to": 0, "rotation": 0, "swap_rotation": None},
    {"kind": "gain", "type": "planet"},
    {"kind": "skip"},
    {"kind": "undo"},
    {"kind": "bonus", "type": "sun"},
    {"kind": "reserve", "index": 1},
    {"kind": "keep", "card": "J-I-01"},
    {"kind": "nope"},
    "pick",
    {"kind": "take_journal", "card": "J-III-99"},
]


RANGES = {
    "square": 8,
    "cell": 16,
    "rotation": 4,
    "space": 8,
    "index": 2,
    "from": 16,
    "to": 16,
    "swap_rotation": 4,
    "piece": 5,
}


def tweak(action: dict[str, Any], rng: Rng) -> dict[str, Any]:
    """A legal action with one number changed: often illegal (a taken square, a full space…)."""
    action = dict(action)
    keys = [k for k in action if k in RANGES]
    if keys:
        key = rng.choice(keys)
        action[key] = rng.below(RANGES[key])
    elif "card" in action:
        action["card"] = rng.choice(["J-I-02", "J-II-05", "J-III-09"])
    elif "type" in action:
        action["type"] = rng.choice(["star", "shuttle", "sun", "moon", "comet", "station"])
    return action


def probe_illegal(state: State, legal: list[dict[str, Any]], rng: Rng, text: bytes) -> None:
    """An action not listed as legal must raise IllegalAction and leave the state untouched."""
    seat = GAME.to_act(state)[0]
    action = tweak(rng.choice(legal), rng) if rng.random() < 0.6 else rng.choice(BAD_ACTIONS)
    if action in legal:
        return
    others = [s for s in range(state["seats"]) if s not in GAME.to_act(state)]
    for who in [seat] + others[:1]:
        try:
            GAME.apply(state, who, action)  # type: ignore[arg-type]
        except IllegalAction as error:
            assert error.message and dumps(state) == text
        else:
            raise AssertionError(f"unlisted action accepted for seat {who}: {action}")


def checked_random_game(
    seats: int, seed: int, rng_seed: int, deep_every: int = 25, replay_it: bool = False, views_every: int = 45
) -> State:
    """A random game with the contract checked at every step and deeper checks now and then
    (views are the costliest check, so they run on a sparser sample of steps)."""
    agent, probe = Rng(rng_seed), Rng(rng_seed ^ 0x5A5A)
    state = GAME.setup(seats, {}, seed)
    text = dumps(state)
    log = []
    decision = GAME.decision_id(state)
    step = 0
    while waiting := GAME.to_act(state):
        seat = waiting[0]
        legal = GAME.legal_actions(state, seat)
        assert legal
        if step % deep_every == 0:
            for other in range(seats):
                assert bool(GAME.legal_actions(state, other)) == (other in waiting)
            assert json.loads(json.dumps(state)) == state
            check_conservation(state)
            probe_illegal(state, legal, probe, text)
        if step % views_every == 0:
            check_views(state, sorted({seat, step % seats}))
        action = random_action(GAME, state, seat, agent, legal)
        assert action in legal
        applied = GAME.apply(state, seat, action)
        assert dumps(state) == text, "apply changed its input"
        for event in applied.events:
            event.format(*[f"P{i}" for i in range(seats)])
            assert "J-" not in event and "T" + "0" not in event, event  # no card or tile ids
        new = applied.state
        if action["kind"] not in ("confirm", "keep"):
            assert GAME.decision_id(new) == GAME.decision_id(state), "decision moved inside a turn"
            assert applied.events == []
        assert GAME.decision_id(new) >= decision
        decision = GAME.decision_id(new)
        state, text = new, dumps(new)
        log.append((seat, action))
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
    check_views(state)
    assert state["stacks"] == [] and state["bag"] == [] and not any(state["universe"])
    if replay_it:
        assert replay(GAME, seats, {}, seed, log) == state
    return state


SIMULATED_GAMES = 300
REPLAYED = 10  # replaying the log is the slowest check, so it runs on a sample


def simulate_many(seats: int, games: int = SIMULATED_GAMES) -> float:
    """``games`` checked random games for one player count; returns the seconds taken."""
    import time

    plan = Rng(1000 + seats)
    began = time.perf_counter()
    for game in range(games):
        checked_random_game(seats, plan.below(1 << 62), plan.below(1 << 62), replay_it=game < REPLAYED)
    return time.perf_counter() - began
