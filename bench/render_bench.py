"""Render vs PNG-encode time for every A Sky of Stars image, on views from a real seeded game.

Drawing and encoding are timed apart because they are tuned apart: drawing is our Pillow code,
encoding is the palette quantise and zlib (``render.common.to_png``). Views come from the real
engine, not from hand-made dicts, so the images carry what a game really produces at that moment.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, fields
from functools import partial
from typing import Any

from bench import images
from bench.images import Before, Case
from bench.stats import Summary, ms, table, timed
from bot.faces.sky_of_stars.art import animation
from bot.faces.sky_of_stars.art import images as art
from bot.faces.sky_of_stars.art.reveal import draw_reveal
from bot.games import get_game
from bot.games.base import Game, State
from bot.games.rng import Rng
from bot.games.sky_of_stars.engine import SkyOfStars
from bot.games.sky_of_stars.simulate import random_move

SLUG = "sky-of-stars"
# Six seats, the game's maximum: the table and results boards grow with the seat count, so
# this is the costliest realistic game. Names include accents so text cleaning is exercised.
SEATS = 6
NAMES = ["Ada", "Béatrice", "Cyrus", "Dmitri", "Eun-ji", "Faye"]
GAME_SEED, PLAYER_SEED = 2024, 7

# Published before the palette encode (docs/benchmarks.md, 2026-11-29): total ms, PNG KiB.
BEFORE = {
    ("draw_vault", "mid: r2 drawing"): Before(42.3, 363),
    ("draw_vault +preview", "mid: r2 confirm line"): Before(49.2, 369),
    ("draw_vault", "end: game over"): Before(40.6, 323),
    ("draw_cancel_target", "mid: r3 swirl"): Before(37.5, 356),
    ("draw_cancel_target +preview", "mid: r3 confirm cross-out"): Before(38.1, 360),
    ("draw_drawing", "mid: r2 guessing"): Before(22.8, 130),
    ("draw_drawing", "end: r3, seat 0"): Before(20.7, 128),
    ("draw_table", "mid: r2 drawing"): Before(21.0, 102),
    ("draw_table", "end: r3 last guess"): Before(22.1, 105),
    ("draw_results", "end: game over"): Before(30.5, 162),
}


@dataclass(frozen=True)
class Moments:
    """Game states worth drawing, taken from one seeded game."""

    mid_stroke: State  # last state of round 2's drawing phase (most lines so far)
    mid_guess: State  # first guess of round 2: a constellation is revealed
    swirl: State  # a swirl (round 2 or later if any): seats cross out a neighbour's star
    last: State  # the last state before the game ended
    over: State  # the finished game


class _Watcher:
    """Keeps the states of interest as a game is played; ``moments()`` once all were seen."""

    def __init__(self) -> None:
        self.seen: dict[str, State] = {}

    def observe(self, state: State) -> None:
        phase, round_ = state["phase"], state["round"]
        if phase == "stroke" and round_ == 2:
            self.seen["mid_stroke"] = state
        if phase == "guess" and round_ == 2:
            self.seen.setdefault("mid_guess", state)
        if phase == "swirl" and ("swirl" not in self.seen or self.seen["swirl"]["round"] < 2):
            self.seen["swirl"] = state
        self.seen["over" if phase == "over" else "last"] = state

    def moments(self) -> Moments | None:
        try:
            return Moments(**{f.name: self.seen[f.name] for f in fields(Moments)})
        except KeyError:
            return None


def play_for_moments(seed: int = GAME_SEED, player_seed: int = PLAYER_SEED) -> Moments:
    """Play seeded random games until one shows every moment (most seeds need just one game)."""
    game = SkyOfStars()
    for attempt in range(50):
        watcher = _Watcher()
        rng = Rng(player_seed + attempt)
        state = game.setup(SEATS, {}, seed + attempt)
        while not game.is_over(state):  # a reveal's pause waits on nobody, only its countdown
            watcher.observe(state)
            seat, action = random_move(game, state, rng)
            state = game.apply(state, seat, action).state
        watcher.observe(state)
        moments = watcher.moments()
        if moments is not None:
            return moments
    raise RuntimeError("no seeded game reached every moment; widen the search")


def _acting_view(game: Game, state: State, kind: str) -> dict[str, Any]:
    """The view of the first seat whose choice is ``kind`` (the panel that seat would get)."""
    for seat in game.to_act(state):
        view = game.view(state, seat)
        if (view.get("choice") or {}).get("kind") == kind:
            return view
    raise LookupError(f"no seat must choose {kind!r} here")


def _first_move(view: dict[str, Any]) -> tuple[str, str]:
    """A legal stroke from the seat's choice, for the dashed "confirm this line?" preview."""
    start, targets = next((s, t) for s, t in view["choice"]["moves"].items() if t)
    return start, targets[0]


