"""Messages as data: what to send, with the image rendered off the event loop.

Handlers build an ``Outgoing`` from a view and hand it to one of the send helpers, which render
the image in a worker process (``bot.ui.painter``) so a slow drawing never blocks the bot.

Every ``Outgoing`` goes out as a Components V2 card: one container holding the title and text,
the picture, a small footer line and the controls, so a panel or a status card reads as one
thing rather than an embed with rows of buttons under it. Discord's rules for such a message:
it carries no ``content`` or embeds, every edit of it sends a layout again (the flag can't be
removed), and an older embed message is upgraded by an edit that clears its content and embed.
"""

from __future__ import annotations

import enum
import io
import itertools
import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord

from bot.i18n import Language, language
from bot.ops.metrics import rendering
from bot.ui.alt import SPOKEN_LIMIT, cut, describe_drawing, reads_text
from bot.ui.painter import painter

log = logging.getLogger(__name__)

DM_CLOSED = 50007
COLOUR = discord.Colour(0x6C8CFF)
# The client-wide default: a name or an event line can never ping anyone. A message that means to
# mention someone passes ``only_users`` with exactly those people.
NO_MENTIONS = discord.AllowedMentions.none()

T = TypeVar("T")


def only_users(*user_ids: int) -> discord.AllowedMentions:
    """Let exactly these users be pinged: no @everyone, no roles, nobody else named in the text."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=user_id) for user_id in dict.fromkeys(user_ids)],
    )


def is_transient(error: discord.HTTPException) -> bool:
    """A failure worth one more try (Discord's 5xx, or a 429 left over after discord.py's waits);
    a refusal (403) or a missing target (404) would fail again the same way."""
    return not isinstance(error, discord.Forbidden | discord.NotFound) and (
        error.status >= 500 or error.status == 429
    )


async def retrying(send: Callable[[], Awaitable[T]], what: str) -> T:
    """Run ``send``; after a transient failure, once more. Anything else is the caller's to handle."""
    try:
        return await send()
    except discord.HTTPException as error:
        if not is_transient(error):
            raise
        log.info("%s failed (%s %s), trying once more", what, error.status, error.text)
    return await send()


class DmStatus(enum.Enum):
    """How a DM went. Only Discord's 50007 means the inbox is closed; any other failure is not
    proof of that, so it must not change how the player is reached."""

    SENT = "sent"
    CLOSED = "closed"
    FAILED = "failed"


# Explicit ids of a card's parts, so an edit that keeps the card (a new footer, its controls
# removed) finds them again in the sent message.
TEXT_ID, IMAGE_ID, FOOTER_ID, ALT_ID = 1001, 1002, 1003, 1004
TEXT_LIMIT = 4000  # Discord's limit for all the TextDisplay text of one message together
ROW_WIDTH = 5  # an action row holds five buttons, or one select


