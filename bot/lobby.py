"""`/play` and the lobby: an embed with Join, Leave, Start and Cancel buttons."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands

from bot.games import GAMES, get_game
from bot.games.base import Outcome
from bot.games.plural import counted
from bot.interactions import Ack, Refusal, entry, tell_privately
from bot.outgoing import COLOUR, DmStatus, Outgoing, dm
from bot.pacing import PACES, pace_text
from bot.ports import service_of
from bot.storage import GameRecord, SeatRecord, SeatTaken, StorageError
from bot.table import is_manager

log = logging.getLogger(__name__)

NEEDED_PERMISSIONS = ("send_messages", "embed_links", "attach_files", "read_message_history")
DM_WARNING = ("I couldn't send you a direct message, so your DMs from this server seem closed. "
              "You can still play: press **Open my panel** in the game thread (or use `/game hand`) "
              "whenever it's your move. To get panels by DM, allow direct messages from server "
              "members in your privacy settings.")


STAGES = {"lobby": "lobby", "active": "playing", "finished": "finished", "cancelled": "cancelled"}


def lobby_embed(record: GameRecord, note: str | None = None) -> discord.Embed:
    """The lobby message at every stage: open, playing, finished (with the scores) or cancelled
    (``note`` says by whom or why)."""
    game = get_game(record.game)
    embed = discord.Embed(title=f"{game.title} · {STAGES.get(record.status, record.status)}", colour=COLOUR)
    where = f"<#{record.thread_id}>" if record.thread_id else "this channel"
    outcome = game.outcome(record.state) if record.status == "finished" and record.state is not None else None
    if record.status == "lobby":
        embed.description = (f"Press **Join** to take a seat. The host starts when "
                             f"{game.min_seats}–{game.max_seats} players are in.")
    elif record.status == "cancelled":
        embed.description = note or "This game was cancelled."
        if record.thread_id:
            embed.description += f" It was played in {where}."
    elif record.status == "finished":
        winners = [discord.utils.escape_markdown(record.names[s]) for s in outcome.winners] if outcome else []
        verdict = (f"**{winners[0]}** won" if len(winners) == 1 else
                   f"**{' and '.join(winners)}** share the win" if winners else "The game is over")
        embed.description = f"{verdict}. The game was played in {where}."
    else:
        embed.description = f"The game has started in {where}."
    embed.add_field(name="Host", value=f"<@{record.host_id}>")
    seats = "\n".join(_seat_line(seat, outcome) for seat in record.seats)
    label = "Scores" if outcome else f"Players ({len(record.seats)}/{game.max_seats})"
    embed.add_field(name=label, value=seats or "nobody yet")
    settings = [option_text(game, name, value) for name, value in record.options.items()]
    settings.append("Played live, with no deadlines." if not record.pace
                    else f"Each player has {pace_text(record.pace)} per move.")
    embed.add_field(name="Options", value="\n".join(settings), inline=False)
    embed.set_footer(text=f"Game #{record.id}")
    return embed


def _seat_line(seat: SeatRecord, outcome: Outcome | None) -> str:
    line = f"{seat.seat + 1}. {seat.name}" + (" 🤖" if seat.is_bot else "")
    if outcome is None or seat.seat >= len(outcome.scores):
        return line
    won = " 🏆" if seat.seat in outcome.winners else ""
    return f"{line}: {counted(outcome.scores[seat.seat], 'point')}{won}"


def option_text(game: Any, name: str, value: Any) -> str:
    """One lobby option as players read it: its description, and yes/no for on-off options."""
    spec = next((spec for spec in game.options if spec.name == name), None)
    if spec is None:
        return f"{name}: {value}"
    if set(spec.choices) == {0, 1} and not spec.says:
        return f"{spec.description}: {'yes' if value else 'no'}"
    return spec.sentence(value)


def lobby_view(record: GameRecord) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    actions = ["join", "leave", "start", "cancel"]
    if get_game(record.game).allows_bot_seats:
        actions.insert(2, "bot")
    for action in actions:
        view.add_item(LobbyButton(record.id, action))
    return view


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    perms = interaction.app_permissions
    return [name.replace("_", " ") for name in NEEDED_PERMISSIONS if not getattr(perms, name)]


def panels_by_dm(record: GameRecord, ping: str) -> bool:
    """Whether this player's panels come by DM: a paced game sends them only to players whose
    `/settings` pings include a DM (the others open theirs from the game thread)."""
    return not record.pace or ping in ("both", "dm")


async def welcome_dm(user: discord.abc.User, record: GameRecord, ping: str = "both") -> bool:
    """Probe the user's DMs at join time, so a closed inbox is known before the game starts."""
    from bot.faces import PRESENTERS

    title = get_game(record.game).title
    text = f"You joined **{title}** (game #{record.id}). "
    if panels_by_dm(record, ping):
        text += f"{PRESENTERS[record.game].sent_by_dm} will arrive here while the game runs."
    else:
        text += ("Your `/settings` ask for no DM pings, so in this paced game your panel isn't sent "
                 "here: open it with **Open my panel** in the game thread when it's your move.")
    # Only Discord's "closed DMs" answer says so; a passing failure is not held against them.
    return (await dm(user, Outgoing(text, "Astrolabe")))[0] is not DmStatus.CLOSED


