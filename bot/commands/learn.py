"""`/learn game:<game>`: a private practice table against the bot, with a guide.

The table is the caller's own: the game is played in their DMs (its cards, panels and results),
against bot seats, with no lobby and no thread. A guide explains the first decisions in the
panels (``bot.tell.guide``) until the player skips it. A practice game is marked as such with
its options (``GameRecord.practice``): it writes no results, so stats and ratings never count
it, and `/game mine` lists it apart. A new `/learn` of the same game closes the earlier one.
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
from bot.storage.records import PRACTICE_KEY
from bot.tell.live_timer import TIMER_KEY
from bot.ui.guide import GUIDE_KEY, fresh_guide
from bot.ui.interactions import Ack, Refusal, entry, tell_privately
from bot.ui.ports import service_of

log = logging.getLogger(__name__)

PRACTICE_SEATS = 2  # the caller and one bot, or as many bots as the game needs (A Sky of Stars: two)


def practice_seats(slug: str) -> int:
    game = get_game(slug)
    return min(max(game.min_seats, PRACTICE_SEATS), game.max_seats)


async def close_earlier(interaction: discord.Interaction, slug: str) -> int:
    """Close the caller's practice games of ``slug`` still running; how many there were."""
    service = service_of(interaction)
    closed = 0
    for record in await service.storage.games_for_user(interaction.user.id):
        if not record.practice or record.game != slug or record.status not in ("lobby", "active"):
            continue
        async with service.lock(record.id):
            await service.storage.set_status(record.id, "cancelled")
            service.disarm(record.id)
            done = await service.storage.load(record.id)
        if done is not None:
            await service.delivery.retire_game(done)
        closed += 1
    return closed


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
        await place.send(intro)
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
