"""The offline API's compaction endpoint, compaction items, stored responses and previous_response_id.

Unit tests talk to the fake through the real ``openai.AsyncOpenAI`` client; the
end-to-end tests run the Agents SDK's ``OpenAIResponsesCompactionSession``
through ``Runner.run`` with memlab's support agent.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import random
import zlib
from dataclasses import replace

import openai
import pytest
from agents import ModelSettings, Runner, SQLiteSession
from agents.memory import OpenAIResponsesCompactionSession
from openai.types.responses import CompactedResponse, ResponseCompactionItem

from memlab.offline import reading
from memlab.offline.api import COMPACT_PATH, RESPONSES_PATH, OfflineAPI, off_the_loop
from memlab.offline.checks import OfflineAPIError, check_compact_request, check_request
from memlab.api.plain_json import plain_json_body
from memlab.offline.client import offline_client
from memlab.offline.compaction import COMPACTION_PREFIX, SUMMARY_HEADING, compact_history, read_compaction, seal_compaction
from memlab.api import mode
from memlab.offline.compaction import _KEY
from memlab.scenario import BACKENDS, LONG, Conversation, support_agent
from memlab.tokens import count_items, count_text, count_tools
from memlab.trimming import TrimmingSession

from memlab.items import assistant, call, output, user

MODEL = "gpt-4.1-mini"
TICKET = "TCK-123456"


def history() -> list[dict]:
    """Two turns; the ticket id exists only in a tool output and the assistant's answer."""
    return [
        user("Hi, my order ORD-54321 arrived without its charger."),
        assistant("I'm sorry about that. I can open a ticket for the warehouse.", "msg_a"),
        user("Yes please, open a ticket for the missing charger."),
        call("call_1", "create_ticket", '{"summary": "missing charger"}'),
        output("call_1", json.dumps({"ticket_id": TICKET, "status": "open"})),
        assistant(f"I've opened ticket {TICKET}.", "msg_b"),
    ]


def window_of(compacted: CompactedResponse) -> list[dict]:
    """The compacted window as a session stores it (the SDK dumps it the same way)."""
    return [item.model_dump(exclude_unset=True, warnings=False) for item in compacted.output]


async def rejected(coroutine) -> dict:
    """The OpenAI-shaped error body of a request the client must refuse with BadRequestError."""
    with pytest.raises(openai.BadRequestError) as info:
        await coroutine
    assert info.value.status_code == 400
    body = info.value.body
    assert set(body) == {"message", "type", "param", "code"} and body["type"] == "invalid_request_error"
    return body


# ---------------------------------------------------------------- the endpoint


async def test_compact_keeps_user_messages_and_seals_the_rest(client, api) -> None:
    items = history()
    compacted = await client.responses.compact(model=MODEL, input=items)
    assert isinstance(compacted, CompactedResponse) and compacted.object == "response.compaction"
    window = window_of(compacted)
    # "A list of all user messages, followed by a single compaction item" (the openai types).
    assert [m["content"] for m in window[:-1]] == [[{"type": "input_text", "text": i["content"]}] for i in items if i.get("role") == "user"]
    assert all(m["role"] == "user" and m["id"].startswith("msg_") for m in window[:-1])
    item = compacted.output[-1]
    assert isinstance(item, ResponseCompactionItem) and item.id.startswith("cmp_")
    assert item.encrypted_content.startswith(COMPACTION_PREFIX)
    assert TICKET not in item.encrypted_content  # opaque to the client
    assert set(window[-1]) == {"id", "type", "encrypted_content"}  # the keys a later request may send back
    # usage: what was compacted in, the compaction item out
    assert compacted.usage.input_tokens == count_items(items)
    assert compacted.usage.output_tokens == count_items([window[-1]])
    assert compacted.usage.total_tokens == compacted.usage.input_tokens + compacted.usage.output_tokens
    served = api.requests[-1]
    assert served.path == COMPACT_PATH and served.compaction and served.status == 200
    assert served.input == items == check_compact_request({"model": MODEL, "input": items})


