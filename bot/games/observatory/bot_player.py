"""Placeholder replaced below."""
from __future__ import annotations


def choose(game, state, seat, rng):
    actions = game.legal_actions(state, seat)
    return rng.choice(actions) if actions else None
