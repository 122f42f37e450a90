"""High Card: each seat is dealt a secret hand; every round each seat in turn plays one card face
up, and the highest card of the round scores a point. Most points after the last round wins.

State: ``seats``, ``rounds``, ``round`` (0-based), ``hands`` (secret), ``deck`` (the undealt
cards, secret), ``table`` (this round's cards, public), ``turn`` (the seat to play), ``points``,
``history`` (every finished round's cards), ``decision``, ``phase`` ("play" or "over"), ``rng``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from enum import Enum
from typing import Any

from bot.games.base import RNG_FLIP, Action, Game, IllegalAction, Move, OptionSpec, State, View, malformed
from bot.games.outcome import Outcome
from bot.games.rng import Rng
from bot.i18n.msg import M_, N_

SLUG = "high-card"


class Kind(Enum):
    PLAY = "play"


class HighCard(Game):
    slug = SLUG
    title = N_("High Card")
    min_seats = 2
    max_seats = 4
    options = (OptionSpec("rounds", N_("Rounds to play"), (1, 3, 5), 3),)
    live_timer = 60
    action_kinds = Kind

    def setup(self, seats: int, options: dict[str, Any], seed: int) -> State:
        self.check_seat_count(seats)
        rounds = self.validate_options(options)["rounds"]
        rng = Rng(seed)
        deck = list(range(1, rounds * seats + 5))
        rng.shuffle(deck)
        hands = [sorted(deck[s * rounds : (s + 1) * rounds]) for s in range(seats)]
        return {
            "game": SLUG,
            "seats": seats,
            "rounds": rounds,
            "round": 0,
            "hands": hands,
            "deck": deck[seats * rounds :],
            "table": [None] * seats,
            "turn": 0,
            "points": [0] * seats,
            "history": [],
            "decision": 0,
            "phase": "play",
            "rng": rng.state,
        }

    def to_act(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["turn"]]

    def _legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [{"kind": Kind.PLAY.value, "card": card} for card in state["hands"][seat]]

    def _moves(self) -> Mapping[Kind, Move]:
        return {Kind.PLAY: _play}

    def _refuse_out_of_turn(self, state: State, seat: int, kind: Kind) -> None:
        if seat != state["turn"]:
            raise IllegalAction(M_("It isn't your turn."))

    def _view(self, state: State, seat: int | None) -> View:
        view: View = {
            "game": SLUG,
            "phase": state["phase"],
            "decision": state["decision"],
            "round": state["round"] + (state["phase"] == "play"),
            "rounds": state["rounds"],
            "to_act": self.to_act(state),
            "table": list(state["table"]),
            "points": list(state["points"]),
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "history": [list(cards) for cards in state["history"]],
            "outcome": None,
        }
        outcome = self.outcome(state)
        if outcome is not None:
            view["outcome"] = {"scores": outcome.scores, "winners": outcome.winners}
        if seat is not None:
            view["you"] = seat
            view["hand"] = list(state["hands"][seat])
            view["choice"] = {"kind": "play"} if seat in self.to_act(state) else None
        return view

    def disguise(self, state: State, viewer: int | None) -> State:
        s = copy.deepcopy(state)
        s["rng"] ^= RNG_FLIP
        s["deck"].reverse()
        s["hands"] = [h if seat == viewer else [c + 100 for c in h] for seat, h in enumerate(s["hands"])]
        return s

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        best = max(state["points"])
        return Outcome(list(state["points"]), [s for s, p in enumerate(state["points"]) if p == best])

    def bot_action(self, state: State, seat: int, rng: Rng) -> Action | None:
        actions = self.legal_actions(state, seat)
        return max(actions, key=lambda a: a["card"]) if actions else None


def _play(state: State, seat: int, action: Action, events: list[str]) -> None:
    """``apply`` checked the seat, the game's end and the turn, and copied the state."""
    card = action.get("card")
    if type(card) is not int:
        raise malformed(M_("`card` must be a whole number."))
    if card not in state["hands"][seat]:
        raise IllegalAction(M_("That card is not in your hand."))
    state["hands"][seat].remove(card)
    state["table"][seat] = card
    events.append(M_("{who} plays {card}.", who=f"{{{seat}}}", card=card))
    if None in state["table"]:
        seats = state["seats"]
        state["turn"] = next(
            s % seats for s in range(seat + 1, seat + seats) if state["table"][s % seats] is None
        )
    else:
        events.append(_score_round(state))
    state["decision"] += 1


def _score_round(state: State) -> str:
    """Everyone has played: the highest card scores, the next round (if any) opens."""
    cards = state["table"]
    winner = cards.index(max(cards))
    state["points"][winner] += 1
    state["history"].append(list(cards))
    state["round"] += 1
    state["table"] = [None] * state["seats"]
    if state["round"] == state["rounds"]:
        state["phase"] = "over"
        state["turn"] = 0
    else:
        state["turn"] = state["round"] % state["seats"]
    return M_("{who} takes round {n} with {card}.", who=f"{{{winner}}}", n=state["round"], card=max(cards))
