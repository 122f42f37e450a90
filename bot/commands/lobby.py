"""`/play` and the lobby: an embed with Join, Leave, Start and Cancel buttons."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.commands.lobby_card import lobby_embed
from bot.commands.lobby_speed import (
    PACE_CHOICES,
    SPEED_CHOICES,
    clock_of,
    offered,
    speed_options,
)
from bot.commands.play_options import chosen, play_options, with_game_options
from bot.commands.words import check_house_deck
from bot.core.table import is_manager
from bot.games import GAMES, get_game
from bot.i18n import (
    DEFAULT,
    M_,
    N_,
    NP_,
    Language,
    _,
    from_discord,
    ngettext,
    parse,
    speaking,
)
from bot.storage import GameRecord, SeatTaken, StorageError
from bot.tell.live_timer import TIMER_CHOICES, TIMER_KEY, with_timer
from bot.ui.action_button import ActionButton
from bot.ui.interactions import Ack, Refusal, channel_id_of, entry, picked_values, tell_privately
from bot.ui.outgoing import DmStatus, Outgoing, dm
from bot.ui.ports import service_of

log = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Any])

NEEDED_PERMISSIONS = ("send_messages", "embed_links", "attach_files", "read_message_history")
DM_WARNING = N_(
    "I couldn't send you a direct message, so your DMs from this server seem closed. "
    "You can still play: press **Open my panel** in the game thread (or use `/game hand`) "
    "whenever it's your move. To get panels by DM, allow direct messages from server "
    "members in your privacy settings."
)
LOBBY_FULL = N_("This lobby is full ({max} players).")
ALREADY_IN = N_("You're already in this lobby.")


def lobby_view(record: GameRecord) -> discord.ui.View:
    """The lobby's buttons, labelled in the table's language."""
    view = discord.ui.View(timeout=None)
    actions = ["join", "leave", "start", "cancel"]
    if get_game(record.game).allows_bot_seats:
        actions.insert(2, "bot")
    with speaking(record.language):
        for action in actions:
            view.add_item(LobbyButton(record.id, action))
        view.add_item(TimerSelect(record.id, "pace" if record.pace else "timer", speed_options(record)))
    return view


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    perms = interaction.app_permissions
    return [name.replace("_", " ") for name in NEEDED_PERMISSIONS if not getattr(perms, name)]


def refuse_missing(missing: list[str], text: str) -> None:
    """Refuse when the bot lacks permissions; ``text``: the refusal (``N_``), naming them as
    ``{permissions}``."""
    if missing:
        raise Refusal(_(text, permissions=", ".join(missing)))


def panels_by_dm(record: GameRecord, ping: str) -> bool:
    """Whether this player's panels come by DM: a paced game sends them only to players whose
    `/settings` pings include a DM (the others open theirs from the game thread)."""
    return not record.pace or ping in ("both", "dm")


async def welcome_dm(user: discord.User | discord.Member, record: GameRecord, ping: str = "both") -> bool:
    """Probe the user's DMs at join time, so a closed inbox is known before the game starts."""
    from bot.faces import PRESENTERS

    joined = _("You joined **{title}** (game #{id}).", title=_(get_game(record.game).title), id=record.id)
    if panels_by_dm(record, ping):
        where = _("{what} will arrive here while the game runs.", what=_(PRESENTERS[record.game].sent_by_dm))
    else:
        where = _(
            "Your `/settings` ask for no DM pings, so in this paced game your panel isn't sent "
            "here: open it with **Open my panel** in the game thread when it's your move."
        )
    text = f"{joined} {where}"
    # Only Discord's "closed DMs" answer says so; a passing failure is not held against them.
    return (await dm(user, Outgoing(text, "Astrolabe")))[0] is not DmStatus.CLOSED


GAME_CHOICES = [app_commands.Choice(name=game.title, value=slug) for slug, game in GAMES.items()]
GAME_OPTIONS = play_options(GAMES.values())


def table_parameters(*, game: str, speed: str) -> Callable[[F], F]:
    """The parameters every command that sets tables up shares (``/play``, ``/tournament
    create``): which ``game``, its ``speed`` preset and each game's lobby options; ``game`` and
    ``speed`` are the command's own descriptions of the first two."""

    def decorate(callback: F) -> F:
        callback = with_game_options(GAME_OPTIONS)(callback)
        callback = app_commands.choices(game=GAME_CHOICES, speed=SPEED_CHOICES)(callback)
        return app_commands.describe(game=game, speed=speed)(callback)

    return decorate


