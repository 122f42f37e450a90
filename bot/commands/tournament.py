"""`/tournament`: an organiser sets a competition up in one command, and the bot runs it
(``bot.commands.tournament_run``). Everything is checked before anything is made, and every
refusal is private and changes nothing."""

from __future__ import annotations

import logging
import re
import secrets
from datetime import UTC, datetime, timedelta
from datetime import date as calendar_day
from typing import Any, Final

import discord
from discord import app_commands

from bot.commands.gamenight_time import hour_minute
from bot.commands.lobby import GAME_OPTIONS, table_options, table_parameters
from bot.commands.lobby_speed import clock_of
from bot.commands.play_options import chosen
from bot.commands.settings import own_timezone
from bot.commands.tournament_card import card_embed, format_text, lines_of, standings_text
from bot.commands.tournament_run import TournamentClock
from bot.commands.tournament_signup import signup_view
from bot.core.clock import now
from bot.core.lengths import estimate
from bot.core.quiet import zone
from bot.games import get_game
from bot.i18n import NP_, _, from_discord, pgettext, speaking
from bot.storage.tournaments import Tournament
from bot.ui.interactions import Ack, Refusal, answer, channel_id_of, entry
from bot.ui.ports import service_of

log = logging.getLogger(__name__)

MIN_LEAD_SECONDS: Final = 60
MAX_LEAD_DAYS: Final = 60
MAX_ROUNDS: Final = 12
LIVE_ROUND_FALLBACK: Final = 90 * 60
PACED_ROUND_FALLBACK: Final = 7 * 86400
RELATIVE: Final = re.compile(r"\+\s*(?P<amount>\d{1,5})\s*(?P<unit>[mh])")
FORMAT_CHOICES = [
    app_commands.Choice(name="Swiss (set the rounds)", value="swiss"),
    app_commands.Choice(name="round robin (everyone meets)", value="round-robin"),
    app_commands.Choice(name="single elimination (winners advance)", value="elimination"),
]


def signup_close(clock: str, day: str | None, timezone: str, at: float) -> float:
    """The moment sign-up closes from the organiser's ``HH:MM`` (and ``YYYY-MM-DD``) in their
    zone, or ``+90m``/``+2h`` from now: a minute to 60 days ahead; without a day, the next time
    the clock shows it."""
    relative = RELATIVE.fullmatch(clock.strip().lower())
    if relative is not None:  # "+90m", "+2h": from now
        amount, unit = int(relative["amount"]), relative["unit"]
        closes = at + amount * (3600 if unit == "h" else 60)
        return _within(closes, at)
    try:
        hour, minute = hour_minute(clock.strip())
    except ValueError as error:
        raise Refusal(_("Give the time as hours and minutes, like `20:30`.")) from error
    local = zone(timezone)
    try:
        chosen_day = (
            calendar_day.fromisoformat(day.strip()) if day else datetime.fromtimestamp(at, local).date()
        )
    except ValueError as error:
        raise Refusal(_("Give the date as year-month-day, like `2026-12-24`.")) from error

    def moment(d: calendar_day) -> float:
        return datetime(d.year, d.month, d.day, hour, minute, tzinfo=local).timestamp()

    closes = moment(chosen_day)
    if not day and closes < at + MIN_LEAD_SECONDS:
        closes = moment(chosen_day + timedelta(days=1))
    return _within(closes, at)


def _within(closes: float, at: float) -> float:
    if not at + MIN_LEAD_SECONDS <= closes <= at + MAX_LEAD_DAYS * 86400:
        raise Refusal(_("Sign-up must close between a minute and {days} days from now.", days=MAX_LEAD_DAYS))
    return closes


def round_seconds(slug: str, seats: int, pace: int, timer: int, hours: float | None) -> float:
    """A round's time limit: the organiser's, else about twice a game's expected length."""
    if hours is not None:
        return hours * 3600
    length = estimate(slug, seats, pace or timer, bool(pace))
    if length is None:
        return PACED_ROUND_FALLBACK if pace else LIVE_ROUND_FALLBACK
    longest = length.longest if length.longest is not None else 2 * length.expected
    return float(max(15 * 60, round(max(longest, 2 * length.expected) / 300) * 300))


