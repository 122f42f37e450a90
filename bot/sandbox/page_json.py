"""What the page draws, as JSON: a discord.py message, its components, and the bot's slash commands.

A Components V2 message (a card) comes as ``cards``: each container's parts in order (texts,
galleries, sections, separators, and its action rows by their index in ``rows``). ``rows`` holds
every action row of the message wherever it sits, so a reader finds every button in one place.

Pure translations of discord.py objects into the plain dicts ``bot.sandbox.page_script`` renders;
which messages a member sees, and where, is ``bot.sandbox.world``'s business.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands


def message_json(
    message: discord.Message,
    bot_user: discord.ClientUser | None,
    file_url: Callable[[discord.Attachment], str],
) -> dict[str, Any]:
    """One message as the page shows it; ``file_url`` gives the page's address of an attachment.
    An image an embed or a card shows is not repeated among the message's loose images."""
    by_name = {a.filename: a for a in message.attachments}
    shown: set[str] = set()

    def image(url: str | None) -> str | None:
        if not url:
            return None
        attachment = by_name.get(url.removeprefix("attachment://")) or next(
            (a for a in message.attachments if a.url == url), None
        )
        if attachment is None:
            return None
        shown.add(attachment.filename)
        return file_url(attachment)

    embeds = [
        {
            "title": e.title,
            "description": e.description,
            "colour": f"#{e.colour.value:06x}" if e.colour else None,
            "fields": [{"name": f.name, "value": f.value, "inline": f.inline} for f in e.fields],
            "footer": e.footer.text,
            "image": image(e.image.url),
        }
        for e in message.embeds
    ]
    rows: list[list[dict[str, Any]]] = []
    cards = cards_json(message.components, rows, image)
    # discord.py keeps its own member object for the bot, which a rename does not refresh
    author = (
        bot_user.name
        if bot_user is not None and message.author.id == bot_user.id
        else message.author.display_name
    )
    return {
        "id": str(message.id),
        "author": author,
        "bot": message.author.bot,
        "time": message.created_at.isoformat(),
        "ephemeral": message.flags.ephemeral,
        "content": message.content,
        "embeds": embeds,
        "images": [
            file_url(a)
            for a in message.attachments
            if a.filename not in shown and (a.content_type or "").startswith("image/")
        ],
        # any other file (a text file, say) is a download, as Discord shows it
        "files": [
            {"name": a.filename, "url": file_url(a), "size": a.size}
            for a in message.attachments
            if a.filename not in shown and not (a.content_type or "").startswith("image/")
        ],
        "poll": poll_json(message.poll),
        "cards": cards,
        "rows": rows,
    }


def poll_json(poll: discord.Poll | None) -> dict[str, Any] | None:
    """A native poll: its question, each answer with its votes, and when it closes."""
    if poll is None:
        return None
    expires = poll.expires_at
    return {
        "question": poll.question,
        "answers": [
            {"id": a.id, "text": a.text, "emoji": str(a.emoji) if a.emoji else None, "votes": a.vote_count}
            for a in poll.answers
        ],
        "total": poll.total_votes,
        "expires": expires.timestamp() if expires else None,
        "closed": poll.is_finalised(),
        "multiple": poll.multiple,
    }


def cards_json(
    components: list[Any], rows: list[list[dict[str, Any]]], image: Callable[[str | None], str | None]
) -> list[dict[str, Any]]:
    """The cards of a message (its containers; loose V2 parts make a card without a colour),
    filling ``rows`` with every action row on the way; a legacy message has no card."""
    cards: list[dict[str, Any]] = []
    loose: list[dict[str, Any]] = []
    for component in components:
        if isinstance(component, discord.Container):
            colour = component.accent_colour
            cards.append(
                {
                    "colour": f"#{colour.value:06x}" if colour else None,
                    "parts": [part_json(c, rows, image) for c in component.children],
                }
            )
        elif isinstance(component, discord.ActionRow):
            rows.append([component_json(c) for c in component.children])
        else:
            if not loose:
                cards.append({"colour": None, "parts": loose})
            loose.append(part_json(component, rows, image))
    return cards


def part_json(
    component: Any, rows: list[list[dict[str, Any]]], image: Callable[[str | None], str | None]
) -> dict[str, Any]:
    """One part of a card; an action row (or a section's button) goes to ``rows``, by index."""
    if isinstance(component, discord.ActionRow):
        rows.append([component_json(c) for c in component.children])
        return {"type": "row", "row": len(rows) - 1}
    if isinstance(component, discord.TextDisplay):
        return {"type": "text", "content": component.content}
    if isinstance(component, discord.MediaGalleryComponent):
        return {
            "type": "gallery",
            "images": [src for item in component.items if (src := image(item.media.url)) is not None],
        }
    if isinstance(component, discord.SectionComponent):
        part: dict[str, Any] = {"type": "section", "texts": [c.content for c in component.children]}
        accessory = component.accessory
        if isinstance(accessory, discord.ThumbnailComponent):
            part["image"] = image(accessory.media.url)
        elif accessory is not None:
            rows.append([component_json(accessory)])
            part["row"] = len(rows) - 1
        return part
    if isinstance(component, discord.SeparatorComponent):
        return {"type": "separator", "divider": component.visible}
    return {"type": "unsupported", "name": type(component).__name__}


def component_json(component: Any) -> dict[str, Any]:
    if isinstance(component, discord.Button):
        return {
            "type": "button",
            "label": component.label,
            "custom_id": component.custom_id,
            "emoji": str(component.emoji) if component.emoji else None,
            "url": component.url,
            "style": component.style.name,
            "disabled": component.disabled,
        }
    if isinstance(component, discord.SelectMenu) and component.type is discord.ComponentType.string_select:
        return {
            "type": "select",
            "custom_id": component.custom_id,
            "placeholder": component.placeholder,
            "min": component.min_values,
            "max": component.max_values,
            "disabled": component.disabled,
            "options": [
                {"label": o.label, "value": o.value, "description": o.description, "default": o.default}
                for o in component.options
            ],
        }
    return {"type": "unsupported", "name": type(component).__name__}


def command_specs(tree: app_commands.CommandTree[Any]) -> dict[str, dict[str, Any]]:
    """Every slash command the bot defines, by invocation (``"game status"``), with its options."""
    specs: dict[str, dict[str, Any]] = {}
    for command in tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        specs[command.qualified_name] = {
            "name": command.qualified_name,
            "description": command.description,
            "options": [
                {
                    "name": p.name,
                    "description": p.description,
                    "required": p.required,
                    "type": p.type.name,
                    "choices": [{"name": c.name, "value": c.value} for c in p.choices],
                }
                for p in command.parameters
            ],
        }
    return specs
