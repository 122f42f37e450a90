"""The sandbox runs a small tournament: Ada (an organiser there) sets one up through the page,
everyone joins from its card, sign-up closes a minute later on the wall clock, and round 1 opens
its tables in threads with the players pinged."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.sandbox.play import button, text
from tests.sandbox.sandbox_process import SandboxProcess

pytest.importorskip("aiohttp", reason="the sandbox extra is not installed: pip install -e '.[sandbox]'")

MEMBERS = ["ada", "bea", "cy", "dee"]


def test_a_small_tournament_in_the_sandbox(tmp_path: Path) -> None:
    sandbox = SandboxProcess(tmp_path / "games.sqlite3").start()
    try:
        games = sandbox.state("ada")["channel"]
        options = {"game": "star-gazers", "format": "swiss", "closes": "+1m", "swiss_rounds": "2"}
        sandbox.act("ada", games, kind="slash", command="tournament create", options=options)
        for member in MEMBERS:
            card, join = button(sandbox.state(member, games)["messages"], "Join")
            sandbox.act(member, games, kind="click", message=card["id"], custom_id=join["custom_id"])
        card, _ = button(sandbox.state("ada", games)["messages"], "Join")
        assert "4** players signed up" in text(card), text(card)
        deadline, pinged = time.time() + 150, []
        while time.time() < deadline and len(pinged) < 2:  # both tables open, their players pinged
            time.sleep(2)
            threads = [c for c in sandbox.state("bea", games)["channels"] if c["kind"] == "thread"]
            pinged = [
                th["name"]
                for th in threads
                if any(
                    "your table for round 1" in text(m) for m in sandbox.state("bea", th["key"])["messages"]
                )
            ]
        assert sorted(pinged) == [f"Tournament #1 · round 1 · table {n}" for n in (1, 2)], pinged
        round_post = [m for m in sandbox.state("ada", games)["messages"] if "round 1** is paired" in text(m)]
        assert len(round_post) == 1
    finally:
        assert sandbox.stop() == 0, "".join(sandbox.stderr)
