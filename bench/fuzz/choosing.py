"""What a person at the table would press or type next, as the fuzzer imitates them.

Apart from the runner because it is a model of a player, not of the soak: the load bench's
players (``bench.load.tables``) read the same labels for what moves a game on or goes back.
"""

from __future__ import annotations

import random
from typing import Any

from bench.fuzz.screen import Control

MOVE_ON = (
    "confirm",
    "draw",
    "finish",
    "lock",
    "start",
    "roll",
    "place",
    "keep",
    "done",
    "take",
    "stop",
    "explore",
    "pass",
    "skip",
)
GO_BACK = ("back", "undo", "start over", "cancel")
LABELS = [f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 7)]
SHARES = {"fresh": 0.85, "old": 0.08, "outsider": 0.07}


def form_texts(rng: random.Random) -> list[str]:
    """What a player might type into a form: valid, invalid and hostile text."""
    a, b = rng.sample(LABELS, 2)
    return [
        f"{a} {b}",
        f"{a.lower()}{b.lower()}",
        "Z9 Q0",
        "C4",
        "x" * 4000,
        f"{a} {b} " + "y" * 3990,
        f"\u202e{a} {b}\u202c",
        f"\u200b{a}\u200d {b}\ufeff",
        f"@everyone {a} {b}",
        f"<@&1> {a} {b}",
        "🌟🌟🌟🌟",
        "    ",
    ]


def weight(control: Control, backs: int, futile: dict[tuple[int, Any, str], int]) -> float:
    """How much a person would want to press this: moving on is likely, going back is not (never
    a third time in a row, ``backs``), and a button that keeps saying "not yet" (``futile``
    counts those presses) is tried less and less."""
    label = control.label.lower()
    value = 1.0
    if label.startswith(MOVE_ON) and not label.endswith("first"):
        value *= 5
    if label.startswith(GO_BACK):
        value = 0.0 if backs >= 2 else value * 0.2
    if control.custom_id.startswith(("lobby:", "astro:leave:")):
        value *= 0.05
    return value * 0.4 ** futile.get(control.key, 0)


def pick(
    rng: random.Random,
    controls: list[Control],
    seated: set[int],
    backs: int,
    futile: dict[tuple[int, Any, str], int],
) -> Control | None:
    """Mostly a seated member's newest panel; now and then an old panel, or someone who is
    not playing pressing what they can see."""
    groups: dict[str, list[Control]] = {"fresh": [], "old": [], "outsider": []}
    for control in controls:
        kind = "outsider" if control.member.id not in seated else "fresh" if control.newest else "old"
        groups[kind].append(control)
    weighted = {k: [weight(c, backs, futile) for c in group] for k, group in groups.items()}
    live = [k for k in groups if any(weighted[k])]
    if not live:
        return None
    kind = rng.choices(live, [SHARES[k] for k in live])[0]
    return rng.choices(groups[kind], weighted[kind])[0]
