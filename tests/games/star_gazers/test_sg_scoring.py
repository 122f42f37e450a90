"""Scoring: the rulebook's example (56 points), Journal card kinds, Constellations under rotation."""

from __future__ import annotations

from sg_helpers import blank_tile, custom_catalog, mural, token_of

from bot.games.star_gazers.components import Card, Constellation, constellations_by_id
from bot.games.star_gazers.geometry import CENTRE
from bot.games.star_gazers.scoring import breakdown, card_complete, constellation_score, survey

PEGASUS = constellations_by_id()["pegasus"]
LYRA = constellations_by_id()["lyra"]


def card(kind: str, telescopes: int = 1, **needs: int) -> Card:
    return Card(f"test-{kind}", "I", kind, tuple(sorted(needs.items())), telescopes)


def example_mural():
    """The scoring example: 2 unique photos, 1 Meteor, 4 Space Stations, 5 Moons, 3 Comets,
    3 Black Holes, 5 Planets, 6 Telescopes and 3 Stars on Pegasus = 56 points."""
    e, s = None, "star"
    tiles = [
        blank_tile("t0", (e, "ringed", e, e), ["moon"]),
        blank_tile("t1", ("ringed", e, e, e), ["moon"]),  # turned so its ringed half faces west
        blank_tile("t2", (e, e, e, e), ["moon"]),
        blank_tile("t3", ("star", e, e, e), ["station"]),  # a star half at the border: nothing
        blank_tile("t4", (e, "banded", e, e), ["comet"]),
        blank_tile("t5", (e, "cratered", e, "wild"), ["moon"]),
        blank_tile("t6", (e, "cratered", e, "icy"), []),  # icy faces cratered: nothing
        blank_tile("t7", (e, e, e, "cratered"), ["station"]),
        blank_tile("t8", (e, "wild", e, e), []),
        blank_tile("t9", (e, e, e, "wild"), []),  # wild meets wild: nothing
        blank_tile("t10", (e, s, e, e), []),
        blank_tile("t11", (e, e, e, s), ["station"]),
        blank_tile("t12", (e, "icy", e, e), []),
        blank_tile("t13", (e, e, e, "icy"), ["comet"]),
        blank_tile("t14", (e, "wild", e, e), []),
        blank_tile("t15", (e, e, e, "banded"), []),
    ]
    cat = custom_catalog(tiles)
    rotations = dict.fromkeys(range(16), 0)
    rotations[1] = 3
    placed = {c: (f"t{c}", rotations[c]) for c in range(16)}
    hexes = {2: ["B-moon-1"], 12: ["B-station-1"], 14: ["B-comet-1"]}
    tokens = {
        0: token_of("star", 0),
        2: token_of("star", 1),
        5: token_of("photo", event="eclipse"),
        6: token_of("photo", event="aurora"),
        7: token_of("photo", 1, event="eclipse"),  # a duplicate photo adds nothing
        9: token_of("black_hole", 0),
        12: token_of("black_hole", 1),
        13: token_of("black_hole", 2),
        15: token_of("meteor", 0),
    }
    under = {
        9: token_of("photo", event="nebula"),  # covered: not a third photo
        12: token_of("meteor", 1),
        13: token_of("meteor", 2),
    }
    return mural(placed, tokens, under, hexes), cat


EXAMPLE_CARDS = [
    card("adjacent", 2, moon=1, planet=1),  # squares 0 and 1
    card("line", 4, station=3, meteor=1),  # the right-hand column
    card("solar", 3, black_hole=1),  # no Sun in the centre: not complete
]


def test_rulebook_scoring_example_totals_56() -> None:
    player, cat = example_mural()
    sheet = breakdown(player, EXAMPLE_CARDS, [PEGASUS, LYRA], cat)
    assert sheet["photos"] == {"unique": 2, "points": 2}
    assert sheet["icons"] == {"comet": 3, "meteor": 1, "moon": 5, "station": 4, "black_hole": 3, "planet": 5}
    assert sheet["icon_points"] == 1 + 4 + 5 + 3 + 6 + 10
    assert sheet["telescopes"] == {"count": 6, "points": 18, "completed": ["test-adjacent", "test-line"]}
    assert sheet["constellations"][0] == {"card": "pegasus", "stars": 3, "rotation": 0, "points": 7}
    assert sheet["constellations"][1]["points"] == 0
    assert sheet["total"] == 56
    public = breakdown(player, EXAMPLE_CARDS, [PEGASUS, LYRA], cat, secret=False)
    assert public["total"] == 56 - 18 and public["telescopes"]["count"] == 0


def row_of(tiles: dict[int, list[str]], tokens: dict[int, str] | None = None, edges: dict | None = None):
    """A full Mural of blank tiles with the given printed icons per square."""
    made = [blank_tile(f"x{c}", (edges or {}).get(c, (None,) * 4), tiles.get(c, [])) for c in range(16)]
    return mural({c: (f"x{c}", 0) for c in range(16)}, tokens), custom_catalog(made)