async def test_encrypted_content_survives_a_json_round_trip_and_reads_back(client) -> None:
    compacted = await client.responses.compact(model=MODEL, input=history(), instructions="Be brief.")
    stored = json.loads(json.dumps(window_of(compacted)))  # a session store's round trip
    payload = read_compaction(stored[-1]["encrypted_content"])
    assert TICKET in payload["summary"] and "ORD-54321" in payload["summary"]
    assert payload["items"] == len(history())
    assert payload["tokens"] == compacted.usage.input_tokens == count_text("Be brief.") + count_items(history())


async def test_the_model_reads_a_compacted_history_back(client, api) -> None:
    window = window_of(await client.responses.compact(model=MODEL, input=history()))
    assert TICKET not in json.dumps(window[:-1])  # only the compaction item holds it now
    question = [*window, user("What is the ticket number for my charger?")]
    response = await client.responses.create(model=MODEL, input=question)
    assert TICKET in response.output_text
    # the compaction item is billed at its own size (memlab.tokens counts its JSON)
    assert response.usage.input_tokens == count_items(question)
    assert api.last_input() == question


async def test_compacting_twice_merges_and_never_nests(client) -> None:
    first = window_of(await client.responses.compact(model=MODEL, input=history()))
    more = [*first, user("Also, my laptop serial is SN-QW12ER34."), assistant("Noted, thanks.", "msg_c")]
    second = window_of(await client.responses.compact(model=MODEL, input=more))
    assert [item["type"] for item in second] == ["message"] * 3 + ["compaction"]
    assert [m["id"] for m in second[:2]] == [m["id"] for m in first[:2]]  # kept ids stay
    assert len({m["id"] for m in second}) == len(second)
    summary = read_compaction(second[-1]["encrypted_content"])["summary"]
    assert summary.count("## Identifiers") == 1
    assert all(fact in summary for fact in (TICKET, "ORD-54321", "SN-QW12ER34"))
    assert SUMMARY_HEADING not in summary


async def test_string_input_and_compaction_requests_stay_out_of_last_input(client, api) -> None:
    await client.responses.create(model=MODEL, input="hello")
    compacted = await client.responses.compact(model=MODEL, input="My order is ORD-11111.")
    assert compacted.output[0].role == "user" and compacted.output[-1].type == "compaction"
    assert api.last_input() == [user("hello")]
    assert [r.path for r in api.requests] == [RESPONSES_PATH, COMPACT_PATH]


# ---------------------------------------------------------------- compaction items in requests


async def tampered(client, content) -> dict:
    window = window_of(await client.responses.compact(model=MODEL, input=history()))
    window[-1]["encrypted_content"] = content(window[-1]["encrypted_content"])
    return await rejected(client.responses.create(model=MODEL, input=[*window, user("and now?")]))


@pytest.mark.parametrize(
    "change",
    [
        lambda text: text[:-8] + ("A" if text[-8] != "A" else "B") + text[-7:],  # one character changed
        lambda text: "gAAAAABpM0Yj-not-ours",  # someone else's encrypted content
        lambda text: COMPACTION_PREFIX + "%%% not base64 %%%",
        lambda text: COMPACTION_PREFIX,
    ],
    ids=["edited", "foreign", "not-base64", "empty"],
)
async def test_a_tampered_compaction_item_is_refused(client, change) -> None:
    error = await tampered(client, change)
    assert error["code"] == "invalid_encrypted_content"
    assert error["param"] == "input[2].encrypted_content"
    assert error["message"].startswith("The encrypted content for item cmp_") and "could not be verified" in error["message"]


def minted(raw: bytes) -> str:
    """``encrypted_content`` with a valid checksum around any bytes (the key is no secret)."""
    data = zlib.compress(raw, 9)
    return COMPACTION_PREFIX + base64.b64encode(hmac.new(_KEY, data, hashlib.sha256).digest()[:16] + data).decode()


def _deep_payload(depth: int) -> bytes:
    """A payload nesting ``depth`` arrays, each with a few random characters so it hardly compresses."""
    noise = random.Random(7)
    opening = "".join(f'["{noise.randrange(16**6):06x}",' for _ in range(depth))
    return ('{"summary": "x", "items": ' + opening + "0" + "]" * depth + "}").encode()


