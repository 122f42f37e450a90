"""The events of Star Gazers that the log recognises, tagged by message id (see
``bot.games.sky_of_stars.events``)."""

from __future__ import annotations

from bot.games.base import EventKind

EVENT_KINDS: dict[str, EventKind] = {
    "Round {round} of {rounds}: the Universe is refilled and {seat} picks first.": EventKind.ROUND,
}
