"""The sandbox world: the real bot attached to SimCord, one guild with four members, and their moves.

SimCord keeps its world (guild, users, messages) in memory, while the bot keeps its games in
SQLite. Two consequences shape this module:

* The world is built before the bot logs in, in a fixed order, while SimCord's clock still stands
  at its fixed starting instant (1 January 2026). Snowflakes come from that clock and the creation
  order, so every run gets the same guild, channel and member ids, and a stored game still points
  at them. Then, still before the bot logs in, the clock is moved to the wall clock's now: from
  the first thing the bot does (resuming its games, re-posting them), its times, the deadlines it
  stores and the ``created_at`` of its rows are in one frame, the real one, whatever run wrote them.
* Messages and threads do not survive a restart: ``bot.sandbox.reopen`` puts each open game
  back in front of the players with the bot's own code, before the bot resumes its games.
* SimCord's settle waits, in real time, for every timer due before its deadline (a countdown, a
  reminder, a cancelled game's leftover entry). So each settle looks only ``SETTLE_STEP_SECONDS``
  ahead and is repeated while the bot is still working (``until_done``): a click returns as soon as
  the bot has finished with it, and later timers fire from the clock.

After that, SimCord's clock is kept at wall-clock time (it only moves when asked, so a task moves
it once a second), so countdowns and deadlines stored by one run mean the same thing to the next,
and two sandboxes agree, as they do in production.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import logging
import secrets
from collections.abc import Awaitable, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

import discord
import simcord
from simcord import ChannelHandle, InteractionResult, MemberActor, UserHandle

from bot.app import AstrolabeBot, create_bot
from bot.sandbox.page_json import command_specs, message_json
from bot.sandbox.reopen import Reopener

log = logging.getLogger(__name__)

BOT_NAME = "Astrolabe"
GUILD_NAME = "Astrolabe Sandbox"
CHANNEL_NAME = "games"
MEMBERS = ("Ada", "Bea", "Cy", "Dee")
# A member who runs the server: Manage Server (`/words add`, `/game season`…) and Manage Events
# (`/gamenight`). Made after the others, so their ids stay what earlier runs stored.
ADMIN = "Max"
ADMIN_PERMISSIONS = discord.Permissions(manage_guild=True, manage_events=True)
DM = "dm"  # the page's name for "my direct messages with the bot"
HISTORY_SHOWN = 60
EVENT_STATUS = {1: "scheduled", 2: "active", 3: "completed", 4: "cancelled"}
SETTLE_STEP_SECONDS = 1.0  # how far ahead one settle looks for timers (see the module docstring)
BUSY_LIMIT_SECONDS = 60.0  # how long one move may keep the bot busy (boards render slowly on a busy laptop)
CLOCK_TICK_SECONDS = 1.0
STILL_BUSY = (
    "The bot is still busy with that move after {seconds:g} seconds. The terminal where you "
    "started `python -m bot sandbox` shows what it is waiting for; reload the page in a "
    "moment to see whether the move went through."
)

T = TypeVar("T")


class ActionError(Exception):
    """A move the page asked for that SimCord or the bot's rules refused; the message says why."""


