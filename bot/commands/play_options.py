"""The ``/play`` parameters of the games' lobby options, derived from the registry.

Every ``OptionSpec`` of every registered game becomes one optional parameter of ``/play`` (an
option two games declare alike is one parameter), so a new game's options reach the command
without editing the lobby: ``with_game_options`` gives the command's callback the parameters,
their descriptions and their choices, and ``chosen`` reads what the host picked.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from discord import app_commands

from bot.games.base import Game, OptionSpec

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class PlayOption:
    """One lobby option as a ``/play`` parameter."""

    spec: OptionSpec
    titles: tuple[str, ...]
    """The games that declare it."""

    @property
    def on_off(self) -> bool:
        return set(self.spec.choices) == {0, 1}

    def description(self) -> str:
        if self.spec.command:
            return self.spec.command
        text = self.spec.description
        return f"{' / '.join(self.titles)}: {text[:1].lower()}{text[1:]} (default {self.spec.default})"

    def choices(self) -> list[app_commands.Choice[int]]:
        names = self.spec.choice_names or tuple(str(value) for value in self.spec.choices)
        return [app_commands.Choice(name=n, value=v) for n, v in zip(names, self.spec.choices, strict=True)]

    def parameter(self) -> inspect.Parameter:
        annotation = bool | None if self.on_off else app_commands.Choice[int] | None
        return inspect.Parameter(
            self.spec.name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=annotation
        )

    def value(self, given: Any) -> int:
        return int(given) if self.on_off else int(given.value)


def play_options(games: Iterable[Game]) -> tuple[PlayOption, ...]:
    """Every game's options in registry order; a name two games share must mean the same thing."""
    found: dict[str, PlayOption] = {}
    for game in games:
        for spec in game.options:
            seen = found.get(spec.name)
            if seen is None:
                found[spec.name] = PlayOption(spec, (game.title,))
                continue
            if (seen.spec.choices, seen.spec.default) != (spec.choices, spec.default):
                raise ValueError(f"{game.title} declares the lobby option {spec.name!r} unlike {seen.titles}")
            found[spec.name] = PlayOption(seen.spec, (*seen.titles, game.title))
    return tuple(found.values())


def with_game_options(options: tuple[PlayOption, ...]) -> Callable[[F], F]:
    """Give a command callback ``(interaction, …, **given)`` one keyword parameter per option,
    described and with its choices (on/off options are yes/no parameters)."""

    def decorate(callback: F) -> F:
        signature = inspect.signature(callback)
        fixed = [p for p in signature.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
        callback.__signature__ = signature.replace(  # type: ignore[attr-defined]
            parameters=[*fixed, *(option.parameter() for option in options)]
        )
        callback = app_commands.describe(**{o.spec.name: o.description() for o in options})(callback)
        with_choices = {o.spec.name: o.choices() for o in options if not o.on_off}
        return app_commands.choices(**with_choices)(callback) if with_choices else callback

    return decorate


def chosen(options: tuple[PlayOption, ...], given: dict[str, Any]) -> dict[str, int]:
    """The options the host set (``given``: the command's keyword arguments), as the rules take them."""
    return {o.spec.name: o.value(given[o.spec.name]) for o in options if given.get(o.spec.name) is not None}
