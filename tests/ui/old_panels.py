"""Panels sent before a change, kept as data: the custom_ids of every control a seeded SimCord game
of each face showed, and which one each click pressed.

A panel stays in a player's DMs (or the thread) for days, and its buttons keep their custom_ids:
whatever the code that answers them becomes, the ids it sent must keep playing. ``Clicks`` records
every component interaction a driven game makes (the id pressed, a select's values, every id on the
pressed message) or, given the record of an earlier run, sends the stored ids instead of the live
ones and checks that the live message still shows exactly the stored ids.

``python -m tests.ui.old_panels`` is not needed: the test writes the fixture when it is missing or
``ASTROLABE_RECORD_PANELS=1`` is set (only ever from the code the panels were sent by).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import simcord.actors
from simcord.components import walk_components

FIXTURE = Path(__file__).with_name("old_panels.json")


class Enough(Exception):
    """The recorded span of the game is over (the driver stops here)."""


def kind_of(custom_id: str) -> str:
    """A control's kind: its prefix and first word, and the words that say its mode
    (``sky:do:stop:t``, ``sg:sel:st:tile``, ``obs:go:h``), but not the code it plays."""
    parts = custom_id.split(":")
    modes = [p for p in parts[2:-1] if p.isalpha()] + [p for p in parts[-1:] if p.isalpha() and len(p) <= 3]
    return ":".join(parts[:2] + modes)


def shown_ids(components: Any) -> list[str]:
    return [c["custom_id"] for c in walk_components(components) if c.get("custom_id")]


class Clicks:
    """Records (``old`` is None) or replays (``old``: an earlier record) a game's clicks.

    Replaying, the ``n``-th click sends the stored ``n``-th id and values (a panel sent before the
    change, pressed after it), after checking the live message shows byte for byte the ids stored
    with it. ``limit``: stop the game (``Enough``) after that many clicks."""

    def __init__(
        self,
        monkeypatch: Any,
        old: list[dict[str, Any]] | None,
        limit: int,
        divert: tuple[int, str] | None = None,
    ) -> None:
        self.seen: list[dict[str, Any]] = []
        self.old, self.limit, self.divert = old, limit, divert
        self.answers: list[Any] = []
        original: Callable[..., Awaitable[Any]] = simcord.actors._component_interaction

        async def pressed(actor: Any, stored: Any, data: dict[str, Any]) -> Any:
            n = len(self.seen)
            if n >= self.limit:
                raise Enough
            seen = {"clicked": data["custom_id"], "shown": shown_ids(stored.components)}
            if "values" in data:
                seen["values"] = list(data["values"])
            self.seen.append(seen)
            if self.old is not None:
                before = self.old[n]
                assert seen == before, f"click {n}: the panel changed its custom_ids\n{seen}\n{before}"
                data = {**data, "custom_id": before["clicked"]}
                if "values" in before:
                    data["values"] = before["values"]
            diverted = self.divert is not None and n == self.divert[0]
            if self.divert is not None and diverted:
                data = pressing(stored, self.divert[1])
            result = await original(actor, stored, data)
            self.answers.append(result)
            if diverted:  # the game goes elsewhere from here, where the driver can't follow
                raise Enough
            return result

        monkeypatch.setattr(simcord.actors, "_component_interaction", pressed)


def pressing(stored: Any, custom_id: str) -> dict[str, Any]:
    """The interaction data of a press on the control ``custom_id`` of a stored message (a
    select picks its first option)."""
    control = next(c for c in walk_components(stored.components) if c.get("custom_id") == custom_id)
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": control["type"]}
    if control.get("options"):
        data["values"] = [control["options"][0]["value"]]
    return data


def load() -> dict[str, list[dict[str, Any]]]:
    return json.loads(FIXTURE.read_text()) if FIXTURE.exists() else {}


def save(records: dict[str, list[dict[str, Any]]]) -> None:
    FIXTURE.write_text(json.dumps(records, indent=0, sort_keys=True) + "\n")
