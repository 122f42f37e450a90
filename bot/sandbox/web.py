"""The sandbox's command line, its local page and the small JSON API the page calls.

The server binds 127.0.0.1 only and answers only requests whose Host is that address (so a web
page that rebinds its DNS name to 127.0.0.1 is refused). Moves must carry the ``X-Sandbox``
header: another site can't add a custom header to a cross-origin request without a CORS
preflight, which this server never approves.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import socket
import sqlite3
import sys
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from aiohttp import web

from bot.core.config import ConfigError
from bot.sandbox.page import PAGE_CSS, PAGE_HTML
from bot.sandbox.page_script import PAGE_JS
from bot.sandbox.world import ActionError, Sandbox
from bot.storage import StorageError

log = logging.getLogger(__name__)

HOST = "127.0.0.1"
DEFAULT_PORT = 8765
DB_VARIABLE = "ASTROLABE_SANDBOX_DB"
DEFAULT_DB = "sandbox.sqlite3"
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; img-src 'self'; frame-ancestors 'none'",
}

MAX_BODY = 256 * 1024  # a move, or an uploaded file in base64 (`/words upload` takes up to 64 KB)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def make_app(sandbox: Sandbox, port: int) -> web.Application:
    hosts = {f"{HOST}:{port}", f"localhost:{port}"}

    @web.middleware
    async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.host not in hosts:
            raise web.HTTPForbidden(text="the sandbox only answers on its loopback address")
        if request.method == "POST" and request.headers.get("X-Sandbox") != "1":
            raise web.HTTPForbidden(text="missing X-Sandbox header")
        response = await handler(request)
        response.headers.update(HEADERS)
        return response

    def static(body: str, content_type: str) -> Handler:
        async def serve(request: web.Request) -> web.StreamResponse:
            return web.Response(text=body, content_type=content_type)

        return serve

    async def state(request: web.Request) -> web.StreamResponse:
        try:
            return web.json_response(
                sandbox.state(request.query.get("as", "ada"), request.query.get("channel", ""))
            )
        except ActionError as error:
            return web.json_response({"error": str(error)}, status=404)

    async def act(request: web.Request) -> web.StreamResponse:
        try:
            body: Any = await request.json()
        except ValueError:
            body = None
        if not isinstance(body, dict):
            return web.json_response({"error": "send a JSON object"}, status=400)
        try:
            result = await sandbox.act(str(body.get("as")), str(body.get("channel")), body)
        except ActionError as error:
            return web.json_response({"error": str(error)}, status=400)
        return web.json_response(result)

    async def file(request: web.Request) -> web.StreamResponse:
        found = await sandbox.file(request.match_info["attachment"])
        if found is None:
            raise web.HTTPNotFound()
        data, content_type = found
        return web.Response(body=data, content_type=content_type)

    # A tab closed mid-move must not cancel the move halfway through a SimCord operation.
    app = web.Application(
        middlewares=[guard], client_max_size=MAX_BODY, handler_args={"handler_cancellation": False}
    )
    app.router.add_get("/", static(PAGE_HTML, "text/html"))
    app.router.add_get("/page.css", static(PAGE_CSS, "text/css"))
    app.router.add_get("/page.js", static(PAGE_JS, "application/javascript"))
    app.router.add_get("/api/state", state)
    app.router.add_post("/api/act", act)
    app.router.add_get("/api/file/{attachment}", file)
    return app


def listen(port: int) -> socket.socket:
    """Bind before the bot starts, so a busy port fails fast and port 0 is known at once."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((HOST, port))
    except OSError:
        listener.close()
        raise
    return listener


async def serve(db_path: str, listener: socket.socket) -> None:
    """Run until SIGINT or SIGTERM, then shut SimCord and the bot down in order."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # Windows: Ctrl-C raises instead
            loop.add_signal_handler(signum, stop.set)
    port = listener.getsockname()[1]
    sandbox = Sandbox(db_path)
    runner = web.AppRunner(make_app(sandbox, port), access_log=None)
    try:
        await sandbox.start()
        await runner.setup()
        await web.SockSite(runner, listener).start()
        print(f"Astrolabe sandbox: open http://{HOST}:{port}/ in your browser (Ctrl-C to stop)", flush=True)
        await stop.wait()
    finally:
        await runner.cleanup()
        await sandbox.stop()
        listener.close()
        log.info("sandbox stopped")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot sandbox",
        description="Play the real bot in a simulated Discord, as Ada, Bea, Cy and Dee, in your browser.",
    )
    parser.add_argument(
        "--db",
        default=os.environ.get(DB_VARIABLE, "").strip() or DEFAULT_DB,
        help=f"SQLite file for sandbox games (default: ${DB_VARIABLE} or {DEFAULT_DB})",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"local port for the page (default {DEFAULT_PORT}; 0 picks a free one)",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log what the bot does")
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        listener = listen(args.port)
    except OSError as error:
        print(
            f"astrolabe sandbox: cannot listen on {HOST}:{args.port} ({error.strerror}). "
            "Pass --port 0 to use any free port.",
            file=sys.stderr,
        )
        return 1
    try:
        asyncio.run(serve(args.db, listener))
    except ConfigError as error:
        print(f"astrolabe sandbox: {error}", file=sys.stderr)
        return 2
    except (sqlite3.Error, StorageError) as error:  # StorageError: its migrations don't fit this code
        print(
            f"astrolabe sandbox: cannot use the database {args.db!r} ({error}). "
            f"Choose another file with --db or ${DB_VARIABLE}.",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:  # only where signal handlers are unavailable
        pass
    return 0
