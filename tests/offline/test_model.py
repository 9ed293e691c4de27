"""The offline model answers any agent from what it is sent: its tools, handoffs, output types and prompts.

Every agent here is written for this file, with tools and schemas memlab's
scenario does not have; they run through the real ``Runner`` on the offline
model (the ``api`` fixture), as a learner's own agent would.
"""

from __future__ import annotations

import json
from typing import Literal

import jsonschema
import pytest
from agents import Agent, ModelSettings, Runner, SQLiteSession, function_tool, handoff
from pydantic import BaseModel, Field

from memlab.items import assistant, user
from memlab.offline.api import OfflineAPI
from memlab.offline.model import Request, respond

pytestmark = pytest.mark.usefixtures("api")

MODEL = "gpt-4.1-mini"


# ------------------------------------------------------------------ tools


@function_tool
def get_forecast(city: str, days: int = 1) -> str:
    """Get the weather forecast for a city.

    Args:
        city: The city to forecast.
        days: How many days ahead, 1 to 7.
    """
    return json.dumps({"city": city, "days": days, "outlook": "light rain", "high_c": 14})


@function_tool
def find_flight(flight_number: str) -> str:
    """Look up a flight's departure gate and status.

    Args:
        flight_number: The flight number, such as BA-2490.
    """
    return f"Flight {flight_number} leaves from gate B12 and is on time."


@function_tool
def convert_currency(amount: float, currency: Literal["EUR", "USD", "GBP"]) -> str:
    """Convert an amount of money into euros.

    Args:
        amount: How much money.
        currency: The currency the amount is in.
    """
    return json.dumps({"euros": round(amount * {"EUR": 1, "USD": 0.9, "GBP": 1.2}[currency], 2)})


def travel_agent(**settings) -> Agent:
    return Agent(name="Travel desk", instructions="You help travellers. Use your tools.", model=MODEL,
                 tools=[get_forecast, find_flight, convert_currency], **settings)


def calls(result) -> list[tuple[str, dict]]:
    return [(item.raw_item.name, json.loads(item.raw_item.arguments)) for item in result.new_items
            if item.type == "tool_call_item"]


async def test_the_tool_whose_name_fits_the_message_is_called_with_the_users_words() -> None:
    result = await Runner.run(travel_agent(), "What's the forecast in Lisbon for the next 3 days?")
    assert calls(result) == [("get_forecast", {"city": "Lisbon", "days": 3})]
    assert "light rain" in result.final_output  # answered from the tool's JSON output


async def test_an_argument_shaped_like_the_example_in_its_description_is_taken_from_the_conversation() -> None:
    agent = travel_agent()
    session = SQLiteSession("trip")
    await Runner.run(agent, "Hello, I'm booked on BA-2490 tomorrow and my hotel is the Hotel Lux.", session=session)
    later = await Runner.run(agent, "Is my flight on time?", session=session)
    assert calls(later) == [("find_flight", {"flight_number": "BA-2490"})]
    assert "gate B12" in later.final_output


async def test_an_enum_argument_takes_the_value_the_user_names() -> None:
    result = await Runner.run(travel_agent(), "Please convert 250 USD for me.")
    assert calls(result) == [("convert_currency", {"amount": 250, "currency": "USD"})]
    assert "225.0" in result.final_output


async def test_a_message_that_asks_for_two_things_calls_two_tools() -> None:
    result = await Runner.run(travel_agent(), "Check flight BA-2490 and the forecast in Oslo.")
    assert sorted(name for name, _ in calls(result)) == ["find_flight", "get_forecast"]


async def test_no_tool_fits_no_tool_is_called_and_the_answer_is_honest() -> None:
    result = await Runner.run(travel_agent(), "Who won the football match yesterday?")
    assert calls(result) == []
    assert result.final_output.startswith("I don't know")


async def test_a_required_argument_the_conversation_does_not_hold_is_asked_for() -> None:
    result = await Runner.run(travel_agent(), "Is my flight on time?")
    assert calls(result) == []
    assert "flight number" in result.final_output


@pytest.mark.parametrize(("choice", "expected"), [
    ("required", ["get_forecast"]),
    ("find_flight", ["find_flight"]),
    ("none", []),
])
async def test_tool_choice_forces_names_or_forbids_a_tool(choice, expected) -> None:
    settings = ModelSettings(tool_choice=choice)
    result = await Runner.run(travel_agent(model_settings=settings), "Any news about the weather in Rome?")
    assert [name for name, _ in calls(result)][:1] == expected


