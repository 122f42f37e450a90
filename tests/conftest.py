"""Shared fixtures: the real bot inside SimCord, with its database in a temporary folder, and a
guard that fails any test leaving a thread or a database connection behind.

Every bot that opens its database during a test is closed when the test ends, whoever made it
(``restart_bot``, a fuzzer's restarts, a test's own ``create_bot``): SimCord detaches a bot but
never closes it, and an open aiosqlite connection outlives the test's event loop on a thread of
its own, which then fails in a later test ("Event loop is closed").
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest

from bot.app import AstrolabeBot, create_bot
from bot.core.config import Config
from bot.storage import sqlite as sqlite_storage
from bot.storage.postgres import PostgresStorage
from bot.storage.sql import Storage

# Pictures are drawn in-process (a thread), not in worker processes: tests watch and patch the
# drawing code, and a pool per test worker would cost seconds to start. tests/ui/test_painter.py
# starts its own pool.
os.environ.setdefault("ASTROLABE_PICTURE_WORKERS", "0")

# How long a thread the test started may take to end after it (a closed connection's worker
# ends by itself, but a loaded machine may take a while to schedule it).
THREAD_GRACE_SECONDS = 15.0


LEAKS = pytest.StashKey[list[str]]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    """Report what ``no_leaks`` found after every teardown hook has run, pytest's collection of
    thread exceptions included: a leaked connection's thread failing then is this test's error,
    not the next one's."""
    try:
        return (yield)
    except BaseException as error:
        if leaks := item.stash.get(LEAKS, []):
            pytest.fail(f"left open after the test: {', '.join(leaks)}\n{error}", pytrace=False)
        raise
    finally:
        if (leaks := item.stash.get(LEAKS, [])) and sys.exc_info()[0] is None:
            pytest.fail("left open after the test: " + ", ".join(leaks), pytrace=False)


def pytest_sessionfinish(session: pytest.Session) -> None:
    server = sys.modules.get("tests.postgres_server")
    if server is not None:
        server.drop_worker_database()


@pytest.fixture(autouse=True)
def no_leaks(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail the test if it leaves a thread running, a SQLite connection or a PostgreSQL pool
    open (closing them, so the next test starts clean). Runs around every other fixture, so
    their teardown has happened when it checks."""
    before = set(threading.enumerate())
    pools: list[PostgresStorage] = []
    opened = PostgresStorage.open.__func__

    async def open_postgres(cls: type[PostgresStorage], *args: Any, **kwargs: Any) -> PostgresStorage:
        store = await opened(cls, *args, **kwargs)
        pools.append(store)
        return store

    monkeypatch.setattr(PostgresStorage, "open", classmethod(open_postgres))
    yield
    leaks = [f"SQLite connection to {db}" for db in _close_leaked_sqlite()]
    open_pools = [store for store in pools if not store._dialect.pool.is_closing()]
    leaks += [f"PostgreSQL pool of {store._path}" for store in open_pools]
    for store in open_pools:
        store._dialect.pool.terminate()
    deadline = time.monotonic() + THREAD_GRACE_SECONDS
    for thread in set(threading.enumerate()) - before:
        thread.join(max(0.0, deadline - time.monotonic()))
    leaks += [f"thread {t.name}" for t in set(threading.enumerate()) - before if t.is_alive()]
    request.node.stash[LEAKS] = sorted(leaks)


@pytest.fixture(autouse=True)
def fresh_pictures() -> Iterator[None]:
    """Every test starts with an empty picture cache (``bot.ui.painter``): a picture kept from
    another test would skip the drawing code this one patches or records."""
    from bot.ui import painter

    painter.close()
    yield
    painter.close()


def _close_leaked_sqlite() -> list[str]:
    """Stop every aiosqlite connection a Storage opened and nobody closed; describe them. Stopped
    from a thread without an event loop, so the connection's thread answers no loop (the test's
    is closed) and simply ends."""
    leaked = list(sqlite_storage._UNCLOSED)
    sqlite_storage._UNCLOSED.clear()
    for db in leaked:
        stopper = threading.Thread(target=db.stop, name="stop a leaked SQLite connection")
        stopper.start()
        stopper.join()
        # Until its thread has closed it, dropping the connection would stop it again from
        # __del__, with a future on whatever loop is current: the closed one.
        db._thread.join(THREAD_GRACE_SECONDS)
    return [repr(db) for db in leaked]


@pytest.fixture
def bot_settings(tmp_path) -> Config:
    return Config(token=None, db_path=str(tmp_path / "astrolabe.sqlite3"), dev_guild_id=None)


@pytest.fixture
def attached_bots(monkeypatch: pytest.MonkeyPatch) -> list[AstrolabeBot]:
    """Every bot that opened its database during the test, in order."""
    bots: list[AstrolabeBot] = []
    opening = AstrolabeBot.open_storage

    async def open_storage(self: AstrolabeBot) -> Storage:
        if self not in bots:
            bots.append(self)
        return await opening(self)

    monkeypatch.setattr(AstrolabeBot, "open_storage", open_storage)
    return bots


@pytest.fixture
async def simcord_bot(bot_settings, attached_bots) -> AsyncIterator[AstrolabeBot]:
    bot = create_bot(bot_settings)
    yield bot
    # SimCord's simcord_env fixture is built on this one, so it has shut down by now.
    failures = []
    for attached in [bot, *attached_bots]:
        try:
            await attached.close()
        except Exception as error:  # close the others, then report it
            failures.append(error)
    if failures:
        raise failures[0]


@pytest.fixture
def restart_bot(simcord_env, bot_settings) -> Callable[[], Awaitable[AstrolabeBot]]:
    """``await restart_bot()`` restarts as a new process would: a new bot takes over the world and
    the database, and the old one is closed."""

    async def restart() -> AstrolabeBot:
        old = simcord_env.bot
        new = create_bot(bot_settings)
        await simcord_env.restart_bot(new)
        await old.close()
        return new

    return restart


SETTLE_SECONDS = 60.0
"""Real seconds SimCord waits for the bot's work (a render in a worker thread) to finish before it
calls the bot stuck. Its default of 5 s is real time, not the game's simulated time: on a busy
machine a render alone can take longer, which would fail a test that is right."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "simcord_env" not in getattr(item, "fixturenames", ()):
            continue
        marker = item.get_closest_marker("simcord")
        options = dict(marker.kwargs) if marker else {}
        if "settle_timeout" not in options:
            item.add_marker(pytest.mark.simcord(**options, settle_timeout=SETTLE_SECONDS), append=False)
