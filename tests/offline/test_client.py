"""memlab's clients (offline and live) skip the ``openai`` request transform only where it provably changes nothing."""

from __future__ import annotations

import json
import typing
from typing import Any

import httpx2
import openai
import pytest
import typing_extensions
from agents import Runner
from openai._utils import PropertyInfo, _transform
from openai.resources.responses import responses as responses_module
from openai.types.responses import response_compact_params, response_create_params

from memlab import evals
from memlab.api import mode
from memlab.offline.api import COMPACT_PATH, RESPONSES_PATH, OfflineAPI, off_the_loop
from memlab.offline.checks import OfflineAPIError, check_compact_request, check_request
from memlab.api import plain_json
from memlab.api.plain_json import plain_json_body
from memlab.offline.client import offline_client
from memlab.offline.compaction import COMPACTION_PREFIX, SUMMARY_HEADING, compact_history, read_compaction, seal_compaction
from memlab.evals.strategies import STRATEGIES
from memlab.scenario import LAPTOP, LONG, ROUTER, support_agent

MODEL = "gpt-4.1-mini"

#: One configuration per strategy, chosen so each sends every kind of request it can:
#: summaries (summarizing, tiered), compaction calls, ``previous_response_id`` chains.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("full", {}),
    ("trimming", {"max_turns": 2, "max_tokens": 800}),
    ("keep_last_turns", {"n": 2}),
    ("summarizing", {"context_limit": 2, "keep_last_n_turns": 1, "must_keep": True}),
    ("tool_output_trimming", {"recent_turns": 1, "max_output_chars": 80}),
    ("tiered", {"max_tokens": 300, "keep_last_n_turns": 1, "must_keep": True}),
    ("compaction", {"threshold": 3}),
    ("server_side", {}),
]


class TransformSpy:
    """Counts the real transform's walks (``openai._utils._transform._async_transform_recursive``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.walks = 0
        original = _transform._async_transform_recursive

        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.walks += 1
            return await original(*args, **kwargs)

        monkeypatch.setattr(_transform, "_async_transform_recursive", counted)


def test_every_strategy_is_covered() -> None:
    assert {strategy for strategy, _ in CONFIGS} == set(STRATEGIES)


async def test_the_transform_is_the_identity_on_every_body_a_replay_of_each_strategy_sends(api, monkeypatch) -> None:
    """The proof behind the shortcut: openai's own transform, run on each body, returns it unchanged."""
    sent: list[tuple[Any, Any]] = []  # (the data create/compact built, the parameter type)
    offline_client(api).responses  # noqa: B018 — installs the shortcut, which the recorder calls
    installed = responses_module.async_maybe_transform

    async def recording(data: Any, expected_type: Any) -> Any:
        sent.append((data, expected_type))
        return await installed(data, expected_type)

    recording.memlab_skips_plain_json = True  # installed already: not to be wrapped again
    monkeypatch.setattr(responses_module, "async_maybe_transform", recording)
    for conversation in (LAPTOP, ROUTER):  # tool calls and their outputs, summaries, compactions
        for strategy, params in CONFIGS:
            replay = await evals.run(conversation, strategy, **params)
            if strategy in ("summarizing", "tiered", "compaction"):
                assert replay.turns["memory_calls"].sum() > 0, (conversation.name, strategy)
    streamed = Runner.run_streamed(support_agent(), LAPTOP.user_turns[0])  # the streaming request, too
    async for _ in streamed.stream_events():
        pass
    kinds = {expected_type.__name__ for _, expected_type in sent}
    assert kinds == {"ResponseCreateParamsNonStreaming", "ResponseCreateParamsStreaming", "ResponseCompactParams"}, kinds
    assert len(sent) > 100
    for data, expected_type in sent:
        shortcut = plain_json_body(data)
        assert shortcut is not None, f"a body the offline client sends is not plain JSON: {data!r:.200}"
        real = await _transform.async_maybe_transform(data, expected_type)
        assert json.dumps(shortcut) == json.dumps(real)  # same keys, same order, same values


