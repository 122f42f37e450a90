"""The sandbox page on a phone, in real headless Chromium: 400 px wide, the sidebar folded away,
nothing wider than the screen, and the bot's text written as Discord writes it: ``<t:…>`` times
(the relative one counting by the sandbox's clock, not the browser's), links, message dates.

The browser's own clock is set three hours wrong on purpose: what the page shows must follow the
sandbox, whose clock the bot's timers run on.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from tests.sandbox.play import channel_key, play_to_first_guess, text
from tests.sandbox.sandbox_process import REPO, SandboxProcess

pytest.importorskip("aiohttp", reason="the sandbox extra is not installed: pip install -e '.[sandbox]'")

from tests.sandbox.browser import CHROMIUM, Browser  # noqa: E402

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"{CHROMIUM} is not installed (CI installs Debian's chromium; locally: apt-get install chromium)",
)

ARTIFACTS = REPO / "test-artifacts" / "sandbox"
SKEWED_BROWSER_CLOCK = """(() => { const real = Date.now.bind(Date);
  Date.now = () => real() + 3 * 3600 * 1000; })();"""
ENDS_IN = r"""(() => { const m = document.getElementById("messages").innerText
  .match(/Time runs out in (\d+) seconds?/g); return m && Number(m[m.length - 1].match(/\d+/)[0]); })()"""
# every box on the page that reaches past the right edge of the window
TOO_WIDE = """[...document.querySelectorAll("body *")].filter((e) => {
  const r = e.getBoundingClientRect();
  return r.width && r.right > window.innerWidth + 1 && !e.closest("#side");
}).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)"""
SIDE_RIGHT = 'document.getElementById("side").getBoundingClientRect().right'
SIDE_OPEN = 'document.getElementById("side").getBoundingClientRect().left === 0'  # slid all the way in


def md(source: str) -> str:
    return f"window.sandboxText.markdown({json.dumps(source)}, {{names: {{}}, channels: CHANNELS}})"


async def test_the_page_fits_a_phone_and_writes_times_and_links_as_discord(tmp_path: Path) -> None:
    sandbox = SandboxProcess(tmp_path / "sandbox.sqlite3").start()
    try:
        step = play_to_first_guess(sandbox, ["ada", "bea", "cy"])
        ends = int(re.search(r"Time runs out <t:(\d+):R>", text(step))[1])
        state = sandbox.state("ada")
        thread = channel_key(state, "thread")
        async with Browser() as browser:
            await browser.viewport(400, 900)
            await browser.send("Emulation.setLocaleOverride", locale="en-US")  # month names below
            await browser.before_scripts(SKEWED_BROWSER_CLOCK)
            await browser.goto(f"{sandbox.url}#as=ada&channel={thread}")
            await browser.wait_for('document.body.dataset.connected === "yes"', "the page to connect")

            # The countdown reads "in N seconds" by the sandbox's clock, and ticks.
            first = await browser.wait_for(ENDS_IN, "the guessing countdown")
            told = sandbox.state("ada")["now"]
            assert abs(first - (ends - told)) <= 2, (first, ends - told)
            assert "<t:" not in await browser.evaluate('document.getElementById("messages").innerText')
            await asyncio.sleep(2.5)
            later = await browser.evaluate(ENDS_IN)
            assert later is not None and 1 <= first - later <= 3, (first, later)
            times = await browser.evaluate(
                '[...document.querySelectorAll(".message .time")].map((t) => t.textContent)'
            )
            assert times and all(t.startswith("Today at ") for t in times), times

            # 400 px: the sidebar is folded away, nothing is wider than the screen, every button fits.
            await browser.wait_for(
                "[...document.images].every((i) => i.complete && i.naturalWidth > 0)", "the pictures"
            )
            assert await browser.evaluate(SIDE_RIGHT) <= 0, "the sidebar is folded away"
            assert await browser.evaluate("document.documentElement.scrollWidth") <= 400
            assert await browser.evaluate(TOO_WIDE) == []
            buttons = await browser.evaluate("""[...document.querySelectorAll("button.component")]
              .map((b) => b.getBoundingClientRect()).map((r) => [r.left, r.right])""")
            assert len(buttons) >= 1, buttons  # the guess card's Open my panel (its numbers: in the panels)
            assert all(left >= 0 and right <= 400 for left, right in buttons), buttons
            await browser.screenshot(ARTIFACTS / "phone-thread-400.png")

            # The menu button opens the sidebar over the messages; choosing someone folds it again.
            await browser.click("#menu")
            await browser.wait_for(SIDE_OPEN, "the sidebar to open")
            assert await browser.evaluate(f"{SIDE_RIGHT} <= 400")
            await browser.screenshot(ARTIFACTS / "phone-sidebar-400.png")
            await browser.click('[data-member="bea"]')
            await browser.wait_for(f"{SIDE_RIGHT} <= 0", "the sidebar to fold away")
            await browser.wait_for('document.getElementById("title").textContent.endsWith("as Bea")', "Bea")
            await browser.click("#menu")
            await browser.wait_for(SIDE_OPEN, "the sidebar to open again")
            await browser.click("#channels .dm")
            await browser.wait_for(
                'document.getElementById("title").textContent.includes("Direct messages")', "Bea's DMs"
            )
            assert await browser.evaluate(TOO_WIDE) == []
            buttons = await browser.evaluate("""[...document.querySelectorAll("button.component")]
              .map((b) => b.getBoundingClientRect()).map((r) => [r.left, r.right])""")
            assert all(left >= 0 and right <= 400 for left, right in buttons), buttons  # a panel's numbers
            await browser.screenshot(ARTIFACTS / "phone-dm-400.png")

            # Markdown: links (one to a sandbox channel switches to it), times in every style.
            await browser.evaluate(f"window.CHANNELS = {json.dumps(state['channels'])}")
            jump = await browser.evaluate(md(f"[Jump to the game](https://discord.com/channels/1/{thread})"))
            assert f'data-goto="{thread}"' in jump and ">Jump to the game</a>" in jump, jump
            web = await browser.evaluate(
                md("see [the __rules__](https://example.com/a_b__c_d?x=1&y=2) **now**")
            )
            assert 'href="https://example.com/a_b__c_d?x=1&amp;y=2"' in web and "<u>rules</u>" in web, web
            assert 'target="_blank"' in web and "<strong>now</strong>" in web, web
            assert "<a " in await browser.evaluate(md("<https://example.com/x>"))
            hostile = await browser.evaluate(md('[x](javascript:alert(1)) <script>"'))
            assert "<script" not in hostile and "href" not in hostile, hostile
            styles = await browser.evaluate("""(() => { const t = window.sandboxText;
              const at = Date.UTC(2021, 3, 20, 16, 20, 30) / 1000;
              const out = {}; for (const s of "tTdDfF") out[s] = t.formatTimestamp(at, s);
              const now = t.sandboxNow() / 1000;
              out.soon = t.formatTimestamp(now + 25.5, "R"); out.past = t.formatTimestamp(now - 130, "R");
              out.plain = t.markdown(`<t:${at}>`, {names: {}, channels: []});
              return out; })()""")
            assert styles["soon"] == "in 25 seconds" and styles["past"] == "2 minutes ago", styles
            assert "2021" in styles["D"] and "April" in styles["D"] and "Tuesday" in styles["F"], styles
            assert re.fullmatch(r"\d\d\D\d\d\D2021", styles["d"]) and ":" in styles["t"], styles
            assert styles["T"].count(":") == 2 and "April" in styles["f"], styles
            assert "April" in styles["plain"] and "&lt;t:" not in styles["plain"], styles

            await browser.viewport(1200, 900)
            await browser.click('[data-member="ada"]')
            await browser.click(f'#channels [data-channel="{thread}"]')
            await browser.wait_for(ENDS_IN + " !== null || true", "the thread")
            assert await browser.evaluate(f"{SIDE_RIGHT} > 200"), "a wide window shows the sidebar"
            menu = await browser.evaluate('getComputedStyle(document.getElementById("menu")).display')
            assert menu == "none", "no menu button on a wide screen"
            await browser.screenshot(ARTIFACTS / "desktop-thread-1200.png")
            assert not [line for line in browser.console if "rror" in line], browser.console
    finally:
        code = sandbox.stop()
    assert code == 0, "".join(sandbox.stderr)
