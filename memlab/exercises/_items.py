"""Hand-made items for the exercises' hidden cases, shaped as the SDK stores them.

The checks build small histories from these instead of replaying a whole
conversation, so each hidden case shows exactly the shape it is about: a user
message in either of its two forms, a reply, a tool call and its output.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Item", "user", "typed_user", "reply", "call", "output"]

Item = dict[str, Any]


def user(text: str) -> Item:
    """A user message as the runner saves a string input (no ``type``)."""
    return {"role": "user", "content": text}


def typed_user(text: str) -> Item:
    """A user message in the typed form: ``type`` message, content as a list of parts."""
    return {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}


def reply(text: str, *, key: str | None = None) -> Item:
    """An assistant message; ``key`` gives it the id a model's reply carries (``msg_<key>``)."""
    item: Item = {"type": "message", "role": "assistant", "status": "completed",
                  "content": [{"type": "output_text", "text": text, "annotations": []}]}
    return item if key is None else {"id": f"msg_{key}", **item}


def call(call_id: str, name: str, arguments: str) -> Item:
    """A function call the model made; its output must carry the same ``call_id``."""
    return {"type": "function_call", "call_id": call_id, "name": name, "arguments": arguments}


def output(call_id: str, text: str) -> Item:
    """The output of the function call with ``call_id``."""
    return {"type": "function_call_output", "call_id": call_id, "output": text}
