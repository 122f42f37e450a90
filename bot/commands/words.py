"""`/words`: a server's house words, its own word cards for A Sky of Stars.

Someone with Manage Server adds cards one at a time (``add``, a form with five words) or many at
once (``upload``, a text file: one card a line, see ``words_file``), lists them and removes
them; anyone may list them. Every card is checked as the rules check a dealt deck
(``bot.games.sky_of_stars.house``): a bad card is named with its problem, and an upload with any
bad card keeps none. ``/play words`` deals from the server's deck, the built-in one or both.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot.commands.words_file import FILE_NAME, MAX_FILE_BYTES, as_file, read_cards
from bot.core.table import is_manager
from bot.games.base import HOUSE_WORDS, Game
from bot.games.sky_of_stars.house import MAX_HOUSE_CARDS, MAX_WORD_LENGTH, card_problems, dealt_cards
from bot.games.text import skeleton, typed
from bot.i18n import _, ngettext, translate
from bot.storage import HouseCard, Storage
from bot.ui.interactions import Ack, Refusal, answer, entry
from bot.ui.outgoing import COLOUR
from bot.ui.ports import service_of

log = logging.getLogger(__name__)

SHOWN_PROBLEMS = 12
"""How many bad cards a refusal names one by one (the rest are counted), to stay one message."""


def require_manager(interaction: discord.Interaction) -> None:
    if not is_manager(interaction.user):
        raise Refusal(_("Only someone with Manage Server can change this server's word cards."))


def taken_words(deck: Sequence[HouseCard]) -> dict[str, str]:
    """Each word of the server's deck (by its skeleton: look-alikes are one word), naming its card
    as ``/words list`` numbers it."""
    return {
        skeleton(word): _("card {n} of the server's deck", n=n)
        for n, card in enumerate(deck, 1)
        for word in card.words
    }


def deck_size(count: int) -> str:
    return ngettext("The server's deck has {n} card.", "The server's deck has {n} cards.", count)


def check_room(deck: Sequence[HouseCard], adding: int) -> None:
    if len(deck) + adding > MAX_HOUSE_CARDS:
        raise Refusal(
            _(
                "Nothing was added: a server keeps at most {max} cards, it has {have} and this "
                "would add {adding}. Remove some with `/words remove`, or upload with `replace`.",
                max=MAX_HOUSE_CARDS,
                have=len(deck),
                adding=adding,
            )
        )


async def check_house_deck(
    storage: Storage, guild_id: int | None, rules: Game, options: dict[str, Any]
) -> None:
    """``/play``: refuse a lobby that deals the server's cards when it has too few to deal."""
    if not rules.wants_house_words(options):
        return
    deck = await storage.house_words(guild_id) if guild_id is not None else []
    if not deck:
        raise Refusal(
            _(
                "This server has no house words yet. Someone with Manage Server adds them with "
                "`/words add` or `/words upload`; until then, play the built-in deck."
            )
        )
    dealt_cards({**options, HOUSE_WORDS: [list(card.words) for card in deck]})  # too few: refused


words_group = app_commands.Group(
    name="words", description="This server's own word cards for A Sky of Stars.", guild_only=True
)


@words_group.command(name="add", description="Add one word card (five words) to this server's deck.")
@entry(Ack.NONE)
async def add(interaction: discord.Interaction) -> None:
    require_manager(interaction)
    await interaction.response.send_modal(CardForm())


class CardForm(discord.ui.Modal, title="New word card"):
    """Five words, one field each, in the manager's language."""

    def __init__(self) -> None:
        super().__init__(title=_("New word card"), custom_id="words:add", timeout=900)
        self.fields: list[discord.ui.TextInput[CardForm]] = []
        for n in range(1, 6):
            field: discord.ui.TextInput[CardForm] = discord.ui.TextInput(
                label=_("Word {n}", n=n), max_length=MAX_WORD_LENGTH, custom_id=f"word{n}"
            )
            self.fields.append(field)
            self.add_item(field)

    @entry(Ack.THINKING)
    async def on_submit(self, interaction: discord.Interaction) -> None:
        require_manager(interaction)
        words = [typed(field.value) for field in self.fields]
        storage = service_of(interaction).storage
        assert interaction.guild_id is not None
        deck = await storage.house_words(interaction.guild_id)
        check_room(deck, 1)
        problems = card_problems([words], [_("this card")], taken_words(deck))
        if problems:
            raise Refusal(_("This card was not added: {problem}", problem=translate(problems[0][1])))
        deck = await storage.add_house_words(interaction.guild_id, [words], added_by=interaction.user.id)
        log.info("house words: guild=%s added 1 card", interaction.guild_id)
        await answer(
            interaction,
            _("Added card {n}: {words}.", n=len(deck), words=", ".join(words)) + " " + deck_size(len(deck)),
        )


