"""The wire: every request the configured client sends, recorded as it leaves the process.

"What did the model actually see?" is the question behind every memory
policy, and the only honest answer is the request body itself. memlab's
:func:`memlab.api.mode.configure` builds the ``openai`` client on an HTTP client
with two *event hooks* (an ``httpx2`` feature: functions called with each
request and each response). The hooks write each exchange into a :class:`Wire`:
the JSON body sent, the HTTP status, and the ``usage`` the reply reported.

Because the hooks sit on the HTTP client, the same code records the offline
model and the real API alike — in live mode too, "what the model saw" is read
from what was sent, not from the offline fake's memory::

    from memlab.api import mode, wire
    mode.configure()
    ...  # run the agent
    wire.current().last_input()   # the input items of the newest model call
    print(wire.current().spend()) # requests, tokens, and what they cost

Streamed replies (``stream=true``) are recorded without holding them back: the
body is passed on chunk by chunk, and the usage is read from the stream's
final ``response.completed`` event when it has gone by.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
from collections import deque
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx2

from .prices import PRICES_AS_OF, estimate

__all__ = ["Exchange", "Spend", "Wire", "current", "install", "recorded_on"]


@dataclass
class Exchange:
    """One HTTP exchange with the Responses API.

    Attributes:
        method: ``POST``...
        path: The URL path (``/v1/responses``, ``/v1/responses/compact``...).
        body: The decoded JSON request body (``{}`` if there was none).
        status: The HTTP status of the reply (``None`` until it arrives).
        usage: The reply's ``usage`` (``input_tokens``, ``output_tokens``...), if any.
    """

    method: str
    path: str
    body: dict[str, Any]
    status: int | None = None
    usage: dict[str, Any] | None = None

    @property
    def input(self) -> list[dict[str, Any]]:
        """The ``input`` items of the request (a string input becomes one user message)."""
        raw = self.body.get("input", [])
        return [{"role": "user", "content": raw}] if isinstance(raw, str) else list(raw or [])

    @property
    def is_model_call(self) -> bool:
        """A request to ``/responses`` (a model call), not to ``/responses/compact`` or elsewhere."""
        return self.method == "POST" and self.path.endswith("/responses")


@dataclass(frozen=True)
class Spend:
    """Requests and tokens over a stretch of a session, and an estimate of their price.

    ``str(spend)`` is the one line a notebook prints at its end.
    """

    requests: int
    input_tokens: int
    output_tokens: int
    dollars: float | None
    live: bool
    unpriced: tuple[str, ...] = ()

    def __str__(self) -> str:
        tokens = f"{self.requests} requests, {self.input_tokens:,} input + {self.output_tokens:,} output tokens"
        if self.dollars is None:
            price = "no price known for " + ", ".join(self.unpriced)
        else:
            price = f"about ${self.dollars:.4f} at list prices of {PRICES_AS_OF}"
            if self.unpriced:
                price += f" (no price known for {', '.join(self.unpriced)})"
        if self.live:
            return f"Spent (live): {tokens}; {price}."
        return f"Used (offline, nothing billed): {tokens}; live, that would be {price}."


@dataclass
class Wire:
    """The exchanges of one client, newest last.

    Args:
        keep: How many exchanges to remember (the oldest are dropped first).
        live: Whether the client talks to the real API (for :meth:`spend`'s wording).

    Attributes:
        exchanges: The remembered exchanges.
        total: Every exchange ever recorded, dropped ones included (for :meth:`mark`).
    """

    keep: int = 2000
    live: bool = False
    exchanges: deque[Exchange] = field(init=False)
    total: int = field(default=0, init=False)
    _spent: list[tuple[str, int, int]] = field(default_factory=list, init=False, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.keep, bool) or not isinstance(self.keep, int) or self.keep < 1:
            raise ValueError(f"keep must be an integer >= 1, got {self.keep!r}")
        self.exchanges = deque(maxlen=self.keep)

    # -- what the hooks call ---------------------------------------------
    def sent(self, request: httpx2.Request) -> Exchange:
        """Record a request as it leaves; return its :class:`Exchange`."""
        try:
            body = json.loads(request.content or b"{}")
        except (ValueError, RecursionError, httpx2.RequestNotRead):
            body = {}
        exchange = Exchange(request.method, request.url.path, body if isinstance(body, dict) else {})
        wires = _recipients(self)
        request.extensions["memlab_exchange"] = exchange
        request.extensions["memlab_wires"] = wires
        for wire in wires:
            wire.exchanges.append(exchange)
            wire.total += 1
        return exchange

    def received(self, exchange: Exchange, status: int, usage: Any) -> None:
        """Record a reply's status and usage."""
        exchange.status = status
        if isinstance(usage, dict):
            exchange.usage = usage
            model = str(exchange.body.get("model", ""))
            self._spent.append((model, int(usage.get("input_tokens") or 0), int(usage.get("output_tokens") or 0)))

    def hooks(self, *, sync: bool = False) -> dict[str, list[Any]]:
        """``event_hooks`` for an ``httpx2.AsyncClient`` (or, with ``sync``, an ``httpx2.Client``)."""
        if sync:
            return {"request": [self.sent], "response": [self._on_response_sync]}

        async def on_request(request: httpx2.Request) -> None:
            self.sent(request)

        return {"request": [on_request], "response": [self._on_response]}

    async def _on_response(self, response: httpx2.Response) -> None:
        exchange = response.request.extensions.get("memlab_exchange")
        if exchange is None:
            return
        if self._stream_tapped(exchange, response):
            return
        await response.aread()
        _received(response, exchange, _json_usage(response.content))

    def _on_response_sync(self, response: httpx2.Response) -> None:
        exchange = response.request.extensions.get("memlab_exchange")
        if exchange is None:
            return
        if self._stream_tapped(exchange, response):
            return
        response.read()
        _received(response, exchange, _json_usage(response.content))

    def _stream_tapped(self, exchange: Exchange, response: httpx2.Response) -> bool:
        """For a streamed reply, arrange to read its usage as it goes by; ``False`` for any other reply."""
        if not response.headers.get("content-type", "").startswith("text/event-stream"):
            return False
        try:
            body = response.content  # already in memory (a mock transport reads it at once)
        except httpx2.ResponseNotRead:
            response.stream = _TeeStream(response.stream, lambda body: _received(response, exchange, _sse_usage(body)))
        else:
            _received(response, exchange, _sse_usage(body))
        return True

    # -- what notebooks read ---------------------------------------------
    def model_calls(self) -> list[Exchange]:
        """The remembered ``POST /responses`` exchanges (model calls), oldest first."""
        return [e for e in self.exchanges if e.is_model_call]

    def last_input(self) -> list[dict[str, Any]]:
        """The input items of the newest model call: exactly what the model saw last.

        Raises:
            LookupError: If no model call was recorded yet.
        """
        calls = self.model_calls()
        if not calls:
            raise LookupError("no model call was recorded yet (was memlab.api.mode.configure() called first?)")
        return calls[-1].input

    def mark(self) -> int:
        """A bookmark: pass it to :meth:`spend` to count only what came after."""
        return len(self._spent)

    def spend(self, since: int = 0) -> Spend:
        """Requests and tokens since the bookmark ``since`` (default: all), with a price estimate."""
        spent = self._spent[since:]
        dollars: float | None = 0.0
        unpriced = []
        for model, tokens_in, tokens_out in spent:
            cost = estimate(model, tokens_in, tokens_out)
            if cost is None:
                unpriced.append(model)
            else:
                dollars = (dollars or 0.0) + cost
        if unpriced and dollars == 0.0:
            dollars = None
        return Spend(
            len(spent), sum(s[1] for s in spent), sum(s[2] for s in spent), dollars, self.live,
            tuple(dict.fromkeys(unpriced)),
        )


class _TeeStream(httpx2.AsyncByteStream, httpx2.SyncByteStream):
    """Passes a streamed body on unchanged, and hands what went by to ``done`` once.

    ``done`` runs when the body ends or when the reader closes the stream,
    whichever comes first (a reader may stop after the final event).
    """

    def __init__(self, inner: Any, done: Any) -> None:
        self.inner, self.done, self.chunks = inner, done, []

    def _finish(self) -> None:
        if self.done is not None:
            done, self.done = self.done, None
            done(b"".join(self.chunks))

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for chunk in self.inner:
            self.chunks.append(chunk)
            yield chunk
        self._finish()

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self.inner:
            self.chunks.append(chunk)
            yield chunk
        self._finish()

    async def aclose(self) -> None:
        self._finish()
        await self.inner.aclose()

    def close(self) -> None:
        self._finish()
        self.inner.close()


def _json_usage(content: bytes) -> Any:
    try:
        return json.loads(content).get("usage")
    except (ValueError, AttributeError):
        return None


def _sse_usage(body: bytes) -> Any:
    """The ``usage`` of a stream's final ``response.completed`` event."""
    for line in reversed(body.decode("utf-8", "replace").splitlines()):
        if line.startswith("data:") and '"response.completed"' in line:
            try:
                return json.loads(line[5:]).get("response", {}).get("usage")
            except ValueError:
                return None
    return None


_current: Wire | None = None


#: The wire the running task records on instead of its client's, and whether on the client's too.
_ELSEWHERE: contextvars.ContextVar[tuple[Wire, bool] | None] = contextvars.ContextVar("memlab_wire_elsewhere", default=None)


@contextlib.contextmanager
def recorded_on(wire: Wire, *, also_on_client_wire: bool = False) -> Iterator[Wire]:
    """Record what this task sends (and the tasks it starts) on ``wire`` instead of the client's wire.

    Work done on the side — an explorer replaying settings before the learner
    moves to them — would otherwise be mixed into what a notebook reads from
    :func:`current`: its ``last_input()`` would be a request the learner never
    made. Other tasks are not affected (the choice is a context variable).

    Args:
        wire: Where to record.
        also_on_client_wire: Record on the client's wire too (live, where every
            request is billed and the notebook's spend line must count it).

    Yields:
        ``wire``.
    """
    token = _ELSEWHERE.set((wire, also_on_client_wire))
    try:
        yield wire
    finally:
        _ELSEWHERE.reset(token)


def _recipients(client_wire: Wire) -> tuple[Wire, ...]:
    """The wires a request the client sends now is recorded on (see :func:`recorded_on`)."""
    elsewhere = _ELSEWHERE.get()
    if elsewhere is None:
        return (client_wire,)
    wire, also = elsewhere
    return (wire, client_wire) if also and wire is not client_wire else (wire,)


def _received(response: httpx2.Response, exchange: Exchange, usage: Any) -> None:
    """Record a reply on every wire its request was recorded on."""
    for wire in response.request.extensions.get("memlab_wires", ()):
        wire.received(exchange, response.status_code, usage)


def install(wire: Wire) -> Wire:
    """Make ``wire`` the one :func:`current` returns (``configure()`` does this)."""
    global _current
    _current = wire
    return wire


def current() -> Wire:
    """The wire of the client :func:`memlab.api.mode.configure` installed.

    Raises:
        RuntimeError: If nothing was configured yet.
    """
    if _current is None:
        raise RuntimeError("no client is configured yet: call memlab.api.mode.configure() first")
    return _current
