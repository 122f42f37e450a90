"""What each seat may see in Star Gazers. The public view carries no secret.

Secrets: every seat's Journal cards (until the game is over), the two cards dealt at the start
and which one was kept, the order of the Galaxy bag and of the face-down tile stacks, and the
active seat's unconfirmed draft (its turn in progress). The public view always shows the last
*confirmed* position; only the active seat's own view shows its draft applied.

Schema of ``view(state, None)`` (public)::

    game: "star-gazers"
    phase: "journal" | "draft" | "over"   # journal = everyone keeps one of two dealt cards
    seats: int                            # 2..4
    decision: int                         # same as decision_id; constant during one turn
    round: int                            # 1-based (already 1 during the journal phase)
    rounds: int                           # 2 x seats
    pick: int                             # 1-based pick number inside the round (1..8)
    picks_per_round: 8
    first: int                            # seat holding the First Player marker this round
    order: [int]                          # seats for this round's remaining picks, current first
    turn: int | None                      # seat whose turn it is (None outside the draft)
    waiting: [int]                        # same as to_act
    universe: [Offer | None] x 8          # Universe squares 0..7 (None = already taken)
        Offer = {square: int, tile: Tile, token: Token}
    centre: {circle: [str], hex: [str]}   # bonus types lying in the centre (last-pick prize)
    supply: {star, shuttle, sun, moon, comet, station: int}   # general supply counts
    stacks_left: int                      # face-down tile stacks not yet dealt
    bag_left: int                         # Galaxy tokens still in the bag
    journal_board: [Deck] x 3             # the Journal draft board
        Deck = {deck: "I"|"II"|"III", top: Card | None, shown: Card | None, left: int}
        # top = face-up top of the deck, shown = the card beside it, left = cards in the deck
    constellations: [Constellation] x 2   # the two active cards (one A, one B)
        Constellation = {id, name, side: "A"|"B", cells: [int], edges: [[a, b]], stars: int}
    shuttle_spaces: [str] x 8             # the bonus of each Shuttle space, see below
    players: [Player] x seats
        Player = {
          seat: int,
          mural: Mural,
          reserve: [Token],               # 0..2 tokens waiting in the Reserve
          shuttles: [Token | None] x 8,   # the Shuttle spaces of the Journal board
          tile_move_used: bool,           # the once-per-game tile move is spent
          tiles: int, journal_count: int, discarded: int,
          photos: [str],                  # distinct Photo events visible in the Mural (the
                                          # Journal board's photo tracker), sorted
          journal: [Card] | None,         # None until the game is over, then every card with
                                          # complete: bool
          score: Breakdown,               # points so far; telescopes count 0 (cards are secret)
                                          # until the game is over
        }
    outcome: None | {scores: [int], winners: [int], breakdown: [Breakdown]}

    Mural = {
      squares: [Square] x 16,             # row-major, 0 = top left
        Square = {tile: Placed | None, token: Token | None, under: Token | None}
        # token = the circular token on top; under = what a Black Hole covers (scores nothing)
      completed: [{icon: "planet"|"star", cells: [a, b], halves: [str, str]}],
        # whole icons made by two halves on the shared edge of squares a < b
      unmatched: int,                     # half icons that complete nothing (border or mismatch)
    }
    Tile = {id: "T07", icons: [str], edges: [str | None] x 4}   # edges N, E, S, W unrotated
    Placed = Tile + {rotation: 0..3, edges: [...] as placed (N, E, S, W), hex: [Token]}
    Token = {id: str, kind: str, event: str | None, shape: "circle"|"hex", bonus: bool}
        kind: shuttle | photo | black_hole | star | sun | meteor | moon | comet | station
        event (photos only): eclipse | aurora | nebula | supernova | transit
        bonus: True for Bonus tokens and the Starter Sun (drawn with targeting arrows)
    Card = {id: "J-II-04", deck: "I"|"II"|"III", kind: "adjacent"|"line"|"solar",
            needs: {icon: count}, telescopes: 1..4}
        needs keys: moon comet station meteor planet black_hole sun photo star star_any
        # star = a completed printed Star; star_any (drawn "Star*") = a Star token or printed Star
    Breakdown = {
      photos: {unique: int, points: int},
      telescopes: {count: int, points: int, completed: [card id]},
      constellations: [{card: id, stars: int, rotation: 0..3, points: int}] x 2,
      icons: {comet, meteor, moon, station, black_hole, planet: int},   # counts
      icon_points: int,                   # 1 each for the first four, 2 each for the last two
      total: int,
    }
    Edge halves: None | "star" | "ringed" | "banded" | "cratered" | "icy" | "wild"
    Shuttle bonuses: "gain" (Bonus token from the supply), "move_token", "move_tile" (once
    per game), "journal" (take a face-up Journal card).

``view(state, seat)`` adds, for that seat only::

    you: int
    journal: [Card + {complete: bool}]    # own cards (complete = against the preview Mural)
    dealt: [Card] | None                  # journal phase: the two dealt cards
    kept: str | None                      # journal phase: the kept card id once chosen
    preview: Player + {universe, centre, supply, journal_board}
        # the seat's own board with its unconfirmed draft applied (equal to the confirmed
        # board when it is not this seat's turn); the four extra keys as in the public view,
        # also with the draft applied; preview.score counts telescopes
    choice: Choice | None                 # what this seat must decide now, legal options only
    queue: [str]                          # what is still to place after the current step:
                                          # "tile", "token", "bonus", "circle", "hex", "effect"
    reserve_playable: [int]               # Reserve indices that may be played now (any moment
                                          # of the turn, also during a bonus choice or effect)
    can_undo: bool
    can_confirm: bool

    Choice, by kind:
      {kind: "keep", cards: [str]}
      {kind: "pick", squares: [int], last: bool}        # last = this is the round's final pick
      {kind: "bonus", shape: "circle"|"hex", types: [str]}
      {kind: "tile", tile: Tile, cells: [int], rotations: [0, 1, 2, 3],
       allowed: [[int]] x 16, instead: [Piece]}
          # allowed[c] = the rotations the tile may take on square c (no wild half Planet
          # against another wild half); cells = the squares with at least one
      {kind: "token", token: Token, from_reserve: bool, targets: [Target], instead: [Piece]}
          Target = {target: "cell", cell: int, covers: Token | None}   # covers: Black Hole target
                 | {target: "reserve"}
                 | {target: "shuttle", space: int, bonus: str}
                 | {target: "discard"}
          # targets is empty only for a Hex token while the Mural has no tile yet: the tile
          # (in ``instead``) must go first
          Piece = {piece: int, what: "tile"|"token"|"bonus", tile: Tile | None, token: Token | None}
          # a piece still to place that may go before this one: {"kind": "first", "piece": piece}
      {kind: "gain", types: [str], optional: true}
      {kind: "move_token", moves: [{from: int, to: [int]}], optional: true}
      {kind: "move_tile", moves: [{from: int, to: [int], turns: [[int, int | None]]}],
       rotations: [0, 1, 2, 3], optional: true}
          # when ``to`` holds a tile it is a swap and swap_rotation is required; turns (one per
          # ``to``) is a first allowed (rotation, swap_rotation) pair, present rotations first
      {kind: "journal", cards: [Card + {slot: "top"|"shown"}], optional: true}
      {kind: "confirm"}                   # everything is placed: confirm (or undo, or play
                                          # a Reserve token)
      None when it is not this seat's decision.

A panel may preview any sub-action by calling ``game.apply`` on the state and showing
``view(new_state, seat)["preview"]``: ``apply`` is pure and never changes its input.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import State, View
from bot.games.star_gazers import flow
from bot.games.star_gazers.components import (
    JOURNAL_DECKS,
    Card,
    cards_by_id,
    catalog,
    constellations_by_id,
    load_board,
)
from bot.games.star_gazers.geometry import rotated
from bot.games.star_gazers.model import PICKS_PER_ROUND, SLUG, Phase, rounds_for
from bot.games.star_gazers.options import choice, head, reserve_playable
from bot.games.star_gazers.scoring import Survey, card_complete, completed_icons, survey


def token_view(ident: str | None) -> dict[str, Any] | None:
    if ident is None:
        return None
    info = catalog().tokens[ident]
    return {"id": ident, "kind": info.kind, "event": info.event, "shape": info.shape, "bonus": info.bonus}


def tile_view(ident: str) -> dict[str, Any]:
    info = catalog().tiles[ident]
    return {"id": ident, "icons": list(info.icons), "edges": list(info.edges)}


def placed_view(placed: dict[str, Any] | None) -> dict[str, Any] | None:
    if placed is None:
        return None
    view = tile_view(placed["id"])
    view.update(
        rotation=placed["rot"],
        edges=rotated(catalog().tiles[placed["id"]].edges, placed["rot"]),
        hex=[token_view(h) for h in placed["hex"]],
    )
    return view


def card_view(card: Card | str) -> dict[str, Any]:
    info = cards_by_id()[card] if isinstance(card, str) else card
    return {
        "id": info.id,
        "deck": info.deck,
        "kind": info.kind,
        "needs": dict(info.needs),
        "telescopes": info.telescopes,
    }


def mural_view(player: dict[str, Any], view: Survey | None = None) -> dict[str, Any]:
    done, unmatched = completed_icons(player, catalog(), view)
    squares = [
        {
            "tile": placed_view(player["tiles"][c]),
            "token": token_view(player["tokens"][c]),
            "under": token_view(player["under"][c]),
        }
        for c in range(16)
    ]
    return {"squares": squares, "completed": done, "unmatched": unmatched}


def player_view(
    state: State, seat: int, player: dict[str, Any], reveal: bool, secret: bool
) -> dict[str, Any]:
    """One seat's boards; ``reveal`` shows its Journal cards, ``secret`` counts its telescopes."""
    journal = None
    view = survey(player, catalog())
    if reveal:
        journal = [
            {**card_view(c), "complete": card_complete(cards_by_id()[c], view)} for c in player["journal"]
        ]
    return {
        "seat": seat,
        "mural": mural_view(player, view),
        "reserve": [token_view(t) for t in player["reserve"]],
        "shuttles": [token_view(t) for t in player["shuttles"]],
        "tile_move_used": player["shuttles"][load_board().shuttle_spaces.index("move_tile")] is not None,
        "tiles": sum(1 for t in player["tiles"] if t is not None),
        "journal_count": len(player["journal"]),
        "discarded": len(player["discarded"]),
        "photos": sorted(view.photos),
        "journal": journal,
        "score": flow.player_breakdown(state, player, secret, view),
    }


