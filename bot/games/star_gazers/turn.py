"""The sub-actions of one turn. Each edits only the turn's draft (``turn["work"]``).

Every handler checks its action against ``options.choice`` first, so a refused action leaves the
state as it was and the message tells the player what to do instead. ``notes`` collects short
public phrases that become the turn's one event when it is confirmed.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import Action, IllegalAction
from bot.games.star_gazers.components import (
    CIRCLE_BONUS,
    HEX_BONUS,
    cards_by_id,
    catalog,
)
from bot.games.star_gazers.flow import fresh_work
from bot.games.star_gazers.model import MURAL_CELLS, Step, square_name
from bot.games.star_gazers.options import Turn, choice, head, instead, reserve_playable, tile_move_allowed
from bot.games.star_gazers.texts import kind_name, shuttle_bonus_name, token_name
from bot.i18n.msg import M_, N_, Msg, to_stored

# i18n: what a player must do first, in "Not now: pick a square of the Universe first."
_STEP_HINT = {
    "pick": N_("pick a square of the Universe first"),
    "bonus": N_("choose your bonus token from the centre first"),
    "tile": N_("place your Galaxy tile first (or choose to place a token before it)"),
    "token": N_("place your token first (or choose to place another piece before it)"),
    "gain": N_("take a Bonus token from the supply (or skip the bonus) first"),
    "move_token": N_("move a circular token (or skip the bonus) first"),
    "move_tile": N_("move a tile (or skip the bonus) first"),
    "journal": N_("take a Journal card (or skip the bonus) first"),
    "confirm": N_("everything is placed: confirm your turn or undo it"),
}


def _hint(current: dict[str, Any]) -> Msg:
    return Msg(_STEP_HINT[current["kind"]])


def _expect(turn: Turn, *kinds: str) -> dict[str, Any]:
    current = choice(turn)
    if current["kind"] not in kinds:
        raise IllegalAction(M_("Not now: {hint}.", hint=_hint(current)))
    return current


def _int(action: Action, key: str, low: int, high: int) -> int:
    value = action.get(key)
    if type(value) is not int or not low <= value <= high:
        raise IllegalAction(
            M_(
                "Malformed action: `{key}` must be a whole number from {low} to {high}.",
                key=key,
                low=low,
                high=high,
            )
        )
    return value


def _touch(turn: Turn, note: Msg) -> None:
    """Remember a public phrase for the turn's event (stored as a dict: the state is JSON)."""
    turn["changed"] = True
    turn["notes"].append(to_stored(note))


def _moved(turn: Turn, start: int, end: int, note: str) -> None:
    """A Shuttle bonus's move is done: ``note`` (``N_``, with ``{a}`` and ``{b}``) names its squares."""
    turn["queue"].pop(0)
    _touch(turn, M_(note, a=square_name(start), b=square_name(end)))


def pick(turn: Turn, action: Action) -> None:
    current = _expect(turn, "pick")
    square = _int(action, "square", 0, 7)
    if square not in current["squares"]:
        raise IllegalAction(M_("That Universe square is empty: pick one that still has a tile."))
    work = turn["work"]
    offer = work["universe"][square]
    work["universe"][square] = None
    turn["picked"] = square
    queue: list[dict[str, Any]] = []
    last = not any(work["universe"])
    for shape, kinds in (("circle", CIRCLE_BONUS), ("hex", HEX_BONUS)):
        if last and any(work["centre"][k] is not None for k in kinds):
            queue.append({"step": Step.CHOOSE.value, "shape": shape})
    queue += [
        {"step": Step.TILE.value, "id": offer["tile"]},
        {"step": Step.TOKEN.value, "id": offer["token"], "reserve": False},
    ]
    turn["queue"] = queue + turn["queue"]
    token_said = token_name(offer["token"])
    _touch(
        turn,
        M_("took a tile with {token} (the round's last pick)", token=token_said)
        if last
        else M_("took a tile with {token}", token=token_said),
    )


def bonus(turn: Turn, action: Action) -> None:
    current = _expect(turn, "bonus")
    kind = action.get("type")
    offered: list[str] = current["types"]
    if kind not in offered:
        if current["shape"] == "circle":
            raise IllegalAction(
                M_("Choose one of the Circle (star, shuttle, sun) bonus tokens still in the centre.")
            )
        raise IllegalAction(
            M_("Choose one of the Hex (moon, comet, station) bonus tokens still in the centre.")
        )
    work = turn["work"]
    token = work["centre"][kind]
    work["centre"][kind] = None
    turn["queue"].pop(0)
    turn["queue"].append({"step": Step.TOKEN.value, "id": token, "reserve": False})
    _touch(turn, M_("took the {kind} bonus token", kind=kind_name(kind)))


