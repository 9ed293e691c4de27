"""The endpoints the SDK and the openai client use, and the real API's errors where a user meets them."""

from __future__ import annotations

import json

import httpx2
import openai
import pytest
from agents import Agent, Runner
from agents.memory import OpenAIConversationsSession

from memlab.items import user
from memlab.offline.api import OfflineAPI
from memlab.offline.checks import OfflineAPIError
from memlab.tokens import count_items

MODEL = "gpt-4.1-mini"


# ------------------------------------------------------------------ conversations


async def test_the_conversations_api_creates_lists_adds_deletes(client) -> None:
    conversation = await client.conversations.create(items=[{"role": "user", "content": "My locker code is 4417."}],
                                                     metadata={"topic": "gym"})
    assert conversation.id.startswith("conv_") and conversation.metadata == {"topic": "gym"}
    added = await client.conversations.items.create(conversation.id, items=[{"role": "assistant", "content": "Noted."}])
    assert [item.role for item in added.data] == ["assistant"]
    listed = [item async for item in client.conversations.items.list(conversation.id, order="asc")]
    assert [item.role for item in listed] == ["user", "assistant"] and all(item.id for item in listed)
    one = await client.conversations.items.retrieve(listed[0].id, conversation_id=conversation.id)
    assert one.content[0].text == "My locker code is 4417."
    await client.conversations.items.delete(listed[1].id, conversation_id=conversation.id)
    assert len([item async for item in client.conversations.items.list(conversation.id)]) == 1
    assert (await client.conversations.retrieve(conversation.id)).id == conversation.id
    deleted = await client.conversations.delete(conversation.id)
    assert deleted.deleted
    with pytest.raises(openai.NotFoundError):
        await client.conversations.retrieve(conversation.id)


async def test_an_endpoint_it_does_not_serve_is_told_which_apis_it_serves(client) -> None:
    with pytest.raises(openai.NotFoundError, match="Responses, Conversations and Chat Completions APIs only"):
        await client.embeddings.create(model="text-embedding-3-small", input="Hello")


async def test_a_response_in_a_conversation_reads_it_and_extends_it(client) -> None:
    conversation = await client.conversations.create(items=[{"role": "user", "content": "My locker code is 4417."}])
    response = await client.responses.create(model=MODEL, conversation=conversation.id, input="What's my locker code?")
    assert "4417" in response.output_text
    roles = [item.role for item in [i async for i in client.conversations.items.list(conversation.id, order="asc")]]
    assert roles == ["user", "user", "assistant"]
    assert (await client.responses.retrieve(response.id)).output_text == response.output_text  # stored too


async def test_the_sdks_openai_conversations_session_runs_offline(api) -> None:
    session = OpenAIConversationsSession()
    agent = Agent(name="Assistant", instructions="Be helpful.", model=MODEL)
    await Runner.run(agent, "My locker code is 4417.", session=session)
    answer = await Runner.run(agent, "What's my locker code?", session=session)
    assert "4417" in answer.final_output
    assert len(await session.get_items()) == 4
    popped = await session.pop_item()
    assert popped["role"] == "assistant" and len(await session.get_items()) == 3
    await session.clear_session()


async def test_a_long_conversation_is_listed_page_by_page(client) -> None:
    conversation = await client.conversations.create()
    await client.conversations.items.create(conversation.id, items=[user(f"message {n}") for n in range(20)])
    await client.conversations.items.create(conversation.id, items=[user(f"message {n}") for n in range(20, 45)])
    listed = [item async for item in client.conversations.items.list(conversation.id, order="asc", limit=10)]
    assert [item.content[0].text for item in listed] == [f"message {n}" for n in range(45)]


# ------------------------------------------------------------------ stored responses


