"""Observatory's public messages and images use the public view only and carry no secret.

Seeded games are played by the engine's bot; at every step each public ``Outgoing`` (step
message, board, results) is checked: the dicts handed to its renderer hold no seat-only key,
and neither its text nor those dicts name a card that no public view has shown (hands during
the keep step, deck order, cards put back).
"""

from __future__ import annotations

import json
import re

import pytest

from bot.faces.observatory.presenter import ObservatoryPresenter
from bot.games import get_game
from bot.games.observatory.components import load_cards
from bot.games.rng import Rng

GAME = get_game("observatory")
PRESENTER = ObservatoryPresenter()
SEAT_ONLY_KEYS = {"you", "hand", "kept", "sheet", "score", "choice"}
CARDS = load_cards()


def secret_ids(state) -> set[str]:
    shown = set(GAME.view(state, None).get("cards") or {})
    return {cid for cid in CARDS if cid not in shown}


def public_outputs(state, names):
    public = GAME.view(state, None)
    outputs = [PRESENTER.board(public, names)]
    outputs.append(
        PRESENTER.results(public, names)
        if public["phase"] == "over"
        else PRESENTER.step_message(public, names, 1)
    )
    for seat in range(len(names)):
        outputs.append(PRESENTER.sheet(public, names, seat))  # /game sheet for someone else
    return public, outputs


def without_public_names(text: str, secrets: set[str]) -> str:
    """``text`` with every public card's name cut out (a secret "Triangulum" must not be found
    inside a public "Triangulum Australe")."""
    for name in sorted({c.name for cid, c in CARDS.items() if cid not in secrets}, key=len, reverse=True):
        text = text.replace(name, "")
    return text


def check(out, secrets: set[str], footer: str) -> None:
    args = [a for a in getattr(out.render, "args", ()) if isinstance(a, dict)] if out.render else []
    for arg in args:
        assert not SEAT_ONLY_KEYS & arg.keys(), "a public image was drawn from a seat view"
    blob = out.content + (out.footer or "") + footer + json.dumps(args)
    words = without_public_names(out.content, secrets)
    for cid in secrets:
        assert f'"{cid}"' not in blob, f"secret card {cid} in a public output"
        assert not re.search(rf"\b{re.escape(CARDS[cid].name)}\b", words), f"secret {CARDS[cid].name} named"


@pytest.mark.parametrize("seats,seed,first_game", [(1, 1, 0), (2, 2, 0), (3, 3, 1), (5, 4, 0)])
def test_public_outputs_never_carry_a_secret(seats, seed, first_game):
    names = [f"P{i}" for i in range(seats)]
    state = GAME.setup(seats, {"first_game": first_game}, seed)
    rng = Rng(seed * 7)
    steps = 0
    for _ in range(20_000):
        public, outputs = public_outputs(state, names)
        secrets = secret_ids(state)
        if public["phase"] == "keep" and not first_game:
            hands = {c for s in range(seats) for c in GAME.view(state, s).get("hand") or []}
            assert hands <= secrets | set(public["cards"]), "hands are secret during the keep step"
            assert not hands & set(public["cards"]), "no dealt card is public before the keep resolves"
        footer = PRESENTER.progress(public, names)
        for out in outputs:
            check(out, secrets, footer)
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng)).state
        steps += 1
    assert GAME.is_over(state) and steps > 20


def test_drafts_stay_private_until_the_step_resolves():
    """A seat's sub-actions change its own view at once but nothing public until all are done."""
    state = GAME.setup(2, {"first_game": 1}, 9)
    rng = Rng(3)
    while GAME.view(state, None)["phase"] != "decide":
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng)).state
    before = GAME.view(state, None)
    seat = GAME.to_act(state)[0]
    step = GAME.apply(state, seat, GAME.bot_action(state, seat, rng))
    assert step.events == [], "a draft sub-action announces nothing"
    after_public = GAME.view(step.state, None)
    assert after_public["sheets"] == before["sheets"]
    assert (
        PRESENTER.step_message(after_public, ["A", "B"], 1).content
        == PRESENTER.step_message(before, ["A", "B"], 1).content
    )
