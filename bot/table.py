"""Facts about a table that several parts of the Discord layer say in words or act on: who
sits where, whom the game waits on, who may manage it, and the bot's dice for a seat."""

from __future__ import annotations

from typing import Any

from bot.games import get_game
from bot.games.rng import Rng
from bot.storage import GameRecord


def bot_rng(record: GameRecord, seat: int) -> Rng:
    """The bot's dice for one decision: reproducible from the game's seed, version and seat."""
    return Rng(((record.seed or 0) * 1_000_003 + record.version * 1_009 + seat) & ((1 << 64) - 1))


def seat_label(record: GameRecord, seat: int) -> str:
    """A seat's name, marked when the bot plays it."""
    info = record.seats[seat]
    if info.is_bot:
        return f"{info.name} (bot)"
    return f"{info.name} (played by the bot)" if info.autopilot else info.name


def describe_waiting(record: GameRecord) -> str:
    waiting = get_game(record.game).to_act(record.state)
    if not waiting:
        text = "Nobody needs to act right now."
    else:
        text = "Waiting for: " + ", ".join(seat_label(record, s) for s in waiting)
    handed = [s for s in record.seats if s.autopilot]
    if handed:
        text += "\nThe bot is playing for: " + ", ".join(
            f"{s.name} (left the game)" if s.left_game else seat_label(record, s.seat) for s in handed) + "."
    # A seat left for good can't be taken back, so only the others are told how.
    reclaimable = [s.name for s in handed if not s.left_game]
    if reclaimable:
        text += f" {' and '.join(reclaimable)}: press **Reclaim seat** to play again."
    return text


def is_manager(member: Any) -> bool:
    """Whether a member may manage any game of the server (Manage Server)."""
    perms = getattr(member, "guild_permissions", None)
    return bool(perms and perms.manage_guild)
