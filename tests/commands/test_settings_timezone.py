"""`/settings timezone` takes only a real IANA zone, with quiet hours on or off; a refused name
saves nothing, and a reply never quotes it at length or with a mention in it. A name stored before
names were checked (any length) does not break a later `/settings`."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.drivers.helpers import said
from tests.drivers.sky_driver import open_lobby

HOSTILE = [
    "../../../../etc/passwd",
    "Europe/Rome\0",
    "@everyone <@&1> " * 125,
    "Europe",
    "/etc/localtime",
    "localtime",
    "Mars/Base",
    "Europe/Rome/../Rome",
    "a" * 5000,
]


@pytest.mark.simcord(strict_sync=True)
async def test_a_bad_time_zone_is_refused_and_nothing_is_saved(simcord_env):
    env = simcord_env
    _, channel, (ada, *_) = await open_lobby(env, 1)
    storage = env.bot.storage
    assert "Your settings" in said(await ada.slash(channel, "settings"))  # her locale is stored now
    before = await storage.user_settings(ada.id)
    assert before.quiet_start is None, "quiet hours are off: the check must not depend on them"
    for name in HOSTILE:
        shown = said(await ada.slash(channel, "settings", timezone=name))
        assert "don't know the time zone" in shown, (name[:40], shown)
        assert "@everyone" not in shown and "<@" not in shown and len(shown) < 400, shown
        assert await storage.user_settings(ada.id) == before, f"{name[:40]!r} was saved"
    for name in ("Europe/Rome", "America/Argentina/ComodRivadavia", "Etc/GMT+5", "UTC"):
        assert "Settings saved" in said(await ada.slash(channel, "settings", timezone=name)), name
        assert (await storage.user_settings(ada.id)).timezone == name


@pytest.mark.simcord(strict_sync=True)
async def test_a_long_name_stored_before_the_check_does_not_break_settings(simcord_env):
    env = simcord_env
    _, channel, (ada, *_) = await open_lobby(env, 1)
    storage = env.bot.storage
    stored = await storage.user_settings(ada.id)
    await storage.save_user_settings(replace(stored, timezone="@everyone " * 500))
    shown = said(await ada.slash(channel, "settings"))
    assert "Your settings" in shown and "Nothing was changed" not in shown, shown
    assert "@everyone" not in shown and len(shown) < 1000, shown
    assert "Settings saved" in said(await ada.slash(channel, "settings", ping="dm"))
    refused = said(await ada.slash(channel, "settings", quiet_start=1, quiet_end=6))
    assert "don't know the time zone" in refused, "quiet hours need a real zone"
    assert (await storage.user_settings(ada.id)).quiet_start is None
    assert "Settings saved" in said(await ada.slash(channel, "settings", timezone="Europe/Rome"))
    assert (await storage.user_settings(ada.id)).timezone == "Europe/Rome"