GAME_CHOICES = [app_commands.Choice(name=game.title, value=slug) for slug, game in GAMES.items()]
COUNTDOWN_CHOICES = [app_commands.Choice(name=f"{s} seconds", value=s) for s in (20, 30, 45, 60, 90)]
PACE_CHOICES = [app_commands.Choice(name="live (no deadlines)" if not v else f"{name} per move", value=v)
                for name, v in PACES.items()]


@app_commands.command(name="play", description="Open a lobby for a star game in this channel.")
@app_commands.describe(game="Which game to play",
                       countdown="A Sky of Stars: seconds to guess each drawing (default 30)",
                       pace="Time each player has per move (default: live, no deadlines)",
                       first_game="Observatory: the gentler first-game deal (1 large + 3 small cards, "
                                  "keep all)")
@app_commands.choices(game=GAME_CHOICES, countdown=COUNTDOWN_CHOICES, pace=PACE_CHOICES)
@app_commands.guild_only()
@entry(Ack.NONE)
async def play(interaction: discord.Interaction, game: app_commands.Choice[str],
               countdown: app_commands.Choice[int] | None = None,
               pace: app_commands.Choice[int] | None = None,
               first_game: bool | None = None) -> None:
    given: dict[str, Any] = {}
    if countdown is not None:
        given["countdown"] = countdown.value
    if first_game is not None:
        given["first_game"] = int(first_game)
    await _play(interaction, game.value, given, pace.value if pace else 0)


async def _play(interaction: discord.Interaction, slug: str, given: dict[str, Any], pace: int) -> None:
    missing = missing_permissions(interaction)
    if missing:
        raise Refusal("I can't run a game here: I'm missing these permissions in this "
                                  f"channel: {', '.join(missing)}. Ask a server admin to grant them.")
    rules = get_game(slug)
    options = rules.validate_options(given)  # an IllegalAction is shown to the host privately
    service = service_of(interaction)
    # A channel runs as many tables as people open, each in its own thread; a game's thread
    # belongs to that one game, so `/game …` there always means it.
    here = await service.storage.open_games_in_channel(interaction.channel_id)
    if here and here[0].thread_id == interaction.channel_id:
        raise Refusal(f"This thread is the table of game #{here[0].id}. Open a new lobby with `/play` "
                      f"in <#{here[0].channel_id}>: each game gets a thread of its own.")
    record = await service.storage.create_lobby(
        game=slug, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
        host_id=interaction.user.id, host_name=interaction.user.display_name, options=options, pace=pace)
    await interaction.response.send_message(embed=lobby_embed(record), view=lobby_view(record))
    message = await interaction.original_response()
    await service.storage.set_messages(record.id, lobby_message_id=message.id)
    ping = (await service.storage.user_settings(interaction.user.id)).ping
    if not await welcome_dm(interaction.user, record, ping):
        await service.storage.set_dm_open(record.id, interaction.user.id, False)
        await interaction.followup.send(DM_WARNING, ephemeral=True)