def cases(game: Game, moments: Moments) -> list[Case]:
    """One case per image function and moment, called exactly as the presenter calls them."""
    mid, guess, swirl = moments.mid_stroke, moments.mid_guess, moments.swirl
    stroke_view = _acting_view(game, mid, "stroke")
    preview = _first_move(stroke_view)
    swirl_view = _acting_view(game, swirl, "cancel")
    guess_public = game.view(guess, None)
    artist = guess_public["guess"]["artist"]
    over_public, over_seat = game.view(moments.over, None), game.view(moments.over, 0)
    mid_public, last_public = game.view(mid, None), game.view(moments.last, None)
    names = NAMES
    return [
        Case("draw_vault", "mid: r2 drawing", lambda: art.draw_vault(stroke_view, names)),
        Case(
            "draw_vault +preview",
            "mid: r2 confirm line",
            lambda: art.draw_vault(stroke_view, names, preview=preview),
        ),
        Case("draw_vault", "end: game over", lambda: art.draw_vault(over_seat, names)),
        Case(
            "draw_cancel_target",
            f"mid: r{swirl['round']} swirl",
            lambda: art.draw_cancel_target(swirl_view, names),
        ),
        Case(
            "draw_cancel_target +preview",
            f"mid: r{swirl['round']} confirm cross-out",
            lambda: art.draw_cancel_target(swirl_view, names, preview=swirl_view["choice"]["stars"][0]),
        ),
        Case("draw_drawing", "mid: r2 guessing", lambda: art.draw_drawing(guess_public, names, artist, 2)),
        Case("draw_drawing", "end: r3, seat 0", lambda: art.draw_drawing(over_public, names, 0, 3)),
        Case("draw_table", "mid: r2 drawing", lambda: art.draw_table(mid_public, names)),
        Case("draw_table", "end: r3 last guess", lambda: art.draw_table(last_public, names)),
        Case("draw_results", "end: game over", lambda: art.draw_results(over_public, names)),
        Case(
            "draw_reveal",
            "end: r3, last reveal",
            lambda: draw_reveal(over_public, names, over_public["reveals"][-1]["artist"], 3),
        ),
    ]


ANIMATION_HEADERS = ["drawing", "strokes", "frames", "GIF KB", "still KB", "make med ms", "make p95 ms"]
LONG_CHAIN = ["B2", "C2", "C3", "D3", "D4", "E4", "E5", "F5", "F4", "G4", "G3", "H3", "H2"]


def _long_drawing(view: dict[str, Any], seat: int, round_: int) -> dict[str, Any]:
    """``view`` with ``seat``'s drawing replaced by a 12-stroke chain: longer than dice allow
    in most games, so the table shows the worst case the budget must hold."""
    out = copy.deepcopy(view)
    pairs = [[a, b] for a, b in zip(LONG_CHAIN, LONG_CHAIN[1:], strict=False)]
    out["drawings"] = [d for d in out["drawings"] if (d["seat"], d["round"]) != (seat, round_)]
    out["drawings"].append(
        {"seat": seat, "round": round_, "start": LONG_CHAIN[0], "stars": list(LONG_CHAIN), "strokes": pairs}
    )
    return out


def animation_rows(moments: Moments, runs: int) -> list[list[str]]:
    """Each animation of round 3 (and one long drawing): its size and the time to make it
    (drawing every frame, the shared palette, the GIF and the still's PNG)."""
    public = get_game(SLUG).view(moments.over, None)
    wanted = [(d["seat"], 3, public) for d in public["drawings"] if d["round"] == 3]
    wanted.append((0, 3, _long_drawing(public, 0, 3)))
    rows = []
    for seat, round_, view in wanted:
        made = animation.drawing_animation(view, NAMES, seat, round_)
        times = [
            timed(partial(animation.drawing_animation, view, NAMES, seat, round_))[1] for _ in range(runs)
        ]
        summary = Summary.of(times)
        label = f"r{round_} {NAMES[seat]}" + (" (12-stroke chain)" if view is not public else "")
        rows.append(
            [
                label,
                str(made.frames - 1),
                str(made.frames),
                images.kb(len(made.gif)),
                images.kb(len(made.still)),
                ms(summary.median_ms),
                ms(summary.p95_ms),
            ]
        )
    return rows


def run(runs: int) -> list[images.Result]:
    moments = play_for_moments()
    return [images.measure(case, runs) for case in cases(get_game(SLUG), copy.deepcopy(moments))]


def report(results: list[images.Result], runs: int) -> str:
    text = images.report(f"Rendering ({SEATS}-seat seeded game)", results, runs, art.__all__, BEFORE)
    rows = animation_rows(play_for_moments(), max(1, runs // 4))
    return (
        text + f"\n\n### Drawing animations (GIF, budget {animation.MAX_ANIMATION_BYTES // 1000} KB; "
        "the still PNG is the last frame)\n\n" + table(ANIMATION_HEADERS, rows)
    )
