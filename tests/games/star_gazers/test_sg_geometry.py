"""Half icons, edges, rotations: the geometry every score depends on."""

from __future__ import annotations

from sg_helpers import blank_tile, custom_catalog, mural

from bot.games.star_gazers.geometry import (
    EDGE_INDEX,
    EDGES,
    LINES,
    PAIRS,
    RINGS,
    match,
    rotated,
    turn_cell,
)
from bot.games.star_gazers.scoring import survey


def test_half_matching_rules() -> None:
    assert match("ringed", "ringed") == "planet"
    assert match("ringed", "icy") is None
    assert match("wild", "icy") == match("banded", "wild") == "planet"
    assert match("wild", "wild") is None  # two wild halves never make a planet
    assert match("star", "star") == "star"
    assert match("star", "wild") is None and match("star", "ringed") is None
    assert match("star", None) is None and match(None, None) is None


def test_board_shape() -> None:
    assert len(EDGES) == 24 and len(PAIRS) == 24 and len(LINES) == 8
    assert sorted(RINGS) == [5, 6, 9, 10] and all(len(r) == 8 for r in RINGS.values())
    assert (0, 4) in EDGE_INDEX and (3, 4) not in EDGE_INDEX  # no wrap-around between rows


def test_rotation_turns_edges_clockwise() -> None:
    edges = ("star", "ringed", None, "wild")  # N, E, S, W
    assert rotated(edges, 1) == ["wild", "star", "ringed", None]
    assert rotated(edges, 4 % 4) == list(edges)
    assert [turn_cell(c) for c in (0, 3, 15, 12)] == [3, 15, 12, 0]


def test_halves_pair_on_shared_edges_only() -> None:
    cat = custom_catalog(
        [
            blank_tile("a", (None, "ringed", None, None)),  # ringed half on the east side
            blank_tile("b", (None, None, None, "ringed")),  # ringed half on the west side
            blank_tile("c", ("wild", None, None, None)),
            blank_tile("d", (None, None, "wild", None)),
            blank_tile("e", ("star", None, None, "star")),
            blank_tile("f", (None, None, "cratered", None)),
        ]
    )
    # a|b side by side: a planet. c under d: wild on wild, nothing. e at the top edge of the
    # Mural: its north half faces the border and completes nothing; f above e: cratered vs star.
    player = mural({0: ("a", 0), 1: ("b", 0), 9: ("d", 0), 13: ("c", 0), 2: ("e", 0)})
    view = survey(player, cat)
    assert [(EDGES[e][:2], icon) for e, icon in view.completed] == [((0, 1), "planet")]
    assert view.unmatched == 4  # wild, wild, and both star halves of e
    # Rotating b half a turn puts its ringed half on the east, facing nothing.
    assert survey(mural({0: ("a", 0), 1: ("b", 2)}), cat).completed == ()
    # A wild half pairs with a real planet half: turn c so its wild half faces b's ringed one.
    player = mural({1: ("b", 0), 0: ("c", 1)})
    assert [icon for _, icon in survey(player, cat).completed] == ["planet"]
    # Two star halves meeting make a Star on that edge, recorded in the star mask.
    player = mural({5: ("e", 1), 6: ("e", 0)})  # e turned once shows a star on its east side
    view = survey(player, cat)
    assert [icon for _, icon in view.completed] == ["star"]
    assert view.stars == 1 << (16 + EDGE_INDEX[(5, 6)])
