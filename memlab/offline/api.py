"""The offline API: the Responses, Conversations and Chat Completions endpoints, answered by the offline model.

:class:`OfflineAPI` is an ``httpx2.MockTransport`` handler for a real ``openai`` client
(:func:`memlab.offline.client.offline_client`; :mod:`memlab.offline.server` serves it over HTTP).
Requests are checked as the real API checks them (:mod:`.checks`), answered by
:func:`memlab.offline.model.respond` (or your own ``reply``), counted in real tokens and stored, so
``previous_response_id`` and ``conversation`` work. Ids are content hashes: the same in every run.
"""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import itertools
import json
import re
import threading
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import httpx2

from ..tokens import count_items, count_text, count_tools, encoding
from . import chat
from .checks import OfflineAPIError, check_body, check_conversation_body, check_items, input_items, parse_body
from .compaction import compact_history, digest, expand_compactions
from .model import Request, message_item, reasoning_summary, respond

__all__ = ["COMPACT_PATH", "RESPONSES_PATH", "OfflineAPI", "Reply", "ServedRequest", "off_the_loop"]

RESPONSES_PATH = "/v1/responses"
COMPACT_PATH = "/v1/responses/compact"

#: A scripted reply: given the request as the model reads it, the output to give — a text, one output
#: item (``{"type": "function_call", "name": ..., "arguments": {...}}``), a list of them, or ``None``
#: to let the offline model answer.
Reply = Callable[[Request], "str | Mapping[str, Any] | list[Mapping[str, Any]] | None"]


@dataclass
class ServedRequest:
    """One request the offline API answered: what the model saw, and what it said.

    Attributes:
        body: The decoded request JSON.
        status: The HTTP status answered.
        response: The response JSON (or the error JSON).
        path: The endpoint's path.
        context: For an answered response or compaction: every item the model read (history, then input).
    """

    body: dict[str, Any]
    status: int
    response: dict[str, Any] = field(repr=False)
    path: str = RESPONSES_PATH
    context: list[dict[str, Any]] | None = field(default=None, repr=False)

    @property
    def input(self) -> list[dict[str, Any]]:
        """The ``input`` items of the request (of a chat request, its messages as items)."""
        return input_items(self.body if "messages" not in self.body else chat.responses_body(self.body))

    @property
    def compaction(self) -> bool:
        """Whether this was a ``POST /v1/responses/compact`` request."""
        return self.path == COMPACT_PATH


#: The threads that answer an async client's requests; several, so one long request stalls nobody else.
_WORKERS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="memlab-offline-model")


def off_the_loop(handler: Callable[[httpx2.Request], httpx2.Response],
                 ) -> Callable[[httpx2.Request], Awaitable[httpx2.Response]]:
    """An async ``MockTransport`` handler that runs ``handler`` in a worker thread: the event loop stays
    free while the model works, so a timeout around a request fires on time."""

    async def answer(request: httpx2.Request) -> httpx2.Response:
        return await asyncio.get_running_loop().run_in_executor(_WORKERS, handler, request)

    return answer


def _usage(input_tokens: int, output_tokens: int, reasoning_tokens: int = 0) -> dict[str, Any]:
    return {"input_tokens": input_tokens, "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": output_tokens, "output_tokens_details": {"reasoning_tokens": reasoning_tokens},
            "total_tokens": input_tokens + output_tokens}


def _reasoning_tokens(output: list[dict[str, Any]]) -> int:
    """The tokens a reasoning model thought with: its reasoning summary's, whether or not the summary was asked for
    (the real API bills hidden reasoning as output tokens, and counts them in ``reasoning_tokens``)."""
    if not output or output[0].get("type") != "reasoning":
        return 0
    shown = " ".join(part.get("text", "") for part in output[0].get("summary") or [])
    return count_text(shown or reasoning_summary(output[1:]))


def _not_found(what: str, ident: str) -> OfflineAPIError:
    return OfflineAPIError(f"{what} with id '{ident}' not found.", None, None, status=404)


def _list(data: list[dict[str, Any]], has_more: bool = False) -> dict[str, Any]:
    return {"object": "list", "data": data, "first_id": data[0]["id"] if data else None,
            "last_id": data[-1]["id"] if data else None, "has_more": has_more}