class Sandbox:
    """Owns the SimCord ``Env`` and is the only thing that drives it, one operation at a time."""

    def __init__(self, db_path: str) -> None:
        self.bot: AstrolabeBot = create_bot(db_path=db_path)
        self.env = simcord.Env(self.bot, settle_timeout=SETTLE_STEP_SECONDS)
        self.guild = self.env.create_guild(GUILD_NAME)
        self.games = self.guild.create_text_channel(CHANNEL_NAME, topic="Start a game with /play")
        # Ada may organise tournaments (Manage Events); the others are plain members.
        organisers = self.guild.create_role("Organisers", permissions=discord.Permissions(manage_events=True))
        self.members: dict[str, MemberActor] = {
            name.lower(): self.guild.add_member(
                self.env.create_user(name.lower(), global_name=name),
                roles=[organisers] if name == MEMBERS[0] else [],
            )
            for name in MEMBERS
        }
        admins = self.guild.create_role("Admins", permissions=ADMIN_PERMISSIONS)
        self.members[ADMIN.lower()] = self.guild.add_member(
            self.env.create_user(ADMIN.lower(), global_name=ADMIN), roles=[admins]
        )
        self._set_clock_to_wall_clock()
        self.reopener = Reopener(self.bot, self.games.id)
        self.bot.before_resume = self.reopener.reopen_games
        # SimCord refuses overlapping operations; page requests and the clock take turns here.
        self.lock = asyncio.Lock()
        self._modals: dict[str, tuple[MemberActor | UserHandle, InteractionResult]] = {}
        self._files: dict[str, discord.Attachment] = {}
        self._errors_seen = 0
        self._clock_task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        await self.env.start()  # the bot logs in: the reopener, then the bot resumes its games
        await self.bot.tree.sync()
        assert self.bot.user is not None
        await self.bot.user.edit(username=BOT_NAME)  # SimCord calls every bot "TestBot"
        async with self.lock:
            await self.reopener.post_steps()
            await self.until_done(self.env.settle())
            await self._catch_up_with_wall_clock()
        self._clock_task = asyncio.create_task(self._follow_wall_clock(), name="sandbox-clock")

    async def stop(self) -> None:
        if self._clock_task is not None:
            self._clock_task.cancel()
            await asyncio.gather(self._clock_task, return_exceptions=True)
        async with self.lock:
            await self.env.shutdown()
            await self.bot.close()  # SimCord detaches the bot; closing it closes the database

    async def until_done(self, operation: Awaitable[T]) -> T | None:
        """Run one SimCord operation and return once the bot has finished what it started (see
        the module docstring). ``None`` when the operation's own result was lost to a settle
        timeout; the move itself was made."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            return await operation
        except TimeoutError as error:
            busy = error
        while loop.time() - started < BUSY_LIMIT_SECONDS:
            try:
                await self.env.settle()
                return None
            except TimeoutError as error:
                busy = error
        log.error("the bot is still busy after %g seconds: %s", BUSY_LIMIT_SECONDS, busy)
        raise ActionError(STILL_BUSY.format(seconds=BUSY_LIMIT_SECONDS)) from busy

    def _set_clock_to_wall_clock(self) -> None:
        """Before the bot logs in (no timer exists yet), jump SimCord's clock from its fixed start to
        now; only the world's ids keep the fixed instant (see the module docstring)."""
        behind = (datetime.now(UTC) - self.env.now()).total_seconds()
        if behind > 0:
            self.env.backend.advance_clock(behind)

    async def _follow_wall_clock(self) -> None:
        while True:
            await asyncio.sleep(CLOCK_TICK_SECONDS)
            async with self.lock:
                try:
                    await self._catch_up_with_wall_clock()
                except Exception:
                    log.exception("the simulated clock could not catch up")

    async def _catch_up_with_wall_clock(self) -> None:
        """Move SimCord's clock to now; due countdowns fire as they would in production."""
        behind = (datetime.now(UTC) - self.env.now()).total_seconds()
        if behind > 0:
            await self.until_done(self.env.advance_time(behind))
        self._log_bot_errors()

    def _log_bot_errors(self) -> None:
        """SimCord catches what the bot raises; a sandbox user should see it in the terminal."""
        for error in self.env.errors_since(self._errors_seen):
            log.error("the bot raised an error", exc_info=error)
        self._errors_seen = self.env.error_cursor

    # ------------------------------------------------------------------ where things are

    def member(self, key: str) -> MemberActor:
        try:
            return self.members[key]
        except KeyError:
            raise ActionError(f"there is no member {key!r} in the sandbox") from None

    def channel(self, key: str, member: MemberActor) -> ChannelHandle:
        if key == DM:
            return member.user.dm_channel
        for channel in (self.games, *self.games.threads):
            if str(channel.id) == key:
                return channel
        raise ActionError("that channel is gone; pick another one")

    def actor(self, member: MemberActor, channel: ChannelHandle) -> MemberActor | UserHandle:
        """In DMs a person acts as a user; in the guild, as a member of it."""
        return member.user if channel.guild is None else member

    def history(self, member: MemberActor, channel: ChannelHandle) -> list[discord.Message]:
        return channel.history(viewer=self.actor(member, channel))

    # ------------------------------------------------------------------ moves

    async def act(self, member_key: str, channel_key: str, body: dict[str, Any]) -> dict[str, Any]:
        """Run one move for the page; returns a modal to show, if the bot answered with one."""
        member = self.member(member_key)
        channel = self.channel(channel_key, member)
        actor = self.actor(member, channel)
        kind = body.get("kind")
        async with self.lock:
            try:
                result: InteractionResult | None
                if kind == "slash":
                    result = await self.until_done(
                        self._slash(
                            actor, channel, str(body.get("command", "")), dict(body.get("options") or {})
                        )
                    )
                elif kind == "click":
                    message = self._message(member, channel, body)
                    result = await self.until_done(actor.click(message, custom_id=str(body["custom_id"])))
                elif kind == "select":
                    message = self._message(member, channel, body)
                    result = await self.until_done(
                        actor.select(
                            message,
                            [str(v) for v in body.get("values", [])],
                            custom_id=str(body["custom_id"]),
                        )
                    )
                elif kind == "vote":
                    message = self._message(member, channel, body)
                    await self.until_done(member.vote(message, answer=int(body["answer"])))
                    result = None
                elif kind == "interest":
                    await self.until_done(self._interest(member, int(body["event"])))
                    result = None
                elif kind == "modal":
                    opener, shown = self._modals.pop(str(body.get("modal")), (None, None))
                    if opener is None or shown is None or opener.id != member.id:
                        raise ActionError("that form was already sent or closed")
                    result = await self.until_done(opener.submit_modal(shown, dict(body.get("values") or {})))
                else:
                    raise ActionError(f"unknown move {kind!r}")
            except (simcord.SetupError, simcord.BackendError, KeyError, ValueError, TypeError) as error:
                raise ActionError(str(error) or type(error).__name__) from error
            finally:
                self._log_bot_errors()
        return {"modal": self._remember_modal(actor, result)}

    def _message(self, member: MemberActor, channel: ChannelHandle, body: dict[str, Any]) -> discord.Message:
        wanted = str(body.get("message"))
        for message in self.history(member, channel):
            if str(message.id) == wanted:
                return message
        raise ActionError("that message is gone")

    async def _slash(
        self, actor: MemberActor | UserHandle, channel: ChannelHandle, name: str, raw: dict[str, Any]
    ) -> InteractionResult:
        spec = command_specs(self.bot.tree).get(name)
        if spec is None or name not in self.available_commands(actor, channel):
            raise ActionError(f"/{name} can't be used here")
        options: dict[str, Any] = {}
        for option in spec["options"]:
            value = raw.get(option["name"])
            if value in (None, ""):
                continue
            options[option["name"]] = self._option_value(option["type"], value)
        if isinstance(actor, UserHandle):
            result: InteractionResult = await actor.slash(name, **options)
            return result
        return await actor.slash(channel, name, **options)

    def _option_value(self, kind: str, value: Any) -> Any:
        """Page fields are strings; SimCord wants Python values and handles."""
        if kind == "integer":
            return int(value)
        if kind == "number":
            return float(value)
        if kind == "boolean":
            return str(value).lower() in {"1", "true", "yes", "on"}
        if kind == "attachment":  # the page sends {"filename", "data": base64}
            if not isinstance(value, dict):
                raise ActionError("pick a file to upload")
            try:
                data = base64.b64decode(str(value.get("data", "")), validate=True)
            except (binascii.Error, ValueError) as error:
                raise ActionError("that file could not be read") from error
            return (str(value.get("filename") or "upload.txt"), data)
        handles: dict[str, Any] = {}
        if kind in {"user", "mentionable"}:
            handles = {str(m.id): m for m in self.members.values()}
        elif kind == "channel":
            handles = {str(c.id): c for c in (self.games, *self.games.threads)}
        else:
            return str(value)
        if str(value) not in handles:
            raise ActionError(f"there is no {kind} {value!r} in the sandbox")
        return handles[str(value)]

    def _remember_modal(
        self,
        opener: MemberActor | UserHandle,
        result: InteractionResult | None,
    ) -> dict[str, Any] | None:
        """Keep a shown modal until it is sent; only its opener, as they opened it, may send it."""
        if result is None or result.modal is None:
            return None
        modal = result.modal
        token = secrets.token_urlsafe(8)
        self._modals[token] = (opener, result)
        return {"token": token, **modal}

    def available_commands(self, actor: MemberActor | UserHandle, channel: ChannelHandle) -> Sequence[str]:
        if isinstance(actor, UserHandle):
            return actor.available_commands()
        return actor.available_commands(channel)

    async def file(self, attachment_id: str) -> tuple[bytes, str] | None:
        """The bytes of an attachment the page was shown, read through the bot's own client."""
        attachment = self._files.get(attachment_id)
        if attachment is None:
            return None
        return await attachment.read(), attachment.content_type or "application/octet-stream"

    # ------------------------------------------------------------------ what the page shows

    def state(self, member_key: str, channel_key: str) -> dict[str, Any]:
        member = self.member(member_key)
        try:
            channel = self.channel(channel_key, member)
        except ActionError:
            channel, channel_key = self.games, str(self.games.id)
        names = {str(m.id): m.user.global_name or m.name for m in self.members.values()}
        if self.bot.user is not None:
            names[str(self.bot.user.id)] = self.bot.user.name
        channels: list[dict[str, Any]] = [
            {"key": str(c.id), "name": c.name, "kind": "thread" if c.is_thread else "text"}
            for c in (self.games, *self.games.threads)
        ]
        dms = self.history(member, member.user.dm_channel)
        channels.append({"key": DM, "name": "Direct messages", "kind": "dm", "count": len(dms)})
        messages = dms if channel_key == DM else self.history(member, channel)
        actor = self.actor(member, channel)
        specs = command_specs(self.bot.tree)
        return {
            "members": [
                {"key": key, "name": m.user.global_name, "id": str(m.id), "admin": key == ADMIN.lower()}
                for key, m in self.members.items()
            ],
            "events": self.events(member),
            "member": member_key,
            "guild": self.guild.name,
            "now": self.env.now().timestamp(),  # the page counts <t:…:R> and dates by this clock
            "channels": channels,
            "channel": channel_key,
            "names": names | {str(c["key"]): c["name"] for c in channels if c["kind"] != "dm"},
            "messages": [message_json(m, self.bot.user, self._file_url) for m in messages[-HISTORY_SHOWN:]],
            "commands": [specs[n] for n in self.available_commands(actor, channel) if n in specs],
        }

    async def _interest(self, member: MemberActor, event_id: int) -> None:
        """Press **Interested** on a scheduled event, or take it back."""
        event = self.env.backend.get_guild(self.guild.id).scheduled_events.get(event_id)
        if event is None:
            raise ActionError("that event is gone")
        if member.id in event.user_ids:
            await member.unsubscribe_event(event_id)
        else:
            await member.subscribe_event(event_id)

    def events(self, member: MemberActor) -> list[dict[str, Any]]:
        """The guild's scheduled events as the page draws them (Discord lists them above the channels)."""
        shown = []
        for event in self.env.backend.get_guild(self.guild.id).scheduled_events.values():
            shown.append(
                {
                    "id": str(event.id),
                    "name": event.name,
                    "description": event.description or "",
                    "start": datetime.fromisoformat(event.scheduled_start_time).timestamp(),
                    "end": datetime.fromisoformat(event.scheduled_end_time).timestamp()
                    if event.scheduled_end_time
                    else None,
                    "status": EVENT_STATUS.get(event.status, "scheduled"),
                    "location": (event.entity_metadata or {}).get("location", ""),
                    "interested": len(event.user_ids),
                    "mine": member.id in event.user_ids,
                }
            )
        return shown

    def _file_url(self, attachment: discord.Attachment) -> str:
        self._files[str(attachment.id)] = attachment
        return f"/api/file/{attachment.id}"
