"""Public messages and images are built from the public view only, and carry no secret.

Every step of several seeded games is presented; for each public ``Outgoing`` the text and the
arguments handed to the renderer are searched for a secret that is not revealed yet.
"""

from __future__ import annotations

import json

import pytest

from bot.faces.sky_of_stars.presenter import SkyOfStarsPresenter
from bot.games import get_game
from bot.games.rng import Rng
from bot.games.sky_of_stars.simulate import random_move

GAME = get_game("sky-of-stars")
PRESENTER = SkyOfStarsPresenter()
SEAT_ONLY_KEYS = {"secret", "vault", "choice", "my_guess", "my_cancel", "you"}


def unrevealed_secrets(state):
    """(number, word) of every artist of this round whose drawing is not revealed yet."""
    public = GAME.view(state, None)
    revealed = {r["artist"] for r in public["reveals"] if r["round"] == public["round"]}
    secrets = []
    for seat in range(state["seats"]):
        secret = GAME.view(state, seat).get("secret")
        if secret and seat not in revealed:
            secrets.append(secret)
    return secrets


def public_outputs(state, names):
    public = GAME.view(state, None)
    outputs = [PRESENTER.board(public, names)]
    if public["phase"] == "over":
        outputs.append(PRESENTER.results(public, names))
    else:
        outputs.append(PRESENTER.step_message(public, names, 1))
    return outputs


def searchable(out):
    render_args = []
    if out.render is not None:
        render_args = [a for a in getattr(out.render, "args", ())]
    return out.content, render_args


@pytest.mark.parametrize("seats,seed", [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_public_outputs_never_carry_a_secret(seats, seed):
    names = [f"P{i}" for i in range(seats)]
    state = GAME.setup(seats, {"countdown": 30}, seed)
    rng = Rng(seed * 7)
    for _ in range(5000):
        secrets = unrevealed_secrets(state)
        for out in public_outputs(state, names):
            text, args = searchable(out)
            for arg in args:
                if isinstance(arg, dict):
                    assert not SEAT_ONLY_KEYS & arg.keys(), "a public image was drawn from a seat view"
            blob = text + json.dumps([a for a in args if isinstance(a, dict)])
            for secret in secrets:
                assert f"#{secret['number']} {secret['word']}" not in blob
                assert f"#{secret['number']}, {secret['word']}" not in blob
            if state["phase"] == "guess":
                # guesses of the current step are not in any public output before the reveal
                assert '"my_guess"' not in blob
        if GAME.is_over(state):
            break
        seat, action = random_move(GAME, state, rng)
        state = GAME.apply(state, seat, action).state
    assert GAME.is_over(state)
