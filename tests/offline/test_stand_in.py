"""The stand-in: the offline model over real HTTP on 127.0.0.1, driven by the real clients.

Every test talks to the server through a socket with the real ``openai``
client (its real ``httpx2`` transport, not a mock) or plain ``http.client``, so
what passes here is what a Jupyter kernel in live mode gets with
``OPENAI_BASE_URL`` pointing at the stand-in. Broken and hostile clients (bad
HTTP, huge bodies, silence) write their bytes on a plain socket.
"""

from __future__ import annotations

import asyncio
import gc
import http.client
import json
import logging
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import openai
import pytest
from agents import OpenAIProvider, OpenAIResponsesModel, RunConfig, Runner

from memlab.api.mode import DEFAULT_MODEL
from memlab.offline.api import OfflineAPI
from memlab.offline.server import MAX_BODY_BYTES, _DeadlineProtocol, serve
from memlab.offline.server import main as stand_in_main
from memlab.scenario import support_agent

ROOT = Path(__file__).resolve().parents[2]
ORDER_QUESTION = "My order ORD-73914 arrived without the headset. Can you look it up?"
#: Seconds a test waits at most for something that should happen: only so a broken server fails
#: the test instead of hanging it. No test measures how long anything took.
HANG_GUARD = 60


@pytest.fixture
def server():
    with serve() as running:
        yield running


def client_for(server) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(base_url=server.url, api_key="anything", max_retries=0)


async def test_a_plain_request(server):
    assert server.url.startswith("http://127.0.0.1:") and server.url.endswith("/v1")
    async with client_for(server) as client:
        response = await client.responses.create(model=DEFAULT_MODEL, input="Hello, my router is broken.")
    assert response.status == "completed" and response.output_text
    assert response.usage.input_tokens > 0
    assert server.requests_served == 1 and server.statuses == {200: 1}
    assert server.api.last_input() == [{"role": "user", "content": "Hello, my router is broken."}]


async def test_an_invalid_history_is_a_400_bad_request_error(server):
    orphan = [{"type": "function_call_output", "call_id": "call_gone", "output": "shipped"}]
    async with client_for(server) as client:
        with pytest.raises(openai.BadRequestError) as caught:
            await client.responses.create(model=DEFAULT_MODEL, input=orphan)
    assert caught.value.status_code == 400
    assert "call_gone" in caught.value.message
    assert server.statuses == {400: 1}


async def test_an_unknown_route_is_a_404(server):
    async with client_for(server) as client:
        with pytest.raises(openai.NotFoundError):
            await client.models.list()
    assert server.statuses == {404: 1}


async def test_runner_run_calls_a_tool_over_http(server):
    async with client_for(server) as client:
        agent = support_agent(model=OpenAIResponsesModel(model=DEFAULT_MODEL, openai_client=client))
        result = await Runner.run(agent, ORDER_QUESTION)
    assert "ORD-73914" in result.final_output and "Pulse headset" in result.final_output
    kinds = [type(item).__name__ for item in result.new_items]
    assert kinds == ["ToolCallItem", "ToolCallOutputItem", "MessageOutputItem"], kinds
    assert server.requests_served == result.context_wrapper.usage.requests == 2
    assert server.api.requests[-1].input[-1]["type"] == "function_call_output"


async def test_run_streamed_receives_server_sent_events(server):
    async with client_for(server) as client:
        config = RunConfig(model_provider=OpenAIProvider(openai_client=client, use_responses=True))
        streamed = Runner.run_streamed(support_agent(), ORDER_QUESTION, run_config=config)
        deltas = [
            event.data.delta
            async for event in streamed.stream_events()
            if event.type == "raw_response_event" and event.data.type == "response.output_text.delta"
        ]
    assert len(deltas) > 5, "the answer should arrive in many text deltas"
    assert "".join(deltas) == streamed.final_output
    assert "ORD-73914" in streamed.final_output
    assert server.requests_served == 2


