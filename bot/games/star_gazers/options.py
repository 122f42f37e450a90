"""The legal options of the active seat's current sub-step, computed from its draft.

One function, ``choice``, serves the seat view (what the panel shows), ``legal_actions`` and
the checks in ``turn.py``, so the panel never offers a move the engine would refuse.

The head of the turn's queue is the piece being placed; ``instead`` lists the other pieces
(tile, token, Bonus tokens) that may be placed before it, because the rules leave the order
of a turn's placements to the player.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from bot.games.star_gazers.components import (
    CIRCLE_BONUS,
    HEX_BONUS,
    JOURNAL_DECKS,
    catalog,
    load_board,
)
from bot.games.star_gazers.geometry import NEIGHBOURS, side_after
from bot.games.star_gazers.model import MURAL_CELLS, Step, reserve_full

Turn = dict[str, Any]
Player = dict[str, Any]


def head(turn: Turn) -> dict[str, Any] | None:
    return turn["queue"][0] if turn["queue"] else None


PLACING = (Step.TILE, Step.TOKEN)


@cache
def _has_wild(tile_id: str) -> bool:
    return "wild" in catalog().tiles[tile_id].edges


def _wild_facing(tiles: list[Any], cell: int, tile_id: str, rotation: int) -> bool:
    """Would this tile, turned so, show a wild half Planet against a placed wild half?"""
    if not _has_wild(tile_id):
        return False
    cat = catalog()
    edges = cat.tiles[tile_id].edges
    for side, other in NEIGHBOURS[cell]:
        near = tiles[other]
        if (
            near is not None
            and side_after(edges, rotation, side) == "wild"
            and side_after(cat.tiles[near["id"]].edges, near["rot"], (side + 2) % 4) == "wild"
        ):
            return True
    return False


def tile_rotations(tiles: list[Any], tile_id: str) -> list[list[int]]:
    """For each square, the rotations a new tile may take there (none where a tile lies).

    Two wild half Planets may not be placed against each other. Should that leave the tile
    nowhere at all (its last free square walled in by wild halves), any placement is allowed:
    every Mural must still be filled, and two wild halves simply complete nothing.
    """
    if not _has_wild(tile_id):
        return [[] if tiles[c] is not None else [0, 1, 2, 3] for c in range(MURAL_CELLS)]
    out = [
        [] if tiles[c] is not None else [r for r in range(4) if not _wild_facing(tiles, c, tile_id, r)]
        for c in range(MURAL_CELLS)
    ]
    if not any(out):
        out = [[] if tiles[c] is not None else [0, 1, 2, 3] for c in range(MURAL_CELLS)]
    return out


def tile_move_allowed(tiles: list[Any], start: int, end: int, rotation: int, other: int | None) -> bool:
    """A tile move or swap may not leave a moved tile's wild half against another wild half."""
    moved, swapped = tiles[start], tiles[end]
    if not _has_wild(moved["id"]) and (swapped is None or not _has_wild(swapped["id"])):
        return True
    after = list(tiles)
    after[start] = None if swapped is None else {**swapped, "rot": other}
    after[end] = None
    if _wild_facing(after, end, moved["id"], rotation):
        return False
    after[end] = {**moved, "rot": rotation}
    return swapped is None or not _wild_facing(after, start, swapped["id"], other or 0)


def _tile_pending(queue: list[dict[str, Any]], skip: int) -> bool:
    return any(item["step"] == Step.TILE for i, item in enumerate(queue) if i != skip)


def token_targets(
    player: Player, token: str, from_reserve: bool, tile_pending: bool = False
) -> list[dict[str, Any]]:
    """Where ``token`` may go now. Discard is offered only when the rules force it.

    A Hex token needs a tile; with none on the Mural yet but this turn's tile still to place,
    it has no target now (the tile goes first) rather than being thrown away.
    """
    cat = catalog()
    info = cat.tokens[token]
    tiles, tokens = player["tiles"], player["tokens"]
    room = not from_reserve and not reserve_full(player)
    out: list[dict[str, Any]] = []
    if info.shape == "hex":
        out = [
            {"target": "cell", "cell": c, "covers": None} for c in range(MURAL_CELLS) if tiles[c] is not None
        ]
        return out or ([] if tile_pending else [{"target": "discard"}])
    if info.kind == "shuttle":
        spaces = load_board().shuttle_spaces
        out = [
            {"target": "shuttle", "space": i, "bonus": spaces[i]}
            for i, held in enumerate(player["shuttles"])
            if held is None
        ]
    elif info.kind == "black_hole":
        out = [
            {"target": "cell", "cell": c, "covers": tokens[c]}
            for c in range(MURAL_CELLS)
            if tokens[c] is not None and cat.tokens[tokens[c]].kind != "black_hole"
        ]
    else:
        out = [{"target": "cell", "cell": c, "covers": None} for c in range(MURAL_CELLS) if tokens[c] is None]
    if room:
        out.append({"target": "reserve"})
    elif not from_reserve and (not out or info.kind == "black_hole"):
        out.append({"target": "discard"})  # a Black Hole may always be let go when the Reserve is full
    return out