play_command = play


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"lobby:(?P<action>join|leave|bot|start|cancel):(?P<game>\d+)"):
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "bot": discord.ButtonStyle.secondary, "start": discord.ButtonStyle.primary,
              "cancel": discord.ButtonStyle.danger}
    LABELS = {"bot": "Add bot"}

    def __init__(self, game_id: int, action: str) -> None:
        super().__init__(discord.ui.Button(label=self.LABELS.get(action, action.capitalize()),
                                           style=self.STYLES[action],
                                           custom_id=f"lobby:{action}:{game_id}"))
        self.game_id, self.action = game_id, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> LobbyButton:
        return cls(int(match["game"]), match["action"])

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        async with service.lock(self.game_id):
            record = await service.storage.load(self.game_id)
            if record is None or record.status != "lobby":
                raise Refusal("This lobby is closed.")
            handler = getattr(self, f"_{self.action}")
            updated = await handler(interaction, record)
        if updated is not None:
            view = lobby_view(updated) if updated.status == "lobby" else None
            note = (f"{interaction.user.display_name} cancelled this lobby."
                    if updated.status == "cancelled" else None)
            await interaction.edit_original_response(embed=lobby_embed(updated, note), view=view)

    async def _join(self, interaction: discord.Interaction, record: GameRecord) -> GameRecord:
        rules = get_game(record.game)
        if record.seat_of(interaction.user.id) is not None:
            raise Refusal("You're already in this lobby.")
        if len(record.seats) >= rules.max_seats:
            raise Refusal(f"This lobby is full ({rules.max_seats} players).")
        storage = service_of(interaction).storage
        try:
            record = await storage.add_seat(record.id, interaction.user.id, interaction.user.display_name)
        except SeatTaken as error:
            raise Refusal("You're already in this lobby.") from error
        ping = (await storage.user_settings(interaction.user.id)).ping
        if await welcome_dm(interaction.user, record, ping):
            where = ("Watch your DMs once the game starts." if panels_by_dm(record, ping)
                     else "Open your panel from the game thread when it's your move.")
            await tell_privately(interaction, f"You're in! {where}")
        else:
            await storage.set_dm_open(record.id, interaction.user.id, False)
            await tell_privately(interaction, "You're in! " + DM_WARNING)
        return record

    async def _leave(self, interaction: discord.Interaction, record: GameRecord) -> GameRecord:
        if record.seat_of(interaction.user.id) is None:
            raise Refusal("You're not in this lobby.")
        if interaction.user.id == record.host_id:
            raise Refusal("You're hosting this lobby. Press **Cancel** to close it instead.")
        record = await service_of(interaction).storage.remove_seat(record.id, interaction.user.id)
        await tell_privately(interaction, "You left the lobby.")
        return record

    async def _bot(self, interaction: discord.Interaction, record: GameRecord) -> GameRecord:
        rules = get_game(record.game)
        if interaction.user.id != record.host_id:
            raise Refusal("Only the host can add bot players.")
        if not rules.allows_bot_seats:
            raise Refusal(f"{rules.title} has no bot players: every seat needs a person.")
        if len(record.seats) >= rules.max_seats:
            raise Refusal(f"This lobby is full ({rules.max_seats} players).")
        bots = sum(1 for s in record.seats if s.is_bot)
        return await service_of(interaction).storage.add_bot_seat(record.id, f"Bot {bots + 1}")

    async def _start(self, interaction: discord.Interaction, record: GameRecord) -> GameRecord:
        if interaction.user.id != record.host_id:
            raise Refusal("Only the host can start the game.")
        rules = get_game(record.game)
        if not rules.min_seats <= len(record.seats) <= rules.max_seats:
            raise Refusal(f"{rules.title} needs {rules.min_seats}–{rules.max_seats} "
                                      f"players; {len(record.seats)} joined so far.")
        service = service_of(interaction)
        channel = await open_thread(interaction, record)
        if channel.id != record.channel_id:
            await service.storage.set_messages(record.id, thread_id=channel.id)
        record = await service.storage.load(record.id)
        assert record is not None
        record = await service.start(record, channel)
        return record

    async def _cancel(self, interaction: discord.Interaction, record: GameRecord) -> GameRecord:
        if interaction.user.id != record.host_id and not is_manager(interaction.user):
            raise Refusal("Only the host or someone with Manage Server can cancel this lobby.")
        storage = service_of(interaction).storage
        await storage.set_status(record.id, "cancelled")
        return await storage.load(record.id)


async def open_thread(interaction: discord.Interaction, record: GameRecord) -> Any:
    """The game's own thread when the bot may create one; otherwise the lobby's channel."""
    channel = interaction.channel
    title = get_game(record.game).title
    if isinstance(channel, discord.TextChannel):
        try:
            return await channel.create_thread(name=f"{title} #{record.id}",
                                               type=discord.ChannelType.public_thread,
                                               auto_archive_duration=1440)
        except discord.HTTPException as error:
            log.info("no thread for game %s (%s); playing in the channel", record.id, error)
    return channel


__all__ = ["LobbyButton", "StorageError", "play_command"]
