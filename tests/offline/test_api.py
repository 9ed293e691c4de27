"""The offline Responses API: request checks, replies, streaming, usage, mode switch."""

from __future__ import annotations

import asyncio
import json
import re
import sys
import threading
from typing import Any

import httpx2
import openai
import pytest
from agents import RunConfig, Runner, SessionSettings, SQLiteSession
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memlab.offline.api import COMPACT_PATH, RESPONSES_PATH, OfflineAPI, off_the_loop
from memlab.offline.checks import OfflineAPIError, check_compact_request, check_request
from memlab.api.plain_json import plain_json_body
from memlab.offline.client import offline_client
from memlab.offline.compaction import COMPACTION_PREFIX, SUMMARY_HEADING, compact_history, read_compaction, seal_compaction
from memlab.api import mode
from memlab.prompts import SHADOW_PROMPT, SUMMARY_SECTIONS, summary_prompt
from memlab.scenario import LAPTOP, LONG, ROUTER, support_agent
from memlab.summarizing import SummarizingSession
from memlab.tokens import count_items, count_text, count_tools
from memlab.trimming import trim_view
from memlab.turns import drop_orphans, item_text, split_turns

from ..helpers import offline_summarizer, scripted

MODEL = "gpt-4.1-mini"


def user(text: str) -> dict:
    return {"role": "user", "content": text}


def assistant(text: str, id: str = "msg_1") -> dict:
    return {
        "id": id,
        "type": "message",
        "role": "assistant",
        "status": "completed",
        "content": [{"type": "output_text", "text": text, "annotations": [], "logprobs": []}],
    }


def call(call_id: str, id: str | None = None) -> dict:
    return {
        "type": "function_call",
        "id": id or f"fc_{call_id}",
        "call_id": call_id,
        "name": "lookup_order",
        "arguments": '{"order_id": "ORD-12345"}',
        "status": "completed",
    }


def output(call_id: str) -> dict:
    return {"type": "function_call_output", "call_id": call_id, "output": '{"status": "shipped"}'}


def reply_text(response) -> str:
    return response.output_text


# ---------------------------------------------------------------- end to end


async def test_runner_with_tool_call_and_session(api) -> None:
    agent = support_agent()
    session = SQLiteSession("e2e")
    for text in LAPTOP.user_turns[:3]:
        result = await Runner.run(agent, text, session=session)
    assert "E-2107" in result.final_output
    items = await session.get_items()
    kinds = [item.get("type", "message") for item in items]
    assert kinds[-4:] == ["message", "function_call", "function_call_output", "message"]
    assert json.loads(items[-3]["arguments"]) == {"serial": "SN-LP4K9M2X"}
    # the model's last request held the tool result: that is what it answered from
    assert api.last_input()[-1]["type"] == "function_call_output"


async def test_run_streamed_matches_run(api) -> None:
    agent = support_agent()
    plain, streamed = SQLiteSession("plain"), SQLiteSession("streamed")
    deltas = []
    for text in LAPTOP.user_turns:
        await Runner.run(agent, text, session=plain)
        result = Runner.run_streamed(agent, text, session=streamed)
        async for event in result.stream_events():
            if event.type == "raw_response_event" and event.data.type == "response.output_text.delta":
                deltas.append(event.data.delta)
    assert await streamed.get_items() == await plain.get_items()
    assert "".join(deltas).endswith(result.final_output)
    assert any(r.body.get("stream") for r in api.requests)


async def test_sync_client_works_too() -> None:
    client = offline_client(sync=True)
    response = client.responses.create(model=MODEL, input="My wifi router keeps dropping.")
    assert "router" in response.output_text


# ---------------------------------------------------------------- request checks


async def rejected(client, items: list[dict], **extra) -> openai.BadRequestError:
    with pytest.raises(openai.BadRequestError) as info:
        await client.responses.create(model=MODEL, input=items, **extra)
    assert info.value.status_code == 400
    assert info.value.body["type"] == "invalid_request_error"
    return info.value


async def test_output_without_its_call(client) -> None:
    error = await rejected(client, [user("hi"), output("call_9"), assistant("ok")])
    assert error.body["message"] == "No tool call found for function call output with call_id call_9."
    assert error.body["param"] == "input"


async def test_call_without_its_output_before_a_message(client) -> None:
    error = await rejected(client, [user("hi"), call("call_1"), assistant("ok"), user("and?")])
    assert error.body["message"] == "No tool output found for function call call_1."


