"""The stand-in: the offline model over real HTTP on 127.0.0.1, driven by the real clients.

Every test talks to the server through a socket with the real ``openai``
client (its real ``httpx2`` transport, not a mock) or plain ``http.client``, so
what passes here is what a Jupyter kernel in live mode gets with
``OPENAI_BASE_URL`` pointing at the stand-in.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

import openai
import pytest
from agents import OpenAIProvider, OpenAIResponsesModel, RunConfig, Runner

from memlab.api.mode import DEFAULT_MODEL
from memlab.offline.api import OfflineAPI
from memlab.offline.server import serve
from memlab.scenario import support_agent

ROOT = Path(__file__).resolve().parents[2]
ORDER_QUESTION = "My order ORD-73914 arrived without the headset. Can you look it up?"


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


@pytest.mark.process
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "kill"])
def test_the_command_line_prints_its_url_and_serves_until_stopped(stop):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    process = subprocess.Popen(
        [sys.executable, "-m", "memlab.offline.server", "--port", "0"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
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
    finally:
        process.send_signal(stop)
        _, stderr = process.communicate(timeout=30)
    assert process.returncode == 0, stderr
    assert "POST /v1/responses" in stderr, "one log line per request"
    assert '"requests_served": 1' in stderr


def _command_line(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-m", "memlab.offline.server", *args],
                          env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.process
def test_a_port_out_of_range_is_one_line_that_says_what_to_do():
    result = _command_line("--port", "70000")
    assert result.returncode != 0
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    assert "--port" in result.stderr and "0 to 65535" in result.stderr and "70000" in result.stderr
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
