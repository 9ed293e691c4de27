"""The offline model over real HTTP on ``127.0.0.1``: a stand-in for the Responses API.

The same :class:`~memlab.offline.api.OfflineAPI` as in-process, behind a socket, so any process (a
kernel in live mode, the workshop app, ``curl``) can use it like the real service::

    python -m memlab.offline.server --port 8000
    OPENAI_BASE_URL=http://127.0.0.1:8000/v1 OPENAI_API_KEY=anything MEMLAB_LIVE=1 make lab

uvicorn serves the HTTP; this module adds a body cap (a 413), deadlines for silent clients, the API's 401
without a key, server-sent events one per chunk, and a prompt stop.
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
from urllib.parse import urlsplit

import anyio
import anyio.to_thread
import httpx2
import uvicorn
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.types import Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..errors import MemlabError
from .api import OfflineAPI

__all__ = ["MAX_BODY_BYTES", "READ_TIMEOUT", "Server", "serve", "main"]

#: The largest request body, in bytes (10 MiB, as the real API). Beyond: a 413.
MAX_BODY_BYTES = 10 * 1024 * 1024
#: Seconds to wait for a request's head, then for its body (longer than an ``openai`` client's 5 s idle).
READ_TIMEOUT = 15.0
#: Seconds a stopping stand-in gives the answers in flight; then they get a 503.
SHUTDOWN_GRACE = 2
#: Connections queued while earlier ones are accepted (a room of laptops connecting at once).
BACKLOG = 1024


def _error(status: int, message: str, kind: str = "invalid_request_error", *, close: bool = False) -> Response:
    """An answer shaped like the real API's errors; ``close`` closes the connection after it."""
    error = {"message": message, "type": kind, "param": None, "code": None}
    return JSONResponse({"error": error}, status, headers={"connection": "close"} if close else None)


class _DeadlineProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 connection with Nagle's algorithm off, closed if no whole request head arrives in
    ``timeout_keep_alive`` s (uvicorn itself waits forever for a first request, or a head sent byte by byte)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        # asyncio leaves Nagle on for create_server's sockets (proto 0): ~40 ms per kept-alive answer
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.loop.call_later(self.timeout_keep_alive, self._close_if_no_request_since, None)

    def on_response_complete(self) -> None:
        answered = self.cycle
        super().on_response_complete()
        self.loop.call_later(self.timeout_keep_alive, self._close_if_no_request_since, answered)

    def _close_if_no_request_since(self, cycle: object) -> None:
        if self.cycle is cycle:  # still the same request (or none): no new head arrived in time
            self.transport.close()


