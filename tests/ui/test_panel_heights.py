"""Every panel fits a phone (issue 29): at 400 px wide, a panel's first control sits within 700 px
of its card's top, and no panel shows more than 3 select menus at once (each is two taps).

Measured from what each card contains, as the sandbox page draws it (``tests/ui/panel_heights``),
over seeded games of every title: each seat's panel at every state it is asked something, and
every sub-step its step controls (``Role.STEP``: a Back, a stage button, a pick) open from there.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.faces import PRESENTERS
from bot.games import GAMES
from bot.ui.controls import Click, ControlItem, Role, Seen
from bot.ui.interactions import Refusal
from bot.ui.outgoing import Outgoing
from tests.ui.panel_heights import Height, Pictures, measure, unwrapped
from tests.ui.seeded_games import seeded_states

FIRST_CONTROL, SELECTS = 700, 3
NAMES = ["Ada", "Bea", "Cy"]
SEEDS = (3, 17)
EVERY = 2  # every other state of a game (a draft's moves change it a step at a time)


def states(slug: str, seed: int) -> Iterator[dict[str, Any]]:
    """The states of a seeded game of 3 seats, its bots' moves mixed with random legal ones."""
    return seeded_states(slug, seed, 3)


def sub_steps(slug: str, state: dict[str, Any], seat: int, out: Outgoing) -> Iterator[tuple[str, Outgoing]]:
    """The panels ``out``'s step controls open, as the platform's ``step`` path draws them."""
    presenter, view = PRESENTERS[slug], GAMES[slug].view(state, seat)
    seen = Seen(view, NAMES, 1, seat, state)

    def panel(keep: bool = True, **stage: Any) -> Outgoing:
        return presenter.panel(view, NAMES, 1, **stage)

    for item in out.items:
        if not isinstance(item, ControlItem) or item.control.role is not Role.STEP:
            continue
        control = unwrapped(item)
        picked: tuple[str, ...] = ()
        if isinstance(control, discord.ui.Select):
            picked = tuple(o.value for o in control.options[: max(1, control.min_values)])
        try:
            yield item.custom_id, presenter.step(seen, Click(item.control, item.fields, picked), panel)
        except Refusal:
            continue


def panels(slug: str, seed: int) -> Iterator[tuple[str, Outgoing]]:
    game, presenter = GAMES[slug], PRESENTERS[slug]
    for n, state in enumerate(states(slug, seed)):
        if n % EVERY:
            continue
        for seat in game.to_act(state):
            out = presenter.panel(game.view(state, seat), NAMES, 1)
            where = f"seed {seed} state {n} seat {seat}"
            yield where, out
            for custom_id, deeper in sub_steps(slug, state, seat, out):
                yield f"{where} {custom_id}", deeper


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_panel_fits_a_phone(slug: str) -> None:
    pictures = Pictures()
    tallest: tuple[int, str] = (0, "")
    over: list[str] = []
    measured = 0
    for seed in SEEDS:
        for where, out in panels(slug, seed):
            height: Height = measure(out, pictures)
            measured += 1
            if height.first_control is not None:
                tallest = max(tallest, (height.first_control, where))
                if height.first_control > FIRST_CONTROL:
                    over.append(f"{where}: first control {height.first_control} px")
            if height.selects > SELECTS:
                over.append(f"{where}: {height.selects} selects")
    print(f"{slug}: {measured} panels, first control at most {tallest[0]} px ({tallest[1]})")
    assert measured > 20
    assert not over, over[:8]
