"""The Starry Night Sky final results: the standings and every Myth card revealed.

Reads only the PUBLIC keys of the view (``board.public_only``), so it is safe to post in a channel.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.faces.starry_night_sky.art.board import View, public_only
from bot.faces.starry_night_sky.art.parts import draw_myths, ints, myth_box_height, named_parts, score_table
from bot.faces.starry_night_sky.words import TITLE
from bot.i18n import _
from render import theme
from render.common import as_map, name_of, sky
from render.headers import SEP, header


def draw_results(view: View, names: Sequence[str]) -> Image.Image:
    """Final results: the standings and every Myth card revealed with what it scored.

    No map: it alone would take the image past the byte budget, and the board image of every turn
    already showed it; the reveal is what this image is for.
    """
    view = public_only(view)
    outcome = as_map(view.get("outcome"))
    players = [as_map(p) for p in (view.get("players") or [])]
    seats = len(players)
    myths = view.get("myths") if isinstance(view.get("myths"), list) else []
    per_seat = [[as_map(m) for m in (myths[s] if s < len(myths) and isinstance(myths[s], list) else [])]
                for s in range(seats)]
    myth_h = myth_box_height(max((len(m) for m in per_seat), default=3))
    height = 16 + 116 + 16 + 56 + seats * 84 + 12 + 16 + seats * (myth_h + theme.GAP)
    image = sky(theme.WIDTH, height)
    winners = ints(outcome.get("winners"))
    flexible: int | None = None
    if len(winners) == 1:
        title, flexible = named_parts(_("{name} wins!"), name_of(names, winners[0]),
                                      theme.player_colour(winners[0]), theme.GOLD)
    elif winners:
        title = []
        for i, seat in enumerate(winners):
            if i:
                title.append((" & ", theme.INK))
            title.append((name_of(names, seat), theme.player_colour(seat)))
        title.append((" " + _("share the win!"), theme.GOLD))
    else:
        title = [(_("Final results"), theme.INK)]
    subtitle = [(_(TITLE) + SEP + _("final scores with Myth cards revealed"), theme.MUTED)]
    y = header(image, title, subtitle, flexible=flexible)
    y = score_table(image, view, names, y, final=outcome or {"winners": []})
    for seat, cards in enumerate(per_seat):  # full width: a Myth card's two names need the room
        top = y + seat * (myth_h + theme.GAP)
        points = sum(int(c.get("points") or 0) for c in cards if c.get("scored"))
        draw_myths(image, cards, (theme.GAP, top, theme.WIDTH - theme.GAP, top + myth_h),
                   title=_("{name}'s Myth cards: +{points}", name=name_of(names, seat), points=points),
                   colour=theme.player_colour(seat))
    return image
