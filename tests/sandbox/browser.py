"""Headless Chromium driven over the DevTools protocol, with nothing but aiohttp's websocket.

Debian's ``chromium`` is used as installed; no test tool downloads a browser of its own. Clicks
are real mouse events at the element's centre; a select is set the way a person's choice ends
(its value changes and ``change`` fires), since a headless native dropdown has no popup to click.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import queue
import re
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import aiohttp

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
    "--window-size=1280,900",
    "--remote-debugging-port=0",
]
LISTENING = re.compile(r"DevTools listening on (ws://\S+)")


class BrowserError(AssertionError):
    pass


class Browser:
    def __init__(self) -> None:
        self._profile = tempfile.TemporaryDirectory(prefix="astrolabe-chromium-", ignore_cleanup_errors=True)
        self._process: subprocess.Popen[str] | None = None
        self._http: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._ids = iter(range(1, 1_000_000))
        self.console: list[str] = []

    async def __aenter__(self) -> Browser:
        self._process = subprocess.Popen(
            [str(CHROMIUM), *FLAGS, f"--user-data-dir={self._profile.name}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        endpoint = await asyncio.to_thread(self._endpoint)
        port = endpoint.split(":")[2].split("/")[0]
        self._http = aiohttp.ClientSession()
        async with self._http.get(f"http://127.0.0.1:{port}/json/list") as response:
            targets = await response.json(content_type=None)
        page = next(t for t in targets if t["type"] == "page")
        self._ws = await self._http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
        await self.send("Page.enable")
        await self.send("Runtime.enable")
        return self

    async def __aexit__(self, *exc: Any) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._http is not None:
            await self._http.close()
        if self._process is not None:
            self._process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._process.wait(timeout=10)
            if self._process.poll() is None:
                self._process.kill()
                self._process.wait(timeout=10)
        self._profile.cleanup()

    def _endpoint(self) -> str:
        """Read stderr until Chromium names its DevTools socket, then keep draining it."""
        assert self._process is not None and self._process.stderr is not None
        found: queue.Queue[str | None] = queue.Queue()
        seen: list[str] = []

        def drain(stream: Any) -> None:
            with stream:  # closed at the end, not left to the garbage collector
                for line in stream:
                    seen.append(line)
                    if match := LISTENING.search(line):
                        found.put(match.group(1))
            found.put(None)

        threading.Thread(target=drain, args=(self._process.stderr,), daemon=True).start()
        try:
            endpoint = found.get(timeout=60)
        except queue.Empty:
            endpoint = None
        if endpoint is None:
            raise BrowserError("chromium did not open DevTools:\n" + "".join(seen[-20:]))
        return endpoint

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        assert self._ws is not None
        ident = next(self._ids)
        await self._ws.send_str(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            reply = json.loads((await self._ws.receive(timeout=60)).data)
            if reply.get("method") == "Runtime.consoleAPICalled":
                self.console.append(" ".join(str(a.get("value")) for a in reply["params"]["args"]))
            elif reply.get("method") == "Runtime.exceptionThrown":
                self.console.append(json.dumps(reply["params"]["exceptionDetails"])[:500])
            if reply.get("id") == ident:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply["result"]

    async def evaluate(self, expression: str) -> Any:
        result = await self.send(
            "Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True
        )
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def viewport(self, width: int, height: int) -> None:
        """Show pages in a window of this size (a phone is about 400 px wide)."""
        await self.send(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )

    async def before_scripts(self, source: str) -> None:
        """Run ``source`` in every page this tab opens from now on, before the page's own scripts."""
        await self.send("Page.addScriptToEvaluateOnNewDocument", source=source)

    async def goto(self, url: str) -> None:
        await self.send("Page.navigate", url=url)

    async def wait_for(self, expression: str, what: str, timeout: float = 120) -> Any:
        """Poll a JavaScript expression until its JSON value is truthy; fail with ``what`` otherwise.
        The wait is long because the bot, its sandbox and the browser share a busy CI machine with
        other test workers; a right page answers in well under a second when the machine is quiet.

        Elements come back as ``{}``, which is falsy here: test them with ``!!``.
        """
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = await self.evaluate(expression)
            except BrowserError as error:  # e.g. the page is still loading
                value = None
                failure = str(error)[:500]
            else:
                failure = ""
            if value:
                return value
            if time.monotonic() > deadline:
                page = await self.evaluate("document.body ? document.body.innerText : ''")
                raise BrowserError(f"timed out waiting for {what} {failure}; the page shows:\n{page[-3000:]}")
            await asyncio.sleep(0.1)

    async def click(self, selector: str, *, text: str | None = None) -> None:
        """A real left click in the middle of the element matching ``selector`` (the last one
        whose text is ``text``, if given)."""
        box = await self.wait_for(
            f"""(() => {{ const all = [...document.querySelectorAll({json.dumps(selector)})]
                  .filter((e) => {json.dumps(text)} === null || e.textContent.trim() === {json.dumps(text)});
                const e = all[all.length - 1];
                if (!e || e.disabled) return null;
                e.scrollIntoView({{block: "center"}});
                const r = e.getBoundingClientRect();
                return {{x: r.x + r.width / 2, y: r.y + r.height / 2}}; }})()""",
            f"a clickable {selector} {text or ''}",
        )
        for kind in ("mousePressed", "mouseReleased"):
            await self.send(
                "Input.dispatchMouseEvent", type=kind, x=box["x"], y=box["y"], button="left", clickCount=1
            )

    async def choose(self, selector: str, value: str) -> None:
        """Pick ``value`` in a <select>, as the end of a person's choice looks to the page."""
        # the select, and the option itself: a page still filling its menus has the one, not the other
        found = f"document.querySelector({json.dumps(selector)})"
        has_option = f"!!{found} && [...{found}.options].some((o) => o.value === {json.dumps(value)})"
        await self.wait_for(has_option, f"{selector} offering {value}")
        await self.evaluate(f"""(() => {{ const s = document.querySelector({json.dumps(selector)});
            s.value = {json.dumps(value)}; s.dispatchEvent(new Event("change", {{bubbles: true}})); }})()""")

    async def screenshot(self, path: Path) -> None:
        shot = await self.send("Page.captureScreenshot", format="png")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))
