"""A live step stays one tap away, whatever else arrives in the player's DMs.

A player's DM holds the panels of all their games. A live (timed) game edits its panel in place,
so when another game's panel arrives later the live one sits above it, and a player who plays on
the newest message misses the live step. Two rules keep it reachable, both with link buttons
(a link costs no upload, where moving a panel down would send its picture again):

- when a live step opens on a DM panel that is not the newest message of that DM, a short
  pointer message goes under it: "Your A Sky of Stars #3 turn is open", with a link to the panel
  (one pointer per player: the previous one is deleted);
- every panel DM sent while a live step of another game is open for that player carries a link
  button to it.

What was last sent into each DM is known from the bot's own sends (a DM channel doesn't track
its last message in discord.py's cache); after a restart nothing is known of it, so a live panel
counts as newest until this process sends something else into its DM.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.core.running import RunningGame
from bot.games import get_game
from bot.i18n import _
from bot.storage import GameRecord
from bot.ui.naming import game_label
from bot.ui.outgoing import Outgoing, send_to

log = logging.getLogger(__name__)

MAX_LINKS = 3  # links to other games' open live steps on one panel: an action row holds five


def panel_url(channel_id: int, message_id: int) -> str:
    """The link that opens one DM message (a live panel), scrolled to it."""
    return f"https://discord.com/channels/@me/{channel_id}/{message_id}"


@dataclass(frozen=True)
class LiveStep:
    """An open live step of one seat, shown on the DM panel ``message_id``."""

    game_id: int
    game: str
    seat: int
    decision: int
    channel_id: int
    message_id: int


class Beacons:
    """The open live steps of each player and the newest message of each DM (see the module)."""

    def __init__(self, storage: Callable[[], Any]) -> None:
        self._storage = storage
        self._newest: dict[int, int] = {}  # DM channel id -> the newest message the bot sent there
        self._open: dict[int, dict[int, LiveStep]] = {}  # user id -> game id -> its open live step
        self._pointers: dict[int, tuple[int, discord.Message]] = {}  # user id -> (game id, pointer)

    def sent(self, message: discord.Message | None) -> None:
        """The bot sent ``message``: in a DM, it is now that DM's newest."""
        if message is not None and message.guild is None:
            self._newest[message.channel.id] = message.id

    def is_newest(self, channel_id: int, message_id: int) -> bool:
        return self._newest.get(channel_id) == message_id

    async def step_opened(
        self, record: RunningGame, seat: int, user: Any, channel_id: int, message_id: int
    ) -> None:
        """A live step opened for ``seat`` on its DM panel: remembered, and pointed at when the
        panel is no longer the newest message of that DM."""
        user_id = record.seats[seat].user_id
        step = LiveStep(
            record.id,
            record.game,
            seat,
            get_game(record.game).decision_id(record.state),
            channel_id,
            message_id,
        )
        self._open.setdefault(user_id, {})[record.id] = step
        if self._newest.get(channel_id, message_id) == message_id:
            return  # newest, or nothing known sent after it (since a restart)
        kept = self._pointers.get(user_id)
        if kept is not None and kept[0] == record.id and self.is_newest(channel_id, kept[1].id):
            return  # the newest message already points at this panel
        await self.drop_pointer(user_id)
        label = game_label(record.game, record.id)
        out = Outgoing(_("Your {game} turn is open: your panel is a little higher up.", game=label))
        out.items = [link_button(step)]
        try:
            pointer = await send_to(user, out)
        except discord.HTTPException as error:
            log.info("game %s: no pointer to the live panel of user %s: %s", record.id, user_id, error)
            return
        self._pointers[user_id] = (record.id, pointer)
        self.sent(pointer)

    async def drop_pointer(self, user_id: int, game_id: int | None = None) -> None:
        """Delete the user's pointer message, if any (and only one to ``game_id`` when given): a
        new one replaces it, or its game is over."""
        kept = self._pointers.get(user_id)
        if kept is None or (game_id is not None and kept[0] != game_id):
            return
        pointer = self._pointers.pop(user_id)[1]
        try:
            await pointer.delete()
        except discord.HTTPException as error:
            log.info("pointer %s could not be deleted: %s", pointer.id, error)

    async def links_for(self, user_id: int, game_id: int) -> list[discord.ui.Item[Any]]:
        """Link buttons to the user's live steps still open in games other than ``game_id``, to
        put on a new message of that game (in the current language)."""
        links: list[discord.ui.Item[Any]] = []
        for step in list(self._open.get(user_id, {}).values()):
            if step.game_id == game_id:
                continue
            if not await self._still_open(user_id, step):
                continue
            links.append(link_button(step))
        return links[:MAX_LINKS]

    async def _still_open(self, user_id: int, step: LiveStep) -> bool:
        record = await self._storage().load(step.game_id)
        game = get_game(step.game)
        open_now = (
            record is not None
            and record.status == "active"
            and record.state is not None
            and game.decision_id(record.state) == step.decision
            and step.seat in game.to_act(record.state)
        )
        if not open_now:
            self._open.get(user_id, {}).pop(step.game_id, None)
        return open_now

    async def forget_game(self, record: GameRecord) -> None:
        """The game is over: no link or pointer leads to it any more."""
        for seat in record.seats:
            self._open.get(seat.user_id, {}).pop(record.id, None)
            await self.drop_pointer(seat.user_id, record.id)


def link_button(step: LiveStep) -> discord.ui.Button[Any]:
    """A link-style button to a live step's panel (it needs no handler: Discord opens the link)."""
    return discord.ui.Button(
        label=_("Your {game} turn is open", game=game_label(step.game, step.game_id))[:80],
        emoji="⏳",
        url=panel_url(step.channel_id, step.message_id),
    )