def _table(source: dict[str, Any]) -> dict[str, Any]:
    """The shared parts (Universe, centre, supply, draft board) from the state or a draft."""
    universe = [
        None
        if offer is None
        else {"square": i, "tile": tile_view(offer["tile"]), "token": token_view(offer["token"])}
        for i, offer in enumerate(source["universe"])
    ]
    centre = source["centre"]
    return {
        "universe": universe,
        "centre": {
            "circle": [k for k in ("star", "shuttle", "sun") if centre[k] is not None],
            "hex": [k for k in ("moon", "comet", "station") if centre[k] is not None],
        },
        "supply": {k: len(v) for k, v in source["supply"].items()},
        "journal_board": [
            {
                "deck": d,
                "top": card_view(source["decks"][d][0]) if source["decks"][d] else None,
                "shown": card_view(source["shown"][d]) if source["shown"][d] else None,
                "left": len(source["decks"][d]),
            }
            for d in JOURNAL_DECKS
        ],
    }


def public_view(state: State) -> View:
    over = state["phase"] == Phase.OVER.value
    draft = state["phase"] == Phase.DRAFT.value
    result = flow.outcome_of(state) if over else None
    stars = [constellations_by_id()[c] for c in state["constellations"]]
    view: View = {
        "game": SLUG,
        "phase": state["phase"],
        "seats": state["seats"],
        "decision": state["decision"],
        "round": state["round"],
        "rounds": rounds_for(state["seats"]),
        "pick": min(state["pick"] + 1, PICKS_PER_ROUND),
        "picks_per_round": PICKS_PER_ROUND,
        "first": state["first"],
        "order": flow.picks_left_order(state) if draft else [],
        "turn": state["turn"]["seat"] if draft else None,
        "waiting": _waiting(state),
        **_table(state),
        "stacks_left": len(state["stacks"]),
        "bag_left": len(state["bag"]),
        "constellations": [
            {
                "id": c.id,
                "name": c.name,
                "side": c.side,
                "cells": list(c.cells),
                "edges": [list(e) for e in c.edges],
                "stars": c.stars,
            }
            for c in stars
        ],
        "shuttle_spaces": list(load_board().shuttle_spaces),
        "players": [player_view(state, s, p, over, over) for s, p in enumerate(state["players"])],
        "outcome": None if result is None else result.as_view(),
    }
    return view


