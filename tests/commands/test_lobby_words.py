"""What a player is told on joining a lobby is true for that game and their ping settings."""

from __future__ import annotations

import pytest

from tests.drivers.helpers import all_text, dm_history, refresh, said

HOUR = 3600


async def lobby(env, game: str, **options):
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ada, bea = (guild.add_member(env.create_user(n)) for n in ("ada", "bea"))
    await ada.slash(channel, "play", game=game, **options)
    return channel, channel.last_message, ada, bea


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize(
    "game, secret",
    [("observatory", False), ("star-gazers", False), ("starry-night-sky", False), ("sky-of-stars", True)],
)
async def test_the_join_dm_speaks_of_a_secret_word_only_where_there_is_one(simcord_env, game, secret):
    channel, message, ada, bea = await lobby(simcord_env, game)
    joined = await bea.click(refresh(channel, message), label="Join")
    welcome = all_text(dm_history(bea)[-1])
    assert "You joined" in welcome and "will arrive here" in welcome
    assert ("secret word" in welcome) is secret, welcome
    assert "Watch your DMs" in said(joined)


@pytest.mark.simcord(strict_sync=True)
async def test_no_dms_are_promised_to_a_mention_only_player_in_a_paced_game(simcord_env):
    channel, message, ada, bea = await lobby(simcord_env, "observatory", pace=HOUR)
    await bea.slash(channel, "settings", ping="mention")
    joined = await bea.click(refresh(channel, message), label="Join")
    welcome = all_text(dm_history(bea)[-1])
    assert "You joined" in welcome and "will arrive here" not in welcome
    assert "Open my panel" in welcome
    assert "Watch your DMs" not in said(joined) and "game thread" in said(joined)


@pytest.mark.simcord(strict_sync=True)
@pytest.mark.parametrize(
    "game, options, sentences",
    [
        (
            "sky-of-stars",
            {},
            ["Each drawing is guessed for 30 seconds.", "Played live: each step has 1 minute on the clock."],
        ),
        ("observatory", {"timer": 0}, ["Played live, with no timers."]),
        (
            "observatory",
            {"first_game": True, "pace": HOUR},
            [
                "First-game deal: everyone keeps 1 large and 3 small goals, no choosing.",
                "Each player has 1 hour per move.",
            ],
        ),
        (
            "observatory",
            {},
            ["Everyone chooses 4 of 6 dealt goals.", "Played live: each step has 3 minutes on the clock."],
        ),
    ],
)
async def test_lobby_options_read_as_sentences(simcord_env, game, options, sentences):
    channel, message, _, _ = await lobby(simcord_env, game, **options)
    shown = all_text(refresh(channel, message))
    for sentence in sentences:
        assert sentence in shown, shown
    assert ": no" not in shown and ": yes" not in shown and "pace:" not in shown
