"""What each seat may see. The public view carries no secret; a seat view adds only its own.

Secrets are: each seat's number (and so its word) until its reveal, guesses until the reveal,
pending cancellations until the swirl settles, and this round's drawings until shown.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import State, View
from bot.games.sky_of_stars import flow, results
from bot.games.sky_of_stars.model import NUMBERS, ROUNDS, SLUG, Phase, left_of
from bot.games.sky_of_stars.moves import Board


def _constellation(data: dict[str, Any]) -> dict[str, Any]:
    strokes = [list(stroke) for stroke in data["strokes"]]
    return {"start": data["start"], "stars": list(data["stars"]), "strokes": strokes}


def _drawings(state: State) -> list[dict[str, Any]]:
    """Every finished round's drawings, plus this round's once their guessing has begun."""
    shown = sorted(
        (
            {"seat": seat, "round": past["round"], **_constellation(past)}
            for seat, vault in enumerate(state["vaults"])
            for past in vault["past"]
        ),
        key=lambda drawing: (drawing["round"], drawing["seat"]),
    )
    guess = state["guess"]
    scored = guess is not None and guess["position"] >= state["seats"]  # now among the past ones
    if state["phase"] in (Phase.GUESS.value, Phase.REVEAL.value) and guess and not scored:
        shown_now = guess["position"] + (1 if state["phase"] == Phase.GUESS.value else 0)
        for seat in guess["order"][:shown_now]:
            current = state["vaults"][seat]["current"]
            shown.append({"seat": seat, "round": state["round"], **_constellation(current)})
    return shown


def public_view(state: State) -> View:
    phase = state["phase"]
    over = phase == Phase.OVER.value
    guess = state["guess"]
    result = results.outcome_of(state) if over else None
    return {
        "game": SLUG,
        "phase": phase,
        "round": state["round"],
        "rounds": ROUNDS,
        "seats": state["seats"],
        "decision": state["decision"],
        "card": None if over else flow.card_words(state),
        "roll": dict(state["roll"]) if state["roll"] else None,
        "stop_by": state["stop_by"],
        "waiting": list(state["waiting"]),
        "locked": list(state["locked"]),
        "skipped": list(state["skipped"]),
        "guess": None
        if phase != Phase.GUESS.value
        else {
            "artist": flow.artist(state),
            "order": list(guess["order"]),
            "position": guess["position"],
            "countdown": state["options"]["countdown"],
        },
        "drawings": _drawings(state),
        "reveals": [
            {**r, "guesses": dict(r["guesses"]), "correct": list(r["correct"])} for r in state["reveals"]
        ],
        "scores": [
            {"rounds": [dict(r) for r in s["rounds"]], "total": sum(r["points"] for r in s["rounds"])}
            for s in state["scores"]
        ],
        "outcome": None if result is None else {**result.as_view(), "highlights": highlights(state)},
    }


def highlights(state: State) -> dict[str, Any]:
    """What a "how this game went" line needs: the drawings everyone read, the busiest drawer."""
    everyone = [
        {"seat": r["artist"], "round": r["round"], "word": r["word"]}
        for r in state["reveals"]
        if len(r["correct"]) == state["seats"] - 1
    ]
    stars = [sum(len(p["stars"]) for p in vault["past"]) for vault in state["vaults"]]
    most = max(stars, default=0)
    return {
        "everyone_guessed": everyone,
        "stars": stars,
        "most_stars": [s for s, n in enumerate(stars) if n == most and most > 0],
    }


def _crossed_out(state: State, seat: int) -> list[dict[str, Any]]:
    """Stars of this seat's vault crossed out on the latest swirl of this round (and by whom:
    always the right-hand neighbour, so naming them gives nothing away)."""
    crossed = [c for c in state["vaults"][seat].get("crossed", []) if c["round"] == state["round"]]
    if not crossed:
        return []
    last = max(c["roll"] for c in crossed)
    return [dict(c) for c in crossed if c["roll"] == last]


def _choice(state: State, seat: int) -> dict[str, Any] | None:
    """The decision this seat still owes in the current step, with every legal option."""
    if seat not in state["waiting"]:
        return None
    phase = Phase(state["phase"])
    vault = state["vaults"][seat]
    if phase is Phase.START:
        return {"kind": "start", "stars": Board(vault).start_stars()}
    if phase in (Phase.STROKE, Phase.FINAL):
        moves = Board(vault).stroke_moves(flow.roll_shape(state))
        return {"kind": "stroke", "moves": moves, "optional": phase is Phase.FINAL}
    if phase is Phase.SWIRL:
        target = left_of(seat, state["seats"])
        data = state["vaults"][target]
        return {
            "kind": "cancel",
            "target": target,
            "stars": Board(data).unused_stars(),
            "target_used": [label for c in (*data["past"], data["current"]) for label in c["stars"]],
            "target_cancelled": list(data["cancelled"]),
        }
    if phase is Phase.GUESS:
        return {"kind": "guess", "artist": flow.artist(state), "numbers": list(NUMBERS)}
    return None


def seat_view(state: State, seat: int) -> View:
    view = public_view(state)
    phase = state["phase"]
    running = phase != Phase.OVER.value
    vault = state["vaults"][seat]
    number = state["numbers"][seat]
    view.update(
        {
            "you": seat,
            "secret": {"number": number, "word": flow.card_words(state)[number - 1]} if running else None,
            "vault": {
                "cancelled": list(vault["cancelled"]),
                "current": _constellation(vault["current"]),
                "past": [{"round": p["round"], **_constellation(p)} for p in vault["past"]],
            },
            "choice": _choice(state, seat),
            "can_stop": flow.can_stop(state),
            "my_guess": state["pending"][seat] if phase == Phase.GUESS.value else None,
            "my_cancel": state["pending"][seat] if phase == Phase.SWIRL.value else None,
            "crossed_out": _crossed_out(state, seat) if running else [],
        }
    )
    return view