async def test_an_offline_replay_and_memlabs_live_client_skip_the_transform_and_a_plain_client_does_not(
        api, monkeypatch) -> None:
    spy = TransformSpy(monkeypatch)
    replay = await evals.run(LONG, "summarizing", context_limit=3, keep_last_n_turns=1)
    assert replay.turns["model_calls"].sum() > 30 and replay.turns["memory_calls"].sum() > 0
    assert spy.walks == 0
    # Live mode builds memlab's client too (here on the offline model's transport): it skips it ...
    monkeypatch.setenv("OPENAI_API_KEY", "x")
    mode.configure("live")
    assert type(mode.client()) is plain_json.AsyncOpenAI
    transport = httpx2.MockTransport(off_the_loop(api))
    live = plain_json.AsyncOpenAI(api_key="x", base_url="https://offline.memlab/v1",
                                  http_client=httpx2.AsyncClient(transport=transport))
    await live.responses.create(model=MODEL, input=[{"role": "user", "content": "hello"}])
    assert spy.walks == 0 and api.requests[-1].status == 200
    # ... and a plain openai client still transforms.
    plain = openai.AsyncOpenAI(api_key="x", base_url="https://offline.memlab/v1",
                               http_client=httpx2.AsyncClient(transport=transport))
    await plain.responses.create(model=MODEL, input=[{"role": "user", "content": "hello"}])
    assert spy.walks > 0


def _aliases(hint: Any, seen: set[int]) -> list[str]:
    """Every key renamed by an ``alias`` in a request type and the types inside it."""
    if id(hint) in seen:
        return []
    seen.add(id(hint))
    found = []
    if typing.get_origin(hint) is typing.Annotated:
        found += [str(meta.alias) for meta in hint.__metadata__ if getattr(meta, "alias", None)]
    if typing_extensions.is_typeddict(hint):
        for value in typing.get_type_hints(hint, include_extras=True).values():
            found += _aliases(value, seen)
    for arg in typing.get_args(hint):
        found += _aliases(arg, seen)
    return found


@pytest.mark.parametrize("params", [response_create_params.ResponseCreateParamsNonStreaming,
                                    response_compact_params.ResponseCompactParams])
def test_no_key_of_a_responses_request_has_an_alias_so_the_transform_copies_plain_json(params) -> None:
    """The general proof behind skipping it for any plain-JSON body, not only memlab's own."""
    seen: set[int] = set()
    assert _aliases(params, seen) == []
    assert len(seen) > 200  # the walk reached the items, content parts and tools inside


class _Part(typing_extensions.TypedDict):
    file_name: typing_extensions.Annotated[str, PropertyInfo(alias="fileName")]


class _Body(typing_extensions.TypedDict):
    input: typing.List[typing.Union[str, _Part]]


def test_the_alias_walk_finds_a_renamed_key_deep_inside() -> None:
    assert _aliases(_Body, set()) == ["fileName"]


async def test_a_body_that_is_not_plain_json_still_goes_through_the_transform(api, monkeypatch) -> None:
    spy = TransformSpy(monkeypatch)
    client = offline_client(api)
    await client.responses.create(model=MODEL, input=({"role": "user", "content": "hello"},))  # a tuple, not a list
    assert spy.walks > 0
    assert api.requests[-1].body["input"] == [{"role": "user", "content": "hello"}]  # sent as the transform makes it


def test_the_sync_client_skips_it_too(api, monkeypatch) -> None:
    walks = []
    original = _transform._transform_recursive
    monkeypatch.setattr(_transform, "_transform_recursive", lambda *a, **k: walks.append(1) or original(*a, **k))
    client = offline_client(api, sync=True)
    client.responses.create(model=MODEL, input=[{"role": "user", "content": "hello"}], store=True)
    client.responses.compact(model=MODEL, input=[{"role": "user", "content": "hello"}])
    assert walks == [] and [served.status for served in api.requests] == [200, 200]
    openai.OpenAI(api_key="x", base_url="https://offline.memlab/v1",
                  http_client=httpx2.Client(transport=httpx2.MockTransport(api))).responses.create(model=MODEL, input="hi")
    assert walks


@pytest.mark.parametrize("data", [
    {"model": MODEL, "input": ({"role": "user", "content": "a tuple"},)},
    {"model": MODEL, "input": [{"role": "user", "content": "x", 1: "a non-string key"}]},
    {"model": MODEL, "input": [{"role": "user", "content": openai.omit}]},  # omitted below the top level
    "not a dict",
])
def test_plain_json_body_refuses_what_the_transform_might_change(data) -> None:
    assert plain_json_body(data) is None


def test_plain_json_body_drops_omitted_arguments_as_the_transform_does() -> None:
    body = plain_json_body({"model": MODEL, "stream": openai.omit, "input": "hi", "store": openai.NOT_GIVEN})
    assert body == {"model": MODEL, "input": "hi"} and list(body) == ["model", "input"]
