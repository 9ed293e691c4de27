"""A stand-in for the Responses API over real HTTP, on your own machine.

The offline model normally answers *inside* your Python process: the
``openai`` client's transport is an ``httpx2.MockTransport``. This module puts
the very same :class:`OfflineAPI` behind a real socket on ``127.0.0.1``, so a
process that knows nothing about memlab — a Jupyter kernel in live mode, the
workshop app, ``curl`` — can talk to it like to the real service::

    python -m memlab.offline.server --port 8000
    # in another terminal:
    OPENAI_BASE_URL=http://127.0.0.1:8000/v1 OPENAI_API_KEY=anything MEMLAB_LIVE=1 make lab

That is how an instructor rehearses live mode without spending money, or runs
a room without internet: every laptop runs its own stand-in and live mode
works unchanged, because ``openai.AsyncOpenAI()`` honours ``OPENAI_BASE_URL``.

From Python, :func:`serve` starts one in a background thread (also from a
Jupyter cell: it runs its own event loop, not the kernel's)::

    with serve() as server:
        client = openai.AsyncOpenAI(base_url=server.url, api_key="anything")
        ...
        print(server.requests_served)

How one request travels:

1. `uvicorn <https://www.uvicorn.org>`_, a real HTTP server, reads it. It answers
   broken HTTP with a 400 itself, serves many clients at once, and closes
   connections that stay silent (:data:`READ_TIMEOUT` seconds).
2. The body is read, at most :data:`MAX_BODY_BYTES` of it (a 413 beyond), and
   the request becomes an ``httpx2.Request`` for the :class:`OfflineAPI` —
   exactly what ``MockTransport`` does in-process. The model runs in a worker
   thread, so a slow answer for one client does not hold up another.
3. The ``httpx2.Response`` goes back over the socket: status, headers, body.
   A streamed answer (``"stream": true``) is sent as ``text/event-stream``,
   one server-sent event per HTTP chunk, as the real API does.

Any ``Authorization: Bearer <anything>`` is accepted; a request without one
gets the real API's 401, so a client that forgot its key fails here too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import sys
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

import anyio
import anyio.to_thread
import httpx2
import uvicorn
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response, StreamingResponse
from starlette.types import Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..errors import MemlabError
from .api import OfflineAPI

__all__ = ["MAX_BODY_BYTES", "READ_TIMEOUT", "Server", "serve", "main"]

#: The largest request body accepted, in bytes (10 MiB); a larger one gets a 413.
#: The real API refuses any single text longer than this (a 400 whose code is
#: ``string_above_max_length``), and a text-only request this big is far past
#: every model's context window, so nothing a learner sends honestly is refused.
MAX_BODY_BYTES = 10 * 1024 * 1024

#: Seconds the stand-in waits for a client: for a request's head (after the
#: connection opens, or after the previous answer), then for its whole body.
#: Longer than the 5 s an ``openai`` client keeps an idle connection, so the
#: stand-in never closes one the client is about to reuse.
READ_TIMEOUT = 15.0

#: Seconds a stopping stand-in waits for the answers in flight; any still
#: unfinished then get a 503 (a model call that never ends cannot hold it up).
SHUTDOWN_GRACE = 2

#: Connections the system queues while the stand-in accepts earlier ones: a
#: room of laptops connecting at once must not be reset (the usual default is 5).
BACKLOG = 1024

#: Headers that describe one HTTP hop, not the answer: the server writes its own.
_HOP_HEADERS = {b"connection", b"content-length", b"transfer-encoding", b"keep-alive", b"content-encoding"}


def _error(status: int, message: str, kind: str = "invalid_request_error", *, close: bool = False) -> httpx2.Response:
    """An answer shaped like the real API's errors (``openai`` maps the status to an exception).

    Args:
        status: The HTTP status.
        message: What went wrong and what to do, for the learner reading the exception.
        kind: The error's ``type``, as the real API names it.
        close: Close the connection after this answer (the request was cut short).
    """
    headers = {"connection": "close"} if close else {}
    error = {"message": message, "type": kind, "param": None, "code": None}
    return httpx2.Response(status, json={"error": error}, headers=headers)


class _DeadlineProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 connection, plus a deadline for each request's head.

    uvicorn closes a connection left idle after an answer, but it waits forever
    for the first request on a new connection, and for a head that arrives a
    byte at a time. Here a connection closes if a whole request head has not
    arrived :attr:`Config.timeout_keep_alive` seconds after it opened or after
    its previous answer, so silent or half-open connections do not pile up.
    """

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.loop.call_later(self.timeout_keep_alive, self._close_if_no_request_since, None)

    def on_response_complete(self) -> None:
        answered = self.cycle
        super().on_response_complete()
        self.loop.call_later(self.timeout_keep_alive, self._close_if_no_request_since, answered)

    def _close_if_no_request_since(self, cycle: object) -> None:
        if self.cycle is cycle:  # still the same request (or none): no new head arrived in time
            self.transport.close()


