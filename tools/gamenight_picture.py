"""Draw docs/images/gamenight_announcement.png: a real `/gamenight create` announcement with its
native poll, as SimCord's preview page renders it, screenshot by Debian's headless Chromium (the
README's picture). Needs SimCord's preview extra (`pip install "simcord[preview]==3.2.1"`).

    python tools/gamenight_picture.py [PATH]

The bot runs inside SimCord as in the sandbox: Ada plans a game night, Bea, Cy and Dee vote.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

import discord
import simcord
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.app import create_bot  # noqa: E402
from tests.sandbox.browser import Browser  # noqa: E402

OUT = ROOT / "docs" / "images" / "gamenight_announcement.png"
WIDTH, HEIGHT = 1240, 680
MARGIN = 12
# The smallest element holding both the announcement's words and its poll: the message itself.
MESSAGE_BOX = """(() => {
  let e = [...document.querySelectorAll('*')].find((x) => x.childElementCount === 0
      && x.textContent.includes('Which game'));
  while (e && !e.innerText.includes('invites you to play')) e = e.parentElement;
  const r = e.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
})()"""


async def draw(path: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(db_path=str(Path(folder) / "picture.sqlite3"))
        env = simcord.Env(bot)
        guild = env.create_guild("Astrolabe Sandbox")
        channel = guild.create_text_channel("games")
        names = ("Ada", "Bea", "Cy", "Dee")
        hosts = guild.create_role("Game hosts", permissions=discord.Permissions(manage_events=True))
        ada, bea, cy, dee = (
            guild.add_member(env.create_user(n.lower(), global_name=n), roles=[hosts]) for n in names
        )
        await env.start()
        try:
            await bot.tree.sync()
            assert bot.user is not None
            await bot.user.edit(username="Astrolabe")
            start = env.now() + timedelta(days=2, hours=3)
            await ada.slash(
                channel,
                "gamenight create",
                time=start.strftime("%H:00"),
                date=start.strftime("%Y-%m-%d"),
                game1="observatory",
                game2="star-gazers",
                game3="starry-night-sky",
            )
            poll = next(m for m in reversed(channel.history()) if m.poll is not None)
            for member, answer in ((bea, 2), (cy, 2), (dee, 1)):
                await member.vote(poll, answer=answer)
            raw = path.with_suffix(".raw.png")
            async with (
                env.preview(channel, viewers=[bea], layout="channel", width=WIDTH, height=HEIGHT) as preview,
                Browser() as browser,
            ):
                await browser.viewport(WIDTH, HEIGHT)
                await browser.goto(preview.url)
                await browser.wait_for("document.body.innerText.includes('Which game')", "the poll")
                await asyncio.sleep(1)  # fonts and layout settle
                box = await browser.evaluate(MESSAGE_BOX)
                await browser.screenshot(raw)
        finally:
            await env.shutdown()
            await bot.close()
    with Image.open(raw) as image:  # a palette keeps the picture well under 100 KB
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
