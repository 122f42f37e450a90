"""Whom a table waits for (``bot.waiting``), said by every game's status line and waiting panel
(issue 20): the seats of the engine's ``to_act`` by name, a bot seat as the bot's.

Each game is played from its setup by its own bot player, and at every step the public status
line and the panel of every seat with nothing to decide are read against ``to_act``.
"""

from __future__ import annotations

import pytest

from bot.faces import PRESENTERS
from bot.games import get_game
from bot.games.rng import Rng
from bot.i18n import speaking
from bot.i18n.languages import Language
from bot.i18n.waiting import Names, bot_plays, seat_name, waiting_for

SEATS = 3
STEPS = 120  # decisions played per game: several steps and turns of each


def test_waiting_for_says_humans_bots_and_handed_over_seats():
    names = Names(["Ada", "Bea", "Bot 1", "Cy"], bots=[2], autopilot=[3])
    assert waiting_for([0], names) == "Waiting for Ada"
    assert waiting_for([0, 1], names) == "Waiting for Ada and Bea"
    assert waiting_for([2], names) == "Bot 1 is playing…"
    assert waiting_for([3], names) == "The bot is playing for Cy"
    assert waiting_for([0, 2], names) == "Waiting for Ada · Bot 1 is playing…"
    assert waiting_for([], names) == ""
    assert [seat_name(names, s) for s in range(4)] == ["Ada", "Bea", "Bot 1 (bot)", "Cy (played by the bot)"]
    assert bot_plays(names, 2) and bot_plays(names, 3) and not bot_plays(names, 0)
    assert "{2} moved".format(*names) == "Bot 1 moved" and names == ["Ada", "Bea", "Bot 1", "Cy"]
    assert waiting_for([1], ["Ada", "Bea"]) == "Waiting for Bea", "a plain list knows no bots"
    with speaking(Language("it")):
        assert waiting_for([0, 1, 3], names) == "Si aspetta Ada e Bea · Il bot gioca al posto di Cy"


def names_for(slug: str) -> Names:
    """Two humans and a bot seat (A Sky of Stars has no bot seats: a seat handed to the bot)."""
    if get_game(slug).allows_bot_seats:
        return Names(["Ada", "Bea", "Bot 1"], bots=[2])
    return Names(["Ada", "Bea", "Cy"], autopilot=[2])


def said_for(seat: int, names: Names) -> str:
    """How a waited-for seat is named: its name, or the bot's line for it."""
    return waiting_for([seat], names) if bot_plays(names, seat) else names[seat]


@pytest.mark.parametrize("slug", sorted(PRESENTERS))
def test_status_line_and_waiting_panels_name_whom_the_game_waits_for(slug):
    game, presenter = get_game(slug), PRESENTERS[slug]
    names = names_for(slug)
    state = game.setup(SEATS, game.validate_options({}), seed=20)
    rng = Rng(7)
    checked = panels = 0
    for _step in range(STEPS):
        if game.is_over(state):
            break
        waiting = game.to_act(state)
        line = presenter.progress(game.view(state, None), names)
        for seat in waiting:
            assert said_for(seat, names) in line, (slug, waiting, line)
        bot = 2 in waiting
        assert (waiting_for([2], names) in line) == bot, (slug, waiting, line)
        for seat in set(range(SEATS)) - set(waiting):  # nothing to decide: whom are we waiting for?
            panel = presenter.panel(game.view(state, seat), names, 1)
            if "Nothing to do" in panel.content or "Nothing to decide" in panel.content:
                panels += 1
                for other in waiting:
                    assert said_for(other, names) in panel.content, (slug, seat, waiting, panel.content)
        checked += 1
        if not waiting:  # a pause nobody acts in (A Sky of Stars' reveal) runs out
            state = game.apply(state, None, {"kind": "timeout"}).state
            continue
        seat = waiting[0]
        action = game.bot_action(state, seat, rng)
        if action is None:  # a step the bot leaves to its countdown (guessing in A Sky of Stars)
            action, seat = {"kind": "timeout"}, None
        state = game.apply(state, seat, action).state
    assert checked > 20, f"{slug}: only {checked} steps looked at"
    if slug != "starry-night-sky":  # its waiting panel says "Not your turn"
        assert panels > 0, f"{slug}: no waiting panel was looked at"


