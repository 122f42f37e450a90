"""A tile and its token, and whatever the turn still places, previewed together and sent with
one click (the turn drafted on the panel, then confirmed once).

After a pick the panel asks for the tile's square; choosing one previews the tile there (turned
as the first allowed way) with the token already placed where it most likely goes (the tile's own
square when it can, else the first place offered). What the turn still holds after them (a bonus
token to place, a Space Shuttle's bonus) is chosen in the same preview, one control per choice,
each drawn in the Mural; a Hex bonus token goes on the new tile unless the player moves it. One
button sends the tile, the token, every later choice and the confirm as the engine's ``steps``
action: all or nothing, so the engine checks the whole turn exactly as if it came step by step.

A plan travels in a stage or action code ``P<cell>.<rotation>.<token>[_<code>...][.c]``:
``<token>`` is a token code (``kc7``, ``kr``, ``ks3``, ``kd``), ``n`` for no token to place with
the tile, or absent in a stage (then the default place is chosen); each ``_<code>`` is one later
sub-action as ``codes`` writes it (``kc5``, ``gmoon``, ``o3.7``, ``l2.9.1.x``, ``jJ-II-07``,
``s``, ``r0``), the last maybe ``f<square>`` (a move's source chosen, its destination not yet);
``.c`` also confirms the turn. Codes of panels sent before the later choices existed
(``P3.1.kc3.c``) read the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.games.base import Game, IllegalAction, State, View

NO_TOKEN = "n"
CONFIRM = ".c"
LATER = "_"  # joins the later sub-actions' codes (no action code holds it)
PENDING = "f"  # a move's source, chosen before its destination
LATER_HEADS = set("kgoljsrf")  # token, gain, move token, move tile, journal, skip, reserve, source
AUTO_STEPS = 6  # Hex tokens placed by default one after the other (a turn has two at most)
Decode = Callable[[str], dict[str, Any]]


@dataclass(frozen=True)
class Plan:
    cell: int
    rotation: int
    token: str | None  # a token code, NO_TOKEN, or None (not chosen yet: the default)
    confirm: bool = False
    rest: tuple[str, ...] = field(default=())  # the later sub-actions' codes, in order

    def code(
        self,
        *,
        token: str | None = None,
        rotation: int | None = None,
        confirm: bool = False,
        rest: tuple[str, ...] | None = None,
    ) -> str:
        """This plan's code; a new token place drops the later choices (they may depend on it)."""
        placed = self.token if token is None else token
        turned = self.rotation if rotation is None else rotation
        later = (self.rest if token is None else ()) if rest is None else rest
        body = f"P{self.cell}.{turned}.{placed or NO_TOKEN}" + "".join(LATER + c for c in later)
        return body + (CONFIRM if confirm else "")

    @property
    def pending(self) -> int | None:
        """The source square of a move whose destination is still to choose."""
        last = self.rest[-1] if self.rest else ""
        return int(last[1:]) if last[:1] == PENDING else None

    @property
    def later(self) -> tuple[str, ...]:
        """The later sub-actions to play (a pending move's source is no action yet)."""
        return self.rest[:-1] if self.pending is not None else self.rest


def parse(code: str) -> Plan:
    """A ``P`` code as a plan; ``ValueError`` (or ``IndexError``) when it is not one."""
    if code[:1] != "P":
        raise ValueError(code)
    confirm = code.endswith(CONFIRM)
    head, *rest = (code[: -len(CONFIRM)] if confirm else code)[1:].split(LATER)
    parts = head.split(".")
    if not 2 <= len(parts) <= 3 or (confirm and len(parts) != 3):
        raise ValueError(code)
    cell, rotation = int(parts[0]), int(parts[1])
    token = parts[2] if len(parts) > 2 else None
    if token is not None and token != NO_TOKEN and not token.startswith("k"):
        raise ValueError(code)
    if any(c[:1] not in LATER_HEADS or c[:1] == PENDING and not c[1:].isdigit() for c in rest):
        raise ValueError(code)
    if any(c[:1] == PENDING for c in rest[:-1]) or (confirm and rest and rest[-1][:1] == PENDING):
        raise ValueError(code)
    return Plan(cell, rotation, token, confirm, tuple(rest))


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


