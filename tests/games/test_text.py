"""Typed text read the way it looks: NFKC first, and look-alikes compared by UTS #39's skeleton."""

from __future__ import annotations

import pytest

from bot.games.text import skeleton, typed


def test_typed_text_is_nfkc_with_single_spaces() -> None:
    assert typed("  ｔｅａｐｏｔ \u3000 ｆｒｙｉｎｇ\tpan ") == "teapot frying pan"
    assert typed("１２:００") == "12:00"
    assert typed("ﬁsh") == "fish"  # a ligature is its letters


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("teapot", "te\u0430pot"),  # Cyrillic а
        ("teapot", "TEAPOT"),
        ("teapot", "ｔｅａｐｏｔ"),
        ("paypal", "\u0440\u0430\u0443\u0440\u0430l"),  # Cyrillic р, а, у
        ("love", "1ove"),
        ("comet", "c\u03bfmet"),  # Greek ο
    ],
)
def test_look_alikes_share_a_skeleton(one: str, other: str) -> None:
    assert skeleton(one) == skeleton(other)


@pytest.mark.parametrize(("one", "other"), [("cafe", "café"), ("kite", "kit"), ("owl", "owI l")])
def test_different_words_keep_different_skeletons(one: str, other: str) -> None:
    assert skeleton(one) != skeleton(other)
