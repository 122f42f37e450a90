"""Star Gazers' **Type a square** form for the tile and the token: a typed Mural square does what
the menu would, anything else is refused with what to type, and the game stays as it was."""

from __future__ import annotations

import pytest

from bot.faces.star_gazers.art.parts import square_name
from tests.drivers.helpers import all_text, current_record, refresh, said, title
from tests.drivers.star_gazers_driver import GAME, Table, ids_with, open_lobby, start_game

BAD = [
    ("E1", "off the board"),
    ("\u202eB2", "like **"),
    ("B\u200b2", "like **"),
    ("twelve", "like **"),
    ("", "empty"),
]


async def submit(env, player, panel, tag, typed):
    record = await current_record(env)
    type_id = next(i for i in ids_with(panel, f"sg:type:{record.id}:") if i.endswith(f":{tag}"))
    shown = await player.user.click(panel, custom_id=type_id)
    assert shown.modal is not None
    return await player.user.submit_modal(shown, {"square": typed})


async def refused_without_change(env, player, panel, tag, typed, needle):
    before = (await current_record(env)).version
    result = await submit(env, player, panel, tag, typed)
    assert needle in said(result), (typed, said(result))
    assert (await current_record(env)).version == before


@pytest.mark.simcord(strict_sync=True)
async def test_typed_squares_for_the_tile_and_the_token(simcord_env, monkeypatch):
    env = simcord_env
    monkeypatch.setattr("bot.tell.service.secrets.randbits", lambda bits: 7)
    guild, channel, (ada, bea, _) = await open_lobby(env)
    env.inject_error(
        "POST",
        f"/channels/{bea.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    await start_game(env, channel, [ada, bea])
    table = Table(env, channel, [ada, bea], closed={"bea"}, explore=True)
    typed_tile = typed_token = False
    for _ in range(300):
        record = await current_record(env)
        if record is None or (typed_tile and typed_token):
            break
        seat = GAME.to_act(record.state)[0]
        player = table.players[seat]
        panel = await table.panel(player)
        choice = GAME.view(record.state, seat)["choice"]
        assert panel is not None, (seat, choice["kind"], typed_tile, typed_token)
        if seat == 0 and choice["kind"] == "tile" and not typed_tile:
            for typed, needle in BAD:
                await refused_without_change(env, ada, panel, "tile", typed or " ", needle)
            taken = [c for c in range(16) if c not in choice["cells"]]
            if taken:
                await refused_without_change(env, ada, panel, "tile", square_name(taken[0]), "isn't a square")
            square = square_name(choice["cells"][0])
            await submit(env, ada, panel, "tile", f" {square.lower()} ")
            panel = refresh(ada.user.dm_channel, panel)
            assert f"Your tile on **{square}**" in all_text(panel)
            typed_tile = True
        elif seat == 0 and choice["kind"] == "token" and typed_tile and not typed_token:
            cells = [t["cell"] for t in choice["targets"] if t["target"] == "cell"]
            if cells:
                await refused_without_change(env, ada, panel, "token", "E9", "off the board")
                free = [c for c in range(16) if c not in cells]
                if free:
                    await refused_without_change(
                        env, ada, panel, "token", square_name(free[0]), "isn't a square"
                    )
                before = record.version
                await submit(env, ada, panel, "token", square_name(cells[0]))
                after = await current_record(env)
                assert after.version == before + 1
                assert GAME.view(after.state, 0)["choice"] != choice
                typed_token = True
                continue
        await table.step(player, panel, seat)
    assert typed_tile and typed_token


@pytest.mark.simcord(strict_sync=True)
async def test_keeping_a_journal_card_is_not_called_a_confirmed_turn(simcord_env, monkeypatch):
    """The last player to keep a Journal card starts the draft; their panel says the card is kept,
    not "Turn confirmed" under "Round 1/4 · pick 1/8", under a title naming the game."""
    env = simcord_env
    monkeypatch.setattr("bot.tell.service.secrets.randbits", lambda bits: 7)
    guild, channel, (ada, bea, _) = await open_lobby(env)
    env.inject_error(
        "POST",
        f"/channels/{bea.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    await start_game(env, channel, [ada, bea])
    table = Table(env, channel, [ada, bea], closed={"bea"}, explore=True)
    record = await current_record(env)
    keepers = list(GAME.to_act(record.state))
    assert GAME.view(record.state, None)["phase"] == "journal" and len(keepers) == 2
    for seat in sorted(keepers, reverse=True):  # Ada, with DMs open, keeps last
        player = table.players[seat]
        panel = await table.panel(player)
        await table.step(player, panel, seat)
        kept = table.reload(player, panel)
        shown = all_text(kept)
        assert "Journal card kept" in shown and "Turn confirmed" not in shown, shown
        # the redrawn panel still names its game, as every panel in a shared DM must
        assert title(kept).startswith(f"Star Gazers #{record.id} · "), title(kept)
    assert GAME.view((await current_record(env)).state, None)["phase"] == "draft"
