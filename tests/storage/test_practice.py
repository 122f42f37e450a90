"""Practice games (`/learn`): marked by their ``practice`` option, they write no results (so
stats, leaderboards and ratings never count them), and their guide's progress is stored with
their options while they run. On every backend."""

from __future__ import annotations

import pytest

from bot.games.outcome import Outcome
from bot.storage import StaleVersion, Storage

from .helpers import make_lobby


async def practice_game(storage: Storage, *, practice: bool = True) -> int:
    options = {"target": 1000, "practice": 1, "guide": {"seen": {}}} if practice else {"target": 1000}
    record = await make_lobby(storage, players=1, guild_id=None, options=options)
    await storage.add_bot_seat(record.id, "Bot 1")
    await storage.start(record.id, seed=1, state={})
    return record.id


async def test_a_practice_game_is_marked_and_keeps_its_guide(storage: Storage) -> None:
    game_id = await practice_game(storage)
    record = await storage.load(game_id)
    assert record is not None and record.practice
    guide = {"guide": {"seen": {"roll": 0}}}
    await storage.set_game_options(game_id, {**record.options, **guide})
    again = await storage.load(game_id)
    assert again is not None and again.options["guide"] == {"seen": {"roll": 0}} and again.version == 0
    plain = await storage.load(await practice_game(storage, practice=False))
    assert plain is not None and not plain.practice


async def test_a_finished_practice_game_writes_no_results(storage: Storage) -> None:
    game_id = await practice_game(storage)
    outcome = Outcome(scores=[5, 3], winners=[0])
    await storage.record_action(
        game_id, expected_version=0, seat=0, action={}, state={}, events=[], finished=True, outcome=outcome
    )
    assert await storage.results(game_id) == []
    assert not await storage.record_results(game_id, outcome), "the backfill writes none either"
    assert await storage.stats(None, "counter", 100) == []
    with pytest.raises(StaleVersion):  # a finished game's options are final
        await storage.set_game_options(game_id, {"practice": 1, "guide": 0})
