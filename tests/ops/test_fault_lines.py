"""Expected faults are one log line each, never a traceback; JSON log lines on request."""

from __future__ import annotations

import io
import json
import logging
import sqlite3
from pathlib import Path

import pytest

from bot.core.config import Config, ConfigError
from bot.ops import logs
from tests.drivers.helpers import refresh
from tests.drivers.sky_driver import open_lobby

ROOT = str(Path(__file__).resolve().parents[2])  # this checkout's bot/, whatever is installed
APOLOGY_START = "Sorry, something went wrong"


def tracebacks(caplog) -> list[str]:
    return [
        f"{r.name}: {r.getMessage()}"
        for r in caplog.records
        if r.exc_info and not r.name.startswith("simcord")
    ]


def lines(caplog, part: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if part in r.getMessage() and r.levelno >= logging.WARNING]


async def start_game_failing(env, channel, players, **error) -> None:
    """/play, then Discord fails every channel message (``error``) while the table joins and starts."""
    await players[0].slash(channel, "play", game="sky-of-stars")
    lobby = channel.last_message
    env.inject_error("POST", "/channels/*/messages", times=None, **error)
    for player in players[1:]:
        await player.click(refresh(channel, lobby), label="Join")
    await players[0].click(refresh(channel, lobby), label="Start")


def said(result) -> list[str]:
    return [m.content for m in [result.response, *result.followups] if m is not None and m.content]