async def test_reasoning_without_its_following_item(client) -> None:
    reasoning = {"type": "reasoning", "id": "rs_42", "summary": []}
    error = await rejected(client, [user("hi"), reasoning, user("hello?")])
    assert error.body["message"] == "Item 'rs_42' of type 'reasoning' was provided without its required following item."


async def test_unknown_key_on_an_item(client) -> None:
    items = [user("hi"), assistant("hello"), user("order?"), {**user("again"), "metadata": {"synthetic": True}}]
    error = await rejected(client, items)
    assert error.body["message"] == "Unknown parameter: 'input[3].metadata'."
    assert error.body["param"] == "input[3].metadata"
    assert error.body["code"] == "unknown_parameter"


async def test_unknown_key_on_a_content_part(client) -> None:
    message = assistant("hello")
    message["content"][0]["name"] = "x"
    error = await rejected(client, [user("hi"), message])
    assert error.body["message"] == "Unknown parameter: 'input[1].content[0].name'."


async def test_duplicate_call_ids(client) -> None:
    items = [user("hi"), call("call_1", "fc_a"), output("call_1"), call("call_1", "fc_b"), output("call_1")]
    error = await rejected(client, items)
    assert error.body["message"] == "Duplicate value for 'call_id' of call_1 in 'input[3]'."


async def test_duplicate_item_ids(client) -> None:
    error = await rejected(client, [user("hi"), assistant("a", "msg_1"), user("b"), assistant("c", "msg_1")])
    assert error.body["message"].startswith("Duplicate item found with id msg_1.")


async def test_invalid_role(client) -> None:
    error = await rejected(client, [{"role": "tool", "content": "hi"}])
    assert error.body["message"] == "Invalid value: 'tool'. Supported values are: 'assistant', 'system', 'developer', and 'user'."
    assert error.body["param"] == "input[0].role"


async def test_wrong_part_type_for_the_role(client) -> None:
    message = {"role": "user", "content": [{"type": "output_text", "text": "hi"}]}
    error = await rejected(client, [message])
    assert error.body["param"] == "input[0].content[0].type"


async def test_unknown_request_parameter(client) -> None:
    error = await rejected(client, [user("hi")], extra_body={"memory": "all"})
    assert error.body["message"] == "Unknown parameter: 'memory'."


async def test_items_the_sdk_sends_are_accepted(client) -> None:
    reasoning = {
        "type": "reasoning",
        "id": "rs_1",
        "summary": [{"type": "summary_text", "text": "Look the order up."}],
        "encrypted_content": "gAAAA",
        "status": "completed",
    }
    items = [
        {"type": "message", "role": "developer", "content": "Be brief."},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Order ORD-12345?"}]},
        reasoning,
        call("call_1"),
        {**output("call_1"), "id": "fco_1", "status": "completed"},
        assistant("It shipped."),
        user("thanks"),
        call("call_2"),  # a call left open at the very end is fine
    ]
    response = await client.responses.create(model=MODEL, input=items)
    assert response.status == "completed"


async def test_rejected_requests_are_recorded() -> None:
    api = OfflineAPI()
    client = offline_client(api)
    await rejected(client, [output("call_x")])
    assert api.requests[-1].status == 400
    assert api.last_input() == [output("call_x")]


async def laptop_session_after(turns: int) -> SQLiteSession:
    session = SQLiteSession(f"laptop-{turns}")
    for text in LAPTOP.user_turns[:turns]:
        await Runner.run(support_agent(), text, session=session)
    return session


async def test_item_count_limit_orphans_a_tool_output(api) -> None:
    """An item-count cut of 2 lands mid-turn: it starts with a tool output whose call was cut."""
    session = await laptop_session_after(3)
    cut = await session.get_items(limit=2)
    assert [item.get("type", "message") for item in cut] == ["function_call_output", "message"]
    new = [user(LAPTOP.user_turns[3])]

    # The cookbook's way to limit history, a session_input_callback, sends the orphan on:
    # the offline API rejects the request exactly where the real one does, at the first item.
    config = RunConfig(session_input_callback=lambda history, new_items: history[-2:] + new_items)
    with pytest.raises(openai.BadRequestError) as info:
        await Runner.run(support_agent(), LAPTOP.user_turns[3], session=session, run_config=config)
    assert info.value.body["message"] == f"No tool call found for function call output with call_id {cut[0]['call_id']}."
    assert api.last_input() == cut + new

    # SessionSettings(limit=2) makes the same cut, but SDK 0.24 prunes the orphan it
    # creates before sending (so the request passes): what the model sees is one message.
    session = await laptop_session_after(3)
    config = RunConfig(session_settings=SessionSettings(limit=2))
    await Runner.run(support_agent(), LAPTOP.user_turns[3], session=session, run_config=config)
    first_request_of_turn = [r for r in api.requests if r.input[-1] == new[0]][-1]
    assert first_request_of_turn.input == [cut[1], *new]

    # memlab repairs the cut (drops the orphan) and the request is accepted.
    check_request({"model": MODEL, "input": drop_orphans(cut) + new})


