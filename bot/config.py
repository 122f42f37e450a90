"""Settings read from the environment, so no secret ever lives in the repo."""

from __future__ import annotations

import os
from dataclasses import dataclass

TOKEN_VARIABLE = "ASTROLABE_TOKEN"
DB_VARIABLE = "ASTROLABE_DB"
GUILD_VARIABLE = "ASTROLABE_GUILD_ID"
DEFAULT_DB = "astrolabe.sqlite3"


class ConfigError(Exception):
    """A setting is missing or malformed; the message says what to set."""


@dataclass(frozen=True)
class Settings:
    token: str | None
    db_path: str
    dev_guild_id: int | None

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Settings:
        env = os.environ if environ is None else environ
        guild = env.get(GUILD_VARIABLE, "").strip()
        if guild and not guild.isdigit():
            raise ConfigError(f"{GUILD_VARIABLE} must be a numeric server id, not {guild!r}.")
        return cls(
            token=env.get(TOKEN_VARIABLE, "").strip() or None,
            db_path=env.get(DB_VARIABLE, "").strip() or DEFAULT_DB,
            dev_guild_id=int(guild) if guild else None,
        )
