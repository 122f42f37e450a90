"""What a member can see and use: every enabled button and select on the messages they can read.

The fuzzer knows nothing but this. It reads SimCord's stored messages directly (cheap, no
``discord.Message`` built per message) and hands the chosen message to SimCord as a
``ResponseMessage``, so the click goes through the same checks a real client would pass:
the member must be able to see the message and the component must be enabled.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from simcord.components import walk_components
from simcord.results import ResponseMessage

BUTTON, STRING_SELECT = 2, 3
LINK_STYLES = {5, 6}  # link and premium buttons have no callback


class Place(StrEnum):
    CHANNEL = "channel"
    THREAD = "thread"
    DM = "dm"


@dataclass(frozen=True)
class Control:
    """One enabled button or select, as one member sees it on one message."""

    member: Any  # the MemberActor whose screen shows it
    place: Place
    channel_id: int
    message_id: int
    component: dict[str, Any] = field(compare=False, hash=False)
    newest: bool  # on the newest message with components in its place (not an old panel)
    ephemeral: bool
    edited: str | None = None  # when the message was last edited: a redrawn panel is new

    @property
    def key(self) -> tuple[int, str | None, str]:
        """This control on this version of its message."""
        return self.message_id, self.edited, self.custom_id

    @property
    def custom_id(self) -> str:
        return self.component["custom_id"]

    @property
    def label(self) -> str:
        return self.component.get("label") or self.component.get("placeholder") or ""

    @property
    def is_select(self) -> bool:
        return self.component["type"] != BUTTON

    @property
    def actor(self) -> Any:
        """Who clicks: the user in their DMs, the member in the guild."""
        return self.member.user if self.place is Place.DM else self.member

    def describe(self) -> str:
        where = f"{self.place.value}{' ephemeral' if self.ephemeral else ''}{'' if self.newest else ' old'}"
        return f"{self.member.name} {where} {self.label!r} [{self.custom_id}]"


def usable(component: dict[str, Any]) -> bool:
    if component.get("disabled") or not component.get("custom_id"):
        return False
    if component.get("type") == BUTTON:
        return component.get("style") not in LINK_STYLES
    return component.get("type") == STRING_SELECT and bool(component.get("options"))


class Screen:
    """Lists the controls members can use in one game's channel, its threads and their DMs."""

    def __init__(self, env: Any, *, recent: int = 6, old_chance: float = 0.15) -> None:
        self.env = env
        self.recent = recent  # messages with components looked at per place, newest first
        self.old_chance = old_chance  # chance of adding one older message per place

    def _with_components(self, channel_id: int, viewer_id: int) -> list[Any]:
        stored = self.env.backend.messages.get(channel_id, {})
        # a card keeps its container and text when its controls are gone: only usable ones count
        out = [
            m
            for m in stored.values()
            if m.visible_to(viewer_id) and any(usable(c) for c in walk_components(m.components))
        ]
        out.sort(key=lambda m: m.id)
        return out

    def places(self, channel: Any, member: Any) -> list[tuple[Place, int]]:
        found = [(Place.CHANNEL, channel.id)]
        found += [(Place.THREAD, thread.id) for thread in channel.threads]
        dm = self.env.backend.dm_channels.get(member.id)
        if dm is not None:
            found.append((Place.DM, dm))
        return found

    def controls(self, channel: Any, members: list[Any], rng: random.Random) -> list[Control]:
        out: list[Control] = []
        for member in members:
            for place, channel_id in self.places(channel, member):
                messages = self._with_components(channel_id, member.id)
                chosen = messages[-self.recent :]
                older = messages[: -self.recent]
                if older and rng.random() < self.old_chance:
                    chosen = [rng.choice(older), *chosen]
                newest_id = messages[-1].id if messages else None
                for message in chosen:
                    for component in walk_components(message.components):
                        if usable(component):
                            out.append(
                                Control(
                                    member,
                                    place,
                                    channel_id,
                                    message.id,
                                    component,
                                    message.id == newest_id,
                                    message.is_ephemeral,
                                    message.edited_timestamp,
                                )
                            )
        return out

    def message(self, control: Control) -> ResponseMessage:
        """The message a control sits on, in the form SimCord's actors accept."""
        return ResponseMessage(self.env, self.env.backend.get_message(control.channel_id, control.message_id))
