"""A conversation's full history as the offline model writes it, without the Runner."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ._replies import reply_item

__all__ = ["transcript"]


def transcript(
    user_turns: Iterable[str], tools: Mapping[str, Callable[..., str]], instructions: str = ""
) -> list[dict[str, Any]]:
    """The full item history the offline model produces for ``user_turns``.

    Runs the offline model's decision function and the tools' functions in a
    plain loop — the loop ``Runner.run`` runs, minus HTTP and the SDK — so it
    is fast and synchronous. The items have the shapes the SDK stores in a
    session (user messages, ``function_call``, ``function_call_output``,
    assistant messages) and the ids a real run gets: it is what a session that
    keeps everything holds after the conversation.

    Args:
        user_turns: What the user says, turn by turn (``LONG.user_turns``).
        tools: Tool name → the function that answers it, called with the
            model's arguments (``memlab.scenario.BACKENDS``).
        instructions: The agent's instructions (only a summary prompt changes replies).

    Returns:
        A new list of item dicts.
    """
    items: list[dict[str, Any]] = []
    offered = [{"type": "function", "name": name} for name in tools]
    for text in user_turns:
        items.append({"content": text, "role": "user"})
        while True:
            item = reply_item(items, instructions, offered)
            items.append(item)
            if item["type"] != "function_call":
                break
            output = tools[item["name"]](**json.loads(item["arguments"]))
            items.append({"call_id": item["call_id"], "output": output, "type": "function_call_output"})
    return items