def tile(turn: Turn, action: Action) -> None:
    current = _expect(turn, "tile")
    cell = _int(action, "cell", 0, MURAL_CELLS - 1)
    rotation = _int(action, "rotation", 0, 3)
    if turn["work"]["player"]["tiles"][cell] is not None:
        raise IllegalAction(
            M_("{square} already has a tile: choose an empty square.", square=square_name(cell))
        )
    if rotation not in current["allowed"][cell]:
        raise IllegalAction(
            M_(
                "Turned so on {square}, the tile would put a wild half Planet against another "
                "wild half, which the rules forbid: turn it or choose another square.",
                square=square_name(cell),
            )
        )
    item = turn["queue"].pop(0)
    turn["work"]["player"]["tiles"][cell] = {"id": item["id"], "rot": rotation, "hex": []}
    _touch(turn, M_("placed the tile on {square}", square=square_name(cell)))


def token(turn: Turn, action: Action) -> None:
    current = _expect(turn, "token")
    target = action.get("target")
    wanted: dict[str, Any] = {"target": target}
    if target == "cell":
        wanted["cell"] = _int(action, "cell", 0, MURAL_CELLS - 1)
    elif target == "shuttle":
        wanted["space"] = _int(action, "space", 0, 7)
    elif target not in ("reserve", "discard"):
        raise IllegalAction(M_("Malformed action: `target` must be cell, reserve, shuttle or discard."))
    found = next((t for t in current["targets"] if all(t.get(k) == v for k, v in wanted.items())), None)
    if found is None:
        raise IllegalAction(_refusal(current, target))
    item = turn["queue"].pop(0)
    player, ident = turn["work"]["player"], item["id"]
    info = catalog().tokens[ident]
    what = token_name(ident)
    if target == "cell":
        cell = found["cell"]
        if info.shape == "hex":
            player["tiles"][cell]["hex"].append(ident)
        else:
            if info.kind == "black_hole":
                player["under"][cell] = player["tokens"][cell]
            player["tokens"][cell] = ident
        _touch(turn, M_("put {token} on {square}", token=what, square=square_name(cell)))
    elif target == "reserve":
        player["reserve"].append(ident)
        _touch(turn, M_("kept {token} in the Reserve", token=what))
    elif target == "shuttle":
        player["shuttles"][found["space"]] = ident
        turn["queue"].insert(0, {"step": Step.EFFECT.value, "bonus": found["bonus"]})
        _touch(turn, M_("flew a Space Shuttle (bonus: {bonus})", bonus=shuttle_bonus_name(found["bonus"])))
    else:
        player["discarded"].append(ident)
        _touch(turn, M_("discarded {token}", token=what))


def _refusal(current: dict[str, Any], target: Any) -> Msg:
    info = catalog().tokens[current["token"]]
    if not current["targets"]:
        return M_("A Hex token needs a tile, and your Mural has none yet: place your tile first.")
    if target == "reserve":
        return (
            M_("A token taken out of the Reserve must go to your boards now.")
            if current["from_reserve"]
            else M_("That token can't go to the Reserve (it is full, or Hex tokens go on tiles).")
        )
    if target == "discard":
        return M_(
            "You can only discard a token that has nowhere to go (or a Black Hole when the Reserve is full)."
        )
    if target == "shuttle":
        return M_("Only a Space Shuttle goes on a free Shuttle space of your Journal board.")
    if info.shape == "hex":
        return M_("Hex tokens go on a tile of your Mural (with no tile yet, place your tile first).")
    if info.kind == "black_hole":
        return M_("A Black Hole must cover a circular token that is not a Black Hole.")
    if info.kind == "shuttle":
        return M_("Space Shuttles go on your Journal board, not on the Mural.")
    return M_("That square already holds a circular token: choose another one.")


def place_first(turn: Turn, action: Action) -> None:
    """Put a piece still to place ahead of the current one (the order is the player's)."""
    _expect(turn, "tile", "token")
    piece = action.get("piece")
    if type(piece) is not int:
        raise IllegalAction(M_("Malformed action: `piece` must be a whole number."))
    if piece not in instead(turn):
        raise IllegalAction(
            M_(
                "That piece can't be placed before this one: choose a tile or token still to "
                "place that has somewhere to go now."
            )
        )
    turn["queue"].insert(0, turn["queue"].pop(piece))


def play_reserve(turn: Turn, action: Action) -> None:
    index = _int(action, "index", 0, 1)
    if index not in reserve_playable(turn):
        raise IllegalAction(M_("That Reserve space is empty, or its token has nowhere to go yet."))
    ident = turn["work"]["player"]["reserve"].pop(index)
    turn["queue"].insert(0, {"step": Step.TOKEN.value, "id": ident, "reserve": True})
    _touch(turn, M_("played {token} from the Reserve", token=token_name(ident)))


