"""A roll's line in one pick (issue 20): the panel lists the stars a line can reach, a pick shows
that line drawn in (from the nearest star of the constellation, changeable when several reach it)
under one **Draw** button, and the only legal line comes already picked."""

from __future__ import annotations

from typing import Any

from bot.faces.sky_of_stars.art import images as art
from bot.faces.sky_of_stars.calling_stop import STOP
from bot.faces.sky_of_stars.clicked import offered_stars
from bot.faces.sky_of_stars.items import DO, PICK, TYPE
from bot.faces.sky_of_stars.panels import build_panel, line_ends
from bot.ui.controls import control_of
from tests.faces.sky_of_stars.test_sky_art import NAMES, seat_view

MOVES = {"F3": ["F4", "E3"], "G2": ["G3", "F4"]}  # F4 is reached from F3 (nearer) and from G2


def panel(moves: dict[str, list[str]], **picks: Any):
    view = seat_view(kind="stroke", moves=moves, optional=False)
    view["decision"], view["phase"], view["round"], view["rounds"] = 7, "stroke", 2, 3
    view["roll"] = {"count": 3, "face": "any"}
    return build_panel(view, NAMES, 1, **picks)


NAMED = {PICK: "SkyPick", DO: "SkyDo", TYPE: "SkyType", STOP: "SkyDo"}


def kinds(out) -> list[str]:
    """Each item as its control's name and its stage or kind (``SkyDo:stroke``)."""
    named = []
    for i in out.items:
        fields = i.fields if control_of(i) is not STOP else {"kind": "stop"}
        named.append(NAMED.get(control_of(i), "-") + ":" + (fields.get("stage") or fields.get("kind", "")))
    return named


def test_line_ends_list_each_end_with_its_origins_nearest_first() -> None:
    ends = line_ends(MOVES)
    assert list(ends) == ["E3", "F4", "G3"]
    assert ends["F4"] == ["F3", "G2"]  # F3 sits right above F4, G2 two rows and a column away
    assert offered_stars({"kind": "stroke", "moves": MOVES}, "end") == ["E3", "F4", "G3"]
    assert offered_stars({"kind": "stroke", "moves": MOVES}, "via.F4") == ["F3", "G2"]


def test_before_a_pick_one_select_of_ends_and_no_draw_button() -> None:
    out = panel(MOVES)
    (select,) = [i for i in out.items if control_of(i) is PICK]
    assert select.item.custom_id == "sky:pick:1:7:end:w"
    assert [o.value for o in select.item.options] == ["E3", "F4", "G3"]
    assert "from F3 (nearest) or G2" in select.item.options[1].description
    assert not any(control_of(i) is DO and i.fields["kind"] == "stroke" for i in out.items)
    assert any(control_of(i) is TYPE for i in out.items), "Type a line stays offered"
    assert out.render.keywords == {}  # the vault with every reachable star ringed


def test_a_pick_draws_the_line_from_the_nearest_star_and_offers_the_others() -> None:
    out = panel(MOVES, picked="F4")
    draw = next(i for i in out.items if control_of(i) is DO and i.fields["kind"] == "stroke")
    assert draw.fields["arg"] == "F3-F4" and draw.item.label == "Draw F3 → F4"
    assert out.render.func is art.vault_png and out.render.keywords == {"preview": ("F3", "F4")}
    assert "**F3 → F4**" in out.content
    end = next(i for i in out.items if control_of(i) is PICK and i.fields["stage"] == "end")
    assert [o.value for o in end.item.options if o.default] == ["F4"], "the pick shows in its menu"
    via = next(i for i in out.items if control_of(i) is PICK and i.fields["stage"] == "via.F4")
    assert [o.value for o in via.item.options] == ["F3", "G2"]
    assert [o.value for o in via.item.options if o.default] == ["F3"]

    other = panel(MOVES, picked="F4", picked_from="G2")  # the origin changed in the via menu
    draw = next(i for i in other.items if control_of(i) is DO and i.fields["kind"] == "stroke")
    assert draw.fields["arg"] == "G2-F4" and other.render.keywords == {"preview": ("G2", "F4")}
    assert other.filename != out.filename, "another line is another picture"


def test_an_end_reached_from_one_star_has_no_origin_menu() -> None:
    out = panel(MOVES, picked="E3")
    assert not any(control_of(i) is PICK and i.fields["stage"].startswith("via.") for i in out.items)
    assert (
        next(i for i in out.items if control_of(i) is DO and i.fields["kind"] == "stroke").fields["arg"]
        == "F3-E3"
    )


def test_the_only_legal_line_comes_picked() -> None:
    out = panel({"F3": ["F4"]})
    draw = next(i for i in out.items if control_of(i) is DO and i.fields["kind"] == "stroke")
    assert draw.fields["arg"] == "F3-F4" and out.render.keywords == {"preview": ("F3", "F4")}


def test_a_pick_no_longer_legal_falls_back_to_the_menu() -> None:
    out = panel(MOVES, picked="A1")
    assert not any(control_of(i) is DO and i.fields["kind"] == "stroke" for i in out.items)


def test_more_than_25_ends_split_by_half_and_fit_discord_rows() -> None:
    stars = [f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 7) if f"{c}{r}" not in {"F2", "G2", "F3"}]
    out = panel({"F3": stars}, picked="A1")
    ends = [i for i in out.items if control_of(i) is PICK]
    assert [s.item.custom_id.rsplit(":", 1)[1] for s in ends] == ["a", "b"]
    assert all(len(s.item.options) <= 25 for s in ends)
    assert len(out.layout(["x.webp"]).children[0].children) <= 10
    assert kinds(out)[-2:] == ["SkyType:", "SkyDo:stop"] and "SkyDo:stroke" in kinds(out)


def test_start_and_cross_out_picks_show_their_result() -> None:
    view = seat_view(kind="start", stars=["A1", "B1"])
    view["decision"], view["phase"], view["round"], view["rounds"] = 7, "start", 1, 3
    out = build_panel(view, NAMES, 1, picked="B1")
    assert out.render.keywords == {"preview": ("B1", "B1")} and "**B1**" in out.content
    assert [o.value for o in out.items[0].item.options if o.default] == ["B1"]
    assert any(
        control_of(i) is DO and i.fields["kind"] == "start" and i.fields["arg"] == "B1" for i in out.items
    )
