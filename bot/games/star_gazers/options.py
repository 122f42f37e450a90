"""The legal options of the active seat's current sub-step, computed from its draft.

One function, ``choice``, serves the seat view (what the panel shows), ``legal_actions`` and
the checks in ``turn.py``, so the panel never offers a move the engine would refuse.
"""

from __future__ import annotations

from typing import Any

from bot.games.star_gazers.components import (
    CIRCLE_BONUS,
    HEX_BONUS,
    JOURNAL_DECKS,
    catalog,
    load_board,
)
from bot.games.star_gazers.model import HEX_PER_TILE, MURAL_CELLS, Step, reserve_full

Turn = dict[str, Any]
Player = dict[str, Any]


def head(turn: Turn) -> dict[str, Any] | None:
    return turn["queue"][0] if turn["queue"] else None


def token_targets(player: Player, token: str, from_reserve: bool) -> list[dict[str, Any]]:
    """Where ``token`` may go now. Discard is offered only when the rules force it."""
    cat = catalog()
    info = cat.tokens[token]
    tiles, tokens = player["tiles"], player["tokens"]
    room = not from_reserve and not reserve_full(player)
    out: list[dict[str, Any]] = []
    if info.shape == "hex":
        out = [{"target": "cell", "cell": c, "covers": None} for c in range(MURAL_CELLS)
               if tiles[c] is not None and len(tiles[c]["hex"]) < HEX_PER_TILE]
        return out or [{"target": "discard"}]
    if info.kind == "shuttle":
        spaces = load_board().shuttle_spaces
        out = [{"target": "shuttle", "space": i, "bonus": spaces[i]}
               for i, held in enumerate(player["shuttles"]) if held is None]
    elif info.kind == "black_hole":
        out = [{"target": "cell", "cell": c, "covers": tokens[c]} for c in range(MURAL_CELLS)
               if tokens[c] is not None and cat.tokens[tokens[c]].kind != "black_hole"]
    else:
        out = [{"target": "cell", "cell": c, "covers": None} for c in range(MURAL_CELLS) if tokens[c] is None]
    if room:
        out.append({"target": "reserve"})
    elif not from_reserve and (not out or info.kind == "black_hole"):
        out.append({"target": "discard"})  # a Black Hole may always be let go when the Reserve is full
    return out


def reserve_playable(turn: Turn) -> list[int]:
    """Reserve tokens that may be played now: only between steps, and only with a place to go."""
    first = head(turn)
    if first is not None and first["step"] not in (Step.TILE, Step.TOKEN):
        return []
    player = turn["work"]["player"]
    return [i for i, token in enumerate(player["reserve"])
            if any(t["target"] != "discard" for t in token_targets(player, token, True))]


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
        full = [c for c in range(MURAL_CELLS) if player["tiles"][c] is not None]
        moves = [{"from": c, "to": [d for d in range(MURAL_CELLS) if d != c]} for c in full]
        return {"kind": "move_tile", "moves": moves, "rotations": [0, 1, 2, 3], "optional": True}
    return {"kind": "journal", "cards": journal_options(work), "optional": True}


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
        return {"kind": "bonus", "shape": first["shape"],
                "types": [k for k in kinds if work["centre"][k] is not None]}
    if step == Step.TILE:
        cells = [c for c in range(MURAL_CELLS) if work["player"]["tiles"][c] is None]
        return {"kind": "tile", "tile": first["id"], "cells": cells, "rotations": [0, 1, 2, 3]}
    if step == Step.TOKEN:
        return {"kind": "token", "token": first["id"], "from_reserve": first["reserve"],
                "targets": token_targets(work["player"], first["id"], first["reserve"])}
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
        out = [{"kind": "tile", "cell": c, "rotation": r} for c in pick["cells"] for r in range(4)]
    elif kind == "token":
        out = [_token_action(t) for t in pick["targets"]]
    elif kind == "gain":
        out = [{"kind": "gain", "type": t} for t in pick["types"]]
    elif kind == "move_token":
        out = [{"kind": "move_token", "from": m["from"], "to": d} for m in pick["moves"] for d in m["to"]]
    elif kind == "move_tile":
        tiles = turn["work"]["player"]["tiles"]
        out = [{"kind": "move_tile", "from": m["from"], "to": d, "rotation": r, "swap_rotation": s}
               for m in pick["moves"] for d in m["to"] for r in range(4)
               for s in ((None,) if tiles[d] is None else range(4))]
    elif kind == "journal":
        out = [{"kind": "take_journal", "card": c["card"]} for c in pick["cards"]]
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