@pytest.mark.parametrize(
    "raw",
    [_deep_payload(50_000), b'{"summary": "' + b"a" * (64 << 20) + b'"}'],
    ids=["nested-50000-deep", "inflates-to-64MiB"],
)
async def test_a_minted_payload_that_cannot_be_read_safely_is_refused(client, raw) -> None:
    """Deep nesting or a "zip bomb" in a checksum-valid item: a ValueError and the API's 400, nothing raw."""
    content = minted(raw)
    assert len(content) < 2_000_000
    with pytest.raises(ValueError, match="does not decode"):
        read_compaction(content)
    error = await tampered(client, lambda _: content)
    assert (error["code"], error["param"]) == ("invalid_encrypted_content", "input[2].encrypted_content")


def test_a_repetitive_note_is_sealed_so_it_reads_back() -> None:
    """The writer keeps to the reader's inflation bound: a note that compresses a thousandfold is stored plainly."""
    note = "since every " * 100_000
    assert read_compaction(seal_compaction({"summary": note}))["summary"] == note


def test_a_huge_message_of_near_misses_is_compacted() -> None:
    """40 KB of words the time-cue reading looks for, never completing a match, compacts like any message.

    How its time grows with the text is measured by ``make bench`` (``benchmarks/bench_linear.py``):
    a test that asserts seconds fails at random on a busy machine.
    """
    text = ("since every " * 4000)[:40_000]
    window = compact_history([user(text), assistant("Noted.")])[0]
    assert window[-1]["type"] == "compaction"
    assert read_compaction(window[-1]["encrypted_content"])["summary"]


async def test_compaction_item_keys_follow_the_param_type(client) -> None:
    base = {"type": "compaction", "id": "cmp_1"}
    error = await rejected(client.responses.create(model=MODEL, input=[user("hi"), base]))
    assert (error["code"], error["param"]) == ("missing_required_parameter", "input[1].encrypted_content")
    error = await rejected(client.responses.create(model=MODEL, input=[user("hi"), {**base, "encrypted_content": 5}]))
    assert (error["code"], error["param"]) == ("invalid_type", "input[1].encrypted_content")
    window = window_of(await client.responses.compact(model=MODEL, input=history()))
    extra = {**window[-1], "created_by": "me"}  # on the output type, not on the input param type
    error = await rejected(client.responses.create(model=MODEL, input=[*window[:-1], extra]))
    assert error["message"] == "Unknown parameter: 'input[2].created_by'."
    # without an id, the item is accepted as well
    no_id = {k: v for k, v in window[-1].items() if k != "id"}
    assert (await client.responses.create(model=MODEL, input=[*window[:-1], no_id, user("thanks")])).status == "completed"


# ---------------------------------------------------------------- malformed compact requests


@pytest.mark.parametrize(
    ("kwargs", "param", "code"),
    [
        ({"model": None, "input": "hi"}, "model", "missing_required_parameter"),
        ({"model": MODEL, "input": 5}, "input", "invalid_type"),
        ({"model": MODEL, "input": [7]}, "input[0]", "invalid_type"),
        ({"model": MODEL, "input": [{"type": "web_search_call", "id": "ws_1"}]}, "input[0].type", "invalid_value"),
        ({"model": MODEL, "input": [user("hi"), {**user("x"), "metadata": {}}]}, "input[1].metadata", "unknown_parameter"),
        ({"model": MODEL, "input": [output("call_9")]}, "input", None),
        ({"model": MODEL, "input": "hi", "extra_body": {"tools": []}}, "tools", "unknown_parameter"),
        ({"model": MODEL, "input": "hi", "instructions": 3}, "instructions", "invalid_type"),
        ({"model": MODEL}, "input", "missing_required_parameter"),
        ({"model": MODEL, "input": []}, "input", "missing_required_parameter"),
        ({"model": MODEL, "previous_response_id": "resp_unknown"}, "previous_response_id", "previous_response_not_found"),
        ({"model": MODEL, "previous_response_id": 12}, "previous_response_id", "invalid_type"),
    ],
    ids=["no-model", "input-number", "item-number", "item-type", "item-key", "orphan-output", "tools",
         "instructions", "nothing", "empty", "unknown-previous", "previous-type"],
)
async def test_a_malformed_compact_request_gets_an_api_shaped_400(client, api, kwargs, param, code) -> None:
    error = await rejected(client.responses.compact(**kwargs))
    assert (error["param"], error["code"]) == (param, code)
    assert api.requests[-1].status == 400 and api.requests[-1].path == COMPACT_PATH


