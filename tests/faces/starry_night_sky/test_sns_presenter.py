"""Starry Night Sky public messages and images are built from the public view only, without a
Myth card, at every step of seeded games; panels carry only legal choices, within Discord limits."""

from __future__ import annotations

import json

import pytest

from bot.faces.starry_night_sky import plan as plans
from bot.faces.starry_night_sky.presenter import StarryNightSkyPresenter
from bot.faces.starry_night_sky.words import place_code
from bot.games import get_game
from bot.games.rng import Rng
from bot.games.starry_night_sky.simulate import random_action

GAME = get_game("starry-night-sky")
PRESENTER = StarryNightSkyPresenter()
SEAT_ONLY_KEYS = {"you", "my_myths", "my_turn", "choice", "trades", "bonus_available", "legal"}


def secrets(state) -> list[str]:
    out = []
    for seat in range(state["seats"]):
        for myth in GAME.view(state, seat)["my_myths"]:
            a, b = myth["a_name"], myth["b_name"]
            out += [f"{a} & {b}", f"{b} & {a}", myth["id"]]
    return out


def blob(out) -> tuple[str, list]:
    args = list(getattr(out.render, "args", ())) if out.render is not None else []
    return out.content + (out.title or "") + (out.footer or ""), args


def panel_ids(out) -> list[str]:
    view = out.view()
    return [item.item.custom_id for item in view.children] if view else []


@pytest.mark.parametrize("seats,seed", [(2, 1), (3, 2), (4, 3)])
def test_public_outputs_never_carry_a_myth_card(seats, seed):
    names = [f"P{i}" for i in range(seats)]
    state = GAME.setup(seats, {}, seed)
    rng = Rng(seed * 7)
    hidden = secrets(state)
    for _ in range(3000):
        public = GAME.view(state, None)
        outputs = [PRESENTER.board(public, names), PRESENTER.sheet(public, names, 0)]
        outputs.append(
            PRESENTER.results(public, names)
            if GAME.is_over(state)
            else PRESENTER.step_message(public, names, 1)
        )
        for out in outputs:
            text, args = blob(out)
            for arg in args:
                if isinstance(arg, dict):
                    assert not SEAT_ONLY_KEYS & arg.keys(), "a public image was drawn from a seat view"
            everything = text + json.dumps([a for a in args if isinstance(a, dict)], ensure_ascii=False)
            if not GAME.is_over(state):
                assert not [s for s in hidden if s in everything], "a Myth card in a public output"
        if GAME.is_over(state):
            break
        seat = state["current"]
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state
    assert GAME.is_over(state)
    final = PRESENTER.results(GAME.view(state, None), names).content
    assert all(
        f"{m['a_name']} & {m['b_name']}" in final
        for s in range(seats)
        for m in GAME.view(state, s)["my_myths"]
    ), "the results reveal every Myth card"


@pytest.mark.parametrize("seed", [4, 5])
def test_panels_offer_only_legal_choices(seed):
    """Every play button of every panel (and of each plan or preview) is a legal action right
    now, and every legal move/place/assign is reachable from the panel. An Explore step's Confirm
    plays a move and a place as one ``explore`` action: it must apply, and each of its
    destinations and placements counts as offered."""
    names = ["Ada", "Bea", "Cy"]
    state = GAME.setup(3, {}, seed)
    rng = Rng(seed)
    for _ in range(400):
        if GAME.is_over(state):
            break
        seat = state["current"]
        view = GAME.view(state, seat)
        legal = [json.dumps(a, sort_keys=True) for a in GAME.legal_actions(state, seat)]
        choice = view["choice"]
        picks = [None]
        if choice["kind"] == "move":
            picks += [("dest", d["to"]) for d in choice["destinations"]]
            picks += [
                ("place", plans.make(d["to"], p, s).code)
                for d in choice["destinations"]
                for p, s in plans.placements(d)
            ]
        if choice["kind"] == "place":
            picks += [("place", place_code(p["pool"], o)) for p in choice["pools"] for o in p["options"]]
        picks += [("trade", f"{t['goal']}.{c}") for t in view["trades"] for c in t["colours"]]
        offered = set()
        for pick in picks:
            out = PRESENTER.panel(view, names, 9, pick=pick)
            ids = panel_ids(out)
            assert len(ids) <= 25 and out.view() is not None
            for custom_id in ids:
                assert len(custom_id) <= 100
                if custom_id.startswith("sns:do:"):
                    action = do_action(custom_id)
                    if action["kind"] == "explore":
                        GAME.apply(state, seat, action)  # raises if any part of it is illegal
                        offered.add(json.dumps({"kind": "move", "to": action["to"]}, sort_keys=True))
                        continue
                    offered.add(json.dumps(action, sort_keys=True))
                    assert json.dumps(action, sort_keys=True) in legal, custom_id
        playable = {a for a in legal if json.loads(a)["kind"] != "trade"}
        assert playable <= offered, "a legal move the panel never offers"
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state


def do_action(custom_id: str) -> dict:
    from bot.faces.starry_night_sky.items import DO, action_of
    from bot.ui.controls import Click

    _, _, game, dec, kind, arg = custom_id.split(":")
    action = action_of(Click(DO, {"game": game, "dec": dec, "kind": kind, "arg": arg}))
    if action["kind"] == "place":
        action["stars"] = {k: v for k, v in action["stars"].items()}
    return action


def finished_view(seed: int = 8) -> dict:
    state = GAME.setup(2, {}, seed)
    rng = Rng(seed)
    while not GAME.is_over(state):
        seat = state["current"]
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state
    return GAME.view(state, None)


def test_results_name_the_winner_and_a_tie_won_on_myths():
    view = finished_view()
    names = ["Ada", "Bea"]
    out = PRESENTER.results(view, names)
    winner = names[view["outcome"]["winners"][0]]
    assert f"**{winner}** wins" in out.content and "Final results" in (out.title or "")
    tied = json.loads(json.dumps(view))
    tied["outcome"]["scores"] = [30, 30]
    tied["outcome"]["winners"] = [1]
    tied["outcome"]["tie_break"] = ["more Myth points"]
    assert "Tie on points, decided by more Myth points." in PRESENTER.results(tied, names).content
    shared = json.loads(json.dumps(tied))
    shared["outcome"]["winners"] = [0, 1]
    assert "**Ada** and **Bea** share the win" in PRESENTER.results(shared, names).content


def test_engine_sentences_get_names_and_keep_other_braces():
    from bot.faces.starry_night_sky.words import fill

    assert fill("{0} placed 2 stars; {1} waits {x}", ["Ada", "Bea"]) == "Ada placed 2 stars; Bea waits {x}"
    assert fill("{5} left", ["Ada"]) == "{5} left"
