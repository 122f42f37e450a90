"""Observatory panels offer exactly the legal options, and every move they can play is legal.

Each panel is explored like a player would: every stage button is followed and every option of
every list picked; the confirm buttons reached and the options of every list of moves (which
play at once) are decoded and applied to the engine, which must accept each one. The plots,
research spaces and placements offered must also be all of the view's legal ones (nothing
missing), and long cell lists fit Discord's limits.
"""

from __future__ import annotations

import itertools

import pytest

from bot.faces.observatory.items import action_of
from bot.faces.observatory.panels import build_panel
from bot.faces.observatory.words import cell_groups, cell_text
from bot.games import get_game
from bot.games.base import IllegalAction
from bot.games.rng import Rng

GAME = get_game("observatory")
NAMES = ["Ada", "Bea", "Cy"]
ALL_CELLS = [f"{c}{r}" for r in range(1, 13) for c in "ABCDEFGHIJKL"]


def explore(view) -> tuple[set[str], int]:
    """Every confirm code reachable from the home stage of a seat's panel; and stages seen."""
    todo, seen, codes = [("h", None)], set(), set()
    while todo:
        stage, picked = todo.pop()
        if (stage, picked) in seen:
            continue
        seen.add((stage, picked))
        out = build_panel(view, NAMES, 7, stage, picked)
        assert len(out.items) <= 25 and out.layout() is not None or not out.items
        for item in out.items:
            inner = item.item
            custom_id = inner.custom_id
            assert len(custom_id) <= 100
            head, _, rest = custom_id.partition(":")[2].partition(":")
            parts = custom_id.split(":")
            if head == "go":
                todo.append((parts[4], None))
            elif head == "pick":
                assert len(inner.options) <= 25
                values = [o.value for o in inner.options]
                if inner.min_values > 1:
                    combos = [".".join(c) for c in itertools.combinations(values, inner.min_values)]
                else:
                    combos = values
                todo += [(parts[4], v) for v in combos]
            elif head == "play":
                assert len(inner.options) <= 25
                codes |= {o.value for o in inner.options}
            elif head == "do":
                codes.add(parts[5])
    return codes, len(seen)


def same_worth(code: str, worth: dict[int, tuple]) -> str:
    """A plot or research code with die numbers replaced by what the dice are worth."""
    parts = code.split(".")
    if parts[0] == "plot":
        parts[1] = str(sorted(worth[int(k)] for k in parts[1]))
    elif parts[0] == "res":
        parts[1] = str(worth[int(parts[1])])
    return ".".join(parts)


def states(seats: int, seed: int, first_game: int, limit: int = 12):
    """Distinct decision points of a bot-played game (the first ``limit`` of each kind)."""
    state = GAME.setup(seats, {"first_game": first_game}, seed)
    rng = Rng(seed)
    kinds: dict[str, int] = {}
    while not GAME.is_over(state):
        for seat in GAME.to_act(state):
            kind = (GAME.view(state, seat).get("choice") or {}).get("kind", "-")
            if kinds.get(kind, 0) < limit:
                kinds[kind] = kinds.get(kind, 0) + 1
                yield state, seat
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng)).state


@pytest.mark.parametrize("seats,seed,first_game", [(2, 5, 0), (1, 6, 1)])
def test_every_confirm_a_panel_offers_is_legal_and_nothing_is_missing(seats, seed, first_game):
    checked = 0
    for state, seat in states(seats, seed, first_game):
        view = GAME.view(state, seat)
        codes, _ = explore(view)
        for code in codes:
            action = action_of(code)
            assert action is not None, code
            if action["kind"] == "undo":
                continue
            try:
                GAME.apply(state, seat, action)
            except IllegalAction as error:  # pragma: no cover - the failure message says it all
                raise AssertionError(f"panel offered an illegal {action}: {error}") from error
            checked += 1
        choice = view["choice"]
        if choice["kind"] in ("decide", "night_bonus"):
            # dice of equal worth are interchangeable, so the panel may offer one of them only
            worth = {d["index"]: (d["value"], d["wild"]) for d in choice.get("dice") or []}
            codes = {same_worth(code, worth) for code in codes}
            expected = set()
            if not choice.get("plotted"):
                expected |= {
                    same_worth(f"plot.{p['dice'][0]}{p['dice'][1]}.{c}", worth)
                    for p in choice["plots"]
                    for c in p["cells"]
                }
            if not choice.get("researched"):
                expected |= {
                    same_worth(f"res.{r['die']}.{t}.{s}", worth)
                    for r in choice["research"]
                    for t, spaces in r["spaces"].items()
                    for s in spaces
                }
            expected |= {
                f"cp.{card}.{p['id']}" for card, ps in (choice.get("placements") or {}).items() for p in ps
            }
            shooting = choice.get("shooting") or {}
            if not shooting.get("used"):
                expected |= {f"ss.{c}" for c in shooting.get("cells") or []}
            assert expected <= codes, f"panel misses {sorted(expected - codes)[:5]}"
        if choice["kind"] == "refill":  # complete at any time: a goal that fits is offered here too
            legal = GAME.legal_actions(state, seat)
            expected = {f"cp.{a['card']}.{a['placement']}" for a in legal if a["kind"] == "complete"}
            expected |= {"done"} if {"kind": "done"} in legal else set()
            expected |= {
                f"take.sky.{a['card']}" for a in legal if a["kind"] == "take" and a["source"] == "sky"
            }
            assert expected <= codes, f"refill panel misses {sorted(expected - codes)[:5]}"
    assert checked > 30