def actions(plan: Plan, decode: Decode) -> dict[str, Any]:
    """The engine action a plan sends: its tile, its token, the later sub-actions and the confirm
    if asked (``decode``: ``codes.decode``, which reads the later codes; ``codes`` reads plans
    with this module, so it is handed in)."""
    steps: list[dict[str, Any]] = [{"kind": "tile", "cell": plan.cell, "rotation": plan.rotation}]
    if plan.token and plan.token != NO_TOKEN:
        steps.append(token_action(plan.token))
    steps += [decode(c) for c in plan.later]
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


def preview(
    game: Game, state: State, seat: int, plan: Plan, decode: Decode
) -> tuple[Plan, View | None, str | None]:
    """The plan completed (its token's place chosen, Hex tokens placed by default), the seat view
    with it applied, and why it can't be played (the engine's own words) when it can't.

    The view carries face-only keys: ``placing``, the token placed with the tile and every place
    it may go (``None`` when no token goes with it); ``hex``, the last Hex token placed by default
    (its index in ``rest``, its targets and their codes) or ``None``; ``pending``, a move's source
    whose destination is still to choose. A later choice the engine refuses is dropped, with its
    reason, and the preview stops before it."""
    tile = {"kind": "tile", "cell": plan.cell, "rotation": plan.rotation}
    try:
        after = game.apply(state, seat, tile).state
    except IllegalAction as error:
        return plan, None, error.message
    choice = game.view(after, seat).get("choice") or {}
    placing: dict[str, Any] | None = None
    if choice.get("kind") != "token" or choice.get("from_reserve") or not choice.get("targets"):
        done = Plan(plan.cell, plan.rotation, NO_TOKEN, rest=plan.rest)
    else:
        codes = [token_code(t) for t in choice["targets"]]
        chosen = (
            plan.token if plan.token in codes else token_code(default_target(choice["targets"], plan.cell))
        )
        done = Plan(plan.cell, plan.rotation, chosen, rest=plan.rest if chosen == plan.token else ())
        try:
            after = game.apply(after, seat, token_action(chosen)).state
        except IllegalAction as error:  # not expected: the code is one of the choice's own targets
            return done, None, error.message
        placing = {"token": choice.get("token"), "targets": choice["targets"], "codes": codes}
    after, rest, note, hexed = _later(game, after, seat, done, decode)
    for _ in range(AUTO_STEPS):  # a Hex token goes on the new tile unless the player moves it
        choice = game.view(after, seat).get("choice") or {}
        if not _hex_to_place(choice):
            break
        hexed = _hex_of(choice, len(rest))
        code = token_code(default_target(choice["targets"], plan.cell))
        after = game.apply(after, seat, token_action(code)).state
        rest.append(code)
    pending = done.pending if note is None else None
    source = [f"{PENDING}{pending}"] if pending is not None else []
    done = Plan(done.cell, done.rotation, done.token, rest=(*rest, *source))
    view = {**game.view(after, seat), "placing": placing, "hex": hexed, "pending": pending}
    return done, view, note


def _hex_of(choice: dict[str, Any], index: int) -> dict[str, Any]:
    """A Hex token to place as the plan's ``index``-th later choice: the tiles it may go on."""
    targets = choice["targets"]
    return {
        "index": index,
        "token": choice["token"],
        "targets": targets,
        "codes": [token_code(t) for t in targets],
    }


def _hex_to_place(choice: dict[str, Any]) -> bool:
    token = choice.get("token") or {}
    return (
        choice.get("kind") == "token"
        and not choice.get("from_reserve")
        and token.get("shape") == "hex"
        and any(t["target"] == "cell" for t in choice.get("targets") or [])
    )


def _later(
    game: Game, state: State, seat: int, plan: Plan, decode: Decode
) -> tuple[State, list[str], str | None, dict[str, Any] | None]:
    """The plan's later sub-actions applied in order, up to the first the engine refuses (its
    reason is the note), and the last Hex token they placed (see ``_hex_of``)."""
    done: list[str] = []
    hexed = None
    for code in plan.later:
        choice = game.view(state, seat).get("choice") or {}
        try:
            state = game.apply(state, seat, decode(code)).state
        except (IllegalAction, IndexError, KeyError, ValueError) as error:
            note = error.message if isinstance(error, IllegalAction) else None
            return state, done, note, hexed
        if _hex_to_place(choice) and code[:1] == "k":
            hexed = _hex_of(choice, len(done))
        done.append(code)
    return state, done, None, hexed
