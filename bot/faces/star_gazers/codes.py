"""Star Gazers' action codes: a few characters per action, so a custom_id (100 characters at
most) can carry the game, the decision and the action a button plays."""

from __future__ import annotations

from typing import Any

from bot.faces.star_gazers import plan

NO_BONUS = "-"


def encode(action: dict[str, Any]) -> str:
    """An action as a few characters (``p5``, ``t3.1``...), for a custom_id."""
    kind = action["kind"]
    if kind == "pick":
        return f"p{action['square']}"
    if kind in {"bonus", "gain"}:
        return f"{kind[0]}{action['type']}"
    if kind == "tile":
        return f"t{action['cell']}.{action['rotation']}"
    if kind == "token":
        target = action["target"]
        arg = action.get("cell", action.get("space", ""))
        return f"k{target[0]}{arg}"
    if kind == "reserve":
        return f"r{action['index']}"
    if kind == "first":
        return f"x{action['piece']}"
    if kind == "move_token":
        return f"o{action['from']}.{action['to']}"
    if kind == "move_tile":
        swap = action.get("swap_rotation")
        return f"l{action['from']}.{action['to']}.{action['rotation']}.{'x' if swap is None else swap}"
    if kind in {"take_journal", "keep"}:
        return ("j" if kind == "take_journal" else "K") + action["card"]
    return {"skip": "s", "undo": "u", "confirm": "c"}[kind]


def pick_code(square: int, circle: str | None, hexagon: str | None) -> str:
    """The round's last pick with the bonus tokens chosen from the centre (``-``: none of that
    shape is left), sent as one ``steps`` action: ``p3.star.moon``."""
    return f"p{square}.{circle or NO_BONUS}.{hexagon or NO_BONUS}"


def pick_with_bonus(code: str) -> dict[str, Any]:
    square, *bonuses = code[1:].split(".")
    steps: list[dict[str, Any]] = [{"kind": "pick", "square": int(square)}]
    steps += [{"kind": "bonus", "type": kind} for kind in bonuses if kind != NO_BONUS]
    return {"kind": "steps", "steps": steps}


def decode(code: str) -> dict[str, Any]:
    """The action an ``encode`` code stands for (``P`` codes are a tile plan, see ``plan``)."""
    head, rest = code[:1], code[1:]
    if head == "P":  # a tile with its token, what follows them, maybe the confirm: see ``plan``
        return plan.actions(plan.parse(code), decode)
    nums = [int(n) if n.isdigit() else None for n in rest.split(".")] if rest else []
    if head == "p" and len(nums) == 3:  # the round's last square with its two bonus tokens
        return pick_with_bonus(code)
    if head == "p":
        return {"kind": "pick", "square": nums[0]}
    if head in {"b", "g"}:
        return {"kind": "bonus" if head == "b" else "gain", "type": rest}
    if head == "t":
        return {"kind": "tile", "cell": nums[0], "rotation": nums[1]}
    if head == "k":
        return plan.token_action(code)
    if head == "r":
        return {"kind": "reserve", "index": nums[0]}
    if head == "x":
        return {"kind": "first", "piece": nums[0]}
    if head == "o":
        return {"kind": "move_token", "from": nums[0], "to": nums[1]}
    if head == "l":
        return {
            "kind": "move_tile",
            "from": nums[0],
            "to": nums[1],
            "rotation": nums[2],
            "swap_rotation": nums[3],
        }
    if head in {"j", "K"}:
        return {"kind": "take_journal" if head == "j" else "keep", "card": rest}
    return {"kind": {"s": "skip", "u": "undo", "c": "confirm"}[head]}