async def table_options(
    interaction: discord.Interaction, slug: str, given: dict[str, int], timer: int | None
) -> dict[str, Any]:
    """A new table's options: ``given`` checked by the rules (an ``IllegalAction`` is the host's
    to read), the step ``timer`` (the table's, not the rules'), the server's house deck checked."""
    rules = get_game(slug)
    options = with_timer(slug, rules.validate_options(given), timer)
    await check_house_deck(service_of(interaction).storage, interaction.guild_id, rules, options)
    return options


# A language is offered by its own name, never translated.
LANGUAGE_CHOICES = [
    app_commands.Choice(name=language.native_name, value=language.value) for language in Language
]


def table_language(interaction: discord.Interaction, chosen: str | None) -> Language:
    """The language of a new table: ``/play language``, else the server's (its community
    settings' primary language), else English."""
    picked = parse(chosen)
    if picked is not None:
        return picked
    guild = interaction.guild
    return from_discord(str(guild.preferred_locale)) if guild is not None else DEFAULT


@app_commands.command(name="play", description="Open a lobby for a star game in this channel.")
@app_commands.describe(
    pace="Time each player has per move (default: live, with a timer on each step)",
    timer="Live tables: time for each step before the game moves on (default: the game's own)",
    language="The language of the lobby and the game thread (default: the server's)",
)
@app_commands.choices(language=LANGUAGE_CHOICES)
@app_commands.choices(pace=PACE_CHOICES, timer=TIMER_CHOICES)  # apart: their values are numbers
@app_commands.guild_only()
@table_parameters(
    game="Which game to play",
    speed="Quick, normal or relaxed, live or over days (or set an exact pace or timer instead)",
)
@entry(Ack.THINKING)
async def play(
    interaction: discord.Interaction,
    game: app_commands.Choice[str],
    pace: app_commands.Choice[int] | None = None,
    language: app_commands.Choice[str] | None = None,
    timer: app_commands.Choice[int] | None = None,
    speed: app_commands.Choice[str] | None = None,
    **options: Any,
) -> None:
    """Every game's lobby options are parameters too (``with_game_options``, from the registry).
    A ``speed`` sets the pace or the step timer from a preset; an exact ``pace``/``timer`` can't
    go with it.

    Acknowledged at once with a private "thinking…" (its checks read the database, which under
    load took seconds, past Discord's 3 s): a refusal then replaces it, privately, and an opened
    lobby is posted in the channel as a message of its own, the private "thinking…" removed."""
    paced, timed = pace.value if pace else 0, timer.value if timer else None
    if speed is not None:
        if pace is not None or timer is not None:
            raise Refusal(_("Choose a `speed` or an exact `pace` or `timer`, not both."))
        paced, timed = clock_of(game.value, speed.value)
    await _play(
        interaction,
        game.value,
        chosen(GAME_OPTIONS, options),
        paced,
        table_language(interaction, language.value if language else None),
        timed,
    )


