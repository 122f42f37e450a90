"""Fair ratings through SimCord: a finished game moves the leaderboard and `/stats`, and only a
server manager starts a new season, whose predecessor stays readable."""

from __future__ import annotations

import io

import discord
import pytest
from openskill.models import PlackettLuce
from PIL import Image

from bot.storage import places
from bot.ui.outgoing import Outgoing
from tests.drivers.helpers import find_component, said
from tests.drivers.observatory_driver import ObsTable
from tests.drivers.observatory_driver import start_game as start_observatory
from tests.drivers.sky_driver import GAME, Table, current_record, open_lobby, play_until, start_game


def _tiny_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (1, 1)).save(buffer, format="PNG")
    return buffer.getvalue()


@pytest.fixture
def quick_images(monkeypatch):
    """Every image becomes a 1×1 PNG: these tests read ratings, not boards."""
    original, tiny = Outgoing.kwargs, _tiny_png()

    async def kwargs(self, **how):
        if self.render is not None:
            self.render = lambda: tiny
        return await original(self, **how)

    monkeypatch.setattr(Outgoing, "kwargs", kwargs)


def embed_of(result):
    return result.response.message.embeds[0]


@pytest.mark.simcord(strict_sync=True)
async def test_a_finished_game_is_rated_and_a_manager_starts_the_next_season(simcord_env, quick_images):
    env = simcord_env
    guild, channel, (ada, bea, cy) = await open_lobby(env)
    await start_game(env, channel, [ada, bea, cy])
    game_id = (await current_record(env)).id
    assert (
        await play_until(
            env, Table(env, channel, [ada, bea, cy], closed=set()), lambda v: v["phase"] == "over"
        )
        is None
    )
    stored = await env.bot.storage.load(game_id)
    outcome = GAME.outcome(stored.state)

    # The same numbers openskill gives for this one game, ranked by the places.
    model = PlackettLuce()
    ranks = [float(p) for p in places(outcome.scores, outcome.winners)]
    rated = model.rate([[model.rating()] for _ in stored.seats], ranks=ranks)
    estimate = {user: team[0].ordinal() for user, team in zip(stored.user_ids, rated, strict=True)}

    board = await cy.slash(channel, "leaderboard", game="sky-of-stars")
    assert board.ephemeral, "with nobody ranked, only the asker cares: answered privately"
    card = embed_of(board)
    assert card.title == "A Sky of Stars: leaderboard · season 1"
    # One game each: nobody is ranked yet, and the card says how many games it takes.
    assert "Nobody is ranked yet." in card.description
    assert "Not ranked yet (fewer than 3 rated games): " in card.description
    for name in ("ada", "bea", "cy"):
        assert f"{name} (1)" in card.description
    assert "at least 3 rated games" in card.footer.text

    mine = await ada.slash(channel, "stats", game="sky-of-stars")
    assert mine.ephemeral
    text = said(mine)
    # Shown on a scale that starts at 1000 and is never negative, marked provisional with "?".
    assert min(estimate.values()) < 0, "someone lost: their estimate is negative, the shown rating is not"
    assert f"⭐ Rating **{round(1000 + 40 * estimate[ada.id])}?** (season 1, 1 rated game)" in text
    change = round(40 * estimate[ada.id])  # from a newcomer's 1000
    sign = "+" if change > 0 else "−" if change < 0 else "±"
    assert f"last 1 game: **{sign}{abs(change)}**" in text
    assert "? provisional until 3 rated games" in text
    for player in (bea, cy):
        assert "**−" not in said(await player.slash(channel, "stats", game="sky-of-stars")).split("·")[0]

    # A player without Manage Server is refused, privately, and nothing changes.
    refused = await bea.slash(channel, "game season")
    assert refused.ephemeral and "Only someone with Manage Server" in said(refused)
    assert await env.bot.storage.current_season(guild.id, "sky-of-stars") == 1

    boss_role = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[boss_role])
    started = await boss.slash(channel, "game season", game="sky-of-stars")
    assert not started.ephemeral
    assert "Season 2 of A Sky of Stars begins" in said(started)
    assert await env.bot.storage.current_season(guild.id, "sky-of-stars") == 2
    assert await env.bot.storage.current_season(guild.id, "observatory") == 1  # only the game asked
    twice = await boss.slash(channel, "game season", game="sky-of-stars")  # a second click
    assert twice.ephemeral and "Season 2 of A Sky of Stars has no rated game yet" in said(twice)
    assert await env.bot.storage.current_season(guild.id, "sky-of-stars") == 2

    fresh = await cy.slash(channel, "leaderboard", game="sky-of-stars")
    assert fresh.ephemeral and "in season 2 yet" in said(fresh)
    old = await cy.slash(channel, "leaderboard", game="sky-of-stars", season=1)
    assert embed_of(old).title == "A Sky of Stars: leaderboard · season 1 (ended)"
    assert embed_of(old).description == card.description  # the old season is kept as it was
    missing = await cy.slash(channel, "leaderboard", game="sky-of-stars", season=5)
    assert missing.ephemeral and "has no season 5" in said(missing)
    # /stats shows the current season, where ada has no rated game yet.
    assert "Rating" not in said(await ada.slash(channel, "stats", game="sky-of-stars"))


