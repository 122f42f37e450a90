"""A rule's ``Msg`` reads as English, survives storage, and is said again in the reader's language."""

from __future__ import annotations

import json
import pickle

from bot.i18n import Language, _, ngettext, speaking, translate
from bot.i18n.msg import M_, MN_, Msg, fill, from_stored, to_stored


def test_a_msg_is_its_english_text_with_seat_names_left_for_later() -> None:
    event = M_("{0} takes the {colour} token", colour=M_("red"))
    assert event == "{0} takes the red token"
    assert event.format("Ada") == "Ada takes the red token"


def test_counted_msgs_pick_the_english_plural() -> None:
    assert MN_("{n} point", "{n} points", 1) == "1 point"
    assert MN_("{n} point", "{n} points", 0) == "0 points"
    assert MN_("{0} scores {n} point", "{0} scores {n} points", 4) == "{0} scores 4 points"


def test_a_msg_round_trips_through_the_action_log() -> None:
    event = MN_("{0} takes {n} {colour} card", "{0} takes {n} {colour} cards", 2, colour=M_("blue"))
    stored = json.loads(json.dumps(to_stored(event)))
    back = from_stored(stored)
    assert isinstance(back, Msg) and back == event and back.params["colour"] == "blue"
    assert from_stored("An old English line") == "An old English line"
    assert pickle.loads(pickle.dumps(event)) == event


def test_fill_leaves_unknown_and_positional_fields() -> None:
    assert fill("{0} has {score:>3} ({missing})", {"score": 7}) == "{0} has   7 ({missing})"


def test_english_needs_no_catalog() -> None:
    with speaking(Language.ENGLISH):
        assert _("Your move, {name}", name="Ada") == "Your move, Ada"
        assert ngettext("{n} point", "{n} points", 1) == "1 point"
        assert ngettext("{n} point", "{n} points", 2.0) == "2 points"
        assert translate(M_("{0} passes")) == "{0} passes"


def test_speaking_nests_and_restores() -> None:
    from bot.i18n import language

    with speaking(Language.ITALIAN):
        assert language() is Language.ITALIAN
        with speaking(Language.ENGLISH):
            assert language() is Language.ENGLISH
        with speaking(None):
            assert language() is Language.ITALIAN
    assert language() is Language.ENGLISH
