"""The sandbox world: the real bot attached to SimCord, one guild with four members, and their moves.

SimCord keeps its world (guild, users, messages) in memory, while the bot keeps its games in
SQLite. Two consequences shape this module:

* The world is built before the bot logs in, in a fixed order, while SimCord's clock still stands
  at its fixed starting instant. Snowflakes come from that clock and the creation order, so every
  run gets the same guild, channel and member ids, and a stored game still points at them.
* Messages and threads do not survive a restart. ``reopen_games`` puts each open game back in
  front of the players with the bot's own code: the lobby message again, or a fresh thread. It runs
  when the bot is ready and before the bot resumes its games, so what the bot does then (a
  countdown that ran out while the sandbox was stopped, a bot's move) is shown in the new thread.
  Then, for a game the bot did not move on, the sandbox posts the current step and DMs the panels,
  as the bot does when a step opens.
* SimCord's settle waits, in real time, for every timer due before its deadline (a countdown, a
  reminder, a cancelled game's leftover entry). So each settle looks only ``SETTLE_STEP_SECONDS``
  ahead and is repeated while the bot is still working (``until_done``): a click returns as soon as
  the bot has finished with it, and later timers fire from the clock.

After that, SimCord's clock is kept at wall-clock time, so countdowns and deadlines stored by one
run mean the same thing to the next, as they do in production.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

import discord
import simcord
from discord import app_commands
from simcord import ChannelHandle, InteractionResult, MemberActor, UserHandle

from bot.app import AstrolabeBot, create_bot
from bot.games import get_game
from bot.lobby import lobby_embed, lobby_view
from bot.storage import GameRecord

log = logging.getLogger(__name__)

BOT_NAME = "Astrolabe"
GUILD_NAME = "Astrolabe Sandbox"
CHANNEL_NAME = "games"
MEMBERS = ("Ada", "Bea", "Cy", "Dee")
DM = "dm"  # the page's name for "my direct messages with the bot"
HISTORY_SHOWN = 60
SETTLE_STEP_SECONDS = 1.0  # how far ahead one settle looks for timers (see the module docstring)
BUSY_LIMIT_SECONDS = 60.0  # how long one move may keep the bot busy (boards render slowly on a busy laptop)
CLOCK_TICK_SECONDS = 1.0
RESTARTED = "The sandbox restarted: game #{id} continues here, loaded from its database."
STILL_BUSY = ("The bot is still busy with that move after {seconds:g} seconds. The terminal where you "
              "started `python -m bot sandbox` shows what it is waiting for; reload the page in a "
              "moment to see whether the move went through.")

T = TypeVar("T")


class ActionError(Exception):
    """A move the page asked for that SimCord or the bot's rules refused; the message says why."""


