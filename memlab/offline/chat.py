"""The Chat Completions API on the offline model: a chat request, read as the Responses request it amounts to.

``POST /v1/chat/completions`` is how much code reaches a model (``client.chat.completions.create``, the SDK's
``OpenAIChatCompletionsModel``, a summarizer written for chat). Its messages become items (``system`` and
``developer`` ones the instructions, an assistant's ``tool_calls`` function calls, a ``tool`` message its call's
output), its ``tools``, ``tool_choice`` and ``response_format`` their Responses forms; the same model answers, and
its output is written back as one chat choice (``stream``: as ``chat.completion.chunk`` events).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..tokens import encoding
from ..turns import content_texts
from .checks import OfflineAPIError


def _parts(content: Any, role: str) -> Any:
    """A chat message's content as Responses content: text as it is, text and image parts as input parts."""
    if not isinstance(content, list):
        return "" if content is None else content
    kinds = {"text": "input_text" if role == "user" else "output_text", "image_url": "input_image"}
    return [{"type": kinds.get(str(part.get("type")), str(part.get("type"))), **(
        {"image_url": (part.get("image_url") or {}).get("url"), "detail": "auto"} if part.get("type") == "image_url"
        else {"text": part.get("text", "")})} for part in content if isinstance(part, Mapping)]


def _text(content: Any) -> str:
    """The text of a chat message's content (a string, or its text parts, a line each)."""
    return "\n".join(content_texts(content, other=lambda part: ""))


def responses_body(body: Mapping[str, Any]) -> dict[str, Any]:
    """The Responses request a chat request amounts to (not stored: chat completions are not)."""
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise OfflineAPIError("Missing required parameter: 'messages'.", "messages", "missing_required_parameter")
    told, items = [], []
    for at, message in enumerate(messages):
        role = message.get("role") if isinstance(message, Mapping) else None
        if role in ("system", "developer"):
            told.append(_text(message.get("content")))
        elif role == "tool":
            items.append({"type": "function_call_output", "call_id": message.get("tool_call_id"),
                          "output": _text(message.get("content"))})
        elif role in ("user", "assistant"):
            if role == "user" or message.get("content"):
                items.append({"role": role, "content": _parts(message.get("content"), role)})
            items += [{"type": "function_call", "call_id": call.get("id"), "name": call["function"].get("name"),
                       "arguments": call["function"].get("arguments", "{}")}
                      for call in message.get("tool_calls") or [] if isinstance(call.get("function"), Mapping)]
        else:
            raise OfflineAPIError(f"Invalid value: '{role}'. Supported values are: 'system', 'developer', 'user', "
                                  "'assistant' and 'tool'.", f"messages[{at}].role", "invalid_value")
    for key in ("max_completion_tokens", "max_tokens"):  # any positive number (the Responses API's least is 16)
        if isinstance(limit := body.get(key), int) and limit < 1:
            raise OfflineAPIError(f"Invalid '{key}': integer below minimum value. Expected a value >= 1, but got {limit} "
                                  "instead.", key, "integer_below_min_value")
    choice, form = body.get("tool_choice"), body.get("response_format")
    if isinstance(choice, Mapping):  # {"type": "function", "function": {"name": "get_weather"}}
        choice = {"type": "function", "name": (choice.get("function") or {}).get("name")}
    if isinstance(form, Mapping) and form.get("type") == "json_schema":
        form = {"type": "json_schema", **(form.get("json_schema") or {})}
    converted = {"model": body.get("model"), "input": items, "instructions": "\n\n".join(told) or None,
                 "tools": [{"type": "function", **tool["function"]} for tool in body.get("tools") or []
                           if isinstance(tool, Mapping) and isinstance(tool.get("function"), Mapping)] or None,
                 "tool_choice": choice, "text": {"format": form} if isinstance(form, Mapping) else None,
                 "parallel_tool_calls": body.get("parallel_tool_calls"), "temperature": body.get("temperature"),
                 "top_p": body.get("top_p"), "max_output_tokens": None if 0 < _limit(body) < 16 else body.get(
                     "max_completion_tokens") or body.get("max_tokens"),
                 "reasoning": {"effort": body["reasoning_effort"]} if body.get("reasoning_effort") else None, "store": False}
    return {key: value for key, value in converted.items() if value is not None}


