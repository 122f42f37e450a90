"""`python -m bot` runs the bot with the token from the environment (`python -m bot sandbox`, `health`
and `i18n update|compile` run the sandbox, the health check and the catalog tool).

Start-up problems an operator can fix end in one line saying what to do, not a traceback: a
missing or refused token, an unreachable Discord, a database that can't be opened. The database is
opened (and migrated) before logging in, so a bad ``ASTROLABE_DB`` is found without contacting
Discord.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import sqlite3
import sys
import urllib.error
import urllib.request
from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit

import aiohttp
import discord

from bot.core.config import DB_VARIABLE, METRICS_PORT_VARIABLE, TOKEN_VARIABLE, Config, ConfigError
from bot.ops import logs
from bot.ops.health import CLIENT_TIMEOUT, HEALTH_PATH
from bot.storage import StorageError

if TYPE_CHECKING:
    from bot.app import AstrolabeBot

log = logging.getLogger(__name__)


class StartupError(Exception):
    """Start-up failed for a reason the operator can fix; the message is the one line to print."""


def shown_target(target: str) -> str:
    """The database as it may be printed: a URL loses its password."""
    parts = urlsplit(target)
    if "://" not in target or parts.password is None:
        return target
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def database_problem(db_path: str, error: BaseException) -> str:
    return (
        f"cannot use the database {shown_target(db_path)!r} ({error}). Set {DB_VARIABLE} to a "
        "file in a folder this user may write to, or to a reachable database, then run again."
    )


def discord_problem(error: BaseException) -> str | None:
    """The line for a failure to log in or connect, or ``None`` for a bug (keep the traceback)."""
    if isinstance(error, discord.LoginFailure):
        return (
            f"Discord refused the bot token in {TOKEN_VARIABLE}. Copy a new one from the "
            "developer portal (Bot, Reset Token), then run again."
        )
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return (
            "Discord refused a privileged gateway intent; Astrolabe needs none, so check that "
            "this is the right application's token."
        )
    if isinstance(error, discord.DiscordServerError):
        return f"Discord answered with a server error ({error.status}); try again in a few minutes."
    if isinstance(error, aiohttp.ClientConnectionError | discord.GatewayNotFound | OSError | TimeoutError):
        reason = " ".join(str(error).split()) or type(error).__name__
        return (
            f"cannot reach Discord ({reason}). Check this machine's network connection "
            "(DNS, proxy, firewall), then run again."
        )
    return None


async def serve(bot: AstrolabeBot, token: str) -> None:
    """Open the database, then log in and run until stopped; ``async with`` closes the bot on
    every way out (database, timers, connection)."""
    async with bot:
        try:
            await bot.open_storage()
        except (StorageError, sqlite3.Error, OSError) as error:
            raise StartupError(database_problem(bot.settings.db_path, error)) from error
        if bot.settings.metrics_port is not None:
            try:
                await bot.serve_operators(bot.settings.metrics_port, bot.settings.metrics_addr)
            except OSError as error:
                raise StartupError(
                    f"cannot serve metrics on {bot.settings.metrics_addr}:"
                    f"{bot.settings.metrics_port} ({error}). Set {METRICS_PORT_VARIABLE} "
                    "to a free port, or unset it, then run again."
                ) from error
        try:
            await bot.start(token)
        except Exception as error:
            line = discord_problem(error)
            if line is None:
                raise
            raise StartupError(line) from error


def health_check(argv: list[str], environ: dict[str, str] | None = None) -> int:
    """``python -m bot health``: ask the running bot's ``/healthz``; 0 when healthy, else 1."""
    try:
        settings = Config.from_env(environ)
    except ConfigError as error:
        print(f"astrolabe health: {error}", file=sys.stderr)
        return 1
    if settings.metrics_port is None:
        print(
            f"astrolabe health: the health check is served on {METRICS_PORT_VARIABLE}, which is not "
            "set; set it for the bot and for this check.",
            file=sys.stderr,
        )
        return 1
    host = settings.metrics_addr if settings.metrics_addr not in ("0.0.0.0", "::", "") else "127.0.0.1"
    host = f"[{host}]" if ":" in host else host
    url = f"http://{host}:{settings.metrics_port}{HEALTH_PATH}"
    try:
        with urllib.request.urlopen(url, timeout=CLIENT_TIMEOUT) as response:
            print(response.read().decode(errors="replace"))
            return 0
    except urllib.error.HTTPError as error:
        print(error.read().decode(errors="replace"), file=sys.stderr)
    except (OSError, TimeoutError) as error:
        print(f"astrolabe health: no answer from {url} ({error})", file=sys.stderr)
    return 1


def main(argv: list[str]) -> int:
    if argv[:1] == ["sandbox"]:  # the real bot in a simulated Discord, played in a browser
        from bot.sandbox import main as sandbox

        return sandbox(argv[1:])
    if argv[:1] == ["health"]:  # ask the running bot's /healthz (the Docker HEALTHCHECK)
        return health_check(argv[1:])
    if argv[:1] == ["i18n"]:  # keep the translation catalogs in step with the code
        from bot.commands.catalogs import main as catalogs

        return catalogs(argv[1:])
    try:
        settings = Config.from_env()
    except ConfigError as error:
        print(f"astrolabe: {error}", file=sys.stderr)
        return 2
    if not settings.token:
        print(
            f"astrolabe: no bot token. Set {TOKEN_VARIABLE} to your Discord bot token "
            "(see the README), then run again.",
            file=sys.stderr,
        )
        return 2
    from bot.app import create_bot

    logs.setup(settings.log_format)
    bot = create_bot(dataclasses.replace(settings, steady_heap=True), sync_commands=True)
    try:
        asyncio.run(serve(bot, settings.token))
    except StartupError as error:
        log.debug("start-up failed", exc_info=error)
        print(f"astrolabe: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C: serve() has closed the bot on its way out
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
