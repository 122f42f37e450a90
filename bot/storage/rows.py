"""Database rows to records and back: the decoding both storage backends share.

Kept apart from the record types (``bot.storage.records``), which the rest of the bot reads
without caring how a row looks. A damaged stored value is logged and the game set aside, not
raised, so one bad row can't stop every query that lists games.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from bot.i18n.languages import DEFAULT, parse
from bot.i18n.msg import from_stored, to_stored
from bot.storage.records import (
    ActionRecord,
    GameRecord,
    MovePing,
    PanelCopyRow,
    ResultRecord,
    Row,
    SeatRecord,
    UserSettings,
)

log = logging.getLogger(__name__)


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def seat_from_row(row: Row) -> SeatRecord:
    return SeatRecord(
        game_id=row["game_id"],
        seat=row["seat"],
        user_id=row["user_id"],
        name=row["name"],
        dm_open=bool(row["dm_open"]),
        is_bot=bool(row["is_bot"]),
        autopilot=bool(row["autopilot"]),
        left_game=bool(row["left_game"]),
        timeouts=row["timeouts"],
    )


def panel_copy_from_row(row: Row) -> PanelCopyRow:
    return PanelCopyRow(
        row["game_id"],
        row["user_id"],
        row["kind"],
        row["message_id"],
        row["channel_id"],
        parse(row["language"]) or DEFAULT,
    )


def move_ping_from_row(row: Row) -> MovePing:
    return MovePing(
        row["game_id"],
        row["message_id"],
        row["channel_id"],
        row["decision"],
        tuple(json.loads(row["user_ids"])),
    )


def _json_object(text: str | None, what: str, problems: list[str]) -> dict[str, Any] | None:
    """Parse a stored JSON object; a value that isn't one is noted in ``problems``, not raised,
    so one damaged row can't stop every query that lists games."""
    if text is None:
        return None
    try:
        value = json.loads(text)
    except ValueError as error:
        problems.append(f"its {what} is not valid JSON ({error})")
        return None
    if not isinstance(value, dict):
        problems.append(f"its {what} is not a JSON object")
        return None
    return value


def game_from_row(row: Row, seats: list[SeatRecord]) -> GameRecord:
    problems: list[str] = []
    options = _json_object(row["options"], "options", problems)
    state = _json_object(row["state"], "state", problems)
    if problems:
        log.warning("game %d can't be loaded: %s", row["id"], "; ".join(problems))
    return GameRecord(
        id=row["id"],
        game=row["game"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        host_id=row["host_id"],
        status=row["status"],
        options=options or {},
        seed=row["seed"],
        state=state,
        version=row["version"],
        lobby_message_id=row["lobby_message_id"],
        status_message_id=row["status_message_id"],
        deadline_at=row["deadline_at"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        seats=seats,
        pace=row["pace"],
        set_aside=row["set_aside"] or "; ".join(problems) or None,
        language=parse(row["language"]) or DEFAULT,
    )


def settings_from_row(row: Row) -> UserSettings:
    return UserSettings(
        row["user_id"],
        row["ping"],
        row["timezone"],
        row["quiet_start"],
        row["quiet_end"],
        language=parse(row["language"]),
        discord_locale=row["discord_locale"],
        text_boards=bool(row["text_boards"]),
    )


def events_dumps(events: Sequence[str]) -> str:
    """The action log's events: a rules' ``Msg`` keeps its id and parameters (to be said again
    in any reader's language), a plain text stays a string. A ``Msg`` whose parameters JSON
    can't hold is kept as its English text rather than losing the move."""
    stored: list[Any] = []
    for event in events:
        try:
            dumps(kept := to_stored(event))
        except (TypeError, ValueError):
            log.warning("event %r has parameters JSON can't store; logged as its English text", str(event))
            kept = str(event)
        stored.append(kept)
    return dumps(stored)


def action_from_row(row: Row) -> ActionRecord:
    return ActionRecord(
        seq=row["seq"],
        seat=row["seat"],
        action=json.loads(row["action"]),
        events=[from_stored(event) for event in json.loads(row["events"])],
        created_at=row["created_at"],
    )


def result_from_row(row: Row) -> ResultRecord:
    return ResultRecord(
        game_id=row["game_id"],
        seat=row["seat"],
        user_id=row["user_id"],
        name=row["name"],
        score=row["score"],
        place=row["place"],
        won=bool(row["won"]),
        with_bots=bool(row["with_bots"]),
        finished_at=row["finished_at"],
    )
