"""Read the sandbox page's state and play A Sky of Stars through its API, as a player would."""

from __future__ import annotations

from typing import Any

from tests.sandbox.sandbox_process import SandboxProcess

Message = dict[str, Any]


def text(message: Message) -> str:
    parts = [message["content"] or ""]
    for embed in message["embeds"]:
        parts += [embed["title"] or "", embed["description"] or "", embed["footer"] or ""]
        parts += [f"{f['name']} {f['value']}" for f in embed["fields"]]
    for card in message["cards"]:
        for part in card["parts"]:
            parts += [part["content"]] if part["type"] == "text" else part.get("texts", [])
    return "\n".join(parts)


def components(message: Message) -> list[dict[str, Any]]:
    return [c for row in message["rows"] for c in row]


def channel_key(state: dict[str, Any], kind: str) -> str:
    return next(c["key"] for c in reversed(state["channels"]) if c["kind"] == kind)


def button(messages: list[Message], label: str) -> tuple[Message, dict[str, Any]]:
    for message in reversed(messages):
        for component in components(message):
            if component["type"] == "button" and component["label"] == label:
                return message, component
    raise AssertionError(f"no {label!r} button in {[text(m) for m in messages]}")


def panel(sandbox: SandboxProcess, member: str) -> Message | None:
    """The member's newest DM that still has components: their live panel."""
    for message in reversed(sandbox.state(member, "dm")["messages"]):
        if message["rows"]:
            return message
    return None


def play_panel(sandbox: SandboxProcess, member: str) -> str:
    """Walk a panel: pick the first star in each select until a play button shows, then press it."""
    for _ in range(6):
        message = panel(sandbox, member)
        assert message is not None, f"{member} has no panel"
        parts = components(message)
        play = [
            c
            for c in parts
            if c["type"] == "button"
            and (c["custom_id"] or "").startswith("sky:do:")
            and ":stop:" not in c["custom_id"]
            and ":pass:" not in c["custom_id"]
        ]
        if play:
            sandbox.act(member, "dm", kind="click", message=message["id"], custom_id=play[0]["custom_id"])
            # the panel, edited in place; or, when the move opened a new step, the newer panel
            # the bot sent (the clicked one is then retired, saying so)
            newest = panel(sandbox, member)
            shown = sandbox.state(member, "dm")["messages"]
            clicked = text(next(m for m in shown if m["id"] == message["id"]))
            return clicked if newest is None or newest["id"] == message["id"] else text(newest)
        select = next(c for c in parts if c["type"] == "select")
        sandbox.act(
            member,
            "dm",
            kind="select",
            message=message["id"],
            custom_id=select["custom_id"],
            values=[select["options"][0]["value"]],
        )
    raise AssertionError(f"{member}'s panel never offered a play button")


STARTED = ("Nothing to do right now", "Pick the star to draw", "Swirl! Cross out", "A newer panel is below")
"""What a panel says once its starting star is in: waiting, the first roll (a line to draw, or a
swirl: one die face in six), or a newer panel."""


def open_game(sandbox: SandboxProcess, host: str, joiners: list[str]) -> str:
    """/play in #games, the others join, the host starts; returns the game thread's key."""
    games = sandbox.state(host)["channel"]
    sandbox.act(host, games, kind="slash", command="play", options={"game": "sky-of-stars"})
    for member in joiners:
        lobby, join = button(sandbox.state(member, games)["messages"], "Join")
        sandbox.act(member, games, kind="click", message=lobby["id"], custom_id=join["custom_id"])
    lobby, start = button(sandbox.state(host, games)["messages"], "Start")
    sandbox.act(host, games, kind="click", message=lobby["id"], custom_id=start["custom_id"])
    return channel_key(sandbox.state(host), "thread")


def thread_messages(sandbox: SandboxProcess, member: str) -> list[Message]:
    state = sandbox.state(member)
    return sandbox.state(member, channel_key(state, "thread"))["messages"]


def guess_step(sandbox: SandboxProcess, member: str) -> Message | None:
    """The thread's guess card, if a drawing is up for guessing (its numbers are in each
    guesser's panel: the card asks, and is redrawn with the answer at the reveal)."""
    for message in reversed(thread_messages(sandbox, member)):
        if "Which word did" in text(message):
            return message
    return None


def confirm_stop(sandbox: SandboxProcess, member: str, thread: str) -> None:
    """STOP first asks in a private reply; press its confirmation (the ``:stop:-:`` button)."""
    for message in reversed(sandbox.state(member, thread)["messages"]):
        yes = next((c for c in components(message) if ":stop:-:" in (c.get("custom_id") or "")), None)
        if yes is not None:
            sandbox.act(member, thread, kind="click", message=message["id"], custom_id=yes["custom_id"])
            return
    raise AssertionError("STOP asked for no confirmation")


def play_to_first_guess(sandbox: SandboxProcess, members: list[str]) -> Message:
    """Open a game of ``members`` (the first hosts), everyone plays their panel, the host calls
    STOP after the first roll, and the others draw their last line: the first drawing is up."""
    thread = open_game(sandbox, members[0], members[1:])
    for rolls in range(12):
        step = guess_step(sandbox, members[0])
        if step is not None:
            return step
        for member in members:
            message = panel(sandbox, member)
            if message is not None and any(c["type"] == "select" for c in components(message)):
                play_panel(sandbox, member)
        if rolls == 1:
            messages = sandbox.state(members[0], thread)["messages"]
            if any(c.get("label") == "STOP" for m in messages for c in components(m)):
                message, stop = button(messages, "STOP")
                sandbox.act(
                    members[0], thread, kind="click", message=message["id"], custom_id=stop["custom_id"]
                )
                confirm_stop(sandbox, members[0], thread)
    raise AssertionError("the first drawing never came up for guessing")
