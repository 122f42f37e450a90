"""The lobby message after its game: the result or the cancellation, and Rematch."""

from __future__ import annotations

import pytest

from bot.core.table import names_of
from bot.games import get_game
from bot.storage import places
from tests.commands.test_overview import quick_images  # noqa: F401 - a fixture
from tests.drivers.helpers import all_text, components, controls, custom_ids, footer, refresh, said, title
from tests.drivers.sky_driver import GAME, Table, current_record, open_lobby, play_until, start_game


def lobby_message(channel):
    """The first lobby of the channel (the one /play posted before the game's thread)."""
    return next(m for m in channel.history() if "Game #" in footer(m))


def link_urls(message):
    return [c.url for c in components(message) if getattr(c, "url", None)]


@pytest.mark.simcord(strict_sync=True)
async def test_finished_lobby_shows_the_result_and_rematch_seats_the_same_players(
    simcord_env,
    restart_bot,
    quick_images,  # noqa: F811
):
    env = simcord_env
    guild, channel, (ada, bea, cy) = await open_lobby(env)
    dee = guild.add_member(env.create_user("dee"))
    thread = await start_game(env, channel, [ada, bea, cy], countdown=45)
    lobby = lobby_message(channel)
    game_id = (await current_record(env)).id
    assert custom_ids(refresh(channel, lobby)) == [], "a running game's lobby has no live button"
    assert (
        await play_until(
            env, Table(env, channel, [ada, bea, cy], closed=set()), lambda v: v["phase"] == "over"
        )
        is None
    )
    finished = await env.bot.storage.load(game_id)
    outcome = GAME.outcome(finished.state)

    # The lobby now says who won, with every score and the thread's link.
    closed = refresh(channel, lobby)
    text = all_text(closed)
    assert "finished" in title(closed) and "**" not in title(closed)
    verdict = text.split("**")[1]  # the winners, in bold
    assert sorted(verdict.split(" and ")) == sorted(names_of(finished)[w] for w in outcome.winners)
    assert f"<#{thread.id}>" in text
    for name, score in zip(names_of(finished), outcome.scores, strict=True):
        assert f"{name}: {score} point" in text
    scores = next(f.value for f in closed.embeds[0].fields if f.name == "Scores").splitlines()
    place = places(outcome.scores, outcome.winners)  # best place first, a tie sharing its number (issue 20)
    by_place = sorted(range(len(names_of(finished))), key=lambda s: (place[s], s))
    assert scores == [
        f"{place[s]}. {names_of(finished)[s]}: {outcome.scores[s]} point"
        f"{'' if outcome.scores[s] == 1 else 's'}{' 🏆' if s in outcome.winners else ''}"
        for s in by_place
    ], scores
    assert custom_ids(closed) == [f"lobby:rematch:{game_id}"], "Rematch is its only live component"
    assert f"https://discord.com/channels/{guild.id}/{thread.id}" in link_urls(closed)

    # Someone who didn't play can't ask for the rematch; nothing opens.
    refused = await dee.click(closed, custom_id=f"lobby:rematch:{game_id}")
    assert refused.ephemeral and "Only the players" in said(refused)
    assert await env.bot.storage.open_games_in_channel(channel.id) == []

    # Rematch is a DynamicItem, so it works after a restart. A player's press opens a new lobby:
    # same options, the clicker hosts, the others are invited.
    await restart_bot()
    await bea.click(refresh(channel, lobby), custom_id=f"lobby:rematch:{game_id}")
    [rematch] = await env.bot.storage.open_games_in_channel(channel.id)
    assert rematch.status == "lobby" and rematch.options == finished.options and rematch.pace == finished.pace
    assert rematch.host_id == bea.id and rematch.user_ids == [bea.id]
    invite = channel.last_message
    assert invite.id == rematch.lobby_message_id
    assert f"<@{ada.id}>" in invite.content and f"<@{cy.id}>" in invite.content
    assert {u.id for u in invite.mentions} == {ada.id, cy.id}, "the invited players are pinged"
    # The old lobby now links to the rematch instead of offering a second one.
    old = refresh(channel, lobby)
    assert custom_ids(old) == [] and invite.jump_url in link_urls(old)

    # The same players join with one click each, and the rematch starts with them.
    for player in (ada, cy):
        joined = await player.click(refresh(channel, invite), label="Join")
        assert "You're in" in said(joined)
    await bea.click(refresh(channel, invite), label="Start")
    again = await env.bot.storage.load(rematch.id)
    assert again.status == "active" and sorted(again.user_ids) == sorted(finished.user_ids)
    assert again.thread_id not in (None, thread.id)


@pytest.mark.simcord(strict_sync=True)
async def test_cancelled_lobby_says_by_whom_and_keeps_no_component(simcord_env):
    env = simcord_env
    _, channel, (ada, bea, cy) = await open_lobby(env)
    thread = await start_game(env, channel, [ada, bea, cy])
    lobby = lobby_message(channel)
    await ada.slash(thread, "game cancel")
    closed = refresh(channel, lobby)
    assert "cancelled" in title(closed)
    assert "ada cancelled the game." in all_text(closed) and f"<#{thread.id}>" in all_text(closed)
    assert not controls(closed)

    # A lobby cancelled before its start says so too.
    await bea.slash(channel, "play", game="sky-of-stars")
    second = channel.last_message
    await bea.click(second, label="Cancel")
    closed = refresh(channel, second)
    assert "bea cancelled this lobby." in all_text(closed) and not controls(closed)


def finished_record(game, names, bots=()):
    """A finished game's record as storage loads it (``state`` from the rules, not played)."""
    from bot.storage import GameRecord, SeatRecord

    rules = get_game(game)
    seats = [SeatRecord(1, s, 100 + s, name, True, is_bot=s in bots) for s, name in enumerate(names)]
    return GameRecord(
        1,
        game,
        10,
        20,
        30,
        100,
        "finished",
        {},
        1,
        rules.setup(len(names), rules.validate_options({}), 1),
        5,
        40,
        None,
        None,
        0.0,
        0.0,
        seats,
    )


def test_places_rank_winners_first_and_share_a_place_on_a_tie():
    from bot.games.outcome import Outcome

    def place(outcome: Outcome) -> list[int]:
        return places(outcome.scores, outcome.winners)

    assert place(Outcome([4, 6, 4], [1])) == [2, 1, 2]
    assert place(Outcome([5, 5, 3, 1], [0, 1])) == [1, 1, 3, 4]
    # a tie on points broken by the rules (fewer cards…): the winner alone is first
    assert place(Outcome([7, 7, 2], [1])) == [2, 1, 3]


def test_finished_lobby_lists_players_by_place_with_ties_and_bots(monkeypatch):
    from bot.commands.lobby_card import lobby_embed
    from bot.games.outcome import Outcome

    record = finished_record("star-gazers", ["Ada", "Bea", "Bot 1", "Cy"], bots=[2])
    monkeypatch.setattr(get_game("star-gazers"), "outcome", lambda state: Outcome([4, 6, 4, 1], [1]))
    scores = next(f.value for f in lobby_embed(record).fields if f.name == "Scores")
    assert scores.splitlines() == [
        "1. Bea: 6 points 🏆",
        "2. Ada: 4 points",
        "2. Bot 1 🤖: 4 points",
        "4. Cy: 1 point",
    ]
