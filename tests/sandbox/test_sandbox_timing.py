"""The sandbox answers each click as soon as the bot is done, and shows what the bot did while it
was restarting. These play A Sky of Stars through the page's JSON API with the default countdown."""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
from contextlib import closing
from datetime import datetime
from pathlib import Path

import pytest

from tests.sandbox.play import components, panel, play_to_first_guess, text, thread_messages
from tests.sandbox.sandbox_process import SandboxProcess

pytest.importorskip("aiohttp", reason="the sandbox extra is not installed: pip install -e '.[sandbox]'")

MEMBERS = ["ada", "bea", "cy", "dee"]
# A guess is a few database writes and one image; far below the default 30 s countdown.
CLICK_SECONDS = 8.0


def artist_of(step: dict) -> str:
    match = re.search(r"Which word did \*\*(\w+)\*\* draw\?", text(step))
    assert match, text(step)
    return match.group(1).lower()


def actions(db: Path) -> list[tuple[int | None, dict]]:
    with closing(sqlite3.connect(db)) as conn:
        rows = conn.execute("SELECT seat, action FROM actions WHERE game_id = 1 ORDER BY seq").fetchall()
    return [(seat, json.loads(action)) for seat, action in rows]


def test_three_guesses_within_a_second_all_count(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    sandbox = SandboxProcess(db).start()
    try:
        step = play_to_first_guess(sandbox, MEMBERS)
        ends = int(re.search(r"<t:(\d+):R>", text(step))[1])
        posted = datetime.fromisoformat(step["time"]).timestamp()
        assert 28 <= ends - posted <= 31, "the default countdown is 30 seconds"
        artist = artist_of(step)
        guessers = [m for m in MEMBERS if m != artist]
        panels = {m: panel(sandbox, m) for m in guessers}  # each guesser guesses in their DM panel
        buttons = {
            m: [c for c in components(shown) if ":guess:" in (c.get("custom_id") or "")]
            for m, shown in panels.items()
            if shown is not None
        }
        assert all(len(buttons.get(m, [])) == 5 for m in guessers), buttons
        before = len(actions(db))

        start = threading.Barrier(len(guessers))
        took: dict[str, float] = {}
        failed: dict[str, BaseException] = {}

        def guess(member: str, number: int) -> None:
            start.wait()
            began = time.monotonic()
            try:
                sandbox.act(
                    member,
                    "dm",
                    kind="click",
                    message=panels[member]["id"],
                    custom_id=buttons[member][number]["custom_id"],
                )
            except BaseException as error:  # noqa: BLE001 - reported below, per member
                failed[member] = error
            took[member] = time.monotonic() - began

        clicks = [threading.Thread(target=guess, args=(m, n)) for n, m in enumerate(guessers)]
        for click in clicks:
            click.start()
        for click in clicks:
            click.join(timeout=120)
        assert not failed, failed
        assert max(took.values()) < CLICK_SECONDS, f"clicks waited on the countdown: {took}"

        made = actions(db)[before:]
        guesses = [(seat, action) for seat, action in made if action.get("kind") == "guess"]
        assert len(guesses) == 3 and len({seat for seat, _ in guesses}) == 3, made
        assert not [a for _, a in made if a.get("kind") == "timeout"], "no guess was left to the countdown"
        shown = "\n".join(text(m) for m in thread_messages(sandbox, artist))
        assert "drew #" in shown, "all guesses in: the drawing is revealed at once"
    finally:
        assert sandbox.stop() == 0, "".join(sandbox.stderr)


def test_bot_moves_made_while_the_sandbox_restarts_are_shown_in_its_thread(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = SandboxProcess(db).start()
    try:
        step = play_to_first_guess(first, MEMBERS)
        artist = artist_of(step)
    finally:
        assert first.stop() == 0, "".join(first.stderr)
    guessers = [seat for seat, member in enumerate(MEMBERS) if member != artist]
    with closing(sqlite3.connect(db)) as conn, conn:  # the bot took over the guessers' seats (a kick)
        conn.executemany(
            "UPDATE seats SET autopilot = 1 WHERE game_id = 1 AND seat = ?", [(seat,) for seat in guessers]
        )

    second = SandboxProcess(db).start()
    try:
        assert len([a for _, a in actions(db) if a.get("kind") == "guess"]) >= 3, "the bot guessed for them"
        threads = [c for c in second.state(artist)["channels"] if c["kind"] == "thread"]
        assert len(threads) == 1, f"the game goes on in one thread: {threads}"
        shown = [text(m) for m in thread_messages(second, artist)]
        assert "The sandbox restarted" in shown[0], shown
        assert any("drew #" in t for t in shown), f"the reveal after the bot's guesses is shown: {shown}"
        for drawn in {artist_of(m) for m in thread_messages(second, artist) if "Which word did" in text(m)}:
            posted = [t for t in shown if f"Which word did **{drawn.title()}** draw" in t]
            assert len(posted) == 1, f"each drawing is put up once: {shown}"
    finally:
        assert second.stop() == 0, "".join(second.stderr)
    assert not [line for line in first.stderr + second.stderr if " ERROR " in line]