def test_a_bot_turn_in_starry_night_sky_is_not_sent_to_a_panel():
    """The step message of a bot's turn says the bot is playing; a person's, that the table waits for them."""
    game, presenter = get_game("starry-night-sky"), PRESENTERS["starry-night-sky"]
    state = game.setup(2, game.validate_options({}), seed=3)
    seat = game.to_act(state)[0]
    seated = ["Ada", "Bea"]
    seated[seat] = "Bot 1"
    robot = presenter.step_message(game.view(state, None), Names(seated, bots=[seat]), 1)
    human = presenter.step_message(game.view(state, None), Names(seated), 1)
    assert "Bot 1 is playing…" in robot.content and "DMs" not in robot.content
    assert "Bot 1 is playing…" in (robot.footer or "")
    assert human.content.startswith("Waiting for Bot 1\n") and "is playing…" not in human.content


def played_until(slug: str, seats: int, reached) -> dict:
    """A state of ``slug`` played by its bot player until ``reached(public view)``."""
    game, rng = get_game(slug), Rng(11)
    state = game.setup(seats, game.validate_options({}), seed=11)
    for _step in range(200):
        if reached(game.view(state, None)):
            return state
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.bot_action(state, seat, rng)).state
    raise AssertionError(f"{slug} never reached the step")


@pytest.mark.parametrize(
    "slug, reached",
    [
        ("star-gazers", lambda view: view["phase"] == "draft"),
        ("observatory", lambda view: view["phase"] == "roll"),
    ],
)
def test_a_bot_turn_opens_with_the_bot_playing_not_a_call_to_a_player(slug, reached):
    game, presenter = get_game(slug), PRESENTERS[slug]
    state = played_until(slug, 2, reached)
    seat = game.to_act(state)[0]
    seated = ["Ada", "Bea"]
    seated[seat] = "Bot 1"
    robot = presenter.step_message(game.view(state, None), Names(seated, bots=[seat]), 1)
    human = presenter.step_message(game.view(state, None), Names(seated), 1)
    assert "Bot 1 is playing…" in robot.content and "Bot 1 is playing…" in (robot.footer or "")
    assert "your turn" not in robot.content and "press" not in robot.content
    assert "Bot 1 is playing…" not in human.content


def played_to(slug: str, seats: int, reached) -> dict:
    """Like ``played_until``, with room for a whole game."""
    game, rng = get_game(slug), Rng(5)
    state = game.setup(seats, game.validate_options({}), seed=5)
    for _step in range(3000):
        if reached(game.view(state, None)):
            return state
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.bot_action(state, seat, rng)).state
    raise AssertionError(f"{slug} never reached the step")


@pytest.mark.parametrize("slug", ["observatory", "star-gazers", "starry-night-sky"])
def test_a_finished_panel_points_to_the_results_where_the_table_is(slug):
    """A thread game's panel sends its player to the thread; a practice table's (`/learn`, all
    in the player's DMs) says the results are in that chat, where its cards are."""
    game, presenter = get_game(slug), PRESENTERS[slug]
    state = played_to(slug, 2, lambda view: view["phase"] == "over")
    view = game.view(state, 0)
    in_thread = presenter.panel(view, Names(["Ada", "Bot 1"], bots=[1]), 1).content
    at_dm_table = presenter.panel(view, Names(["Ada", "Bot 1"], bots=[1], in_dms=True), 1).content
    assert "in the game thread" in in_thread
    assert "the results are right here in this chat" in at_dm_table and "thread" not in at_dm_table


def test_a_practice_reveal_points_to_the_chat_not_to_a_thread():
    game, presenter = get_game("sky-of-stars"), PRESENTERS["sky-of-stars"]
    state = played_to("sky-of-stars", 3, lambda view: view["phase"] == "reveal")
    view = game.view(state, 0)
    names = ["Ada", "Bot 1", "Bot 2"]
    in_thread = presenter.panel(view, Names(names, bots=[1, 2]), 1).content
    at_dm_table = presenter.panel(view, Names(names, bots=[1, 2], in_dms=True), 1).content
    assert "out in the game thread" in in_thread
    assert "right here in this chat" in at_dm_table and "thread" not in at_dm_table
    with speaking(Language.ITALIAN):
        italian = presenter.panel(view, Names(names, bots=[1, 2], in_dms=True), 1).content
    assert "in questa chat" in italian and "thread" not in italian
