"""A face's controls as data: one declaration per control gives its custom_id template, what a click
on it does (its ``Role``) and, for a control that plays, the codec from its custom_id to an action.

The platform (``bot.ui.clicks``) plays them: it keeps the few ``DynamicItem``s game panels need,
decodes a click through the declaration, calls the move core and redraws the clicked panel once,
asking the face (its ``Presenter``) what to show. A face writes no ``DynamicItem`` and no callback;
what it writes here and in its presenter are pure functions of a view, testable without Discord.

A custom_id is ``template`` with ``{game}`` and ``{dec}`` (the game and decision ids, digits) and
the face's own ``{fields}``, each matched by its pattern in ``fields``: the one string gives both
the id an item is sent with and the pattern a click after a restart is recognised by.
"""

from __future__ import annotations

import enum
import re
import string
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.games.base import Action, State, View
from bot.i18n import N_

DIGITS = r"\d+"
BAD_BUTTON = N_("That button doesn't match anything I can play. Open a fresh panel with **Open my panel**.")


class Role(enum.Enum):
    """What a click on a control does; the platform has one way of playing each."""

    PLAY = "play"  # plays the action its code stands for (in its custom_id, or the option picked)
    STEP = "step"  # shows another sub-step of the same choice: the panel is redrawn, nothing played
    FORM = "form"  # opens a typed form; what is typed is played or shown as a sub-step
    OWN = "own"  # the escape hatch: the face's own ``Control.run`` answers the click


@dataclass(frozen=True)
class Form:
    """A typed form's one text field, in ``N_`` texts translated when the form opens."""

    title: str
    label: str
    placeholder: str
    min_length: int
    max_length: int
    field_id: str
    custom_id: str  # the modal's template: "{prefix}:form:{game}:{dec}"


@dataclass(frozen=True)
class Click:
    """One click on a declared control: its fields as the custom_id carried them, what a select
    picked, what a form typed, and the message it sits on (whose pictures a redraw may keep)."""

    control: Control
    fields: Mapping[str, str]
    picked: tuple[str, ...] = ()
    typed: str = ""
    message: discord.Message | None = None

    @property
    def game_id(self) -> int:
        return int(self.fields["game"])

    @property
    def decision(self) -> int:
        return int(self.fields["dec"])

    def __getitem__(self, name: str) -> str:
        return self.fields[name]


@dataclass(frozen=True)
class Played:
    """A click's move, played: what the face's ``after_play`` decides the clicked panel shows from.
    ``same_step``: the game still waits on the decision the click was made on; ``to_act``: on
    the clicker's seat; ``ephemeral``: the clicked panel is an ephemeral copy."""

    click: Click
    action: Action
    seat: int
    state: State
    same_step: bool
    to_act: bool
    active: bool
    dm_open: bool
    ephemeral: bool

    @property
    def kind(self) -> str:
        return str(self.action.get("kind", ""))


def _never(click: Click) -> bool:
    return False


def _no_action(click: Click) -> Action | None:
    return None


def _no_kind(click: Click) -> str | None:
    return None


@dataclass(frozen=True, eq=False)  # one declaration, one control: compared and hashed by identity
class Control:
    """One control of a face (see the module docstring). ``action``: a ``PLAY`` control's codec,
    ``None`` for a click that matches no action (refused, nothing played); ``in_thread``: the
    control sits on a public message, so its play is answered privately instead of redrawing it;
    ``form``: a ``FORM`` control's form; ``refused``: what a click whose code matches no action
    is told (``N_``); ``public_kind``: the kind of an old public control, whose click after its
    step is refused in the face's words for it (``Presenter.stale_text``); ``run``: an ``OWN``
    control's answer (the escape hatch)."""

    template: str
    role: Role
    fields: Mapping[str, str] = field(default_factory=dict)
    action: Callable[[Click], Action | None] = _no_action
    in_thread: Callable[[Click], bool] = _never
    form: Form | None = None
    refused: str = BAD_BUTTON
    public_kind: Callable[[Click], str | None] = _no_kind
    run: Callable[[discord.Interaction, Click], Awaitable[None]] | None = None

    @property
    def name(self) -> str:
        """The fixed start of its custom_ids (``obs:do``), naming it in logs and tests."""
        return self.template.split(":{", 1)[0]

    @property
    def pattern(self) -> str:
        """The regular expression its custom_ids match (a click after a restart is routed by it)."""
        parts = []
        for literal, name, _spec, _conv in string.Formatter().parse(self.template):
            parts.append(re.escape(literal))
            if name is not None:
                parts.append(f"(?P<{name}>{DIGITS if name in ('game', 'dec') else self.fields[name]})")
        return "".join(parts)

    def custom_id(self, game_id: int, decision: int, **fields: Any) -> str:
        return self.template.format(game=game_id, dec=decision, **fields)


@dataclass(frozen=True)
class Seen:
    """What a face decides a click from, besides the view: the seat's names, the game, its
    stored state (a preview applies the move on it) and the seat."""

    view: View
    names: list[str]
    game_id: int
    seat: int
    state: State