class Sandbox:
    """Owns the SimCord ``Env`` and is the only thing that drives it, one operation at a time."""

    def __init__(self, db_path: str) -> None:
        self.bot: AstrolabeBot = create_bot(db_path=db_path)
        self.bot.before_resume = self.reopen_games
        self.env = simcord.Env(self.bot, settle_timeout=SETTLE_STEP_SECONDS)
        self.guild = self.env.create_guild(GUILD_NAME)
        self.games = self.guild.create_text_channel(CHANNEL_NAME, topic="Start a game with /play")
        self.members: dict[str, MemberActor] = {
            name.lower(): self.guild.add_member(self.env.create_user(name.lower(), global_name=name))
            for name in MEMBERS
        }
        # SimCord refuses overlapping operations; page requests and the clock take turns here.
        self.lock = asyncio.Lock()
        self._modals: dict[str, tuple[MemberActor | UserHandle, InteractionResult]] = {}
        self._files: dict[str, discord.Attachment] = {}
        self._errors_seen = 0
        self._clock_task: asyncio.Task[None] | None = None
        self._reopened: dict[int, int] = {}  # game id -> its version when its thread was put back

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        await self.env.start()  # the bot logs in: reopen_games, then the bot resumes its games
        await self.bot.tree.sync()
        assert self.bot.user is not None
        await self.bot.user.edit(username=BOT_NAME)  # SimCord calls every bot "TestBot"
        async with self.lock:
            await self._reopen_steps()
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

    async def reopen_games(self) -> None:
        """Show every open game of a previous run again (see the module docstring). The bot runs
        this when it is ready, before it resumes its games."""
        storage = self.bot.storage
        records = list(await storage.active_games())
        # Every open lobby (a channel runs several tables at once), oldest first as they were posted.
        lobbies = [g for g in await storage.open_games_in_channel(self.games.id) if g.status == "lobby"]
        records += reversed(lobbies)
        games = self.bot.get_channel(self.games.id) or await self.bot.fetch_channel(self.games.id)
        assert isinstance(games, discord.TextChannel)
        for record in records:
            if record.channel_id != self.games.id:
                log.warning("game %s belongs to another world (channel %s); skipped",
                            record.id, record.channel_id)
                continue
            try:
                if record.status == "lobby":
                    message = await games.send(embed=lobby_embed(record), view=lobby_view(record))
                    await storage.set_messages(record.id, lobby_message_id=message.id)
                else:
                    await self._reopen_thread(record, games)
            except Exception:  # one broken game must not keep the sandbox from starting
                log.exception("could not resume game %s", record.id)
            else:
                log.info("resumed game %s (%s)", record.id, record.status)

    async def _reopen_thread(self, record: GameRecord, games: discord.TextChannel) -> None:
        thread = await games.create_thread(name=f"{get_game(record.game).title} #{record.id}",
                                           type=discord.ChannelType.public_thread,
                                           auto_archive_duration=1440)
        await self.bot.storage.set_messages(record.id, thread_id=thread.id)
        resumed = await self.bot.storage.load(record.id)
        assert resumed is not None
        lobby = await games.send(embed=lobby_embed(resumed))
        # The game's end edits its lobby message: this one, not the previous run's.
        await self.bot.storage.set_messages(record.id, lobby_message_id=lobby.id)
        await thread.send(RESTARTED.format(id=record.id))
        self._reopened[record.id] = resumed.version

    async def _reopen_steps(self) -> None:
        """Post the current step of each reopened game the bot did not move on while resuming
        (when it did, it opened the new step itself)."""
        for game_id, version in self._reopened.items():
            record = await self.bot.storage.load(game_id)
            if record is None or record.status != "active" or record.version != version:
                continue
            thread = self.bot.get_channel(record.thread_id) or await self.bot.fetch_channel(record.thread_id)
            try:
                await self.bot.service.open_step(record, thread)
            except Exception:
                log.exception("could not post the current step of game %s", game_id)
        self._reopened.clear()

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
                    result = await self.until_done(self._slash(actor, channel, str(body.get("command", "")),
                                                               dict(body.get("options") or {})))
                elif kind == "click":
                    message = self._message(member, channel, body)
                    result = await self.until_done(actor.click(message, custom_id=str(body["custom_id"])))
                elif kind == "select":
                    message = self._message(member, channel, body)
                    result = await self.until_done(actor.select(
                        message, [str(v) for v in body.get("values", [])], custom_id=str(body["custom_id"])))
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

    async def _slash(self, actor: MemberActor | UserHandle, channel: ChannelHandle, name: str,
                     raw: dict[str, Any]) -> InteractionResult:
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

    def _remember_modal(self, opener: MemberActor | UserHandle, result: InteractionResult | None,
                        ) -> dict[str, Any] | None:
        """Keep a shown modal until it is sent; only its opener, as they opened it, may send it."""
        modal = result.modal if result is not None else None
        if modal is None:
            return None
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
            for c in (self.games, *self.games.threads)]
        dms = self.history(member, member.user.dm_channel)
        channels.append({"key": DM, "name": "Direct messages", "kind": "dm", "count": len(dms)})
        messages = dms if channel_key == DM else self.history(member, channel)
        actor = self.actor(member, channel)
        specs = command_specs(self.bot.tree)
        return {
            "members": [{"key": key, "name": m.user.global_name, "id": str(m.id)}
                        for key, m in self.members.items()],
            "member": member_key,
            "guild": self.guild.name,
            "channels": channels,
            "channel": channel_key,
            "names": names | {str(c["key"]): c["name"] for c in channels if c["kind"] != "dm"},
            "messages": [self._message_json(m) for m in messages[-HISTORY_SHOWN:]],
            "commands": [specs[n] for n in self.available_commands(actor, channel) if n in specs],
        }

    def _message_json(self, message: discord.Message) -> dict[str, Any]:
        by_name = {a.filename: a for a in message.attachments}
        shown: set[str] = set()

        def image(url: str | None) -> str | None:
            if not url:
                return None
            attachment = by_name.get(url.removeprefix("attachment://")) or next(
                (a for a in message.attachments if a.url == url), None)
            if attachment is None:
                return None
            shown.add(attachment.filename)
            return self._file_url(attachment)

        embeds = [{
            "title": e.title, "description": e.description,
            "colour": f"#{e.colour.value:06x}" if e.colour else None,
            "fields": [{"name": f.name, "value": f.value, "inline": f.inline} for f in e.fields],
            "footer": e.footer.text, "image": image(e.image.url),
        } for e in message.embeds]
        me = self.bot.user
        # discord.py keeps its own member object for the bot, which a rename does not refresh
        author = me.name if me is not None and message.author.id == me.id else message.author.display_name
        return {
            "id": str(message.id),
            "author": author,
            "bot": message.author.bot,
            "time": message.created_at.isoformat(),
            "ephemeral": message.flags.ephemeral,
            "content": message.content,
            "embeds": embeds,
            "images": [self._file_url(a) for a in message.attachments
                       if a.filename not in shown and (a.content_type or "").startswith("image/")],
            "rows": [[component_json(c) for c in getattr(row, "children", [row])]
                     for row in message.components],
        }

    def _file_url(self, attachment: discord.Attachment) -> str:
        self._files[str(attachment.id)] = attachment
        return f"/api/file/{attachment.id}"


def component_json(component: Any) -> dict[str, Any]:
    if isinstance(component, discord.Button):
        return {"type": "button", "label": component.label, "custom_id": component.custom_id,
                "emoji": str(component.emoji) if component.emoji else None, "url": component.url,
                "style": component.style.name, "disabled": component.disabled}
    if isinstance(component, discord.SelectMenu) and component.type is discord.ComponentType.string_select:
        return {"type": "select", "custom_id": component.custom_id, "placeholder": component.placeholder,
                "min": component.min_values, "max": component.max_values, "disabled": component.disabled,
                "options": [{"label": o.label, "value": o.value, "description": o.description}
                            for o in component.options]}
    return {"type": "unsupported", "name": type(component).__name__}


def command_specs(tree: app_commands.CommandTree[Any]) -> dict[str, dict[str, Any]]:
    """Every slash command the bot defines, by invocation (``"game status"``), with its options."""
    specs: dict[str, dict[str, Any]] = {}
    for command in tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        specs[command.qualified_name] = {
            "name": command.qualified_name,
            "description": command.description,
            "options": [{
                "name": p.name, "description": p.description, "required": p.required,
                "type": p.type.name,
                "choices": [{"name": c.name, "value": c.value} for c in p.choices],
            } for p in command.parameters],
        }
    return specs