# ---------------------------------------------------------------- previous_response_id and store


async def test_previous_response_id_continues_the_stored_conversation(client, api) -> None:
    first = await client.responses.create(model=MODEL, input=[user("My order ORD-24680 is late.")])
    second = await client.responses.create(model=MODEL, previous_response_id=first.id, input="What was my order number?")
    assert "ORD-24680" in second.output_text
    context = [user("My order ORD-24680 is late."), *[i.model_dump(exclude_unset=True) for i in first.output], user("What was my order number?")]
    assert second.usage.input_tokens == count_items(context)  # the stored part is read and billed too
    assert api.requests[-1].context == json.loads(json.dumps(context))
    assert api.last_input() == [user("What was my order number?")]
    assert second.previous_response_id == first.id


async def test_a_tool_output_may_answer_a_call_from_the_stored_response(client) -> None:
    order_id = {"type": "string", "description": "The order number, such as ORD-12345."}
    tools = [{"type": "function", "name": "lookup_order",
              "parameters": {"type": "object", "properties": {"order_id": order_id}, "required": ["order_id"]}}]
    first = await client.responses.create(model=MODEL, input="Where is my order ORD-13579?", tools=tools)
    assert first.output[0].type == "function_call"
    arguments = json.loads(first.output[0].arguments)
    result = {"type": "function_call_output", "call_id": first.output[0].call_id, "output": BACKENDS["lookup_order"](**arguments)}
    second = await client.responses.create(model=MODEL, previous_response_id=first.id, input=[result], tools=tools)
    assert second.status == "completed" and "ORD-13579" in second.output_text
    # ...and without the stored response the same output is an orphan
    error = await rejected(client.responses.create(model=MODEL, input=[result]))
    assert error["message"].startswith("No tool call found for function call output")


async def test_an_unknown_previous_response_id_is_the_apis_400(client) -> None:
    error = await rejected(client.responses.create(model=MODEL, previous_response_id="resp_nope", input="hi"))
    assert error["message"] == "Previous response with id 'resp_nope' not found."
    assert (error["param"], error["code"]) == ("previous_response_id", "previous_response_not_found")


async def test_store_false_is_never_retrievable(client, api) -> None:
    unstored = await client.responses.create(model=MODEL, input="hello", store=False)
    error = await rejected(client.responses.create(model=MODEL, previous_response_id=unstored.id, input="again"))
    assert error["code"] == "previous_response_not_found"
    error = await rejected(client.responses.compact(model=MODEL, previous_response_id=unstored.id))
    assert error["code"] == "previous_response_not_found"
    stored = await client.responses.create(model=MODEL, input="hello")
    assert stored.id != unstored.id and stored.id in api.responses and unstored.id not in api.responses
    again = await client.responses.create(model=MODEL, input="hello", store=False)
    assert again.id not in api.responses and again.output_text == unstored.output_text  # the same answer, not retrievable


async def test_compact_by_previous_response_id_equals_compacting_the_stored_conversation(client) -> None:
    first = await client.responses.create(model=MODEL, input=history())
    by_id = await client.responses.compact(model=MODEL, previous_response_id=first.id)
    conversation = [*history(), *[i.model_dump(exclude_unset=True) for i in first.output]]
    by_input = await client.responses.compact(model=MODEL, input=conversation)
    assert window_of(by_id) == window_of(by_input)
    assert by_id.usage == by_input.usage


async def test_response_ids_repeat_from_run_to_run() -> None:
    """Each response its own id, as in the real API (the same conversation twice is two responses); a fresh API gives
    the same ids again, so a notebook's outputs repeat."""
    ids = []
    for fresh in (offline_client(), offline_client()):
        a = await fresh.responses.create(model=MODEL, input="hello")
        b = await fresh.responses.create(model=MODEL, previous_response_id=a.id, input="hello")
        c = await fresh.responses.create(model=MODEL, input="hello", instructions="Be brief.")
        ids.append((a.id, b.id, c.id))
    assert ids[0] == ids[1]
    a_id, b_id, c_id = ids[0]
    assert len({a_id, b_id, c_id}) == 3  # b continues a; c holds what a holds (instructions are not carried over),
    # but is another response


