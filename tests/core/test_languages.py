"""``bot.core.speakers``: a player's language for private output when no interaction of theirs is at
hand (their DM panel after someone else's move): their choice, else the locale last seen from
them, else English; read through a short cache that a /settings change updates at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.core.speakers import CACHE_SECONDS, ReaderLanguages, user_language
from bot.i18n import Language
from bot.storage import SqliteStorage, Storage, UserSettings


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def storage(tmp_path: Path):
    store = await SqliteStorage.open(tmp_path / "languages.sqlite3")
    yield store
    await store.close()


async def test_a_choice_wins_over_the_locale_and_the_locale_over_english(storage: Storage) -> None:
    readers = ReaderLanguages(lambda: storage)
    await storage.save_user_settings(UserSettings(1, language=Language.ITALIAN))
    await storage.set_discord_locale(1, "en-GB")
    await storage.set_discord_locale(2, "it")
    await storage.set_discord_locale(3, "pt-BR")
    assert await readers.of_user(1) is Language.ITALIAN
    assert await readers.of_user(2) is Language.ITALIAN
    assert await readers.of_user(3) is Language.ENGLISH  # a language we don't speak
    assert await readers.of_user(4) is Language.ENGLISH  # never heard from
    assert await readers.of_user(-1) is Language.ENGLISH  # a bot seat


async def test_a_choice_made_here_is_seen_at_once_one_made_elsewhere_within_the_cache_time(
    storage: Storage,
) -> None:
    clock = Clock()
    readers = ReaderLanguages(lambda: storage, clock=clock)
    assert await readers.of_user(5) is Language.ENGLISH
    chosen = UserSettings(5, language=Language.ITALIAN)
    await storage.save_user_settings(chosen)  # as another process sharing the database would
    assert await readers.of_user(5) is Language.ENGLISH  # still the cached reading
    clock.now += CACHE_SECONDS
    assert await readers.of_user(5) is Language.ITALIAN
    readers.remember(UserSettings(5, language=None, discord_locale="en-US"))  # /settings here
    assert await readers.of_user(5) is Language.ENGLISH


async def test_without_reader_languages_a_bot_speaks_english() -> None:
    assert await user_language(object(), 7) is Language.ENGLISH