def _page(items: list[dict[str, Any]], query: Mapping[str, str]) -> dict[str, Any]:
    """A list endpoint's page: ``order`` (``asc``/``desc``), ``after`` (an item id), ``limit`` (1-100, 20)."""
    ordered = items if query.get("order", "desc") == "asc" else list(reversed(items))
    ids = [item.get("id") for item in ordered]
    after = query.get("after")
    if after:
        ordered = ordered[ids.index(after) + 1:] if after in ids else []
    try:
        limit = max(1, min(100, int(query.get("limit", "20"))))
    except ValueError:
        raise OfflineAPIError("Invalid 'limit': expected an integer.", "limit", "invalid_type") from None
    return _list(ordered[:limit], len(ordered) > limit)


def _with_id(item: Mapping[str, Any], key: str) -> dict[str, Any]:
    """``item`` as the API stores it: with an id, and a message's content as parts."""
    item = dict(item)
    if item.get("role") and "type" not in item:
        item["type"] = "message"
    if item.get("type") == "message":
        if isinstance(item.get("content"), str):
            kind = "output_text" if item.get("role") == "assistant" else "input_text"
            item["content"] = [{"type": kind, "text": item["content"]}]
        item.setdefault("status", "completed")
    prefixes = {"message": "msg", "function_call": "fc", "function_call_output": "fco", "reasoning": "rs"}
    item.setdefault("id", f"{prefixes.get(str(item.get('type')), 'item')}_{key}")
    return item


def _input_tokens(body: Mapping[str, Any], context: list[dict[str, Any]]) -> int:
    """What reading a checked body's instructions, items (``context``) and tools costs."""
    return (count_text(str(body.get("instructions") or "")) + count_items(context)
            + count_tools(body.get("tools") or []))


def _conversation_id(body: Mapping[str, Any]) -> str | None:
    conversation = body.get("conversation")
    return conversation if conversation is None or isinstance(conversation, str) else str(conversation.get("id"))


