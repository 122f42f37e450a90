"""The move core (``bot.core.moves``) on its own: no Discord, the conflict retry, the bot's seats.

The bot, the multi-process race test and the shards bench all move games through this core, so
what is shown here holds for each of them.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.core.moves import Move, Moves, Played, Refused, RunningGame, Why, running
from bot.games import get_game
from bot.games.base import IllegalAction
from bot.games.rng import Rng
from bot.storage import GameRecord, SqliteStorage, Storage
from tests.shards import lockin_game

ROOT = Path(__file__).resolve().parents[2]

# Plays one seeded Star Gazers game to its end through the core alone, with ``discord`` made
# unimportable first: any import of it on the way fails.
WITHOUT_DISCORD = """
import asyncio, json, sys
sys.modules["discord"] = None

from bot.core.moves import Moves
from bot.games import get_game
from bot.games.rng import Rng
from bot.storage import SqliteStorage


async def main(path):
    storage = await SqliteStorage.open(path)
    game = get_game("star-gazers")
    lobby = await storage.create_lobby(
        game=game.slug, guild_id=1, channel_id=1, host_id=1, host_name="Ada", options={}
    )
    await storage.add_seat(lobby.id, 2, "Bea")
    options = game.validate_options({})
    await storage.start(lobby.id, seed=7, state=game.setup(2, options, 7))
    moves, rng, told = Moves(storage), Rng(7), []

    async def tell(move):
        told.append(move.record.version)

    moves.told = tell
    record = await moves.load(lobby.id)
    while record.status == "active":
        seat = game.to_act(record.state)[0]
        action = game.bot_action(record.state, seat, rng)
        played = await moves.apply(
            lobby.id, action, user_id=record.seats[seat].user_id, decision=game.decision_id(record.state),
            click=f"click-{record.version}",
        )
        record = played.record
    stored = await storage.load(lobby.id)
    log = await storage.actions(lobby.id)
    replayed = game.setup(2, options, 7)
    for entry in log:
        replayed = game.apply(replayed, entry.seat, entry.action).state
    print(json.dumps({
        "discord": "discord" in sys.modules and sys.modules["discord"] is not None,
        "status": stored.status,
        "version": stored.version,
        "log": len(log),
        "told": told,
        "replays": replayed == stored.state,
        "results": len(await storage.results(lobby.id)),
    }))
    await storage.close()


