"""The authored map, goals and myths: every count GAMES.md fixes, and bad data is refused."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from bot.games.starry_night_sky.components import (
    DATA_DIR,
    START,
    DataError,
    load_goals,
    load_map,
    load_myths,
    parse_goals,
    parse_map,
    parse_myths,
)


def _raw(name: str) -> dict:
    return json.loads((DATA_DIR / name).read_text())


def test_map_has_28_named_constellations_around_start() -> None:
    sky = load_map()
    assert len(sky.constellations) == 28
    names = [c.name for c in sky.constellations.values()]
    assert len(set(names)) == 28 and all(len(n.split()) == 2 for n in names)
    for rulebook_name in ("Reliable Sailboat", "Lost Scarf", "Trusty Lantern", "Deft Magpie"):
        assert rulebook_name not in names
    assert 4 <= len(sky.neighbours[START]) <= 6
    assert all(2 <= len(sky.neighbours[c]) <= 4 for c in sky.constellations)
    assert all(2 <= len(c.spots) <= 4 for c in sky.constellations.values())
    assert all(0 <= v <= 1 for c in sky.constellations.values() for v in (c.x, c.y))


def test_spot_colours_are_balanced_and_the_bag_cannot_run_dry() -> None:
    spots = Counter(s for c in load_map().constellations.values() for s in c.spots)
    assert max(spots.values()) - min(spots.values()) <= 2
    assert sum(spots.values()) + 48 <= 150


def test_goals_are_the_glossary_plus_a_second_complete_a_constellation() -> None:
    goals = load_goals()
    assert len(goals) == 36
    assert sum(g.points == 1 for g in goals.values()) == 19
    kinds = Counter(g.kind for g in goals.values())
    assert kinds["complete_any"] == 2
    assert kinds["pool_only"] == kinds["no_colour"] == kinds["on_unfilled"] == kinds["complete_empty"] == 3
    assert kinds["place_pair"] == 5
    timings = Counter(g.timing for g in goals.values())
    assert timings == {"end": 21, "turn": 15}


def test_sixteen_myths_name_pairs_of_real_constellations() -> None:
    myths = load_myths()
    assert len(myths) == 16
    pairs = {frozenset((m.a, m.b)) for m in myths.values()}
    assert len(pairs) == 16
    assert all(m.points >= 1 for m in myths.values())


def _map_error(mutate) -> str:
    data = copy.deepcopy(_raw("map.json"))
    mutate(data)
    with pytest.raises(DataError) as caught:
        parse_map(data)
    return str(caught.value)


def test_bad_maps_are_refused() -> None:
    assert "28" in _map_error(lambda d: d["constellations"].pop())
    same_name = _map_error(lambda d: d["constellations"][1].update(name=d["constellations"][0]["name"]))
    assert "two-word" in same_name
    assert "spots" in _map_error(lambda d: d["constellations"][0].update(spots=["red"]))
    assert "spots" in _map_error(lambda d: d["constellations"][0].update(spots=["green", "red"]))
    assert "unit square" in _map_error(lambda d: d["constellations"][0].update(x=1.5))
    assert "bad edge" in _map_error(lambda d: d["edges"].append(["c01", "c99"]))
    assert "twice" in _map_error(lambda d: d["edges"].append(list(d["edges"][0])))

    def cut_off(d: dict) -> None:  # drop every path touching c26
        d["edges"] = [e for e in d["edges"] if "c26" not in e]

    assert "neighbours" in _map_error(cut_off)

    def cross(d: dict) -> None:  # a path straight across the sky
        d["edges"].append(["c26", "c20"])

    assert "cross" in _map_error(cross)

    def start_alone(d: dict) -> None:
        d["edges"] = [e for e in d["edges"] if "START" not in e or "c01" in e or "c03" in e]

    assert "START" in _map_error(start_alone)


def test_a_disconnected_map_is_refused() -> None:
    def island(d: dict) -> None:  # c26, c27, c28 cut loose as a triangle of their own
        cut = ({"c28", "c16"}, {"c27", "c15"}, {"c26", "c14"})
        d["edges"] = [e for e in d["edges"] if set(e) not in cut] + [["c26", "c28"]]

    assert "not connected" in _map_error(island)


def test_bad_goals_and_myths_are_refused() -> None:
    goals = _raw("goals.json")
    broken = copy.deepcopy(goals)
    broken["goals"][0]["kind"] = "fly_to_the_moon"
    with pytest.raises(DataError, match="unknown kind"):
        parse_goals(broken)
    broken = copy.deepcopy(goals)
    broken["goals"][5]["points"] = 2
    with pytest.raises(DataError, match="one-point"):
        parse_goals(broken)
    broken = copy.deepcopy(goals)
    broken["goals"][7]["colour"] = "green"
    with pytest.raises(DataError, match="colour"):
        parse_goals(broken)
    myths = _raw("myths.json")
    broken = copy.deepcopy(myths)
    broken["myths"][0]["b"] = broken["myths"][0]["a"]
    with pytest.raises(DataError, match="two different"):
        parse_myths(broken, load_map())
    broken = copy.deepcopy(myths)
    broken["myths"][1].update(a=myths["myths"][0]["a"], b=myths["myths"][0]["b"])
    with pytest.raises(DataError, match="repeats"):
        parse_myths(broken, load_map())
