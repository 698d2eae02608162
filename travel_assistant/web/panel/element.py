"""Showing the memory panel in Chainlit's element sidebar, the way that holds up in Chainlit 2.12.

What the front end does, and why the calls below are shaped as they are:

* The panel is ``cl.CustomElement(name="Memories", display="side")``. The front end keeps every *side*
  element of the chat in the sidebar and re-renders it when the element changes; an *inline* element sent to
  the sidebar is dropped again by the next element event (the sidebar closes).
* Sending a side element titles the sidebar with the element's name, and so does the front end whenever it
  remounts the element (e.g. when the page moves to ``/thread/<id>``): the element is named "Memories", the
  title it should have, and the title is still set *after* the elements. ``set_elements`` with the key of
  the sidebar already open is ignored: the key changes on every call (it is the props' ``revision``).
* Fresh data after a panel action travels in the action's answer (``panel.action_result``): no remount, so
  keyboard focus stays put. ``push`` (``element.update()``) re-renders by remounting, resets the title, and
  re-opens a sidebar the user has closed: use it only in answer to something the user did in the panel.
* Every send writes the element's ``content`` into ``.files/<session>/``; a CustomElement's content is its
  props as JSON, here the user's facts and quotes. The front end renders ``props`` and never reads that file,
  so the content is replaced by ``{}``: no copy of a user's memory lands outside the stores erasure covers.
* The header's Memories button (``public/app.js``) appears when :func:`announce` has run in the session, and
  asks for the panel with a window message that Chainlit forwards to ``@cl.on_window_message``. Chainlit
  forwards *every* window message, so anything but :data:`OPEN_REQUEST` must be ignored.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import chainlit as cl

from travel_assistant.web.panel.view import ELEMENT_NAME, PANEL_TITLE

SOURCE = "travel-assistant"
AVAILABLE = {"source": SOURCE, "type": "memory-panel-available"}
OPEN_REQUEST = {"source": SOURCE, "type": "open-memory-panel"}
SESSION_KEY = "memory_panel_element"
# The composer command that opens the panel: a button in the chat's command bar, and ``/memories`` typed.
COMMAND_ID = "Memories"
COMMAND: dict[str, Any] = {
    "id": COMMAND_ID,
    "description": "What I remember about you: see, restore, delete, export",
    "icon": "brain",
    "button": True,
    "persistent": False,
}
_NO_CONTENT = "{}"


def next_revision() -> int:
    """Microseconds since the epoch: increases across sessions and restarts, and fits a JavaScript number."""
    return time.time_ns() // 1000


def is_open_request(data: object) -> bool:
    return isinstance(data, Mapping) and dict(data) == OPEN_REQUEST


async def announce() -> None:
    """Tell this session's page that the panel exists (shows the header button); once per chat start/resume."""
    await cl.send_window_message(AVAILABLE)


def _element(props: Mapping[str, Any]) -> Any:
    element = cl.user_session.get(SESSION_KEY)
    if element is None:
        element = cl.CustomElement(name=ELEMENT_NAME, props=dict(props), display="side")
        cl.user_session.set(SESSION_KEY, element)
    else:
        element.props = dict(props)
    element.content = _NO_CONTENT
    return element


async def show(props: Mapping[str, Any]) -> None:
    """Open (or re-open) the panel in the sidebar with these props."""
    element = _element(props)
    await cl.ElementSidebar.set_elements([element], key=f"memory-panel-{props['revision']}")
    await cl.ElementSidebar.set_title(PANEL_TITLE)


async def push(props: Mapping[str, Any]) -> None:
    """Replace the shown panel's props from the server side (see the module notes for when)."""
    element = _element(props)
    await element.update()
    await cl.ElementSidebar.set_title(PANEL_TITLE)