async def test_a_conversation_that_does_not_exist_is_not_found(client) -> None:
    with pytest.raises(openai.NotFoundError, match="Conversation with id 'conv_123' not found"):
        await client.responses.create(model=MODEL, input="hi", conversation="conv_123")


def test_the_store_forgets_the_oldest_and_validates_keep() -> None:
    api = OfflineAPI(keep_responses=2)
    ids = [api.respond({"model": MODEL, "input": f"hello {n}"})["id"] for n in range(3)]
    assert [i in api.responses for i in ids] == [False, True, True]
    with pytest.raises(ValueError):
        OfflineAPI(keep_responses=0)


# ---------------------------------------------------------------- the SDK's compaction session, end to end

#: A shorter LONG: its first nine turns plant every fact (the ticket id and
#: the error code come from tools), then its five probes are asked at once.
_SKIPPED = LONG.probes[0].turn - 10  # LONG's turns 10..31 are left out
SHORT = Conversation(
    "short-long",
    "LONG's first nine turns, then its probes",
    LONG.user_turns[:9] + tuple(probe.question for probe in LONG.probes),
    LONG.facts,
    tuple(replace(probe, turn=probe.turn - _SKIPPED) for probe in LONG.probes),
)


def compaction_session(store, compaction_mode: str = "auto", threshold: int = 6) -> OpenAIResponsesCompactionSession:
    """The SDK's compaction session over ``store``, compacting once ``threshold`` items could be folded."""
    trigger = lambda context: len(context["compaction_candidate_items"]) >= threshold  # noqa: E731
    return OpenAIResponsesCompactionSession(
        "compaction", store, client=mode.client(), model=MODEL, compaction_mode=compaction_mode,
        should_trigger_compaction=trigger,
    )


async def play(conversation: Conversation, session, agent=None, before=None) -> list[str]:
    """Run every user turn; ``before(turn, items)`` may look at the session before each one."""
    agent = agent or support_agent()
    answers = []
    for turn, text in enumerate(conversation.user_turns, 1):
        if before is not None:
            before(turn, await session.get_items())
        answers.append((await Runner.run(agent, text, session=session)).final_output)
    return answers


def served(api: OfflineAPI, compaction: bool) -> list:
    return [r for r in api.requests if r.compaction == compaction]


def only_in_compaction(conversation: Conversation):
    """A ``before`` hook: when a tool-made fact is asked for, it lives only in the compaction item."""
    probes = {probe.turn: probe.expected for probe in conversation.probes if probe.fact_key in ("error_code", "ticket_id")}

    def check(turn: int, items: list[dict]) -> None:
        if turn in probes:
            plain = json.dumps([item for item in items if item.get("type") != "compaction"])
            sealed = [read_compaction(i["encrypted_content"])["summary"] for i in items if i.get("type") == "compaction"]
            assert probes[turn] not in plain and probes[turn] in sealed[0], (turn, probes[turn])

    return check


@pytest.mark.parametrize("compaction_mode", ["auto", "input"])
@pytest.mark.parametrize("store", ["sqlite", "trimming"])
async def test_the_sdk_compaction_session_runs_offline(compaction_mode, store, api) -> None:
    underlying = SQLiteSession("compaction") if store == "sqlite" else TrimmingSession("compaction", max_turns=10**6)
    session = compaction_session(underlying, compaction_mode)
    answers = await play(SHORT, session, before=only_in_compaction(SHORT))

    assert all(r.status == 200 for r in api.requests)  # no 400 anywhere
    compactions = served(api, compaction=True)
    assert len(compactions) >= 2
    by_id = [r.body.get("previous_response_id") is not None for r in compactions]
    assert by_id == [compaction_mode == "auto"] * len(compactions)  # auto: the last response was stored
    items = await session.get_items()
    assert sum(item.get("type") == "compaction" for item in items) == 1
    assert sum(item.get("role") == "user" for item in items) == len(SHORT.user_turns)  # kept verbatim
    for probe in SHORT.probes:
        assert probe.expected in answers[probe.turn - 1], (probe, answers[probe.turn - 1])


