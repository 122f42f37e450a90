"""Looking across games: `/game list`, `/game mine` and `/stats`.

Long asynchronous games run for days in many threads at once, so players need one place to see
what is open and whose move it is, and the stored results of finished games give per-server
stats, with each player's rating (`/leaderboard` ranks them: ``bot.commands.ratings``).
`/game list` and `/game mine` join the `/game` group in ``bot.commands.tree``; `/stats` is a
top-level command."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, TypeVar

import discord
from babel.numbers import get_decimal_symbol
from discord import app_commands

from bot.commands.lobby import GAME_CHOICES
from bot.commands.tournament import mine_lines
from bot.core.table import due_by_seat, names_of
from bot.games import GAMES
from bot.i18n import _, language, ngettext
from bot.i18n.waiting import due_text
from bot.storage import GameRecord, GameStats, PlayerRating
from bot.storage.skill import RANKED_AFTER, SOLO, shown, shown_change
from bot.tell.beacons import panel_url
from bot.tell.live_timer import step_timer
from bot.ui.interactions import Ack, Refusal, answer, entry
from bot.ui.outgoing import COLOUR
from bot.ui.ports import service_of

log = logging.getLogger(__name__)

GAMES_PER_PAGE = 10
# Budgets that keep a page of ten entries inside an embed description (4096 characters).
NAMES_CHARS = 90
PLACE_CHARS = 40
ENTRY_CHARS = 4000 // GAMES_PER_PAGE - 2

T = TypeVar("T")


# ------------------------------------------------------------------ formatting helpers


def jump_link(record: GameRecord) -> str:
    """A link that opens the game's thread (or its channel while it is a lobby)."""
    guild = record.guild_id if record.guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{record.play_channel_id}"


def title_of(slug: str) -> str:
    """A game's title in the current language (a slug no installed game has, as it is)."""
    game = GAMES.get(slug)
    return _(game.title) if game is not None else slug


def decimal(value: float, places: int = 1) -> str:
    """``value`` with ``places`` decimals and the current language's decimal mark (6.5, 6,5)."""
    return f"{value:.{places}f}".replace(".", get_decimal_symbol(language().value))


def waiting_seats(record: GameRecord) -> list[int]:
    """Seats the running game waits on (none for a lobby or a game this bot doesn't know)."""
    game = GAMES.get(record.game)
    if record.status != "active" or record.state is None or game is None or record.set_aside:
        return []
    return game.to_act(record.state)


def _names(names: Sequence[str], limit: int = NAMES_CHARS) -> str:
    """Escaped names joined by commas; past ``limit`` the rest become "and N more"."""
    shown: list[str] = []
    for index, name in enumerate(names):
        escaped = discord.utils.escape_markdown(name)
        if shown and len(", ".join([*shown, escaped])) > limit:
            return ngettext(
                "{names} and {n} more", "{names} and {n} more", len(names) - index, names=", ".join(shown)
            )
        shown.append(escaped)
    return ", ".join(shown)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe_game(
    record: GameRecord,
    *,
    viewer: int | None = None,
    where: str | None = None,
    due: Mapping[int, float] = MappingProxyType({}),
    panel: str | None = None,
) -> str:
    """Two lines: the linked title with its seats, then what the game waits on (with ``due``,
    when each waited-for move is due, and ``panel``, a link to the viewer's live panel in their
    DMs: with several games going, the message to play on, not just the thread)."""
    game_link = f"**[{title_of(record.game)} #{record.id}]({jump_link(record)})**"
    seated = {"game": game_link, "n": len(record.seats), "names": _names(names_of(record))}
    if where:
        head = _(
            "{game} in {place} · {n} seated: {names}",
            place=discord.utils.escape_markdown(_clip(where, PLACE_CHARS)),
            **seated,
        )
    else:
        head = _("{game} · {n} seated: {names}", **seated)
    if record.status == "lobby":
        game = GAMES.get(record.game)
        missing = game.min_seats - len(record.seats) if game is not None else 0
        host = next((s.name for s in record.seats if s.user_id == record.host_id), None)
        if missing > 0:
            state = ngettext("Lobby: needs {n} more player", "Lobby: needs {n} more players", missing)
        elif host is None:
            state = _("Lobby: waiting for the host to start")
        else:
            state = _("Lobby: waiting for {host} to start", host=discord.utils.escape_markdown(host))
    elif record.set_aside:
        state = _("⚠️ On hold: its saved state can't be read (a server admin can `/game cancel` it)")
    else:
        waiting = waiting_seats(record)
        mine = [s for s in waiting if record.seats[s].user_id == viewer] if viewer is not None else []
        if mine:
            others = [names_of(record)[s] for s in waiting if s not in mine]
            state = (
                _("⏳ **Your move** (also waiting on {names})", names=_names(others))
                if others
                else _("⏳ **Your move**")
            )
            if mine[0] in due:
                state = " · ".join((state, _("due {when}", when=due_text(due[mine[0]]))))
        elif waiting:
            state = _("Waiting on: {names}", names=_names([names_of(record)[s] for s in waiting]))
            soonest = min((due[s] for s in waiting if s in due), default=None)
            if soonest is not None:
                state = " · ".join((state, _("due {when}", when=due_text(soonest))))
        else:
            state = _("Waiting on nobody right now")
        if panel:
            state = " · ".join((state, _("[Your panel]({link})", link=panel)))
    return _clip(f"{head}\n{state}", ENTRY_CHARS)  # a last resort: the parts are bounded already


