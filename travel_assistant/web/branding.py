"""The home screen's words: what the demo shows, above the starters.

Chainlit 2.12 draws its logo on an empty chat unless a chat profile is active, in which case it shows the
profile's icon and ``markdown_description`` instead (a single profile hides the profile picker). So the
welcome text is one chat profile. Everything else about the app's face is static: ``public/`` (logos,
favicon, avatar, ``theme.json``, ``style.css``, ``app.js``), ``.chainlit/config.toml`` ``[UI]`` and
``.chainlit/translations/en-US.json``.
"""

from __future__ import annotations

from typing import Any

import chainlit as cl

PROFILE_NAME = "Travel Assistant"
PROFILE_ICON = "/public/avatars/travel_assistant.svg"

# Starter labels are deliberately not repeated here: the starters below the composer carry them.
# One line per paragraph: Chainlit's markdown turns single line breaks into visible ones.
WELCOME_MARKDOWN = "\n\n".join(
    [
        "# Travel Assistant",
        "**See how an assistant should remember.** Three steps, a few minutes:",
        "1. **Monday**: find flights and book one; mention that you're vegetarian.\n"
        "2. **30 idle minutes**: your own words become dated, sourced facts. The trip itself does not: the "
        "booking system keeps it.\n"
        "3. **Thursday, in a new chat**: ask for dinner near your hotel.",
        "Open **Memories** to see what is kept, why and since when.",
    ]
)


def chat_profiles() -> list[cl.ChatProfile]:
    return [
        cl.ChatProfile(
            name=PROFILE_NAME,
            markdown_description=WELCOME_MARKDOWN,
            icon=PROFILE_ICON,
            default=True,
        )
    ]


def install() -> None:
    """Register the welcome profile with Chainlit (called from ``app.py``, next to the handlers)."""

    @cl.set_chat_profiles  # type: ignore[untyped-decorator]
    async def _profiles(user: Any = None, language: Any = None) -> list[cl.ChatProfile]:
        return chat_profiles()
