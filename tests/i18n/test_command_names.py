"""Slash commands in Italian: every string of the command tree is in the catalog, valid for Discord
(names lowercase, no spaces, at most 32 characters, unique among siblings; descriptions and choices
at most 100), and what the bot syncs carries the Italian as Discord's localizations."""

from __future__ import annotations

from collections import defaultdict

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.commands.catalogs import template
from bot.commands.translator import (
    COMMAND_NAME,
    DESCRIPTION_LIMIT,
    NAME_PATTERN,
    CommandTranslator,
    command_text,
    command_texts,
    language_of,
)
from bot.commands.tree import COMMANDS
from bot.i18n import Language
from bot.i18n.catalogs import CORE_DOMAIN, places, translations

NAMES = (Where.command_name, Where.group_name, Where.parameter_name)
NATIVE = {language.native_name for language in Language}


def in_catalog(text: str, context: str | None) -> bool:
    catalog = translations(Language.ITALIAN)._catalog  # type: ignore[attr-defined]
    return (f"{context}\x04{text}" if context else text) in catalog


def test_every_string_of_the_tree_has_a_valid_italian_text() -> None:
    missing, invalid = [], []
    for text, context, where in command_texts(COMMANDS):
        if text in NATIVE:  # "English", "Italiano": each language by its own name
            assert command_text(text, where, Language.ITALIAN) is None
            continue
        if not in_catalog(text, context):
            missing.append(text)
            continue
        italian = command_text(text, where, Language.ITALIAN) or text
        if where in NAMES:
            if not (NAME_PATTERN.match(italian) and italian == italian.lower()):
                invalid.append((text, italian))
        elif not 0 < len(italian) <= DESCRIPTION_LIMIT:
            invalid.append((text, italian))
    assert not missing, f"not translated (in the catalog that lists them): {missing}"
    assert not invalid, f"not valid for Discord: {invalid}"


def _siblings(
    commands: list[app_commands.Command | app_commands.Group], parent: str, found: dict[str, list[str]]
) -> None:
    for command in commands:
        found[parent].append(command_text(command.name, Where.command_name, Language.ITALIAN) or command.name)
        if isinstance(command, app_commands.Group):
            _siblings(command.commands, command.qualified_name, found)
        else:
            found[command.qualified_name] = [
                command_text(p.display_name, Where.parameter_name, Language.ITALIAN) or p.display_name
                for p in command.parameters
            ]


def test_italian_names_are_unique_among_siblings() -> None:
    found: dict[str, list[str]] = defaultdict(list)
    _siblings(list(COMMANDS), "/", found)
    clashes = {parent: names for parent, names in found.items() if len(set(names)) != len(names)}
    assert not clashes
    assert "gioca" in found["/"] and "lingua" in found["play"]


def test_the_core_template_collects_the_tree_but_not_what_a_game_catalog_has() -> None:
    every = places()
    core = next(place for place in every if place.domain == CORE_DOMAIN)
    texts = {(message.id, message.context) for message in template(core, every) if message.id}
    assert ("play", COMMAND_NAME) in texts and ("Which game to play", None) in texts
    assert ("follow Discord", None) in texts
    assert not {("English", None), ("Italiano", None)} & texts
    games = {
        (message.id, message.context)
        for place in every
        if place is not core
        for message in template(place, every)
        if message.id
    }
    assert not games & {(text, context) for text, context, _where in command_texts(COMMANDS)} & texts


def test_only_italian_locales_get_a_translation() -> None:
    assert language_of(discord.Locale.italian) is Language.ITALIAN
    translated = [locale for locale in discord.Locale if language_of(locale) is not None]
    assert translated == [discord.Locale.italian]


@pytest.mark.simcord(strict_sync=True)
async def test_the_synced_commands_carry_their_italian_names_and_descriptions(simcord_env) -> None:
    tree = simcord_env.bot.tree
    assert isinstance(tree.translator, CommandTranslator)  # set at login, before any sync
    await tree.sync()  # strict: SimCord refuses what Discord would
    payloads = {
        command.name: await command.get_translated_payload(tree, tree.translator)
        for command in tree.get_commands()
    }
    play = payloads["play"]
    assert play["name_localizations"] == {"it": "gioca"}
    assert play["description_localizations"] == {
        "it": "Apri in questo canale una lobby per un gioco di stelle."
    }
    language = next(option for option in play["options"] if option["name"] == "language")
    assert language["name_localizations"] == {"it": "lingua"}
    assert [choice["name"] for choice in language["choices"]] == ["English", "Italiano"]
    assert all("name_localizations" not in choice for choice in language["choices"])
    game = payloads["game"]
    assert game["name_localizations"]["it"] == "partita"
    hand = next(option for option in game["options"] if option["name"] == "hand")
    assert hand["name_localizations"]["it"] == "mano"
    settings = payloads["settings"]
    chosen = next(option for option in settings["options"] if option["name"] == "language")
    follow = next(choice for choice in chosen["choices"] if choice["value"] == "discord")
    assert follow["name_localizations"] == {"it": "segui Discord"}
    for payload in payloads.values():  # English stays the default, no other locale is sent
        assert set(payload["name_localizations"]) == {"it"}
