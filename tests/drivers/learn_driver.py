"""Drive a `/learn` practice table through SimCord: the game is played in the player's DMs, so
the live panel is their newest DM with controls that is not the step's status card."""

from __future__ import annotations

from typing import Any

from tests.drivers import observatory_driver, sky_driver, star_gazers_driver, starry_night_sky_driver
from tests.drivers.helpers import (
    all_text,
    controls,
    current_record,
    custom_ids,
    dm_history,
    find_component,
    refresh,
)

GUIDE_MARK = "Guide:"
SKIP_PREFIX = "astro:guide:"


class InDms:
    """What the games' tables need to find a panel at a DM table (mixed in before them)."""

    status_id: int | None = None

    @property
    def thread(self) -> Any:
        return self.players[0].user.dm_channel  # type: ignore[attr-defined]

    def live_copy(self, player: Any) -> Any:
        copies = [m for m in dm_history(player) if controls(m) and m.id != self.status_id]
        return max(copies, key=lambda m: m.id, default=None)

    async def panel(self, player: Any) -> Any:
        return self.live_copy(player)

    def stand_in(self, player: Any) -> Any:
        """A practice table deletes the DM panel a newer one replaced: the newest live copy
        stands in for it (none once the game is over: then the newest DM, retired)."""
        return self.live_copy(player) or dm_history(player)[-1]

    def current(self, player: Any, message: Any) -> Any:
        try:
            return super().current(player, message)  # type: ignore[misc]
        except LookupError:
            return self.stand_in(player)

    def reload(self, player: Any, message: Any, *rest: Any) -> Any:
        try:
            return super().reload(player, message, *rest)  # type: ignore[misc]
        except LookupError:
            return self.stand_in(player)


class ObsTable(InDms, observatory_driver.ObsTable):
    pass


class SkyTable(InDms, sky_driver.Table):
    pass


class GazersTable(InDms, star_gazers_driver.Table):
    pass


class NightTable(InDms, starry_night_sky_driver.Table):
    """Looks at each panel of a turn for the guide's hints (a turn is several panels)."""

    guide: Any = None

    async def step(self, actor: Any, message: Any, ids: Any, **how: Any) -> Any:
        if self.guide is not None:
            message = await self.guide.look(self, message)
        return await super().step(actor, message, ids, **how)


def has_hint(message: Any) -> bool:
    return GUIDE_MARK in all_text(message) or any(i.startswith(SKIP_PREFIX) for i in custom_ids(message))


async def skip_guide(player: Any, message: Any) -> Any:
    """Press **Skip the guide** on the panel; the result of the click."""
    button = find_component(message, SKIP_PREFIX)
    assert button is not None, f"no Skip the guide on {custom_ids(message)}"
    return await player.user.click(message, custom_id=button.custom_id)


async def practice_record(env: Any) -> Any:
    record = await current_record(env)
    assert record is None or record.practice
    return record


class Guide:
    """Counts the hints the panels showed, and skips the guide after ``skip_after`` of them."""

    def __init__(self, player: Any, skip_after: int) -> None:
        self.player, self.skip_after = player, skip_after
        self.hints: list[str] = []
        self.skipped = False
        self.after_skip: list[str] = []  # hints seen after the skip: must stay empty

    async def look(self, table: Any, message: Any) -> Any:
        """Note the hint on ``message``; skip the guide once enough were seen. Returns the panel
        to play on (redrawn without its hint after a skip)."""
        if message is None or not has_hint(message):
            return message
        text = next(line for line in all_text(message).splitlines() if GUIDE_MARK in line)
        if self.skipped:
            self.after_skip.append(text)
            return message
        if text not in self.hints:  # the same hint stays on the panels of its own decision
            self.hints.append(text)
        if len(self.hints) < self.skip_after:
            return message
        await skip_guide(self.player, message)
        self.skipped = True
        redrawn = refresh(self.player.user.dm_channel, message)
        assert not has_hint(redrawn), all_text(redrawn)
        assert controls(redrawn), "the panel stays playable without its hint"
        return redrawn
