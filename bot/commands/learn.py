"""`/learn game:<game>`: a private practice table against the bot, with a guide.

The table is the caller's own: the game is played in their DMs (its cards, panels and results),
against bot seats, with no lobby and no thread. A guide explains the first decisions in the
panels (``bot.tell.guide``) until the player skips it. A practice game is marked as such with
its options (``GameRecord.practice``): it writes no results, so stats and ratings never count
it, and `/game mine` lists it apart. A new `/learn` of the same game closes the earlier one; the
player ends one on demand with the **End this practice** button under its first message, in the
DMs where it is played, or with `/game cancel` in a server (the table has no server, so the
command finds it by its number, which its `game` list offers; nobody else's practice table is
ever found or listed).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.commands.lobby import GAME_CHOICES
from bot.games import get_game
from bot.i18n import Language, _, language, ngettext, speaking
from bot.storage import GameRecord
from bot.storage.records import MAX_ID, PRACTICE_KEY
from bot.tell.live_timer import TIMER_KEY
from bot.ui.controls import Click, Control, Role, button
from bot.ui.guide import GUIDE_KEY, fresh_guide
from bot.ui.interactions import Ack, Refusal, acknowledge, entry, tell_privately
from bot.ui.ports import Service, service_of

log = logging.getLogger(__name__)

PRACTICE_SEATS = 2  # the caller and one bot, or as many bots as the game needs (A Sky of Stars: two)


def practice_seats(slug: str) -> int:
    game = get_game(slug)
    return min(max(game.min_seats, PRACTICE_SEATS), game.max_seats)


async def practice_games(interaction: discord.Interaction) -> list[GameRecord]:
    """The caller's practice tables still open, newest first."""
    user_id = interaction.user.id
    return [
        r for r in await service_of(interaction).storage.games_for_user(user_id) if r.practice_of(user_id)
    ]


def practice_name(record: GameRecord) -> str:
    """A practice table as the `game` lists name it."""
    title = _(get_game(record.game).title)
    return _("Practice: {title} #{id} · in your direct messages", title=title, id=record.id)


async def close_practice(service: Service, record: GameRecord) -> GameRecord | None:
    """Cancel a practice table and retire its panels; the table as it is now (None if gone). It
    writes no results (a practice game never does), so no stats or ratings change."""
    async with service.lock(record.id):
        await service.storage.set_status(record.id, "cancelled")
        service.disarm(record.id)
        done = await service.storage.load(record.id)
    if done is not None:
        await service.delivery.retire_game(done)
    return done


async def close_earlier(interaction: discord.Interaction, slug: str) -> int:
    """Close the caller's practice games of ``slug`` still running; how many there were."""
    service = service_of(interaction)
    closed = 0
    for record in await practice_games(interaction):
        if record.game == slug:
            await close_practice(service, record)
            closed += 1
    return closed


async def own_practice(interaction: discord.Interaction, value: str) -> GameRecord | None:
    """The caller's own practice table numbered ``value`` (the `game` option), or None: then the
    value is left to the usual lookup, which finds no game of that number here (so another's
    practice table is never told apart from no game at all)."""
    number = value.strip().removeprefix("#")
    if not number.isdecimal() or len(number) > len(str(MAX_ID)):
        return None
    record = await service_of(interaction).storage.load(int(number))
    return record if record is not None and record.practice_of(interaction.user.id) else None


async def cancel_practice(interaction: discord.Interaction, record: GameRecord) -> None:
    """`/game cancel` of the caller's own practice table: closed, said privately and at the table."""
    if record.status not in ("lobby", "active"):
        raise Refusal(_("Your practice game #{id} is already over.", id=record.id))
    service = service_of(interaction)
    done = await close_practice(service, record)
    if done is not None and done.status != "cancelled":  # it ended by itself a moment before
        raise Refusal(_("Your practice game #{id} is already over.", id=record.id))
    title = get_game(record.game).title
    log.info("practice game %s cancelled by its player %s", record.id, interaction.user.id)
    await tell_privately(
        interaction,
        _(
            "Done: your practice game of {title} (#{id}) is cancelled. Practice never counts, so no "
            "stats or ratings change. Start another whenever you like with `/learn`.",
            title=_(title),
            id=record.id,
        ),
    )
    if done is not None:
        await say_closed(service, done)


async def say_closed(service: Service, done: GameRecord) -> None:
    """The line a cancelled practice table ends with, at the table, in the table's language."""
    with speaking(done.language):
        closing = _(
            "You cancelled this practice game of {title} (#{id}): no more moves can be played in it. "
            "Start another with `/learn`.",
            title=_(get_game(done.game).title),
            id=done.id,
        )
    await service.delivery.post(done, None, closing)


