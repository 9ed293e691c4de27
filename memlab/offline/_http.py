"""The offline model's HTTP face: an ``httpx2.MockTransport`` handler for two endpoints.

* ``POST /v1/responses`` answers a request (:meth:`OfflineAPI.respond`).
* ``POST /v1/responses/compact`` compacts a history (:meth:`OfflineAPI.compact`).

Both accept ``previous_response_id``: the API remembers what it served
(:class:`~memlab.offline._store.ResponseStore`), unless a request said
``store: false``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections import deque
from collections.abc import Awaitable, Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import httpx2

from ..tokens import count_items, count_text, count_tools, encoding
from ._checks import MAX_JSON_DEPTH, OfflineAPIError, check_body, check_compact_request, check_items, input_items, json_depth
from ._compact import compact_history, expand_compactions
from ._replies import input_fingerprint, reply_item
from ._store import ResponseStore

__all__ = ["COMPACT_PATH", "RESPONSES_PATH", "ServedRequest", "OfflineAPI", "off_the_loop"]

#: The paths the offline API serves (the client's ``base_url`` ends in ``/v1``).
RESPONSES_PATH = "/v1/responses"
COMPACT_PATH = "/v1/responses/compact"


@dataclass
class ServedRequest:
    """One request the offline API answered: what the model saw, and what it said.

    Attributes:
        body: The decoded request JSON (``model``, ``instructions``, ``input``, ``tools``...).
        status: The HTTP status answered (200, or 400 for a rejected request).
        response: The response JSON (or the error JSON for a 400).
        path: The endpoint: :data:`RESPONSES_PATH` or :data:`COMPACT_PATH`.
        context: For an answered request, every item the model read: the
            stored conversation named by ``previous_response_id`` (if any),
            then the input. Compaction items are shown as sent; see
            :func:`memlab.offline.read_compaction` for what one holds.
    """

    body: dict[str, Any]
    status: int
    response: dict[str, Any] = field(repr=False)
    path: str = RESPONSES_PATH
    context: list[dict[str, Any]] | None = field(default=None, repr=False)

    @property
    def input(self) -> list[dict[str, Any]]:
        """The ``input`` items of the request."""
        raw = self.body.get("input") if isinstance(self.body, Mapping) else None
        if isinstance(raw, str):
            return [{"role": "user", "content": raw}]
        return list(raw) if isinstance(raw, list) else []  # a rejected body may hold anything

    @property
    def compaction(self) -> bool:
        """Whether this was a ``POST /v1/responses/compact`` request."""
        return self.path == COMPACT_PATH


#: The thread in which the offline model answers an async client's requests. One
#: thread for the whole process: requests are answered one at a time, in the
#: order they were sent, as they were when the model ran on the event loop.
_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="memlab-offline-model")


def off_the_loop(handler: Callable[[httpx2.Request], httpx2.Response]) -> Callable[[httpx2.Request], Awaitable[httpx2.Response]]:
    """An async ``MockTransport`` handler that runs ``handler`` in a worker thread.

    A plain handler runs inside the event loop: while the offline model
    works, nothing else can — not even the timer of an ``asyncio.timeout``, so
    a session's ``summary_timeout`` could not interrupt a slow summary. In a
    worker thread the loop stays free: a timeout fires on time (the request is
    abandoned; the model finishes its answer in the background), and other
    tasks keep running, as they would while a real API works.

    Args:
        handler: The synchronous handler, usually an :class:`OfflineAPI`.

    Returns:
        The handler to give an ``httpx2.AsyncClient``'s ``MockTransport``.
    """

    async def answer(request: httpx2.Request) -> httpx2.Response:
        return await asyncio.get_running_loop().run_in_executor(_WORKER, handler, request)

    return answer


def _usage(input_tokens: int, output_tokens: int) -> dict[str, Any]:
    """The ``usage`` JSON of a response."""
    return {
        "input_tokens": input_tokens,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": output_tokens,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": input_tokens + output_tokens,
    }


def _response_id(prefix: str, *parts: Any) -> str:
    """A deterministic id: a hash of ``parts`` (the whole conversation a response stands for)."""
    return prefix + hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:24]


class OfflineAPI:
    """A fake Responses API; use it as an ``httpx2.MockTransport`` handler.

    Response ids are *content addresses*: a hash of the conversation a
    response stands for — every item the model read, ids included, then its
    output — and of whether it was stored. That conversation is exactly what
    ``previous_response_id`` brings back, so one id can never name two
    different ones; two requests with the same conversation share an id (and
    a stored conversation, identical by construction), and a fresh API gives
    the same ids for the same requests. Instructions, tools and the model are
    not part of a stored conversation (the real API does not carry
    instructions over either): they change the id only when they change the
    output. A response served with ``store: false`` is hashed apart from a
    stored twin, so its id is never found later. (The real API's ids are
    random; deterministic ones keep notebooks and tests reproducible.)

    Args:
        keep: How many served requests :attr:`requests` remembers (oldest dropped first).
        keep_responses: How many stored responses ``previous_response_id`` can name.

    Attributes:
        requests: The newest served requests, oldest first (:class:`ServedRequest`),
            compaction requests included (see :attr:`ServedRequest.path`).
        responses: The stored responses (a :class:`~memlab.offline._store.ResponseStore`).
    """

    def __init__(self, keep: int = 200, keep_responses: int = 1000) -> None:
        if keep < 1:
            raise ValueError("keep must be at least 1")
        self.requests: deque[ServedRequest] = deque(maxlen=keep)
        self.responses = ResponseStore(keep_responses)

    # -- the HTTP face -----------------------------------------------------
    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        """Answer one HTTP request (the ``MockTransport`` handler)."""
        path = COMPACT_PATH if request.url.path.endswith("/responses/compact") else RESPONSES_PATH
        if request.method != "POST" or not request.url.path.endswith(("/responses", "/responses/compact")):
            error = OfflineAPIError(f"Invalid URL ({request.method} {request.url.path})", None, None)
            return httpx2.Response(404, json=error.body())
        try:
            body = json.loads(request.content or b"{}")
        except (ValueError, RecursionError):
            return httpx2.Response(400, json=OfflineAPIError("We could not parse the JSON body of your request.", None).body())
        if json_depth(body) > MAX_JSON_DEPTH:  # it parsed, but reading it further would exhaust the recursion limit
            message = f"We could not parse the JSON body of your request: it nests arrays and objects over {MAX_JSON_DEPTH} levels deep."
            return httpx2.Response(400, json=OfflineAPIError(message, None).body())
        try:
            response, context = self._compact(body) if path == COMPACT_PATH else self._respond(body)
        except OfflineAPIError as error:
            self.requests.append(ServedRequest(body, 400, error.body(), path))
            return httpx2.Response(400, json=error.body())
        self.requests.append(ServedRequest(body, 200, response, path, context))
        if body.get("stream"):
            stream = b"".join(self._sse(response))
            return httpx2.Response(200, headers={"content-type": "text/event-stream"}, content=stream)
        return httpx2.Response(200, json=response)

    def last_input(self) -> list[dict[str, Any]]:
        """The ``input`` of the newest ``POST /v1/responses`` request: what the model was sent last.

        Compaction requests are skipped. With ``previous_response_id`` the
        model read more than this; :attr:`ServedRequest.context` has it all.
        """
        for served in reversed(self.requests):
            if not served.compaction:
                return served.input
        raise LookupError("the offline API has not served any request yet")

    # -- the model ---------------------------------------------------------
    def respond(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """The Response JSON for a ``POST /v1/responses`` body (no HTTP involved).

        Args:
            body: A ``POST /v1/responses`` body.

        Returns:
            A completed Response object as JSON.

        Raises:
            OfflineAPIError: If the real API would reject the request.
        """
        return self._respond(body)[0]

    def compact(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """The CompactedResponse JSON for a ``POST /v1/responses/compact`` body (no HTTP involved).

        Args:
            body: A compaction request: ``model``, and the history as ``input``
                and/or ``previous_response_id``.

        Returns:
            ``{"id", "object": "response.compaction", "created_at", "output", "usage"}``,
            ``output`` being every user message, then one compaction item
            (see :mod:`memlab.offline._compact`). The compacted window itself
            is not stored: continue from it by sending it as ``input``.

        Raises:
            OfflineAPIError: If the real API would reject the request.
        """
        return self._compact(body)[0]

    def _history(self, body: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The stored conversation a checked body continues (empty without ``previous_response_id``)."""
        previous = body.get("previous_response_id")
        return self.responses.load(previous) if previous else []

    def _compact(self, body: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        check_body(body, compact=True)  # first, so a malformed id is a type error, not "not found"
        history = self._history(body)
        context = history + check_compact_request(body, history)
        output, input_tokens, output_tokens = compact_history(context, body.get("instructions") or "")
        response = {
            "id": _response_id("resp_", "compact", context, output),
            "object": "response.compaction",
            "created_at": 0,
            "output": output,
            "usage": _usage(input_tokens, output_tokens),
        }
        return response, context

    def _respond(self, body: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        check_body(body)
        history = self._history(body)
        context = history + check_items(input_items(body), history)
        fingerprint = input_fingerprint(context)
        instructions, tools = body.get("instructions") or "", body.get("tools") or []
        # The model reads a compaction item as the context it encodes.
        output = [reply_item(expand_compactions(context), instructions, tools, fingerprint)]
        # Billed: everything read, a compaction item at its own size (memlab.tokens counts its JSON).
        input_tokens = count_text(instructions) + count_items(context) + count_tools(tools)
        output_tokens = count_items(output)
        status, incomplete = "completed", None
        limit = body.get("max_output_tokens")
        if isinstance(limit, int) and output_tokens > limit and output[0]["type"] == "message":
            # Like the real API: stop at the limit and say why the answer is cut short.
            part = output[0]["content"][0]
            part["text"] = encoding().decode(encoding().encode(part["text"], disallowed_special=())[:limit])
            status, incomplete, output_tokens = "incomplete", {"reason": "max_output_tokens"}, limit
        stored = body.get("store") is not False
        response_id = _response_id("resp_", context, output, stored)
        if stored:
            self.responses.save(response_id, context + output)
        response = {
            "id": response_id,
            "object": "response",
            "created_at": 0,
            "status": status,
            "incomplete_details": incomplete,
            "model": body["model"],
            "instructions": body.get("instructions"),
            "output": output,
            "parallel_tool_calls": True,
            "previous_response_id": body.get("previous_response_id"),
            "tool_choice": body.get("tool_choice", "auto"),
            "tools": list(tools),
            "usage": _usage(input_tokens, output_tokens),
        }
        return response, context

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


