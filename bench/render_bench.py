"""Render vs PNG-encode time for every A Sky of Stars image, on views from a real seeded game.

Drawing and encoding are timed apart because they are tuned apart: drawing is our Pillow code,
encoding is zlib (``render.common.PNG_LEVEL``). Views come from the real engine, not from
hand-made dicts, so the images carry what a game really produces at that moment.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

from bench.stats import Summary, ms, table, timed
from bot.games import get_game
from bot.games.base import Game, State
from bot.games.rng import Rng
from bot.games.sky_of_stars.simulate import random_move
from render import sky_of_stars as art
from render.common import to_png

SLUG = "sky-of-stars"
# Six seats, the game's maximum: the table and results boards grow with the seat count, so
# this is the costliest realistic game. Names include accents so text cleaning is exercised.
SEATS = 6
NAMES = ["Ada", "Béatrice", "Cyrus", "Dmitri", "Eun-ji", "Faye"]
GAME_SEED, PLAYER_SEED = 2024, 7


@dataclass
class Moments:
    """Game states worth drawing, captured while a seeded game is played."""

    mid_stroke: State | None = None  # last state of round 2's drawing phase (most lines so far)
    mid_guess: State | None = None  # first guess of round 2: a constellation is revealed
    swirl: State | None = None  # a swirl: seats must cross out a neighbour's star
    last: State | None = None  # the last state before the game ended
    over: State | None = None  # the finished game

    def complete(self) -> bool:
        return None not in (self.mid_stroke, self.mid_guess, self.swirl, self.last, self.over)


def _observe(moments: Moments, state: State) -> None:
    phase, round_ = state["phase"], state["round"]
    if phase == "stroke" and round_ == 2:
        moments.mid_stroke = state
    if phase == "guess" and round_ == 2 and moments.mid_guess is None:
        moments.mid_guess = state
    if phase == "swirl" and (moments.swirl is None or moments.swirl["round"] < 2):
        moments.swirl = state
    if phase == "over":
        moments.over = state
    else:
        moments.last = state


def play_for_moments(game: Game, seed: int = GAME_SEED, player_seed: int = PLAYER_SEED) -> Moments:
    """Play seeded random games until one shows every moment (most seeds need just one game)."""
    for attempt in range(50):
        moments = Moments()
        rng = Rng(player_seed + attempt)
        state = game.setup(SEATS, {}, seed + attempt)
        while game.to_act(state):
            _observe(moments, state)
            seat, action = random_move(game, state, rng)  # type: ignore[arg-type]
            state = game.apply(state, seat, action).state
        _observe(moments, state)
        if moments.complete():
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


@dataclass(frozen=True)
class Case:
    image: str
    moment: str
    draw: Callable[[], Image.Image]


def cases(game: Game, moments: Moments) -> list[Case]:
    """One case per image function and moment, called exactly as the presenter calls them."""
    assert moments.complete()
    mid, guess, swirl = moments.mid_stroke, moments.mid_guess, moments.swirl
    last, over = moments.last, moments.over
    stroke_view = _acting_view(game, mid, "stroke")  # type: ignore[arg-type]
    preview = _first_move(stroke_view)
    swirl_view = _acting_view(game, swirl, "cancel")  # type: ignore[arg-type]
    guess_public = game.view(guess, None)  # type: ignore[arg-type]
    artist = guess_public["guess"]["artist"]
    over_public, over_seat = game.view(over, None), game.view(over, 0)  # type: ignore[arg-type]
    mid_public, last_public = game.view(mid, None), game.view(last, None)  # type: ignore[arg-type]
    names = NAMES
    return [
        Case("draw_vault", "mid: r2 drawing", lambda: art.draw_vault(stroke_view, names)),
        Case("draw_vault +preview", "mid: r2 confirm line",
             lambda: art.draw_vault(stroke_view, names, preview=preview)),
        Case("draw_vault", "end: game over", lambda: art.draw_vault(over_seat, names)),
        Case("draw_cancel_target", f"mid: r{swirl['round']} swirl",  # type: ignore[index]
             lambda: art.draw_cancel_target(swirl_view, names)),
        Case("draw_drawing", "mid: r2 guessing", lambda: art.draw_drawing(guess_public, names, artist, 2)),
        Case("draw_drawing", "end: r3, seat 0", lambda: art.draw_drawing(over_public, names, 0, 3)),
        Case("draw_table", "mid: r2 drawing", lambda: art.draw_table(mid_public, names)),
        Case("draw_table", "end: r3 last guess", lambda: art.draw_table(last_public, names)),
        Case("draw_results", "end: game over", lambda: art.draw_results(over_public, names)),
    ]


@dataclass(frozen=True)
class RenderResult:
    case: Case
    draw: Summary
    encode: Summary
    png_bytes: int
    size: tuple[int, int]


def measure(case: Case, runs: int) -> RenderResult:
    """Time ``runs`` draws and encodes after one warm-up (fonts, backdrop and vault are cached)."""
    to_png(case.draw())
    draws: list[float] = []
    encodes: list[float] = []
    data, image = b"", None
    for _ in range(runs):
        image, draw_s = timed(case.draw)
        data, encode_s = timed(lambda image=image: to_png(image))
        draws.append(draw_s)
        encodes.append(encode_s)
    assert image is not None
    return RenderResult(case, Summary.of(draws), Summary.of(encodes), len(data), image.size)


def run(runs: int) -> list[RenderResult]:
    game = get_game(SLUG)
    moments = play_for_moments(game)
    return [measure(case, runs) for case in cases(game, copy.deepcopy(moments))]


def report(results: list[RenderResult], runs: int) -> str:
    rows = []
    for r in results:
        total = r.draw.median_ms + r.encode.median_ms
        rows.append([r.case.image, r.case.moment, f"{r.size[0]}x{r.size[1]}",
                     ms(r.draw.median_ms), ms(r.draw.p95_ms), ms(r.encode.median_ms), ms(r.encode.p95_ms),
                     ms(total), f"{r.png_bytes / 1024:.0f}"])
    headers = ["image", "view", "pixels", "draw med", "draw p95", "encode med", "encode p95",
               "total med", "PNG KiB"]
    title = (f"Rendering ({SEATS}-seat seeded game, {runs} runs each, ms; "
             "'encode' is to_png at the project's zlib level)")
    return title + "\n\n" + table(headers, rows, "lll" + "r" * 6)
