"""Star Gazers panels sent before turns were drafted whole (issue 29) still mean what they meant.

``tests/ui/old_panels_star_gazers_v1.json`` keeps the custom_ids a seeded game's panels showed
before the change (``tests/ui/old_panels.json`` now holds the new panels'). Every one is still
routed to one of the face's controls, and every code reads as the same action: a tile with its
token sends those two (and the confirm, when it did), a pick alone is still a pick (the engine's
bonus step and the Shuttle bonus steps still have their panels), a stage is still a stage.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from bot.faces.star_gazers import plan
from bot.faces.star_gazers.clicked import STAGES
from bot.faces.star_gazers.codes import decode, pick_code
from bot.faces.star_gazers.items import CONTROLS, DO, PLAY_PICK, PREVIEW_PICK, STAGE

V1 = Path(__file__).parents[2] / "ui" / "old_panels_star_gazers_v1.json"


def clicks() -> list[dict]:
    return json.loads(V1.read_text())["star-gazers"]


def control_of(custom_id: str):
    found = [c for c in CONTROLS if re.fullmatch(c.pattern, custom_id)]
    assert len(found) == 1, (custom_id, found)
    return found[0], re.fullmatch(found[0].pattern, custom_id)


def test_every_old_id_is_still_a_control_of_the_face() -> None:
    ids = {i for click in clicks() for i in [click["clicked"], *click["shown"]] if i.startswith("sg:")}
    assert len(ids) > 50
    for custom_id in ids:
        control_of(custom_id)


def test_every_old_code_plays_or_stages_what_it_did() -> None:
    played = staged = 0
    for click in clicks():
        if not click["clicked"].startswith("sg:"):
            continue
        control, match = control_of(click["clicked"])
        codes = click.get("values") or [match.groupdict().get("code") or match.groupdict().get("stage")]
        for code in codes:
            if control in (DO, PLAY_PICK):
                action = decode(code)
                played += 1
                if code.startswith("P"):  # a tile and its token, confirmed when the code said so
                    old = code.split(".")
                    steps = action["steps"]
                    assert steps[0] == {"kind": "tile", "cell": int(old[0][1:]), "rotation": int(old[1])}
                    assert (steps[-1] == {"kind": "confirm"}) == (old[-1] == "c")
                    assert len(steps) == 1 + (old[2] != "n") + (old[-1] == "c")
                elif code.startswith("p"):
                    assert action == {"kind": "pick", "square": int(code[1:])}
            else:
                assert control in (STAGE, PREVIEW_PICK)
                assert code[:1] in STAGES
                if code.startswith("P"):
                    assert plan.parse(code).rest == ()
                staged += 1
    assert played > 10 and staged > 5


def test_the_last_pick_code_sends_the_pick_and_both_bonus_tokens() -> None:
    assert decode(pick_code(7, "star", "moon")) == {
        "kind": "steps",
        "steps": [
            {"kind": "pick", "square": 7},
            {"kind": "bonus", "type": "star"},
            {"kind": "bonus", "type": "moon"},
        ],
    }
    assert decode(pick_code(7, None, "moon"))["steps"][1:] == [{"kind": "bonus", "type": "moon"}]


def test_a_drafted_plan_reads_back() -> None:
    code = "P5.1.ks2_f3"
    drafted = plan.parse(code)
    assert drafted.pending == 3 and drafted.later == () and drafted.code() == code
    sent = plan.parse("P5.1.ks2_o3.7_kc9.c")
    assert sent.confirm and sent.rest == ("o3.7", "kc9")
    assert decode(sent.code(confirm=True))["steps"] == [
        {"kind": "tile", "cell": 5, "rotation": 1},
        {"kind": "token", "target": "shuttle", "space": 2},
        {"kind": "move_token", "from": 3, "to": 7},
        {"kind": "token", "target": "cell", "cell": 9},
        {"kind": "confirm"},
    ]
    for bad in ("P5.1.ks2_f3.c", "P5.1.ks2_f3_kc1", "P5.1.ks2_zz", "P5.1_kc1.c"):
        try:
            plan.parse(bad)
        except (ValueError, IndexError):
            continue
        raise AssertionError(f"{bad} parsed")
