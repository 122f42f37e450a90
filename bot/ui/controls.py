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
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import discord

from bot.games.base import Action, State, View
from bot.i18n import N_
from bot.ui import replies
from bot.ui.interactions import Ack, entry, picked_values

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


Path = Callable[[discord.Interaction, Click], Awaitable[None]]
PATHS: dict[Role, Path] = {}
"""How the platform plays each role (filled by ``bot.ui.clicks``); an ``OWN`` control runs its own."""


class ControlItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"(?!)"):
    """A declared control's item; each declaration has its own subclass (``item_class``)."""

    control: ClassVar[Control]

    def __init__(self, item: discord.ui.Item[Any], fields: dict[str, str]) -> None:
        super().__init__(item)
        self.fields = fields

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ControlItem:
        return cls(item, match.groupdict())

    @entry(Ack.NONE)
    async def callback(self, interaction: discord.Interaction) -> None:
        click = Click(
            self.control, self.fields, tuple(picked_values(interaction)), message=interaction.message
        )
        replies.about(interaction, click.game_id, int(self.fields.get("dec") or 0))  # its private lines' game
        await (self.control.run or PATHS[self.control.role])(interaction, click)


_CLASSES: dict[str, type[ControlItem]] = {}


def item_class(control: Control) -> type[ControlItem]:
    """The ``DynamicItem`` class of ``control`` (one a declaration, made once)."""
    made = _CLASSES.get(control.template)
    if made is None:
        name = "".join(part.title() for part in re.split(r"[^A-Za-z]+", control.name)) + "Item"
        made = type(name, (ControlItem,), {"control": control}, template=control.pattern)
        _CLASSES[control.template] = made
    return made


def button(
    control: Control,
    game_id: int,
    decision: int,
    *,
    label: str | None,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    emoji: str | None = None,
    **fields: Any,
) -> ControlItem:
    """A button of ``control`` (its custom_id filled from ``fields``)."""
    custom_id = control.custom_id(game_id, decision, **fields)
    item: discord.ui.Button[Any] = discord.ui.Button(
        label=label, style=style, emoji=emoji, custom_id=custom_id
    )
    return item_class(control)(item, {"game": str(game_id), "dec": str(decision), **map_str(fields)})


def select(
    control: Control,
    game_id: int,
    decision: int,
    *,
    options: list[discord.SelectOption],
    placeholder: str | None,
    count: int | None = None,
    **fields: Any,
) -> ControlItem:
    """A select of ``control``; ``count``: exactly that many options are picked (default one,
    left unsaid in the component)."""
    custom_id = control.custom_id(game_id, decision, **fields)
    item: discord.ui.Select[Any] = discord.ui.Select(
        placeholder=placeholder, options=options, custom_id=custom_id
    )
    if count is not None:
        item.min_values = item.max_values = count
    return item_class(control)(item, {"game": str(game_id), "dec": str(decision), **map_str(fields)})


def map_str(fields: dict[str, Any]) -> dict[str, str]:
    return {name: str(value) for name, value in fields.items()}


def control_of(item: Any) -> Control | None:
    """The declaration an item was built from (``None`` for any other item)."""
    return item.control if isinstance(item, ControlItem) else None


def of_controls(items: Iterable[Any], *controls: Control) -> list[ControlItem]:
    """The items among ``items`` built from one of ``controls``."""
    return [item for item in items if isinstance(item, ControlItem) and item.control in controls]


def option_values(item: ControlItem) -> list[str]:
    """The values a select item offers (none for a button)."""
    return [option.value for option in getattr(item.item, "options", [])]


def played_by(item: Any) -> Action | None:
    """The action a button of a ``PLAY`` control plays (``None`` for any other item)."""
    control = control_of(item)
    if control is None or control.role is not Role.PLAY:
        return None
    return control.action(Click(control, item.fields))
