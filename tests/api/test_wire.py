"""The wire records what the configured client sends, offline and over a streamed body, and prices it."""

from __future__ import annotations

import asyncio

import httpx2
import openai
import pytest
from agents import Runner

from memlab.api import mode, prices, wire
from memlab.offline.api import OfflineAPI
from memlab.scenario import support_agent


async def test_every_model_call_is_recorded_with_its_usage(api) -> None:
    result = await Runner.run(support_agent(), "The serial is SN-LP4K9M2X. Please run diagnostics on it.")
    recorded = wire.current()
    calls = recorded.model_calls()
    assert len(calls) == 2  # the tool call, then the answer
    assert recorded.last_input()[-1]["type"] == "function_call_output"
    assert recorded.last_input() == api.last_input()  # the wire saw what the fake received
    usage = result.context_wrapper.usage
    spend = recorded.spend()
    assert (spend.requests, spend.input_tokens, spend.output_tokens) == (2, usage.input_tokens, usage.output_tokens)


async def test_a_streamed_run_is_recorded_too(api) -> None:
    streamed = Runner.run_streamed(support_agent(), "My order ORD-12345 is late")
    async for _ in streamed.stream_events():
        pass
    usage = streamed.context_wrapper.usage
    assert wire.current().spend().input_tokens == usage.input_tokens > 0


async def test_a_stream_that_arrives_in_chunks_is_passed_on_whole_and_metered() -> None:
    """Over a network the body is not in memory when the hook runs: the wire tees it."""
    api = OfflineAPI()

    async def chunked(request: httpx2.Request) -> httpx2.Response:
        whole = api(request)

        async def chunks():
            body = whole.content
            for start in range(0, len(body), 97):
                await asyncio.sleep(0)
                yield body[start : start + 97]

        return httpx2.Response(whole.status_code, headers=whole.headers, stream=_Stream(chunks()))

    recorder = wire.Wire()
    http = httpx2.AsyncClient(transport=httpx2.MockTransport(chunked), event_hooks=recorder.hooks())
    client = openai.AsyncOpenAI(api_key="x", base_url="https://offline.memlab/v1", http_client=http)
    stream = await client.responses.create(model="gpt-4.1-mini", input="hello there", stream=True)
    events = [event.type async for event in stream]
    assert events[-1] == "response.completed"
    assert recorder.spend().requests == 1 and recorder.spend().output_tokens > 0
    await client.close()


class _Stream(httpx2.AsyncByteStream):
    def __init__(self, chunks) -> None:
        self.chunks = chunks

    async def __aiter__(self):
        async for chunk in self.chunks:
            yield chunk


def test_spend_prices_tokens_and_says_whether_anything_was_billed() -> None:
    recorder = wire.Wire()
    exchange = wire.Exchange("POST", "/v1/responses", {"model": "gpt-4.1-mini"})
    recorder.received(exchange, 200, {"input_tokens": 1_000_000, "output_tokens": 500_000})
    assert recorder.spend().dollars == pytest.approx(0.40 + 0.80)
    assert "nothing billed" in str(recorder.spend()) and "$1.2000" in str(recorder.spend())
    live = wire.Wire(live=True)
    live.received(wire.Exchange("POST", "/v1/responses", {"model": "my-own-model"}), 200, {"input_tokens": 5, "output_tokens": 1})
    assert live.spend().dollars is None and "no price known for my-own-model" in str(live.spend())
    mark = recorder.mark()
    assert recorder.spend(since=mark).requests == 0


def test_a_price_can_be_overridden_and_bad_prices_are_refused(monkeypatch) -> None:
    monkeypatch.setattr(prices, "PRICES", dict(prices.PRICES))
    prices.set_price("my-model", input_per_million=1, output_per_million=2)
    assert prices.estimate("my-model", 1_000_000, 1_000_000) == 3
    assert prices.price_of("gpt-4.1-mini-2025-04-14") == prices.PRICES["gpt-4.1-mini"]
    with pytest.raises(TypeError, match="input_per_million"):
        prices.set_price("m", input_per_million="1", output_per_million=1)
    with pytest.raises(ValueError, match="output_per_million"):
        prices.set_price("m", input_per_million=1, output_per_million=float("nan"))


def test_live_mode_records_on_its_own_wire_and_follows_the_base_url(api, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    description = mode.configure("live")  # undone by the api fixture
    assert "OPENAI_BASE_URL=http://127.0.0.1:9/v1" in description
    assert wire.current().live and mode.current_api() is None


async def test_work_done_on_the_side_is_recorded_on_its_own_wire_and_other_tasks_are_not_affected(api) -> None:
    side = wire.Wire()
    client_wire = wire.current()

    async def on_the_side() -> None:
        with wire.recorded_on(side):
            await Runner.run(support_agent(), "Hi, my order ORD-12345 is late.")

    await asyncio.gather(on_the_side(), Runner.run(support_agent(), "Hello there."))
    assert side.model_calls() and client_wire.model_calls()
    assert all("ORD-12345" in str(call.input) for call in side.model_calls())  # only the side's own requests
    assert not any("ORD-12345" in str(call.input) for call in client_wire.model_calls())
    assert side.spend().input_tokens > 0
    before = (side.total, client_wire.total)
    with wire.recorded_on(side, also_on_client_wire=True):  # live: billed work is counted where the notebook looks
        await Runner.run(support_agent(), "Thanks!")
    assert side.last_input() == client_wire.last_input() and side.total - before[0] == client_wire.total - before[1] == 1