asyncio.run(main(sys.argv[1]))
"""


def test_a_game_is_played_to_its_end_without_discord(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_DISCORD, str(tmp_path / "core.sqlite3")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["discord"] is False
    assert result["status"] == "finished"
    assert result["version"] == result["log"] > 2
    assert result["told"] == list(range(1, result["version"] + 1))  # every move told, once, in order
    assert result["replays"] is True
    assert result["results"] == 2


class Together:
    """A storage whose first ``count`` loads all return before any of them does: the callers
    hold the same version of the game, as two processes can."""

    def __init__(self, storage: Storage, count: int) -> None:
        self.storage, self.waiting = storage, count
        self.all_loaded = asyncio.Event()

    async def load(self, game_id: int) -> GameRecord | None:
        record = await self.storage.load(game_id)
        if self.waiting > 0:
            self.waiting -= 1
            if self.waiting == 0:
                self.all_loaded.set()
            await self.all_loaded.wait()
        return record

    def __getattr__(self, name: str) -> Any:
        return getattr(self.storage, name)


async def lockin_table(storage: Storage, seats: int = 3) -> int:
    lobby = await storage.create_lobby(
        game="lockin", guild_id=1, channel_id=1, host_id=10, host_name="p10", options={}
    )
    for seat in range(1, seats):
        await storage.add_seat(lobby.id, 10 + seat, f"p{10 + seat}")
    await storage.start(lobby.id, seed=1, state=lockin_game.setup(seats))
    return lobby.id


@pytest.fixture
async def storage(tmp_path: Path):
    opened = await SqliteStorage.open(tmp_path / "moves.sqlite3")
    yield opened
    await opened.close()


async def test_two_moves_on_the_same_version_both_land_once(storage: Storage) -> None:
    game_id = await lockin_table(storage)
    moves = Moves(Together(storage, 2), games=lockin_game.rules)  # type: ignore[arg-type]
    first, second = await asyncio.gather(
        moves.apply(game_id, {"round": 0, "n": 1}, seat=0, click="a"),
        moves.apply(game_id, {"round": 0, "n": 2}, seat=1, click="b"),
    )
    # Both were computed from version 0: one saved, the other was applied again to version 1.
    assert sorted([first.conflicts, second.conflicts]) == [0, 1]
    assert sorted([first.record.version, second.record.version]) == [1, 2]
    log = await storage.actions(game_id)
    assert sorted((entry.seat, entry.action["n"]) for entry in log) == [(0, 1), (1, 2)]
    assert (await Moves(storage, games=lockin_game.rules).load(game_id)).state["locked"] == [1, 2, None]


async def test_the_same_click_twice_is_applied_once(storage: Storage) -> None:
    game_id = await lockin_table(storage)
    moves = Moves(Together(storage, 2), games=lockin_game.rules)  # type: ignore[arg-type]
    results = await asyncio.gather(
        moves.apply(game_id, {"round": 0, "n": 3}, seat=2, click="same"),
        moves.apply(game_id, {"round": 0, "n": 3}, seat=2, click="same"),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, Refused)]
    assert len(refused) == 1 and refused[0].why is Why.ALREADY_DONE
    assert [(entry.seat, entry.action) for entry in await storage.actions(game_id)] == [
        (2, {"round": 0, "n": 3})
    ]


async def test_a_countdown_meant_for_a_version_the_game_left_is_refused(storage: Storage) -> None:
    game_id = await lockin_table(storage)
    moves = Moves(Together(storage, 2), games=lockin_game.rules)  # type: ignore[arg-type]
    move, countdown = await asyncio.gather(
        moves.apply(game_id, {"round": 0, "n": 1}, seat=0),
        moves.apply(game_id, {"kind": "timeout"}, expected_version=0),
        return_exceptions=True,
    )
    # Both were computed from version 0 and one of them landed. A countdown is for its version
    # only, so it is refused; the move is applied again, and the game after the countdown
    # (the next round) refuses it.
    log = await storage.actions(game_id)
    assert len(log) == 1
    if log[0].seat == 0:
        assert isinstance(move, Played) and isinstance(countdown, Refused) and countdown.why is Why.STALE
    else:
        assert log[0].action == {"kind": "timeout"} and isinstance(move, IllegalAction)


async def test_refusals_change_nothing(storage: Storage) -> None:
    game_id = await lockin_table(storage)
    moves = Moves(storage, games=lockin_game.rules)
    with pytest.raises(Refused) as stranger:
        await moves.apply(game_id, {"round": 0, "n": 1}, user_id=999)
    assert stranger.value.why is Why.NOT_SEATED
    with pytest.raises(Refused) as stale:
        await moves.apply(game_id, {"round": 0, "n": 1}, seat=0, decision=5)
    assert stale.value.why is Why.STALE
    with pytest.raises(Refused) as missing:
        await moves.apply(12345, {"round": 0, "n": 1}, seat=0)
    assert missing.value.why is Why.NOT_RUNNING
    assert await storage.actions(game_id) == []


async def star_gazers_table(storage: Storage, *, humans: int, bots: int) -> RunningGame:
    game = get_game("star-gazers")
    lobby = await storage.create_lobby(
        game=game.slug, guild_id=1, channel_id=1, host_id=1, host_name="Ada", options={}
    )
    for index in range(1, humans):
        await storage.add_seat(lobby.id, 1 + index, f"p{index}")
    for index in range(bots):
        await storage.add_bot_seat(lobby.id, f"bot{index}")
    seats = max(humans, 1) + bots
    record = await storage.start(lobby.id, seed=11, state=game.setup(seats, game.validate_options({}), 11))
    if humans == 0:  # the host's seat is handed to the bot as well
        await storage.set_seat_control(lobby.id, 0, autopilot=True)
        record = await storage.load(lobby.id) or record
    return running(record)


async def test_bot_seats_play_a_game_to_its_end(storage: Storage) -> None:
    told: list[Move] = []

    async def tell(move: Move) -> None:
        told.append(move)

    record = await star_gazers_table(storage, humans=0, bots=1)
    played = await Moves(storage, told=tell).play_bots(record)
    assert played.record.status == "finished"
    assert played.moves == told and all(move.by_bot for move in told)
    assert [move.record.version for move in told] == list(range(1, len(told) + 1))
    assert (await storage.load(record.id)).status == "finished"  # type: ignore[union-attr]
    assert len(await storage.results(record.id)) == 2


async def test_after_a_human_move_the_bot_seats_move_until_the_human_is_waited_on(storage: Storage) -> None:
    game = get_game("star-gazers")
    record = await star_gazers_table(storage, humans=1, bots=1)
    moves, rng = Moves(storage), Rng(3)
    record = (await moves.play_bots(record)).record  # the bot may open the game
    while record.status == "active":
        assert game.to_act(record.state) == [0]  # never left waiting on the bot
        action = game.bot_action(record.state, 0, rng)
        assert action is not None
        played = await moves.apply(record.id, action, user_id=1)
        assert not played.moves[0].by_bot and all(move.by_bot for move in played.moves[1:])
        record = played.record
    assert record.status == "finished"
    log = await storage.actions(record.id)
    assert {entry.seat for entry in log} == {0, 1}
    assert len(log) == record.version
