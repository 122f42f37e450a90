"""What a Star Gazers panel shows after a click, as pure functions of the clicker's view (the
platform, ``bot.ui.clicks``, plays the click and asks the presenter, which asks here).

Two choices are only previewed before they are sent: a tile with its token (square, rotation and
the token's place, see ``plan``), and a tile move. Their preview is the engine's own result
(``game.apply`` on the stored state, shown from the seat's view), so the picture can never
disagree with the rules.
"""

from __future__ import annotations

import logging
from functools import partial

from bot.faces.star_gazers import plan
from bot.faces.star_gazers.art import encodings as sent
from bot.faces.star_gazers.art import images as art
from bot.faces.star_gazers.codes import decode
from bot.faces.star_gazers.items import PLAY_PICK, PREVIEW_PICK, STAGE, code_of
from bot.faces.star_gazers.pictures import keep_if_shown, named, shown_picture
from bot.faces.star_gazers.words import NOT_OFFERED, round_line, titled
from bot.games.base import Action, IllegalAction
from bot.games.star_gazers import GAME
from bot.i18n import _
from bot.ui.controls import Click, Played, Seen, of_controls, option_values
from bot.ui.interactions import Refusal
from bot.ui.outgoing import Outgoing
from bot.ui.presenter import PanelAt
from bot.ui.typed_square import parse_square

log = logging.getLogger(__name__)

STAGES = {"P", "m", "n", "f", "h"}  # a tile and token plan, a tile move (either tile), a move's source, back


def after_play(seen: Seen, played: Played, panel: PanelAt) -> Outgoing:
    """After a sub-action: the next step of the same panel, or a short note once the turn ended.

    When the seat acts again right away (the last pick of a round can be followed by the first
    of the next), a DM panel was just replaced by a fresh DM, so this one only says so; an
    ephemeral copy (closed DMs, or one opened with Open my panel or /game hand) is the live
    panel and gets no fresh one, so it carries on in place.
    """
    view, kind = seen.view, played.kind
    if played.to_act and (played.same_step or played.ephemeral or not played.dm_open):
        return panel()
    if played.to_act:
        if kind == "keep":
            said = _("Journal card kept. It's your turn now: use the new panel below.")
        else:
            said = _("Turn confirmed. It's your turn now: use the new panel below.")
        return Outgoing(said, titled(round_line(view)))
    if view["phase"] == "journal":
        return Outgoing(_("Journal card kept. The game starts when everyone has chosen."), titled(_("Setup")))
    if kind == "keep":  # the last to keep a card starts the draft: no turn of theirs was played
        return Outgoing(
            _(
                "Journal card kept. Everyone has chosen, so the draft has begun: your panel "
                "arrives when it's your pick."
            ),
            titled(_("Setup")),
        )
    if view["phase"] == "over":
        return Outgoing(_("The game is over: see the results in the game thread."), titled(_("Game over")))
    if (shown := shown_picture(played.click.message)) is not None:
        # the picture on the panel is the Mural just confirmed (its preview): it stays, not re-sent
        return Outgoing(
            _(
                "Turn confirmed: the picture shows your Mural as you placed it. Your next "
                "panel arrives when it's your turn again."
            ),
            titled(round_line(view)),
            kept=(shown,),
        )
    return named(
        Outgoing(
            _("Turn confirmed. Your next panel arrives when it's your turn again."),
            titled(round_line(view)),
            partial(art.sheet_webp, view, seen.names, seen.seat),
            "mural" + sent.SHEET.suffix,
        ),
        "mural",
    )


def step(seen: Seen, click: Click, panel: PanelAt) -> Outgoing:
    """A stage button or a preview select: the panel at that stage (nothing is sent to the engine)."""
    stage = click["stage"] if click.control is STAGE else code_of(click)
    if stage is None:
        raise Refusal(_(NOT_OFFERED))
    return show_stage(seen, stage, click, panel)


def show_stage(seen: Seen, stage: str, click: Click, panel: PanelAt) -> Outgoing:
    tentative, note = None, None
    try:  # a stage comes from the client: one no panel offered is refused, not a crash
        if stage[:1] not in STAGES:
            raise ValueError(stage)
        if stage[:1] == "P":
            done, tentative, note = plan.preview(GAME, seen.state, seen.seat, plan.parse(stage), decode)
            stage = done.code()
        elif stage[:1] in {"m", "n"}:
            action = decode("l" + stage[1:])
            try:
                tentative = GAME.view(GAME.apply(seen.state, seen.seat, action).state, seen.seat)
            except IllegalAction as error:
                note = error.message
        out = panel(keep=False, stage=stage, tentative=tentative, note=note)
    except (IndexError, KeyError, ValueError):
        log.info("star gazers stage %r offered by no panel", stage)
        raise Refusal(_(NOT_OFFERED)) from None
    return keep_if_shown(out, click.message)


def typed(seen: Seen, click: Click, panel: PanelAt) -> Action | Outgoing:
    """A typed square: the tile's previewed there, or the token played there."""
    tag = click["tag"]
    name = parse_square(click.typed, "ABCD", 4)
    cell = "ABCD".index(name[0]) + 4 * (int(name[1:]) - 1)
    wanted = f"P{cell}." if tag == "tile" else f"kc{cell}"
    offered = [
        value
        for item in of_controls(panel(keep=False).items, PLAY_PICK, PREVIEW_PICK)
        if item.fields["tag"] == tag
        for value in option_values(item)
    ]
    fits = [v for v in offered if v == wanted or tag == "tile" and v.startswith(wanted)]
    value = fits[0] if fits else None
    if value is None and tag == "tile":
        raise Refusal(
            _(
                "{square} isn't a square your tile can go on now. The menu lists the squares you "
                "can use: type one of those, or pick it there.",
                square=name,
            )
        )
    if value is None:
        raise Refusal(
            _(
                "{square} isn't a square the token can go on now. The menu lists the squares you "
                "can use: type one of those, or pick it there.",
                square=name,
            )
        )
    if tag == "tile":
        return show_stage(seen, value, click, panel)
    return decode(value)
