"""Draw docs/images/tournament_card.png: a finished tournament's card (standings with points by
place and tie-breaks, the podium) as SimCord's preview page renders it, screenshot by Debian's
headless Chromium (the README's picture). Needs SimCord's preview extra
(`pip install "simcord[preview]==3.2.1"`).

    python tools/tournament_picture.py [PATH]

The bot runs inside SimCord as in the sandbox: Ada organises a Swiss of Star Gazers, five players
join, and each round's games are played out by the bot in every seat.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any

import discord
import simcord
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.app import create_bot  # noqa: E402
from tests.sandbox.browser import Browser  # noqa: E402

OUT = ROOT / "docs" / "images" / "tournament_card.png"
WIDTH, HEIGHT = 1240, 1400
MARGIN = 12
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
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(db_path=str(Path(folder) / "picture.sqlite3"))
        env = simcord.Env(bot)
        guild = env.create_guild("Astrolabe Sandbox")
        channel = guild.create_text_channel("games")
        organisers = guild.create_role("Organisers", permissions=discord.Permissions(manage_events=True))
        names = ("Ada", "Bea", "Cy", "Dee", "Eve")
        ada, *others = (
            guild.add_member(
                env.create_user(n.lower(), global_name=n), roles=[organisers] if n == "Ada" else []
            )
            for n in names
        )
        await env.start()
        try:
            await bot.tree.sync()
            assert bot.user is not None
            await bot.user.edit(username="Astrolabe")
            options = {"game": "star-gazers", "format": "swiss", "swiss_rounds": 3, "closes": "+10m"}
            await ada.slash(channel, "tournament create", **options)
            card = next(m for m in reversed(channel.history()) if m.embeds)
            for member in (ada, *others):
                await member.click(card, label="Join")
            await env.advance_time(11 * 60)
            await play_out(env, bot, 1)
            await env.advance_time(timedelta(seconds=5).total_seconds())
            await ada.slash(channel, "tournament standings")
            raw = path.with_suffix(".raw.png")
            async with (
                env.preview(channel, viewers=[ada], layout="channel", width=WIDTH, height=HEIGHT) as preview,
                Browser() as browser,
            ):
                await browser.viewport(WIDTH, HEIGHT)
                await browser.goto(preview.url)
                await browser.wait_for("document.body.innerText.includes('Tie-breaks')", "the card")
                await asyncio.sleep(1)  # fonts and layout settle
                box = await browser.evaluate(CARD_BOX)
                await browser.screenshot(raw)
        finally:
            await env.shutdown()
            await bot.close()
    with Image.open(raw) as image:  # a palette keeps the picture small
        left, top, right, bottom = box
        crop = (
            max(0, left - MARGIN),
            max(0, top - MARGIN),
            min(WIDTH, right + MARGIN),
            min(HEIGHT, bottom + MARGIN),
        )
        image.crop(tuple(round(v) for v in crop)).convert("RGB").quantize(colors=64).save(path, optimize=True)
    raw.unlink()
    print(f"{path} ({path.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    asyncio.run(draw(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))
