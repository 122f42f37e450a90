"""Expected faults are one log line each; a traceback means a bug.

An operator running the bot meets faults that are nobody's bug: the database goes away for a
while (a PostgreSQL restart, a locked or full SQLite file), Discord answers 5xx even after
discord.py's and our own retry, a player's DMs are closed. Each gets one line saying what
happened. The database's outage is told twice in all, however many clicks it refuses: once when
it goes away, once when it is back, with the count of clicks refused meanwhile.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from typing import Any

import aiohttp
import discord

log = logging.getLogger(__name__)

UNKNOWN_INTERACTION = 10062  # Discord's code: the interaction's 3 s (or 15 min) are over

# What SQLite says when the file, not the query, is the problem.
SQLITE_OUTAGES = (
    "database is locked",
    "disk i/o error",
    "unable to open",
    "readonly database",
    "database or disk is full",
    "database is busy",
)


def database_outage(error: BaseException) -> bool:
    """The database can't be reached or written (as opposed to a wrong query: a bug)."""
    if isinstance(error, sqlite3.OperationalError):
        text = str(error).lower()
        return any(part in text for part in SQLITE_OUTAGES)
    module = type(error).__module__ or ""
    if module.startswith("asyncpg"):
        import asyncpg  # only for a PostgreSQL error

        return isinstance(
            error,
            asyncpg.PostgresConnectionError
            | asyncpg.InterfaceError
            | asyncpg.CannotConnectNowError
            | asyncpg.AdminShutdownError
            | asyncpg.ConnectionDoesNotExistError,
        )
    if module.startswith(("aiohttp", "discord")):  # the way to Discord, not to the database
        return False
    return isinstance(error, ConnectionError | TimeoutError) or (
        isinstance(error, OSError) and not isinstance(error, FileNotFoundError | PermissionError)
    )


class DatabaseWatch:
    """Says when the database goes away and when it is back; counts the clicks refused between.
    Thread-safe: the health check's probe may report from its own thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._since: float | None = None
        self.refused = 0

    @property
    def away(self) -> bool:
        return self._since is not None

    def failed(self, error: BaseException, *, click: bool = False) -> None:
        with self._lock:
            first = self._since is None
            if first:
                self._since = time.monotonic()
                self.refused = 0
            if click:
                self.refused += 1
        if first:
            log.warning(
                "database unavailable (%s: %s); clicks are refused until it is back",
                type(error).__name__,
                " ".join(str(error).split())[:200],
            )

    def ok(self) -> None:
        if self._since is None:
            return
        with self._lock:
            since, self._since = self._since, None
            refused = self.refused
        if since is not None:
            log.warning(
                "database is back after %.1f s; %d click(s) were refused meanwhile",
                time.monotonic() - since,
                refused,
            )


def expected_fault(
    error: BaseException, interaction: Any | None = None, *, watch: DatabaseWatch | None = None
) -> bool:
    """Log ``error`` as one line and return True when it is an expected fault; False for a bug
    (the caller logs its traceback). ``watch``: the bot's, when there is no ``interaction``."""
    watch = getattr(getattr(interaction, "client", None), "database_watch", None) or watch
    if database_outage(error):
        if watch is not None:
            watch.failed(error, click=interaction is not None)
        else:
            log.warning("database unavailable: %s", error)
        return True
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
        log.warning(
            "an interaction expired before it was answered (the bot was too slow, or its clock is off): %s",
            " ".join(str(error).split())[:200],
        )
        return True
    if isinstance(error, aiohttp.ClientError):
        log.warning("cannot reach Discord: %s", " ".join(str(error).split())[:200] or type(error).__name__)
        return True
    if isinstance(error, discord.DiscordServerError):
        where = f" (interaction {interaction.id})" if interaction is not None else ""
        log.warning(
            "Discord failed after retries: %s %s%s",
            error.status,
            " ".join(str(error.text).split())[:200],
            where,
        )
        return True
    return False
