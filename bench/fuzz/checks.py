"""What must hold after every fuzz step: no swallowed error, the log replays to the stored
state, and no public text or image carries a secret."""

from __future__ import annotations

import logging
from typing import Any

from simcord.components import walk_components

from bench.fuzz.imagetext import ImageText
from bench.fuzz.secrets import secrets_of
from bot.games import get_game
from bot.games.replay import replay

TEXT_DISPLAY = 10  # the wire type of a card's text


class ErrorLog(logging.Handler):
    """Collects ERROR records of the bot's loggers: a handler's crash is logged, then apologised
    for, so it never reaches ``env.errors``."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def __enter__(self) -> ErrorLog:
        for name in ("bot", "discord"):
            logging.getLogger(name).addHandler(self)
        return self

    def __exit__(self, *exc_info: object) -> None:
        for name in ("bot", "discord"):
            logging.getLogger(name).removeHandler(self)

    def take(self) -> list[str]:
        out = [self.format(r) for r in self.records]
        self.records.clear()
        return out


class Replayer:
    """Replays one game's stored log incrementally: each step applies only the new actions."""

    def __init__(self, slug: str) -> None:
        self.game = get_game(slug)
        self.state: Any = None
        self.applied: list[tuple[int | None, dict[str, Any]]] = []

    def mismatch(self, record: Any, log: list[Any]) -> str | None:
        """Why the stored state differs from a replay of the stored log, or ``None``."""
        entries = [(a.seat, a.action) for a in log]
        if self.state is None or entries[: len(self.applied)] != self.applied:
            self.state = replay(self.game, len(record.seats), record.options, record.seed, [])
            self.applied = []
        for seat, action in entries[len(self.applied) :]:
            self.state = self.game.apply(self.state, seat, action).state
            self.applied.append((seat, action))
        if self.state != record.state:
            differ = sorted(
                k for k in set(self.state) | set(record.state) if self.state.get(k) != record.state.get(k)
            )
            return f"stored state differs from the replay of its {len(entries)} actions in {differ}"
        return None


def embed_text(embed: dict[str, Any]) -> list[str]:
    parts = [embed.get("title") or "", embed.get("description") or ""]
    parts += [(embed.get(key) or {}).get(sub) or "" for key, sub in (("footer", "text"), ("author", "name"))]
    parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields") or []]
    return parts


def card_text(components: list[Any]) -> list[str]:
    """The words of a Components V2 card: every TextDisplay, however nested."""
    return [c.get("content") or "" for c in walk_components(components) if c.get("type") == TEXT_DISPLAY]


class PublicWatch:
    """Reads each public message once (again when it is edited), images included."""

    def __init__(self, env: Any, images: ImageText) -> None:
        self.env, self.images = env, images
        self._seen: dict[int, Any] = {}
        self.unread_images = 0

    def fresh(self, channel_ids: list[int]) -> list[tuple[int, str]]:
        """(message id, text) of public messages new or edited since the last call."""
        out = []
        for channel_id in channel_ids:
            for message in list(self.env.backend.messages.get(channel_id, {}).values()):
                if message.is_ephemeral:
                    continue
                stamp = (message.edited_timestamp, len(message.attachments))
                if self._seen.get(message.id) == stamp:
                    continue
                self._seen[message.id] = stamp
                parts = [message.content or ""]
                for embed in message.embeds:
                    parts += embed_text(embed)
                parts += card_text(message.components)
                for attachment in message.attachments:
                    data = self.env.backend.cdn.get(attachment.get("url", ""))
                    strings = self.images.strings(data) if data is not None else None
                    if strings is None:
                        self.unread_images += 1
                    else:
                        parts += strings
                out.append((message.id, "\n".join(parts)))
        return out

    def leaks(self, slug: str, state: Any, channel_ids: list[int]) -> list[str]:
        texts = self.fresh(channel_ids)
        if not texts:
            return []
        found = []
        for what, pattern in secrets_of(slug, state):
            for message_id, text in texts:
                # a pattern with a group skips allowed text and captures only the secret
                hit = next((m for m in pattern.finditer(text) if not pattern.groups or m.group(1)), None)
                if hit:
                    context = text[max(0, hit.start() - 120) : hit.end() + 60]
                    found.append(
                        f"public message {message_id} shows {what}: {hit.group(0)!r} in ...{context!r}..."
                    )
        return found
