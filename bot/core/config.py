"""The process's configuration, read from the environment, so no secret ever lives in the repo."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

TOKEN_VARIABLE = "ASTROLABE_TOKEN"
DB_VARIABLE = "ASTROLABE_DB"
GUILD_VARIABLE = "ASTROLABE_GUILD_ID"
SHARDS_VARIABLE = "ASTROLABE_SHARDS"
SHARD_IDS_VARIABLE = "ASTROLABE_SHARD_IDS"
TIMER_POLL_VARIABLE = "ASTROLABE_TIMER_POLL"
DEFAULT_TIMER_POLL = 10.0
METRICS_PORT_VARIABLE = "ASTROLABE_METRICS_PORT"
METRICS_ADDR_VARIABLE = "ASTROLABE_METRICS_ADDR"
DEFAULT_METRICS_ADDR = "127.0.0.1"
LOG_FORMAT_VARIABLE = "ASTROLABE_LOG_FORMAT"
LOG_FORMATS = ("text", "json")
DEFAULT_DB = "astrolabe.sqlite3"


class ConfigError(Exception):
    """A setting is missing or malformed; the message says what to set."""


@dataclass(frozen=True)
class Config:
    token: str | None
    db_path: str
    dev_guild_id: int | None
    # Set: the bot runs as a discord.AutoShardedClient with this many shards in all, of which this
    # process runs ``shard_ids`` (all of them when None). Unset: one plain client, one shard.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    # Seconds between looks, on a shared (PostgreSQL) database, for overdue timed jobs no process
    # holds (their process died); 0 turns it off.
    timer_poll: float = DEFAULT_TIMER_POLL
    # Set: /metrics (Prometheus) and /healthz are served on this port (bot.ops.health); unset: neither.
    metrics_port: int | None = None
    metrics_addr: str = DEFAULT_METRICS_ADDR
    log_format: str = "text"  # or "json": one JSON object a line (bot.ops.logs)
    # The real process, not a test's: after start-up, freeze the heap out of the garbage
    # collector's walks and collect the young generation less often (``bot.ops.heap``).
    steady_heap: bool = False

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Config:
        env = os.environ if environ is None else environ
        guild = env.get(GUILD_VARIABLE, "").strip()
        if guild and not guild.isdigit():
            raise ConfigError(f"{GUILD_VARIABLE} must be a numeric server id, not {guild!r}.")
        shard_count, shard_ids = _shards(env)
        poll = env.get(TIMER_POLL_VARIABLE, "").strip()
        try:
            timer_poll = float(poll) if poll else DEFAULT_TIMER_POLL
        except ValueError:
            timer_poll = -1.0
        if not timer_poll >= 0:
            raise ConfigError(
                f"{TIMER_POLL_VARIABLE} must be a number of seconds (0 turns it off), not {poll!r}."
            )
        port = env.get(METRICS_PORT_VARIABLE, "").strip()
        if port and not (port.isdigit() and 0 < int(port) < 65536):
            raise ConfigError(f"{METRICS_PORT_VARIABLE} must be a port number from 1 to 65535, not {port!r}.")
        log_format = env.get(LOG_FORMAT_VARIABLE, "").strip().lower() or "text"
        if log_format not in LOG_FORMATS:
            raise ConfigError(f"{LOG_FORMAT_VARIABLE} must be text or json, not {log_format!r}.")
        return cls(
            metrics_port=int(port) if port else None,
            metrics_addr=env.get(METRICS_ADDR_VARIABLE, "").strip() or DEFAULT_METRICS_ADDR,
            log_format=log_format,
            token=env.get(TOKEN_VARIABLE, "").strip() or None,
            db_path=env.get(DB_VARIABLE, "").strip() or DEFAULT_DB,
            dev_guild_id=int(guild) if guild else None,
            shard_count=shard_count,
            shard_ids=shard_ids,
            timer_poll=timer_poll,
        )


def _shards(env: Mapping[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    """ASTROLABE_SHARDS (a count) and ASTROLABE_SHARD_IDS (a comma list such as ``0,1``)."""
    count_text = env.get(SHARDS_VARIABLE, "").strip()
    ids_text = env.get(SHARD_IDS_VARIABLE, "").strip()
    if not count_text:
        if ids_text:
            raise ConfigError(f"{SHARD_IDS_VARIABLE} needs {SHARDS_VARIABLE} (the total shard count) too.")
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ConfigError(
            f"{SHARDS_VARIABLE} must be a whole number of shards, 1 or more, not {count_text!r}."
        )
    count = int(count_text)
    if not ids_text:
        return count, None
    parts = [part.strip() for part in ids_text.split(",")]
    if not all(part.isdigit() and int(part) < count for part in parts) or len(set(parts)) != len(parts):
        raise ConfigError(
            f"{SHARD_IDS_VARIABLE} must list distinct shard ids from 0 to {count - 1}, "
            f"separated by commas, not {ids_text!r}."
        )
    return count, tuple(int(part) for part in parts)
