"""Crash safety: a bot process that dies without closing keeps every acknowledged action.

The child process (``counter_game.py`` run as a script) prints ``ack <version>`` only after
``record_action`` returned, exactly when the real bot would announce the move. Whatever we do
to it afterwards, every acknowledged action must be in the log after a reopen, and the stored
snapshot must equal the replay of that log.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage import SqliteStorage

from .counter_game import CounterGame, replay

CHILD = Path(__file__).with_name("counter_game.py")
ROOT = Path(__file__).resolve().parents[2]


def spawn(db_path: Path, mode: str, count: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, str(CHILD), str(db_path), mode, str(count)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


async def check_consistent(db_path: Path, game_id: int, acknowledged: int) -> int:
    """Reopen, and check the log holds every acknowledged action and replays to the snapshot."""
    storage = await SqliteStorage.open(db_path)
    try:
        record = await storage.load(game_id)
        log = await storage.actions(game_id)
        assert record is not None and record.status == "active"
        assert record.version == len(log) >= acknowledged
        assert [a.seq for a in log] == list(range(1, len(log) + 1))
        game = CounterGame()
        assert (
            replay(game, len(record.seats), record.options, record.seed, [(a.seat, a.action) for a in log])
            == record.state
        )
        # The bot can carry on from where it died.
        seat, action = game.choose(record.state, record.version)
        applied = game.apply(record.state, seat, action)
        await storage.record_action(
            game_id,
            expected_version=record.version,
            seat=seat,
            action=action,
            state=applied.state,
            events=applied.events,
        )
        return record.version
    finally:
        await storage.close()


def read_acks(proc: subprocess.Popen[str], until: int | None = None) -> tuple[int, int, list[str]]:
    """Read the child's output: the game id, the last acknowledged version, any other lines."""
    assert proc.stdout is not None
    game_id, acked, other = -1, 0, []
    for line in proc.stdout:
        word, _, value = line.strip().partition(" ")
        if word == "game":
            game_id = int(value)
        elif word == "ack":
            acked = int(value)
            if until is not None and acked >= until:
                break
        else:
            other.append(line.strip())
    return game_id, acked, other


async def test_exit_without_close_keeps_every_acknowledged_action(db_path: Path) -> None:
    with spawn(db_path, "exit", 25) as proc:
        game_id, acked, _ = read_acks(proc)
        assert proc.wait(timeout=60) == 0, proc.stderr.read()
    assert acked == 25
    # The child never closed the connection or checkpointed: the moves live in the WAL.
    assert Path(f"{db_path}-wal").exists()
    assert await check_consistent(db_path, game_id, acked) == 25


async def test_crash_inside_a_transaction_loses_only_the_unacknowledged_half(db_path: Path) -> None:
    """The child bumps games.version for a 21st move, then dies before logging it or committing."""
    with spawn(db_path, "mid-transaction", 20) as proc:
        game_id, acked, other = read_acks(proc)
        assert proc.wait(timeout=60) == 0, proc.stderr.read()
    assert acked == 20
    assert other == ["mid"]  # it did get half-way through the 21st move
    assert await check_consistent(db_path, game_id, acked) == 20


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
async def test_sigkill_while_playing_keeps_every_acknowledged_action(db_path: Path) -> None:
    """Killed at an arbitrary point of its loop, possibly mid-transaction or mid-fsync."""
    with spawn(db_path, "forever", 0) as proc:
        try:
            game_id, acked, _ = read_acks(proc, until=40)
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    assert acked >= 40
    version = await check_consistent(db_path, game_id, acked)
    # It kept playing after the ack we read, so more may have landed, but never a half move.
    assert version >= acked
