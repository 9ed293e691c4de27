"""Code that speaks Chat Completions reaches the same offline model: ``client.chat.completions.create`` (system
messages as instructions, tool calls and tool messages, ``response_format``, streaming with usage), ``.parse`` into a
Pydantic model, and the SDK's ``OpenAIChatCompletionsModel`` with tools, a session, a stream and an output type;
over HTTP too, and with the real API's errors for a bad request."""

from __future__ import annotations

import json

import openai
import pytest
from agents import Agent, OpenAIChatCompletionsModel, Runner, SQLiteSession, function_tool
from pydantic import BaseModel

from memlab.offline.api import OfflineAPI
from memlab.offline.client import offline_client
from memlab.offline.server import serve

pytestmark = pytest.mark.usefixtures("api")

TOOLS = [{"type": "function", "function": {"name": "get_tide", "description": "High and low tide for a harbour.",
                                           "parameters": {"type": "object", "properties": {"harbour": {"type": "string"}},
                                                          "required": ["harbour"]}}}]


class Contact(BaseModel):
    name: str
    email: str
    company: str


@function_tool
def get_tide(harbour: str) -> str:
    """High and low tide for a harbour."""
    return f"{harbour}: high tide 06:10, low tide 12:20."


@pytest.fixture
def chat(api: OfflineAPI) -> openai.OpenAI:
    return offline_client(api, sync=True)


def test_the_system_message_instructs_and_earlier_messages_are_remembered(chat, api) -> None:
    answer = chat.chat.completions.create(model="gpt-4o-mini", messages=[
        {"role": "system", "content": "You are a terse assistant."},
        {"role": "user", "content": "My name is Ada and I live in Turin."}, {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "Where do I live?"}])
    assert answer.object == "chat.completion" and answer.choices[0].finish_reason == "stop"
    assert "Turin" in answer.choices[0].message.content
    assert answer.usage.total_tokens == answer.usage.prompt_tokens + answer.usage.completion_tokens > 0
    assert api.requests[-1].path.endswith("/chat/completions") and api.requests[-1].body["messages"][0]["role"] == "system"
    assert [item.get("role") for item in api.last_input()] == ["user", "assistant", "user"]


def test_system_and_developer_messages_are_the_instructions(chat) -> None:
    for role in ("system", "developer"):
        answer = chat.chat.completions.create(model="gpt-4o-mini", messages=[
            {"role": role, "content": "Always answer in French."}, {"role": "user", "content": "I live in Turin."}])
        assert "not in French" in answer.choices[0].message.content, answer.choices[0].message.content


def test_a_tool_is_called_then_its_result_answered(chat) -> None:
    messages = [{"role": "user", "content": "When is high tide in Whitby?"}]
    first = chat.chat.completions.create(model="gpt-4o-mini", messages=messages, tools=TOOLS)
    call = first.choices[0].message.tool_calls[0]
    assert first.choices[0].finish_reason == "tool_calls" and first.choices[0].message.content is None
    assert (call.function.name, json.loads(call.function.arguments)) == ("get_tide", {"harbour": "Whitby"})
    messages += [first.choices[0].message.model_dump(exclude_none=True),
                 {"role": "tool", "tool_call_id": call.id, "content": "Whitby: high tide 06:10, low tide 12:20."}]
    second = chat.chat.completions.create(model="gpt-4o-mini", messages=messages, tools=TOOLS)
    assert "06:10" in second.choices[0].message.content and not second.choices[0].message.tool_calls


def test_a_named_tool_choice_and_none_are_obeyed(chat) -> None:
    said = [{"role": "user", "content": "Hello there"}]
    forced = chat.chat.completions.create(model="gpt-4o-mini", messages=said, tools=TOOLS, tool_choice={
        "type": "function", "function": {"name": "get_tide"}})
    assert forced.choices[0].message.tool_calls[0].function.name == "get_tide"
    asked = [{"role": "user", "content": "When is high tide in Whitby?"}]
    assert not chat.chat.completions.create(model="gpt-4o-mini", messages=asked, tools=TOOLS,
                                            tool_choice="none").choices[0].message.tool_calls


def test_parse_fills_a_pydantic_model_and_an_address_in_angle_brackets_is_kept(chat) -> None:
    parsed = chat.chat.completions.parse(model="gpt-4o-mini", response_format=Contact, messages=[
        {"role": "user", "content": "Linus Torvalds <linus@kernel.org> from the Linux Foundation"}])
    assert parsed.choices[0].message.parsed == Contact(name="Linus Torvalds", email="linus@kernel.org",
                                                        company="Linux Foundation")