async def test_a_stored_response_is_retrieved_listed_and_deleted(client) -> None:
    response = await client.responses.create(model=MODEL, input=[user("I live in Porto."), user("Where do I live?")])
    again = await client.responses.retrieve(response.id)
    assert again.output_text == response.output_text and "Porto" in again.output_text
    inputs = [item async for item in client.responses.input_items.list(response.id, order="asc")]
    assert [item.content[0].text for item in inputs] == ["I live in Porto.", "Where do I live?"]
    await client.responses.delete(response.id)
    with pytest.raises(openai.NotFoundError):
        await client.responses.retrieve(response.id)
    with pytest.raises(openai.BadRequestError, match="not found"):
        await client.responses.create(model=MODEL, previous_response_id=response.id, input="hi")


async def test_a_responses_metadata_comes_back_as_sent(client) -> None:
    response = await client.responses.create(model=MODEL, input="Hello", metadata={"desk": "loans"})
    assert response.metadata == {"desk": "loans"} == (await client.responses.retrieve(response.id)).metadata
    assert (await client.responses.create(model=MODEL, input="Hello")).metadata == {}


async def test_input_tokens_counts_what_a_request_would_be_billed(client) -> None:
    items = [user("My order is ORD-12345."), user("Where is it?")]
    counted = await client.responses.input_tokens.count(model=MODEL, input=items, instructions="Help.")
    response = await client.responses.create(model=MODEL, input=items, instructions="Help.")
    assert counted.input_tokens == response.usage.input_tokens


def test_a_chain_of_previous_response_ids_stores_each_turn_once() -> None:
    """24 turns of about 5 KB: what is stored grows with what was said, not with its square.

    Stored whole, turn *k* would keep all *k* turns again: the second 12 turns alone would add
    about 18 times what they say. Stored as a chain, each turn adds its own input and a short reply.
    """
    api = OfflineAPI(keep_responses=1000)
    previous, said, stored = None, [0], [0]
    for turn in range(24):
        text = f"turn {turn}: " + "the quick brown fox jumps over the lazy dog " * 110
        said.append(said[-1] + len(text))
        body = {"model": MODEL, "input": text, **({"previous_response_id": previous} if previous else {})}
        previous = api.respond(body)["id"]
        stored.append(sum(len(json.dumps(link)) for link in api._responses.values()))
    assert stored[24] < 3 * said[24]  # each input once, plus each short reply
    # the later turns add what they say, as the first ones did (not more because the chain is longer)
    later_growth, later_said = stored[24] - stored[12], said[24] - said[12]
    assert later_growth < 3 * later_said, f"turns 13-24 stored {later_growth:,} bytes for {later_said:,} said"
    assert len(api._history({"previous_response_id": previous})) == 48  # the whole chain still reads back


# ------------------------------------------------------------------ errors a user meets


@pytest.mark.parametrize("temperature", [-0.1, 2.5])
def test_a_temperature_outside_0_to_2_is_the_apis_400(temperature) -> None:
    with pytest.raises(OfflineAPIError, match="temperature"):
        OfflineAPI().respond({"model": MODEL, "input": "hi", "temperature": temperature})


@pytest.mark.parametrize(("body", "refused"), [
    ({"model": "o4-mini", "temperature": 0.3}, "temperature"), ({"model": "gpt-5-mini", "top_p": 0.9}, "top_p"),
    ({"model": "gpt-4o", "reasoning": {"effort": "high"}}, "reasoning.effort"),
    ({"model": "gpt-4o", "text": {"format": {"type": "json_object"}}}, "json")])
def test_what_the_real_api_refuses_of_a_model_or_a_json_mode_is_refused(body, refused) -> None:
    with pytest.raises(OfflineAPIError, match=refused):  # a learner's settings that pass offline would 400 live
        OfflineAPI().respond({"input": "What concentration is the stop bath?", **body})


@pytest.mark.parametrize("body", [
    {"model": "o4-mini", "reasoning": {"effort": "low"}}, {"model": "gpt-4.1", "temperature": 0.3},
    {"model": "gpt-5-chat-latest", "temperature": 0.7},
    {"model": "gpt-4o", "instructions": "Answer in JSON.", "text": {"format": {"type": "json_object"}}}])
def test_what_the_real_api_takes_of_them_is_taken(body) -> None:
    assert OfflineAPI().respond({"input": "What concentration is the stop bath?", **body})["status"] == "completed"


