"""The sandbox as a process: one URL line, Ctrl-C exits 0, games survive a restart, loopback only.

These talk to the page's JSON API (what the page itself calls), so they need no browser.
"""

from __future__ import annotations

import re
import socket
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from contextlib import closing
from pathlib import Path

import pytest

from tests.sandbox.play import STARTED, button, channel_key, components, open_game, panel, play_panel, text
from tests.sandbox.sandbox_process import REPO, SandboxProcess

pytest.importorskip("aiohttp", reason="the sandbox extra is not installed: pip install -e '.[sandbox]'")

PROGRESS = re.compile(r"(\d) of \d locked in")
ROLL = re.compile(r"\broll \d", re.IGNORECASE)  # a roll's card: its roll is said once, in its line
# (a roll's card says what to do "in your panel.", also when posted again without its lines)


def step_message(sandbox: SandboxProcess, member: str) -> str:
    """The newest public step message of the game thread, as text."""
    state = sandbox.state(member)
    shown = [text(m) for m in sandbox.state(member, channel_key(state, "thread"))["messages"]]
    return [t for t in shown if "in your panel." in t and PROGRESS.search(t)][-1]


def locked_in(step: str) -> int:
    return int(PROGRESS.findall(step)[-1])  # the footer, refreshed after each move, comes last


def world_ids(sandbox: SandboxProcess) -> set[str]:
    state = sandbox.state("ada")
    return {c["key"] for c in state["channels"] if c["kind"] == "text"} | {m["id"] for m in state["members"]}


def live_decisions(sandbox: SandboxProcess, member: str) -> set[str]:
    """The decision numbers in the member's live DM panel (``sky:<kind>:<game>:<decision>:…``)."""
    message = panel(sandbox, member)
    return {
        c["custom_id"].split(":")[3]
        for c in components(message or {"rows": []})
        if (c.get("custom_id") or "").startswith("sky:")
    }


def assert_a_card(sandbox: SandboxProcess, member: str) -> None:
    """The step message and the member's panel reach the page as cards: text, then the picture,
    then the rows of buttons inside the card, and no embed."""
    thread = sandbox.state(member, channel_key(sandbox.state(member), "thread"))["messages"]
    step = next(m for m in reversed(thread) if ROLL.search(text(m)))
    mine = next(m for m in reversed(sandbox.state(member, "dm")["messages"]) if m["cards"])
    for message in (step, mine):
        assert not message["embeds"] and not message["images"] and len(message["cards"]) == 1
        parts = message["cards"][0]["parts"]
        kinds = [p["type"] for p in parts]
        assert kinds[:2] == ["text", "gallery"] and parts[1]["images"], kinds
    rows = [p["row"] for p in step["cards"][0]["parts"] if p["type"] == "row"]
    assert rows == list(range(len(step["rows"]))) and step["rows"], "every row sits in the card"