async def due_times(storage: Any, records: Sequence[GameRecord], page: int) -> dict[int, dict[int, float]]:
    """The deadlines of the paced games shown on ``page``: game id, then seat, then when due."""
    shown, _page, _pages = page_of(records, page, GAMES_PER_PAGE)
    return {
        r.id: due_by_seat(await storage.deadlines(r.id), r)
        for r in shown
        if (r.pace or step_timer(r)) and waiting_seats(r)
    }


async def panel_links(storage: Any, records: Sequence[GameRecord], page: int, user_id: int) -> dict[int, str]:
    """Links to the user's live DM panels of the running games shown on ``page`` (an ephemeral
    copy in a thread has no link that opens it again)."""
    shown, _page, _pages = page_of(records, page, GAMES_PER_PAGE)
    links = {}
    for record in shown:
        if record.status != "active":
            continue
        copy = await storage.panel_copy(record.id, user_id)
        if copy is not None and copy.channel_id is not None:
            links[record.id] = panel_url(copy.channel_id, copy.message_id)
    return links


def page_of(items: Sequence[T], page: int, per_page: int) -> tuple[Sequence[T], int, int]:
    """The items of ``page`` (clamped to the last page), that page and the page count."""
    pages = max(1, -(-len(items) // per_page))
    page = min(max(page, 1), pages)
    return items[(page - 1) * per_page : page * per_page], page, pages


def games_embed(
    title: str, records: Sequence[GameRecord], page: int, describe: Callable[[GameRecord], str]
) -> discord.Embed:
    """One page of games; the footer says which page when there is more than one."""
    shown, page, pages = page_of(records, page, GAMES_PER_PAGE)
    embed = discord.Embed(title=title, colour=COLOUR, description="\n\n".join(describe(r) for r in shown))
    if pages > 1:
        footer = ngettext(
            "Page {page} of {pages} · {n} game · use the page option for more",
            "Page {page} of {pages} · {n} games · use the page option for more",
            len(records),
            page=page,
            pages=pages,
        )
    else:
        footer = ngettext("{n} game", "{n} games", len(records))
    embed.set_footer(text=footer)
    return embed


# ------------------------------------------------------------------ /game list and /game mine


@app_commands.command(
    name="list", description="Open lobbies and games in this server, with links; only you see it."
)
@app_commands.describe(page=f"Which page, {GAMES_PER_PAGE} games each (default 1)")
@entry(Ack.THINKING)
async def game_list(interaction: discord.Interaction, page: app_commands.Range[int, 1] | None = None) -> None:
    page = page or 1
    service = service_of(interaction)
    # Listing a game touches it: one that can't be loaded is set aside now, and shown on hold.
    listed = await service.storage.open_games_in_guild(interaction.guild_id)
    records = [await service.checked(r) or r for r in listed]
    if not records:
        raise Refusal(_("No lobby or game is open in this server. Start one with `/play`."))
    due = await due_times(service.storage, records, page)
    embed = games_embed(
        _("Open games in this server"), records, page, lambda r: describe_game(r, due=due.get(r.id, {}))
    )
    await answer(interaction, embed=embed)


@app_commands.command(
    name="mine",
    description="Your lobbies and games in every server, and where it's your move; only you see it.",
)
@app_commands.describe(page=f"Which page, {GAMES_PER_PAGE} games each (default 1)")
@entry(Ack.THINKING)
async def game_mine(interaction: discord.Interaction, page: app_commands.Range[int, 1] | None = None) -> None:
    page = page or 1
    user_id = interaction.user.id
    service = service_of(interaction)
    records = [await service.checked(r) or r for r in await service.storage.games_for_user(user_id)]
    tournaments = (
        await mine_lines(service.storage, user_id, interaction.guild_id) if interaction.guild_id else []
    )
    if not records and not tournaments:
        raise Refusal(_("You're not in any open lobby or game. Start one with `/play`."))
    # Games waiting on you first; otherwise newest first, as storage returns them.
    records.sort(key=lambda r: not any(r.seats[s].user_id == user_id for s in waiting_seats(r)))

    def where(record: GameRecord) -> str | None:
        if record.guild_id is None or record.guild_id == interaction.guild_id:
            return None
        guild = interaction.client.get_guild(record.guild_id)
        return guild.name if guild is not None else _("another server")

    # Practice tables (`/learn`) are listed apart, after the games that count.
    practice = [r for r in records if r.practice]
    records = [r for r in records if not r.practice]
    due = await due_times(service.storage, records, page)
    panels = await panel_links(service.storage, records, page, user_id)
    embeds = []
    if records:
        embeds.append(
            games_embed(
                _("Your open games"),
                records,
                page,
                lambda r: describe_game(
                    r, viewer=user_id, where=where(r), due=due.get(r.id, {}), panel=panels.get(r.id)
                ),
            )
        )
    if practice:
        practice_panels = await panel_links(service.storage, practice, 1, user_id)
        embed = games_embed(
            _("Your practice games"),
            practice,
            1,
            lambda r: describe_game(r, viewer=user_id, panel=practice_panels.get(r.id)),
        )
        embed.set_footer(text=_("Practice games against the bot (`/learn`) never count in stats."))
        embeds.append(embed)
    if tournaments:  # `/tournament mine`'s lines: where each of the player's tournaments stands
        embeds.append(discord.Embed(title=_("Your tournaments"), description="\n".join(tournaments)[:4000]))
    await answer(interaction, embeds=embeds)


# ------------------------------------------------------------------ /stats


@app_commands.command(
    name="stats", description="Games played, wins and scores in this server; only you see it."
)
@app_commands.describe(game="Only this game (default: every game)", player="Whose stats (default: yours)")
@app_commands.choices(game=GAME_CHOICES)
@app_commands.guild_only()
@entry(Ack.THINKING)
async def stats(
    interaction: discord.Interaction,
    game: app_commands.Choice[str] | None = None,
    player: discord.Member | None = None,
) -> None:
    """Ephemeral: a stats look-up is one person's curiosity, often mid-game in a busy thread,
    and posting it would bury the game's messages. `/leaderboard` is the public, shared view."""
    slug = game.value if game else None
    target = player or interaction.user
    storage = service_of(interaction).storage
    rows = await storage.stats(interaction.guild_id, slug, target.id)
    if not rows:
        raise Refusal(
            _no_stats(
                target.display_name if target.id != interaction.user.id else None,
                title_of(slug) if slug else None,
            )
        )
    embed = discord.Embed(title=_("Stats for {name}", name=target.display_name), colour=COLOUR)
    assert interaction.guild_id is not None  # guild_only
    ratings = await storage.player_ratings(interaction.guild_id, target.id, slug)
    for row in rows:
        lines = [stats_line(row), *(rating_line(r) for r in ratings if r.game == row.game)]
        embed.add_field(name=title_of(row.game), value="\n".join(lines), inline=False)
    embed.set_footer(text=_("Finished games in this server"))
    await answer(interaction, embed=embed)


def stats_line(row: GameStats) -> str:
    rate = f"{row.wins / row.played:.0%}" if row.played else "–"
    line = _(
        "Played **{played}** · won **{wins}** ({rate}) · best score **{best}** · average **{average}**",
        played=row.played,
        wins=row.wins,
        rate=rate,
        best=row.best,
        average=decimal(row.average),
    )
    if row.with_bots:
        bots = ngettext(
            "🤖 {n} of these games had bot seats", "🤖 {n} of these games had bot seats", row.with_bots
        )
        line = f"{line}\n{bots}"
    return line


def rating_change(trend: float) -> str:
    """A signed change on the shown scale: +60, −12, ±0."""
    points = shown_change(trend)
    sign = "+" if points > 0 else "−" if points < 0 else "±"
    return f"{sign}{abs(points)}"


def rating_text(estimate: float, games: int) -> str:
    """The rating as shown (``shown``), with ``?`` while it is provisional (too few rated games)."""
    return f"{shown(estimate)}" + ("" if games >= RANKED_AFTER else "?")


def rating_line(rating: PlayerRating) -> str:
    """A player's rating this season and its change over their last rated games."""
    said = {
        "rating": rating_text(rating.ordinal, rating.games),
        "season": rating.season,
        "games": ngettext("{n} rated game", "{n} rated games", rating.games),
        "change": rating_change(rating.trend),
    }
    if rating.track == SOLO:
        line = ngettext(
            "🌙 Solo rating against the personal best **{rating}** (best {best}; season {season}, {games}) · "
            "last {n} game: **{change}**",
            "🌙 Solo rating against the personal best **{rating}** (best {best}; season {season}, {games}) · "
            "last {n} games: **{change}**",
            rating.trend_games,
            best=rating.best,
            **said,
        )
    else:
        line = ngettext(
            "⭐ Rating **{rating}** (season {season}, {games}) · last {n} game: **{change}**",
            "⭐ Rating **{rating}** (season {season}, {games}) · last {n} games: **{change}**",
            rating.trend_games,
            **said,
        )
    if not rating.ranked:
        line += " · " + ngettext(
            "? provisional until {n} rated game", "? provisional until {n} rated games", RANKED_AFTER
        )
    return line


def _no_stats(other: str | None, title: str | None) -> str:
    """Nothing finished yet, said of the caller or of ``other``, in every game or in ``title``."""
    if other is None:
        if title is None:
            return _("You haven't finished any games in this server yet.")
        return _("You haven't finished any games of {title} in this server yet.", title=title)
    if title is None:
        return _("{name} hasn't finished any games in this server yet.", name=other)
    return _("{name} hasn't finished any games of {title} in this server yet.", name=other, title=title)


stats_command: app_commands.Command[Any, ..., None] = stats

__all__ = ["game_list", "game_mine", "rating_line", "stats_command"]
