"""What the README's channel pictures share (`gamenight_picture.py`, `tournament_picture.py`): the
bot runs inside SimCord as in the sandbox, on a server with one channel and a few members, and
one message of that channel is drawn as SimCord's preview page renders it, screenshot by Debian's
headless Chromium and cropped to the message. Needs SimCord's preview extra
(`pip install "simcord[preview]==3.2.1"`).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import AsyncIterator, Collection, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import simcord
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.app import create_bot  # noqa: E402
from tests.sandbox.browser import Browser  # noqa: E402

MARGIN = 12


@dataclass(frozen=True)
class Server:
    """The bot, SimCord, the server's one channel and its members (in the order named)."""

    bot: Any
    env: simcord.Env
    channel: Any
    members: list[Any]


@asynccontextmanager
async def server(names: Sequence[str], role: str, in_role: Collection[str]) -> AsyncIterator[Server]:
    """A started bot (synced, named Astrolabe) on a server with a "games" channel and a member
    per name; those ``in_role`` hold ``role``, which may manage events. Shut down at the end."""
    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(db_path=str(Path(folder) / "picture.sqlite3"))
        env = simcord.Env(bot)
        guild = env.create_guild("Astrolabe Sandbox")
        channel = guild.create_text_channel("games")
        held = guild.create_role(role, permissions=discord.Permissions(manage_events=True))
        members = [
            guild.add_member(env.create_user(n.lower(), global_name=n), roles=[held] if n in in_role else [])
            for n in names
        ]
        await env.start()
        try:
            await bot.tree.sync()
            assert bot.user is not None
            await bot.user.edit(username="Astrolabe")
            yield Server(bot, env, channel, members)
        finally:
            await env.shutdown()
            await bot.close()


async def shoot(at: Server, viewer: Any, path: Path, *, size: tuple[int, int], ready: str, box: str) -> None:
    """Save to ``path`` the message the script ``box`` finds (it returns its bounding box) in the
    channel as ``viewer`` sees it, once the page shows the text ``ready``: with a margin, in a
    64-colour palette that keeps the picture small."""
    width, height = size
    raw = path.with_suffix(".raw.png")
    async with (
        at.env.preview(at.channel, viewers=[viewer], layout="channel", width=width, height=height) as preview,
        Browser() as browser,
    ):
        await browser.viewport(width, height)
        await browser.goto(preview.url)
        await browser.wait_for(f"document.body.innerText.includes({ready!r})", f"the text {ready!r}")
        await asyncio.sleep(1)  # fonts and layout settle
        left, top, right, bottom = await browser.evaluate(box)
        await browser.screenshot(raw)
    with Image.open(raw) as image:
        crop = (
            max(0, left - MARGIN),
            max(0, top - MARGIN),
            min(width, right + MARGIN),
            min(height, bottom + MARGIN),
        )
        image.crop(tuple(round(v) for v in crop)).convert("RGB").quantize(colors=64).save(path, optimize=True)
    raw.unlink()
    print(f"{path} ({path.stat().st_size // 1024} KB)")