def _waiting(state: State) -> list[int]:
    if state["phase"] == Phase.JOURNAL.value:
        return [s for s, kept in enumerate(state["kept"]) if kept is None]
    return [state["turn"]["seat"]] if state["phase"] == Phase.DRAFT.value else []


_QUEUE_NAMES = {"tile": "tile", "effect": "effect"}


def _queue_name(item: dict[str, Any]) -> str:
    if item["step"] == "choose":
        return item["shape"]
    if item["step"] == "token":
        return "bonus" if catalog().tokens[item["id"]].bonus and not item["reserve"] else "token"
    return _QUEUE_NAMES[item["step"]]


def _piece_view(item: dict[str, Any], piece: int) -> dict[str, Any]:
    tile = item["step"] == "tile"
    return {
        "piece": piece,
        "what": _queue_name(item),
        "tile": tile_view(item["id"]) if tile else None,
        "token": None if tile else token_view(item["id"]),
    }


def _choice_view(current: dict[str, Any], queue: list[dict[str, Any]]) -> dict[str, Any]:
    """The options with ids expanded into the tile, token and card dicts the panel draws."""
    out = dict(current)
    if "instead" in current:
        out["instead"] = [_piece_view(queue[p], p) for p in current["instead"]]
    if current["kind"] == "tile":
        out["tile"] = tile_view(current["tile"])
    elif current["kind"] == "token":
        out["token"] = token_view(current["token"])
        out["targets"] = [
            {**t, "covers": token_view(t["covers"])} if t["target"] == "cell" else dict(t)
            for t in current["targets"]
        ]
    elif current["kind"] == "journal":
        out["cards"] = [{**card_view(c["card"]), "slot": c["slot"]} for c in current["cards"]]
    return out


