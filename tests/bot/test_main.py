"""`python -m bot` without a token explains itself in one line instead of a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bot.config import ConfigError, Settings


def run_bot(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ASTROLABE_")}
    return subprocess.run([sys.executable, "-m", "bot"], env={**clean, **env}, capture_output=True,
                          text=True, timeout=60)


def test_missing_token_is_one_clear_line():
    result = run_bot({})
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "ASTROLABE_TOKEN" in lines[0]


def test_malformed_guild_id_is_one_clear_line():
    result = run_bot({"ASTROLABE_TOKEN": "x", "ASTROLABE_GUILD_ID": "my-server"})
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "ASTROLABE_GUILD_ID" in result.stderr


def test_settings_defaults_and_validation():
    settings = Settings.from_env({"ASTROLABE_TOKEN": " t ", "ASTROLABE_GUILD_ID": "123"})
    assert settings.token == "t" and settings.dev_guild_id == 123 and settings.db_path == "astrolabe.sqlite3"
    with pytest.raises(ConfigError):
        Settings.from_env({"ASTROLABE_GUILD_ID": "abc"})