@dataclass
class Outgoing:
    """One message: text, an optional title, an optional image and components. It is sent as a
    Components V2 card (see ``layout``)."""

    content: str = ""
    title: str | None = None
    render: Callable[[], bytes] | None = None
    filename: str = "board.png"
    items: Sequence[discord.ui.Item[Any]] = field(default_factory=tuple)
    footer: str | None = None
    # A still picture sent beside an animated ``render`` (a GIF), for clients that don't animate.
    still: Callable[[], bytes] | None = None
    still_filename: str = "still.png"
    # The language it was built in: the image is drawn later, in a worker thread, in the same one.
    language: Language = field(default_factory=language)
    # Files the message being edited already carries, shown again without drawing or uploading
    # them (``card_of``, or a face that knows the picture is unchanged); ignored beside a new upload.
    kept: tuple[str, ...] = ()
    # The controls right under the text, above the picture: a question a phone must answer
    # without scrolling past a tall picture (A Sky of Stars' guess card).
    controls_first: bool = False
    # The rendered image, kept so a retried send doesn't draw it again.
    _png: bytes | None = field(default=None, repr=False, compare=False)
    _still: bytes | None = field(default=None, repr=False, compare=False)
    # What the picture shows, in words (``bot.ui.alt``): its alt text, made from the view it is
    # drawn from unless given. ``spoken``: the reader asked for boards in text (``/settings``),
    # so the card also carries it as text beside the picture.
    alt: str = ""
    spoken: bool = False

    def __post_init__(self) -> None:
        if not self.alt:
            self.alt = describe_drawing(self.render) or describe_drawing(self.still)

    def alt_text(self) -> str | None:
        """The pictures' description for Discord (gallery item and attachment), within its limit:
        the words of the drawing, else the title; None rather than empty (Discord refuses "")."""
        return cut(self.alt or self.title or "") or None

    def view(self) -> discord.ui.View | None:
        """The items as a classic view (rows under a plain text message, such as a question)."""
        if not self.items:
            return None
        view = discord.ui.View(timeout=None)
        for item in self.items:
            view.add_item(item)
        return view

    async def _drawn(self, draw: Callable[[], bytes]) -> bytes:
        name = self.filename if draw is self.render else self.still_filename
        with rendering(draw, name):
            return await painter().paint(draw, self.language)

    def _image_names(self) -> list[str]:
        names = [self.filename] if self.render is not None else []
        names += [self.still_filename] if self.still is not None else []
        return list(dict.fromkeys(names + list(self.kept)))  # a kept name may be the picture's own

    def layout(self, images: Sequence[str] = ()) -> discord.ui.LayoutView:
        """The card: one container in the theme's colour holding the title and text, the
        pictures (``images``: attachment file names), a small footer line, then the controls
        in action rows (see ``action_rows``), so picture, words and buttons read as one."""
        head = f"### {self.title}\n" if self.title else ""
        footer = "\n".join(f"-# {line}" for line in (self.footer or "").splitlines() if line.strip())
        spoken = cut(self.alt, SPOKEN_LIMIT) if self.spoken and self.alt else ""
        room = TEXT_LIMIT - len(head) - len(footer) - len(spoken)
        text = (head + self.content[: max(0, room)]).strip()
        card: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(accent_colour=COLOUR)
        if text:
            card.add_item(discord.ui.TextDisplay(text, id=TEXT_ID))
        rows = action_rows(self.items)
        if self.controls_first:
            for row in rows:
                card.add_item(row)
            rows = []
        if images:
            card.add_item(
                discord.ui.MediaGallery(
                    *(
                        discord.MediaGalleryItem(f"attachment://{name}", description=self.alt_text())
                        for name in images
                    ),
                    id=IMAGE_ID,
                )
            )
        if spoken:
            card.add_item(discord.ui.TextDisplay(spoken, id=ALT_ID))
        if footer:
            card.add_item(discord.ui.TextDisplay(footer, id=FOOTER_ID))
        for row in rows:
            card.add_item(row)
        if not card.children:  # Discord refuses an empty card
            card.add_item(discord.ui.TextDisplay("\u200b", id=TEXT_ID))
        view = discord.ui.LayoutView(timeout=None)
        view.add_item(card)
        return view

    async def kwargs(
        self, *, editing: bool = False, keep_images: bool = False, on: discord.Message | None = None
    ) -> dict[str, Any]:
        """Keyword arguments for ``send``/``edit``; renders the image in a thread.

        ``editing``: the edit also clears what a card can't carry, so an older message (an embed
        sent before cards) is upgraded, and its files are replaced by this card's.
        ``keep_images``: the message already shows these pictures: refer to its files and leave
        them as they are instead of drawing and uploading them again. Pictures named in ``kept``
        (and nothing new to draw) are kept the same way.
        ``on``: the message being edited. The files it keeps go in the edit's ``attachments`` as
        its existing attachments (their ids, no upload), as Discord documents keeping a file;
        without it they are kept only by leaving ``attachments`` out."""
        if keep_images:
            files, shown = [], self._image_names()
        else:
            files = await self._files()
            shown = [f.filename for f in files] or list(self.kept)
        data: dict[str, Any] = {"view": self.layout(shown)}
        if files:
            data["attachments" if editing else "files"] = files
        elif editing and not shown:
            data["attachments"] = []  # no picture any more: the old file goes too
        elif editing and on is not None and getattr(on, "attachments", None) is not None:
            data["attachments"] = [a for a in on.attachments if a.filename in shown]
        if editing:
            data.update(content=None, embed=None)
        return data

    async def _files(self) -> list[discord.File]:
        files: list[discord.File] = []
        if self.render is not None:
            if self._png is None:
                self._png = await self._drawn(self.render)
            files.append(
                discord.File(io.BytesIO(self._png), filename=self.filename, description=self.alt_text())
            )
        if self.still is not None:
            if self._still is None:
                self._still = await self._drawn(self.still)
            files.append(
                discord.File(
                    io.BytesIO(self._still), filename=self.still_filename, description=self.alt_text()
                )
            )
        return files


