"""The `/game` command group: status, sheet, hand, rules, leave, cancel and log."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from bot.commands.learn import cancel_practice, own_practice, practice_games, practice_name
from bot.commands.rematch import close_lobby
from bot.commands.which_game import CHOICE_CHARS, CHOICES_SHOWN, find_game, game_autocomplete, game_parameter
from bot.core.running import running
from bot.core.table import describe_waiting, due_by_seat, is_manager, names_of
from bot.faces import PRESENTERS
from bot.games import GAMES, get_game
from bot.games.base import Game
from bot.i18n import M_, N_, Msg, _, ngettext, speaking, translate
from bot.i18n.msg import from_stored
from bot.i18n.readers import private_language
from bot.storage import GameRecord
from bot.tell.delivery import format_events
from bot.tell.resume import SET_ASIDE
from bot.ui.alt import reads_text
from bot.ui.components import reclaim_button, show_panel
from bot.ui.interactions import Ack, Refusal, acknowledge, answer, channel_id_of, entry, tell_privately
from bot.ui.outgoing import COLOUR, reply
from bot.ui.ports import service_of

log = logging.getLogger(__name__)

NO_GAME = N_(
    "There's no game running here. Use this command in a game's thread or channel, "
    "or start a game with `/play`."
)
CANCEL_OPTION = "Which game of this channel, or your practice game (the list appears as you type)"
LOG_LINES = 15
LOG_CHARS = 4000  # an embed description holds 4096


@app_commands.command(
    name="status", description="Show the board and whose move it is (only to you, unless public)."
)
@app_commands.describe(public="Post it in the thread for everyone (default: only you see it)")
@game_parameter
@entry(Ack.NONE)
async def status(interaction: discord.Interaction, game: str | None = None, public: bool = False) -> None:
    """Private by default: a look at the board is one player's, and posting it would fill the
    thread; ``public`` shows it to the table (in the table's language)."""
    record = await find_game(interaction, game)
    if record is None:
        raise Refusal(_(NO_GAME))
    if record.status == "lobby":
        raise Refusal(_("This game hasn't started yet."))
    if record.status != "active":
        raise Refusal(_("Game #{id} is over: `/game log` tells how it went.", id=record.id))
    if record.set_aside:
        raise Refusal(_(SET_ASIDE, id=record.id))
    await acknowledge(interaction, Ack.PUBLIC if public else Ack.THINKING)
    service = service_of(interaction)
    table_view = get_game(record.game).view(running(record).state, None)
    due = due_by_seat(await service.storage.deadlines(record.id), record) if record.pace else {}
    with speaking(record.language if public else None):  # in the thread: the table's language
        out = PRESENTERS[record.game].board(table_view, names_of(record))
        out.content = f"{out.content}\n{describe_waiting(record, due)}"
        reclaimable = [s.seat for s in record.seats if s.autopilot and not s.left_game]
        out.items = [*out.items, *(reclaim_button(record.id, seat) for seat in reclaimable[:5])]
    out.spoken = not public and await reads_text(interaction.client, interaction.user.id)
    await reply(interaction, out, ephemeral=not public)
    # Whatever the current step couldn't deliver (its public message, a panel) goes out again.
    async with service.lock(record.id):
        current = await service.storage.load(record.id)
        if current is not None and current.status == "active" and current.version == record.version:
            await service.delivery.reopen(current)


@app_commands.command(name="sheet", description="Show a player's sheet (yours by default), only to you.")
@app_commands.describe(player="Whose sheet to show")
@game_parameter
@entry(Ack.THINKING)
async def sheet(
    interaction: discord.Interaction, player: discord.Member | None = None, game: str | None = None
) -> None:
    record = await find_game(interaction, game, for_user=player is None)
    if record is None or record.status not in {"active", "finished"}:
        raise Refusal(_(NO_GAME))
    if record.set_aside:
        raise Refusal(_(SET_ASIDE, id=record.id))
    target = player or interaction.user
    seat = record.seat_of(target.id)
    if seat is None:
        raise Refusal(_("{name} isn't playing in this game.", name=target.display_name))
    rules = get_game(record.game)
    viewer_seat = record.seat_of(interaction.user.id)
    view = rules.view(running(record).state, seat if viewer_seat == seat else None)
    out = PRESENTERS[record.game].sheet(view, names_of(record), seat)
    out.spoken = await reads_text(interaction.client, interaction.user.id)
    await reply(interaction, out)


@app_commands.command(name="hand", description="Open your private panel for the game here.")
@game_parameter
@entry(Ack.THINKING)
async def hand(interaction: discord.Interaction, game: str | None = None) -> None:
    record = await find_game(interaction, game, for_user=True)
    if record is None:
        raise Refusal(_(NO_GAME))
    await show_panel(interaction, record.id)


@app_commands.command(name="rules", description="A short summary of a game's rules.")
@app_commands.describe(game="Which game (default: the one played here)")
@app_commands.choices(game=[app_commands.Choice(name=g.title, value=slug) for slug, g in GAMES.items()])
@entry(Ack.THINKING)
async def rules(interaction: discord.Interaction, game: app_commands.Choice[str] | None = None) -> None:
    slug = game.value if game else None
    if slug is None:
        try:
            record = await find_game(interaction)
        except Refusal:  # several games here: any title will do, the caller can name one
            record = None
        slug = record.game if record else next(iter(PRESENTERS))
    embed = discord.Embed(
        title=_("{title}: the rules in short", title=_(get_game(slug).title)),
        description=_(PRESENTERS[slug].rules_summary),
        colour=COLOUR,
    )
    await answer(interaction, embed=embed)


@app_commands.command(
    name="log", description=f"The game's moves in words, {LOG_LINES} a page; page 1 is the latest."
)
@app_commands.describe(page="Which page: 1 is the latest moves, higher pages go back in time")
@game_parameter
@entry(Ack.THINKING)
async def log_command(
    interaction: discord.Interaction, page: app_commands.Range[int, 1] | None = None, game: str | None = None
) -> None:
    await _log(interaction, page or 1, game)


async def _log(interaction: discord.Interaction, page: int, game: str | None) -> None:
    """Page through the whole public log, newest page first.

    Page 1 is the latest moves, as before paging existed, so the plain command still answers
    "what just happened?"; older pages go back in time. Only the stored public events are
    shown, never actions (which may carry a secret choice). A finished game's log stays
    readable where it was played.
    """
    storage = service_of(interaction).storage
    record = await find_game(interaction, game) or await storage.latest_game_in_channel(
        channel_id_of(interaction)
    )
    if record is None or record.status == "lobby":
        raise Refusal(_(NO_GAME))
    total, entries = await storage.log_entries(record.id, limit=LOG_LINES, offset=(page - 1) * LOG_LINES)
    pages = max(1, -(-total // LOG_LINES))
    if page > pages:  # past the oldest page: show the oldest one
        page = pages
        total, entries = await storage.log_entries(record.id, limit=LOG_LINES, offset=(page - 1) * LOG_LINES)
    text = _fit("\n".join(log_lines(entries, names_of(record), get_game(record.game))), LOG_CHARS)
    title = _("Game #{id} ({title}): moves", id=record.id, title=_(get_game(record.game).title))
    embed = discord.Embed(title=title, description=text or _("Nothing has happened yet."), colour=COLOUR)
    shown = sum(1 for line in text.splitlines() if line != "…")
    footer = ngettext(
        "Page {page} of {pages} (page 1 is the latest) · oldest at the top, newest at the bottom · "
        "{n} line shown",
        "Page {page} of {pages} (page 1 is the latest) · oldest at the top, newest at the bottom · "
        "{n} lines shown",
        shown,
        page=page,
        pages=pages,
    )
    if record.status != "active" and record.seed is not None:
        # Kept here, not in the results: who wants to check a finished game's dice finds it,
        # and a running game's seed would tell its future rolls.
        footer = _("{footer} · seed {seed}", footer=footer, seed=record.seed)
    embed.set_footer(text=footer)
    await answer(interaction, embed=embed)


def log_lines(entries: list[Any], names: list[str], game: Game) -> list[str]:
    """The page's lines, oldest first, in the reader's language: a line that names nobody is said
    with who made the move (the lines ``game`` tags as saying where the game is, a round or its
    end, stay as they are), and a line the same as the one before is dropped. An event is a
    ``Msg`` (or its stored dict), or an old plain English text."""
    lines: list[str] = []
    for move in entries:
        for event in _events(move.events):
            line = format_events([event], names)  # in the reader's language
            kind = game.event_kind(event)
            marker = kind is not None and kind.milestone
            anonymous = re.search(r"\{\d+\}", event) is None and not marker
            if anonymous and move.seat is not None and 0 <= move.seat < len(names):
                # i18n: a line of the game's log said with who made the move ("Ada: Rolled the dice.")
                line = _("{name}: {line}", name=names[move.seat], line=line)
            if not lines or lines[-1] != line:
                lines.append(line)
    return lines


def _events(stored: Iterable[Any]) -> list[str]:
    """A move's events as texts: a stored ``Msg`` dict becomes the ``Msg`` again."""
    return [event if isinstance(event, Msg) else from_stored(event) for event in stored]


def _fit(text: str, limit: int) -> str:
    """Cut at a line break to fit an embed, keeping the newest lines (the end)."""
    if len(text) <= limit:
        return text
    cut = text[-(limit - 2) :]
    return "…\n" + cut[cut.find("\n") + 1 :] if "\n" in cut else "…" + cut[1:]


async def cancel_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The channel's open games (``game_autocomplete``), then the caller's own practice tables:
    those are played in their DMs, where no `/game` command runs, and are nobody else's."""
    choices = await game_autocomplete(interaction, current)
    with speaking(await private_language(interaction)):
        typed = current.strip().removeprefix("#").casefold()
        practice = [(r, practice_name(r)) for r in await practice_games(interaction)]
        choices += [
            app_commands.Choice(name=name[:CHOICE_CHARS], value=str(r.id))
            for r, name in practice
            if typed in name.casefold()
        ]
    return choices[:CHOICES_SHOWN]


@app_commands.command(
    name="cancel", description="End the game here (host or Manage Server), or your practice game."
)
@app_commands.describe(game=CANCEL_OPTION)
@app_commands.autocomplete(game=cancel_autocomplete)
@entry(Ack.THINKING)
async def cancel(interaction: discord.Interaction, game: str | None = None) -> None:
    practice = await own_practice(interaction, game) if game is not None else None
    if practice is not None:
        await cancel_practice(interaction, practice)
        return
    record = await find_game(interaction, game)
    if record is None:
        raise Refusal(_nothing_to_cancel(await practice_games(interaction)))
    if record.status not in {"lobby", "active"}:
        raise Refusal(_("Game #{id} is already over.", id=record.id))
    if interaction.user.id != record.host_id and not is_manager(interaction.user):
        raise Refusal(_("Only the host or someone with Manage Server can cancel this game."))
    await end_game(interaction, record, M_("{name} cancelled the game.", name=interaction.user.display_name))


def _nothing_to_cancel(practice: list[GameRecord]) -> str:
    """No game here: the usual refusal, and how to end a practice table the caller has open."""
    if not practice:
        return _(NO_GAME)
    listed = ", ".join(discord.utils.escape_markdown(practice_name(r)) for r in practice[:5])
    return ngettext(
        "There's no game running here. Your practice game is played in our direct messages: to end "
        "it, pick it in this command's `game` option ({games}).",
        "There's no game running here. Your practice games are played in our direct messages: to "
        "end one, pick it in this command's `game` option ({games}).",
        len(practice),
        games=listed,
    )


async def end_game(interaction: discord.Interaction, record: GameRecord, reason: Msg) -> None:
    """Cancel a lobby or a running game and say so where it is played (``reason`` is said in
    the table's language, on the lobby message and in the thread)."""
    service = service_of(interaction)
    async with service.lock(record.id):
        await service.storage.set_status(record.id, "cancelled")
        service.disarm(record.id)
        closed = await service.storage.load(record.id)
    await tell_privately(interaction, _("Done: the game is closed."))
    with speaking(record.language):
        said = translate(reason)
        closing = _("{reason} No more moves can be played in game #{id}.", reason=said, id=record.id)
    if closed is not None:
        await service.delivery.retire_game(closed)  # no panel or button of it stays live
        await close_lobby(service, closed, said)
    await service.delivery.post(record, None, closing)