def reserve_playable(turn: Turn) -> list[int]:
    """Reserve tokens that may be played now: at any moment of the turn (before the pick,
    between placements, while choosing a bonus or resolving a Shuttle bonus), when they have
    somewhere to go. The token is placed next; then the turn carries on where it was."""
    player = turn["work"]["player"]
    return [
        i
        for i, token in enumerate(player["reserve"])
        if any(t["target"] != "discard" for t in token_targets(player, token, True))
    ]


def instead(turn: Turn) -> list[int]:
    """Queue positions of the pieces that may be placed before the current one.

    Only while a tile or token is being placed, only pieces not behind a bonus still to choose
    or resolve, and only pieces that have somewhere to go right now.
    """
    queue = turn["queue"]
    if not queue or queue[0]["step"] not in PLACING:
        return []
    player = turn["work"]["player"]
    out = []
    for index, item in enumerate(queue[1:], 1):
        if item["step"] not in PLACING:
            break
        if item["step"] == Step.TILE or token_targets(
            player, item["id"], item["reserve"], _tile_pending(queue, index)
        ):
            out.append(index)
    return out


def journal_options(work: dict[str, Any]) -> list[dict[str, str]]:
    out = []
    for deck in JOURNAL_DECKS:
        if work["decks"][deck]:
            out.append({"card": work["decks"][deck][0], "deck": deck, "slot": "top"})
        if work["shown"][deck] is not None:
            out.append({"card": work["shown"][deck], "deck": deck, "slot": "shown"})
    return out


def effect_choice(bonus: str, work: dict[str, Any]) -> dict[str, Any]:
    player = work["player"]
    if bonus == "gain":
        return {"kind": "gain", "types": [t for t, ids in work["supply"].items() if ids], "optional": True}
    if bonus == "move_token":
        full = [c for c in range(MURAL_CELLS) if player["tokens"][c] is not None]
        moves = [{"from": c, "to": [d for d in range(MURAL_CELLS) if d != c]} for c in full]
        return {"kind": "move_token", "moves": moves, "optional": True}
    if bonus == "move_tile":
        return {
            "kind": "move_tile",
            "moves": tile_moves(player["tiles"]),
            "rotations": [0, 1, 2, 3],
            "optional": True,
        }
    return {"kind": "journal", "cards": journal_options(work), "optional": True}


def _plain(tiles: list[Any], start: int, end: int) -> bool:
    """Neither tile of the move has a wild half: every turn of both is allowed."""
    return not _has_wild(tiles[start]["id"]) and (tiles[end] is None or not _has_wild(tiles[end]["id"]))


def _orders(tiles: list[Any], start: int, end: int) -> tuple[list[int], list[int | None]]:
    """Rotations to try for the moved and the swapped tile, their present rotations first."""
    mine = tiles[start]["rot"]
    own = [mine] + [r for r in range(4) if r != mine]
    if tiles[end] is None:
        return own, [None]
    theirs = tiles[end]["rot"]
    return own, [theirs] + [r for r in range(4) if r != theirs]


def _turn_pairs(tiles: list[Any], start: int, end: int) -> list[tuple[int, int | None]]:
    """The (rotation, other tile's rotation) pairs a move from ``start`` to ``end`` may use."""
    own, other = _orders(tiles, start, end)
    if _plain(tiles, start, end):
        return [(r, s) for r in own for s in other]
    return list(_checked_pairs(tiles, start, end, own, other))


def _checked_pairs(
    tiles: list[Any], start: int, end: int, own: list[int], other: list[int | None]
) -> Iterator[tuple[int, int | None]]:
    """``tile_move_allowed`` for every pair, building the moved Mural once per swap turn."""
    moved, swapped = tiles[start], tiles[end]
    after = list(tiles)
    for s in other:
        after[start] = None if swapped is None else {**swapped, "rot": s}
        after[end] = None
        fine = [r for r in own if not _wild_facing(after, end, moved["id"], r)]
        for r in fine:
            after[end] = {**moved, "rot": r}
            if swapped is None or not _wild_facing(after, start, swapped["id"], s or 0):
                yield r, s


