"""`python -m bot` explains start-up problems in one line instead of a traceback: no token, a
refused token, an unreachable Discord, a database that can't be opened (checked before login)."""

from __future__ import annotations

import http.server
import json
import os
import socket
import sqlite3
import subprocess
import sys
import threading
from contextlib import closing
from pathlib import Path

import pytest

from bot.core.config import Config, ConfigError


def run_bot(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ASTROLABE_")}
    return subprocess.run(
        [sys.executable, "-m", "bot"], env={**clean, **env}, capture_output=True, text=True, timeout=60
    )


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
    settings = Config.from_env({"ASTROLABE_TOKEN": " t ", "ASTROLABE_GUILD_ID": "123"})
    assert settings.token == "t" and settings.dev_guild_id == 123 and settings.db_path == "astrolabe.sqlite3"
    with pytest.raises(ConfigError):
        Config.from_env({"ASTROLABE_GUILD_ID": "abc"})


class FakeDiscord:
    """A local HTTP server standing in for Discord's API: it refuses every token (HTTP 401, as
    Discord does) and records the paths asked for, so a test sees whether the bot contacted it."""

    def __init__(self) -> None:
        paths = self.paths = []

        class Refuse(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the http.server API
                paths.append(self.path)
                body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
                self.send_response(401)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Refuse)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/api/v10"

    def __enter__(self) -> FakeDiscord:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


def run_bot_against(api: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` with discord.py's API address pointed at ``api``."""
    launch = (
        "import sys, discord.http; discord.http.Route.BASE = sys.argv[1]; "
        "from bot.__main__ import main; sys.exit(main([]))"
    )
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ASTROLABE_")}
    return subprocess.run(
        [sys.executable, "-c", launch, api],
        env={**clean, **env},
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
    )


def the_one_line(result: subprocess.CompletedProcess[str]) -> str:
    """The error line, after checking it is the only one and there is no traceback."""
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and "Exception in thread" not in result.stderr, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("astrolabe:")]
    assert len(lines) == 1 and result.stderr.rstrip().endswith(lines[0]), result.stderr
    return lines[0]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_refused_token_is_one_line_after_the_database_was_opened(tmp_path: Path) -> None:
    db = tmp_path / "astrolabe.sqlite3"
    with FakeDiscord() as discord_api:
        result = run_bot_against(
            discord_api.api, {"ASTROLABE_TOKEN": "not-a-token", "ASTROLABE_DB": str(db)}, tmp_path
        )
    line = the_one_line(result)
    assert "refused the bot token" in line and "ASTROLABE_TOKEN" in line
    assert discord_api.paths == ["/api/v10/users/@me"]
    with closing(sqlite3.connect(db)) as conn:  # migrated before logging in
        assert conn.execute("SELECT COUNT(*) FROM schema_version").fetchone()[0] >= 1


def test_an_unreachable_discord_is_one_line(tmp_path: Path) -> None:
    api = f"http://127.0.0.1:{free_port()}/api/v10"  # nothing listens there: connection refused
    result = run_bot_against(
        api, {"ASTROLABE_TOKEN": "t", "ASTROLABE_DB": str(tmp_path / "a.sqlite3")}, tmp_path
    )
    line = the_one_line(result)
    assert "cannot reach Discord" in line and "network" in line


@pytest.mark.parametrize("where", ["inside a file", "a folder"])
def test_an_unusable_database_is_one_line_before_discord_is_contacted(tmp_path: Path, where: str) -> None:
    (tmp_path / "file").write_text("not a folder")
    db = tmp_path / "file" / "astrolabe.sqlite3" if where == "inside a file" else tmp_path
    with FakeDiscord() as discord_api:
        result = run_bot_against(discord_api.api, {"ASTROLABE_TOKEN": "t", "ASTROLABE_DB": str(db)}, tmp_path)
    line = the_one_line(result)
    assert "ASTROLABE_DB" in line and str(db) in line
    assert discord_api.paths == [], "the database is checked before logging in"


def test_a_database_url_is_shown_without_its_password() -> None:
    from bot.__main__ import database_problem

    line = database_problem("postgresql://astro:s3cret@db.example:5432/astrolabe", OSError("refused"))
    assert "s3cret" not in line and "astro:***@db.example:5432/astrolabe" in line
    assert "/data/astrolabe.sqlite3" in database_problem("/data/astrolabe.sqlite3", OSError("x"))
