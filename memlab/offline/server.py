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

From Python, :func:`serve` starts one in a background thread::

    with serve() as server:
        client = openai.AsyncOpenAI(base_url=server.url, api_key="anything")
        ...
        print(server.requests_served)

How one request travels:

1. ``http.server`` reads the HTTP request (method, path, headers, body).
2. The request becomes an ``httpx2.Request`` and goes to the
   :class:`OfflineAPI` — exactly what ``MockTransport`` does in-process.
3. The ``httpx2.Response`` goes back over the socket: status, headers, body.
   A streamed answer (``"stream": true``) is sent as ``text/event-stream``,
   one server-sent event per HTTP chunk, as the real API does.

Any ``Authorization: Bearer <anything>`` is accepted; a request without one
gets the real API's 401, so a client that forgot its key fails here too.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx2

from .api import OfflineAPI

__all__ = ["Server", "serve", "main"]

#: Headers that describe one HTTP hop, not the answer: the server writes its own.
_HOP_HEADERS = {"connection", "content-length", "transfer-encoding", "keep-alive", "content-encoding"}


class _RoomServer(ThreadingHTTPServer):
    """``ThreadingHTTPServer`` with a listen backlog for a room of clients.

    ``socketserver``'s default backlog is 5 waiting connections: when forty
    laptops in a workshop connect at once, the system resets the ones that do
    not fit. A backlog of 1024 lets them all wait their turn.
    """

    request_queue_size = 1024
    daemon_threads = True


def _error(status: int, message: str, kind: str) -> httpx2.Response:
    """An answer shaped like the real API's errors (``openai`` maps the status to an exception)."""
    return httpx2.Response(status, json={"error": {"message": message, "type": kind, "param": None, "code": None}})


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

    def __init__(self, api: OfflineAPI, port: int = 0, *, log: bool = False) -> None:
        if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
            raise ValueError(f"port must be an integer from 0 to 65535 (0 picks a free one), not {port!r}")
        self.api = api
        self.log = log
        self._lock = threading.Lock()  # one request at a time inside the fake; counters stay exact
        self._statuses: Counter[int] = Counter()
        self._httpd = _RoomServer(("127.0.0.1", port), _Handler)
        self._httpd.stand_in = self  # type: ignore[attr-defined]
        self.port: int = self._httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/v1"
        self._thread = threading.Thread(target=self._httpd.serve_forever, name=f"memlab-stand-in-{self.port}", daemon=True)
        self._thread.start()

    @property
    def requests_served(self) -> int:
        """How many HTTP requests it has answered so far (any status)."""
        with self._lock:
            return sum(self._statuses.values())

    @property
    def statuses(self) -> dict[int, int]:
        """How many answers it gave per HTTP status, e.g. ``{200: 12, 400: 1}``."""
        with self._lock:
            return dict(self._statuses)

    def handle(self, request: httpx2.Request) -> httpx2.Response:
        """Answer one request: check the key, then ask the :class:`OfflineAPI`.

        Args:
            request: The request as it arrived over HTTP.

        Returns:
            The response to send back. An unexpected failure inside the fake
            becomes a 500 with the API's error shape (and is printed), so the
            client sees a server error rather than a dropped connection.
        """
        if not request.headers.get("authorization", "").startswith("Bearer "):
            response = _error(401, "You didn't provide an API key (Authorization: Bearer ...).", "invalid_request_error")
        else:
            with self._lock:
                try:
                    response = self.api(request)
                    response.read()
                except Exception as exc:  # report it to the client and the console, keep serving
                    print(f"memlab stand-in: {type(exc).__name__}: {exc}", file=sys.stderr)
                    response = _error(500, f"The stand-in failed: {type(exc).__name__}: {exc}", "server_error")
        with self._lock:
            self._statuses[response.status_code] += 1
        return response

    def close(self) -> None:
        """Stop listening and wait for the serving thread to end."""
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=10)

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<memlab stand-in at {self.url}, {self.requests_served} requests served>"


class _Handler(BaseHTTPRequestHandler):
    """Turns each HTTP request into an ``httpx2.Request`` for the :class:`Server`."""

    protocol_version = "HTTP/1.1"  # keep-alive: the openai client reuses its connections
    server_version = "memlab-stand-in"

    def _answer(self) -> None:
        stand_in: Server = self.server.stand_in  # type: ignore[attr-defined]
        url = f"http://127.0.0.1:{stand_in.port}{self.path}"
        request = httpx2.Request(self.command, url, headers=list(self.headers.items()), content=self._body())
        response = stand_in.handle(request)
        self.send_response(response.status_code)
        for name, value in response.headers.multi_items():
            if name.lower() not in _HOP_HEADERS:
                self.send_header(name, value)
        if response.headers.get("content-type", "").startswith("text/event-stream"):
            self._stream_events(response.content)
        else:
            self.send_header("Content-Length", str(len(response.content)))
            self.end_headers()
            self.wfile.write(response.content)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _answer

    def _body(self) -> bytes:
        """The request body, sent with a ``Content-Length`` or in chunks."""
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while size := int(self.rfile.readline().split(b";")[0].strip() or b"0", 16):
                chunks.append(self.rfile.read(size))
                self.rfile.readline()  # the CRLF after each chunk
            while self.rfile.readline() not in (b"\r\n", b"\n", b""):  # trailers, then the blank line
                pass
            return b"".join(chunks)
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def _stream_events(self, body: bytes) -> None:
        """Send server-sent events one HTTP chunk each, flushing after every event."""
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for event in body.split(b"\n\n"):
            if event.strip():
                chunk = event + b"\n\n"
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the stdlib's name)
        if self.server.stand_in.log:  # type: ignore[attr-defined]
            super().log_message(format, *args)


def serve(api: OfflineAPI | None = None, port: int = 0, *, log: bool = False) -> Server:
    """Start a stand-in for the Responses API on ``127.0.0.1`` in a daemon thread.

    Args:
        api: The offline model to serve (a new :class:`OfflineAPI` when omitted).
        port: The port to listen on; ``0`` lets the system pick a free one
            (read it from ``server.port`` or ``server.url``).
        log: Print one line per request to stderr, as ``http.server`` does.

    Returns:
        The running :class:`Server`; use it in a ``with`` block or call
        :meth:`Server.close` when done.

    Raises:
        ValueError: If ``port`` is not a TCP port number (0 to 65535).
        OSError: If the port is taken.
    """
    return Server(api if api is not None else OfflineAPI(), port, log=log)


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
        raise SystemExit(f"memlab stand-in: cannot listen on 127.0.0.1:{options.port} ({error.strerror or error}); "
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
