"""Expected faults are one log line each; a traceback means a bug.

An operator running the bot meets faults that are nobody's bug: the database goes away for a
while (a PostgreSQL restart, a locked or full SQLite file), Discord answers 5xx even after
discord.py's and our own retry, a player's DMs are closed. Each gets one line saying what
happened; this module tells the database's, without Discord (``bot.ui.fault_lines`` tells the
rest). The database's outage is told twice in all, however many clicks it refuses: once when it
goes away, once when it is back, with the count of clicks refused meanwhile.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time

log = logging.getLogger(__name__)

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
    """The database can't be reached or written (as opposed to a wrong query: a bug). Every way
    PostgreSQL can be away is one: its Unix socket gone (``FileNotFoundError`` from asyncpg's
    connect), refused or reset, the server shutting down or starting up, too many connections."""
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
            | asyncpg.CrashShutdownError
            | asyncpg.TooManyConnectionsError
            | asyncpg.ConnectionDoesNotExistError,
        )
    if module.startswith(("aiohttp", "discord")):  # the way to Discord, not to the database
        return False
    if isinstance(error, FileNotFoundError | PermissionError):
        # A missing file is a bug, unless it is the server's socket asyncpg was connecting to.
        return isinstance(error, FileNotFoundError) and _raised_in_asyncpg(error)
    return isinstance(error, ConnectionError | TimeoutError | OSError)


def _raised_in_asyncpg(error: BaseException) -> bool:
    """Whether ``error`` came up through asyncpg (its connect, for a socket that is gone)."""
    frame = error.__traceback__
    while frame is not None:
        if str(frame.tb_frame.f_globals.get("__name__", "")).startswith("asyncpg"):
            return True
        frame = frame.tb_next
    return False


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