MALFORMED = [
    ("null", None, "invalid_type"),
    ("[]", None, "invalid_type"),
    ("5", None, "invalid_type"),
    ('{"model": "m", "input": 5}', "input", "invalid_type"),
    ('{"model": "m", "input": "hi", "tools": "x"}', "tools", "invalid_type"),
    ('{"model": "m", "input": "hi", "tools": [5]}', "tools[0]", "invalid_type"),
    ('{"model": "m", "input": "hi", "instructions": 5}', "instructions", "invalid_type"),
    ('{"model": "m", "input": "hi", "max_output_tokens": "20"}', "max_output_tokens", "invalid_type"),
    ('{"model": "m", "input": "hi", "max_output_tokens": true}', "max_output_tokens", "invalid_type"),
    ('{"model": 7, "input": "hi"}', "model", "invalid_type"),
    ('{"model": "m", "input": [{"type": "function_call", "call_id": ["x"], "name": "f", "arguments": "{}"}]}',
     "input[0].call_id", "invalid_type"),
    ('{"model": "m", "input": [{"role": "user", "content": "hi", "id": {"a": 1}}]}', "input[0].id", "invalid_type"),
    ('{"model": "m", "input": [7]}', "input[0]", "invalid_type"),
    ("{" * 5000 + "}" * 5000, None, None),
    ("not json", None, None),
    # tools the model reads (its token count, its tool rules) in shapes it cannot read
    ('{"model": "m", "input": "hi", "tools": [{"type": "function", "function": "x"}]}', "tools[0].name",
     "missing_required_parameter"),
    ('{"model": "m", "input": "hi", "tools": [{"type": "function", "name": "f", "parameters": [1]}]}',
     "tools[0].parameters", "invalid_type"),
    ('{"model": "m", "input": "hi", "tools": [{"type": "function", "name": "f", "parameters": {"properties": [1]}}]}',
     "tools[0].parameters", "invalid_function_parameters"),
    ('{"model": "m", "input": "hi", "tools": [{"type": "function", "name": "f", '
     '"parameters": {"properties": {"x": {"type": "string", "enum": 5}}}}]}', "tools[0].parameters", "invalid_function_parameters"),
    ('{"model": "m", "input": [{"role": "user", "content": [{"type": "input_text", "text": 5}]}]}',
     "input[0].content[0].text", "invalid_type"),
    ('{"model": "m", "input": "hi", "metadata": "x"}', "metadata", "invalid_type"),
    ('{"model": "m", "input": "hi", "metadata": ["a", "b"]}', "metadata", "invalid_type"),
    # odd values where an object was read as one (each was an exception inside the fake: a 500)
    ('{"model": "m", "input": "hi", "tools": [{"type": "function", "name": "f"}], '
     '"tool_choice": {"type": "function", "name": ["f"]}}', "tool_choice.name", "invalid_type"),
    ('{"model": "m", "input": "hi", "tool_choice": {}}', "tool_choice.type", "missing_required_parameter"),
    ('{"model": "m", "input": "hi", "tools": [{"type": "function", "name": "f", '
     '"parameters": {"type": "object", "properties": {}, "required": "x"}}]}', "tools[0].parameters",
     "invalid_function_parameters"),
    ('{"model": "m", "input": "hi", "tools": [{"type": "function", "name": "f", '
     '"parameters": {"properties": {"x": {"anyOf": "x"}}}}]}', "tools[0].parameters", "invalid_function_parameters"),
    ('{"model": "m", "input": "hi", "text": {"format": {"type": "json_schema", "name": "n", '
     '"schema": {"type": "object", "properties": "x"}}}}', "text.format.schema", "invalid_json_schema"),
    ('{"model": "m", "input": "hi", "text": {"format": {"type": "json_schema", "name": "n", '
     '"schema": {"type": "object", "properties": {"a": {"type": "array", "minItems": "2"}}}}}}',
     "text.format.schema", "invalid_json_schema"),
    ('{"model": "m", "input": "hi", "text": {"format": {"type": "json_schema", "schema": {}}}}',
     "text.format.name", "missing_required_parameter"),
    ('{"model": "m", "input": "hi", "text": {"format": "json"}}', "text.format", "invalid_type"),
    ('{"model": "m", "input": "hi", "temperature": NaN}', None, None),  # not JSON: Python's json module reads it
    ('{"model": "m", "input": "hi", "max_output_tokens": Infinity}', None, None),
]


