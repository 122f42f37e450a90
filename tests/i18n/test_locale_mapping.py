"""Discord's locale codes map onto the languages Astrolabe speaks; everything else reads English."""

from __future__ import annotations

import discord
import pytest

from bot.i18n.languages import Language, from_discord, parse


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("it", Language.ITALIAN),
        ("IT", Language.ITALIAN),
        ("it_IT", Language.ITALIAN),
        ("en-US", Language.ENGLISH),
        ("en-GB", Language.ENGLISH),
        ("pt-BR", Language.ENGLISH),
        ("de", Language.ENGLISH),
        ("zh-CN", Language.ENGLISH),
        ("", Language.ENGLISH),
        (None, Language.ENGLISH),
    ],
)
def test_discord_codes_map_to_a_language(code: str | None, expected: Language) -> None:
    assert from_discord(code) is expected


def test_every_discord_locale_maps_and_only_italian_reads_italian() -> None:
    for locale in discord.Locale:
        expected = Language.ITALIAN if locale is discord.Locale.italian else Language.ENGLISH
        assert from_discord(str(locale)) is expected, locale


def test_parse_reads_stored_choices_and_refuses_unknown_ones() -> None:
    assert parse("it") is Language.ITALIAN
    assert parse("en") is Language.ENGLISH
    assert parse("fr") is None
    assert parse(None) is None


def test_native_names_are_not_translated() -> None:
    assert [language.native_name for language in Language] == ["English", "Italiano"]
