"""`/game list`, `/game mine`, `/game log` paging, `/stats` and `/leaderboard`, through SimCord."""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pytest
from openskill.models import PlackettLuce
from PIL import Image

from bot.commands.game import LOG_LINES, log_lines
from bot.commands.overview import stats_line
from bot.core.table import names_of
from bot.games import get_game
from bot.storage import GameStats, places
from bot.tell.delivery import format_events
from bot.ui.outgoing import Outgoing
from tests.drivers.helpers import latest_panel, said
from tests.drivers.sky_driver import GAME, Table, current_record, open_lobby, play_until, start_game


def _tiny_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (1, 1)).save(buffer, format="PNG")
    return buffer.getvalue()


TINY_PNG = _tiny_png()


@pytest.fixture
def quick_images(monkeypatch):
    """Every image becomes a 1×1 PNG. These tests read text and numbers, while drawing the
    boards is most of a game's run time (images have their own tests)."""
    original = Outgoing.kwargs

    async def kwargs(self, **how):
        if self.render is not None:
            self.render = lambda: TINY_PNG
        return await original(self, **how)

    monkeypatch.setattr(Outgoing, "kwargs", kwargs)


def link(guild, channel):
    return f"https://discord.com/channels/{guild.id}/{channel.id}"


def description(result):
    return result.response.message.embeds[0].description


@pytest.mark.simcord(strict_sync=True)
async def test_list_and_mine_show_links_and_whose_move(simcord_env, quick_images):
    env = simcord_env
    guild, channel, (ada, bea, cy) = await open_lobby(env)
    dee = guild.add_member(env.create_user("dee"))
    eve = guild.add_member(env.create_user("eve"))
    assert "No lobby or game" in said(await ada.slash(channel, "game list"))

    thread = await start_game(env, channel, [ada, bea, cy])
    table = Table(env, channel, [ada, bea, cy], closed=set())
    # Ada picks her starting star, so the game now waits on Bea and Cy only.
    await table.act(ada, await table.panel(ada), chooser=lambda ids: ids[0])
    running = await current_record(env)
    assert [names_of(running)[seat] for seat in GAME.to_act(running.state)] == ["bea", "cy"]

    # A lobby in another channel (Dee hosts, Bea joined), and one of Bea's in another server.
    lounge = guild.create_text_channel("lounge")
    await dee.slash(lounge, "play", game="sky-of-stars")
    await bea.click(lounge.last_message, label="Join")
    other = env.create_guild("Far Server")
    far = other.create_text_channel("far")
    await other.add_member(bea.user).slash(far, "play", game="sky-of-stars")

    listed = await eve.slash(lounge, "game list")
    text = said(listed)
    assert listed.ephemeral and "2 games" in text
    assert link(guild, thread) in text and link(guild, lounge) in text and link(other, far) not in text
    assert text.index(link(guild, thread)) < text.index(link(guild, lounge)), "running games first"
    assert "3 seated: ada, bea, cy" in text and "Waiting on: bea, cy" in text
    assert "2 seated: dee, bea" in text and "Lobby: needs 1 more player" in text

    mine = await bea.slash(channel, "game mine")
    text = said(mine)
    assert mine.ephemeral and "3 games" in text
    assert "Your move** (also waiting on cy)" in text
    assert link(guild, thread) in text and link(guild, lounge) in text
    assert link(other, far) in text and "in Far Server" in text
    assert text.index(link(guild, thread)) < text.index(link(guild, lounge)), "your move first"
    panel = latest_panel(bea)
    assert panel is not None
    panel_link = f"https://discord.com/channels/@me/{panel.channel.id}/{panel.id}"
    assert f"[Your panel]({panel_link})" in text, "the hub links the live panel message, not the channel"

    ada_mine = said(await ada.slash(thread, "game mine"))
    assert "1 game" in ada_mine and "Your move" not in ada_mine and "Waiting on: bea, cy" in ada_mine
    assert link(guild, lounge) not in ada_mine
    assert "not in any" in said(await eve.slash(channel, "game mine"))


