"""The operator's window: ``/metrics`` for Prometheus and ``/healthz`` for health checks.

Both are served on one port (``ASTROLABE_METRICS_PORT``; off when unset) by a small threaded
WSGI server from the standard library running prometheus_client's exposition app, beside the
bot's event loop, so a scrape never waits behind a move and a stuck loop shows as a failed
health check. ``/healthz`` answers 200 when the bot is connected to Discord and a write
transaction to its database commits within ``HEALTH_TIMEOUT`` seconds, else 503; the body says
which part failed. ``python -m bot health`` asks it and exits 0 or 1 (the Docker image's
HEALTHCHECK).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Callable, Coroutine, Iterable
from socketserver import ThreadingMixIn
from typing import Any, Final
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import make_wsgi_app

log = logging.getLogger(__name__)

HEALTH_TIMEOUT: Final = 5.0  # seconds the database write may take before the bot counts as unhealthy
CLIENT_TIMEOUT: Final = HEALTH_TIMEOUT + 5.0
HEALTH_PATH: Final = "/healthz"


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True  # a scrape in progress never keeps the process alive


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        """Scrapes and health checks every few seconds are not worth a log line each."""


def on_loop(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any], timeout: float) -> Any:
    """Run ``coro`` on the bot's loop from a server thread; raises TimeoutError after ``timeout``."""
    future = asyncio.run_coroutine_threadsafe(asyncio.wait_for(coro, timeout), loop)
    return future.result(timeout + 1.0)


def check(bot: Any, loop: asyncio.AbstractEventLoop, timeout: float) -> tuple[bool, dict[str, str]]:
    """Whether ``bot`` (an AstrolabeBot; bot.app imports this module, not the other way) is
    connected to Discord and can write to its database, and why not."""
    report: dict[str, str] = {"discord": "connected" if bot.connected else "disconnected"}
    try:
        on_loop(loop, bot.storage.probe_write(), timeout)
        report["database"] = "writable"
    except Exception as error:  # any failure is the answer, not a crash of the check
        report["database"] = f"not writable: {type(error).__name__}: {' '.join(str(error).split())[:200]}"
    healthy = report["discord"] == "connected" and report["database"] == "writable"
    return healthy, report


class OperatorServer:
    """``/metrics`` and ``/healthz`` of one bot, in a daemon thread. Start it on the bot's loop."""

    def __init__(
        self, bot: Any, port: int, addr: str = "127.0.0.1", *, health_timeout: float = HEALTH_TIMEOUT
    ) -> None:
        self.bot = bot
        self.loop = asyncio.get_running_loop()
        self.health_timeout = health_timeout
        self._metrics_app = make_wsgi_app(bot.metrics.registry)
        self._httpd = make_server(addr, port, self._app, _Server, handler_class=_QuietHandler)
        self.port = self._httpd.server_address[1]
        bot.metrics.games = self.game_counts
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, name="astrolabe-metrics", daemon=True
        )
        self._thread.start()
        log.info("metrics on http://%s:%d/metrics, health on %s", addr, self.port, HEALTH_PATH)

    def _app(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("PATH_INFO") == HEALTH_PATH:
            healthy, report = check(self.bot, self.loop, self.health_timeout)
            body = json.dumps({"healthy": healthy, **report}).encode()
            start_response(
                "200 OK" if healthy else "503 Service Unavailable",
                [("Content-Type", "application/json"), ("Content-Length", str(len(body)))],
            )
            return [body]
        return self._metrics_app(environ, start_response)

    def game_counts(self) -> list[tuple[str, str, int]]:
        """Read at every scrape (bot.ops.metrics): games by title and status, from the database."""
        return on_loop(self.loop, self.bot.storage.game_counts(), self.health_timeout)

    async def close(self) -> None:
        if self.bot.metrics.games == self.game_counts:
            self.bot.metrics.games = None
        await asyncio.to_thread(self._httpd.shutdown)
        self._httpd.server_close()