@pytest.mark.parametrize(("body", "param", "code"), MALFORMED, ids=[f"body{i}" for i in range(len(MALFORMED))])
def test_every_malformed_body_gets_an_api_shaped_400(body, param, code) -> None:
    """Like the real API: a 400 with its JSON error shape, never an exception inside the fake."""
    api = OfflineAPI()
    with httpx2.Client(transport=httpx2.MockTransport(api), base_url="https://offline.memlab/v1") as http:
        response = http.post("/responses", content=body.encode(), headers={"content-type": "application/json"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert set(error) == {"message", "type", "param", "code"} and error["type"] == "invalid_request_error"
    assert (error["param"], error["code"]) == (param, code), error["message"]


def _sdk_schemas() -> list[Any]:
    """Schemas as the SDK writes them: an output type's (nested, optional, literal) and the scenario's tools'."""
    from typing import Literal

    from agents.agent_output import AgentOutputSchema
    from pydantic import BaseModel

    class Step(BaseModel):
        kind: Literal["check", "fix"]
        minutes: float | None = None
        then: list[Step] = []

    tools = [tool.params_json_schema for tool in support_agent().tools]
    return [AgentOutputSchema(Step).json_schema(), *tools]


SCHEMAS = [
    {"type": "object", "properties": {}, "required": "x"}, {"properties": {"x": {"anyOf": "x"}}},
    {"type": "object", "properties": "x"}, {"properties": {"a": {"type": "array", "minItems": "2"}}},
    {"properties": {"a": {"type": "strin"}}}, {"type": ["string", 5]}, {"items": [{"type": "string"}]},
    {"enum": 5}, {"minimum": True}, {"oneOf": []}, {"maxLength": -1}, {"$defs": {"A": 3}}, {"not": "x"},
    {"type": "number", "multipleOf": 0.5}, {"minItems": 2.0}, {"anyOf": [True, {"type": "null"}]},
    {"properties": {"x": {"type": "string", "enum": ["a"]}}, "required": ["x"], "additionalProperties": False},
    {"$defs": {"A": {"type": "object", "properties": {"x": {"$ref": "#/$defs/A"}}}}, "anyOf": [{"$ref": "#/$defs/A"}]},
]


@pytest.mark.parametrize("schema", SCHEMAS + _sdk_schemas())
def test_a_schema_is_refused_exactly_when_it_breaks_the_json_schema_meta_schema(schema) -> None:
    """The offline API's own check agrees with ``jsonschema`` (which it does not import: seconds per process)."""
    import jsonschema

    broken = not jsonschema.Draft202012Validator(jsonschema.Draft202012Validator.META_SCHEMA).is_valid(schema)
    body = {"model": "m", "input": "hi", "text": {"format": {"type": "json_schema", "name": "n", "schema": schema}},
            "tools": [{"type": "function", "name": "f", "parameters": schema}]}
    refused = []
    for key in ("text", "tools"):
        try:
            check_request({k: v for k, v in body.items() if k in ("model", "input", key)})
        except OfflineAPIError as error:
            assert error.code in ("invalid_json_schema", "invalid_function_parameters"), error
            refused.append(key)
    assert refused == (["text", "tools"] if broken else []), schema


@pytest.mark.parametrize("schema", SCHEMAS + _sdk_schemas())
def test_every_schema_the_api_accepts_gets_structured_output_valid_against_it(schema) -> None:
    """True and false subschemas, ``$ref`` cycles, nullable options: a JSON instance of the schema, never a 500."""
    import jsonschema

    body = {"model": "m", "input": "My order is ORD-1 and I need it by Friday.",
            "text": {"format": {"type": "json_schema", "name": "n", "schema": schema}}}
    try:
        check_request(body)
    except OfflineAPIError:
        return  # refused as the API refuses it (the test above)
    text = OfflineAPI().respond(body)["output"][-1]["content"][0]["text"]
    jsonschema.validate(json.loads(text), schema)


def _stack_depth() -> int:
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


@pytest.mark.parametrize("where", ["input_text", "tool_output"])
def test_an_array_nested_up_to_the_recursion_limit_is_a_400(where) -> None:
    """Arrays nested a little less deep than Python can parse here: the API's 400, never a RecursionError.

    Near the limit the body parses, then breaks whatever reads it next (a
    RecursionError); a little shallower, it was answered 200. Both are 400 now.
    """
    api = OfflineAPI()
    for margin in range(10, 40, 2):
        depth = sys.getrecursionlimit() - _stack_depth() - margin
        nested = "[" * depth + "]" * depth
        if where == "input_text":
            body = '{"model": "m", "input": [{"role": "user", "content": [{"type": "input_text", "text": %s}]}]}' % nested
        else:
            body = ('{"model": "m", "input": [{"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"}, '
                    '{"type": "function_call_output", "call_id": "c", "output": %s}]}' % nested)
        response = api(httpx2.Request("POST", "https://offline.memlab/v1/responses", content=body.encode()))
        assert response.status_code == 400, (depth, response.status_code)
        assert set(response.json()["error"]) == {"message", "type", "param", "code"}


async def test_a_wrong_type_through_the_client_is_a_bad_request(client) -> None:
    with pytest.raises(openai.BadRequestError, match="Invalid type for 'max_output_tokens': expected an integer"):
        await client.responses.create(model="m", input="hi", max_output_tokens="20")


async def test_not_the_responses_endpoint(client) -> None:
    with pytest.raises(openai.NotFoundError):
        await client.models.list()


# ---------------------------------------------------------------- replies


def items_before(conversation, turn: int) -> list[dict]:
    """The transcript up to (excluding) user turn ``turn``."""
    _, turns = split_turns(scripted(conversation))
    return [item for t in turns[: turn - 1] for item in t]


@pytest.mark.parametrize("probe", LONG.probes, ids=lambda p: p.fact_key)
async def test_probe_answered_from_full_history(client, probe) -> None:
    history = items_before(LONG, probe.turn)
    response = await client.responses.create(model=MODEL, input=history + [user(probe.question)])
    assert probe.expected in reply_text(response)


@pytest.mark.parametrize("probe", LONG.probes, ids=lambda p: p.fact_key)
async def test_probe_unknown_once_trimmed(client, probe) -> None:
    history = trim_view(items_before(LONG, probe.turn), 4)
    assert probe.expected not in " ".join(item_text(i) for i in history)
    response = await client.responses.create(model=MODEL, input=history + [user(probe.question)])
    assert "I don't know" in reply_text(response)
    assert probe.expected not in reply_text(response)


async def test_probe_unknown_without_the_planting_turn(client) -> None:
    (probe,) = LAPTOP.probes
    fact = LAPTOP.fact(probe.fact_key)
    _, turns = split_turns(items_before(LAPTOP, probe.turn))
    without = [item for i, t in enumerate(turns) if i != fact.turn - 1 for item in t]
    full = await client.responses.create(model=MODEL, input=[i for t in turns for i in t] + [user(probe.question)])
    cut = await client.responses.create(model=MODEL, input=without + [user(probe.question)])
    assert fact.value in full.output_text
    assert "I don't know" in cut.output_text and fact.value not in cut.output_text


async def test_tool_called_only_when_offered(client) -> None:
    order_id = {"type": "string", "description": "The order number, such as ORD-12345."}
    tool = {"type": "function", "name": "lookup_order", "strict": False,
            "parameters": {"type": "object", "properties": {"order_id": order_id}, "required": ["order_id"]}}
    with_tool = await client.responses.create(model=MODEL, input="Where is order ORD-11111?", tools=[tool])
    without = await client.responses.create(model=MODEL, input="Where is order ORD-11111?")
    assert with_tool.output[0].type == "function_call"
    assert json.loads(with_tool.output[0].arguments) == {"order_id": "ORD-11111"}
    assert without.output[0].type == "message"


# ---------------------------------------------------------------- summaries


def role_prefixed(items: list[dict]) -> str:
    lines = []
    for item in items:
        kind = item.get("type", "message")
        prefix = {"function_call": "TOOL CALL", "function_call_output": "TOOL RESULT"}.get(kind)
        lines.append(f"{prefix or item['role'].upper()}: {item_text(item)}")
    return "\n".join(lines)


async def test_summary_has_every_section_and_verbatim_identifiers(client) -> None:
    history = items_before(LONG, 29)
    response = await client.responses.create(
        model=MODEL, instructions=summary_prompt(), input=[user(role_prefixed(history))]
    )
    summary = response.output_text
    headings = [line[3:] for line in summary.splitlines() if line.startswith("## ")]
    assert headings == list(SUMMARY_SECTIONS)
    for fact in LONG.facts:
        assert fact.value in summary, fact


async def test_summary_says_none_for_empty_sections(client) -> None:
    response = await client.responses.create(
        model=MODEL, instructions=summary_prompt(), input=[user("USER: hello\nASSISTANT: Hi! How can I help?")]
    )
    sections = response.output_text.split("## ")[1:]
    tools = next(s for s in sections if s.startswith("Tool performance insights"))
    assert tools.strip().endswith("- none")


async def test_a_summary_keeps_facts_answerable(client) -> None:
    history = items_before(ROUTER, 5)
    summary = (
        await client.responses.create(model=MODEL, instructions=summary_prompt(), input=history[:-4])
    ).output_text
    (probe,) = ROUTER.probes
    view = [user(SHADOW_PROMPT), assistant(summary), *history[-4:], user(probe.question)]
    assert probe.expected not in " ".join(item_text(i) for i in history[-4:])
    answer = await client.responses.create(model=MODEL, input=view)
    assert probe.expected in answer.output_text


# ---------------------------------------------------------------- usage, ids


async def test_usage_counts_real_tokens(client) -> None:
    tool = {"type": "function", "name": "create_ticket", "parameters": {"type": "object", "properties": {}}}
    items = [user("Hello"), assistant("Hi!"), user("My screen flickers.")]
    response = await client.responses.create(model=MODEL, instructions="Be kind.", input=items, tools=[tool])
    expected_in = count_text("Be kind.") + count_items(items) + count_tools([tool])
    assert response.usage.input_tokens == expected_in
    assert response.usage.output_tokens == count_items([response.output[0].model_dump()])
    assert response.usage.total_tokens == expected_in + response.usage.output_tokens


async def test_ids_are_deterministic_and_unique(client) -> None:
    first = await client.responses.create(model=MODEL, input="hello")
    again = await client.responses.create(model=MODEL, input="hello")
    other = await client.responses.create(model=MODEL, input="hello there")
    assert first.output[0].id == again.output[0].id and first.output_text == again.output_text
    assert len({first.id, again.id, other.id}) == 3  # the same request twice is two responses, as in the real API:
    await client.responses.delete(first.id)  # deleting one keeps the other
    assert (await client.responses.retrieve(again.id)).output_text == first.output_text
    fresh = offline_client(OfflineAPI())  # and a run gives the same ids as the last
    assert [(await fresh.responses.create(model=MODEL, input="hello")).id for _ in range(2)] == [first.id, again.id]
    call_ids = [i["call_id"] for i in scripted(LONG) if i.get("type") == "function_call"]
    assert len(call_ids) == len(set(call_ids)) >= 4


# ---------------------------------------------------------------- mode switch


def test_configure_offline_installs_a_fake(api) -> None:
    description = mode.configure()
    assert description == mode.OFFLINE_DESCRIPTION
    assert "no network" in description
    assert isinstance(mode.current_api(), OfflineAPI) and mode.current_api() is not api  # a new one


def test_live_without_a_key_is_a_clear_error(api, monkeypatch) -> None:
    monkeypatch.setenv("MEMLAB_LIVE", "1")
    with pytest.raises(RuntimeError, match="OPENAI_API_KEY"):
        mode.configure()
    mode.configure("offline")


def test_live_with_a_key(api, monkeypatch) -> None:
    monkeypatch.setenv("MEMLAB_LIVE", "1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-used")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)  # a shell that points the client elsewhere is described so
    try:
        assert mode.configure() == mode.LIVE_DESCRIPTION
        assert mode.current_api() is None
    finally:
        mode.configure("offline")


def test_unknown_mode() -> None:
    with pytest.raises(ValueError, match="mode"):
        mode.configure("cloud")
    with pytest.raises(ValueError):
        OfflineAPI(keep=0)


async def test_offline_summarizer_goes_over_the_wire() -> None:
    api = OfflineAPI()
    summarizer = offline_summarizer(api)
    history = items_before(LONG, 29)
    shadow, summary = await summarizer.summarize(history)
    assert shadow == SHADOW_PROMPT
    assert all(fact.value in summary for fact in LONG.facts)
    request = api.requests[-1]
    assert request.body["instructions"] == summary_prompt()
    assert len(request.input) == 1 and "ORD-73914" in request.input[0]["content"]


async def test_max_output_tokens_cuts_the_answer(client) -> None:
    said = "My screen flickers a lot when the laptop runs on battery, and only in the evening after a long day of work."
    response = await client.responses.create(model=MODEL, input=said, max_output_tokens=16)
    assert response.status == "incomplete"
    assert response.incomplete_details.reason == "max_output_tokens"
    assert response.usage.output_tokens == 16
    assert count_text(response.output_text) <= 16


async def test_a_reasoning_model_bills_its_thinking_as_reasoning_tokens(client) -> None:
    said = "My name is Ada. What is my name?"
    plain = await client.responses.create(model="gpt-4.1-mini", input=said)
    thinking = await client.responses.create(model="gpt-5-mini", input=said)
    assert plain.usage.output_tokens_details.reasoning_tokens == 0
    assert thinking.output_text == plain.output_text
    spent = thinking.usage.output_tokens_details.reasoning_tokens
    assert spent > 0 and thinking.usage.output_tokens == plain.usage.output_tokens + spent
    shown = await client.responses.create(model="gpt-5-mini", input=said, reasoning={"summary": "auto"})
    assert shown.usage.output_tokens_details.reasoning_tokens == count_text(shown.output[0].summary[0].text)


async def test_a_reasoning_model_can_think_its_whole_budget_away(client) -> None:
    said = "My name is Ada. What is my name?"
    spent = (await client.responses.create(model="o4-mini", input=said)).usage.output_tokens_details.reasoning_tokens
    cut = await client.responses.create(model="o4-mini", input=said, max_output_tokens=spent - 1)
    assert cut.status == "incomplete" and cut.incomplete_details.reason == "max_output_tokens"
    assert [item.type for item in cut.output] == ["reasoning"] and cut.output_text == ""
    assert cut.usage.output_tokens == spent - 1


@pytest.mark.parametrize(("settings", "where"), [
    ({"reasoning": {"effort": "hgih"}}, "'hgih'. Supported values are: 'none', 'minimal'"),
    ({"reasoning": {"summary": "short"}}, "'short'. Supported values are: 'auto', 'concise', and 'detailed'"),
    ({"text": {"verbosity": "loud"}}, "'loud'. Supported values are: 'low', 'medium', and 'high'"),
])
async def test_a_misspelt_level_is_refused_by_name(client, settings, where) -> None:
    with pytest.raises(openai.BadRequestError, match=f"Invalid value: {where}"):
        await client.responses.create(model="gpt-5-mini", input="hi", **settings)
    fine = {key: {name: ("low" if name != "summary" else "auto") for name in value} for key, value in settings.items()}
    assert (await client.responses.create(model="gpt-5-mini", input="hi", **fine)).status == "completed"


async def test_summarizer_reports_a_cut_summary() -> None:
    from memlab.summarizer import SummarizationError

    with pytest.raises(SummarizationError, match="incomplete"):
        await offline_summarizer(max_tokens=20).summarize(items_before(LONG, 29))


class WorkingAPI(OfflineAPI):
    """An offline model that keeps working on each request until the test lets it answer."""

    def __init__(self) -> None:
        super().__init__()
        self.may_answer = threading.Event()
        self.answered = threading.Event()

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.may_answer.wait(timeout=10)  # never released in time when this blocks the event loop
        try:
            return super().__call__(request)
        finally:
            self.answered.set()


async def test_the_summary_timeout_fires_while_the_offline_model_works() -> None:
    """The in-process transport answers off the event loop, so ``summary_timeout`` can interrupt it."""
    api = WorkingAPI()
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=offline_summarizer(api),
                                 summary_timeout=0.2)
    first = [user("My router drops the wifi every evening."), assistant("Let's check the router.")]
    second = [user("I restarted it; it still drops."), assistant("Thanks for trying that.", id="msg_2")]
    try:
        await session.add_items(first)
        await session.add_items(second)
        # The session gave up while the model was still at work (with the model on the event
        # loop, add_items could only return after the model had answered).
        assert not api.answered.is_set()
        assert session.summary_events[-1].status == "failed"
        assert "timed out" in session.summary_events[-1].error
        assert await session.get_items() == first + second
    finally:
        api.may_answer.set()
        await asyncio.to_thread(api.answered.wait, 10)  # let the abandoned answer finish


