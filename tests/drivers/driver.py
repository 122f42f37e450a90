"""What every game's SimCord driver shares: a guild of players and a game started the way players
start one (``/play``, everyone joins, the host starts). Each game's driver adds its own panels."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from tests.drivers.helpers import game_thread, refresh

NAMES = ("ada", "bea", "cy", "dee", "eve", "fay")


async def open_table(env: Any, names: Sequence[str] = NAMES[:3]) -> tuple[Any, Any, list[Any]]:
    """A guild with a ``#games`` channel and one member per name; returns (guild, channel, players)."""
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    return guild, channel, [guild.add_member(env.create_user(name)) for name in names]


async def start_game(channel: Any, players: Sequence[Any], slug: str, **options: Any) -> Any:
    """``/play`` by the first player, everyone else joins, the host starts; returns the game thread."""
    host = players[0]
    await host.slash(channel, "play", game=slug, **options)
    lobby = channel.last_message
    for player in players[1:]:
        await player.click(refresh(channel, lobby), label="Join")
    await host.click(refresh(channel, lobby), label="Start")
    return game_thread(channel)


def starter(slug: str) -> Callable[..., Awaitable[Any]]:
    """A game's ``start_game(env, channel, players, **options)``."""

    async def start(env: Any, channel: Any, players: Sequence[Any], **options: Any) -> Any:
        return await start_game(channel, players, slug, **options)

    return start
