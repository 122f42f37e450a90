"""Fair ratings in Discord: `/leaderboard` ranks a season by rating, `/game season` starts the next.

The ratings themselves are kept by storage with each game's results (``bot.storage.ratings``);
docs/ratings.md says how they are computed. `/stats` shows a player's own rating and trend
(``bot.commands.overview.rating_line``).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.commands.lobby import GAME_CHOICES
from bot.commands.overview import title_of
from bot.core.table import is_manager
from bot.games import GAMES
from bot.i18n import _, from_discord, ngettext, speaking
from bot.storage import RatingRow
from bot.storage.skill import RANKED_AFTER, SHOWN_START, shown
from bot.ui.interactions import Ack, Refusal, acknowledge, answer, entry
from bot.ui.outgoing import COLOUR
from bot.ui.ports import service_of

log = logging.getLogger(__name__)

LEADERBOARD_SIZE = 10
UNRANKED_SHOWN = 10  # players still short of RANKED_AFTER games, named under the ranking
UNRANKED_CHARS = 900


# ------------------------------------------------------------------ /leaderboard


@app_commands.command(name="leaderboard", description="Top players of a game in this server, by rating.")
@app_commands.describe(game="Which game", season="Which season (default: the current one)")
@app_commands.choices(game=GAME_CHOICES)
@app_commands.guild_only()
@entry(Ack.NONE)
async def leaderboard(
    interaction: discord.Interaction,
    game: app_commands.Choice[str],
    season: app_commands.Range[int, 1] | None = None,
) -> None:
    """Public: a leaderboard is meant to be shared, and it shows no secrets, only ratings. With
    nobody ranked yet there is nothing to share: the asker alone reads who still needs games."""
    slug = game.value
    guild_id = interaction.guild_id
    assert guild_id is not None  # guild_only
    storage = service_of(interaction).storage
    current = await storage.current_season(guild_id, slug)
    if season is not None and season > current:
        raise Refusal(
            _(
                "{title} has no season {season} in this server yet: the current season is {current}.",
                title=title_of(slug),
                season=season,
                current=current,
            )
        )
    chosen = season or current
    ranked, unranked = await storage.rating_board(guild_id, slug, chosen, LEADERBOARD_SIZE)
    if not ranked and not unranked:
        raise Refusal(
            _(
                "No rated game of {title} has finished in this server in season {season} yet.",
                title=title_of(slug),
                season=chosen,
            )
        )
    if not ranked:  # only the asker cares: said privately, in their language
        await answer(interaction, embed=leaderboard_embed(slug, chosen, current, ranked, unranked))
        return
    # A leaderboard is posted for everyone in the channel: in the server's language.
    with speaking(from_discord(str(interaction.guild_locale) if interaction.guild_locale else None)):
        embed = leaderboard_embed(slug, chosen, current, ranked, unranked)
    await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


def leaderboard_embed(
    slug: str, season: int, current: int, ranked: list[RatingRow], unranked: list[RatingRow]
) -> discord.Embed:
    """The card: ranked players by rating, then who still needs games, and how it is ranked."""
    lines = [rating_row_line(row) for row in ranked]
    if not ranked:
        lines.append(_("Nobody is ranked yet."))
    if unranked:
        names = ", ".join(
            _("{name} ({games})", name=discord.utils.escape_markdown(row.name), games=row.games)
            for row in unranked[:UNRANKED_SHOWN]
        )
        lines.append(
            ngettext(
                "Not ranked yet (fewer than {n} rated game): {names}",
                "Not ranked yet (fewer than {n} rated games): {names}",
                RANKED_AFTER,
                names=names[:UNRANKED_CHARS],
            )
        )
    title = (
        _("{title}: leaderboard · season {season}", title=title_of(slug), season=season)
        if season == current
        else _("{title}: leaderboard · season {season} (ended)", title=title_of(slug), season=season)
    )
    embed = discord.Embed(title=title, colour=COLOUR, description="\n".join(lines))
    embed.set_footer(
        text=ngettext(
            "Ranked by rating (a cautious skill estimate; everyone starts at {start}) after at least "
            "{n} rated game. Games with a bot seat or a seat the bot played for someone are not rated.",
            "Ranked by rating (a cautious skill estimate; everyone starts at {start}) after at least "
            "{n} rated games. Games with a bot seat or a seat the bot played for someone are not rated.",
            RANKED_AFTER,
            start=SHOWN_START,
        )
    )
    return embed


def rating_row_line(row: RatingRow) -> str:
    return _(
        "**{rank}.** {name}: rating **{rating}** · {games} · {wins}",
        rank=row.rank,
        name=discord.utils.escape_markdown(row.name),
        rating=shown(row.ordinal),
        games=ngettext("{n} game", "{n} games", row.games),
        wins=ngettext("{n} win", "{n} wins", row.wins),
    )


# ------------------------------------------------------------------ /game season


@app_commands.command(name="season", description="Start a new rating season (Manage Server).")
@app_commands.describe(game="Only this game (default: every game)")
@app_commands.choices(game=GAME_CHOICES)
@entry(Ack.NONE)
async def season(interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
    """Public once allowed: the whole server's ratings start afresh, so everyone should see it."""
    guild_id = interaction.guild_id
    if guild_id is None or not is_manager(interaction.user):
        raise Refusal(_("Only someone with Manage Server can start a new rating season."))
    slugs = [game.value] if game is not None else list(GAMES)
    storage = service_of(interaction).storage
    started = [(slug, await storage.start_season(guild_id, slug, interaction.user.id)) for slug in slugs]
    if not any(s for _slug, s in started):
        if game is None:
            raise Refusal(
                _("No game has a rated game this season yet, so a new season would change nothing.")
            )
        raise Refusal(
            _(
                "Season {season} of {title} has no rated game yet, so a new season would change nothing.",
                season=await storage.current_season(guild_id, game.value),
                title=title_of(game.value),
            )
        )
    await acknowledge(interaction, Ack.PUBLIC)
    with speaking(from_discord(str(interaction.guild_locale) if interaction.guild_locale else None)):
        lines = [
            _(
                "🏁 Season {season} of {title} begins: every rating starts afresh.",
                season=s.season,
                title=title_of(slug),
            )
            for slug, s in started
            if s is not None
        ]
        lines.append(_("Earlier seasons stay readable: `/leaderboard season:`."))
    await answer(interaction, "\n".join(lines), ephemeral=False)


leaderboard_command: app_commands.Command[Any, ..., None] = leaderboard

__all__ = ["leaderboard_command", "season"]
