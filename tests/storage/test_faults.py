"""Damaged rows and crashes: one unreadable game can't hide the others, and a finished game's
results commit with its final action."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from bot.games.outcome import Outcome
from bot.storage import Storage, StorageError

from .helpers import make_lobby


def corrupt(db_path: Path, game_id: int, *, state: str | None = None, options: str | None = None) -> None:
    """Overwrite a game's stored JSON behind the bot's back, as a bad upgrade or a hand edit would."""
    with closing(sqlite3.connect(db_path)) as conn, conn:
        if state is not None:
            conn.execute("UPDATE games SET state = ? WHERE id = ?", (state, game_id))
        if options is not None:
            conn.execute("UPDATE games SET options = ? WHERE id = ?", (options, game_id))


async def started(storage: Storage, channel_id: int, **kwargs: object) -> int:
    record = await make_lobby(storage, channel_id=channel_id, **kwargs)  # type: ignore[arg-type]
    await storage.start(record.id, seed=record.id, state={"n": record.id})
    return record.id


@pytest.mark.parametrize(("state", "options"), [("not json {", None), ("[1, 2]", None), (None, "{oops")])
async def test_unreadable_game_is_reported_not_raised(
    storage: Storage, db_path: Path, state: str | None, options: str | None
) -> None:
    good = await started(storage, 1)
    bad = await started(storage, 2)
    corrupt(db_path, bad, state=state, options=options)

    games = await storage.active_games()
    assert [g.id for g in games] == [good, bad]
    assert games[0].set_aside is None and games[0].state == {"n": good}
    assert games[1].set_aside and "not" in games[1].set_aside
    # Every listing still answers, and the damaged game says why it can't be loaded.
    assert [g.id for g in await storage.open_games_in_guild(1)] == [bad, good]
    assert {g.id for g in await storage.games_for_user(100)} == {good, bad}
    loaded = await storage.load(bad)
    assert loaded is not None and loaded.set_aside == games[1].set_aside


async def test_set_aside_is_stored_and_skipped_by_resume(storage: Storage, db_path: Path) -> None:
    good = await started(storage, 1)
    bad = await started(storage, 2)
    await storage.set_aside(bad, "the engine refused its state (KeyError 'phase')")
    assert [g.id for g in await storage.active_games()] == [good]
    record = await storage.load(bad)
    assert record is not None
    assert (record.status, record.state) == ("active", {"n": bad})  # left as it was, for repair
    assert record.set_aside == "the engine refused its state (KeyError 'phase')"
    # Still listed where people look for it, so its players can see what happened.
    assert bad in [g.id for g in await storage.open_games_in_guild(1)]
    with pytest.raises(StorageError, match="no game"):
        await storage.set_aside(9999, "missing")


async def test_final_action_writes_its_results_in_the_same_transaction(storage: Storage) -> None:
    game_id = await started(storage, 1, players=3)
    await storage.record_action(
        game_id,
        expected_version=0,
        seat=1,
        action={"last": True},
        state={},
        events=["{1} wins."],
        finished=True,
        outcome=Outcome(scores=[3, 9, 5], winners=[1]),
    )
    rows = await storage.results(game_id)
    assert [(r.seat, r.score, r.place, r.won) for r in rows] == [
        (0, 3, 3, False),
        (1, 9, 1, True),
        (2, 5, 2, False),
    ]
    assert {r.finished_at for r in rows} == {(await storage.actions(game_id))[-1].created_at}
    assert await storage.finished_without_results() == []


async def test_final_action_and_results_land_together_or_not_at_all(storage: Storage) -> None:
    game_id = await started(storage, 1, players=3)
    with pytest.raises(StorageError, match="outcome scores 2"):
        await storage.record_action(
            game_id,
            expected_version=0,
            seat=0,
            action={},
            state={},
            events=[],
            finished=True,
            outcome=Outcome(scores=[1, 2], winners=[0]),
        )
    record = await storage.load(game_id)
    assert record is not None and (record.status, record.version) == ("active", 0)
    assert await storage.actions(game_id) == [] and await storage.results(game_id) == []
    with pytest.raises(ValueError, match="final action"):
        await storage.record_action(
            game_id,
            expected_version=0,
            seat=0,
            action={},
            state={},
            events=[],
            outcome=Outcome(scores=[1, 2, 3], winners=[0]),
        )


async def test_finished_games_without_results_are_found_for_backfill(storage: Storage) -> None:
    lost = await started(storage, 1)
    await storage.record_action(
        lost, expected_version=0, seat=0, action={}, state={}, events=[], finished=True
    )  # the old two-step write, crashed in between
    kept = await started(storage, 2)
    await storage.record_action(
        kept,
        expected_version=0,
        seat=0,
        action={},
        state={},
        events=[],
        finished=True,
        outcome=Outcome(scores=[1, 2], winners=[1]),
    )
    await started(storage, 3)  # still running: nothing to backfill
    assert [g.id for g in await storage.finished_without_results()] == [lost]
    assert await storage.record_results(lost, Outcome(scores=[4, 0], winners=[0]))
    assert await storage.finished_without_results() == []