async def test_tool_choice_naming_an_absent_tool_is_the_apis_400(api) -> None:
    body = {"model": MODEL, "input": "hi", "tool_choice": {"type": "function", "name": "nowhere"},
            "tools": [{"type": "function", "name": "somewhere", "parameters": {"type": "object", "properties": {}}}]}
    with pytest.raises(Exception, match="Tool choice 'nowhere' not found"):
        api.respond(body)


async def test_any_tool_output_shape_is_answered_never_a_500() -> None:
    @function_tool
    def lookup_order(order_id: str) -> str:
        """Look up an order.

        Args:
            order_id: The order number.
        """
        return json.dumps({"status": "shipped"})  # not the scenario's shape: no order_id, no product

    @function_tool
    def list_items() -> str:
        """List the items in the basket."""
        return json.dumps([{"sku": "A-1", "qty": 2}, "gift wrap", 3])

    agent = Agent(name="Shop", instructions="Help.", model=MODEL, tools=[lookup_order, list_items])
    first = await Runner.run(agent, "Please look up order 77 for me.")
    assert "shipped" in first.final_output
    second = await Runner.run(agent, "Please list the items in my basket.")
    assert "gift wrap" in second.final_output and "A-1" in second.final_output


class Address(BaseModel):
    street: str
    city: str


class Booking(BaseModel):
    guests: int = Field(ge=1, le=8)
    address: Address
    notes: list[str]


async def test_arguments_validate_against_a_strict_nested_schema() -> None:
    @function_tool
    def book_table(booking: Booking) -> str:
        """Book a table at the restaurant."""
        return "booked"

    agent = Agent(name="Host", instructions="Book tables.", model=MODEL, tools=[book_table])
    result = await Runner.run(agent, "Please book a table for 4 in Paris.")
    (name, arguments), = calls(result)
    jsonschema.validate(arguments, book_table.params_json_schema)
    assert arguments["booking"]["guests"] == 4 and arguments["booking"]["address"]["city"] == "Paris"


# ------------------------------------------------------------------ handoffs and agents as tools


def desks() -> tuple[Agent, Agent, Agent]:
    billing = Agent(name="Billing", handoff_description="Invoices, refunds and payment questions.",
                    instructions="You handle billing.", model=MODEL)
    repairs = Agent(name="Repairs", handoff_description="Broken devices and repair bookings.",
                    instructions="You handle repairs.", model=MODEL)
    triage = Agent(name="Triage", instructions="Route the customer to the right desk.", model=MODEL,
                   handoffs=[billing, handoff(repairs)])
    return triage, billing, repairs


@pytest.mark.parametrize(("said", "desk"), [
    ("I was charged twice on my last invoice.", "Billing"),
    ("My screen is broken, can you book a repair?", "Repairs"),
])
async def test_a_triage_agent_hands_off_by_the_handoff_description(said, desk) -> None:
    triage, _, _ = desks()
    result = await Runner.run(triage, said)
    assert result.last_agent.name == desk
    assert [i.type for i in result.new_items][:2] == ["handoff_call_item", "handoff_output_item"]


async def test_an_agent_used_as_a_tool_is_called_with_the_users_message() -> None:
    checker = Agent(name="Spell checker", instructions="You list the misspelled words.", model=MODEL)
    writer = Agent(name="Writer", instructions="You help with texts; use your tools.", model=MODEL,
                   tools=[checker.as_tool(tool_name="check_spelling", tool_description="Check a text's spelling.")])
    result = await Runner.run(writer, "Please check the spelling of: 'recieve the pakage'.")
    ((name, arguments),) = calls(result)
    assert name == "check_spelling" and "recieve the pakage" in arguments["input"]


# ------------------------------------------------------------------ structured output


class Ticket(BaseModel):
    category: Literal["billing", "technical", "other"]
    urgent: bool
    order_id: str = Field(description="The order number, such as ORD-12345.")
    summary: str


async def test_an_output_type_gets_json_valid_against_its_schema_filled_from_the_request() -> None:
    agent = Agent(name="Sorter", instructions="Sort the customer's message.", model=MODEL, output_type=Ticket)
    result = await Runner.run(agent, "Urgent: my technical problem with order ORD-55501 is still not fixed.")
    ticket = result.final_output
    assert isinstance(ticket, Ticket)
    assert ticket.category == "technical" and ticket.urgent is True and ticket.order_id == "ORD-55501"


async def test_responses_parse_gets_an_instance_of_the_model(client) -> None:
    parsed = await client.responses.parse(model=MODEL, input="Billing question about ORD-10001.", text_format=Ticket)
    assert parsed.output_parsed.category == "billing" and parsed.output_parsed.order_id == "ORD-10001"


