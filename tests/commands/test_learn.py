"""`/learn`: a private practice table against the bot, in the player's DMs, with a guide whose
hints show at the first decisions and can be skipped; practice games never count in stats and
are listed apart in `/game mine`."""

from __future__ import annotations

import pytest

from bot.games import get_game
from tests.drivers import sky_driver
from tests.drivers.driver import open_table
from tests.drivers.helpers import all_text, custom_ids, dm_history, said
from tests.drivers.learn_driver import GazersTable, Guide, NightTable, ObsTable, SkyTable, practice_record

SKIP_AFTER = 2  # hints seen before the player skips the guide


async def start_learning(env, slug):
    guild, channel, (ada,) = await open_table(env, ["ada"])
    before = said(await ada.slash(channel, "stats"))
    result = await ada.slash(channel, "learn", game=slug)
    assert "direct messages" in said(result), said(result)
    assert channel.history() == [] and channel.threads == [], "a practice table posts nothing in the server"
    record = await practice_record(env)
    assert record.practice and record.guild_id is None
    assert [s.is_bot for s in record.seats][0] is False and all(s.is_bot for s in record.seats[1:])
    return channel, ada, before, record.id


async def finish_checks(env, channel, ada, before, game_id, guide):
    assert len(guide.hints) == SKIP_AFTER and guide.skipped and guide.after_skip == []
    record = await env.bot.storage.load(game_id)
    assert record.status == "finished" and record.practice
    assert await env.bot.storage.results(game_id) == [], "a practice game writes no results"
    assert said(await ada.slash(channel, "stats")) == before, "stats are unchanged by a practice game"
    dms = "\n".join(all_text(m) for m in dm_history(ada))
    assert "Practice: " in dms
    assert "A newer panel is below" not in dms, "a practice table deletes the panels it replaced"


async def play(env, table, ada, guide, turn, *, waits=None, limit=600):
    """Play the practice game to its end: ``turn(message)`` plays ada's decision on her panel."""
    game = None
    for _ in range(limit):
        record = await practice_record(env)
        if record is None:
            return
        game = game or get_game(record.game)
        table.status_id = record.status_message_id
        if waits is not None and await waits(record):
            continue
        assert game.to_act(record.state) == [0], "the bots never keep the practice table waiting"
        message = await guide.look(table, table.live_copy(ada))
        assert message is not None, "ada has a panel when it is her move"
        if record.status_message_id is not None:
            assert message.id > record.status_message_id, "the panel comes under the step's card"
            card = next(m for m in dm_history(ada) if m.id == record.status_message_id)
            assert not any(i.startswith("astro:panel:") for i in custom_ids(card)), (
                "no Open my panel on a card whose panel is in the same chat"
            )
        await turn(message)
    raise AssertionError("the practice game did not finish")


@pytest.mark.simcord(strict_sync=True)
async def test_learn_observatory_to_the_end(simcord_env):
    env = simcord_env
    channel, ada, before, game_id = await start_learning(env, "observatory")
    table = ObsTable(env, channel, [ada])
    guide = Guide(ada, SKIP_AFTER)
    await play(env, table, ada, guide, lambda message: table.play_turn(ada, message))
    await finish_checks(env, channel, ada, before, game_id, guide)


@pytest.mark.simcord(strict_sync=True)
async def test_learn_star_gazers_to_the_end(simcord_env):
    env = simcord_env
    channel, ada, before, game_id = await start_learning(env, "star-gazers")
    table = GazersTable(env, channel, [ada], closed=())
    guide = Guide(ada, SKIP_AFTER)
    await play(env, table, ada, guide, lambda message: table.play_turn(ada, message, 0))
    await finish_checks(env, channel, ada, before, game_id, guide)


@pytest.mark.simcord(strict_sync=True)
async def test_learn_starry_night_sky_to_the_end(simcord_env):
    env = simcord_env
    channel, ada, before, game_id = await start_learning(env, "starry-night-sky")
    table = NightTable(env, channel, [ada])
    guide = table.guide = Guide(ada, SKIP_AFTER)

    async def turn(message):
        await table._turn(ada, message, (await practice_record(env)).state["decision"], False, False, None)

    await play(env, table, ada, guide, turn)
    await finish_checks(env, channel, ada, before, game_id, guide)


@pytest.mark.simcord(strict_sync=True)
async def test_learn_a_sky_of_stars_bots_draw_and_guess(simcord_env):
    env = simcord_env
    channel, ada, before, game_id = await start_learning(env, "sky-of-stars")
    table = SkyTable(env, channel, [ada], closed=set())
    guide = Guide(ada, SKIP_AFTER)
    kinds = set()

    async def waits(record):
        if await sky_driver.wait_out_reveal(env, record):
            return True
        view = sky_driver.GAME.view(record.state, None)
        if view["phase"] == "stroke" and view["stop_by"] is None and view["roll"]["count"] >= 2:
            await sky_driver.press_public(table.thread, ada.user, "stop")
            return True
        return False

    async def turn(message):
        record = await practice_record(env)
        kinds.add((sky_driver.GAME.view(record.state, 0).get("choice") or {}).get("kind"))
        await table.act(ada, message, chooser=lambda ids: ids[0])

    await play(env, table, ada, guide, turn, waits=waits)
    assert {"start", "stroke", "guess"} <= kinds
    await finish_checks(env, channel, ada, before, game_id, guide)
    bots = [a for a in await env.bot.storage.actions(game_id) if a.seat in (1, 2)]
    assert {a.action["kind"] for a in bots} >= {"start", "stroke", "guess"}, "the bots draw and guess"


