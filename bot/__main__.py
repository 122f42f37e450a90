"""`python -m bot` runs the bot with the token from the environment."""

from __future__ import annotations

import logging
import sys

from bot.config import TOKEN_VARIABLE, ConfigError, Settings


def main(argv: list[str]) -> int:
    if argv[:1] == ["sandbox"]:  # the real bot in a simulated Discord, played in a browser
        from bot.sandbox import main as sandbox

        return sandbox(argv[1:])
    try:
        settings = Settings.from_env()
    except ConfigError as error:
        print(f"astrolabe: {error}", file=sys.stderr)
        return 2
    if not settings.token:
        print(f"astrolabe: no bot token. Set {TOKEN_VARIABLE} to your Discord bot token "
              "(see the README), then run again.", file=sys.stderr)
        return 2
    from bot.app import create_bot

    bot = create_bot(settings, sync_commands=True)
    bot.run(settings.token, log_level=logging.INFO, root_logger=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