async def play_solo_observatory(env, channel, player):
    await start_observatory(env, channel, [player])
    table = ObsTable(env, channel, [player])
    for _ in range(300):
        if await current_record(env) is None:
            return
        await table.play_turn(player)
    raise AssertionError("the solo game did not finish")


@pytest.mark.simcord(strict_sync=True)
async def test_solo_observatory_is_rated_against_the_players_own_best(simcord_env, quick_images, monkeypatch):
    env = simcord_env
    monkeypatch.setattr("bot.tell.service.secrets.randbits", lambda bits: 2)  # a known deal
    _, channel, (sol,) = await open_lobby(env, n_players=1)
    await play_solo_observatory(env, channel, sol)
    record = await env.bot.storage.latest_game_in_channel(channel.id)
    assert (record.game, record.status) == ("observatory", "finished")
    [result] = await env.bot.storage.results(record.id)

    stats = said(await sol.slash(channel, "stats", game="observatory"))
    # The first solo game only sets the best to beat: the rating stays a newcomer's.
    assert (
        f"🌙 Solo rating against the personal best **1000?** (best {result.score}; season 1, 1 rated game)"
        in stats
    )
    # Solo games are never on the leaderboard of games between people.
    board = await sol.slash(channel, "leaderboard", game="observatory")
    assert board.ephemeral and "No rated game of Observatory" in said(board)

    # A second game, another deal: against the first game's score, which the model rates.
    monkeypatch.setattr("bot.tell.service.secrets.randbits", lambda bits: 3)
    await play_solo_observatory(env, channel, sol)
    second = await env.bot.storage.latest_game_in_channel(channel.id)
    [again] = await env.bot.storage.results(second.id)
    model = PlackettLuce()
    ranks = (
        [1.0, 1.0]
        if again.score == result.score
        else [1.0, 2.0]
        if again.score > result.score
        else [2.0, 1.0]
    )
    [[rated], _ghost] = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    best = max(result.score, again.score)
    stats = said(await sol.slash(channel, "stats", game="observatory"))
    assert f"**{round(1000 + 40 * rated.ordinal())}?** (best {best}; season 1, 2 rated games)" in stats


@pytest.mark.simcord(strict_sync=True)
async def test_a_game_whose_seat_the_bot_played_for_a_while_is_not_rated(simcord_env, quick_images):
    env = simcord_env
    guild, channel, (ada, bea, cy) = await open_lobby(env)
    thread = await start_game(env, channel, [ada, bea, cy])
    assert "bot now plays" in said(await ada.slash(thread, "game kick", player=cy))
    handover = next(m for m in reversed(thread.history()) if find_component(m, "astro:reclaim:"))
    back = await cy.click(handover, custom_id=find_component(handover, "astro:reclaim:").custom_id)
    assert "the seat is yours again" in said(back)
    table = Table(env, channel, [ada, bea, cy], closed=set())
    assert await play_until(env, table, lambda v: v["phase"] == "over") is None
    record = await env.bot.storage.latest_game_in_channel(channel.id)
    assert record.status == "finished" and len(await env.bot.storage.results(record.id)) == 3

    # Finished and counted in /stats, but not rated: cy's seat was not all cy's play.
    stats = said(await cy.slash(channel, "stats", game="sky-of-stars"))
    assert "Played **1**" in stats and "Rating" not in stats
    board = await ada.slash(channel, "leaderboard", game="sky-of-stars")
    assert board.ephemeral and "No rated game of A Sky of Stars" in said(board)
    assert await env.bot.storage.rating_board(guild.id, "sky-of-stars") == ([], [])
