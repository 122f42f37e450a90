"""Database rows to records and back: the decoding both storage backends share.

Kept apart from the record types (``bot.storage.records``), which the rest of the bot reads
without caring how a row looks. A damaged stored value is logged and the game set aside, not
raised, so one bad row can't stop every query that lists games.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

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

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

log = logging.getLogger(__name__)

R = TypeVar("R", bound="DataclassInstance")


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def record_from_row(cls: type[R], row: Row, **decoded: Any) -> R:
    """The record ``cls`` (a dataclass) from a row with a column for each of its fields, of the
    same name: a ``bool`` field reads the 0 or 1 SQLite stores, and ``decoded`` gives the fields
    stored in another form (JSON, a language code) or not in the row at all."""
    columns = _COLUMNS.get(cls)
    if columns is None:  # each field and whether it is a bool (the annotations are text)
        columns = _COLUMNS[cls] = tuple((f.name, f.type in ("bool", bool)) for f in fields(cls))
    values = dict(decoded)
    for name, is_bool in columns:
        if name not in values:
            values[name] = bool(row[name]) if is_bool else row[name]
    return cls(**values)


_COLUMNS: dict[type, tuple[tuple[str, bool], ...]] = {}


def row_params(record: DataclassInstance, **encoded: Any) -> dict[str, Any]:
    """A record as the named parameters of the statement that writes its row, the other way from
    ``record_from_row``: a ``bool`` as 0 or 1, and ``encoded`` gives the fields stored in another
    form (JSON, a language code)."""
    params = {f.name: getattr(record, f.name) for f in fields(record)}
    params.update((name, int(value)) for name, value in params.items() if type(value) is bool)
    params.update(encoded)
    return params


def seat_from_row(row: Row) -> SeatRecord:
    return record_from_row(SeatRecord, row)


def panel_copy_from_row(row: Row) -> PanelCopyRow:
    return record_from_row(PanelCopyRow, row, language=parse(row["language"]) or DEFAULT)


def move_ping_from_row(row: Row) -> MovePing:
    return record_from_row(MovePing, row, user_ids=tuple(json.loads(row["user_ids"])))


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
    return record_from_row(
        GameRecord,
        row,
        options=options or {},
        state=state,
        seats=seats,
        set_aside=row["set_aside"] or "; ".join(problems) or None,
        language=parse(row["language"]) or DEFAULT,
    )


def settings_from_row(row: Row) -> UserSettings:
    return record_from_row(UserSettings, row, language=parse(row["language"]))


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
    return record_from_row(
        ActionRecord,
        row,
        action=json.loads(row["action"]),
        events=[from_stored(event) for event in json.loads(row["events"])],
    )


def result_from_row(row: Row) -> ResultRecord:
    return record_from_row(ResultRecord, row)
