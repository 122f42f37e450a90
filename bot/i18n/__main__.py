"""``python -m bot.i18n update|compile``: see ``bot.i18n.tool``."""

from bot.i18n.tool import main

main()
