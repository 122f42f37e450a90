"""Languages in storage (0006): the table's language, each player's choice and last seen locale,
and the rules' events kept as ``Msg`` so the log can be read again in any language."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from importlib.resources.abc import Traversable
from pathlib import Path

from bot.i18n import Language
from bot.i18n.msg import M_, MN_, Msg
from bot.storage import SqliteStorage, Storage, UserSettings, bundled_migrations
from bot.storage.postgres import PostgresStorage, postgres_migrations
from tests.postgres_server import create_schema, drop_schema

from .helpers import make_lobby


async def test_a_table_speaks_english_unless_opened_in_another_language(storage: Storage) -> None:
    english = await make_lobby(storage)
    assert english.language is Language.ENGLISH
    italian = await storage.create_lobby(
        game="counter",
        guild_id=1,
        channel_id=11,
        host_id=200,
        host_name="Vega",
        options={},
        pace=0,
        language=Language.ITALIAN,
    )
    assert italian.language is Language.ITALIAN
    assert (await storage.load(italian.id)).language is Language.ITALIAN
    started = await storage.start(italian.id, seed=1, state={"n": 0})
    assert started.language is Language.ITALIAN
    assert [game.language for game in await storage.active_games()] == [Language.ITALIAN]


async def test_start_stores_the_options_the_table_language_added(storage: Storage) -> None:
    kept = await make_lobby(storage, options={"target": 5})
    assert (await storage.start(kept.id, seed=1, state={})).options == {"target": 5}
    merged = await make_lobby(storage, channel_id=12, host_id=300, options={"target": 5})
    started = await storage.start(merged.id, seed=1, state={}, options={"target": 5, "deck": "it"})
    assert started.options == {"target": 5, "deck": "it"}
    assert (await storage.load(merged.id)).options == {"target": 5, "deck": "it"}


async def test_a_language_choice_and_the_seen_locale_are_kept_apart(storage: Storage) -> None:
    assert await storage.user_settings(7) == UserSettings(7)
    await storage.set_discord_locale(7, "it")  # first seen: a row with only the locale
    assert await storage.user_settings(7) == UserSettings(7, discord_locale="it")
    await storage.save_user_settings(UserSettings(7, ping="dm", language=Language.ENGLISH))
    assert await storage.user_settings(7) == UserSettings(
        7, ping="dm", language=Language.ENGLISH, discord_locale="it"
    )
    await storage.set_discord_locale(7, "en-GB")  # the locale changes; the choice stays
    assert await storage.user_settings(7) == UserSettings(
        7, ping="dm", language=Language.ENGLISH, discord_locale="en-GB"
    )
    await storage.save_user_settings(UserSettings(7, ping="dm", language=None))  # follow Discord again
    assert await storage.user_settings(7) == UserSettings(7, ping="dm", discord_locale="en-GB")


async def test_events_keep_their_message_id_and_parameters(storage: Storage) -> None:
    record = await make_lobby(storage)
    await storage.start(record.id, seed=1, state={})
    said = M_("{0} takes the {colour} token", colour=M_("red"))
    counted = MN_("{0} scores {n} point", "{0} scores {n} points", 3)
    await storage.record_action(
        record.id, expected_version=0, seat=0, action={}, state={}, events=[said, counted, "{1} passed"]
    )
    events = (await storage.actions(record.id))[0].events
    assert events == ["{0} takes the red token", "{0} scores 3 points", "{1} passed"]
    first, second, plain = events
    assert isinstance(first, Msg) and first.id == "{0} takes the {colour} token"
    assert isinstance(first.params["colour"], Msg) and first.params["colour"].id == "red"
    assert isinstance(second, Msg) and (second.plural, second.n) == ("{0} scores {n} points", 3)
    assert not isinstance(plain, Msg)
    total, entries = await storage.log_entries(record.id, limit=10)
    assert total == 1 and isinstance(entries[0].events[0], Msg)


async def test_an_event_json_cannot_hold_is_kept_as_its_english_text(storage: Storage) -> None:
    record = await make_lobby(storage)
    await storage.start(record.id, seed=1, state={})
    odd = M_("{0} drew {cards}", cards={"a set", "is not JSON"})
    await storage.record_action(record.id, expected_version=0, seat=0, action={}, state={}, events=[odd])
    events = (await storage.actions(record.id))[0].events
    assert events == [str(odd)] and not isinstance(events[0], Msg)


async def test_log_rows_from_before_hold_plain_strings_and_still_read(db_path: Path) -> None:
    storage = await SqliteStorage.open(db_path)
    try:
        record = await make_lobby(storage)
        await storage.start(record.id, seed=1, state={})
        await storage.record_action(
            record.id, expected_version=0, seat=0, action={}, state={}, events=["{0} added 2."]
        )
        stored = await storage._db.execute_fetchall("SELECT events FROM actions")
        assert json.loads(stored[0][0]) == ["{0} added 2."]  # a plain text is stored as it was
        events = (await storage.actions(record.id))[0].events
        assert events == ["{0} added 2."] and not isinstance(events[0], Msg)
    finally:
        await storage.close()


def _before_0006(source: Traversable, folder: Path) -> Path:
    folder.mkdir()
    for entry in source.iterdir():
        if entry.name.endswith(".sql") and int(entry.name[:4]) < 6:
            (folder / entry.name).write_text(entry.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


async def _old_rows(backend: str, target: str, migrations: Path) -> None:
    """A game and a user's settings as the code before 0006 wrote them."""
    game = (
        "INSERT INTO games (id, game, channel_id, host_id, status, options, created_at, updated_at) "
        "VALUES (1, 'counter', 10, 100, 'lobby', '{}', 1, 1)"
    )
    settings = "INSERT INTO user_settings (user_id, ping) VALUES (100, 'mention')"
    if backend == "postgres":
        import asyncpg

        storage = await PostgresStorage.open(target, migrations_dir=migrations)
        await storage.close()
        conn = await asyncpg.connect(target)
        try:
            await conn.execute(game)
            await conn.execute(settings)
        finally:
            await conn.close()
    else:
        await (await SqliteStorage.open(target, migrations_dir=migrations)).close()
        with closing(sqlite3.connect(target)) as conn, conn:
            conn.execute(game)
            conn.execute(settings)


async def test_games_and_settings_from_before_read_english_and_follow_discord(
    backend: str, tmp_path: Path
) -> None:
    schema = None
    if backend == "postgres":
        schema, target = await create_schema()
        old = _before_0006(postgres_migrations(), tmp_path / "old")
    else:
        target = str(tmp_path / "old.sqlite3")
        old = _before_0006(bundled_migrations(), tmp_path / "old")
    try:
        await _old_rows(backend, target, old)
        storage = await (
            PostgresStorage.open(target) if backend == "postgres" else SqliteStorage.open(target)
        )
        try:  # the bundled migrations: 0006 runs now
            assert (await storage.load(1)).language is Language.ENGLISH
            assert await storage.user_settings(100) == UserSettings(100, ping="mention")
        finally:
            await storage.close()
    finally:
        if schema is not None:
            await drop_schema(schema)
