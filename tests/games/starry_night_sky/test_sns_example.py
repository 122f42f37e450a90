"""The rulebook's example turn, replayed on our map: 8 points with a bonus exploration.

Our stand-ins: Skyler's telescope starts on Proud Rooster (c25); the partly mapped neighbour is
Busy Beehive (c24) with its red and blue spots still empty; the bonus move jumps over two fully
mapped constellations, Quiet Windmill (c13) and Crooked Umbrella (c05), and START, to discover
Sleepy Kettle (c01), whose Discovery marker comes from the 2-point part of the Night Track.
"""

from __future__ import annotations

from sns_helpers import END, GAME, blank, fill, last_summary, move, place, run, turn_log

from bot.games.starry_night_sky.model import NIGHT_TRACK
from bot.games.starry_night_sky.moves import routes


def skyler_state() -> dict:
    """3 players, seat 0 (Skyler) about to assign a red and a yellow just drawn."""
    state = blank(seats=3, step="assign")
    state["night"] = list(NIGHT_TRACK[6:16])  # markers 1-6 already taken: next one scores 2
    fill(state, "c25", ["red", "blue"])  # where Skyler's telescope stands
    fill(state, "c24", ["yellow", "yellow"])  # partly mapped: red and blue still empty
    fill(state, "c13")  # fully mapped
    fill(state, "c05")  # fully mapped
    player = state["players"][0]
    player["at"] = "c25"
    player["pools"] = [["yellow", "blue"], ["red"], ["blue", "red", "yellow", "yellow"]]
    player["goals"] = ["g33", "g36"]  # g36: stars in two constellations, drawn this turn
    state["turn"].update(drawn=["red", "yellow"], gathered=["red", "yellow"], drew_goal="g36")
    return state


def test_skyler_scores_eight_points_in_one_turn() -> None:
    state = skyler_state()
    before = dict(state["players"][0]["score"])
    decision = GAME.decision_id(state)

    state, _ = run(state, {"kind": "assign", "pools": [0, 1]})
    assert state["players"][0]["pools"][:2] == [["yellow", "blue", "red"], ["red", "yellow"]]

    state, events = run(state, move("c24"))
    assert state["turn"]["bonus_due"] and state["turn"]["explorations"][0]["marker"] == 0

    state, events = run(state, place(2, blue=1, red=1))
    assert state["board"]["c24"]["filled"] == [True] * 4
    assert events == [] and "Busy Beehive is now fully mapped." in turn_log(state)
    assert state["turn"]["step"] == "bonus_move"

    reach = routes(state, 0)
    assert reach["c01"]["skips"] == ["c13", "c05", "START"]
    state, events = run(state, move("c01"))
    assert state["turn"]["explorations"][1]["discovered"]
    assert state["turn"]["explorations"][1]["marker"] == 2
    assert state["board"]["c01"]["marker"] == 2 and state["board"]["c01"]["by"] == 0

    state, events = run(state, place(0, yellow=1, blue=1))
    assert not all(state["board"]["c01"]["filled"])
    assert "g36" not in state["players"][0]["goals"]
    assert state["turn"]["step"] == "end" and GAME.decision_id(state) == decision

    state, events = run(state, END)
    after = state["players"][0]["score"]
    gained = {k: after[k] - before[k] for k in after}
    assert gained == {"discovery": 2, "stars": 4, "goals": 2}
    assert sum(gained.values()) == 8
    summary = last_summary(state)
    assert summary in events and summary.startswith("{0} ") and "8 points this turn" in summary
    assert GAME.decision_id(state) != decision and state["current"] == 1


def test_summary_reads_like_the_turn() -> None:
    state = skyler_state()
    state, events = run(
        state,
        {"kind": "assign", "pools": [0, 1]},
        move("c24"),
        place(2, blue=1, red=1),
        move("c01"),
        place(0, yellow=1, blue=1),
        END,
    )
    summary = last_summary(state)
    assert summary in events
    assert "placed 2 stars on Busy Beehive (+2)" in summary
    assert "discovered Sleepy Kettle (+2)" in summary
    assert (
        "completed “Put stars into two different constellations this turn.” (+2: placed stars in "
        "Busy Beehive and Sleepy Kettle)" in summary
    )
    assert summary == events[0]
