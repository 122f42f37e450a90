"""The sandbox page in real headless Chromium: the opening of A Sky of Stars, as four people play it.

Ada opens the lobby with /play, Bea and Cy join, Ada starts; each of them picks a starting star in
their DMs, and Ada draws one line from her DM panel. Every step is a click or a choice on the page,
and the checks read what the page shows.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.sandbox.play import STARTED
from tests.sandbox.sandbox_process import REPO, SandboxProcess

pytest.importorskip("aiohttp", reason="the sandbox extra is not installed: pip install -e '.[sandbox]'")

from tests.sandbox.browser import CHROMIUM, Browser  # noqa: E402

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"{CHROMIUM} is not installed (CI installs Debian's chromium; locally: apt-get install chromium)",
)

ARTIFACTS = REPO / "test-artifacts" / "sandbox"
MESSAGES = 'document.getElementById("messages").innerText'
CARD_WITH_ALL = """[...document.querySelectorAll("#messages .card")].some((c) =>
  c.querySelector("img.image") && c.querySelector("button.component") && /\\broll \\d/i.test(c.innerText))"""
NEWEST_PANEL = """(() => {
  const live = [...document.querySelectorAll("#messages .message")]
    .filter((m) => m.querySelector(".component"));
  const m = live[live.length - 1];
  if (!m) return null;
  const play = [...m.querySelectorAll("button.component")].find((b) =>
    b.dataset.customId.startsWith("sky:do:") && !/:(stop|pass):/.test(b.dataset.customId));
  if (play) return {message: m.dataset.id, button: play.dataset.customId, text: m.innerText};
  const pick = m.querySelector("select.component");
  if (pick) {
    return {message: m.dataset.id, select: pick.dataset.customId, value: pick.options[1].value,
            text: m.innerText};
  }
  return null;
})()"""

# The newest DM panel's play (as NEWEST_PANEL), or ``{idle: true}`` when the newest message is a
# panel with no control saying there is nothing to do right now (a step this member sits out).
PANEL_OR_IDLE = f"""(() => {{
  const all = [...document.querySelectorAll("#messages .message")];
  const m = all[all.length - 1];
  if (m && !m.querySelector(".component") && m.innerText.includes("Nothing to do right now")) {{
    return {{idle: true}};
  }}
  return {NEWEST_PANEL};
}})()"""


async def be(browser: Browser, member: str, channel: str) -> None:
    """Switch the page to ``member`` (a name) looking at ``channel`` (a data-channel selector part)."""
    await browser.click(f'[data-member="{member.lower()}"]')
    await browser.wait_for(
        f'document.getElementById("title").textContent.endsWith("as {member}")', f"the page to show {member}"
    )
    await browser.click(f"#channels {channel}")
    await browser.wait_for(f'!!document.querySelector("#channels {channel}.active")', f"{channel} to open")


async def press(browser: Browser, label: str) -> None:
    await browser.click("#messages button.component", text=label)


async def play_panel(browser: Browser) -> str:
    """Walk the newest DM panel on screen: first star in each select, then its play button."""
    for _ in range(6):
        step = await browser.wait_for(NEWEST_PANEL, "a panel with something to play")
        where = f'.message[data-id="{step["message"]}"]'
        if "button" in step:
            selector = f'{where} button[data-custom-id="{step["button"]}"]'
            await browser.click(selector)
        else:
            selector = f'{where} select[data-custom-id="{step["select"]}"]'
            await browser.choose(selector, step["value"])
        # a button's panel moves on; a pick stays on the panel (changeable) and offers its play button
        buttons = json.dumps(where + " button.component")
        offers_play = (
            f"[...document.querySelectorAll({buttons})].some((b) => b.dataset.customId"
            '.startsWith("sky:do:") && !/:(stop|pass):/.test(b.dataset.customId))'
        )
        await browser.wait_for(
            f"!document.querySelector({json.dumps(selector)})"
            + ("" if "button" in step else f" || {offers_play}"),
            "the panel to move on",
        )
        if "button" in step:
            return await browser.evaluate(f"document.querySelector({json.dumps(where)}).innerText")
    raise AssertionError("the panel never offered a play button")


async def test_opening_of_a_sky_of_stars_in_the_browser(tmp_path: Path) -> None:
    sandbox = SandboxProcess(tmp_path / "sandbox.sqlite3").start()
    try:
        async with Browser() as browser:
            await browser.goto(sandbox.url)
            await browser.wait_for('document.body.dataset.connected === "yes"', "the page to connect")

            # Ada opens the lobby with /play and its game option.
            await be(browser, "Ada", ".text")
            await browser.choose("#command", "play")
            await browser.choose('[data-option="game"]', "sky-of-stars")
            await browser.click("#send")
            await browser.wait_for(f'{MESSAGES}.includes("A Sky of Stars · lobby")', "the lobby")

            for member in ("Bea", "Cy"):
                await be(browser, member, ".text")
                await press(browser, "Join")
                await browser.wait_for(f'{MESSAGES}.includes("You\'re in!")', f"{member} to be seated")
                assert "Only you can see this" in await browser.evaluate(MESSAGES)
            await be(browser, "Ada", ".text")
            await press(browser, "Start")
            await browser.wait_for(
                f'{MESSAGES}.includes("The game has started in #A Sky of Stars #1")',
                "the game to start in its thread",
            )

            # Everyone picks a starting star in their DMs, where the secret word is.
            for member in ("Ada", "Bea", "Cy"):
                await be(browser, member, ".dm")
                assert "Your word: #" in await browser.evaluate(MESSAGES)
                shown = await play_panel(browser)
                assert any(w in shown for w in STARTED), shown

            # The die is rolled. A swirl (1 in 6) is a crossing-out step first; play it through.
            # A swirl's crossing-out may leave some players out: their panel says there is nothing
            # to do, and they are skipped.
            for _ in range(6):
                await be(browser, "Ada", ".dm")
                panel = await browser.wait_for(PANEL_OR_IDLE, "Ada's next panel")
                if "Pick the star" in panel.get("text", ""):
                    break
                for member in ("Ada", "Bea", "Cy"):
                    await be(browser, member, ".dm")
                    if not (await browser.wait_for(PANEL_OR_IDLE, f"{member}'s panel")).get("idle"):
                        await play_panel(browser)
            else:
                raise AssertionError("Ada never got a line to draw")

            done = await play_panel(browser)  # one stroke, from Ada's DM panel
            line = re.search(r"Line ([A-H][1-6]) → ([A-H][1-6]) drawn\.", done)
            assert line, done
            await browser.wait_for(
                "[...document.images].length > 0 && [...document.images].every("
                "(i) => i.complete && i.naturalWidth > 0)",
                "the vault image",
            )
            await browser.screenshot(ARTIFACTS / "sky-of-stars-dm-stroke.png")

            await be(browser, "Ada", ".thread")
            progress = await browser.wait_for(
                f"({MESSAGES}.match(/1 of \\d locked in/) || [null])[0]", "the thread to count the stroke"
            )
            assert re.search(r"\broll \d", await browser.evaluate(MESSAGES), re.IGNORECASE)
            await browser.wait_for(
                "[...document.images].every((i) => i.complete && i.naturalWidth > 0)", "the table image"
            )
            await browser.screenshot(ARTIFACTS / "sky-of-stars-thread.png")
            # the status card is drawn as one card: its text, its picture and its buttons inside it
            assert await browser.evaluate(CARD_WITH_ALL)
            assert progress.startswith("1 of")
            assert not [line for line in browser.console if "rror" in line], browser.console
    finally:
        code = sandbox.stop()
    assert code == 0, "".join(sandbox.stderr)
    assert sandbox.stdout == [sandbox.stdout[0]], "the sandbox prints exactly one line"