@pytest.mark.simcord(strict_sync=True)
async def test_database_away_and_back_is_two_lines_with_the_refused_clicks(simcord_env, bot_settings, caplog):
    env = simcord_env
    _, channel, players = await open_lobby(env, n_players=4)
    await players[0].slash(channel, "play", game="sky-of-stars")
    lobby = channel.last_message
    # Another writer holds the file longer than the bot waits for it (shortened from 5 s).
    await env.bot.storage._db.execute("PRAGMA busy_timeout = 200")
    other = sqlite3.connect(bot_settings.db_path, timeout=0, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        refused = [await player.click(refresh(channel, lobby), label="Join") for player in players[1:3]]
    finally:
        other.rollback()
        other.close()
    for result in refused:
        assert any(text.startswith(APOLOGY_START) for text in said(result)), said(result)
    joined = await players[3].click(refresh(channel, lobby), label="Join")
    assert not any(text.startswith(APOLOGY_START) for text in said(joined))

    assert len(lines(caplog, "database unavailable")) == 1
    back = lines(caplog, "database is back")
    assert len(back) == 1 and "2 click(s) were refused" in back[0], back
    assert tracebacks(caplog) == []


@pytest.mark.simcord(strict_sync=True)
async def test_discord_failing_after_retries_is_one_line_each_no_traceback(simcord_env, caplog):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    await start_game_failing(env, channel, players, status=503)
    assert len(lines(caplog, "could not send the step message: 503")) == 1
    assert all("trying once more" not in line for line in lines(caplog, "503")), "a retry is not a fault"
    assert tracebacks(caplog) == []


@pytest.mark.simcord(strict_sync=True)
async def test_refused_dms_are_lines_not_tracebacks(simcord_env, caplog):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    await start_game_failing(env, channel, players, status=403, code=50001)
    refused = lines(caplog, "refused")
    assert refused and all("Missing Access" in line or "403" in line for line in refused)
    assert tracebacks(caplog) == []


def test_json_log_lines_are_valid_json_with_the_traceback_inside():
    stream = io.StringIO()
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        logs.setup("json", stream=stream)
        log = logging.getLogger("bot.test")
        log.warning("database is back after %.1f s; %d click(s) were refused meanwhile", 8.0, 22)
        try:
            raise ValueError("a bug")
        except ValueError:
            log.exception("interaction failed: user=%s", 1)
    finally:
        for handler in root.handlers:
            if handler not in handlers:
                root.removeHandler(handler)
        root.setLevel(level)
    records = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert [r["level"] for r in records] == ["WARNING", "ERROR"]
    assert records[0]["message"] == "database is back after 8.0 s; 22 click(s) were refused meanwhile"
    assert records[0]["logger"] == "bot.test" and records[0]["time"].endswith("+00:00")
    assert "exc" not in records[0]
    assert "ValueError: a bug" in records[1]["exc"] and records[1]["exc"].startswith("Traceback")


def test_operator_settings_come_from_the_environment():
    settings = Config.from_env({"ASTROLABE_METRICS_PORT": "9108", "ASTROLABE_LOG_FORMAT": "JSON"})
    assert (settings.metrics_port, settings.metrics_addr, settings.log_format) == (9108, "127.0.0.1", "json")
    assert Config.from_env({}).metrics_port is None
    for bad in (
        {"ASTROLABE_METRICS_PORT": "http"},
        {"ASTROLABE_METRICS_PORT": "70000"},
        {"ASTROLABE_LOG_FORMAT": "xml"},
    ):
        with pytest.raises(ConfigError):
            Config.from_env(bad)


def test_python_m_bot_writes_json_lines_when_asked(tmp_path):
    from tests.test_main import FakeDiscord, run_bot_against, the_one_line

    with FakeDiscord() as discord_api:
        env = {
            "PYTHONPATH": ROOT,
            "ASTROLABE_TOKEN": "not-a-token",
            "ASTROLABE_LOG_FORMAT": "json",
            "ASTROLABE_DB": str(tmp_path / "a.sqlite3"),
        }
        result = run_bot_against(discord_api.api, env, tmp_path)
    assert "refused the bot token" in the_one_line(result)
    logged = [json.loads(line) for line in result.stderr.splitlines() if not line.startswith("astrolabe:")]
    assert logged, result.stderr
    assert all({"time", "level", "logger", "message"} <= set(record) for record in logged)


def test_a_busy_metrics_port_is_one_line_before_discord_is_contacted(tmp_path):
    import socket

    from tests.test_main import FakeDiscord, run_bot_against, the_one_line

    with socket.socket() as taken, FakeDiscord() as discord_api:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {
            "PYTHONPATH": ROOT,
            "ASTROLABE_TOKEN": "t",
            "ASTROLABE_METRICS_PORT": str(port),
            "ASTROLABE_DB": str(tmp_path / "a.sqlite3"),
        }
        result = run_bot_against(discord_api.api, env, tmp_path)
    line = the_one_line(result)
    assert "ASTROLABE_METRICS_PORT" in line and str(port) in line
    assert discord_api.paths == []


def test_only_the_database_being_away_counts_as_its_outage():
    import aiohttp
    import asyncpg

    from bot.ops.faults import database_outage

    away = [
        sqlite3.OperationalError("database is locked"),
        sqlite3.OperationalError("disk I/O error"),
        ConnectionRefusedError(111, "Connection refused"),
        asyncpg.CannotConnectNowError("starting up"),
        asyncpg.ConnectionDoesNotExistError("closed in the middle of operation"),
    ]
    bugs = [
        sqlite3.OperationalError("no such table: games"),
        ValueError("x"),
        KeyError("y"),
        aiohttp.ClientOSError(104, "reset by peer"),
        asyncpg.UndefinedTableError("no table"),
    ]
    assert [database_outage(error) for error in away] == [True] * len(away)
    assert [database_outage(error) for error in bugs] == [False] * len(bugs)


async def test_every_way_postgresql_is_away_is_an_outage(tmp_path):
    """A socket that is gone (asyncpg's ``FileNotFoundError``), a reset, a shutdown, too many
    connections: the database away. A missing file elsewhere, a cancelled query: bugs."""
    import asyncpg

    from bot.ops.faults import database_outage

    try:
        await asyncpg.connect(f"postgresql://postgres@/postgres?host={tmp_path}", timeout=5)
    except FileNotFoundError as error:
        socket_gone: BaseException = error
    else:  # pragma: no cover
        raise AssertionError("connected to no server")
    try:
        (tmp_path / "missing.png").read_bytes()
    except FileNotFoundError as error:
        missing_file: BaseException = error
    away = [
        socket_gone,
        ConnectionResetError(104, "Connection reset by peer"),
        asyncpg.AdminShutdownError("terminating connection due to administrator command"),
        asyncpg.CannotConnectNowError("the database system is shutting down"),
        asyncpg.TooManyConnectionsError("sorry, too many clients already"),
        asyncpg.ConnectionFailureError("connection failure"),
    ]
    bugs = [missing_file, asyncpg.QueryCanceledError("canceling statement due to statement timeout")]
    assert [database_outage(error) for error in away] == [True] * len(away)
    assert [database_outage(error) for error in bugs] == [False] * len(bugs)