# ------------------------------------------------------------------ any JSON at the handler

_LEAVES = (st.none() | st.booleans() | st.integers(-5, 10**6) | st.floats(allow_nan=False, allow_infinity=False)
           | st.text(max_size=12))
#: Any JSON value, now and then an array nested about as deep as Python's recursion limit
#: (a placeholder string here; :func:`_wire` writes the brackets, which ``json.dumps`` could not).
ANY_JSON = st.one_of(
    st.recursive(_LEAVES, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                 max_leaves=12),
    st.integers(900, 1100).map(lambda depth: f"<nested {depth} deep>"),
)


def _wire(body: Any) -> bytes:
    """The request bytes for ``body``, each deep-nesting placeholder written out as brackets."""
    text = json.dumps(body)
    return re.sub(r'"<nested (\d+) deep>"', lambda m: "[" * int(m.group(1)) + "]" * int(m.group(1)), text).encode()
_TOOL = {"type": "function", "name": "run_diagnostics", "description": "Run a remote check.", "strict": True,
         "parameters": {"type": "object", "additionalProperties": False, "required": ["serial"],
                        "properties": {"serial": {"type": "string", "description": "The serial."},
                                       "depth": {"type": "string", "enum": ["quick", "full"]}}}}
_CALL = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "run_diagnostics",
         "arguments": '{"serial": "SN-AX7Q42PL"}', "status": "completed"}