def gain(turn: Turn, action: Action) -> None:
    current = _expect(turn, "gain")
    kind = action.get("type")
    offered: list[str] = current["types"]
    if kind not in offered:
        raise IllegalAction(M_("That Bonus token has run out: choose one still in the general supply."))
    ident = turn["work"]["supply"][kind].pop(0)
    turn["queue"][0] = {"step": Step.TOKEN.value, "id": ident, "reserve": False}
    _touch(turn, M_("gained the {kind} bonus token", kind=kind_name(kind)))


def move_token(turn: Turn, action: Action) -> None:
    _expect(turn, "move_token")
    start = _int(action, "from", 0, MURAL_CELLS - 1)
    end = _int(action, "to", 0, MURAL_CELLS - 1)
    player = turn["work"]["player"]
    if player["tokens"][start] is None:
        raise IllegalAction(M_("There is no circular token on {square} to move.", square=square_name(start)))
    if start == end:
        raise IllegalAction(M_("Choose a different square to move the token to."))
    swap = player["tokens"][end] is not None
    for key in ("tokens", "under"):
        player[key][start], player[key][end] = player[key][end], player[key][start]
    swapped, moved = N_("swapped the tokens on {a} and {b}"), N_("moved the token from {a} to {b}")
    _moved(turn, start, end, swapped if swap else moved)


def move_tile(turn: Turn, action: Action) -> None:
    _expect(turn, "move_tile")
    start = _int(action, "from", 0, MURAL_CELLS - 1)
    end = _int(action, "to", 0, MURAL_CELLS - 1)
    rotation = _int(action, "rotation", 0, 3)
    tiles = turn["work"]["player"]["tiles"]
    if tiles[start] is None:
        raise IllegalAction(M_("There is no tile on {square} to move.", square=square_name(start)))
    if start == end:
        raise IllegalAction(M_("Choose a different square to move the tile to."))
    swap = tiles[end] is not None
    other = None
    if swap:
        other = _int(action, "swap_rotation", 0, 3)
    elif action.get("swap_rotation") is not None:
        raise IllegalAction(
            M_("{square} is empty, so there is no second tile to turn.", square=square_name(end))
        )
    if not tile_move_allowed(tiles, start, end, rotation, other):
        raise IllegalAction(
            M_(
                "That move would put a wild half Planet against another wild half, which the "
                "rules forbid: turn the tile another way or choose another square."
            )
        )
    tiles[start], tiles[end] = tiles[end], tiles[start]
    tiles[end]["rot"] = rotation
    if swap:
        tiles[start]["rot"] = other
    swapped, moved = N_("swapped the tiles on {a} and {b}"), N_("moved the tile from {a} to {b}")
    _moved(turn, start, end, swapped if swap else moved)


def take_journal(turn: Turn, action: Action) -> None:
    current = _expect(turn, "journal")
    card = action.get("card")
    found = next((c for c in current["cards"] if c["card"] == card), None)
    if found is None:
        raise IllegalAction(M_("Choose one of the face-up cards on the Journal draft board."))
    card = found["card"]
    work, deck = turn["work"], found["deck"]
    if found["slot"] == "top":
        work["decks"][deck].pop(0)
    else:
        work["shown"][deck] = work["decks"][deck].pop(0) if work["decks"][deck] else None
    work["player"]["journal"].append(card)
    turn["queue"].pop(0)
    _touch(turn, M_("took a Journal card from deck {deck}", deck=cards_by_id()[card].deck))


def skip(turn: Turn, action: Action) -> None:
    current = choice(turn)
    if not current.get("optional"):
        raise IllegalAction(M_("There is no bonus to skip: {hint}.", hint=_hint(current)))
    turn["queue"].pop(0)
    _touch(turn, M_("let a Shuttle bonus go"))


def undo(state: dict[str, Any], turn: Turn) -> None:
    if not turn["changed"]:
        raise IllegalAction(M_("Nothing to undo yet: this turn has no moves."))
    turn.update(picked=None, queue=[], changed=False, notes=[], work=fresh_work(state, turn["seat"]))


def ready(turn: Turn) -> None:
    if head(turn) is not None or turn["picked"] is None:
        raise IllegalAction(M_("Not yet: {hint}.", hint=_hint(choice(turn))))


HANDLERS = {
    "pick": pick,
    "bonus": bonus,
    "tile": tile,
    "token": token,
    "first": place_first,
    "reserve": play_reserve,
    "gain": gain,
    "move_token": move_token,
    "move_tile": move_tile,
    "take_journal": take_journal,
    "skip": skip,
}