async def _play(
    interaction: discord.Interaction,
    slug: str,
    given: dict[str, Any],
    pace: int,
    language: Language,
    timer: int | None = None,
) -> None:
    refuse_missing(
        missing_permissions(interaction),
        N_(
            "I can't run a game here: I'm missing these permissions in this "
            "channel: {permissions}. Ask a server admin to grant them."
        ),
    )
    options = await table_options(interaction, slug, given, timer)
    service = service_of(interaction)
    # A channel runs as many tables as people open, each in its own thread; a game's thread
    # belongs to that one game, so `/game …` there always means it.
    here = await service.storage.open_games_in_channel(channel_id_of(interaction))
    if here and here[0].thread_id == interaction.channel_id:
        raise Refusal(
            _(
                "This thread is the table of game #{id}. Open a new lobby with `/play` "
                "in <#{channel}>: each game gets a thread of its own.",
                id=here[0].id,
                channel=here[0].channel_id,
            )
        )
    record = await service.storage.create_lobby(
        game=slug,
        guild_id=interaction.guild_id,
        channel_id=channel_id_of(interaction),
        host_id=interaction.user.id,
        host_name=interaction.user.display_name,
        options=options,
        pace=pace,
        language=language,
    )
    channel = interaction.channel
    if not isinstance(channel, discord.abc.Messageable):
        raise RuntimeError(f"interaction {interaction.id} came from a channel that takes no messages")
    try:
        message = await channel.send(embed=lobby_embed(record), view=lobby_view(record))
    except discord.HTTPException:
        # No lobby message, no lobby: nobody could join it, and it must not hold the host's seat.
        await service.storage.set_status(record.id, "cancelled")
        raise
    await service.storage.set_messages(record.id, lobby_message_id=message.id)
    ping = (await service.storage.user_settings(interaction.user.id)).ping
    if not await welcome_dm(interaction.user, record, ping):
        await service.storage.set_dm_open(record.id, interaction.user.id, False)
        await interaction.edit_original_response(content=_(DM_WARNING))
    else:
        await interaction.delete_original_response()


play_command: app_commands.Command[Any, ..., None] = play


class LobbyButton(ActionButton, template=r"lobby:(?P<action>join|leave|bot|start|cancel):(?P<id>\d+)"):
    """Join, Leave, Add bot, Start and Cancel under a lobby (labelled in the table's language:
    ``lobby_view`` speaks it)."""

    PREFIX = "lobby"
    STYLES = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "bot": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }
    LABELS = {
        "join": NP_("button", "Join"),
        "leave": NP_("button", "Leave"),
        "bot": NP_("button", "Add bot"),
        "start": NP_("button", "Start"),
        "cancel": NP_("button", "Cancel"),
    }

    @property
    def game_id(self) -> int:
        return self.key

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        async with service.lock(self.game_id):
            record = await service.storage.load(self.game_id)
            if record is None or record.status != "lobby":
                raise Refusal(_("This lobby is closed."))
            handler = getattr(self, f"_{self.action}")
            updated = await handler(interaction, record)
        if updated is not None:
            view = lobby_view(updated) if updated.status == "lobby" else None
            # said in the table's language by lobby_embed
            note = (
                M_("{name} cancelled this lobby.", name=interaction.user.display_name)
                if updated.status == "cancelled"
                else None
            )
            await interaction.edit_original_response(embed=lobby_embed(updated, note), view=view)

    async def _join(self, interaction: discord.Interaction, record: GameRecord) -> GameRecord:
        rules = get_game(record.game)
        if record.seat_of(interaction.user.id) is not None:
            raise Refusal(_(ALREADY_IN))
        if len(record.seats) >= rules.max_seats:
            raise Refusal(_(LOBBY_FULL, max=rules.max_seats))
        storage = service_of(interaction).storage
        try:
            record = await storage.add_seat(record.id, interaction.user.id, interaction.user.display_name)
        except SeatTaken as error:
            raise Refusal(_(ALREADY_IN)) from error
        ping = (await storage.user_settings(interaction.user.id)).ping
        if await welcome_dm(interaction.user, record, ping):
            joined = (
                _("You're in! Watch your DMs once the game starts.")
                if panels_by_dm(record, ping)
                else _("You're in! Open your panel from the game thread when it's your move.")
            )
            await tell_privately(interaction, joined)
        else:
            await storage.set_dm_open(record.id, interaction.user.id, False)
            await tell_privately(interaction, _("You're in! {warning}", warning=_(DM_WARNING)))
        return record

    async def _leave(self, interaction: discord.Interaction, record: GameRecord) -> GameRecord:
        if record.seat_of(interaction.user.id) is None:
            raise Refusal(_("You're not in this lobby."))
        if interaction.user.id == record.host_id:
            raise Refusal(_("You're hosting this lobby. Press **Cancel** to close it instead."))
        record = await service_of(interaction).storage.remove_seat(record.id, interaction.user.id)
        await tell_privately(interaction, _("You left the lobby."))
        return record

    async def _bot(self, interaction: discord.Interaction, record: GameRecord) -> GameRecord:
        rules = get_game(record.game)
        if interaction.user.id != record.host_id:
            raise Refusal(_("Only the host can add bot players."))
        if not rules.allows_bot_seats:
            raise Refusal(_("{title} has no bot players: every seat needs a person.", title=_(rules.title)))
        if len(record.seats) >= rules.max_seats:
            raise Refusal(_(LOBBY_FULL, max=rules.max_seats))
        bots = sum(1 for s in record.seats if s.is_bot)
        return await service_of(interaction).storage.add_bot_seat(record.id, f"Bot {bots + 1}")

    async def _start(self, interaction: discord.Interaction, record: GameRecord) -> GameRecord:
        if interaction.user.id != record.host_id:
            raise Refusal(_("Only the host can start the game."))
        rules = get_game(record.game)
        if not rules.min_seats <= len(record.seats) <= rules.max_seats:
            raise Refusal(
                ngettext(
                    "{title} needs {min}–{max} players; {n} joined so far.",
                    "{title} needs {min}–{max} players; {n} joined so far.",
                    len(record.seats),
                    title=_(rules.title),
                    min=rules.min_seats,
                    max=rules.max_seats,
                )
            )
        service = service_of(interaction)
        await check_house_deck(service.storage, record.guild_id, rules, record.options)  # before a thread
        channel = await open_thread(interaction, record)
        if channel.id != record.channel_id:
            await service.storage.set_messages(record.id, thread_id=channel.id)
        threaded = await service.storage.load(record.id)
        assert threaded is not None
        return await service.start(threaded, channel)

    async def _cancel(self, interaction: discord.Interaction, record: GameRecord) -> GameRecord:
        if interaction.user.id != record.host_id and not is_manager(interaction.user):
            raise Refusal(_("Only the host or someone with Manage Server can cancel this lobby."))
        storage = service_of(interaction).storage
        await storage.set_status(record.id, "cancelled")
        cancelled = await storage.load(record.id)
        assert cancelled is not None
        return cancelled


class TimerSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"lobby:(?P<what>timer|pace):(?P<game>\d+)"
):
    """The host picks the table's speed until the game starts: a live table's step timer (or
    none), a paced game's time per move (``lobby_speed.speed_options`` lists the presets)."""

    def __init__(
        self, game_id: int, what: str = "timer", options: list[discord.SelectOption] | None = None
    ) -> None:
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
            options=options or [discord.SelectOption(label="-")], custom_id=f"lobby:{what}:{game_id}", row=1
        )
        super().__init__(select)
        self.game_id, self.what = game_id, what

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TimerSelect:
        return cls(int(match["game"]), match["what"])

    @entry(Ack.UPDATE)
    async def callback(self, interaction: discord.Interaction) -> None:
        picked = picked_values(interaction)
        service = service_of(interaction)
        async with service.lock(self.game_id):
            record = await service.storage.load(self.game_id)
            if record is None or record.status != "lobby":
                raise Refusal(_("This lobby is closed."))
            if interaction.user.id != record.host_id:
                raise Refusal(_("Only the host can change the timer."))
            seconds = int(picked[0]) if len(picked) == 1 and picked[0].isdigit() else -1
            paced = self.what == "pace"
            if paced != bool(record.pace) or not offered(paced, seconds):
                raise Refusal(_("That timer isn't one the lobby offers."))
            if paced:
                record = await service.storage.set_lobby_pace(record.id, seconds)
            else:
                options = {**record.options, TIMER_KEY: seconds}
                record = await service.storage.set_lobby_options(record.id, options)
        await interaction.edit_original_response(embed=lobby_embed(record), view=lobby_view(record))


async def open_thread(interaction: discord.Interaction, record: GameRecord) -> Any:
    """The game's own thread when the bot may create one; otherwise the lobby's channel."""
    channel = interaction.channel
    with speaking(record.language):  # public: the table's language, not the host's
        title = _(get_game(record.game).title)
    if isinstance(channel, discord.TextChannel):
        try:
            return await channel.create_thread(
                name=f"{title} #{record.id}",
                type=discord.ChannelType.public_thread,
                auto_archive_duration=1440,
            )
        except discord.HTTPException as error:
            log.info("no thread for game %s (%s); playing in the channel", record.id, error)
    return channel


__all__ = ["LobbyButton", "StorageError", "TimerSelect", "play_command"]
