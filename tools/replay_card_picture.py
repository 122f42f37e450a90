"""Take the README's picture of a `/game replay` card: the real bot in the sandbox, in Chromium.

Ada and Bea start a game of Star Gazers, Ada hands both seats to the bot, which plays it out; Ada
then opens `/game replay` on it and steps a few rounds in with ⏭. The card, as the sandbox page shows it,
is saved as ``docs/images/replay_card.png`` (a palette PNG, under 100 KB).

    .venv/bin/python tools/replay_card_picture.py    # needs Debian's chromium
"""

from __future__ import annotations

import asyncio
import base64
import io
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.sandbox.browser import Browser  # noqa: E402
from tests.sandbox.sandbox_process import SandboxProcess  # noqa: E402

OUT = ROOT / "docs" / "images" / "replay_card.png"
MAX_BYTES = 100 * 1024
STEPS_IN = 3  # ⏭ presses: a few rounds into the game


def button(messages: list[dict], end: str) -> tuple[dict, dict]:
    for message in reversed(messages):
        for row in message["rows"]:
            for component in row:
                if (component.get("custom_id") or "").endswith(end) or component.get("label") == end:
                    return message, component
    raise SystemExit(f"no {end!r} control on the page")


def play(sandbox: SandboxProcess) -> str:
    """A finished Star Gazers game in the sandbox; returns the channel's key."""
    state = sandbox.state("ada")
    channel = next(c["key"] for c in state["channels"] if c["kind"] == "text")
    ids = {m["key"]: m["id"] for m in state["members"]}
    sandbox.act("ada", channel, kind="slash", command="play", options={"game": "star-gazers"})
    message, join = button(sandbox.state("bea", channel)["messages"], "Join")
    sandbox.act("bea", channel, kind="click", message=message["id"], custom_id=join["custom_id"])
    message, start = button(sandbox.state("ada", channel)["messages"], "Start")
    sandbox.act("ada", channel, kind="click", message=message["id"], custom_id=start["custom_id"])
    for who in ("bea", "ada"):
        sandbox.act(
            "ada", channel, kind="slash", command="game kick", options={"player": ids[who], "game": "1"}
        )
    sandbox.act("ada", channel, kind="slash", command="game replay", options={"game": "1"})
    for _ in range(STEPS_IN):
        message, forward = button(sandbox.state("ada", channel)["messages"], ":rnext")
        sandbox.act("ada", channel, kind="click", message=message["id"], custom_id=forward["custom_id"])
    return channel


async def shoot(url: str) -> bytes:
    async with Browser() as browser:
        await browser.viewport(900, 1400)
        await browser.goto(url)
        await browser.wait_for('document.body.dataset.connected === "yes"', "the page to connect")
        await browser.click('[data-member="ada"]')
        await browser.click("#channels .text")
        box = await browser.wait_for(
            """(() => {
              const cards = [...document.querySelectorAll("#messages .message")]
                .filter((m) => m.innerText.includes("Replay of"));
              const m = cards[cards.length - 1];
              if (!m || !m.querySelector("img")?.complete) return null;
              m.scrollIntoView();
              const r = m.getBoundingClientRect();
              return {x: r.x, y: r.y, width: r.width, height: r.height};
            })()""",
            "the replay card",
        )
        await asyncio.sleep(0.5)
        shot = await browser.send("Page.captureScreenshot", format="png", clip={**box, "scale": 1})
        return base64.b64decode(shot["data"])


def small(png: bytes) -> bytes:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    for colours in (128, 64, 32):
        buffer = io.BytesIO()
        image.quantize(colours, method=Image.Quantize.MEDIANCUT).save(buffer, format="PNG", optimize=True)
        if buffer.tell() <= MAX_BYTES:
            return buffer.getvalue()
    raise SystemExit("the picture stays over 100 KB")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        sandbox = SandboxProcess(Path(folder) / "sandbox.sqlite3").start()
        try:
            play(sandbox)
            png = asyncio.run(shoot(sandbox.url))
        finally:
            sandbox.stop()
    OUT.write_bytes(small(png))
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