#: Valid requests, each of which a mutation breaks in one or two places.
VALID_BODIES = [
    {"model": MODEL, "instructions": "Be kind.", "tools": [_TOOL], "stream": False, "store": True, "max_output_tokens": 200,
     "input": [user("My laptop is slow, serial SN-AX7Q42PL. Run diagnostics."),
               {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "Check it."}]},
               _CALL, {"type": "function_call_output", "call_id": "call_1", "output": '{"finding": "fan"}'},
               assistant("The fan is clogged."),
               {"role": "user", "content": [{"type": "input_text", "text": "Thanks! What was my serial?"}]}]},
    {"model": MODEL, "instructions": summary_prompt(), "stream": True,
     "input": [user("USER: My router drops every evening since last Tuesday.\nASSISTANT: Let's check it.")]},
    {"model": MODEL, "input": [user("I live in Lisbon."), assistant("Noted."), user("Where do I live?")], "tools": [_TOOL]},
]


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every place in a JSON value: the path of keys and indexes leading to it."""
    found = [path]
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in children:
        found += _paths(child, (*path, key))
    return found


def _mutated(value: Any, path: tuple, new: Any) -> Any:
    """A copy of ``value`` with the value at ``path`` replaced by ``new``."""
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return copy


@st.composite
def broken_bodies(draw) -> Any:
    """A valid request with one or two of its values replaced by any JSON (or arbitrary JSON outright)."""
    if draw(st.integers(0, 9)) == 0:
        return draw(ANY_JSON)
    body = draw(st.sampled_from(VALID_BODIES))
    for _ in range(draw(st.integers(1, 2))):
        body = _mutated(body, draw(st.sampled_from(_paths(body)[1:])), draw(ANY_JSON))
    return body


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=broken_bodies(), compact=st.booleans())
def test_any_json_gets_an_answer_or_an_api_shaped_4xx(body, compact) -> None:
    """Whatever JSON arrives, the fake answers 200 or a 4xx in the API's error shape; it never raises."""
    api = OfflineAPI()
    if compact and isinstance(body, dict):
        body = {k: v for k, v in body.items() if k not in ("tools", "stream", "store", "max_output_tokens")}
    path = "/v1/responses/compact" if compact else "/v1/responses"
    response = api(httpx2.Request("POST", f"https://offline.memlab{path}", content=_wire(body)))
    assert response.status_code == 200 or 400 <= response.status_code < 500
    if response.status_code != 200:
        error = response.json()["error"]
        assert set(error) == {"message", "type", "param", "code"} and isinstance(error["message"], str)