class Server:
    """A running stand-in: an :class:`OfflineAPI` served over HTTP on ``127.0.0.1``.

    Use :func:`serve` to start one. It is a context manager; leaving the
    ``with`` block (or calling :meth:`close`) stops it.

    Attributes:
        api: The :class:`OfflineAPI` answering the requests (its ``requests``
            log shows what the model saw).
        url: The base URL to give a client, e.g. ``http://127.0.0.1:8000/v1``.
        port: The TCP port it listens on.
    """

    def __init__(self, api: OfflineAPI, port: int = 0, *, log: bool = False, read_timeout: float = READ_TIMEOUT) -> None:
        if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
            raise ValueError(f"port must be an integer from 0 to 65535 (0 picks a free one), not {port!r}")
        if not read_timeout > 0:
            raise ValueError(f"read_timeout must be a positive number of seconds, not {read_timeout!r}")
        self.api = api
        self.log = log
        self.read_timeout = read_timeout
        self._lock = threading.Lock()  # guards the counters only, never a request
        self._statuses: Counter[int] = Counter()
        listener = socket.create_server(("127.0.0.1", port), backlog=BACKLOG)  # OSError if the port is taken
        self.port: int = listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/v1"
        config = uvicorn.Config(
            self._asgi, interface="asgi3", loop="asyncio", http=_DeadlineProtocol, ws="none", lifespan="off",
            backlog=BACKLOG, timeout_keep_alive=read_timeout, timeout_graceful_shutdown=SHUTDOWN_GRACE,  # type: ignore[arg-type]
            headers=[("server", "memlab-stand-in")], proxy_headers=False, log_config=None, access_log=False,
        )
        self._uvicorn = uvicorn.Server(config)
        # A daemon thread, so the worker threads it starts for the model are daemons too: a model
        # call that never returns does not keep Python from exiting.
        self._thread = threading.Thread(target=self._uvicorn.run, kwargs={"sockets": [listener]},
                                        name=f"memlab-stand-in-{self.port}", daemon=True)
        self._thread.start()
        while not self._uvicorn.started and self._thread.is_alive():
            time.sleep(0.01)
        if not self._uvicorn.started:
            listener.close()
            raise MemlabError(f"the stand-in on 127.0.0.1:{self.port} did not start: uvicorn stopped (its messages "
                              "above say why); run it again, or report the messages if it keeps failing")

    @property
    def requests_served(self) -> int:
        """How many HTTP requests it has answered so far (any status).

        HTTP too broken to read (a 400 from uvicorn itself) is not counted.
        """
        with self._lock:
            return sum(self._statuses.values())

    @property
    def statuses(self) -> dict[int, int]:
        """How many answers it gave per HTTP status, e.g. ``{200: 12, 400: 1}``."""
        with self._lock:
            return dict(self._statuses)

    def handle(self, request: httpx2.Request) -> httpx2.Response:
        """Answer one request: check the key, then ask the :class:`OfflineAPI`.

        Runs in a worker thread, one per request in flight.

        Args:
            request: The request as it arrived over HTTP.

        Returns:
            The response to send back. An unexpected failure inside the fake
            becomes a 500 with the API's error shape (and is printed), so the
            client sees a server error rather than a dropped connection.
        """
        if not request.headers.get("authorization", "").startswith("Bearer "):
            return _error(401, "You didn't provide an API key (Authorization: Bearer ...).")
        try:
            response = self.api(request)
            response.read()
        except Exception as exc:  # report it to the client and the console, keep serving
            print(f"memlab stand-in: {type(exc).__name__}: {exc}", file=sys.stderr)
            return _error(500, f"The stand-in failed: {type(exc).__name__}: {exc}", "server_error")
        return response

    def close(self) -> None:
        """Stop listening, give the answers in flight :data:`SHUTDOWN_GRACE` seconds, and wait for the end.

        Safe to call twice, and from inside a running event loop.
        """
        self._uvicorn.should_exit = True
        self._thread.join()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<memlab stand-in at {self.url}, {self.requests_served} requests served>"

    # ---------------------------------------------------------------- the ASGI app uvicorn calls

    async def _asgi(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer one HTTP request (uvicorn calls this once per request, on its event loop)."""
        if scope["type"] != "http":  # lifespan events are off and websockets are not served
            return
        request = Request(scope, receive)
        try:
            answer = await self._answer(request)
        except ClientDisconnect:  # the client left, or broke HTTP mid-body (uvicorn sent the 400)
            return
        except asyncio.CancelledError:  # the server stops, and has waited SHUTDOWN_GRACE seconds for this one:
            # the client gets an answer, and uvicorn's log no traceback of the cancellation
            answer = _error(503, "The stand-in is shutting down; start it again to go on.", "server_error", close=True)
        with self._lock:
            self._statuses[answer.status_code] += 1
        if self.log:
            query = scope["query_string"].decode("ascii")
            target = scope["raw_path"].decode("ascii") + (f"?{query}" if query else "")  # as the client sent it
            print(f'{scope["client"][0]} - "{scope["method"]} {target} HTTP/{scope["http_version"]}" '
                  f"{answer.status_code}", file=sys.stderr)
        await _starlette_response(answer)(scope, receive, send)

    async def _answer(self, request: Request) -> httpx2.Response:
        """Read the request within the limits, then let :meth:`handle` answer it in a worker thread."""
        path = _origin_form(request.scope["raw_path"].decode("ascii"))  # h11 lets only ASCII through
        if path is None:
            return _error(400, "The request target must be a path such as /v1/responses.", close=True)
        declared = request.headers.get("content-length")
        if declared is not None and int(declared) > MAX_BODY_BYTES:  # h11 checked that it is a number
            return _too_large(f"{declared} bytes")
        try:
            with anyio.fail_after(self.read_timeout):
                body = await _read_body(request)
        except TimeoutError:
            return _error(408, f"The request body did not arrive within {self.read_timeout:g} s.", close=True)
        if body is None:
            return _too_large("a chunked body that kept growing")
        query = request.scope["query_string"].decode("ascii")
        url = f"http://127.0.0.1:{self.port}{path}" + (f"?{query}" if query else "")
        headers = [(name, value) for name, value in request.headers.raw if name not in _HOP_HEADERS]
        forwarded = httpx2.Request(request.method, url, headers=headers, content=body)
        # abandon_on_cancel: a stopping server does not wait for a model call that never ends.
        return await anyio.to_thread.run_sync(self.handle, forwarded, abandon_on_cancel=True)


def _origin_form(target: str) -> str | None:
    """The path (and query) a request names, or ``None`` if it names none.

    HTTP/1.1 servers must also accept an absolute URL as the target (``POST
    http://host/v1/responses``, what clients send to a proxy): its path counts.
    """
    if target.startswith(("http://", "https://")):
        target = urlsplit(target).path or "/"
    return target if target.startswith("/") else None


async def _read_body(request: Request) -> bytes | None:
    """The whole body as it streams in, or ``None`` as soon as it passes :data:`MAX_BODY_BYTES`."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            return None
    return bytes(body)


def _too_large(what: str) -> httpx2.Response:
    return _error(413, f"Request too large: {what}; the stand-in accepts bodies of at most {MAX_BODY_BYTES} bytes.")


def _starlette_response(answer: httpx2.Response) -> Response:
    """The model's ``httpx2.Response`` as a Starlette response: events one chunk each, else one body."""
    if answer.headers.get("content-type", "").startswith("text/event-stream"):
        response: Response = StreamingResponse(_events(answer.content), answer.status_code,
                                               headers={"cache-control": "no-cache"})
    else:
        response = Response(answer.content, answer.status_code)
    response.raw_headers += [(name.lower(), value) for name, value in answer.headers.raw
                             if name.lower() not in _HOP_HEADERS - {b"connection"}]
    return response


async def _events(body: bytes) -> AsyncIterator[bytes]:
    """Each server-sent event of ``body`` (events end with a blank line), for one HTTP chunk each."""
    for event in body.split(b"\n\n"):
        if event.strip():
            yield event + b"\n\n"


def serve(api: OfflineAPI | None = None, port: int = 0, *, log: bool = False, read_timeout: float = READ_TIMEOUT) -> Server:
    """Start a stand-in for the Responses API on ``127.0.0.1`` in a daemon thread.

    It runs its own event loop in that thread, so it works the same from plain
    code and from inside a running loop (a Jupyter cell, an async test), and a
    blocking ``openai.OpenAI()`` call on the caller's thread still reaches it.

    Args:
        api: The offline model to serve (a new :class:`OfflineAPI` when omitted).
        port: The port to listen on; ``0`` lets the system pick a free one
            (read it from ``server.port`` or ``server.url``).
        log: Print one line per request to stderr.
        read_timeout: Seconds to wait for a silent client (see :data:`READ_TIMEOUT`).

    Returns:
        The running :class:`Server`; use it in a ``with`` block or call
        :meth:`Server.close` when done.

    Raises:
        ValueError: If ``port`` is not a TCP port number (0 to 65535), or
            ``read_timeout`` is not a positive number.
        OSError: If the port is taken.
    """
    return Server(api if api is not None else OfflineAPI(), port, log=log, read_timeout=read_timeout)


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> None:
    """Run a stand-in in the foreground until Ctrl-C (``python -m memlab.offline.server``).

    Raises:
        SystemExit: With a one-line message (exit status 1) if it cannot listen on the port.
    """
    parser = argparse.ArgumentParser(
        prog="python -m memlab.offline.server",
        description="Serve memlab's offline model as a Responses API on 127.0.0.1.",
    )
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000; 0 picks a free one)")
    parser.add_argument("--quiet", action="store_true", help="do not print a line per request")
    options = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, _stop)  # `kill` stops it as cleanly as Ctrl-C
    try:
        server = serve(port=options.port, log=not options.quiet)
    except ValueError as error:  # one line that says what to do, not a traceback
        raise SystemExit(f"memlab stand-in: --port: {error}") from None
    except OSError as error:
        reason = os.strerror(error.errno) if error.errno else str(error)
        raise SystemExit(f"memlab stand-in: cannot listen on 127.0.0.1:{options.port} ({reason}); "
                         "stop what uses that port, or pick another with --port (0 picks a free one)") from None
    print(server.url, flush=True)
    print(f"use it with: OPENAI_BASE_URL={server.url} OPENAI_API_KEY=anything MEMLAB_LIVE=1 make lab", file=sys.stderr)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        print(json.dumps({"requests_served": server.requests_served, "statuses": server.statuses}), file=sys.stderr)


if __name__ == "__main__":
    main()