class Server:
    """A stand-in on ``127.0.0.1``, in a daemon thread with its own event loop (in a Jupyter cell too);
    leaving its ``with`` block, or :meth:`close`, stops it.

    Args:
        api: The offline model (a new :class:`OfflineAPI` if omitted); ``server.api.requests`` shows what it saw.
        port: The port, ``server.port``; ``0`` picks a free one. ``server.url`` is the base URL for a client.
        log: Print one line per request to stderr.
        read_timeout: Seconds to wait for a silent client (:data:`READ_TIMEOUT`).

    Raises:
        ValueError: For a port outside 0-65535 or a ``read_timeout`` that is not positive.
        OSError: If the port is taken.
    """

    def __init__(self, api: OfflineAPI | None = None, port: int = 0, *, log: bool = False,
                 read_timeout: float = READ_TIMEOUT) -> None:
        if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
            raise ValueError(f"port must be an integer from 0 to 65535 (0 picks a free one), not {port!r}")
        if not read_timeout > 0:
            raise ValueError(f"read_timeout must be a positive number of seconds, not {read_timeout!r}")
        self.api = api if api is not None else OfflineAPI()
        self.log, self.read_timeout = log, read_timeout
        self._lock = threading.Lock()  # guards the counters only, never a request
        self._statuses: Counter[int] = Counter()
        listener = socket.create_server(("127.0.0.1", port), backlog=BACKLOG)  # OSError if the port is taken
        self.port: int = listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/v1"
        self._uvicorn = uvicorn.Server(uvicorn.Config(
            self._asgi, interface="asgi3", loop="asyncio", http=_DeadlineProtocol, ws="none", lifespan="off",
            backlog=BACKLOG, timeout_keep_alive=read_timeout,  # type: ignore[arg-type]
            timeout_graceful_shutdown=SHUTDOWN_GRACE,
            headers=[("server", "memlab-stand-in")], proxy_headers=False, log_config=None, access_log=False,
        ))
        # a daemon thread: a model call that never returns does not keep Python alive
        self._thread = threading.Thread(target=self._uvicorn.run, kwargs={"sockets": [listener]},
                                        name=f"memlab-stand-in-{self.port}", daemon=True)
        self._thread.start()
        while not self._uvicorn.started and self._thread.is_alive():
            time.sleep(0.01)
        if not self._uvicorn.started:
            listener.close()
            raise MemlabError(f"the stand-in on 127.0.0.1:{self.port} did not start: uvicorn stopped (its "
                              "messages above say why); run it again, or report them if it keeps failing")

    @property
    def requests_served(self) -> int:
        """How many HTTP requests it has answered (any status; HTTP too broken to read is not counted)."""
        return sum(self.statuses.values())

    @property
    def statuses(self) -> dict[int, int]:
        """How many answers it gave per HTTP status, e.g. ``{200: 12, 400: 1}``."""
        with self._lock:
            return dict(self._statuses)

    def close(self) -> None:
        """Stop listening, give answers in flight :data:`SHUTDOWN_GRACE` s, wait for the end (safe twice)."""
        self._uvicorn.should_exit = True
        self._thread.join()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<memlab stand-in at {self.url}, {self.requests_served} requests served>"

    async def _asgi(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer one HTTP request (the ASGI app uvicorn calls on its event loop; lifespan and websockets off)."""
        query = f"?{scope['query_string'].decode('ascii')}" if scope["query_string"] else ""
        try:
            answer = await self._answer(Request(scope, receive), query)
        except ClientDisconnect:  # the client left, or broke HTTP mid-body (uvicorn sent the 400)
            return
        except asyncio.CancelledError:  # stopping, after SHUTDOWN_GRACE s: an answer, and no traceback logged
            answer = _error(503, "The stand-in is shutting down; start it again to go on.", "server_error",
                            close=True)
        with self._lock:
            self._statuses[answer.status_code] += 1
        if self.log:  # the target as sent
            print(f'{scope["client"][0]} - "{scope["method"]} {scope["raw_path"].decode("ascii")}{query} '
                  f'HTTP/{scope["http_version"]}" {answer.status_code}', file=sys.stderr)
        await answer(scope, receive, send)

    async def _answer(self, request: Request, query: str) -> Response:
        """Read the request within the limits, then let the model answer it in a worker thread."""
        path = request.scope["raw_path"].decode("ascii")  # h11 lets only ASCII through
        if path.startswith(("http://", "https://")):  # an absolute URL, as HTTP/1.1 requires servers to accept
            path = urlsplit(path).path or "/"
        if not path.startswith("/"):
            return _error(400, "The request target must be a path such as /v1/responses.", close=True)
        declared = request.headers.get("content-length")
        if declared is not None and int(declared) > MAX_BODY_BYTES:  # h11 checked that it is a number
            return _error(413, f"Request too large: {declared} bytes; the stand-in accepts bodies of at most "
                          f"{MAX_BODY_BYTES} bytes.")
        body = bytearray()
        try:
            with anyio.fail_after(self.read_timeout):
                async for chunk in request.stream():
                    body += chunk
                    if len(body) > MAX_BODY_BYTES:
                        return _error(413, "Request too large: a chunked body that kept growing; the stand-in "
                                      f"accepts bodies of at most {MAX_BODY_BYTES} bytes.")
        except TimeoutError:
            return _error(408, f"The request body did not arrive within {self.read_timeout:g} s.", close=True)
        if not request.headers.get("authorization", "").startswith("Bearer "):
            return _error(401, "You didn't provide an API key (Authorization: Bearer ...).")
        url = f"http://127.0.0.1:{self.port}{path}{query}"
        forwarded = httpx2.Request(request.method, url, headers=request.headers.raw, content=bytes(body))
        # abandon_on_cancel: a stopping server does not wait for a model call that never ends.
        return await anyio.to_thread.run_sync(self._call_model, forwarded, abandon_on_cancel=True)

    def _call_model(self, request: httpx2.Request) -> Response:
        """The model's answer (in a worker thread), server-sent events one per chunk; a 500 if the model fails."""
        try:
            answer = self.api(request)
            answer.read()
        except Exception as exc:  # report it to the client and the console, keep serving
            print(f"memlab stand-in: {type(exc).__name__}: {exc}", file=sys.stderr)
            return _error(500, f"The stand-in failed: {type(exc).__name__}: {exc}", "server_error")
        headers = {"content-type": answer.headers.get("content-type", "application/json")}
        if headers["content-type"].startswith("text/event-stream"):
            headers["cache-control"] = "no-cache"
            return StreamingResponse(_events(answer.content), answer.status_code, headers=headers)
        return Response(answer.content, answer.status_code, headers=headers)


async def _events(body: bytes) -> AsyncIterator[bytes]:
    """Each server-sent event of ``body`` (events end with a blank line)."""
    for event in body.split(b"\n\n"):
        if event.strip():
            yield event + b"\n\n"


#: ``serve(api=None, port=0, log=False, read_timeout=READ_TIMEOUT)`` starts a :class:`Server`.
serve = Server


def main(argv: list[str] | None = None) -> None:
    """``python -m memlab.offline.server``: a stand-in in the foreground until Ctrl-C or SIGTERM."""
    parser = argparse.ArgumentParser(prog="python -m memlab.offline.server",
                                     description="Serve memlab's offline model as a Responses API on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000; 0 picks a free one)")
    parser.add_argument("--quiet", action="store_true", help="do not print a line per request")
    options = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # `kill` stops it as cleanly as Ctrl-C
    # Linux gives a process's signal to any thread not blocking it, yet only the main thread (asleep in
    # wait() below) acts on it: the server's threads inherit this mask, so Ctrl-C and kill reach main.
    stop_signals = {signal.SIGINT, signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals)
    try:
        server = serve(port=options.port, log=not options.quiet)
    except ValueError as error:  # one line that says what to do, not a traceback
        raise SystemExit(f"memlab stand-in: --port: {error}") from None
    except OSError as error:
        reason = os.strerror(error.errno) if error.errno else str(error)
        raise SystemExit(f"memlab stand-in: cannot listen on 127.0.0.1:{options.port} ({reason}); "
                         "stop what uses that port, or pick another with --port (0 picks a free one)") from None
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, stop_signals)  # the main thread takes them again
    print(server.url, flush=True)
    print(f"use it with: OPENAI_BASE_URL={server.url} OPENAI_API_KEY=anything MEMLAB_LIVE=1 make lab\n"
          "(your own Agents SDK code: OPENAI_AGENTS_DISABLE_TRACING=1 too, since the SDK sends traces to "
          "api.openai.com, not to OPENAI_BASE_URL)", file=sys.stderr)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        print(json.dumps({"requests_served": server.requests_served, "statuses": server.statuses}), file=sys.stderr)


if __name__ == "__main__":
    main()
