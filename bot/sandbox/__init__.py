"""`python -m bot sandbox`: the real, unmodified bot in a simulated Discord, played from a browser.

SimCord runs the bot's own commands, views, storage and rendering against an in-memory Discord.
This package adds a guild with four members, a local page to play as any of them (their channel,
the game's thread, their DMs) and a SQLite file of its own, so sandbox games survive a restart.
SimCord's bundled preview shows one channel per session, so it cannot follow a game from the
lobby into its thread and the players' DMs; the page here is a small client over SimCord's actor
API instead.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run the sandbox; without the ``sandbox`` extra, say what to install instead of a traceback."""
    try:
        from bot.sandbox.web import main as run
    except ImportError as error:
        print(
            f"astrolabe sandbox: {error.name} is not installed. Install the sandbox extra: "
            "pip install -e '.[sandbox]'",
            file=sys.stderr,
        )
        return 2
    return run(argv)


__all__ = ["main"]
