"""Shard and database settings from the environment, with a clear message for a bad value."""

from __future__ import annotations

import pytest

from bot.app import AstrolabeBot, ShardedAstrolabeBot, create_bot
from bot.core.config import Config, ConfigError


def test_no_shard_variables_is_one_plain_client() -> None:
    settings = Config.from_env({})
    assert (settings.shard_count, settings.shard_ids, settings.timer_poll) == (None, None, 10.0)
    bot = create_bot(settings)
    assert type(bot) is AstrolabeBot


def test_shards_and_ids_make_an_auto_sharded_client() -> None:
    settings = Config.from_env(
        {
            "ASTROLABE_SHARDS": "4",
            "ASTROLABE_SHARD_IDS": "2, 3",
            "ASTROLABE_DB": "postgresql://bot@db/astrolabe",
            "ASTROLABE_TIMER_POLL": "5",
        }
    )
    assert (settings.shard_count, settings.shard_ids, settings.timer_poll) == (4, (2, 3), 5.0)
    bot = create_bot(settings)
    assert isinstance(bot, ShardedAstrolabeBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"ASTROLABE_SHARDS": "two"}, "ASTROLABE_SHARDS must be a whole number"),
        ({"ASTROLABE_SHARDS": "0"}, "ASTROLABE_SHARDS must be a whole number"),
        ({"ASTROLABE_SHARD_IDS": "0"}, "needs ASTROLABE_SHARDS"),
        ({"ASTROLABE_SHARDS": "2", "ASTROLABE_SHARD_IDS": "0,2"}, "from 0 to 1"),
        ({"ASTROLABE_SHARDS": "2", "ASTROLABE_SHARD_IDS": "1,1"}, "distinct"),
        ({"ASTROLABE_TIMER_POLL": "-1"}, "ASTROLABE_TIMER_POLL must be a number"),
    ],
)
def test_bad_shard_settings_say_what_to_set(env: dict[str, str], says: str) -> None:
    with pytest.raises(ConfigError, match=says):
        Config.from_env(env)
