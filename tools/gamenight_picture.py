"""Draw docs/images/gamenight_announcement.png: a real `/gamenight create` announcement with its
native poll, as SimCord's preview page renders it, screenshot by Debian's headless Chromium (the
README's picture), with `channel_picture.py`.

    python tools/gamenight_picture.py [PATH]

The bot runs inside SimCord as in the sandbox: Ada plans a game night, Bea, Cy and Dee vote.
"""

from __future__ import annotations

import asyncio
import sys
from datetime import timedelta
from pathlib import Path

from channel_picture import ROOT, server, shoot

OUT = ROOT / "docs" / "images" / "gamenight_announcement.png"
# The smallest element holding both the announcement's words and its poll: the message itself.
MESSAGE_BOX = """(() => {
  let e = [...document.querySelectorAll('*')].find((x) => x.childElementCount === 0
      && x.textContent.includes('Which game'));
  while (e && !e.innerText.includes('invites you to play')) e = e.parentElement;
  const r = e.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
})()"""


async def draw(path: Path) -> None:
    names = ("Ada", "Bea", "Cy", "Dee")
    async with server(names, "Game hosts", in_role=names) as at:
        ada, bea, cy, dee = at.members
        start = at.env.now() + timedelta(days=2, hours=3)
        await ada.slash(
            at.channel,
            "gamenight create",
            time=start.strftime("%H:00"),
            date=start.strftime("%Y-%m-%d"),
            game1="observatory",
            game2="star-gazers",
            game3="starry-night-sky",
        )
        poll = next(m for m in reversed(at.channel.history()) if m.poll is not None)
        for member, answer in ((bea, 2), (cy, 2), (dee, 1)):
            await member.vote(poll, answer=answer)
        await shoot(at, bea, path, size=(1240, 680), ready="Which game", box=MESSAGE_BOX)


if __name__ == "__main__":
    asyncio.run(draw(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))