def test_adjacent_tiles_positive_and_negative() -> None:
    need = card("adjacent", moon=1, comet=1)
    player, cat = row_of({5: ["moon"], 6: ["comet"]})
    assert card_complete(need, survey(player, cat))
    player, cat = row_of({5: ["moon"], 10: ["comet"]})  # diagonal squares are not adjacent
    assert not card_complete(need, survey(player, cat))
    player, cat = row_of({5: ["moon"], 13: ["comet"]})  # two apart in a column
    assert not card_complete(need, survey(player, cat))


def test_row_column_positive_and_negative() -> None:
    need = card("line", moon=2, station=1, photo=1)
    photo = token_of("photo", event="transit")
    player, cat = row_of({1: ["moon"], 9: ["moon", "station"]}, {13: photo})  # column B
    assert card_complete(need, survey(player, cat))
    player, cat = row_of({1: ["moon"], 9: ["moon", "station"]}, {14: photo})  # photo one column over
    assert not card_complete(need, survey(player, cat))


def test_solar_system_positive_and_negative() -> None:
    need = card("solar", moon=2, comet=1)
    sun = token_of("sun")
    ring = {0: ["moon"], 2: ["moon"], 8: ["comet"]}
    player, cat = row_of(ring, {5: sun})
    assert card_complete(need, survey(player, cat))
    assert 5 in CENTRE
    player, cat = row_of(ring, {0: sun})  # a Sun outside the centre four
    assert not card_complete(need, survey(player, cat))
    player, cat = row_of(ring)  # no Sun at all
    assert not card_complete(need, survey(player, cat))
    player, cat = row_of({0: ["moon"], 5: ["moon"], 8: ["comet"]}, {5: sun})  # the centre doesn't count
    assert not card_complete(need, survey(player, cat))


def test_half_icons_count_with_one_half_inside_and_star_asterisk() -> None:
    star_west = {5: (None, None, None, "star"), 4: (None, "star", None, None)}
    planet = {6: (None, "wild", None, None), 7: (None, None, None, "icy")}
    player, cat = row_of({}, {1: token_of("star")}, {**star_west, **planet})
    view = survey(player, cat)
    # Squares 5 and 6 hold one half of the Star (4|5) and one half of the Planet (6|7).
    assert card_complete(card("adjacent", star=1, planet=1), view)
    # A Star token serves only a Star* need; a printed Star serves either: squares 1 and 5 hold
    # the token and one half of the printed Star.
    assert card_complete(card("adjacent", star_any=2), view)
    assert not card_complete(card("adjacent", star=2), view)
    player, cat = row_of({}, {2: token_of("star")}, {})
    assert card_complete(card("adjacent", star_any=1), survey(player, cat))
    assert not card_complete(card("adjacent", star=1), survey(player, cat))
    # An unmatched half counts for nothing.
    player, cat = row_of({}, None, {5: (None, None, None, "star")})
    assert not card_complete(card("adjacent", star_any=1), survey(player, cat))


def test_constellations_match_under_rotation_with_edge_stars() -> None:
    card_ = Constellation("test", "Test", "A", (0, 5), ((1, 2), (6, 10)))
    # The pattern turned a quarter clockwise: 0->3, 5->6, edge 1|2 -> 7|11, edge 6|10 -> 9|10.
    star_edges = {
        7: (None, None, "star", None),
        11: ("star", None, None, None),
        9: (None, "star", None, None),
        10: (None, None, None, "star"),
    }
    tokens = {3: token_of("star", 0), 6: token_of("star", 1)}
    player, cat = row_of({}, tokens, star_edges)
    view = survey(player, cat)
    assert constellation_score(card_, view.stars) == {"card": "test", "stars": 4, "rotation": 1, "points": 10}
    # The mirror image (left-right) is not the same pattern: no quarter turn matches more than 2.
    mirror_edges = {
        1: (None, "star", None, None),
        2: (None, None, None, "star"),
        5: (None, None, "star", None),
        9: ("star", None, None, None),
    }
    player, cat = row_of({}, tokens, mirror_edges)
    assert constellation_score(card_, survey(player, cat).stars) == {
        "card": "test",
        "stars": 2,
        "rotation": 1,
        "points": 4,
    }


def test_constellation_table_and_same_stars_on_both_cards() -> None:
    positions = PEGASUS.cells[:4]
    player, cat = row_of({}, {c: token_of("star", i) for i, c in enumerate(positions)})
    stars = survey(player, cat).stars
    assert constellation_score(PEGASUS, stars)["points"] == 10  # 4 of its 6 positions
    sheet = breakdown(player, [], [PEGASUS, PEGASUS], cat)
    assert [c["points"] for c in sheet["constellations"]] == [10, 10]  # the same stars score twice
    assert constellation_score(PEGASUS, 0)["points"] == 0
