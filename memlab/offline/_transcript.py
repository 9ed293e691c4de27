"""A conversation's full history as the offline model writes it, without the Runner."""

from __future__ import annotations

import json
from typing import Any

from ..scenario import BACKENDS, INSTRUCTIONS, Conversation
from ._replies import reply_item

__all__ = ["transcript"]


def transcript(conversation: Conversation, instructions: str = INSTRUCTIONS) -> list[dict[str, Any]]:
    """The full item history the offline model produces for ``conversation``.

    Runs the offline model's decision function and the scenario's tool back
    ends in a plain loop — the loop ``Runner.run`` runs, minus HTTP and the
    SDK — so it is fast and synchronous. The items have the shapes the SDK
    stores in a session (user messages, ``function_call``,
    ``function_call_output``, assistant messages) and the ids a real run gets.
    It is what a session that keeps everything holds after the conversation.

    Args:
        conversation: The conversation to play.
        instructions: The agent's instructions (only a summary prompt changes replies).

    Returns:
        A new list of item dicts.
    """
    items: list[dict[str, Any]] = []
    tools = [{"type": "function", "name": name} for name in BACKENDS]
    for text in conversation.user_turns:
        items.append({"content": text, "role": "user"})
        while True:
            item = reply_item(items, instructions, tools)
            items.append(item)
            if item["type"] != "function_call":
                break
            output = BACKENDS[item["name"]](**json.loads(item["arguments"]))
            items.append({"call_id": item["call_id"], "output": output, "type": "function_call_output"})
    return items
