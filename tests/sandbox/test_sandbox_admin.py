"""The sandbox tries what admins do, at a phone's 400 px in real headless Chromium: Max has Manage
Server and Manage Events, `/words upload` takes a file from the page's file picker, the text file
`/words list` attaches is a download, `/gamenight create` draws its poll (votable) and its
scheduled event (with **Interested**), and a select shows its current value (the lobby's timer),
not "Make a selection". Screenshots go to ``test-artifacts/sandbox/``."""

from __future__ import annotations

import asyncio
import datetime
import urllib.request
from pathlib import Path

import pytest

from tests.sandbox.sandbox_process import REPO, SandboxProcess

pytest.importorskip("aiohttp", reason="the sandbox extra is not installed: pip install -e '.[sandbox]'")

from tests.sandbox.browser import CHROMIUM, Browser  # noqa: E402
from tests.sandbox.test_sandbox_phone import TOO_WIDE  # noqa: E402

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=f"{CHROMIUM} is not installed")

ARTIFACTS = REPO / "test-artifacts" / "sandbox"
PICK_FILE = """(() => { const input = document.querySelector('[data-option="file"]');
  const files = new DataTransfer();
  files.items.add(new File(["rain, snow, hail, mist, fog\\n"], "weather.txt", {type: "text/plain"}));
  input.files = files.files; return input.files.length; })()"""


def test_an_admin_uploads_words_plans_a_night_and_the_page_draws_it(tmp_path: Path) -> None:
    sandbox = SandboxProcess(tmp_path / "games.sqlite3").start()
    try:
        state = sandbox.state("max")
        assert next(m for m in state["members"] if m["key"] == "max")["admin"]
        for command in ("words upload", "game season", "gamenight create"):
            assert any(c["name"] == command for c in state["commands"]), command
        asyncio.run(browse(sandbox, state["channel"]))
        games = state["channel"]
        at = (datetime.datetime.now(datetime.UTC) + datetime.timedelta(hours=2)).strftime("%H:%M")
        sandbox.act(
            "max",
            games,
            kind="slash",
            command="gamenight create",
            options={"time": at, "game1": "observatory", "game2": "star-gazers"},
        )
        [event] = sandbox.state("ada")["events"]
        assert event["name"] == "Game night" and event["interested"] == 0
        sandbox.act("ada", games, kind="interest", event=event["id"])
        assert sandbox.state("ada")["events"][0]["mine"]
        poll = next(m for m in sandbox.state("ada", games)["messages"] if m["poll"])
        sandbox.act("ada", games, kind="vote", message=poll["id"], answer=2)
        answers = next(m for m in sandbox.state("ada", games)["messages"] if m["poll"])["poll"]["answers"]
        assert [a["votes"] for a in answers] == [0, 1]
        asyncio.run(shoot(sandbox, "ada", "admin_night_400.png", "!!document.querySelector('.poll')"))
    finally:
        assert sandbox.stop() == 0, "".join(sandbox.stderr)


async def browse(sandbox: SandboxProcess, games: str) -> None:
    async with Browser() as browser:
        await browser.viewport(400, 860)
        await browser.goto(f"{sandbox.url}#as=max&channel={games}")
        await browser.choose("#command", "words upload")
        # the command's fields are drawn once the page has the command: pick the file after that
        await browser.wait_for("!!document.querySelector('[data-option=\"file\"]')", "the file picker")
        assert await browser.evaluate(PICK_FILE) == 1
        await browser.click("#send")
        await browser.wait_for("document.body.innerText.includes('Added 1 card')", "the upload's answer")
        await browser.choose("#command", "words list")
        await browser.click("#send")
        href = await browser.wait_for("(document.querySelector('a.file') || {}).href", "the words file")
        with urllib.request.urlopen(href, timeout=30) as response:
            assert b"rain, snow, hail, mist, fog" in response.read()
        await browser.choose("#command", "play")
        await browser.choose('[data-option="game"]', "star-gazers")
        await browser.click("#send")
        shown = await browser.wait_for(
            """[...document.querySelectorAll('select.component')].map((s) => s.selectedOptions[0]?.text)
               .find((t) => t && t.includes('per step'))""",
            "the lobby's timer select",
        )
        assert shown.startswith("Normal"), shown
        await browser.screenshot(ARTIFACTS / "admin_words_400.png")


async def shoot(sandbox: SandboxProcess, member: str, name: str, ready: str) -> None:
    async with Browser() as browser:
        await browser.viewport(400, 860)
        await browser.goto(f"{sandbox.url}#as={member}")
        await browser.wait_for(ready, name)
        await browser.evaluate("document.querySelector('.poll').scrollIntoView({block: 'center'})")
        assert await browser.evaluate(TOO_WIDE) == [], "the poll fits a phone"
        await browser.screenshot(ARTIFACTS / name)
        await browser.click("#menu")
        await browser.wait_for("!!document.querySelector('.event button')", "the event in the sidebar")
        await asyncio.sleep(0.3)  # the sidebar slides in
        wide = await browser.evaluate(
            "[...document.querySelectorAll('#side .event *')].filter((e) => e.getBoundingClientRect().right"
            " > document.getElementById('side').getBoundingClientRect().right + 1).length"
        )
        assert wide == 0, "the event fits the sidebar"
        where = await browser.evaluate("document.querySelector('.event [data-goto]')?.textContent")
        assert where == "#games", "the event's location, a channel of the sandbox, reads as its name"
        await browser.screenshot(ARTIFACTS / name.replace(".png", "_events.png"))