async def test_with_store_false_auto_mode_compacts_by_input(api) -> None:
    agent = support_agent(model_settings=ModelSettings(store=False))
    answers = await play(SHORT, compaction_session(SQLiteSession("unstored")), agent)
    assert len(api.responses) == 0
    compactions = served(api, compaction=True)
    assert compactions and all("previous_response_id" not in r.body and r.body["input"] for r in compactions)
    assert all(probe.expected in answers[probe.turn - 1] for probe in SHORT.probes)


async def test_long_through_compaction_costs_fewer_tokens_and_keeps_its_facts(api) -> None:
    plain_api = api
    await play(LONG, SQLiteSession("plain"))
    plain_tokens = sum(r.response["usage"]["input_tokens"] for r in served(plain_api, compaction=False))

    mode.configure("offline")
    api = mode.current_api()
    session = compaction_session(SQLiteSession("compacted"), threshold=8)
    answers = await play(LONG, session, before=only_in_compaction(LONG))
    assert all(r.status == 200 for r in api.requests)
    for probe in LONG.probes:
        assert probe.expected in answers[probe.turn - 1], probe
    compactions = served(api, compaction=True)
    responses = served(api, compaction=False)
    model_tokens = sum(r.response["usage"]["input_tokens"] for r in responses)
    compact_in = sum(r.response["usage"]["input_tokens"] for r in compactions)
    compact_out = sum(r.response["usage"]["output_tokens"] for r in compactions)
    assert len(compactions) >= 4
    assert model_tokens + compact_in + compact_out < plain_tokens
    # each request is billed exactly what it carried: memlab's counts, compaction items included
    for r in responses:
        body = r.body
        expected = count_text(body.get("instructions") or "") + count_items(r.context) + count_tools(body.get("tools") or [])
        assert r.response["usage"]["input_tokens"] == expected
    for r in compactions:
        assert r.response["usage"]["input_tokens"] == count_items(r.context)
        assert r.response["usage"]["output_tokens"] == count_items(r.response["output"][-1:])
    # what the session holds at the end: 37 user messages, one compaction item, the newest exchange
    items = await session.get_items()
    assert sum(item.get("role") == "user" for item in items) == len(LONG.user_turns)
    assert sum(item.get("type") == "compaction" for item in items) == 1


def test_a_long_previous_response_id_chain_stores_what_was_said_once() -> None:
    """Each stored response keeps its own input and a link to the one before, not the conversation again.

    Stored whole, 30 turns of 2.3 KB would hold the conversation about 15 times over, and the
    last 15 turns alone would add over 20 times what they say; stored as a chain, about what
    was said plus the replies, at every length.
    """
    import tracemalloc

    def turn_text(turn: int) -> str:
        return f"Turn {turn}: " + " ".join(f"word{n}" for n in range(300))  # few distinct words: small caches

    import sys

    def clear_caches(of: str = "memlab.offline") -> None:  # bounded caches (the token counts' holds 65,536
        for module in [m for name, m in sys.modules.items() if name.startswith(of)]:  # entries, the reader's short
            for value in vars(module).values():  # texts' 4,096) are not what the API stores
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()

    clear_caches("memlab")
    OfflineAPI().respond({"model": MODEL, "input": turn_text(-1)})  # loads the tokenizer and its caches first
    api = OfflineAPI(keep=1)
    said, held, previous = [0], [0], None
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for turn in range(30):
            text = turn_text(turn)
            said.append(said[-1] + len(text))
            body = {"model": MODEL, "input": text, **({"previous_response_id": previous} if previous else {})}
            previous = api.respond(body)["id"]
            reading.READ_SO_FAR.clear()  # the reader's states to read on from (bounded: 8) are not what the API stores
            clear_caches()
            held.append(tracemalloc.get_traced_memory()[0] - before)
    finally:
        tracemalloc.stop()
    assert len(api.responses) == 30
    assert held[30] < 8 * said[30], f"{held[30]:,} bytes held for {said[30]:,} said"
    later_held, later_said = held[30] - held[15], said[30] - said[15]
    assert later_held < 8 * later_said, f"turns 16-30 held {later_held:,} bytes more for {later_said:,} said"