@pytest.mark.simcord(strict_sync=True)
async def test_list_pages_many_games(simcord_env):
    env = simcord_env
    guild, _, (ada, _, _) = await open_lobby(env)
    channels = [guild.create_text_channel(f"table-{n}") for n in range(12)]
    for table in channels:
        await ada.slash(table, "play", game="sky-of-stars")

    first = said(await ada.slash(channels[0], "game list"))
    assert "Page 1 of 2 · 12 games" in first
    assert sum(link(guild, c) in first for c in channels) == 10
    second = said(await ada.slash(channels[0], "game list", page=2))
    assert "Page 2 of 2" in second and sum(link(guild, c) in second for c in channels) == 2
    assert "Page 2 of 2" in said(await ada.slash(channels[0], "game list", page=9))  # clamped


@pytest.mark.simcord(strict_sync=True)
async def test_log_pages_through_the_whole_game(simcord_env, quick_images):
    env = simcord_env
    _, channel, players = await open_lobby(env)
    bea = players[1]
    thread = await start_game(env, channel, players)
    table = Table(env, channel, players, closed=set())
    await play_until(env, table, lambda v: v["round"] == 3 and v["phase"] == "guess")
    record = await current_record(env)
    moves = [a for a in await env.bot.storage.actions(record.id) if a.events]
    entries = [format_events(a.events, names_of(record)) for a in moves]
    assert len(entries) > LOG_LINES, "the game should need more than one page by now"
    pages = -(-len(entries) // LOG_LINES)
    rest = len(entries) - LOG_LINES * (pages - 1)

    latest = await bea.slash(thread, "game log")
    assert latest.ephemeral and f"Page 1 of {pages}" in said(latest)
    assert description(latest) == "\n".join(
        log_lines(moves[-LOG_LINES:], names_of(record), get_game(record.game))
    )
    # the count agrees with the lines listed, and a running game's seed stays unsaid
    assert f"{len(description(latest).splitlines())} lines shown" in said(latest)
    assert str(record.seed) not in said(latest)
    oldest = await bea.slash(thread, "game log", page=pages)
    assert f"Page {pages} of {pages}" in said(oldest)
    assert description(oldest) == "\n".join(log_lines(moves[:rest], names_of(record), get_game(record.game)))
    assert "Page 1 of" not in said(oldest)
    beyond = await bea.slash(thread, "game log", page=pages + 5)
    assert description(beyond) == description(oldest)
    # Secret-safe: no drawing of this round is revealed yet, and its secret appears on no page.
    shown = [said(await bea.slash(thread, "game log", page=p)) for p in range(1, pages + 1)]
    shown = "\n".join(shown)
    for seat in range(len(players)):
        secret = GAME.view(record.state, seat)["secret"]
        # a whole word: round 3's "#2, car" is not an earlier round's revealed "#2, carrot"
        revealed = re.search(rf"#{secret['number']}, {re.escape(secret['word'])}\b", shown)
        assert secret and revealed is None, revealed

    # The log of a finished game can still be read in its thread.
    assert await play_until(env, table, lambda v: v["phase"] == "over") is None
    final = await bea.slash(thread, "game log")
    assert "Game over" in said(final) and "Page 1 of" in said(final)
    assert f"seed {record.seed}" in said(final), "the seed is kept for the log of a finished game"


def test_games_with_bots_are_marked():
    row = GameStats(game="sky-of-stars", played=3, players=1, wins=1, best=9, average=6.0, with_bots=2)
    assert "2 of these games had bot seats" in stats_line(row)
    assert "bot" not in stats_line(replace(row, with_bots=0))


def expected_totals(outcomes):
    """{user_id: (played, wins, best, average)} from (seats, Outcome) pairs."""
    scores, wins = {}, {}
    for seats, outcome in outcomes:
        for seat, user_id in enumerate(seats):
            scores.setdefault(user_id, []).append(outcome.scores[seat])
            wins[user_id] = wins.get(user_id, 0) + (seat in outcome.winners)
    return {u: (len(s), wins[u], max(s), sum(s) / len(s)) for u, s in scores.items()}


STATS_LINE = re.compile(
    r"Played \*\*(\d+)\*\* · won \*\*(\d+)\*\* \(\d+%\) · best score \*\*(-?\d+)\*\* · "
    r"average \*\*(-?[\d.]+)\*\*"
)
LEADER_LINE = re.compile(r"\*\*(\d+)\.\*\* (\w+): rating \*\*(\d+)\*\* · (\d+) games? · (\d+) wins?")
RATING_LINE = re.compile(r"Rating \*\*(\d+)\??\*\* \(season 1, (\d+) rated games?\) · last (\d+) games?")


def expected_ratings(outcomes):
    """{user_id: (conservative estimate, games, wins)} straight from openskill, game by game."""
    model = PlackettLuce()
    ratings, games, wins = {}, {}, {}
    for seats, outcome in outcomes:
        teams = [[ratings.get(u, model.rating())] for u in seats]
        ranks = [float(p) for p in places(outcome.scores, outcome.winners)]
        for seat, (user_id, [rated]) in enumerate(zip(seats, model.rate(teams, ranks=ranks), strict=True)):
            ratings[user_id] = rated
            games[user_id] = games.get(user_id, 0) + 1
            wins[user_id] = wins.get(user_id, 0) + (seat in outcome.winners)
    return {u: (r.ordinal(), games[u], wins[u]) for u, r in ratings.items()}


@pytest.mark.simcord(strict_sync=True)
async def test_stats_after_three_finished_games(simcord_env, quick_images):
    env = simcord_env
    guild, channel, (ada, bea, cy) = await open_lobby(env)
    assert "haven't finished any games" in said(await ada.slash(channel, "stats"))
    assert "No rated game of A Sky of Stars" in said(
        await ada.slash(channel, "leaderboard", game="sky-of-stars")
    )

    outcomes = []
    for order in ([ada, bea, cy], [bea, cy, ada], [cy, ada, bea]):  # everyone hosts once
        await start_game(env, channel, order)
        game_id = (await current_record(env)).id
        table = Table(env, channel, order, closed=set())
        assert await play_until(env, table, lambda v: v["phase"] == "over") is None
        stored = await env.bot.storage.load(game_id)
        outcome = GAME.outcome(stored.state)
        assert stored.status == "finished" and outcome is not None
        results = await env.bot.storage.results(game_id)
        assert [r.user_id for r in results] == stored.user_ids
        assert [r.score for r in results] == outcome.scores
        assert [r.seat for r in results if r.won] == outcome.winners
        outcomes.append((stored.user_ids, outcome))
    totals = expected_totals(outcomes)
    names = {ada.id: "ada", bea.id: "bea", cy.id: "cy"}

    def numbers(text):
        played, wins, best, average = STATS_LINE.search(text).groups()
        return int(played), int(wins), int(best), float(average)

    mine = await ada.slash(channel, "stats")
    played, wins, best, average = totals[ada.id]
    assert mine.ephemeral and "Stats for ada" in said(mine)
    assert numbers(said(mine)) == (played, wins, best, round(average, 1))
    theirs = await ada.slash(channel, "stats", game="sky-of-stars", player=bea)
    played, wins, best, average = totals[bea.id]
    assert "Stats for bea" in said(theirs)
    assert numbers(said(theirs)) == (played, wins, best, round(average, 1))
    assert "bots" not in said(theirs)  # no bot seats in these games

    # Every game was between people: each one is rated, and the leaderboard ranks by rating.
    rated = expected_ratings(outcomes)
    assert f"{max(0, round(1000 + 40 * rated[bea.id][0]))}" == RATING_LINE.search(said(theirs)).group(1)
    board = await cy.slash(channel, "leaderboard", game="sky-of-stars")
    assert board.acknowledged and not board.ephemeral
    lines = [m.groups() for m in LEADER_LINE.finditer(description(board))]
    order = sorted(rated, key=lambda u: (-rated[u][0], -rated[u][1], u))
    assert [name for _, name, *_ in lines] == [names[u] for u in order]
    for (rank, _, rating, games, wins), user_id in zip(lines, order, strict=True):
        estimate, played, won = rated[user_id]
        assert (int(rating), int(games), int(wins)) == (max(0, round(1000 + 40 * estimate)), played, won)
        assert int(rank) == 1 + sum(1 for u in order if rated[u][0] > estimate)
    assert "at least 3 rated games" in said(board)