def test_a_schema_with_refs_arrays_and_nullable_fields_is_filled(api) -> None:
    schema = {"type": "object", "required": ["people", "when"], "additionalProperties": False,
              "properties": {"people": {"type": "array", "items": {"$ref": "#/$defs/Person"}, "minItems": 2},
                             "when": {"anyOf": [{"type": "null"}, {"type": "string", "format": "date"}]}},
              "$defs": {"Person": {"type": "object", "required": ["name", "age"], "additionalProperties": False,
                                   "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0}}}}}
    body = {"model": MODEL, "input": "Ana and Rui arrive on 2026-05-04.",
            "text": {"format": {"type": "json_schema", "name": "plan", "schema": schema, "strict": True}}}
    text = api.respond(body)["output"][0]["content"][0]["text"]
    value = json.loads(text)
    jsonschema.validate(value, schema)
    assert value["when"] == "2026-05-04"


# ------------------------------------------------------------------ answering, refusing, reasoning


def answer(*items) -> str:
    (reply,) = [i for i in respond(Request.read({"model": MODEL}, list(items))) if i["type"] == "message"]
    return reply["content"][0]["text"]


def test_a_question_outside_any_script_gets_one_honest_sentence() -> None:
    reply = answer(user("What is the boiling point of mercury?"))
    assert reply.startswith("I don't know") and "only answer from what I was sent" in reply
    assert "Could you tell me a bit more" not in reply


def test_a_question_is_answered_from_what_the_conversation_holds() -> None:
    reply = answer(user("Our wedding is at the Quinta da Regaleira."), assistant("Lovely!"),
                   user("Where is the wedding?"))
    assert "Quinta da Regaleira" in reply


def test_the_instructions_answer_what_they_state() -> None:
    body = {"model": MODEL, "instructions": "Facts:\n- Parking: the car park on Rua Nova is free after 19:00."}
    (reply,) = respond(Request.read(body, [user("Is there parking nearby?")]))
    assert "Rua Nova" in reply["content"][0]["text"]


@pytest.mark.parametrize("model", ["o3-mini", "gpt-5", "gpt-5-mini"])
def test_a_reasoning_model_returns_a_reasoning_item_first(api, model) -> None:
    response = api.respond({"model": model, "input": "hi", "include": ["reasoning.encrypted_content"]})
    first, second = response["output"]
    assert first["type"] == "reasoning" and first["encrypted_content"] and second["type"] == "message"
    plain = api.respond({"model": "gpt-4.1", "input": "hi"})
    assert [item["type"] for item in plain["output"]] == ["message"]


async def test_a_reasoning_items_follower_is_checked_when_it_is_sent_back(api) -> None:
    agent = Agent(name="Thinker", instructions="Help.", model="o4-mini")
    first = await Runner.run(agent, "hello")
    history = first.to_input_list()
    assert [i.get("type") for i in history][1] == "reasoning"
    cut = [item for item in history if item.get("type") != "message" or item.get("role") == "user"]
    with pytest.raises(Exception, match="without its required following item"):
        api.respond({"model": "o4-mini", "input": cut + [{"role": "user", "content": "again"}]})


# ------------------------------------------------------------------ a scripted reply


def test_a_scripted_reply_decides_the_output_and_everything_else_stays_real() -> None:
    seen = []

    def reply(request: Request):
        seen.append(request.message)
        if "weather" in request.message:
            return {"type": "function_call", "name": "get_forecast", "arguments": {"city": "Faro"}}
        return None  # the offline model answers

    api = OfflineAPI(reply=reply)
    tools = [{"type": "function", "name": "get_forecast", "parameters": {"type": "object", "properties": {}}}]
    scripted = api.respond({"model": MODEL, "input": "How is the weather?", "tools": tools})
    (call,) = scripted["output"]
    assert call["type"] == "function_call" and json.loads(call["arguments"]) == {"city": "Faro"} and call["call_id"]
    assert scripted["usage"]["input_tokens"] > 0
    plain = api.respond({"model": MODEL, "input": "Hello"})
    assert plain["output"][0]["content"][0]["text"].startswith("Hello")
    assert seen == ["How is the weather?", "Hello"]


async def test_a_tool_argument_can_come_from_a_summary_note() -> None:
    """After summarizing, the flight number lives only in the note; the tool is still called with it."""
    note = assistant("## Trip\n- flight BA-2490 to Lisbon on Friday\n\n## Open\n- the traveller wants the gate")
    items = [user("Summary of the conversation so far (for context)."), note, user("Please look up my flight.")]
    result = await Runner.run(travel_agent(), items)
    assert calls(result) == [("find_flight", {"flight_number": "BA-2490"})]
