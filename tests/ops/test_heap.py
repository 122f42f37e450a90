"""The real process settles its heap after start-up; a test's bots never do (``bot.ops.heap``)."""

from __future__ import annotations

import gc
import weakref

from bot.core.config import Config
from bot.ops import heap


def test_steady_freezes_the_survivors_and_collects_the_young_less_often() -> None:
    threshold = gc.get_threshold()
    kept = [object() for _ in range(10)] + [[] for _ in range(10)]  # tracked, long-lived
    try:
        heap.steady()
        assert gc.get_freeze_count() >= len(kept) // 2
        assert gc.get_threshold() == (heap.YOUNG_THRESHOLD, *threshold[1:])
        young, _, _ = gc.get_count()
        assert young < heap.YOUNG_THRESHOLD
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
    assert gc.get_freeze_count() == 0


def test_a_new_session_thaws_what_the_last_one_froze() -> None:
    """A garbage cycle frozen by an earlier ``steady`` (an old session's caches) is collected by
    the next one, not kept for ever."""
    threshold = gc.get_threshold()

    class Node:
        me: Node

    try:
        cycle = Node()
        cycle.me = cycle
        alive = weakref.ref(cycle)
        heap.steady()
        del cycle
        gc.collect()
        assert alive() is not None  # frozen: no collection looks at it
        heap.steady()
        assert alive() is None
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def test_only_the_real_process_asks_for_it() -> None:
    assert Config(token=None, db_path=":memory:", dev_guild_id=None).steady_heap is False
    assert Config.from_env({}).steady_heap is False  # python -m bot sets it (bot.__main__.main)
