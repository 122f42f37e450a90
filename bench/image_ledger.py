"""Catch every image the bot uploads in a SimCord world, with whom it was for, and every render.

``Ledger`` wraps the world's attachment store (``cdn.store_attachment``, where SimCord keeps the
bytes of every uploaded file) and SimCord's REST router (``router.dispatch``, through which every
request of the bot passes, synchronously). A file stored during a request is filed, once that
request is done, under the message that holds it: its channel, and for an ephemeral message the
one user who sees it. An edit that attaches an image again stores it again, so it counts again, as a
player's client downloads it again; an edit that keeps the picture stores nothing.

``RenderClock`` times ``Outgoing``'s drawing (draw and encode, in its worker thread) by file name.
Both patch SimCord or bot internals for the duration of a ``with`` block only, and check that what
they patch exists, so a rename fails the benchmark loudly rather than counting nothing.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from simcord.backend import Backend
from simcord.http import router

from bot.ui.outgoing import Outgoing

WHY = (
    (re.compile(r"^(POST /interactions/|(POST|PATCH) /webhooks/)"), "answer to a click"),
    (re.compile(r"^POST /channels/\d+/messages$"), "new message"),
    (re.compile(r"^PATCH /channels/\d+/messages/\d+$"), "edit by the bot"),
)


def digest(data: bytes) -> bytes:
    """What tells two uploads of the same picture apart from two different pictures."""
    return hashlib.blake2b(data, digest_size=16).digest()


def why(method: str, path: str) -> str:
    """Which request carried a file: the answer to an interaction (its callback, or an edit through
    its token), a new message, or the bot editing a message of its own."""
    line = f"{method} {path}"
    return next((name for pattern, name in WHY if pattern.match(line)), line)


@dataclass(frozen=True)
class Upload:
    """One file the bot uploaded: where it landed and, for an ephemeral message, who sees it."""

    filename: str
    size: int
    channel_id: int
    viewer_id: int | None  # the one user of an ephemeral message; None for any other message
    digest: bytes
    why: str  # see ``why``


@dataclass(frozen=True)
class Render:
    """One image ``Outgoing`` drew and encoded (a retried send reuses it and draws nothing)."""

    kind: str  # the drawing function (``vault_png``), else the file name
    filename: str
    seconds: float
    size: int


@dataclass
class Ledger:
    """Every upload of one SimCord world while the ``with`` block runs."""

    env: Any
    uploads: list[Upload] = field(default_factory=list)
    unplaced: list[tuple[str, int]] = field(default_factory=list)  # (filename, bytes) in no message
    _pending: list[tuple[str, int, str, int, bytes, str]] = field(default_factory=list)
    _dispatch: Callable[..., Any] | None = None

    def __enter__(self) -> Ledger:
        backend = self.env.backend
        store = backend.cdn.store_attachment  # fails here if SimCord renamed it

        def storing(
            attachment_id: int, channel_id: int, filename: str, data: bytes, description: str | None
        ) -> dict[str, Any]:
            request = backend.http_requests[-1]  # the router logs a request before handling it
            self._pending.append(
                (
                    str(attachment_id),
                    channel_id,
                    filename,
                    len(data),
                    digest(data),
                    why(request.method, request.path),
                )
            )
            return store(attachment_id, channel_id, filename, data, description)

        backend.cdn.store_attachment = storing  # an instance attribute shadows the method
        self._dispatch = dispatch = router.dispatch

        watched = backend

        def dispatching(backend: Backend, method: str, path: str, **kwargs: Any) -> Any:
            try:
                return dispatch(backend, method, path, **kwargs)
            finally:
                if backend is watched and self._pending:
                    self._place()

        router.dispatch = dispatching
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        del self.env.backend.cdn.store_attachment
        if self._dispatch is not None:
            router.dispatch = self._dispatch
        self._place()

    def _place(self) -> None:
        """File the files stored during the request just done under the messages holding them."""
        messages = self.env.backend.messages
        for attachment_id, channel_id, filename, size, hashed, cause in self._pending:
            holder = next(
                (
                    m
                    for m in reversed(list(messages.get(channel_id, {}).values()))
                    if any(str(a.get("id")) == attachment_id for a in m.attachments)
                ),
                None,
            )
            if holder is None:
                self.unplaced.append((filename, size))
                continue
            viewer = None
            if holder.is_ephemeral:
                viewer = int(((holder.interaction_metadata or {}).get("user") or {}).get("id", 0)) or None
            self.uploads.append(Upload(filename, size, channel_id, viewer, hashed, cause))
        self._pending.clear()


@dataclass
class RenderClock:
    """Every image ``Outgoing`` renders while the ``with`` block runs, timed."""

    renders: list[Render] = field(default_factory=list)
    kinds: dict[bytes, str] = field(default_factory=dict)  # a picture's digest -> its drawing function
    _drawn: Callable[..., Coroutine[Any, Any, bytes]] | None = None

    def __enter__(self) -> RenderClock:
        self._drawn = drawn = Outgoing._drawn  # fails here if the bot renamed it

        async def timed(out: Outgoing, draw: Callable[[], bytes]) -> bytes:
            start = time.perf_counter()
            data = await drawn(out, draw)
            took = time.perf_counter() - start
            name = out.still_filename if draw is out.still else out.filename
            kind = getattr(getattr(draw, "func", draw), "__name__", name)
            self.renders.append(Render(kind, name, took, len(data)))
            self.kinds[digest(data)] = kind
            return data

        patched: Callable[..., Coroutine[Any, Any, bytes]] = timed
        Outgoing._drawn = patched  # type: ignore[method-assign]  # patching a method on purpose
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._drawn is not None:
            Outgoing._drawn = self._drawn  # type: ignore[method-assign]
