"""``bot.ui.replies`` alone: which private replies go when (the SimCord tests in
``test_private_replies.py`` play the same through the bot)."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.ui import replies
from bot.ui.replies import PrivateReplies


@dataclass
class Clicker:
    id: int


@dataclass
class Interaction:
    user: Clicker
    id: int


class Said:
    """A private reply: counts its deletions; ``fails`` like a token that ran out."""

    def __init__(self, fails: bool = False) -> None:
        self.deleted, self.fails = 0, fails

    async def delete(self) -> None:
        self.deleted += 1
        if self.fails:
            raise discord.HTTPException(type("R", (), {"status": 401, "reason": "gone"})(), "token")


async def say(
    kept: PrivateReplies, user: int, click: int, game: int, decision: int | None, said: Said
) -> None:
    """One interaction about ``game`` that answers privately with ``said``."""
    replies.about(Interaction(Clicker(user), click), game, decision)  # type: ignore[arg-type]
    await kept.sent(said.delete)


async def test_a_newer_reply_replaces_the_older_one_of_the_same_player_and_game() -> None:
    kept = PrivateReplies()
    first, other_player, other_game, second = Said(), Said(), Said(), Said()
    await say(kept, 1, 10, game=5, decision=3, said=first)
    await say(kept, 2, 11, game=5, decision=3, said=other_player)
    await say(kept, 1, 12, game=6, decision=3, said=other_game)
    await say(kept, 1, 13, game=5, decision=3, said=second)
    assert (first.deleted, other_player.deleted, other_game.deleted, second.deleted) == (1, 0, 0, 0)
    assert kept.held(5) == 2 and kept.held(6) == 1


async def test_a_new_step_and_the_end_take_what_is_stale() -> None:
    kept = PrivateReplies()
    earlier, now, anytime = Said(), Said(), Said(fails=True)
    await say(kept, 1, 10, game=5, decision=3, said=earlier)
    await say(kept, 2, 11, game=5, decision=4, said=now)
    await say(kept, 3, 12, game=5, decision=None, said=anytime)  # an Open my panel: no decision
    await kept.step_moved(5, 4)
    assert (earlier.deleted, now.deleted, anytime.deleted) == (1, 0, 0)
    await kept.game_over(5)  # a delete that fails (dismissed, or its token gone) is let go
    assert (now.deleted, anytime.deleted) == (1, 1) and kept.held(5) == 0


async def test_a_reply_past_its_token_is_let_go_untouched(monkeypatch) -> None:
    kept = PrivateReplies()
    old = Said()
    await say(kept, 1, 10, game=5, decision=3, said=old)
    later = replies.time.monotonic() + replies.EDIT_SECONDS + 1
    monkeypatch.setattr(replies.time, "monotonic", lambda: later)
    await kept.game_over(5)
    assert old.deleted == 0 and kept.held(5) == 0
