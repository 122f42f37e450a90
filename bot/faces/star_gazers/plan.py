"""A tile and its token, previewed together and sent with one click.

After a pick the panel asks for the tile's square; choosing one previews the tile there (turned
as the first allowed way) with the token already placed where it most likely goes (the tile's own
square when it can, else the first place offered). The player turns the tile or moves the token
in the preview, each change drawn in the Mural, and one button sends the tile, the token and,
when nothing else is left to place, the confirm, as the engine's ``steps`` action: all or nothing.

A plan travels in a stage or action code ``P<cell>.<rotation>.<token>[.c]``: ``<token>`` is a
token code (``kc7``, ``kr``, ``ks3``, ``kd``), ``n`` for no token to place with the tile, or
absent in a stage (then the default place is chosen); ``.c`` also confirms the turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.base import Game, IllegalAction, State, View

NO_TOKEN = "n"


@dataclass(frozen=True)
class Plan:
    cell: int
    rotation: int
    token: str | None  # a token code, NO_TOKEN, or None (not chosen yet: the default)
    confirm: bool = False

    def code(self, *, token: str | None = None, rotation: int | None = None, confirm: bool = False) -> str:
        placed = self.token if token is None else token
        turned = self.rotation if rotation is None else rotation
        return f"P{self.cell}.{turned}.{placed or NO_TOKEN}" + (".c" if confirm else "")


def parse(code: str) -> Plan:
    """A ``P`` code as a plan; ``ValueError`` (or ``IndexError``) when it is not one."""
    if code[:1] != "P":
        raise ValueError(code)
    parts = code[1:].split(".")
    if not 2 <= len(parts) <= 4 or (len(parts) == 4 and parts[3] != "c"):
        raise ValueError(code)
    cell, rotation = int(parts[0]), int(parts[1])
    token = parts[2] if len(parts) > 2 else None
    if token is not None and token != NO_TOKEN and not token.startswith("k"):
        raise ValueError(code)
    return Plan(cell, rotation, token, len(parts) == 4)


def token_code(target: dict[str, Any]) -> str:
    """The token code of one of a token choice's targets (as ``codes.encode`` writes it)."""
    arg = target.get("cell", target.get("space", ""))
    return f"k{target['target'][0]}{arg}"


def token_action(code: str) -> dict[str, Any]:
    """The token action of a code ``k`` + target (+ number): ``kc5``, ``kr``, ``ks2``, ``kd``."""
    targets = {"c": "cell", "r": "reserve", "s": "shuttle", "d": "discard"}
    action: dict[str, Any] = {"kind": "token", "target": targets[code[1]]}
    if code[1] == "c":
        action["cell"] = int(code[2:])
    elif code[1] == "s":
        action["space"] = int(code[2:])
    return action


def actions(plan: Plan) -> dict[str, Any]:
    """The engine action a plan sends: its tile, its token, and the confirm if asked."""
    steps: list[dict[str, Any]] = [{"kind": "tile", "cell": plan.cell, "rotation": plan.rotation}]
    if plan.token and plan.token != NO_TOKEN:
        steps.append(token_action(plan.token))
    if plan.confirm:
        steps.append({"kind": "confirm"})
    return {"kind": "steps", "steps": steps}


def default_target(targets: list[dict[str, Any]], cell: int) -> dict[str, Any]:
    """Where the token goes unless the player says otherwise: on the tile just placed when it
    can, else the first square, Shuttle space, Reserve or discard the engine offers."""
    squares = [t for t in targets if t["target"] == "cell"]
    same = [t for t in squares if t["cell"] == cell]
    for kind in ("shuttle", "reserve", "discard"):
        squares += [t for t in targets if t["target"] == kind]
    return (same or squares)[0]


def preview(game: Game, state: State, seat: int, plan: Plan) -> tuple[Plan, View | None, str | None]:
    """The plan completed (its token's place chosen), the seat view with it applied, and why it
    can't be played (the engine's own words) when it can't.

    The view carries ``placing``, a face-only key: the token being placed with the tile and
    every place it may go once the tile lies there (``None`` when no token goes with it)."""
    tile = {"kind": "tile", "cell": plan.cell, "rotation": plan.rotation}
    try:
        after = game.apply(state, seat, tile).state
    except IllegalAction as error:
        return plan, None, error.message
    choice = game.view(after, seat).get("choice") or {}
    if choice.get("kind") != "token" or choice.get("from_reserve") or not choice.get("targets"):
        done = Plan(plan.cell, plan.rotation, NO_TOKEN)
        return done, {**game.view(after, seat), "placing": None}, None
    codes = [token_code(t) for t in choice["targets"]]
    chosen = plan.token if plan.token in codes else token_code(default_target(choice["targets"], plan.cell))
    done = Plan(plan.cell, plan.rotation, chosen)
    try:
        placed = game.apply(after, seat, token_action(chosen)).state
    except IllegalAction as error:  # not expected: the code is one of the choice's own targets
        return done, None, error.message
    placing = {"token": choice.get("token"), "targets": choice["targets"], "codes": codes}
    return done, {**game.view(placed, seat), "placing": placing}, None
