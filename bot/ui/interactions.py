"""The one way into the bot from Discord: every command, button, select and modal callback.

``entry(Ack.…)`` wraps a callback so that, in one place,
- the interaction is acknowledged in time (Discord allows 3 s) in the way the callback declared;
- a ``Refusal`` (or the rules' ``IllegalAction``) raised anywhere below becomes a private reply,
  whether or not the interaction was already acknowledged, and nothing else happens;
- an unexpected error is logged with its context and the user gets a short apology.
Callbacks refuse by raising, never by sending a message and returning a marker.
"""

from __future__ import annotations

import enum
import functools
import logging
import types
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot.games.base import IllegalAction
from bot.i18n import N_, _, speaking, translate
from bot.i18n.readers import private_language
from bot.ops.metrics import Seen
from bot.ui import replies
from bot.ui.fault_lines import expected_fault

log = logging.getLogger(__name__)

APOLOGY = N_("Sorry, something went wrong on my side. Nothing was changed; please try again in a moment.")
ENTRY_MARK = "__astrolabe_ack__"

F = TypeVar("F", bound=Callable[..., Awaitable[Any]])


class Refusal(Exception):
    """A request the bot turns down: ``text`` tells the user why and what to do instead.
    Raise it before changing anything, so a refusal always leaves the game as it was.
    ``shown``: the why is already on the clicked message, so nothing more is said."""

    def __init__(self, text: str, *, shown: bool = False) -> None:
        super().__init__(text)
        self.text, self.shown = text, shown


class Ack(enum.Enum):
    """How ``entry`` acknowledges an interaction before running its callback."""

    THINKING = "thinking"  # a private "thinking…", replaced by the (private) answer
    UPDATE = "update"  # the clicked message itself will be edited
    # The callback answers at once by itself: a modal, a quick reply, or an answer that turns
    # public only after its checks pass (it then calls ``acknowledge(…, Ack.PUBLIC)``).
    NONE = "none"
    PUBLIC = "public"  # a public "thinking…"; only through ``acknowledge``, after the checks


async def acknowledge(interaction: discord.Interaction, ack: Ack) -> None:
    """Acknowledge ``interaction`` as ``ack`` says, unless it already was."""
    if interaction.response.is_done() or ack is Ack.NONE:
        return
    if ack is Ack.THINKING:
        await interaction.response.defer(ephemeral=True, thinking=True)
    elif ack is Ack.PUBLIC:
        await interaction.response.defer(thinking=True)
    else:
        await interaction.response.defer()


def channel_id_of(interaction: discord.Interaction) -> int:
    """The channel a command, click or autocomplete came from. Discord leaves it out only of
    pings, which never reach a command, so a missing one is a bug, not a user's mistake."""
    if interaction.channel_id is None:
        raise RuntimeError(f"interaction {interaction.id} has no channel")
    return interaction.channel_id


def picked_values(interaction: discord.Interaction) -> list[str]:
    """What a select menu's click picked (nothing for any other interaction)."""
    data: dict[str, Any] = dict(interaction.data or {})
    return [str(value) for value in data.get("values") or []]


async def answer(
    interaction: discord.Interaction, content: str | None = None, *, ephemeral: bool = True, **kwargs: Any
) -> replies.Delete:
    """Answer with a message: the first response, or a follow-up once acknowledged. Returns how
    to delete it (through the interaction's token)."""
    if interaction.response.is_done():
        if content is not None:  # a follow-up's content is optional, but never None
            kwargs["content"] = content
        sent = await interaction.followup.send(ephemeral=ephemeral, wait=True, **kwargs)
        return sent.delete
    await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
    return interaction.delete_original_response


async def tell_privately(interaction: discord.Interaction, text: str) -> None:
    """A private line for the user alone (a refusal's text, or a short confirmation). About a
    game, it goes once stale (``bot.ui.replies``): it never piles up under a live panel."""
    delete = await answer(interaction, text, ephemeral=True)
    kept = replies.of(interaction.client)
    if kept is not None:
        await kept.sent(delete)


async def _run(
    callback: Callable[..., Awaitable[Any]], ack: Ack, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> Any:
    interaction = next(a for a in (*args, *kwargs.values()) if isinstance(a, discord.Interaction))
    about = replies.reset()  # the click path says which game it is about (``replies.about``)
    try:
        return await _answered(callback, ack, args, kwargs, interaction)
    finally:
        replies.restore(about)


async def _answered(
    callback: Callable[..., Awaitable[Any]],
    ack: Ack,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    interaction: discord.Interaction,
) -> Any:
    seen = Seen(interaction, ack)
    try:
        await acknowledge(interaction, ack)
        seen.acknowledged()
        # Everything said inside is in the user's language unless a sender says otherwise
        # (public output switches to the table's language).
        with speaking(await private_language(interaction)):
            try:
                result = await callback(*args, **kwargs)
                seen.done("ok")
                await _went_through(interaction)
                return result
            except Refusal as refusal:
                if not refusal.shown:
                    await _say(interaction, translate(refusal.text))
                seen.done("refused")
            except IllegalAction as error:
                await _say(interaction, translate(error.message))
                seen.done("refused")
            except Exception as error:
                _log_failure(interaction, error)
                await _say(interaction, _(APOLOGY))
                seen.done("failed")
    except Exception as error:
        _log_failure(interaction, error)
        await _say(interaction, _(APOLOGY))
        seen.done("failed")
    return None


def _log_failure(interaction: discord.Interaction, error: Exception) -> None:
    """A bug keeps its traceback; an expected fault (the database away, Discord failing after
    its retries) is one line (``bot.ops.faults``)."""
    custom_id = interaction.data.get("custom_id") if interaction.data else None
    if not expected_fault(error, interaction):
        log.exception(
            "interaction failed: user=%s channel=%s custom_id=%s",
            interaction.user.id,
            interaction.channel_id,
            custom_id,
        )


async def _went_through(interaction: discord.Interaction) -> None:
    """The click went through: the player's earlier private replies about its game are stale."""
    kept = replies.of(interaction.client)
    if kept is None:
        return
    try:
        await kept.went_through()
    except Exception:  # tidying up must never fail the click it follows
        log.exception("stale private replies of interaction %s stay", interaction.id)


async def _say(interaction: discord.Interaction, text: str) -> None:
    try:
        await tell_privately(interaction, text)
    except discord.HTTPException:
        log.warning("could not answer interaction %s privately", interaction.id)


def entry(ack: Ack) -> Callable[[F], F]:
    """Route a callback through the platform: acknowledge as ``ack``, then run it (see module doc)."""
    if ack is Ack.PUBLIC:
        raise ValueError("a public acknowledgement comes after the checks: use acknowledge()")

    def decorate(callback: F) -> F:
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            return await run(callback, ack, args, kwargs)

        run = _run
        # discord.py reads a slash command's parameter annotations in ``callback.__globals__``:
        # the wrapper gets the callback's module globals (it uses only its closure), so
        # ``from __future__ import annotations`` strings resolve as in the callback's module.
        rebuilt = types.FunctionType(
            wrapper.__code__,
            callback.__globals__,
            callback.__name__,
            wrapper.__defaults__,
            wrapper.__closure__,
        )
        functools.update_wrapper(rebuilt, callback)
        setattr(rebuilt, ENTRY_MARK, ack)
        return rebuilt  # type: ignore[return-value]

    return decorate


def entry_kind(callback: Any) -> Ack | None:
    """The ``Ack`` a callback was routed through ``entry`` with, or None if it wasn't."""
    return getattr(callback, ENTRY_MARK, None)