def seat_view(state: State, seat: int) -> View:
    view = public_view(state)
    phase = state["phase"]
    drafting = state["turn"] if phase == Phase.DRAFT.value else None
    turn = drafting if drafting is not None and drafting["seat"] == seat else None  # this seat's own turn
    player = turn["work"]["player"] if turn is not None else state["players"][seat]
    preview = player_view(state, seat, player, True, True)
    preview.update(
        _table(turn["work"])
        if turn is not None
        else {k: view[k] for k in ("universe", "centre", "supply", "journal_board")}
    )
    current = None
    if phase == Phase.JOURNAL.value and state["kept"][seat] is None:
        current = {"kind": "keep", "cards": list(state["dealt"][seat])}
    elif turn is not None:
        current = _choice_view(choice(turn), turn["queue"])
    view.update(
        {
            "you": seat,
            "journal": preview["journal"],
            "dealt": [card_view(c) for c in state["dealt"][seat]] if phase == Phase.JOURNAL.value else None,
            "kept": state["kept"][seat] if phase == Phase.JOURNAL.value else None,
            "preview": preview,
            "choice": current,
            "queue": [_queue_name(item) for item in turn["queue"][1 if head(turn) else 0 :]]
            if turn is not None
            else [],
            "reserve_playable": reserve_playable(turn) if turn is not None else [],
            "can_undo": bool(turn is not None and turn["changed"]),
            "can_confirm": bool(turn is not None and turn["picked"] is not None and head(turn) is None),
        }
    )
    return view