async def _end_practice(interaction: discord.Interaction, click: Click) -> None:
    """Under a practice table's first message: ends the table from the DMs where it is played,
    where `/game` (a server command) can't be typed."""
    await acknowledge(interaction, Ack.UPDATE)
    service = service_of(interaction)
    record = await service.storage.load(click.game_id)
    if record is None or not record.practice_of(interaction.user.id) or record.status != "active":
        raise Refusal(_("This practice game is no longer running."))
    if interaction.message is not None:  # its button goes with the edit below, not a second one
        service.delivery.copies.forget_public(record.id, interaction.message.id)
    done = await close_practice(service, record)
    if done is None or done.status != "cancelled":
        raise Refusal(_("This practice game is no longer running."))
    log.info("practice game %s ended by its player %s", record.id, interaction.user.id)
    await interaction.edit_original_response(view=None)  # its words stay, without the button
    await say_closed(service, done)


END_PRACTICE = Control("astro:endpractice:{game}", Role.OWN, run=_end_practice)


def end_practice_button(game_id: int) -> discord.ui.Item[Any]:
    return button(END_PRACTICE, game_id, 0, label=_("End this practice"), style=discord.ButtonStyle.secondary)


def end_practice_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(end_practice_button(game_id))
    return view


@app_commands.command(name="learn", description="Learn a game by playing it against the bot, with hints.")
@app_commands.describe(game="The game to learn")
@app_commands.choices(game=GAME_CHOICES)
@entry(Ack.THINKING)
async def learn(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
    slug = game.value
    rules = get_game(slug)
    try:
        place = await interaction.user.create_dm()
    except discord.HTTPException as error:
        log.info("no DM channel for user %s: %s", interaction.user.id, error)
        place = None
    if place is None:
        raise Refusal(_("I can't open a direct message with you, and the practice table is played there."))
    table_language = language()  # the player's own: the whole table is theirs
    with speaking(table_language):
        intro = _(
            "**Practice: {title}.** You play against the bot here, in our direct messages. For your "
            "first decisions your panel explains what it offers; press **Skip the guide** to play on "
            "without hints. Practice games never count in stats.",
            title=_(rules.title),
        )
    try:
        first = await place.send(intro)
    except discord.HTTPException as error:
        log.info("practice intro to user %s refused: %s", interaction.user.id, error)
        raise Refusal(
            _(
                "I couldn't send you a direct message, and the practice table is played there. Allow "
                "direct messages from server members in your privacy settings, then try again."
            )
        ) from error
    closed = await close_earlier(interaction, slug)
    record = await open_practice(interaction, slug, place, table_language)
    try:
        with speaking(table_language):
            first = await first.edit(view=end_practice_view(record.id))
        service_of(interaction).delivery.copies.track_public(record.id, first)  # stripped at the end
    except discord.HTTPException as error:  # the table still plays; `/game cancel` still ends it
        log.info("practice game %s: no End button on its first message: %s", record.id, error)
    bots = len(record.seats) - 1
    text = ngettext(
        "Your practice table of {title} is open in your direct messages, against {n} bot.",
        "Your practice table of {title} is open in your direct messages, against {n} bots.",
        bots,
        title=_(rules.title),
    )
    if closed:
        text += "\n" + _("Your earlier practice game of {title} is closed.", title=_(rules.title))
    await tell_privately(interaction, text)


async def open_practice(
    interaction: discord.Interaction, slug: str, place: discord.DMChannel, table_language: Language
) -> GameRecord:
    """Create the practice game (the caller in seat 0, bots in the rest) and start it in ``place``."""
    service = service_of(interaction)
    storage = service.storage
    options = {PRACTICE_KEY: 1, GUIDE_KEY: fresh_guide(), TIMER_KEY: 0}  # no clock on a practice table
    record = await storage.create_lobby(
        game=slug,
        guild_id=None,
        channel_id=place.id,
        host_id=interaction.user.id,
        host_name=interaction.user.display_name,
        options=options,
        language=table_language,
    )
    for number in range(1, practice_seats(slug)):
        record = await storage.add_bot_seat(record.id, f"Bot {number}")
    async with service.lock(record.id):
        record = await service.start(record, place)
    log.info("practice game %s of %s opened for user %s", record.id, slug, interaction.user.id)
    return record


learn_command: app_commands.Command[Any, ..., None] = learn