def tile_moves(tiles: list[Any]) -> list[dict[str, Any]]:
    """Each tile's destinations, with a first allowed pair of rotations for each (``turns``):
    the tiles' present rotations when allowed (what the panel previews before any turning)."""
    moves = []
    for start in range(MURAL_CELLS):
        if tiles[start] is None:
            continue
        ends, turns = [], []
        for end in range(MURAL_CELLS):
            if end == start:
                continue
            if _plain(tiles, start, end):
                pair: tuple[int, int | None] | None = (
                    tiles[start]["rot"],
                    None if tiles[end] is None else tiles[end]["rot"],
                )
            else:
                pair = next(_checked_pairs(tiles, start, end, *_orders(tiles, start, end)), None)
            if pair is not None:
                ends.append(end)
                turns.append(list(pair))
        moves.append({"from": start, "to": ends, "turns": turns})
    return moves


def choice(turn: Turn) -> dict[str, Any]:
    """The current sub-step of a turn with its legal options (see the views schema)."""
    work = turn["work"]
    first = head(turn)
    if first is None:
        if turn["picked"] is None:
            squares = [i for i, offer in enumerate(work["universe"]) if offer is not None]
            return {"kind": "pick", "squares": squares, "last": len(squares) == 1}
        return {"kind": "confirm"}
    step = first["step"]
    if step == Step.CHOOSE:
        kinds = CIRCLE_BONUS if first["shape"] == "circle" else HEX_BONUS
        return {
            "kind": "bonus",
            "shape": first["shape"],
            "types": [k for k in kinds if work["centre"][k] is not None],
        }
    if step == Step.TILE:
        allowed = tile_rotations(work["player"]["tiles"], first["id"])
        return {
            "kind": "tile",
            "tile": first["id"],
            "cells": [c for c in range(MURAL_CELLS) if allowed[c]],
            "rotations": [0, 1, 2, 3],
            "allowed": allowed,
            "instead": instead(turn),
        }
    if step == Step.TOKEN:
        pending = _tile_pending(turn["queue"], 0)
        targets = token_targets(work["player"], first["id"], first["reserve"], pending)
        return {
            "kind": "token",
            "token": first["id"],
            "from_reserve": first["reserve"],
            "targets": targets,
            "instead": instead(turn),
        }
    return effect_choice(first["bonus"], work)


def actions_for(turn: Turn) -> list[dict[str, Any]]:
    """Every legal action of the active seat: the sub-step's options plus Reserve, undo, confirm."""
    pick = choice(turn)
    kind = pick["kind"]
    out: list[dict[str, Any]] = []
    if kind == "pick":
        out = [{"kind": "pick", "square": s} for s in pick["squares"]]
    elif kind == "confirm":
        out = [{"kind": "confirm"}]
    elif kind == "bonus":
        out = [{"kind": "bonus", "type": t} for t in pick["types"]]
    elif kind == "tile":
        out = [{"kind": "tile", "cell": c, "rotation": r} for c in pick["cells"] for r in pick["allowed"][c]]
    elif kind == "token":
        out = [_token_action(t) for t in pick["targets"]]
    elif kind == "gain":
        out = [{"kind": "gain", "type": t} for t in pick["types"]]
    elif kind == "move_token":
        out = [{"kind": "move_token", "from": m["from"], "to": d} for m in pick["moves"] for d in m["to"]]
    elif kind == "move_tile":
        tiles = turn["work"]["player"]["tiles"]
        out = [
            {"kind": "move_tile", "from": m["from"], "to": d, "rotation": r, "swap_rotation": s}
            for m in pick["moves"]
            for d in m["to"]
            for r, s in _turn_pairs(tiles, m["from"], d)
        ]
    elif kind == "journal":
        out = [{"kind": "take_journal", "card": c["card"]} for c in pick["cards"]]
    out += [{"kind": "first", "piece": p} for p in pick.get("instead", ())]
    if pick.get("optional"):
        out.append({"kind": "skip"})
    out += [{"kind": "reserve", "index": i} for i in reserve_playable(turn)]
    if turn["changed"]:
        out.append({"kind": "undo"})
    return out


def _token_action(target: dict[str, Any]) -> dict[str, Any]:
    action = {"kind": "token", "target": target["target"]}
    if target["target"] == "cell":
        action["cell"] = target["cell"]
    elif target["target"] == "shuttle":
        action["space"] = target["space"]
    return action