def test_cell_lists_follow_the_map_labels_and_fit_discord():
    assert cell_text("C4") == "C4 · dice row 4, col 3"
    assert cell_text("J11") == "J11 · dice row 5, col 4"
    groups = cell_groups(ALL_CELLS)
    assert all(len(cells) <= 25 for _, cells in groups)
    assert [c for _, cells in groups for c in cells] == ALL_CELLS  # map order, nothing lost
    assert groups[0][0] == "rows 1–2" and len(groups) == 6
    few = cell_groups(["L12", "A1", "B1"])
    assert few == [("rows 1–12", ["A1", "B1", "L12"])]


def test_stale_or_unknown_stage_falls_back_to_home():
    state = GAME.setup(2, {"first_game": 1}, 3)
    rng = Rng(1)
    while GAME.view(state, None)["phase"] != "decide":
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng)).state
    view = GAME.view(state, GAME.to_act(state)[0])
    for stage in ("zz", "p99", "r7", "cNOPE", "g999", "f"):
        out = build_panel(view, NAMES, 7, stage, None)
        plots = [
            o.value
            for i in out.items
            if i.item.custom_id.startswith("obs:play:")
            for o in i.item.options
            if o.value.startswith("plot.")
        ]
        assert plots or "isn't available" in out.content, stage
    # a picked value that is not legal never turns into a move
    out = build_panel(view, NAMES, 7, "p01", "Z99")
    assert not [i for i in out.items if "Z99" in i.item.custom_id]
    assert not [
        o
        for i in out.items
        if i.item.custom_id.startswith("obs:play:")
        for o in i.item.options
        if "Z99" in o.value
    ]


def test_refill_panel_offers_completing_a_goal_that_already_fits_then_its_bonus():
    """Complete at any time: a seat refilling whose goal fits its stars sees Complete, then the
    card's bonus, then the card list again; every confirm reached is legal."""
    from bot.games.observatory.components import load_cards
    from bot.games.observatory.model import parse_cell

    state = GAME.setup(2, {"first_game": 1}, 5)
    fits = next(
        c for c in load_cards().values() if len(c.stars) == 2 and (c.bonus or {}).get("kind") == "free_star"
    )
    for pile in [*state["decks"].values(), *state["sky"].values(), *(s["goals"] for s in state["sheets"])]:
        if fits.id in pile:
            pile.remove(fits.id)
    state["sheets"][0]["goals"] = state["sheets"][0]["goals"][:3] + [fits.id]
    state["sheets"][0]["stars"] = [parse_cell(f"{'ABCDEFGHIJKL'[c + 2]}{r + 3}") for r, c in fits.stars]
    state["phase"], state["refill"] = "refill", {"queue": [0], "passed": False}
    view = GAME.view(state, 0)
    codes, _ = explore(view)
    pid = view["choice"]["placements"][fits.id][0]["id"]
    assert f"cp.{fits.id}.{pid}" in codes and "done" in codes
    assert not [c for c in codes if c.startswith("take.")], "four goals: nothing to take"
    state = GAME.apply(state, 0, action_of(f"cp.{fits.id}.{pid}")).state
    codes, _ = explore(GAME.view(state, 0))
    stars = [c for c in codes if c.startswith("fs.")]
    assert stars and not [c for c in codes if c.startswith("take.")], "the bonus comes first"
    state = GAME.apply(state, 0, action_of(stars[0])).state
    codes, _ = explore(GAME.view(state, 0))
    assert [c for c in codes if c.startswith("take.")] and "done" not in codes


def test_last_to_finish_who_rolls_next_gets_the_roll_panel() -> None:
    """Finishing a turn as the next roller leads straight to the roll, not to "Nothing to decide …
    Waiting for: <you>". (Through the presenter's ``panel``, which is how the callbacks get it.)"""
    from bot.faces.observatory import PRESENTER

    state = GAME.setup(2, {"first_game": 1}, 3)
    rng = Rng(1)
    found = False
    while not GAME.is_over(state) and not found:
        seat = GAME.to_act(state)[0]
        action = GAME.bot_action(state, seat, rng)
        state = GAME.apply(state, seat, action).state
        view = GAME.view(state, seat)
        if action["kind"] in ("done", "keep") and (view.get("choice") or {}).get("kind") == "roll":
            found = True
            out = PRESENTER.panel(view, NAMES[:2], 7, finished=action["kind"])
            assert "Nothing to decide" not in out.content and "Waiting for" not in out.content
            assert any(
                "obs:do:" in item.item.custom_id and item.item.custom_id.endswith(":roll")
                for item in out.items
            )
    assert found


def test_research_options_say_how_full_the_track_is() -> None:
    """An empty track is said to be empty (not "1 of 5 filled"), and the number is the printed one."""
    from bot.faces.observatory.words import space_options

    empty = {"sheet": {"research": {"lens": [], "drive": [2, 3]}}}
    lens, drive = space_options(empty, {"lens": [2], "drive": [4]}, "res.1")
    assert lens.label == "Lens · space printed 2" and lens.value == "res.1.lens.2"
    assert lens.description.startswith("0 of 5 filled")
    assert "unlocks" in drive.description