@words_group.command(
    name="upload", description="Add word cards from a text file: one card a line, five words."
)
@app_commands.describe(
    file="A .txt file: one card a line, its five words separated by commas",
    replace="Replace the server's whole deck with the file's cards (default: add to it)",
)
@entry(Ack.THINKING)
async def upload(interaction: discord.Interaction, file: discord.Attachment, replace: bool = False) -> None:
    require_manager(interaction)
    if file.size > MAX_FILE_BYTES:
        raise Refusal(_("Nothing was added: the file is larger than {kb} KB.", kb=MAX_FILE_BYTES // 1024))
    lines, cards = read_cards(await file.read())
    if not cards:
        raise Refusal(_("Nothing was added: the file has no cards. Write one card a line, five words each."))
    storage = service_of(interaction).storage
    assert interaction.guild_id is not None
    deck = [] if replace else await storage.house_words(interaction.guild_id)
    check_room(deck, len(cards))
    names = [_("line {n}", n=n) for n in lines]
    problems = card_problems(cards, names, taken_words(deck))
    if problems:
        raise Refusal(refusal_text(problems, lines))
    deck = await storage.add_house_words(
        interaction.guild_id, cards, added_by=interaction.user.id, replace=replace
    )
    log.info(
        "house words: guild=%s uploaded %d cards (replace=%s)", interaction.guild_id, len(cards), replace
    )
    added = ngettext("Added {n} card.", "Added {n} cards.", len(cards))
    await answer(interaction, f"{added} {deck_size(len(deck))}")


def refusal_text(problems: Sequence[tuple[int, Any]], lines: Sequence[int]) -> str:
    """One message: nothing was kept, and each bad card by its line with its problem."""
    head = ngettext(
        "Nothing was added: {n} card has a problem. Fix it and upload the file again.",
        "Nothing was added: {n} cards have a problem. Fix them and upload the file again.",
        len(problems),
    )
    rows = [
        _("Line {n}: {problem}", n=lines[index], problem=translate(problem))
        for index, problem in problems[:SHOWN_PROBLEMS]
    ]
    if len(problems) > SHOWN_PROBLEMS:
        more = len(problems) - SHOWN_PROBLEMS
        rows.append(ngettext("…and {n} more card.", "…and {n} more cards.", more))
    return "\n".join([head, *(f"- {row}" for row in rows)])[:1900]


@words_group.command(name="list", description="Show this server's word cards (and a file of them to edit).")
@entry(Ack.THINKING)
async def list_cards(interaction: discord.Interaction) -> None:
    assert interaction.guild_id is not None
    deck = await service_of(interaction).storage.house_words(interaction.guild_id)
    if not deck:
        await answer(interaction, _("This server has no house words yet. Add some with `/words add`."))
        return
    lines = [f"**{n}.** {', '.join(card.words)}" for n, card in enumerate(deck, 1)]
    shown: list[str] = []
    for line in lines:
        if sum(len(s) + 1 for s in shown) + len(line) > 3800:
            shown.append(_("…and {n} more in the file.", n=len(lines) - len(shown)))
            break
        shown.append(line)
    embed = discord.Embed(title=_("House words"), description="\n".join(shown), colour=COLOUR)
    embed.set_footer(text=deck_size(len(deck)))
    attached = discord.File(io.BytesIO(as_file(deck)), filename=FILE_NAME)
    await answer(interaction, embed=embed, file=attached)


@words_group.command(name="remove", description="Remove a word card from this server's deck.")
@app_commands.describe(card="The card's number in `/words list`")
@entry(Ack.THINKING)
async def remove(interaction: discord.Interaction, card: app_commands.Range[int, 1, MAX_HOUSE_CARDS]) -> None:
    require_manager(interaction)
    storage = service_of(interaction).storage
    assert interaction.guild_id is not None
    deck = await storage.house_words(interaction.guild_id)
    if card > len(deck):
        raise Refusal(_("There is no card {n}: see the numbers with `/words list`.", n=card))
    gone = deck[card - 1]
    await storage.remove_house_card(interaction.guild_id, gone.id)
    text = _("Removed card {n}: {words}.", n=card, words=", ".join(gone.words))
    await answer(interaction, f"{text} {deck_size(len(deck) - 1)}")


words_command = words_group