def test_stream_true_is_sent_as_chunked_event_stream(server):
    host, port = "127.0.0.1", server.port
    connection = http.client.HTTPConnection(host, port, timeout=10)
    body = json.dumps({"model": DEFAULT_MODEL, "input": "Hello there", "stream": True})
    connection.request("POST", "/v1/responses", body, {"Authorization": "Bearer x", "Content-Type": "application/json"})
    response = connection.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type") == "text/event-stream"
    assert response.getheader("Transfer-Encoding") == "chunked" and response.getheader("Content-Length") is None
    events = [block for block in response.read().decode().split("\n\n") if block]
    connection.close()
    assert events[0].startswith("event: response.created\n")
    assert events[-1].startswith("event: response.completed\n")
    assert json.loads(events[-1].split("data: ", 1)[1])["response"]["status"] == "completed"


def test_a_request_without_a_key_is_a_401(server):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("POST", "/v1/responses", json.dumps({"model": DEFAULT_MODEL, "input": "hi"}))
    response = connection.getresponse()
    error = json.loads(response.read())
    connection.close()
    assert response.status == 401 and error["error"]["type"] == "invalid_request_error"
    assert len(server.api.requests) == 0, "a request without a key must not reach the model"


async def test_concurrent_requests_are_all_counted(server):
    async with client_for(server) as client:
        replies = await asyncio.gather(
            *(client.responses.create(model=DEFAULT_MODEL, input=f"Question {n}?") for n in range(8))
        )
    assert len(replies) == 8 and server.requests_served == 8 and len(server.api.requests) == 8


