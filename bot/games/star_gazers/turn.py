"""The sub-actions of one turn. Each edits only the turn's draft (``turn["work"]``).

Every handler checks its action against ``options.choice`` first, so a refused action leaves the
state as it was and the message tells the player what to do instead. ``notes`` collects short
public phrases that become the turn's one event when it is confirmed.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import IllegalAction
from bot.games.star_gazers.components import (
    CIRCLE_BONUS,
    HEX_BONUS,
    cards_by_id,
    catalog,
)
from bot.games.star_gazers.flow import fresh_work
from bot.games.star_gazers.model import KIND_NAMES, MURAL_CELLS, Step, square_name
from bot.games.star_gazers.options import choice, head, instead, reserve_playable, tile_move_allowed

Turn = dict[str, Any]
Action = dict[str, Any]

_STEP_HINT = {
    "pick": "pick a square of the Universe first",
    "bonus": "choose your bonus token from the centre first",
    "tile": "place your Galaxy tile first (or choose to place a token before it)",
    "token": "place your token first (or choose to place another piece before it)",
    "gain": "take a Bonus token from the supply (or skip the bonus) first",
    "move_token": "move a circular token (or skip the bonus) first",
    "move_tile": "move a tile (or skip the bonus) first",
    "journal": "take a Journal card (or skip the bonus) first",
    "confirm": "everything is placed: confirm your turn or undo it",
}


def _expect(turn: Turn, *kinds: str) -> dict[str, Any]:
    current = choice(turn)
    if current["kind"] not in kinds:
        raise IllegalAction(f"Not now: {_STEP_HINT[current['kind']]}.")
    return current


def _int(action: Action, key: str, low: int, high: int) -> int:
    value = action.get(key)
    if type(value) is not int or not low <= value <= high:
        raise IllegalAction(f"Malformed action: `{key}` must be a whole number from {low} to {high}.")
    return value


def _name(token: str) -> str:
    info = catalog().tokens[token]
    if info.kind == "photo":
        return f"a Photo Opportunity ({info.event})"
    return ("an " if KIND_NAMES[info.kind][0] in "AEIOU" else "a ") + KIND_NAMES[info.kind]


def _touch(turn: Turn, note: str) -> None:
    turn["changed"] = True
    turn["notes"].append(note)


def pick(turn: Turn, action: Action) -> None:
    current = _expect(turn, "pick")
    square = _int(action, "square", 0, 7)
    if square not in current["squares"]:
        raise IllegalAction("That Universe square is empty: pick one that still has a tile.")
    work = turn["work"]
    offer = work["universe"][square]
    work["universe"][square] = None
    turn["picked"] = square
    queue: list[dict[str, Any]] = []
    last = not any(work["universe"])
    for shape, kinds in (("circle", CIRCLE_BONUS), ("hex", HEX_BONUS)):
        if last and any(work["centre"][k] is not None for k in kinds):
            queue.append({"step": Step.CHOOSE.value, "shape": shape})
    queue += [{"step": Step.TILE.value, "id": offer["tile"]},
              {"step": Step.TOKEN.value, "id": offer["token"], "reserve": False}]
    turn["queue"] = queue + turn["queue"]
    _touch(turn, f"took a tile with {_name(offer['token'])}" + (" (the round's last pick)" if last else ""))


def bonus(turn: Turn, action: Action) -> None:
    current = _expect(turn, "bonus")
    kind = action.get("type")
    if kind not in current["types"]:
        circle = current["shape"] == "circle"
        shape = "Circle (star, shuttle, sun)" if circle else "Hex (moon, comet, station)"
        raise IllegalAction(f"Choose one of the {shape} bonus tokens still in the centre.")
    work = turn["work"]
    token = work["centre"][kind]
    work["centre"][kind] = None
    turn["queue"].pop(0)
    turn["queue"].append({"step": Step.TOKEN.value, "id": token, "reserve": False})
    _touch(turn, f"took the {KIND_NAMES[kind]} bonus token")


def tile(turn: Turn, action: Action) -> None:
    current = _expect(turn, "tile")
    cell = _int(action, "cell", 0, MURAL_CELLS - 1)
    rotation = _int(action, "rotation", 0, 3)
    if turn["work"]["player"]["tiles"][cell] is not None:
        raise IllegalAction(f"{square_name(cell)} already has a tile: choose an empty square.")
    if rotation not in current["allowed"][cell]:
        raise IllegalAction(f"Turned so on {square_name(cell)}, the tile would put a wild half Planet "
                            "against another wild half, which the rules forbid: turn it or choose "
                            "another square.")
    item = turn["queue"].pop(0)
    turn["work"]["player"]["tiles"][cell] = {"id": item["id"], "rot": rotation, "hex": []}
    _touch(turn, f"placed the tile on {square_name(cell)}")


def token(turn: Turn, action: Action) -> None:
    current = _expect(turn, "token")
    target = action.get("target")
    wanted: dict[str, Any] = {"target": target}
    if target == "cell":
        wanted["cell"] = _int(action, "cell", 0, MURAL_CELLS - 1)
    elif target == "shuttle":
        wanted["space"] = _int(action, "space", 0, 7)
    elif target not in ("reserve", "discard"):
        raise IllegalAction("Malformed action: `target` must be cell, reserve, shuttle or discard.")
    found = next((t for t in current["targets"]
                  if all(t.get(k) == v for k, v in wanted.items())), None)
    if found is None:
        raise IllegalAction(_refusal(current, target))
    item = turn["queue"].pop(0)
    player, ident = turn["work"]["player"], item["id"]
    info = catalog().tokens[ident]
    what = _name(ident)
    if target == "cell":
        cell = found["cell"]
        if info.shape == "hex":
            player["tiles"][cell]["hex"].append(ident)
        else:
            if info.kind == "black_hole":
                player["under"][cell] = player["tokens"][cell]
            player["tokens"][cell] = ident
        _touch(turn, f"put {what} on {square_name(cell)}")
    elif target == "reserve":
        player["reserve"].append(ident)
        _touch(turn, f"kept {what} in the Reserve")
    elif target == "shuttle":
        player["shuttles"][found["space"]] = ident
        turn["queue"].insert(0, {"step": Step.EFFECT.value, "bonus": found["bonus"]})
        _touch(turn, f"flew a Space Shuttle (bonus: {found['bonus'].replace('_', ' ')})")
    else:
        player["discarded"].append(ident)
        _touch(turn, f"discarded {what}")


def _refusal(current: dict[str, Any], target: Any) -> str:
    info = catalog().tokens[current["token"]]
    if not current["targets"]:
        return "A Hex token needs a tile, and your Mural has none yet: place your tile first."
    if target == "reserve":
        return ("A token taken out of the Reserve must go to your boards now." if current["from_reserve"]
                else "That token can't go to the Reserve (it is full, or Hex tokens go on tiles).")
    if target == "discard":
        return ("You can only discard a token that has nowhere to go "
                "(or a Black Hole when the Reserve is full).")
    if target == "shuttle":
        return "Only a Space Shuttle goes on a free Shuttle space of your Journal board."
    if info.shape == "hex":
        return "Hex tokens go on a tile of your Mural (with no tile yet, place your tile first)."
    if info.kind == "black_hole":
        return "A Black Hole must cover a circular token that is not a Black Hole."
    if info.kind == "shuttle":
        return "Space Shuttles go on your Journal board, not on the Mural."
    return "That square already holds a circular token: choose another one."


def place_first(turn: Turn, action: Action) -> None:
    """Put a piece still to place ahead of the current one (the order is the player's)."""
    _expect(turn, "tile", "token")
    piece = action.get("piece")
    if type(piece) is not int:
        raise IllegalAction("Malformed action: `piece` must be a whole number.")
    if piece not in instead(turn):
        raise IllegalAction("That piece can't be placed before this one: choose a tile or token "
                            "still to place that has somewhere to go now.")
    turn["queue"].insert(0, turn["queue"].pop(piece))


def play_reserve(turn: Turn, action: Action) -> None:
    index = _int(action, "index", 0, 1)
    if index not in reserve_playable(turn):
        raise IllegalAction("That Reserve space is empty, or its token has nowhere to go yet.")
    ident = turn["work"]["player"]["reserve"].pop(index)
    turn["queue"].insert(0, {"step": Step.TOKEN.value, "id": ident, "reserve": True})
    _touch(turn, f"played {_name(ident)} from the Reserve")


def gain(turn: Turn, action: Action) -> None:
    current = _expect(turn, "gain")
    kind = action.get("type")
    if kind not in current["types"]:
        raise IllegalAction("That Bonus token has run out: choose one still in the general supply.")
    ident = turn["work"]["supply"][kind].pop(0)
    turn["queue"][0] = {"step": Step.TOKEN.value, "id": ident, "reserve": False}
    _touch(turn, f"gained the {KIND_NAMES[kind]} bonus token")


def move_token(turn: Turn, action: Action) -> None:
    _expect(turn, "move_token")
    start = _int(action, "from", 0, MURAL_CELLS - 1)
    end = _int(action, "to", 0, MURAL_CELLS - 1)
    player = turn["work"]["player"]
    if player["tokens"][start] is None:
        raise IllegalAction(f"There is no circular token on {square_name(start)} to move.")
    if start == end:
        raise IllegalAction("Choose a different square to move the token to.")
    swap = player["tokens"][end] is not None
    for key in ("tokens", "under"):
        player[key][start], player[key][end] = player[key][end], player[key][start]
    turn["queue"].pop(0)
    a, b = square_name(start), square_name(end)
    _touch(turn, f"swapped the tokens on {a} and {b}" if swap else f"moved the token from {a} to {b}")


def move_tile(turn: Turn, action: Action) -> None:
    _expect(turn, "move_tile")
    start = _int(action, "from", 0, MURAL_CELLS - 1)
    end = _int(action, "to", 0, MURAL_CELLS - 1)
    rotation = _int(action, "rotation", 0, 3)
    tiles = turn["work"]["player"]["tiles"]
    if tiles[start] is None:
        raise IllegalAction(f"There is no tile on {square_name(start)} to move.")
    if start == end:
        raise IllegalAction("Choose a different square to move the tile to.")
    swap = tiles[end] is not None
    other = None
    if swap:
        other = _int(action, "swap_rotation", 0, 3)
    elif action.get("swap_rotation") is not None:
        raise IllegalAction(f"{square_name(end)} is empty, so there is no second tile to turn.")
    if not tile_move_allowed(tiles, start, end, rotation, other):
        raise IllegalAction("That move would put a wild half Planet against another wild half, "
                            "which the rules forbid: turn the tile another way or choose another square.")
    tiles[start], tiles[end] = tiles[end], tiles[start]
    tiles[end]["rot"] = rotation
    if swap:
        tiles[start]["rot"] = other
    turn["queue"].pop(0)
    _touch(turn, f"{'swapped the tiles on' if swap else 'moved the tile from'} {square_name(start)} "
                 f"{'and' if swap else 'to'} {square_name(end)}")


def take_journal(turn: Turn, action: Action) -> None:
    current = _expect(turn, "journal")
    card = action.get("card")
    found = next((c for c in current["cards"] if c["card"] == card), None)
    if found is None:
        raise IllegalAction("Choose one of the face-up cards on the Journal draft board.")
    work, deck = turn["work"], found["deck"]
    if found["slot"] == "top":
        work["decks"][deck].pop(0)
    else:
        work["shown"][deck] = work["decks"][deck].pop(0) if work["decks"][deck] else None
    work["player"]["journal"].append(card)
    turn["queue"].pop(0)
    _touch(turn, f"took a Journal card from deck {cards_by_id()[card].deck}")


def skip(turn: Turn, action: Action) -> None:
    current = choice(turn)
    if not current.get("optional"):
        raise IllegalAction(f"There is no bonus to skip: {_STEP_HINT[current['kind']]}.")
    turn["queue"].pop(0)
    _touch(turn, "let a Shuttle bonus go")


def undo(state: dict[str, Any], turn: Turn) -> None:
    if not turn["changed"]:
        raise IllegalAction("Nothing to undo yet: this turn has no moves.")
    turn.update(picked=None, queue=[], changed=False, notes=[], work=fresh_work(state, turn["seat"]))


def ready(turn: Turn) -> None:
    if head(turn) is not None or turn["picked"] is None:
        raise IllegalAction(f"Not yet: {_STEP_HINT[choice(turn)['kind']]}.")


HANDLERS = {
    "pick": pick, "bonus": bonus, "tile": tile, "token": token, "first": place_first, "reserve": play_reserve,
    "gain": gain, "move_token": move_token, "move_tile": move_tile, "take_journal": take_journal,
    "skip": skip,
}
