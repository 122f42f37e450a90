"""A complete A Sky of Stars game played along the shortest path through the panels (issue 20):
a roll's line takes at most two interactions (a pick, then Draw; one when the only legal line is
offered already picked), a starting star and a cross-out two, and every move's button is pressed
under the picture of exactly that move (the line drawn in, the star circled or crossed out)."""

from __future__ import annotations

import re
import statistics
from functools import partial

from bot.core.table import names_of
from bot.faces.sky_of_stars.art import images as art
from bot.faces.sky_of_stars.panels import PANEL_FILE, line_ends
from bot.faces.sky_of_stars.pictures import picture_name
from bot.ui.outgoing import Outgoing
from tests.drivers.helpers import all_text, current_record, find_component
from tests.drivers.sky_driver import GAME, Table, open_lobby, play_until, start_game, taps_per_roll

MOVE = re.compile(r"^sky:do:\d+:\d+:(?P<kind>start|stroke|cancel):(?P<arg>[A-H1-6\-]+):p$")


def preview_of(view, names, kind: str, arg: str) -> str:
    """The file name of the picture showing ``arg`` picked (named by what it draws)."""
    if kind == "cancel":
        render = partial(art.cancel_target_png, view, names, preview=arg)
    else:
        start, _dash, end = arg.partition("-")
        render = partial(art.vault_png, view, names, preview=(start, end or start))
    return picture_name(Outgoing(render=render, filename=PANEL_FILE), "vault")


def previews_checked(env, table, seen: list[tuple[str, str]], far: list[bool] | None = None):
    """A ``before_move`` that checks the panel about to be confirmed shows that very move and
    keeps (kind, arg) in ``seen``; ``far`` gets, for each line, whether it is drawn from another
    star than the nearest one reaching its end."""

    async def before_move(player, message, button):
        """The panel about to be confirmed shows that very move, in its picture and its words."""
        if ":guess:" in button:  # a guess is one press on the drawing: nothing to preview
            return
        match = MOVE.match(button)
        assert match, button
        kind, arg = match["kind"], match["arg"]
        record = await current_record(env)
        seat = next(s for s, p in enumerate(table.players) if p is player)
        view = GAME.view(record.state, seat)
        assert [a.filename for a in message.attachments] == [preview_of(view, names_of(record), kind, arg)], (
            kind,
            arg,
            "the move's button is not under the picture of that move",
        )
        for star in arg.split("-"):
            assert f"{star}" in find_component(message, button).label and star in all_text(message)
        seen.append((kind, arg))
        if kind == "stroke" and far is not None:
            start, _dash, end = arg.partition("-")
            far.append(line_ends(view["choice"]["moves"])[end][0] != start)

    return before_move


async def test_a_whole_game_takes_two_taps_a_roll_and_previews_every_move(simcord_env, capsys):
    env = simcord_env
    _guild, channel, players = await open_lobby(env)
    await start_game(env, channel, players)
    table = Table(env, channel, players, closed=set())
    seen: list[tuple[str, str]] = []
    table.before_move = previews_checked(env, table, seen)
    await play_until(env, table, lambda view: False, stop_after=5)
    assert await current_record(env) is None, "the game did not finish"

    rolls = taps_per_roll(table.taps)
    others = {kind: [n for _p, k, _r, n in table.taps if k == kind] for kind in ("start", "cancel", "guess")}
    print(
        f"\ntaps per roll's line: {rolls}\nmedian {statistics.median(rolls)}, "
        f"starts {others['start']}, cross-outs {others['cancel']}, guesses {others['guess']}"
    )
    per_game = {p.name: sum(n for name, *_rest, n in table.taps if name == p.name) for p in players}
    print(f"taps per player in the game (moves only, STOP aside): {per_game}")
    assert rolls and statistics.median(rolls) <= 2 and max(rolls) <= 2, rolls
    assert others["start"] and max(others["start"]) <= 2
    assert max(others["cancel"], default=0) <= 2
    assert max(others["guess"]) == 1
    kinds = {kind for kind, _arg in seen}
    assert {"start", "stroke"} <= kinds, kinds
    assert len(seen) == sum(1 for _p, k, *_rest in table.taps if k in {"start", "stroke", "cancel"})


async def test_any_star_of_yours_starts_a_line_in_one_more_tap(simcord_env):
    """Issue 29: a line drawn from another star than the nearest one that reaches its end is one
    pick more (the origin menu, shown only when several stars reach the end), previewed in
    the picture like any line: three interactions, never more, and every other line two."""
    env = simcord_env
    _guild, channel, players = await open_lobby(env)
    await start_game(env, channel, players)
    table = Table(env, channel, players, closed=set())
    table.far_origin = True
    seen: list[tuple[str, str]] = []
    far: list[bool] = []
    table.before_move = previews_checked(env, table, seen, far)
    await play_until(env, table, lambda view: False, stop_after=5)
    assert await current_record(env) is None, "the game did not finish"
    rolls = taps_per_roll(table.taps)
    print(
        f"\ntaps per roll's line, farthest origin: {rolls}; lines from another star: {sum(far)} of {len(far)}"
    )
    assert max(rolls) <= 3 and rolls.count(3) == sum(far), (rolls, far)
    assert sum(far) >= 3, "the game drew too few lines with a choice of origin to tell"