class OfflineAPI:
    """A fake Responses API (and Conversations API); use it as an ``httpx2.MockTransport`` handler.

    Args:
        reply: Your own reply function (see :data:`Reply`): it decides the output instead of the
            offline model. Requests are still checked, counted and stored.
        keep: How many served requests :attr:`requests` remembers.
        keep_responses: How many stored responses ``previous_response_id`` can name.

    Attributes:
        requests: The newest served requests, oldest first (:class:`ServedRequest`).
    """

    def __init__(self, reply: Reply | None = None, keep: int = 200, keep_responses: int = 1000) -> None:
        if keep < 1 or keep_responses < 1:
            raise ValueError("keep and keep_responses must be at least 1")
        self.reply = reply
        self.requests: deque[ServedRequest] = deque(maxlen=keep)
        self.keep_responses = keep_responses
        # response id → (previous response id, its input items as JSON, the response JSON)
        self._responses: OrderedDict[str, tuple[str | None, str, dict[str, Any]]] = OrderedDict()
        self._conversations: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
        self._counter = itertools.count(1)
        self._issued: dict[str, int] = {}  # a response id given → how many times its request was answered
        self._lock = threading.RLock()
        # what the model answered each of the latest requests it read (a digest of them → the output as JSON): an
        # explorer replays the same conversation under another setting, and its requests repeat up to where the
        # setting starts to matter; the model is deterministic, so a request it read once is answered from here
        self._answered: OrderedDict[bytes, str] = OrderedDict()

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        """Answer one HTTP request (the ``MockTransport`` handler)."""
        path, body, status = request.url.path, None, 200
        try:
            body = parse_body(request.content) if request.method == "POST" else None
            answer, context = self._route(request.method, path, body, dict(request.url.params))
        except OfflineAPIError as error:
            status, answer, context = error.status, error.body(), None
        if request.method == "POST" and path.endswith(("/responses", "/responses/compact", "/chat/completions")):
            self.requests.append(ServedRequest(body or {}, status, answer, path, context))
        if status == 200 and body and body.get("stream") and path.endswith(("/responses", "/chat/completions")):
            events = _sse(answer) if path.endswith("/responses") else chat.stream(body, answer, _chunks)
            return httpx2.Response(200, headers={"content-type": "text/event-stream"}, content=events)
        return httpx2.Response(status, json=answer)

    def _route(self, method: str, path: str, body: dict[str, Any] | None,
               query: dict[str, str]) -> tuple[dict[str, Any], list[dict[str, Any]] | None]:
        """An endpoint's answer, and every item the model read for it (none for a lookup)."""
        parts = [p for p in path.split("/") if p][1:] if path.startswith("/v1/") else []
        match method, parts:
            case "POST", ["responses"]:
                return self._respond(body)
            case "POST", ["responses", "compact"]:
                return self._compact(body)
            case "POST", ["responses", "input_tokens"]:
                tokens = _input_tokens(body, self._read(body)[1])
                return {"object": "response.input_tokens", "input_tokens": tokens}, None
            case "GET", ["responses", ident]:
                return self._find("Response", ident)[2], None
            case "DELETE", ["responses", ident]:
                with self._lock:
                    self._find("Response", ident)
                    del self._responses[ident]
                return {"id": ident, "object": "response.deleted", "deleted": True}, None
            case "POST", ["responses", ident, "cancel"]:  # the offline model answers at once: a background response
                stored = self._find("Response", ident)[2]  # is already done, and cancelling it leaves it as it is
                if not stored.get("background"):
                    raise OfflineAPIError("Only responses created with background=true can be cancelled.", None, None)
                return stored, None
            case "GET", ["responses", ident, "input_items"]:
                inputs = enumerate(json.loads(self._find("Response", ident)[1]))
                inputs = [_with_id(item, digest(ident, n)) for n, item in inputs]
                return _page(inputs, query), None
            case "POST", ["chat", "completions"]:  # the same model, asked and answering in the chat shape
                response, context = self._respond(chat.responses_body(body if isinstance(body, dict) else {}))
                return chat.completion(body or {}, response), context
            case "POST", ["conversations"]:
                return self._new_conversation(body), None
            case _, ["conversations", ident, *rest]:
                return self._conversation(method, ident, rest, body, query), None
        served = "" if parts[:1] in (["responses"], ["conversations"], ["chat"]) else (
            ": the offline model serves the Responses, Conversations and Chat Completions APIs only")
        raise OfflineAPIError(f"Invalid URL ({method} {path}){served}", None, None, status=404)

    @property
    def responses(self) -> dict[str, dict[str, Any]]:
        """The stored responses ``previous_response_id`` can name, by id (a copy; oldest first)."""
        with self._lock:
            return {ident: stored[2] for ident, stored in self._responses.items()}

    def last_input(self) -> list[dict[str, Any]]:
        """The ``input`` of the newest ``POST /v1/responses`` request: what the model was sent last."""
        for served in reversed(self.requests):
            if not served.compaction:
                return served.input
        raise LookupError("the offline API has not served any request yet")

    def respond(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """The Response JSON for a ``POST /v1/responses`` body (no HTTP involved).

        Raises:
            OfflineAPIError: If the real API would reject the request.
        """
        return self._respond(body)[0]

    def _find(self, what: str, ident: str) -> Any:
        """A stored ``"Response"`` (previous id, input items as JSON, JSON) or ``"Conversation"`` (JSON, items)."""
        with self._lock:
            found = (self._responses if what == "Response" else self._conversations).get(ident)
        if found is None:
            raise _not_found(what, ident)
        return found

    def _history(self, body: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The conversation a checked body continues: a stored response's chain, or a conversation's items."""
        if _conversation_id(body) is not None:
            return [dict(item) for item in self._find("Conversation", _conversation_id(body))[1]]
        previous = body.get("previous_response_id")
        chain: list[list[dict[str, Any]]] = []
        with self._lock:
            while previous:
                if previous not in self._responses:
                    raise OfflineAPIError(f"Previous response with id '{previous}' not found.",
                                          "previous_response_id", "previous_response_not_found")
                before, inputs, response = self._responses[previous]
                chain.append(json.loads(inputs) + response["output"])
                previous = before
        return [item for link in reversed(chain) for item in link]

    def _read(self, body: Any, *, compact: bool = False) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Check a body (once); return its own input items, and every item the model reads (history, then them)."""
        check_body(body, compact=compact)
        history = self._history(body)  # the body's items may answer calls only the history holds
        new_input = check_items(input_items(body), history)
        return new_input, history + new_input

    def _compact(self, body: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        context = self._read(body, compact=True)[1]
        output, input_tokens, output_tokens = compact_history(context, body.get("instructions") or "")
        response = {"id": f"resp_{digest('compact', context, output)}", "object": "response.compaction",
                    "created_at": 0, "output": output, "usage": _usage(input_tokens, output_tokens)}
        return response, context

    def _respond(self, body: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        new_input, context = self._read(body)
        output = self._output(Request.read(body, expand_compactions(context)))
        thought = _reasoning_tokens(output)
        output_tokens = count_items(item for item in output if item["type"] != "reasoning") + thought
        status, incomplete = "completed", None
        limit = body.get("max_output_tokens")
        message = next((item for item in output if item["type"] == "message"), None)
        if isinstance(limit, int) and output_tokens > limit and message is not None:
            part = message["content"][0]  # like the real API: stop at the limit, and say why
            kept = max(limit - thought, 0)  # (a reasoning model's thinking spends the budget first)
            part["text"] = encoding().decode(encoding().encode(part["text"], disallowed_special=())[:kept])
            message["status"] = "incomplete"
            if not kept:  # it thought the whole budget away: no message at all, as the real API answers then
                output.remove(message)
            status, incomplete, output_tokens = "incomplete", {"reason": "max_output_tokens"}, limit
        stored = body.get("store") is not False
        previous = body.get("previous_response_id")
        response_id = f"resp_{digest(context, output, stored, previous)}"
        with self._lock:  # the same request again is a new response, as in the real API (deleting one keeps the
            repeat = self._issued[response_id] = self._issued.get(response_id, 0) + 1  # other); the same in every run
        response_id = f"resp_{digest(response_id, repeat)}" if repeat > 1 else response_id
        response = {"id": response_id, "object": "response", "created_at": 0, "status": status,
                    "incomplete_details": incomplete, "model": body["model"], "instructions": body.get("instructions"),
                    "output": output, "parallel_tool_calls": body.get("parallel_tool_calls", True),
                    "previous_response_id": previous, "tool_choice": body.get("tool_choice", "auto"),
                    "tools": list(body.get("tools") or []), "text": body.get("text") or {"format": {"type": "text"}},
                    "metadata": dict(body.get("metadata") or {}), "background": body.get("background") is True,
                    "temperature": body.get("temperature", 1.0), "top_p": body.get("top_p", 1.0),  # as sent, or the
                    "max_output_tokens": limit, "store": stored, "truncation": body.get("truncation", "disabled"),  # defaults
                    "usage": _usage(_input_tokens(body, context), output_tokens, min(thought, output_tokens))}
        conversation = _conversation_id(body)
        with self._lock:
            if conversation is not None:
                items = [_with_id(item, digest(response_id, n)) for n, item in enumerate(new_input + output)]
                self._find("Conversation", conversation)[1].extend(items)
            if stored:  # in a conversation too: GET /v1/responses/{id} finds it
                self._responses[response_id] = (previous, json.dumps(new_input), response)
                self._responses.move_to_end(response_id)
                while len(self._responses) > self.keep_responses:
                    self._responses.popitem(last=False)
        return response, context

    def _output(self, request: Request) -> list[dict[str, Any]]:
        """The offline model's output, or the ``reply`` function's with the ids and fields an output item carries."""
        answer = None if self.reply is None else self.reply(request)
        if answer is None:  # (the day counts too: "tomorrow" is a date; the input is read once, among the items)
            settings = {name: value for name, value in request.body.items() if name != "input"}
            key = hashlib.blake2b(repr((settings, request.items, datetime.date.today())).encode(), digest_size=16).digest()
            with self._lock:
                if (known := self._answered.get(key)) is not None:
                    self._answered.move_to_end(key)
                    return json.loads(known)
            output = respond(request)
            with self._lock:
                self._answered[key] = json.dumps(output)
                while len(self._answered) > 256:
                    self._answered.popitem(last=False)
            return output
        key = request.fingerprint
        if isinstance(answer, str):
            return [message_item(answer, key)]
        output = []
        for n, item in enumerate([answer] if isinstance(answer, Mapping) else answer):
            if item.get("type") == "function_call":
                arguments = item.get("arguments", {})
                item = {"id": f"fc_{key}_{n}", "call_id": f"call_{key}_{n}", "status": "completed", **item,
                        "arguments": arguments if isinstance(arguments, str) else json.dumps(arguments)}
            elif item.get("type", "message") == "message":
                item = {**message_item("", f"{key}_{n}"), **item}
            output.append(dict(item))
        return output

    def _new_conversation(self, body: dict[str, Any]) -> dict[str, Any]:
        ident = f"conv_{digest('conversation', next(self._counter))}"
        items = check_items(check_conversation_body(body, "create").get("items") or [])
        items = [_with_id(item, digest(ident, n)) for n, item in enumerate(items)]
        conversation = {"id": ident, "object": "conversation", "created_at": 0,
                        "metadata": dict(body.get("metadata") or {})}
        with self._lock:
            self._conversations[ident] = (conversation, items)
        return conversation

    def _conversation(self, method: str, ident: str, rest: list[str], body: dict[str, Any] | None,
                      query: dict[str, str]) -> dict[str, Any]:
        conversation, items = self._find("Conversation", ident)
        match method, rest:
            case "GET", []:
                return conversation
            case "POST", []:
                conversation["metadata"] = dict(check_conversation_body(body, "update")["metadata"])
                return conversation
            case "DELETE", []:
                with self._lock:
                    del self._conversations[ident]
                return {"id": ident, "object": "conversation.deleted", "deleted": True}
            case "GET", ["items"]:
                return _page(items, query)
            case "POST", ["items"]:
                new = check_items(check_conversation_body(body, "items")["items"], items)
                with self._lock:
                    added = [_with_id(item, digest(ident, len(items) + n, item)) for n, item in enumerate(new)]
                    items += added
                return _list(added)
            case "GET" | "DELETE", ["items", item_id]:
                item = next((item for item in items if item.get("id") == item_id), None)
                if item is None:
                    raise _not_found("Item", item_id)
                if method == "GET":
                    return item
                with self._lock:
                    items.remove(item)
                return conversation
        path = f"/v1/conversations/{ident}/{'/'.join(rest)}"
        raise OfflineAPIError(f"Invalid URL ({method} {path})", None, None, status=404)


def _chunks(text: str) -> list[str]:
    """``text`` as a stream sends it: a word at a time, each with the spaces after it."""
    return re.findall(r"\S+\s*|\s+", text)


def _sse(response: dict[str, Any]) -> bytes:
    """The streaming events of a finished response, as SSE bytes (a cut one ends ``response.incomplete``)."""
    started = {**response, "status": "in_progress", "output": [], "usage": None}
    events: list[dict[str, Any]] = [{"type": "response.created", "response": started},
                                    {"type": "response.in_progress", "response": started}]
    for index, item in enumerate(response["output"]):
        where = {"output_index": index, "item_id": item["id"]}
        added = {"type": "response.output_item.added", "output_index": index, "item": item}
        if item["type"] == "function_call":
            arguments = item["arguments"]
            events += [{**added, "item": {**item, "arguments": "", "status": "in_progress"}},
                       {"type": "response.function_call_arguments.delta", **where, "delta": arguments},
                       {"type": "response.function_call_arguments.done", **where, "arguments": arguments,
                        "name": item["name"]}]
        elif item["type"] == "message":
            text, where = item["content"][0]["text"], {**where, "content_index": 0}
            empty = {"type": "output_text", "text": "", "annotations": [], "logprobs": []}
            events += [{**added, "item": {**item, "content": [], "status": "in_progress"}},
                       {"type": "response.content_part.added", **where, "part": empty}]
            events += [{"type": "response.output_text.delta", **where, "delta": chunk, "logprobs": []}
                       for chunk in _chunks(text)]
            events += [{"type": "response.output_text.done", **where, "text": text, "logprobs": []},
                       {"type": "response.content_part.done", **where, "part": item["content"][0]}]
        elif item["type"] == "reasoning" and item["summary"]:  # each summary part, streamed as its text
            events.append({**added, "item": {**item, "summary": []}})
            for part_index, part in enumerate(item["summary"]):
                at = {**where, "summary_index": part_index}
                events += [{"type": "response.reasoning_summary_part.added", **at, "part": {**part, "text": ""}},
                           *({"type": "response.reasoning_summary_text.delta", **at, "delta": chunk}
                             for chunk in _chunks(part["text"])),
                           {"type": "response.reasoning_summary_text.done", **at, "text": part["text"]},
                           {"type": "response.reasoning_summary_part.done", **at, "part": part}]
        else:
            events.append(added)
        events.append({"type": "response.output_item.done", "output_index": index, "item": item})
    done = "response.incomplete" if response.get("status") == "incomplete" else "response.completed"
    events.append({"type": done, "response": response})
    for number, event in enumerate(events):
        event["sequence_number"] = number
    return b"".join(f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode() for event in events)
