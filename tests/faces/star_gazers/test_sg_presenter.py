"""Star Gazers public messages and images are built from the public view only, with no secret.

Every step of seeded games is presented; each public ``Outgoing``'s text and the view handed to
its renderer are searched for a Journal card that is still secret (its id or our wording of
it). Panels (private) must show the seat its own cards, and only them.
"""

from __future__ import annotations

import json

import pytest

from bot.faces.star_gazers.art.cards import card_words
from bot.faces.star_gazers.presenter import StarGazersPresenter
from bot.games import get_game
from bot.games.rng import Rng
from bot.games.star_gazers.simulate import random_action

GAME = get_game("star-gazers")
PRESENTER = StarGazersPresenter()
SEAT_ONLY_KEYS = {
    "you",
    "journal",
    "dealt",
    "kept",
    "preview",
    "choice",
    "queue",
    "reserve_playable",
    "can_undo",
    "can_confirm",
}


def secrets_of(state):
    """Per seat: ids and wordings of its kept and dealt Journal cards (secret until the end).

    A card still face up on the Journal draft board is public: the active seat's unconfirmed
    draft may hold it already, but the table sees it on the board until the turn is confirmed.
    """
    board = [c for d in GAME.view(state, None)["journal_board"] for c in (d["top"], d["shown"]) if c]
    public = {c["id"] for c in board} | {card_words(c) for c in board}
    out = []
    for seat in range(state["seats"]):
        view = GAME.view(state, seat)
        cards = (view.get("journal") or []) + (view.get("dealt") or [])
        out.append(({c["id"] for c in cards} | {card_words(c) for c in cards}) - public)
    return out


def public_outputs(state, names):
    public = GAME.view(state, None)
    outputs = [PRESENTER.board(public, names)]
    outputs += [PRESENTER.sheet(public, names, seat) for seat in range(state["seats"])]
    if public["phase"] == "over":
        outputs.append(PRESENTER.results(public, names))
    else:
        outputs.append(PRESENTER.step_message(public, names, 1))
    return public, outputs


def render_views(out):
    return [a for a in getattr(out.render, "args", ()) if isinstance(a, dict)]


@pytest.mark.parametrize("seats,seed", [(2, 1), (3, 2), (4, 3)])
def test_public_outputs_never_carry_a_journal_card(seats, seed):
    names = [f"P{i}" for i in range(seats)]
    state = GAME.setup(seats, {}, seed)
    rng = Rng(seed * 7)
    steps = 0
    while not GAME.is_over(state):
        if steps % 3 == 0:  # every third step keeps the file fast; the game still runs to its end
            secret = set().union(*secrets_of(state))
            public, outputs = public_outputs(state, names)
            for out in outputs:
                for view in render_views(out):
                    assert not SEAT_ONLY_KEYS & view.keys(), "a public image was drawn from a seat view"
                    assert all(p.get("journal") is None for p in view["players"])
                blob = out.content + (out.footer or "") + json.dumps(render_views(out))
                assert not [s for s in secret if s in blob], "a public output shows a Journal card"
            for seat in GAME.to_act(state):
                panel = PRESENTER.panel(GAME.view(state, seat), names, 1)
                others = set().union(*(s for i, s in enumerate(secrets_of(state)) if i != seat))
                assert not [s for s in others if s in panel.content], "a panel shows another seat's card"
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, random_action(GAME, state, seat, rng)).state
        steps += 1
    final = PRESENTER.results(GAME.view(state, None), names)
    for seat in range(seats):
        for card in GAME.view(state, seat)["journal"]:
            assert card_words(card) in final.content, "the results reveal every Journal card"
