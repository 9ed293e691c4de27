"""Small item builders shared by the tests (plain dicts, shaped like the SDK's)."""

from __future__ import annotations

from typing import Any


def user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


def assistant(text: str, item_id: str = "msg_1") -> dict[str, Any]:
    return {
        "id": item_id,
        "type": "message",
        "role": "assistant",
        "status": "completed",
        "content": [{"type": "output_text", "text": text, "annotations": []}],
    }


def call(call_id: str, name: str = "lookup_order", arguments: str = '{"order_id": "A1"}') -> dict[str, Any]:
    return {"type": "function_call", "call_id": call_id, "name": name, "arguments": arguments}


def output(call_id: str, text: str = "shipped") -> dict[str, Any]:
    return {"type": "function_call_output", "call_id": call_id, "output": text}


def reasoning(item_id: str = "rs_1") -> dict[str, Any]:
    return {"type": "reasoning", "id": item_id, "summary": []}


def turn(n: int, *, tool: bool = False) -> list[dict[str, Any]]:
    """One turn: a user message, optionally a reasoning + tool call + output, then a reply."""
    items = [user(f"question {n}")]
    if tool:
        items += [reasoning(f"rs_{n}"), call(f"call_{n}"), output(f"call_{n}", f"result {n}")]
    items.append(assistant(f"answer {n}", f"msg_{n}"))
    return items


def conversation(n_turns: int, *, tool_every: int = 2) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for n in range(1, n_turns + 1):
        items += turn(n, tool=tool_every > 0 and n % tool_every == 0)
    return items
