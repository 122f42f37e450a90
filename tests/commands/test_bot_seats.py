"""Lobby bot seats: the host adds them, the bot plays them, and stats mark such games."""

from __future__ import annotations

import pytest

from tests.drivers.helpers import all_text, controls, latest_panel, refresh, said
from tests.drivers.sky_driver import GAME, Table, current_record, open_lobby, press_public, wait_out_reveal


def labels(message):
    return [getattr(c, "label", None) for c in controls(message)]  # the timer select has none


@pytest.mark.simcord(strict_sync=True)
async def test_a_sky_of_stars_lobby_offers_no_bots(simcord_env):
    env = simcord_env
    _, channel, (ada, _, _) = await open_lobby(env)
    await ada.slash(channel, "play", game="sky-of-stars")
    assert "Add bot" not in labels(channel.last_message)


@pytest.mark.simcord(strict_sync=True)
async def test_two_people_and_two_lobby_bots_play_a_whole_game(simcord_env, monkeypatch):
    # Every game but A Sky of Stars offers lobby bots; the platform path is the same for all.
    monkeypatch.setattr(GAME, "allows_bot_seats", True)
    env = simcord_env
    _, channel, (ada, bea, _) = await open_lobby(env)
    await ada.slash(channel, "play", game="sky-of-stars")
    lobby = channel.last_message
    assert "Add bot" in labels(lobby)
    await bea.click(refresh(channel, lobby), label="Join")
    assert "Only the host" in said(await bea.click(refresh(channel, lobby), label="Add bot"))
    await ada.click(refresh(channel, lobby), label="Add bot")
    await ada.click(refresh(channel, lobby), label="Add bot")
    assert "Bot 1" in all_text(refresh(channel, lobby)) and "Bot 2" in all_text(refresh(channel, lobby))
    await ada.click(refresh(channel, lobby), label="Start")
    thread = channel.threads[-1]
    table = Table(env, channel, [ada, bea], closed=set())
    record = await current_record(env)
    assert [s.is_bot for s in record.seats] == [False, False, True, True]
    for _ in range(400):
        record = await current_record(env)
        if record is None:
            break
        view = GAME.view(record.state, None)
        if await wait_out_reveal(env, record):
            continue
        assert not {2, 3} & set(GAME.to_act(record.state)), "bots never keep the table waiting"
        if view["phase"] == "stroke" and view["stop_by"] is None and view["roll"]["count"] >= 2:
            await press_public(thread, ada, "stop")
            continue
        for seat in GAME.to_act(record.state):
            player = (ada, bea)[seat]
            await table.act(player, latest_panel(player), chooser=lambda ids: ids[0])
    else:
        raise AssertionError("the game did not finish")
    assert any("Final results" in all_text(m) for m in thread.history())
    stats = await ada.slash(channel, "stats")
    assert "bot" in said(stats).lower()
    # Counted in /stats, never rated: the leaderboard ranks games between people only.
    assert "Rating" not in said(stats)
    board = await ada.slash(channel, "leaderboard", game="sky-of-stars")
    assert board.ephemeral and "No rated game of A Sky of Stars" in said(board)