def test_a_room_of_50_clients_connecting_at_once_gets_no_reset(server):
    """50 clients start together, each opening a new connection per request: every one is answered."""
    clients, each = 50, 12
    start, lock, outcomes = threading.Barrier(clients), threading.Lock(), Counter()

    def laptop() -> None:
        start.wait()
        for _ in range(each):
            try:
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
                connection.request("POST", "/v1/responses", json.dumps({"model": DEFAULT_MODEL, "input": "hi"}),
                                   {"Authorization": "Bearer x"})
                response = connection.getresponse()
                response.read()
                connection.close()
                outcome: int | str = response.status
            except OSError as error:  # ConnectionResetError when the listen backlog overflows
                outcome = type(error).__name__
            with lock:
                outcomes[outcome] += 1

    threads = [threading.Thread(target=laptop) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes == {200: clients * each}
    assert server.statuses == {200: clients * each}


def test_serve_uses_the_given_api_and_close_stops_listening():
    api = OfflineAPI(keep=5)
    server = serve(api)
    assert server.api is api
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.request("POST", "/v1/responses", json.dumps({"model": DEFAULT_MODEL, "input": "hi"}),
                       {"Authorization": "Bearer x"})
    assert connection.getresponse().status == 200
    connection.close()
    assert len(api.requests) == 1
    server.close()
    with pytest.raises(ConnectionRefusedError):
        http.client.HTTPConnection("127.0.0.1", server.port, timeout=5).connect()


def _child_env() -> dict[str, str]:
    """The environment of a command line run by a test: this checkout first on ``PYTHONPATH``."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


@pytest.mark.process
def test_the_command_line_prints_its_url_and_serves_until_ctrl_c():
    """``python -m memlab.offline.server`` as a learner runs it; ``kill`` (SIGTERM) is tested further down."""
    process = subprocess.Popen(
        [sys.executable, "-m", "memlab.offline.server", "--port", "0"],
        env=_child_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith("/v1"), url
        host_port = url.removeprefix("http://").removesuffix("/v1")
        connection = http.client.HTTPConnection(host_port, timeout=10)
        connection.request("POST", "/v1/responses", json.dumps({"model": DEFAULT_MODEL, "input": "hi"}),
                           {"Authorization": "Bearer x"})
        assert connection.getresponse().status == 200
        connection.close()
        # Ctrl-C must reach the main thread, the one that acts on it: the server's threads block it
        for task in Path(f"/proc/{process.pid}/task").iterdir():
            if int(task.name) != process.pid:
                blocked = int(re.search(r"^SigBlk:\s*([0-9a-f]+)", (task / "status").read_text(), re.M)[1], 16)
                assert all(blocked >> (stop - 1) & 1 for stop in (signal.SIGINT, signal.SIGTERM)), (
                    f"thread {(task / 'comm').read_text().strip()!r} can take Ctrl-C or SIGTERM")
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:  # never left hanging, its pipes open, for a later test to trip over
            process.kill()
            process.communicate()
    assert process.returncode == 0, stderr
    assert "POST /v1/responses" in stderr, "one log line per request"
    assert '"requests_served": 1' in stderr


def _command_line(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "memlab.offline.server", *args],
                          env=_child_env(), capture_output=True, text=True, timeout=120)


def test_a_port_out_of_range_is_one_line_that_says_what_to_do():
    """``main`` is called here; the port-in-use test below runs the command line in its own process.

    ``SystemExit`` with a message is how the command line fails: Python prints the message as the
    only line on stderr and exits with status 1 (checked for real by the port-in-use test).
    """
    sigterm = signal.getsignal(signal.SIGTERM)
    try:
        with pytest.raises(SystemExit) as stopped:
            stand_in_main(["--port", "70000"])
    finally:
        signal.signal(signal.SIGTERM, sigterm)  # main() routes SIGTERM to KeyboardInterrupt; put it back
    message = stopped.value.code
    assert isinstance(message, str), "a message (exit status 1), not a number"
    assert "\n" not in message and "Traceback" not in message, message
    assert "--port" in message and "0 to 65535" in message and "70000" in message
    with pytest.raises(ValueError, match="0 to 65535"):
        serve(port=70000)


@pytest.mark.process
def test_a_port_in_use_is_one_line_that_says_what_to_do():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = _command_line("--port", str(port))
    assert result.returncode != 0
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    assert f"127.0.0.1:{port}" in result.stderr and "--port" in result.stderr


# ------------------------------------------------------------------ hostile and broken clients


@pytest.fixture
def impatient_server():
    """A stand-in that gives up on a silent client after a second (the default is longer)."""
    with serve(read_timeout=1) as running:
        yield running


@contextmanager
def raw_connection(server) -> Iterator[socket.socket]:
    """A plain TCP connection to the stand-in, for bytes no well-behaved client would send."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=HANG_GUARD) as connection:
        yield connection


def read_answer(connection: socket.socket) -> tuple[int | None, bytes]:
    """The status and body of the next answer on ``connection``; ``None`` if it closed without one."""
    response = http.client.HTTPResponse(connection)
    try:
        response.begin()
    except (http.client.RemoteDisconnected, ConnectionResetError):
        return None, b""
    return response.status, response.read()


def closed_by_server(connection: socket.socket) -> bool:
    """Whether the server ends the connection (a ``TimeoutError`` after HANG_GUARD if it never does)."""
    try:
        return connection.recv(1) == b""
    except ConnectionResetError:
        return True


def request_bytes(target: str, body: bytes, *headers: str) -> bytes:
    lines = [f"POST {target} HTTP/1.1", "Host: 127.0.0.1", "Authorization: Bearer x",
             "Content-Type: application/json", f"Content-Length: {len(body)}", *headers]
    return "\r\n".join(lines).encode() + b"\r\n\r\n" + body


HI = json.dumps({"model": DEFAULT_MODEL, "input": "hi"}).encode()

#: Requests that break HTTP/1.1 itself: each gets a 400 and the connection is closed.
MALFORMED = {
    "content-length is not a number": b"POST /v1/responses HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n",
    "content-length is -1": b"POST /v1/responses HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    "bad chunk size": b"POST /v1/responses HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer x\r\n"
                      b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
    "non-ascii header name": "GET /v1/responses HTTP/1.1\r\nHost: x\r\nX-Caf\u00e9: 1\r\n\r\n".encode(),
    "path without a leading slash": request_bytes("v1/responses", HI),
    "asterisk target": b"OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n",
}


@pytest.mark.parametrize("raw", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_request_gets_a_400_and_a_closed_connection(impatient_server, raw, capfd, caplog):
    with raw_connection(impatient_server) as connection:
        connection.sendall(raw)
        status, _ = read_answer(connection)
        assert status == 400
        assert closed_by_server(connection)
    assert len(impatient_server.api.requests) == 0
    assert "Traceback" not in capfd.readouterr().err
    assert not [record for record in caplog.records if record.exc_info or record.levelno >= logging.ERROR]


@pytest.mark.parametrize("raw", [
    pytest.param(lambda port: request_bytes(f"http://127.0.0.1:{port}/v1/responses", HI), id="absolute-form target"),
    pytest.param(lambda port: request_bytes("/v1/responses", HI, "X-Note: caf\u00e9"), id="non-ascii header value"),
])
def test_unusual_but_valid_http_is_answered(server, raw, capfd):
    with raw_connection(server) as connection:
        connection.sendall(raw(server.port))
        status, body = read_answer(connection)
    assert status == 200 and json.loads(body)["status"] == "completed"
    assert server.api.last_input() == [{"role": "user", "content": "hi"}]
    assert "Traceback" not in capfd.readouterr().err


def test_a_body_announced_over_the_cap_is_refused_before_it_is_sent(server):
    """4 GB announced, not one byte sent: the 413 arrives anyway, and nothing of that size is kept."""
    head = request_bytes("/v1/responses", b"").replace(b"Content-Length: 0", b"Content-Length: %d" % (4 * 1024**3))
    with raw_connection(server) as connection:
        connection.sendall(head)
        status, body = read_answer(connection)
    assert status == 413
    error = json.loads(body)["error"]
    assert error["type"] == "invalid_request_error" and str(MAX_BODY_BYTES) in error["message"]
    assert len(server.api.requests) == 0 and server.statuses == {413: 1}


async def test_a_body_over_the_cap_is_the_apis_413_for_the_openai_client(server):
    async with client_for(server) as client:
        with pytest.raises(openai.APIStatusError) as caught:
            await client.responses.create(model=DEFAULT_MODEL, input="x" * MAX_BODY_BYTES)
        assert caught.value.status_code == 413 and caught.value.type == "invalid_request_error"
        reply = await client.responses.create(model=DEFAULT_MODEL, input="hi")  # the stand-in still answers
    assert reply.status == "completed"
    assert server.statuses == {413: 1, 200: 1} and len(server.api.requests) == 1


def test_a_chunked_body_growing_past_the_cap_is_refused(server):
    head = b"POST /v1/responses HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer x\r\nTransfer-Encoding: chunked\r\n\r\n"
    chunk = b"x" * 1024**2
    with raw_connection(server) as connection:
        connection.sendall(head)
        for _ in range(MAX_BODY_BYTES // len(chunk) + 1):
            connection.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        connection.sendall(b"0\r\n\r\n")
        status, _ = read_answer(connection)
    assert status == 413 and len(server.api.requests) == 0


def test_a_connection_that_never_sends_a_request_is_closed(impatient_server):
    with raw_connection(impatient_server) as connection:
        assert closed_by_server(connection)


def test_a_request_head_trickling_in_is_cut_off(impatient_server):
    """A head sent a byte at a time (each byte well within the timeout) is not waited for forever."""
    with raw_connection(impatient_server) as connection:
        connection.sendall(b"POST /v1/responses HTTP/1.1\r\nX-Slow: ")
        for _ in range(HANG_GUARD * 10):
            readable, _, _ = select.select([connection], [], [], 0.1)
            if readable:
                break
            connection.sendall(b"a")
        assert closed_by_server(connection)
    assert impatient_server.requests_served == 0


def test_a_body_that_stops_arriving_is_a_408_and_the_connection_closes(impatient_server):
    with raw_connection(impatient_server) as connection:
        connection.sendall(request_bytes("/v1/responses", HI)[:-5])  # the last 5 bytes never come
        status, body = read_answer(connection)
        assert status == 408 and json.loads(body)["error"]["type"] == "invalid_request_error"
        assert closed_by_server(connection)
    assert len(impatient_server.api.requests) == 0


def test_an_idle_keep_alive_connection_is_closed(impatient_server):
    with raw_connection(impatient_server) as connection:
        connection.sendall(request_bytes("/v1/responses", HI))
        assert read_answer(connection)[0] == 200
        assert closed_by_server(connection)


def test_answers_are_sent_with_nagles_algorithm_off(server):
    """With Nagle's algorithm on, every answer after a connection's first waits ~40 ms for the client's
    delayed ACK between its head and its body (a live notebook's hundreds of requests: half a minute)."""
    with raw_connection(server) as connection:
        for _ in range(2):  # a kept-alive connection: the case that waited
            connection.sendall(request_bytes("/v1/responses", HI))
            assert read_answer(connection)[0] == 200
        open_connections = [protocol for protocol in gc.get_objects()
                            if isinstance(protocol, _DeadlineProtocol) and not protocol.transport.is_closing()]
        assert open_connections
        for protocol in open_connections:
            sock = protocol.transport.get_extra_info("socket")
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY), "the stand-in's socket delays small writes"


# ------------------------------------------------------------------ one slow request, many clients


class HoldsSlowRequests:
    """The offline model, except that a request saying "slow" is held until :attr:`release` is set."""

    def __init__(self) -> None:
        self.model = OfflineAPI()
        self.requests = self.model.requests
        self.holding = threading.Event()
        self.release = threading.Event()

    def __call__(self, request):
        if b"slow" in request.content:
            self.holding.set()
            self.release.wait(HANG_GUARD)
        return self.model(request)


def post(server, text: str) -> int:
    """One client's request on its own connection; the status it got."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=HANG_GUARD)
    connection.request("POST", "/v1/responses", json.dumps({"model": DEFAULT_MODEL, "input": text}),
                       {"Authorization": "Bearer x"})
    status = connection.getresponse().status
    connection.close()
    return status


def test_a_slow_request_does_not_delay_another_clients_hi():
    model = HoldsSlowRequests()
    with serve(model) as server, ThreadPoolExecutor(1) as other_client:
        try:
            slow = other_client.submit(post, server, "a slow question")
            assert model.holding.wait(HANG_GUARD)
            assert post(server, "hi") == 200
            assert not slow.done(), "'hi' was answered while the slow request was still in the model"
        finally:
            model.release.set()
        assert slow.result(HANG_GUARD) == 200
    assert server.statuses == {200: 2}


def test_close_answers_a_request_the_model_never_finishes_with_a_503(caplog):
    model = HoldsSlowRequests()
    server = serve(model)
    with ThreadPoolExecutor(1) as client:
        try:
            held = client.submit(post, server, "a slow question")
            assert model.holding.wait(HANG_GUARD)
            server.close()
            assert held.result(HANG_GUARD) == 503
        finally:
            model.release.set()
    assert server.statuses == {503: 1}
    assert not [record for record in caplog.records if record.exc_info], "no traceback"


async def test_serve_inside_a_running_event_loop_answers_a_blocking_client():
    """A Jupyter cell runs on the kernel's event loop; a learner's ``openai.OpenAI()`` blocks that loop."""
    with serve() as server:
        with openai.OpenAI(base_url=server.url, api_key="anything", max_retries=0) as client:
            reply = client.responses.create(model=DEFAULT_MODEL, input="hi")
    assert reply.status == "completed" and server.statuses == {200: 1}
    await asyncio.sleep(0)  # the loop that started and stopped the stand-in still runs
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", server.port), timeout=HANG_GUARD)


#: A command line whose model answers, except that a request saying "slow" never finishes:
#: to stop with ``kill`` (SIGTERM) after one answer, while another request is in flight.
HOLDING_MODEL = """
import threading
import memlab.offline.server as stand_in

class HoldsSlowRequests(stand_in.OfflineAPI):
    def __call__(self, request):
        if b"slow" in request.content:
            print("model busy", flush=True)
            threading.Event().wait()
        return super().__call__(request)

stand_in.OfflineAPI = HoldsSlowRequests
stand_in.main(["--port", "0"])
"""


@pytest.mark.process
def test_sigterm_stops_the_command_line_while_a_request_is_in_flight():
    """``kill``: one request answered, one still in the model; it exits 0 and the held one gets a 503."""
    process = subprocess.Popen([sys.executable, "-c", HOLDING_MODEL], env=_child_env(),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith("/v1"), url
        host_port = url.removeprefix("http://").removesuffix("/v1")
        answered = http.client.HTTPConnection(host_port, timeout=HANG_GUARD)
        answered.request("POST", "/v1/responses", json.dumps({"model": DEFAULT_MODEL, "input": "hi"}),
                         {"Authorization": "Bearer x"})
        assert answered.getresponse().status == 200
        answered.close()
        connection = http.client.HTTPConnection(host_port, timeout=HANG_GUARD)
        connection.request("POST", "/v1/responses", json.dumps({"model": DEFAULT_MODEL, "input": "slow"}),
                           {"Authorization": "Bearer x"})
        assert process.stdout.readline().strip() == "model busy"
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=HANG_GUARD)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, stderr
    assert connection.getresponse().status == 503
    assert stderr.count("POST /v1/responses") == 2, "one log line per request"
    assert '"requests_served": 2, "statuses": {"200": 1, "503": 1}' in stderr and "Traceback" not in stderr
