"""Slash commands in each user's language: discord.py's ``app_commands.Translator`` over our catalogs.

discord.py asks the translator for every Discord locale when it syncs the command tree, and
sends what it gets as ``name_localizations``/``description_localizations``; Discord then shows
each user the commands in their client's language. Names (commands, groups, options) are looked
up with a gettext context, because Discord wants them lowercase, without spaces, and unique
among siblings, unlike the same word in a sentence; descriptions and choice names are plain texts.

Nobody marks the decorators' strings: ``python -m bot i18n update`` walks the command tree
(``command_texts``) and adds every string it finds to the core catalog.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, Final

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n.catalogs import translations
from bot.i18n.languages import DEFAULT, Language, from_discord

COMMAND_NAME: Final = "command name"
OPTION_NAME: Final = "option name"
_NAME_CONTEXTS: Final = {
    Where.command_name: COMMAND_NAME,
    Where.group_name: COMMAND_NAME,
    Where.parameter_name: OPTION_NAME,
}
# Discord's rule for command and option names (its docs' regex, for the scripts we speak).
NAME_PATTERN: Final = re.compile(r"^[-_\w]{1,32}$")
DESCRIPTION_LIMIT: Final = 100
NO_DESCRIPTION: Final = "…"  # discord.py's placeholder for an option nobody described


def language_of(locale: discord.Locale) -> Language | None:
    """The language we speak for a Discord locale; None when it would read English anyway."""
    language = from_discord(locale.value)
    return None if language is DEFAULT else language


def command_text(message: str, location: Where, language: Language) -> str | None:
    """``message`` (a name, a description or a choice) in ``language``; None if not translated."""
    catalog = translations(language)
    context = _NAME_CONTEXTS.get(location)
    found = catalog.pgettext(context, message) if context else catalog.gettext(message)
    return found if found != message else None


class CommandTranslator(app_commands.Translator):
    """Set on the tree with ``tree.set_translator`` before the commands are synced."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = language_of(locale)
        if language is None or context.location is Where.other:
            return None
        return command_text(string.message, context.location, language)


def command_texts(commands: Iterable[Any]) -> Iterator[tuple[str, str | None, Where]]:
    """Every string of these commands Discord shows: ``(text, gettext context, where)``."""
    for text, context, where in _tree_texts(commands):
        if text and text != NO_DESCRIPTION:
            yield text, context, where


def _tree_texts(commands: Iterable[Any]) -> Iterator[tuple[str, str | None, Where]]:
    for command in commands:
        where_name = Where.group_name if isinstance(command, app_commands.Group) else Where.command_name
        yield command.name, COMMAND_NAME, where_name
        yield (
            command.description,
            None,
            (Where.group_description if where_name is Where.group_name else Where.command_description),
        )
        if isinstance(command, app_commands.Group):
            yield from _tree_texts(command.commands)
            continue
        for parameter in command.parameters:
            yield parameter.display_name, OPTION_NAME, Where.parameter_name
            yield parameter.description, None, Where.parameter_description
            for choice in parameter.choices:
                yield choice.name, None, Where.choice_name


__all__ = [
    "COMMAND_NAME",
    "CommandTranslator",
    "DESCRIPTION_LIMIT",
    "NAME_PATTERN",
    "OPTION_NAME",
    "command_text",
    "command_texts",
    "language_of",
]
