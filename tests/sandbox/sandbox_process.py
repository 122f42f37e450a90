"""Run `python -m bot.sandbox` as a child process and talk to its page API, as the browser does."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
URL_LINE = re.compile(
    r"^Astrolabe sandbox: open (http://127\.0\.0\.1:\d+/) in your browser \(Ctrl-C to stop\)$"
)
START_SECONDS = 60


class SandboxProcess:
    """One sandbox run: started with a database path, stopped with Ctrl-C (SIGINT)."""

    def __init__(self, db_path: Path | None) -> None:
        """``db_path=None`` passes no ``--db``: the child finds its file by environment or default."""
        self.db_path = db_path
        self.stdout: list[str] = []
        self.stderr: list[str] = []
        self.url = ""
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> SandboxProcess:
        db = ["--db", str(self.db_path)] if self.db_path is not None else []
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot.sandbox", *db, "--port", "0"],
            cwd=REPO,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        threading.Thread(target=self._drain, args=(self.process.stderr, self.stderr), daemon=True).start()
        first = _readline(self.process, START_SECONDS)
        self.stdout.append(first)
        threading.Thread(target=self._drain, args=(self.process.stdout, self.stdout), daemon=True).start()
        match = URL_LINE.match(first.rstrip("\n"))
        assert match, f"no URL line; stdout={first!r} stderr={''.join(self.stderr)[-3000:]}"
        self.url = match.group(1)
        return self

    def stop(self) -> int:
        """Ctrl-C, as a person would press it; returns the exit code."""
        assert self.process is not None
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    @staticmethod
    def _drain(stream: Any, into: list[str]) -> None:
        with stream:  # closed at the end, not left to the garbage collector
            for line in stream:
                into.append(line)

    # ------------------------------------------------------------------ the page's API

    def state(self, member: str, channel: str = "") -> dict[str, Any]:
        query = urllib.parse.urlencode({"as": member, "channel": channel})
        with urllib.request.urlopen(f"{self.url}api/state?{query}", timeout=30) as response:
            return json.load(response)

    def act(self, member: str, channel: str, **move: Any) -> dict[str, Any]:
        body = json.dumps({"as": member, "channel": channel, **move}).encode()
        request = urllib.request.Request(
            f"{self.url}api/act",
            data=body,
            method="POST",
            headers={"Content-Type": "application/json", "X-Sandbox": "1"},
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.load(response)
        except urllib.error.HTTPError as error:
            raise AssertionError(f"{move} refused: {error.read().decode()}") from None


def _readline(process: subprocess.Popen[str], timeout: float) -> str:
    """The first stdout line, or "" if the process says nothing in time."""
    result: list[str] = []
    stdout = process.stdout
    assert stdout is not None
    reader = threading.Thread(target=lambda: result.append(stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    return result[0] if result else ""
