"""The offline model's HTTP face: ``POST /v1/responses`` as an ``httpx2.MockTransport`` handler."""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx2

from ..tokens import count_items, count_text, count_tools, encoding
from ._checks import OfflineAPIError, check_request
from ._replies import input_fingerprint, reply_item

__all__ = ["ServedRequest", "OfflineAPI"]


@dataclass
class ServedRequest:
    """One request the offline API answered: what the model saw, and what it said.

    Attributes:
        body: The decoded request JSON (``model``, ``instructions``, ``input``, ``tools``...).
        status: The HTTP status answered (200, or 400 for a rejected request).
        response: The response JSON (or the error JSON for a 400).
    """

    body: dict[str, Any]
    status: int
    response: dict[str, Any] = field(repr=False)

    @property
    def input(self) -> list[dict[str, Any]]:
        """The ``input`` items of the request."""
        raw = self.body.get("input", [])
        return [{"role": "user", "content": raw}] if isinstance(raw, str) else list(raw)


class OfflineAPI:
    """A fake ``POST /v1/responses`` endpoint; use it as an ``httpx2.MockTransport`` handler.

    Args:
        keep: How many served requests :attr:`requests` remembers (oldest dropped first).

    Attributes:
        requests: The newest served requests, oldest first (:class:`ServedRequest`).
    """

    def __init__(self, keep: int = 200) -> None:
        if keep < 1:
            raise ValueError("keep must be at least 1")
        self.requests: deque[ServedRequest] = deque(maxlen=keep)

    # -- the HTTP face -----------------------------------------------------
    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        """Answer one HTTP request (the ``MockTransport`` handler)."""
        if request.method != "POST" or not request.url.path.endswith("/responses"):
            error = OfflineAPIError(f"Invalid URL ({request.method} {request.url.path})", None, None)
            return httpx2.Response(404, json=error.body())
        try:
            body = json.loads(request.content or b"{}")
        except (ValueError, RecursionError):
            return httpx2.Response(400, json=OfflineAPIError("We could not parse the JSON body of your request.", None).body())
        try:
            response = self.respond(body)
        except OfflineAPIError as error:
            self.requests.append(ServedRequest(body, 400, error.body()))
            return httpx2.Response(400, json=error.body())
        self.requests.append(ServedRequest(body, 200, response))
        if body.get("stream"):
            stream = b"".join(self._sse(response))
            return httpx2.Response(200, headers={"content-type": "text/event-stream"}, content=stream)
        return httpx2.Response(200, json=response)

    def last_input(self) -> list[dict[str, Any]]:
        """The ``input`` of the newest request: exactly what the model saw last."""
        if not self.requests:
            raise LookupError("the offline API has not served any request yet")
        return self.requests[-1].input

    # -- the model ---------------------------------------------------------
    def respond(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """The Response JSON for a request body (no HTTP involved).

        Args:
            body: A ``POST /v1/responses`` body.

        Returns:
            A completed Response object as JSON.

        Raises:
            OfflineAPIError: If the real API would reject the request.
        """
        items = check_request(body)
        fingerprint = input_fingerprint(items)
        output = [reply_item(items, body.get("instructions") or "", body.get("tools") or [], fingerprint)]
        tools = body.get("tools") or []
        input_tokens = count_text(body.get("instructions") or "") + count_items(items)
        input_tokens += count_tools(tools)
        output_tokens = count_items(output)
        status, incomplete = "completed", None
        limit = body.get("max_output_tokens")
        if isinstance(limit, int) and output_tokens > limit and output[0]["type"] == "message":
            # Like the real API: stop at the limit and say why the answer is cut short.
            part = output[0]["content"][0]
            part["text"] = encoding().decode(encoding().encode(part["text"], disallowed_special=())[:limit])
            status, incomplete, output_tokens = "incomplete", {"reason": "max_output_tokens"}, limit
        return {
            "id": f"resp_{fingerprint}",
            "object": "response",
            "created_at": 0,
            "status": status,
            "incomplete_details": incomplete,
            "model": body["model"],
            "instructions": body.get("instructions"),
            "output": output,
            "parallel_tool_calls": True,
            "tool_choice": body.get("tool_choice", "auto"),
            "tools": list(tools),
            "usage": {
                "input_tokens": input_tokens,
                "input_tokens_details": {"cached_tokens": 0},
                "output_tokens": output_tokens,
                "output_tokens_details": {"reasoning_tokens": 0},
                "total_tokens": input_tokens + output_tokens,
            },
        }

    # -- streaming ---------------------------------------------------------
    @staticmethod
    def _sse(response: dict[str, Any]) -> Iterator[bytes]:
        """The Responses streaming events for a finished response, as SSE bytes."""
        events: list[dict[str, Any]] = []
        started = {**response, "status": "in_progress", "output": [], "usage": None}
        events += [{"type": "response.created", "response": started}, {"type": "response.in_progress", "response": started}]
        for index, item in enumerate(response["output"]):
            where = {"output_index": index, "item_id": item["id"]}
            if item["type"] == "function_call":
                events.append({"type": "response.output_item.added", "output_index": index, "item": {**item, "arguments": "", "status": "in_progress"}})
                events.append({"type": "response.function_call_arguments.delta", **where, "delta": item["arguments"]})
                events.append({"type": "response.function_call_arguments.done", **where, "arguments": item["arguments"], "name": item["name"]})
            else:
                text = item["content"][0]["text"]
                part = {"type": "output_text", "text": "", "annotations": [], "logprobs": []}
                events.append({"type": "response.output_item.added", "output_index": index, "item": {**item, "content": [], "status": "in_progress"}})
                events.append({"type": "response.content_part.added", **where, "content_index": 0, "part": part})
                for chunk in re.findall(r"\S+\s*|\s+", text):
                    events.append({"type": "response.output_text.delta", **where, "content_index": 0, "delta": chunk, "logprobs": []})
                events.append({"type": "response.output_text.done", **where, "content_index": 0, "text": text, "logprobs": []})
                events.append({"type": "response.content_part.done", **where, "content_index": 0, "part": item["content"][0]})
            events.append({"type": "response.output_item.done", "output_index": index, "item": item})
        events.append({"type": "response.completed", "response": response})
        for number, event in enumerate(events):
            event["sequence_number"] = number
            yield f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()


