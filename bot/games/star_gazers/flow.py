"""Setup, the journal phase, turn order, refills between rounds and the end of the game.

A turn's sub-actions (``turn.py``) only change ``state["turn"]["work"]``, a private copy of the
parts a turn can touch; ``confirm`` copies it back here, so everything before it is undoable.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import copy_json
from bot.games.outcome import Outcome, decide, tie_event
from bot.games.rng import Rng
from bot.games.star_gazers.components import (
    BONUS_TYPES,
    JOURNAL_DECKS,
    bonus_tokens,
    cards_by_id,
    catalog,
    constellations_by_id,
    load_constellations,
    load_journal,
    load_tiles,
    load_tokens,
    starter_sun,
)
from bot.games.star_gazers.model import (
    PICKS_PER_ROUND,
    SLUG,
    UNIVERSE_SQUARES,
    Phase,
    new_player,
    picker,
    rounds_for,
)
from bot.games.star_gazers.scoring import Survey, breakdown
from bot.games.star_gazers.texts import stored_notes
from bot.i18n.msg import M_, MN_, N_, Joiner, joined, seat_ref

State = dict[str, Any]
WORK_KEYS = ("universe", "centre", "supply", "decks", "shown")


def new_game(seats: int, seed: int) -> State:
    rng = Rng(seed)
    tiles = [t.id for t in load_tiles() if t.players <= seats]
    rng.shuffle(tiles)
    bag = [t.id for t in load_tokens() if t.players <= seats]
    rng.shuffle(bag)
    centre: dict[str, str | None] = {}
    supply: dict[str, list[str]] = {}
    for kind in BONUS_TYPES:
        ids = [t.id for t in bonus_tokens(seats) if t.kind == kind]
        centre[kind], supply[kind] = ids[0], ids[1:]
    decks: dict[str, list[str]] = {}
    shown: dict[str, str | None] = {}
    for deck in JOURNAL_DECKS:
        cards = [c.id for c in load_journal() if c.deck == deck]
        rng.shuffle(cards)
        shown[deck] = cards.pop(0)
        decks[deck] = cards
    dealt = [[decks["I"].pop(0), decks["II"].pop(0)] for _ in range(seats)]
    sides = [[c.id for c in load_constellations() if c.side == side] for side in ("A", "B")]
    players = [new_player() for _ in range(seats)]
    for seat, player in enumerate(players):
        player["reserve"].append(starter_sun(seat).id)
    state: State = {
        "game": SLUG,
        "seats": seats,
        "phase": Phase.JOURNAL.value,
        "decision": 1,
        "round": 1,
        "pick": 0,
        "first": rng.below(seats),
        "stacks": [tiles[i : i + UNIVERSE_SQUARES] for i in range(0, len(tiles), UNIVERSE_SQUARES)],
        "bag": bag,
        "universe": [None] * UNIVERSE_SQUARES,
        "centre": centre,
        "supply": supply,
        "decks": decks,
        "shown": shown,
        "constellations": [rng.choice(sides[0]), rng.choice(sides[1])],
        "players": players,
        "dealt": dealt,
        "kept": [None] * seats,
        "turn": None,
        "rng": 0,
    }
    _deal_universe(state)
    state["rng"] = rng.state
    return state


def _deal_universe(state: State) -> None:
    stack = state["stacks"].pop(0)
    state["universe"] = [{"tile": tile, "token": state["bag"].pop(0)} for tile in stack]


def keep(state: State, seat: int, card: str, events: list[str]) -> None:
    """Record a secret keep; when the last seat has kept, the draft begins."""
    state["kept"][seat] = card
    events.append(M_("{seat} has chosen which Journal card to keep.", seat=seat_ref(seat)))
    if any(k is None for k in state["kept"]):
        return
    for s in range(state["seats"]):
        kept = state["kept"][s]
        state["players"][s]["journal"].append(kept)
        for other in state["dealt"][s]:
            if other != kept:
                state["decks"][cards_by_id()[other].deck].append(other)
    state["dealt"], state["kept"] = None, None
    state["phase"] = Phase.DRAFT.value
    events.append(
        M_(
            "Everyone has a Journal card. Round 1 of {rounds} begins and {seat} picks first.",
            rounds=rounds_for(state["seats"]),
            seat=seat_ref(state["first"]),
        )
    )
    start_turn(state)


def fresh_work(state: State, seat: int) -> dict[str, Any]:
    """A private copy of everything a turn can change, to be edited by the draft."""
    work = {key: copy_json(state[key]) for key in WORK_KEYS}
    work["player"] = copy_json(state["players"][seat])
    return work


def start_turn(state: State) -> None:
    seat = picker(state)
    state["turn"] = {
        "seat": seat,
        "picked": None,
        "queue": [],
        "changed": False,
        "notes": [],
        "work": fresh_work(state, seat),
    }
    state["decision"] += 1


def confirm(state: State, events: list[str]) -> None:
    turn = state["turn"]
    seat, work = turn["seat"], turn["work"]
    for key in WORK_KEYS:
        state[key] = work[key]
    state["players"][seat] = work["player"]
    actions = joined(stored_notes(turn["notes"]), Joiner.SEMICOLON)
    events.append(M_("{seat} {actions}.", seat=seat_ref(seat), actions=actions))
    state["pick"] += 1
    if any(offer is not None for offer in state["universe"]):
        start_turn(state)
        return
    if not state["stacks"]:
        state["phase"], state["turn"] = Phase.OVER.value, None
        state["decision"] += 1
        result = outcome_of(state)
        best = max(result.scores)
        if len(result.winners) == 1:
            events.append(
                MN_(
                    "The last tile is placed. {seat} wins with {n} point.",
                    "The last tile is placed. {seat} wins with {n} points.",
                    best,
                    seat=seat_ref(result.winners[0]),
                )
            )
        else:
            events.append(
                MN_(
                    "The last tile is placed. {seats} share the win with {n} point.",
                    "The last tile is placed. {seats} share the win with {n} points.",
                    best,
                    seats=joined([seat_ref(s) for s in result.winners], Joiner.AND),
                )
            )
        tied = tie_event(result)
        events.extend([tied] if tied else [])
        return
    state["round"] += 1
    state["pick"] = 0
    state["first"] = (state["first"] + 1) % state["seats"]
    _deal_universe(state)
    for kind in BONUS_TYPES:
        if state["centre"][kind] is None and state["supply"][kind]:
            state["centre"][kind] = state["supply"][kind].pop(0)
    events.append(
        M_(
            "Round {round} of {rounds}: the Universe is refilled and {seat} picks first.",
            round=state["round"],
            rounds=rounds_for(state["seats"]),
            seat=seat_ref(state["first"]),
        )
    )
    start_turn(state)


def picks_left_order(state: State) -> list[int]:
    return [picker(state, p) for p in range(state["pick"], PICKS_PER_ROUND)]


def player_breakdown(
    state: State, player: dict[str, Any], secret: bool, view: Survey | None = None
) -> dict[str, Any]:
    cards = [cards_by_id()[c] for c in player["journal"]]
    stars = [constellations_by_id()[c] for c in state["constellations"]]
    return breakdown(player, cards, stars, catalog(), secret, view)


def outcome_of(state: State) -> Outcome:
    """Highest total wins; a tie goes to the most Telescopes, then the tied seats share it."""
    parts = [player_breakdown(state, p, True) for p in state["players"]]
    winners, used = decide([(p["total"], p["telescopes"]["count"]) for p in parts], (N_("more Telescopes"),))
    return Outcome([p["total"] for p in parts], winners, parts, used)
