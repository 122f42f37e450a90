"""The requests `/gamenight` sends, checked against Discord's own OpenAPI spec.

``discord_spec/gamenight_requests.json`` holds the request schemas of the calls a game night
makes, cut from github.com/discord/discord-api-spec (its ``source`` says which commit): creating
and editing an external scheduled event, and a message with a native poll.
"""

from __future__ import annotations

import fnmatch
import json
from pathlib import Path
from typing import Any

import jsonschema

SPEC = json.loads((Path(__file__).parent / "discord_spec" / "gamenight_requests.json").read_text())
EVENT_CREATE = "POST /guilds/{guild_id}/scheduled-events"
EVENT_EDIT = "PATCH /guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}"


def _validate(body: Any, schema: dict[str, Any], what: str) -> None:
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(body))
    assert not errors, f"{what} breaks Discord's spec: {[e.message for e in errors]} in {body}"


def check_payloads(env: Any) -> int:
    """Validate every scheduled-event call and every poll message the bot made; how many."""
    checked = 0
    for request in env.http_requests:
        path, body = request.path, request.json
        if request.method == "POST" and fnmatch.fnmatch(path, "/guilds/*/scheduled-events"):
            _validate(body, SPEC[EVENT_CREATE], EVENT_CREATE)
        elif request.method == "PATCH" and fnmatch.fnmatch(path, "/guilds/*/scheduled-events/*"):
            _validate(body, SPEC[EVENT_EDIT], EVENT_EDIT)
        elif request.method == "POST" and fnmatch.fnmatch(path, "/channels/*/messages") and body.get("poll"):
            assert set(body) <= set(SPEC["MessageCreateRequest.properties"]), sorted(body)
            _validate(body["poll"], SPEC["MessageCreateRequest.poll"], "a poll")
            _validate(body.get("content"), SPEC["MessageCreateRequest.content"], "a poll's message content")
        else:
            continue
        checked += 1
    assert checked, "no game-night request was made"
    return checked
