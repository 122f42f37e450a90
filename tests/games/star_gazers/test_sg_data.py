"""The authored components: every count GAMES.md fixes, checked at load, and bad data refused."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from bot.games.star_gazers.components import (
    DATA_DIR,
    DataError,
    bonus_tokens,
    load_board,
    load_constellations,
    load_journal,
    load_tiles,
    load_tokens,
    parse_board,
    parse_constellations,
    parse_journal,
    parse_tiles,
    parse_tokens,
)


def raw(name: str) -> dict:
    return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))


def test_tiles_and_tokens_by_player_count() -> None:
    for items in (load_tiles(), load_tokens()):
        assert len(items) == 64
        marks = Counter(item.players for item in items)
        assert marks == {2: 32, 3: 16, 4: 16}
        assert [sum(1 for i in items if i.players <= n) for n in (2, 3, 4)] == [32, 48, 64]


def test_every_player_count_gets_every_kind_of_token_and_half() -> None:
    for seats in (2, 3, 4):
        kinds = Counter(t.kind for t in load_tokens() if t.players <= seats)
        assert set(kinds) == {"shuttle", "photo", "black_hole", "star", "sun", "meteor"}
        events = {t.event for t in load_tokens() if t.players <= seats and t.kind == "photo"}
        assert len(events) == 5
        halves = Counter(h for t in load_tiles() if t.players <= seats for h in t.edges if h)
        assert {"star", "wild", "ringed", "banded", "cratered", "icy"} <= set(halves)


def test_journal_decks_kinds_and_telescopes() -> None:
    cards = load_journal()
    assert Counter(c.deck for c in cards) == {"I": 16, "II": 16, "III": 16}
    assert {c.kind for c in cards} == {"adjacent", "line", "solar"}
    assert all(1 <= c.telescopes <= 4 for c in cards)
    assert len({c.id for c in cards}) == 48
    assert any(dict(c.needs).get("star_any") for c in cards)  # the asterisk cards exist
    assert any(dict(c.needs).get("star") for c in cards)


def test_constellations_and_board() -> None:
    cards = load_constellations()
    assert Counter(c.side for c in cards) == {"A": 3, "B": 3}
    assert all(4 <= c.stars <= 6 and c.edges and c.cells for c in cards)
    assert "pegasus" in {c.id for c in cards}
    board = load_board()
    assert len(board.shuttle_spaces) == 8 and board.reserve_spaces == 2
    assert Counter(board.shuttle_spaces) == {"gain": 2, "move_token": 2, "move_tile": 1, "journal": 3}


def test_bonus_tokens_follow_the_player_count() -> None:
    for seats in (2, 3, 4):
        kinds = Counter(t.kind for t in bonus_tokens(seats))
        assert kinds == dict.fromkeys(("star", "shuttle", "sun", "moon", "comet", "station"), seats)
        assert {t.shape for t in bonus_tokens(seats) if t.kind in ("moon", "comet", "station")} == {"hex"}


@pytest.mark.parametrize(
    ("name", "parse", "edit", "message"),
    [
        ("tiles.json", parse_tiles, lambda d: d["tiles"].pop(), "exactly 64"),
        ("tiles.json", parse_tiles, lambda d: d["tiles"][0].update(players=3), "usable with 2 players"),
        ("tiles.json", parse_tiles, lambda d: d["tiles"][1].update(id=d["tiles"][0]["id"]), "duplicate"),
        ("tiles.json", parse_tiles, lambda d: d["tiles"][0].update(edges=["star", None, None]), "four half"),
        ("tiles.json", parse_tiles, lambda d: d["tiles"][0].update(icons=["dragon"]), "icons"),
        ("tokens.json", parse_tokens, lambda d: d["tokens"][0].update(players=5), "players"),
        ("tokens.json", parse_tokens, lambda d: d["tokens"][0].update(kind="photo", event=None), "event"),
        ("journal.json", parse_journal, lambda d: d["cards"][0].update(deck="III"), "deck"),
        ("journal.json", parse_journal, lambda d: d["cards"][0].update(telescopes=5), "telescopes"),
        ("journal.json", parse_journal, lambda d: d["cards"][0].update(needs={"unicorn": 1}), "needs"),
        (
            "constellations.json",
            parse_constellations,
            lambda d: d["cards"][0].update(edges=[[0, 5]]),
            "side-by-side",
        ),
        ("constellations.json", parse_constellations, lambda d: d["cards"][0].update(side="B"), "side A"),
        (
            "constellations.json",
            parse_constellations,
            lambda d: d["cards"][0].update(cells=[0, 1, 2, 3, 4, 5]),
            "stars",
        ),
        ("board.json", parse_board, lambda d: d["shuttle_spaces"].append("gain"), "Shuttle spaces"),
        (
            "board.json",
            parse_board,
            lambda d: d["shuttle_spaces"].__setitem__(0, "move_tile"),
            "once per game",
        ),
    ],
)
def test_bad_data_is_refused(name, parse, edit, message) -> None:
    data = copy.deepcopy(raw(name))
    parse(data)  # the shipped file is fine
    edit(data)
    with pytest.raises(DataError, match=message):
        parse(data)


def star_points(card) -> list[tuple[float, float]]:
    """Where each star of a card is drawn, in squares from the grid's top left corner: a star in a
    square at its centre, a star on a side at the middle of the side two squares share."""
    centre = [(c % 4 + 0.5, c // 4 + 0.5) for c in card.cells]
    return centre + [((a % 4 + b % 4) / 2 + 0.5, (a // 4 + b // 4) / 2 + 0.5) for a, b in card.edges]


def side_ends(a: int, b: int) -> set[tuple[int, int]]:
    """The two grid corners the side shared by squares ``a`` and ``b`` runs between."""
    (ra, ca), (rb, cb) = divmod(a, 4), divmod(b, 4)
    if ra == rb:  # side by side in a row: a vertical side
        x = max(ca, cb)
        return {(x, ra), (x, ra + 1)}
    y = max(ra, rb)
    return {(ca, y), (ca + 1, y)}


def test_every_constellation_star_is_in_a_square_or_on_one_side() -> None:
    """Checked against the square centres: a star is at one (in its square) or half a square
    from two (on their shared side), never on a corner; and no two side stars meet at a corner
    of four squares, which at phone size reads as one star on that corner (Ursa Minor's B3/C3
    and C3/C4 stars did)."""
    centres = [(c % 4 + 0.5, c // 4 + 0.5) for c in range(16)]
    for card in load_constellations():
        points = star_points(card)
        assert len(set(points)) == len(points), f"{card.name}: two stars drawn in one place"
        for x, y in points:
            near = sorted(abs(x - cx) + abs(y - cy) for cx, cy in centres)
            in_square = near[0] == 0
            on_side = near[0] == near[1] == 0.5 and near[2] > 0.5
            assert in_square or on_side, f"{card.name}: a star at {(x, y)} is in no square and on no side"
        corners = [side_ends(a, b) for a, b in card.edges]
        for i, ends in enumerate(corners):
            for other in corners[i + 1 :]:
                assert not ends & other, f"{card.name}: two side stars meet at the corner {ends & other}"