def _limit(body: Mapping[str, Any]) -> int:
    """The most tokens a chat request lets the answer spend (``max_completion_tokens``, or the older ``max_tokens``);
    0 when it sets none. Unlike the Responses API's ``max_output_tokens`` (at least 16), any positive number is taken."""
    limit = body.get("max_completion_tokens") or body.get("max_tokens")
    return limit if isinstance(limit, int) and not isinstance(limit, bool) else 0


def completion(body: Mapping[str, Any], response: Mapping[str, Any]) -> dict[str, Any]:
    """A Responses answer as a chat completion's choice (its message, its tool calls, why it stopped); ``n`` asks for
    that many, all alike (the offline model answers one way). A limit below the Responses API's least (``max_tokens=2``)
    is applied here: the text is cut there, and the answer stops for ``"length"``."""
    output = response["output"]
    text = "".join(part.get("text", "") for item in output if item["type"] == "message" for part in item["content"])
    spent, limit = encoding().encode(text, disallowed_special=()), _limit(body)
    cut = 0 < limit < min(len(spent), 16)
    text = encoding().decode(spent[:limit]) if cut else text
    calls = [{"id": item["call_id"], "type": "function", "function": {"name": item["name"], "arguments": item[
        "arguments"]}} for item in output if item["type"] == "function_call"]
    message = {"role": "assistant", "content": text or None, "refusal": None}
    message.update({"tool_calls": calls} if calls else {})
    stop = "tool_calls" if calls else "length" if response.get("status") == "incomplete" or cut else "stop"
    used = dict(response["usage"], output_tokens=limit) if cut else response["usage"]
    many = body.get("n") if isinstance(body.get("n"), int) and 1 <= body["n"] <= 8 else 1  # n: the same answer n times
    return {"id": "chatcmpl-" + response["id"].removeprefix("resp_"), "object": "chat.completion", "created": 0,
            "model": body.get("model"), "choices": [{"index": k, "message": message, "finish_reason": stop,
                                                     "logprobs": None} for k in range(many)],
            "usage": {"prompt_tokens": used["input_tokens"], "completion_tokens": used["output_tokens"],
                      "total_tokens": used["input_tokens"] + used["output_tokens"]}}


def stream(body: Mapping[str, Any], answer: Mapping[str, Any], chunks: Any) -> bytes:
    """A chat completion as the ``chat.completion.chunk`` events a streaming client reads, then ``[DONE]``
    (``chunks`` cuts text as the Responses stream does; usage last if ``stream_options.include_usage``)."""
    choice = answer["choices"][0]
    message, head = choice["message"], {key: answer[key] for key in ("id", "created", "model")}

    def chunk(delta: dict[str, Any], stop: str | None = None) -> dict[str, Any]:
        return {**head, "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": delta,
                                                                          "finish_reason": stop, "logprobs": None}]}

    events = [chunk({"role": "assistant", "content": ""})]
    events += [chunk({"content": piece}) for piece in chunks(message["content"] or "")]
    calls = message.get("tool_calls") or []
    events += [chunk({"tool_calls": [{"index": at, **call}]}) for at, call in enumerate(calls)]
    events.append(chunk({}, choice["finish_reason"]))
    if (body.get("stream_options") or {}).get("include_usage"):
        events.append({**head, "object": "chat.completion.chunk", "choices": [], "usage": answer["usage"]})
    return b"".join(f"data: {json.dumps(event)}\n\n".encode() for event in events) + b"data: [DONE]\n\n"
