"""The events of A Sky of Stars that a face or the log recognises, tagged by message id (the
English text of the rules' ``M_``/``MN_`` call, its singular for a counted text).

``tests/games/test_event_kinds.py`` checks that every id here is one the rules still say, so
rewording a sentence can't silently untag it.
"""

from __future__ import annotations

from bot.games.base import EventKind

EVENT_KINDS: dict[str, EventKind] = {
    "Round {round} begins. The card shows: {words}. Everyone has a secret number; choose a starting star.": (
        EventKind.ROUND_BEGINS
    ),
    "Round {round} · roll {roll}: the die shows the swirl. Each player cancels a star on the vault of "
    "their left-hand neighbour.": EventKind.ROUND,
    "Round {round} · roll {roll}: the die shows {face}.": EventKind.ROUND,
    "Round {round} · roll {roll}: the die shows {face}, which nobody can use. Rolling again.": (
        EventKind.ROUND
    ),
    "Round {round} · roll {roll}: {seats} drew a line.": EventKind.ROUND,
    "Round {round} · last lines: {drew} drew a last line; {passed} passed.": EventKind.ROUND,
    "Round {round} · last lines: {drew} drew a last line.": EventKind.ROUND,
    "Round {round} · last lines: {passed} passed.": EventKind.ROUND,
    "Round {round} scores: {listed}.": EventKind.ROUND,
    "Game over. {who} wins with {n} point.": EventKind.GAME_OVER,
    "Game over. {seats} share the win with {n} point.": EventKind.GAME_OVER,
    "{who} called STOP. Drawing ends once this roll is finished.": EventKind.STOP_CALLED,
    "Last chance: everyone may add one final stroke to any new star, or pass.": EventKind.LAST_LINES,
    "Drawing is over. Everyone except {who} may add one final stroke to any new star, or pass.": (
        EventKind.LAST_LINES
    ),
    "{who} drew #{number}, {word}. Guessed by {seats}.": EventKind.REVEALED,
    "{who} drew #{number}, {word}. Nobody guessed it.": EventKind.REVEALED,
}