def test_a_labelled_contact_gives_its_company_not_the_name_and_address() -> None:
    client = offline_client(sync=True)
    parsed = client.chat.completions.parse(model="gpt-4o-mini", response_format=Contact, messages=[
        {"role": "user", "content": "Contact: Ada Lovelace (ada@engine.co.uk), Analytical Engines Ltd"}])
    assert parsed.choices[0].message.parsed.company == "Analytical Engines Ltd"


def test_a_stream_sends_the_text_in_pieces_then_the_usage(chat) -> None:
    pieces, usage = [], None
    for chunk in chat.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "Hi, I'm Bo."}],
                                              stream=True, stream_options={"include_usage": True}):
        pieces += [chunk.choices[0].delta.content or ""] if chunk.choices else []
        usage = chunk.usage or usage
    assert len([p for p in pieces if p]) > 1 and "Bo" in "".join(pieces)
    assert usage is not None and usage.total_tokens > 0


def test_a_streamed_tool_call_arrives_whole(chat) -> None:
    calls = [call for chunk in chat.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": "Tides for Oban, please"}], tools=TOOLS, stream=True)
        for call in (chunk.choices[0].delta.tool_calls or [] if chunk.choices else [])]
    assert [(c.index, c.function.name, json.loads(c.function.arguments)) for c in calls] == [
        (0, "get_tide", {"harbour": "Oban"})]


@pytest.mark.parametrize("extra, param", [({"messages": []}, "messages"), ({"temperature": 3}, "temperature"),
                                          ({"messages": [{"role": "robot", "content": "x"}]}, "messages[0].role")])
def test_a_bad_request_is_the_real_apis_400(chat, extra, param) -> None:
    with pytest.raises(openai.BadRequestError) as raised:
        chat.chat.completions.create(**{"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "x"}], **extra})
    assert raised.value.param == param


async def test_the_sdks_chat_completions_model_calls_tools_keeps_a_session_and_streams() -> None:
    model = OpenAIChatCompletionsModel(model="gpt-4o-mini", openai_client=offline_client())
    skipper = Agent(name="Skipper", instructions="You help sailors with tides.", tools=[get_tide], model=model)
    session = SQLiteSession("chat-completions")
    await Runner.run(skipper, "Hi, I'm Ola from Bergen.", session=session)
    tide = await Runner.run(skipper, "When is high tide in Whitby?", session=session)
    assert [item.raw_item.name for item in tide.new_items if item.type == "tool_call_item"] == ["get_tide"]
    assert "06:10" in tide.final_output
    assert "Bergen" in (await Runner.run(skipper, "Where am I from?", session=session)).final_output
    streamed = Runner.run_streamed(skipper, "And in Oban?", session=session)
    async for _ in streamed.stream_events():
        pass
    assert "Oban" in streamed.final_output


async def test_the_sdks_chat_completions_model_fills_an_output_type() -> None:
    model = OpenAIChatCompletionsModel(model="gpt-4o-mini", openai_client=offline_client())
    extractor = Agent(name="Extractor", instructions="Extract the contact.", output_type=Contact, model=model)
    found = (await Runner.run(extractor, "Grace Hopper, grace@navy.mil, works at Navy Labs")).final_output
    assert found == Contact(name="Grace Hopper", email="grace@navy.mil", company="Navy Labs")


def test_over_http_a_chat_stream_ends_with_done() -> None:
    with serve(OfflineAPI()) as stand_in, openai.OpenAI(base_url=stand_in.url, api_key="sk-anything") as client:
        text = "".join(chunk.choices[0].delta.content or "" for chunk in client.chat.completions.create(
            model="gpt-4o-mini", messages=[{"role": "user", "content": "My dog is called Rex."}], stream=True)
            if chunk.choices)
        unknown = client.with_options(max_retries=0)
        with pytest.raises(openai.NotFoundError):
            unknown.completions.create(model="gpt-3.5-turbo-instruct", prompt="Say hi")
    assert "Rex" in text


def test_n_choices_are_the_same_answer_n_times(chat) -> None:
    answer = chat.chat.completions.create(model="gpt-4o-mini", n=3, messages=[{"role": "user", "content": "I'm Zoe."}])
    assert [choice.index for choice in answer.choices] == [0, 1, 2]
    assert len({choice.message.content for choice in answer.choices}) == 1
