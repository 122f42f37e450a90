"""The "describe boards in text" choice in storage (0008): kept with the other /settings choices,
off by default (and for everyone who chose before it existed), and apart from the seen locale."""

from __future__ import annotations

from bot.i18n import Language
from bot.storage import Storage, UserSettings


async def test_the_text_boards_choice_is_kept_and_off_by_default(storage: Storage) -> None:
    assert (await storage.user_settings(7)).text_boards is False
    await storage.save_user_settings(UserSettings(7, ping="dm", language=Language.ITALIAN, text_boards=True))
    await storage.set_discord_locale(7, "en-GB")  # remembering a locale leaves the choice alone
    assert await storage.user_settings(7) == UserSettings(
        7, ping="dm", language=Language.ITALIAN, discord_locale="en-GB", text_boards=True
    )
    await storage.save_user_settings(UserSettings(7, ping="dm", text_boards=False))
    assert (await storage.user_settings(7)).text_boards is False