@pytest.mark.simcord(strict_sync=True)
async def test_practice_games_are_listed_apart_in_game_mine(simcord_env):
    env = simcord_env
    guild, channel, (ada, bea) = await open_table(env, ["ada", "bea"])
    await ada.slash(channel, "play", game="star-gazers")  # a lobby that counts
    await ada.slash(channel, "learn", game="observatory")
    result = await ada.slash(channel, "game mine")
    mine = (result.followups or [result.response])[-1].message
    titles = [e.title for e in mine.embeds]
    assert titles == ["Your open games", "Your practice games"], titles
    counted, practice = mine.embeds
    assert "Star Gazers" in counted.description and "Observatory" not in counted.description
    assert "Observatory" in practice.description and "never count" in practice.footer.text
    assert "/channels/@me/" in practice.description, "the practice table's link opens the DMs"
    listed = said(await ada.slash(channel, "game list"))
    assert "Observatory" not in listed, "a practice table is nobody else's business"
    assert "practice" not in said(await bea.slash(channel, "game mine")).lower()


@pytest.mark.simcord(strict_sync=True)
async def test_a_new_learn_closes_the_earlier_practice_of_that_game(simcord_env):
    env = simcord_env
    guild, channel, (ada,) = await open_table(env, ["ada"])
    await ada.slash(channel, "learn", game="starry-night-sky")
    first = await practice_record(env)
    again = said(await ada.slash(channel, "learn", game="starry-night-sky"))
    assert "earlier practice game" in again
    assert (await env.bot.storage.load(first.id)).status == "cancelled"
    [running] = await env.bot.storage.active_games()
    assert running.id != first.id and running.practice


@pytest.mark.simcord(strict_sync=True)
async def test_the_guide_speaks_the_players_language(simcord_env):
    env = simcord_env
    guild, channel, (ada,) = await open_table(env, ["ada"])
    assert "Impostazioni salvate" in said(await ada.slash(channel, "settings", language="it"))
    answer = said(await ada.slash(channel, "learn", game="star-gazers"))
    assert "tavolo di prova" in answer, answer
    record = await practice_record(env)
    assert record.language.value == "it", "the practice table is the player's, in their language"
    table = GazersTable(env, channel, [ada], closed=())
    table.status_id = record.status_message_id
    panel = table.live_copy(ada)
    assert "Guida:" in all_text(panel) and "Diario" in all_text(panel), all_text(panel)
    result = await ada.user.click(
        panel, custom_id=next(i for i in custom_ids(panel) if i.startswith("astro:guide:"))
    )
    assert result.acknowledged
    assert "Guida:" not in all_text(table.current(ada, panel))
    assert (await env.bot.storage.load(record.id)).options["guide"] == 0, "the skip is kept"


@pytest.mark.simcord(strict_sync=True)
async def test_learn_from_the_bots_dms(simcord_env):
    env = simcord_env
    guild, channel, (ada,) = await open_table(env, ["ada"])
    answer = said(await ada.user.slash("learn", game="sky-of-stars"))
    assert "against 2 bots" in answer, answer
    record = await practice_record(env)
    assert record.channel_id == ada.user.dm_channel.id and len(record.seats) == 3
    assert any("Guide:" in all_text(m) for m in dm_history(ada))


@pytest.mark.simcord(strict_sync=True)
async def test_the_guide_survives_a_restart(simcord_env, restart_bot):
    env = simcord_env
    channel, ada, before, game_id = await start_learning(env, "star-gazers")
    table = GazersTable(env, channel, [ada], closed=())
    guide = Guide(ada, skip_after=2)

    async def panel():
        record = await practice_record(env)
        table.status_id = record.status_message_id
        return await guide.look(table, table.live_copy(ada))

    first = await panel()
    assert len(guide.hints) == 1 and "Journal" in guide.hints[0]
    await restart_bot()
    await table.play_turn(ada, first, 0)  # the panel sent before the restart still plays
    await panel()
    assert len(guide.hints) == 2 and "Universe" in guide.hints[1], "a new hint, not the first again"
    assert guide.skipped
    await restart_bot()
    record = await practice_record(env)
    table.status_id = record.status_message_id
    assert record.options["guide"] == 0
    assert "Guide:" not in all_text(table.live_copy(ada)), "a skipped guide stays skipped"