async def test_a_stream_cut_by_max_output_tokens_ends_in_response_incomplete(client) -> None:
    said = "Please remember that my flat is on the third floor, the bell is broken, and the courier should call."
    stream = await client.responses.create(model=MODEL, input=said, max_output_tokens=16, stream=True)
    kinds = [event.type async for event in stream]
    assert kinds[-1] == "response.incomplete" and "response.completed" not in kinds


def test_the_judge_compares_numbers_as_text_and_reads_any_length() -> None:
    """A 400-digit number is read, and an invented number one digit off is caught (float() would equate them)."""
    huge = "9" * 400
    transcript = f"<transcript>\nUSER: My reference is 12345678901234567890 and the code is {huge}.\n</transcript>"
    note = f"<summary>\n- reference 12345678901234567999\n- code {huge}\n</summary>"
    instructions = "Grade the summary.\n- no_invented_facts: the note claims nothing the transcript does not support."
    response = OfflineAPI().respond({"model": MODEL, "instructions": instructions,
                                     "input": [{"role": "user", "content": f"{transcript}\n{note}"}]})
    verdict = json.loads(response["output"][0]["content"][0]["text"])
    assert verdict["no_invented_facts"]["score"] < 5
    assert "12345678901234567999" in verdict["no_invented_facts"]["reason"]


def test_usage_counts_what_was_read(api) -> None:
    items = [user("hello"), user("how are you?")]
    response = api.respond({"model": MODEL, "input": items})
    assert response["usage"]["input_tokens"] == count_items(items)


def test_a_body_that_is_not_a_json_object_is_the_apis_400_on_every_endpoint(api) -> None:
    """A conversation's endpoints refuse an array body as /responses does (it was an AttributeError)."""
    created = api(httpx2.Request("POST", "https://offline.memlab/v1/conversations", content=b"{}"))
    ident = created.json()["id"]
    for path in ("/v1/conversations", f"/v1/conversations/{ident}", f"/v1/conversations/{ident}/items"):
        response = api(httpx2.Request("POST", f"https://offline.memlab{path}", content=b"[1]"))
        assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_type", path


@pytest.mark.parametrize(("action", "body", "param"), [
    ("create", {"metadata": "x"}, "metadata"), ("create", {"metadata": ["a", "b"]}, "metadata"),
    ("create", {"items": 5}, "items"), ("update", {"metadata": "x"}, "metadata"), ("items", {"items": True}, "items"),
])
def test_a_conversation_body_of_the_wrong_type_is_the_apis_400_not_a_500(api, action, body, param) -> None:
    """A ``metadata`` that is not an object, ``items`` that are not an array: ``invalid_type`` (was a TypeError)."""
    ident = api(httpx2.Request("POST", "https://offline.memlab/v1/conversations", content=b"{}")).json()["id"]
    path = {"create": "", "update": f"/{ident}", "items": f"/{ident}/items"}[action]
    response = api(httpx2.Request("POST", f"https://offline.memlab/v1/conversations{path}", content=json.dumps(body).encode()))
    assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_type"
    assert response.json()["error"]["param"] == param


def test_a_request_body_is_checked_once(api, monkeypatch) -> None:
    """One request, one check of its top-level parameters (it was checked twice)."""
    import memlab.offline.api as api_module
    import memlab.offline.checks as checks_module

    seen = []
    original = checks_module.check_body

    def counted(body, **kwargs):
        seen.append(body)
        return original(body, **kwargs)

    monkeypatch.setattr(checks_module, "check_body", counted)
    monkeypatch.setattr(api_module, "check_body", counted)
    api.respond({"model": MODEL, "input": "hi"})
    assert len(seen) == 1


async def test_a_prompt_saved_in_the_dashboard_is_not_found_and_says_what_to_send_instead(client) -> None:
    with pytest.raises(openai.NotFoundError, match="holds no saved prompts") as raised:
        await client.responses.create(prompt={"id": "pmpt_123", "variables": {"poem_style": "limerick"}})
    assert raised.value.body["param"] == "prompt.id"
