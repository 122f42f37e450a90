"""The sandbox's clock is the wall clock: from the first thing the bot does in a run (re-posting a
stored lobby after a restart included), at the wall clock's pace, and never sent back by a restart.
The world's ids still come from SimCord's fixed starting instant, so a stored game finds them."""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from datetime import datetime
from pathlib import Path

import pytest

from tests.sandbox.play import button, text
from tests.sandbox.sandbox_process import SandboxProcess

pytest.importorskip("aiohttp", reason="the sandbox extra is not installed: pip install -e '.[sandbox]'")

SLACK = 3.0  # seconds: a poll, a settle and a slow machine between the two readings


def posted(message: dict) -> float:
    return datetime.fromisoformat(message["time"]).timestamp()


def test_the_sandbox_clock_follows_the_wall_clock_across_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = SandboxProcess(db).start()
    try:
        state = first.state("ada")
        assert abs(state["now"] - time.time()) <= SLACK, "the clock starts at the wall clock's now"
        games = state["channel"]
        first.act("ada", games, kind="slash", command="play", options={"game": "sky-of-stars"})
        lobby, _ = button(first.state("ada", games)["messages"], "Join")
        assert abs(posted(lobby) - time.time()) <= SLACK
        began, wall = first.state("ada")["now"], time.time()
        time.sleep(4)
        ran = first.state("ada")["now"] - began
        assert abs(ran - (time.time() - wall)) <= 1.5, f"the clock runs at the wall clock's pace: {ran:.1f} s"
        stopped = first.state("ada")["now"]
    finally:
        assert first.stop() == 0, "".join(first.stderr)
    with closing(sqlite3.connect(db)) as conn:
        created = conn.execute("SELECT created_at FROM games WHERE id = 1").fetchone()[0]
    assert abs(created - posted(lobby)) <= SLACK, "the stored game and its message share one frame"

    second = SandboxProcess(db).start()
    try:
        assert second.state("ada")["now"] >= stopped, "a restart does not send the clock back"
        again, _ = button(second.state("ada", games)["messages"], "Join")
        assert "A Sky of Stars" in text(again), text(again)
        assert abs(posted(again) - time.time()) <= SLACK, "the lobby put back by the restart is dated now"
    finally:
        assert second.stop() == 0, "".join(second.stderr)