def action_rows(items: Sequence[discord.ui.Item[Any]]) -> list[discord.ui.ActionRow[Any]]:
    """``items`` in rows the way a classic view lays them out: on an item's own ``row`` where it
    is set, else in the first row with room; a select fills a row, a row holds five buttons."""
    used: dict[int, int] = {}
    rows: dict[int, list[discord.ui.Item[Any]]] = {}
    for item in items:
        if item.row is not None:
            index = item.row
            if used.get(index, 0) + item.width > ROW_WIDTH:
                raise ValueError(f"row {index} has no room for {item!r}")
        else:
            index = next(i for i in itertools.count() if used.get(i, 0) + item.width <= ROW_WIDTH)
        used[index] = used.get(index, 0) + item.width
        rows.setdefault(index, []).append(item)
    return [discord.ui.ActionRow(*rows[index]) for index in sorted(rows)]


def parts(components: Iterable[Any]) -> Iterator[Any]:
    """Every component of a sent message, however nested: action rows, and Components V2's
    containers, sections and a section's accessory."""
    for component in components:
        yield component
        yield from parts(getattr(component, "children", None) or ())
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield from parts((accessory,))


def has_controls(message: discord.Message) -> bool:
    """Whether anything on ``message`` can still be clicked or picked (links aside)."""
    return any(
        isinstance(c, discord.Button | discord.SelectMenu) and c.custom_id for c in parts(message.components)
    )


def is_card(message: discord.Message) -> bool:
    """Sent as a Components V2 card (which every edit must keep: the flag can't be removed)."""
    return message.flags.components_v2


def card_of(message: discord.Message) -> Outgoing:
    """The words and pictures of a sent card, without its controls: what an edit that keeps
    the card (a new footer, its buttons gone) starts from. Its pictures stay the message's files."""
    text, footer, alt, spoken, images = "", "", "", False, False
    for part in parts(message.components):
        if isinstance(part, discord.TextDisplay) and part.id == TEXT_ID:
            text = part.content
        elif isinstance(part, discord.TextDisplay) and part.id == FOOTER_ID:
            footer = "\n".join(line.removeprefix("-# ") for line in part.content.splitlines())
        elif isinstance(part, discord.TextDisplay) and part.id == ALT_ID:
            alt, spoken = part.content, True
        elif isinstance(part, discord.MediaGalleryComponent):
            images = True
            alt = alt or next((item.description or "" for item in part.items), "")
    kept = tuple(a.filename for a in message.attachments) if images else ()
    return Outgoing(text.strip("\u200b"), footer=footer or None, kept=kept, alt=alt, spoken=spoken)


def retired_card(line: str, title: str | None = None) -> dict[str, Any]:
    """What a retired message becomes: a card of one line (under ``title``: which game it was), no
    components, no picture (an older embed message is upgraded to it)."""
    return {"view": Outgoing(line, title).layout(), "content": None, "embed": None, "attachments": []}


COUNTING_DOWN = re.compile(r"<t:\d+:R>")  # a Discord timestamp that counts down (or up, once past)