def table_seats(slug: str, seats: int | None) -> int:
    """The players at each table: the organiser's ``seats``, else the fewest the game plays
    with (two at least: a tournament table is a match)."""
    rules = get_game(slug)
    least = max(2, rules.min_seats)
    table = seats if seats is not None else least
    if not least <= table <= rules.max_seats:
        raise Refusal(
            _(
                "{title} tables seat {min}–{max} players.",
                title=_(rules.title),
                min=least,
                max=rules.max_seats,
            )
        )
    return table


async def may_organise(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    if perms is not None and (perms.manage_guild or perms.manage_events):
        return True
    assert interaction.guild_id is not None
    role = await service_of(interaction).storage.organiser_role(interaction.guild_id)
    return role is not None and any(r.id == role for r in getattr(interaction.user, "roles", ()))


group = app_commands.Group(
    name="tournament", description="Tournaments the bot pairs, runs and scores by itself.", guild_only=True
)


@group.command(name="create", description="Set up a tournament in this channel; the bot runs it.")
@app_commands.describe(
    format="Swiss, round robin or single elimination",
    closes="When sign-up closes and round 1 starts: 20:30 in your /settings time zone, or +90m, +2h",
    date="The day sign-up closes, like 2026-12-24 (default: the next time it is that hour)",
    swiss_rounds="Swiss: how many rounds (default 3)",
    seats="Players per table, within the game's range (default: the fewest it plays with)",
    round_hours="Hours each round may last at most (default: about twice a game's length)",
    role="Only members with this role may join (default: anyone)",
    event="Also create a server event for the start (default: no)",
)
@app_commands.choices(format=FORMAT_CHOICES)
@table_parameters(
    game="Which game every table plays", speed="Live for a game night, or over days (default: live, normal)"
)
@entry(Ack.THINKING)
async def create(
    interaction: discord.Interaction,
    game: app_commands.Choice[str],
    format: app_commands.Choice[str],
    closes: str,
    date: str | None = None,
    swiss_rounds: app_commands.Range[int, 1, 12] | None = None,
    seats: app_commands.Range[int, 1, 8] | None = None,
    speed: app_commands.Choice[str] | None = None,
    round_hours: app_commands.Range[float, 0.25, 720.0] | None = None,
    role: discord.Role | None = None,
    event: bool | None = None,
    **options: Any,
) -> None:
    if not await may_organise(interaction):
        raise Refusal(
            _("Creating a tournament needs Manage Server, Manage Events or the server's organiser role.")
        )
    slug = game.value
    table = table_seats(slug, seats)
    if format.value != "swiss" and swiss_rounds is not None:
        raise Refusal(_("Only a Swiss tournament takes a number of rounds; the others end by themselves."))
    pace, timer = clock_of(slug, speed.value if speed else "live-normal")
    given = await table_options(interaction, slug, chosen(GAME_OPTIONS, options), timer or None)
    service = service_of(interaction)
    closing = signup_close(closes, date, await own_timezone(interaction), now())
    guild = interaction.guild
    assert guild is not None
    if event and not (guild.me is not None and guild.me.guild_permissions.manage_events):
        raise Refusal(_("I can't create the event: I'm missing Manage Events (in the server)."))
    language = from_discord(str(guild.preferred_locale))
    t = await service.storage.create_tournament(
        guild_id=guild.id,
        channel_id=channel_id_of(interaction),
        organiser_id=interaction.user.id,
        organiser_name=interaction.user.display_name,
        game=slug,
        options=given,
        seats=table,
        format=format.value,
        rounds=swiss_rounds or 3 if format.value == "swiss" else 0,
        pace=pace,
        round_seconds=round_seconds(slug, table, pace, timer, round_hours),
        language=language,
        role_id=role.id if role is not None else None,
        signup_closes=closing,
        seed=secrets.randbits(62),
    )
    await _post_card(interaction, t, with_event=bool(event))
    TournamentClock.of(interaction).arm(t)
    log.info("tournament %s created in channel %s (%s, %s)", t.id, t.channel_id, slug, format.value)
    await answer(
        interaction,
        _(
            "Tournament #{id} is set up: sign-up closes <t:{ts}:F> (<t:{ts}:R>), then I pair and run "
            "every round. Manage it with `/tournament pause`, `extend`, `remove` or `cancel`.",
            id=t.id,
            ts=int(closing),
        ),
    )


async def _post_card(interaction: discord.Interaction, t: Tournament, *, with_event: bool) -> None:
    """Post a new tournament's sign-up card in the channel, and the server event linking it."""
    channel = interaction.channel
    assert isinstance(channel, discord.abc.Messageable) and interaction.guild is not None
    view = signup_view(t)
    assert view is not None  # a new tournament takes sign-ups
    card = await channel.send(embed=card_embed(t, [], []), view=view)
    storage = service_of(interaction).storage
    await storage.set_tournament_card(t.id, card.id)
    if with_event:
        await _event(storage, interaction.guild, t, card.jump_url)


async def _event(storage: Any, guild: discord.Guild, t: Tournament, url: str) -> None:
    with speaking(t.language):
        name = _("Tournament: {title}", title=_(get_game(t.game).title))
        description = _("Sign up on the tournament's card: {url}", url=url)
    try:
        made = await guild.create_scheduled_event(
            name=name[:100],
            description=description[:1000],
            start_time=datetime.fromtimestamp(t.signup_closes, UTC),
            end_time=datetime.fromtimestamp(t.signup_closes + 3 * t.round_seconds, UTC),
            entity_type=discord.EntityType.external,
            privacy_level=discord.PrivacyLevel.guild_only,
            location=url[:100],
        )
    except discord.HTTPException as error:
        log.info("tournament %s: no event (%s)", t.id, error)
        return
    await storage.set_tournament_event(t.id, made.id)


async def _pick(
    interaction: discord.Interaction, tournament: int | None, *, mine: bool = False
) -> Tournament:
    """The tournament a command means: the one given, else the newest here (or, with ``mine``,
    the caller's only one in this server)."""
    storage = service_of(interaction).storage
    assert interaction.guild_id is not None
    if tournament is not None:
        t = await storage.tournament(tournament)
        if t is None or t.guild_id != interaction.guild_id:
            raise Refusal(_("There is no tournament #{id} in this server.", id=tournament))
        return t
    if mine:
        found = await storage.user_tournaments(interaction.user.id, interaction.guild_id)
    else:
        everyone = await storage.guild_tournaments(interaction.guild_id)
        here = [t for t in everyone if t.channel_id == channel_id_of(interaction)]
        found = here or everyone
    if not found and not mine:  # a finished one's standings stay readable where it was played
        latest = await storage.latest_tournament_in_channel(channel_id_of(interaction))
        found = [latest] if latest is not None else []
    if not found:
        raise Refusal(_("No tournament is running in this server. Start one with `/tournament create`."))
    if len(found) > 1 and mine:
        ids = ", ".join(f"#{t.id}" for t in found)
        raise Refusal(_("You're in several tournaments ({ids}): say which one.", ids=ids))
    return found[-1]


@group.command(name="standings", description="A tournament's standings and its open round; only you see it.")
@app_commands.describe(tournament="The tournament's number (default: the one in this channel)")
@entry(Ack.THINKING)
async def standings(interaction: discord.Interaction, tournament: int | None = None) -> None:
    t = await _pick(interaction, tournament)
    storage = service_of(interaction).storage
    entrants, tables = await storage.entrants(t.id), await storage.tournament_tables(t.id)
    await answer(interaction, embed=card_embed(t, entrants, tables))


async def mine_lines(storage: Any, user_id: int, guild_id: int) -> list[str]:
    """One line per tournament the user is in here: format, stage and their rank (for `/game mine` too)."""
    found = []
    for t in await storage.user_tournaments(user_id, guild_id):
        entrants, tables = await storage.entrants(t.id), await storage.tournament_tables(t.id)
        line = next((x for x in lines_of(t, entrants, tables) if x.player == user_id), None)
        rank = (
            _("rank {rank} of {n}", rank=line.rank, n=len(entrants))
            if line and t.status != "signup"
            else pgettext("tournament", NP_("tournament", "signed up"))
        )
        playing = [
            x for x in tables if x.round_no == t.round_no and user_id in x.players and x.status == "playing"
        ]
        found.append(
            f"**#{t.id}** {_(get_game(t.game).title)} · {format_text(t)} · {rank}"
            + (" · " + _("your table is playing") if playing else "")
        )
    return found


@group.command(name="mine", description="The tournaments you're in here and how you stand; only you see it.")
@entry(Ack.THINKING)
async def mine(interaction: discord.Interaction) -> None:
    assert interaction.guild_id is not None
    lines = await mine_lines(service_of(interaction).storage, interaction.user.id, interaction.guild_id)
    if not lines:
        raise Refusal(_("You're not in any tournament in this server."))
    await answer(interaction, "\n".join(lines))


tournament_group: Final[app_commands.Group] = group
__all__ = ["mine_lines", "signup_close", "standings_text", "tournament_group"]