def test_a_restarted_sandbox_finds_the_game_where_it_was(tmp_path: Path, monkeypatch) -> None:
    db = tmp_path / "games.sqlite3"
    monkeypatch.setenv("ASTROLABE_SANDBOX_DB", str(db))  # the first run finds its file this way
    first = SandboxProcess(None).start()
    try:
        open_game(first, "ada", ["bea", "cy"])
        for member in ("ada", "bea", "cy"):
            shown = play_panel(first, member)
            assert any(w in shown for w in STARTED), shown
        play_panel(first, "ada")  # Ada's move on the first roll; Bea and Cy still owe theirs
        ids, step, bea = world_ids(first), step_message(first, "ada"), live_decisions(first, "bea")
        assert locked_in(step) == 1 and bea
        assert_a_card(first, "ada")
    finally:
        assert first.stop() == 0, "".join(first.stderr)
    assert db.exists(), "ASTROLABE_SANDBOX_DB chose the database"

    monkeypatch.delenv("ASTROLABE_SANDBOX_DB")
    second = SandboxProcess(db).start()  # and --db chooses it on the second run
    try:
        assert world_ids(second) == ids, "the world is rebuilt with the same guild, channel and member ids"
        state = second.state("ada")
        games, thread = channel_key(state, "text"), channel_key(state, "thread")
        assert "The game has started in" in text(second.state("ada", games)["messages"][-1])
        shown = [text(m) for m in second.state("ada", thread)["messages"]]
        assert "The sandbox restarted: game #1 continues here" in shown[0]
        again = step_message(second, "ada")
        assert again.split("\n")[0] == step.split("\n")[0], "the same step, posted again"
        todo = next(line for line in step.split("\n") if "in your panel." in line)
        assert todo in again, "the same roll: what to draw, said again"
        assert locked_in(again) == 1, "Ada's move is still counted"
        assert live_decisions(second, "bea") == bea, "Bea's panel is back, for the same step"
        assert panel(second, "ada") is None, "Ada already moved, so she has no panel"

        play_panel(second, "bea")  # the game goes on from where it was
        assert locked_in(step_message(second, "cy")) == 2
        second.act("cy", thread, kind="slash", command="game status", options={"public": True})
        status = text(second.state("cy", thread)["messages"][-1])
        assert "Waiting for: Cy" in status, status
    finally:
        assert second.stop() == 0, "".join(second.stderr)
    assert first.stdout == first.stdout[:1] and second.stdout == second.stdout[:1], "one line each"
    assert not [line for line in first.stderr + second.stderr if " ERROR " in line]


def test_a_lobby_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = SandboxProcess(db).start()
    try:
        games = first.state("ada")["channel"]
        first.act("ada", games, kind="slash", command="play", options={"game": "sky-of-stars"})
        lobby, join = button(first.state("bea", games)["messages"], "Join")
        first.act("bea", games, kind="click", message=lobby["id"], custom_id=join["custom_id"])
    finally:
        assert first.stop() == 0, "".join(first.stderr)
    second = SandboxProcess(db).start()
    try:
        lobby, join = button(second.state("cy", games)["messages"], "Join")
        assert "Players (2/" in text(lobby), text(lobby)
        second.act("cy", games, kind="click", message=lobby["id"], custom_id=join["custom_id"])
        lobby = next(m for m in second.state("cy", games)["messages"] if m["id"] == lobby["id"])
        assert "Players (3/" in text(lobby) and "Cy" in text(lobby)
    finally:
        assert second.stop() == 0, "".join(second.stderr)


def test_a_busy_port_is_refused_with_a_hint(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = str(busy.getsockname()[1])
        done = subprocess.run(
            [sys.executable, "-m", "bot.sandbox", "--db", str(tmp_path / "x.sqlite3"), "--port", port],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert "--port 0" in done.stderr and not done.stdout


def test_the_page_answers_only_its_loopback_address_and_marked_moves(tmp_path: Path) -> None:
    sandbox = SandboxProcess(tmp_path / "games.sqlite3").start()
    try:
        port = sandbox.url.rsplit(":", 1)[1].strip("/")
        with socket.create_connection(("127.0.0.1", int(port))) as raw:  # a rebound DNS name
            raw.sendall(b"GET / HTTP/1.1\r\nHost: attacker.example:" + port.encode() + b"\r\n\r\n")
            assert raw.recv(64).startswith(b"HTTP/1.1 403")
        unmarked = urllib.request.Request(
            f"{sandbox.url}api/act",
            data=b'{"kind": "slash"}',
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(unmarked, timeout=10)
        refused.value.close()  # the refusal holds the response's socket
        assert refused.value.code == 403
        with urllib.request.urlopen(sandbox.url, timeout=10) as page:
            assert b"Astrolabe sandbox" in page.read()
    finally:
        assert sandbox.stop() == 0


def test_a_database_from_a_newer_version_is_refused_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "newer.sqlite3"
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute(
            "CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
            "applied_at REAL NOT NULL)"
        )
        conn.execute("INSERT INTO schema_version VALUES (999, '0999_from_the_future', 0)")
    done = subprocess.run(
        [sys.executable, "-m", "bot.sandbox", "--db", str(db), "--port", "0"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and not done.stdout
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "newer.sqlite3" in done.stderr and "--db" in done.stderr