async def without_controls(
    message: discord.Message, footer: str | None = None, *, timeless: bool = False
) -> dict[str, Any]:
    """Edit keywords that take the controls off a sent message and keep the rest: a card stays a
    card (``footer`` replacing its footer), an older message just loses its rows. ``timeless``
    also drops the card's paragraphs that count down: a step that is over has no time left, and
    "Time runs out 4 seconds ago" on it reads as if something were late."""
    if not is_card(message):
        if footer is None or not message.embeds:
            return {"view": None}
        embed = message.embeds[0]
        embed.set_footer(text=footer)
        return {"embed": embed, "view": None}
    out = card_of(message)
    out.footer = footer if footer is not None else out.footer
    if timeless:
        kept = [part for part in out.content.split("\n\n") if not COUNTING_DOWN.search(part)]
        out.content = "\n\n".join(kept)
    return await out.kwargs(editing=True, keep_images=True, on=message)


async def send_to(channel: discord.abc.Messageable, out: Outgoing, **extra: Any) -> discord.Message:
    """Send ``out``, once more after a transient failure; names in it never ping anyone."""
    extra.setdefault("allowed_mentions", NO_MENTIONS)

    async def send() -> discord.Message:
        return await channel.send(**(await out.kwargs()), **extra)

    return await retrying(send, f"sending to channel {getattr(channel, 'id', '?')}")


async def reply(
    interaction: discord.Interaction, out: Outgoing, *, ephemeral: bool = True
) -> tuple[discord.Message | None, Callable[..., Awaitable[Any]]]:
    """Answer an interaction (first response or follow-up) with an ``Outgoing``. Returns the
    message sent and how to edit it later (through the interaction's token, the only way to
    edit an ephemeral message)."""
    data = await out.kwargs()
    if interaction.response.is_done():
        sent = await interaction.followup.send(**data, ephemeral=ephemeral, wait=True)
        return sent, sent.edit
    await interaction.response.send_message(**data, ephemeral=ephemeral)
    return await interaction.original_response(), interaction.edit_original_response


async def edit_panel(interaction: discord.Interaction, out: Outgoing) -> None:
    """Replace the message a component sits on (a DM or ephemeral panel) with ``out``, unless
    the move it played has already retired that copy (a new panel went out elsewhere); a copy
    retired before it could be told so gets its retirement line instead. A player who reads boards
    as text gets the picture's words beside it."""
    service = getattr(interaction.client, "service", None)
    copies = service.delivery.copies if service is not None else None
    if (
        interaction.message is not None
        and copies is not None
        and (await copies.tell_retired(interaction) or copies.is_retired(interaction.message.id))
    ):
        return
    out.spoken = out.spoken or await reads_text(interaction.client, interaction.user.id)
    await edit_clicked(interaction, await out.kwargs(editing=True, on=interaction.message))
    if interaction.message is not None and copies is not None:
        # a fresh token: the copy stays editable for 15 minutes from this click
        copies.refresh_token(
            interaction.message.id, interaction.edit_original_response, interaction.delete_original_response
        )


async def edit_clicked(interaction: discord.Interaction, data: dict[str, Any]) -> None:
    """Edit the message the clicked component sits on, through the click's own token (the one
    way to edit an ephemeral message, whoever showed it)."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**data)
    else:
        await interaction.response.edit_message(**data)


async def dm(user: discord.User | discord.Member, out: Outgoing) -> tuple[DmStatus, discord.Message | None]:
    """DM a user, once more after a transient failure, and say how it went."""
    try:
        return DmStatus.SENT, await send_to(user, out)
    except discord.Forbidden as error:
        if error.code == DM_CLOSED:
            return DmStatus.CLOSED, None
        log.warning("DM to %s refused: %s", user.id, error)
    except discord.HTTPException as error:
        log.warning("DM to %s failed: %s", user.id, error)
    return DmStatus.FAILED, None


async def try_dm(user: discord.User | discord.Member, out: Outgoing) -> discord.Message | None:
    """DM a user; ``None`` when it couldn't be delivered (closed DMs or a failure, see ``dm``)."""
    return (await dm(user, out))[1]
