"""A seat given to someone else with `/game replace` remembers the step its new player took it on
(migration 0013), on both backends; a seat held from the start says 0."""

from __future__ import annotations

from bot.storage import Storage

from .test_actions import active_game


async def test_a_replaced_seat_is_held_from_the_games_current_step(storage: Storage) -> None:
    game_id = await active_game(storage)
    for version in range(3):
        await storage.record_action(
            game_id,
            expected_version=version,
            seat=version % 2,
            action={"kind": "add", "n": version},
            state={"n": version + 1},
            events=[],
        )
    before = await storage.load(game_id)
    assert [seat.held_from for seat in before.seats] == [0, 0]
    await storage.replace_player(game_id, 1, 555, "zed")
    after = await storage.load(game_id)
    assert (after.seats[1].user_id, after.seats[1].held_from) == (555, 3)
    assert after.seats[0].held_from == 0
