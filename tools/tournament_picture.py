"""Draw docs/images/tournament_card.png: a finished tournament's card (standings with points by
place and tie-breaks, the podium) as SimCord's preview page renders it, screenshot by Debian's
headless Chromium (the README's picture), with `channel_picture.py`.

    python tools/tournament_picture.py [PATH]

The bot runs inside SimCord as in the sandbox: Ada organises a Swiss of Star Gazers, five players
join, and each round's games are played out by the bot in every seat.
"""

from __future__ import annotations

import asyncio
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import simcord
from channel_picture import ROOT, server, shoot

OUT = ROOT / "docs" / "images" / "tournament_card.png"
# The smallest element holding the newest card (Ada's `/tournament standings`): title to podium.
CARD_BOX = """(() => {
  const leaves = [...document.querySelectorAll('*')].filter((x) => x.childElementCount === 0
      && x.textContent.includes('Tie-breaks'));
  let e = leaves[leaves.length - 1];
  while (e && !(e.innerText.includes('Tournament #1') && e.innerText.includes('Podium'))) e = e.parentElement;
  const r = e.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
})()"""


async def play_out(env: simcord.Env, bot: Any, tournament: int) -> None:
    """Every round's games, played by the bot in every seat, until the podium."""
    for _ in range(10):
        t = await bot.storage.tournament(tournament)
        if t.status != "running":
            return
        for table in await bot.storage.tournament_tables(tournament):
            if table.round_no != t.round_no or table.status != "playing":
                continue
            record = await bot.storage.load(table.game_id)
            with env.time_context():  # the bot's clock reads simulated time, as inside a click
                async with bot.service.lock(record.id):
                    for seat in record.seats:
                        await bot.storage.set_seat_control(record.id, seat.seat, autopilot=True)
                    await bot.service.settle(await bot.storage.load(record.id))


async def draw(path: Path) -> None:
    async with server(("Ada", "Bea", "Cy", "Dee", "Eve"), "Organisers", in_role=("Ada",)) as at:
        ada = at.members[0]
        options = {"game": "star-gazers", "format": "swiss", "swiss_rounds": 3, "closes": "+10m"}
        await ada.slash(at.channel, "tournament create", **options)
        card = next(m for m in reversed(at.channel.history()) if m.embeds)
        for member in at.members:
            await member.click(card, label="Join")
        await at.env.advance_time(11 * 60)
        await play_out(at.env, at.bot, 1)
        await at.env.advance_time(timedelta(seconds=5).total_seconds())
        await ada.slash(at.channel, "tournament standings")
        await shoot(at, ada, path, size=(1240, 1400), ready="Tie-breaks", box=CARD_BOX)


if __name__ == "__main__":
    asyncio.run(draw(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))
