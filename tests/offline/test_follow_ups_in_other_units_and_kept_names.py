"""Short follow-ups ask the call before again with what they change: "And 5 kg in pounds?" (both units and the
number), "In fahrenheit please" (an option's field, the city kept), "What about in CHF?" (one side); a follow-up
about "it" reads the record the reply before named; a day and its time are one value ("tomorrow at 7am"); a
possessive inside a name stays ("Luigi's Trattoria"); a request is recalled by its verb ("What did I ask you to
remind me about?"); an animal's names answer "What are their names?"."""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def convert_units(value: float, from_unit: str, to_unit: str) -> str:
    """Convert a measurement between units (km, miles, kg, lb, celsius, fahrenheit)."""
    return f"{value} {from_unit} is about 6.2 {to_unit}"


@function_tool
def convert_currency(amount: float, from_currency: str, to_currency: str) -> str:
    """Convert money between currencies."""
    return f"{amount} {from_currency} is 91.3 {to_currency}"


@function_tool
def get_weather(city: str, unit: Literal["c", "f"] = "c") -> str:
    """Current weather for a city."""
    return json.dumps({"city": city, "temp": 18, "unit": unit, "conditions": "light rain"})


@function_tool
def get_refund(order_id: str) -> str:
    """Look up the refund for an order."""
    return json.dumps({"order_id": order_id, "refund_eur": 42.5, "status": "approved"})


@function_tool
def search_flights(origin: str, destination: str) -> str:
    """Search flights between two cities."""
    return json.dumps([{"flight": "LH 1234", "depart": "08:10", "price_eur": 129},
                       {"flight": "BA 99", "depart": "13:45", "price_eur": 98}])


@function_tool
def set_reminder(text: str, when: str) -> str:
    """Set a reminder for the user."""
    return f"Reminder set: {text}, {when}"


@function_tool
def book_table(restaurant: str, people: int, time: str) -> str:
    """Reserve a table at a restaurant."""
    return f"Booked {restaurant} for {people} at {time}."


async def test_a_follow_up_in_other_units_changes_every_unit_it_says() -> None:
    agent = Agent(name="Units", instructions="Convert units for the user.", tools=[convert_units])
    said = await turns(agent, ["How many miles is 10 km?", "And 5 kg in pounds?", "And in grams?"])
    assert said[1][0] == [("convert_units", {"value": 5.0, "from_unit": "kg", "to_unit": "pounds"})]
    assert said[2][0] == [("convert_units", {"value": 5.0, "from_unit": "kg", "to_unit": "grams"})]  # asked again


async def test_a_follow_up_naming_one_currency_changes_one_side() -> None:
    agent = Agent(name="FX", instructions="Convert currencies.", tools=[convert_currency])
    said = await turns(agent, ["Convert 100 USD to EUR", "And 50 GBP to JPY?", "What about in CHF?"])
    assert said[1][0] == [("convert_currency", {"amount": 50.0, "from_currency": "GBP", "to_currency": "JPY"})]
    assert said[2][0] == [("convert_currency", {"amount": 50.0, "from_currency": "GBP", "to_currency": "CHF"})]


async def test_in_a_unit_sets_the_option_and_keeps_the_city() -> None:
    agent = Agent(name="Weather", instructions="Help the user. Use tools when useful.", tools=[get_weather])
    said = await turns(agent, ["What's the weather in Lisbon?", "In fahrenheit please"])
    assert said[1][0] == [("get_weather", {"city": "Lisbon", "unit": "f"})]


async def test_how_much_is_the_amount_of_a_result_fetched_twice() -> None:
    agent = Agent(name="Shop", instructions="You help customers with refunds. Use the tools.", tools=[get_refund])
    said = await turns(agent, ["What's the status of my refund for order 5521?", "Check my refund for order 5521 again",
                               "How much?"])
    assert said[2] == ([], "The refund is 42.5 EUR.")


async def test_it_is_the_record_the_reply_before_named() -> None:
    agent = Agent(name="Travel", instructions="Help the user. Use tools when useful.", tools=[search_flights])
    said = await turns(agent, ["Find me flights from Berlin to Lisbon", "Which one is cheapest?", "What time does it leave?"])
    assert "BA 99" in said[1][1]
    assert said[2] == ([], "For BA 99, the depart is 13:45.")


@pytest.mark.parametrize("message", ["Remind me to pack an umbrella tomorrow at 7am",
                                     "Remind me to pack an umbrella at 7am tomorrow"])
async def test_a_day_and_its_time_are_one_reminder(message: str) -> None:
    agent = Agent(name="Assistant", instructions="Help the user.", tools=[set_reminder])
    [(calls, _)] = await turns(agent, [message])
    assert [arguments["when"] for _, arguments in calls] in (["tomorrow at 7am"], ["7am tomorrow"])


async def test_a_request_is_recalled_by_the_verb_asked_about() -> None:
    agent = Agent(name="Assistant", instructions="Help the user.", tools=[set_reminder])
    said = await turns(agent, ["Remind me to pack an umbrella tomorrow at 7am", "Thanks! How are you?",
                               "What did I ask you to remind me about?"])
    assert said[2][1] == "You asked me to remind you to pack an umbrella tomorrow at 7am."


async def test_a_possessive_inside_a_name_stays() -> None:
    agent = Agent(name="Concierge", instructions="You book restaurants.", tools=[book_table])
    [(calls, _)] = await turns(agent, ["Book a table at Luigi's Trattoria for 4 at 7:30pm"])
    assert calls == [("book_table", {"restaurant": "Luigi's Trattoria", "people": 4, "time": "7:30pm"})]


async def test_their_names_are_the_names_given_to_them() -> None:
    agent = Agent(name="Friend", instructions="You are a friendly assistant.")
    said = await turns(agent, ["I have two cats called Miso and Tofu.", "What are their names?"])
    assert "Miso and Tofu" in said[1][1]


def respond(inputs: list[dict], tools: list[dict]) -> list:
    """The offline model's output for a request (a call as (name, arguments), a message as its text)."""
    from memlab.offline.api import OfflineAPI

    out = OfflineAPI().respond({"model": "gpt-4.1-mini", "instructions": "Help.", "input": inputs, "tools": tools})
    return [(o["name"], json.loads(o["arguments"])) if o["type"] == "function_call" else o["content"][0]["text"]
            for o in out["output"]]


def schema_tool(name: str, properties: dict) -> dict:
    return {"type": "function", "name": name, "description": "", "parameters": {
        "type": "object", "properties": properties, "required": list(properties)}}


def user(text: str) -> dict:
    return {"role": "user", "content": text}


REMIND = schema_tool("set_reminder", {"text": {"type": "string"}, "when": {"type": "string"}})
WEATHER = schema_tool("get_weather", {"city": {"type": "string"}})
PARIS = [user("What's the weather in Paris?"),
         {"type": "function_call", "call_id": "c1", "name": "get_weather", "arguments": '{"city": "Paris"}'},
         {"type": "function_call_output", "call_id": "c1", "output": "{'city': 'Paris', 'temp': 20, 'tags': {'dry'}}"},
         {"role": "assistant", "content": "20 degrees in Paris."}]


def test_a_day_and_its_time_merge_without_breaking_what_is_around_them() -> None:
    assert respond([user("Remind me to call Ana tomorrow at")], [REMIND]) == [
        ("set_reminder", {"text": "call Ana", "when": "tomorrow"})]  # "at" and nothing after it
    assert respond([user("Leave at 6 and remind me tomorrow at 7am to call Ana")], [REMIND]) == [
        ("set_reminder", {"text": "call Ana", "when": "tomorrow at 7am"})]


def test_in_a_word_corrects_only_an_option_a_unit_or_a_place() -> None:
    for message in ("In celsius?", "In short?"):
        assert not any(isinstance(out, tuple) for out in respond([*PARIS, user(message)], [WEATHER])), message
    assert respond([*PARIS, user("In Rome?")], [WEATHER]) == [("get_weather", {"city": "Rome"})]
    assert respond([*PARIS, user("What is the temperature?")], [WEATHER])  # a result in Python's repr (a set): read


def test_a_follow_up_changes_an_option_only_when_it_names_one() -> None:
    search = schema_tool("search_articles", {"query": {"type": "string"}, "category": {
        "type": "string", "enum": ["billing", "technical", "question"]}})
    before = [user("Find articles about refunds in billing"),
              {"type": "function_call", "call_id": "c1", "name": "search_articles",
               "arguments": '{"query": "refunds", "category": "billing"}'},
              {"type": "function_call_output", "call_id": "c1", "output": "[]"},
              {"role": "assistant", "content": "Nothing found."}]
    assert respond([*before, user("What about password resets?")], [search]) == [
        ("search_articles", {"query": "password resets", "category": "billing"})]
    runner = schema_tool("register_runner", {"name": {"type": "string"}, "sex": {"type": "string", "enum": ["m", "f"]}})
    called = respond([user("Sign up Ana Lopez, female, for the 10 mile race")], [runner])
    assert all(out[1]["sex"] != "m" for out in called if isinstance(out, tuple))  # "mile" is no "m"


def test_same_day_timestamps_compare_by_their_time() -> None:
    flights = schema_tool("search_flights", {"origin": {"type": "string"}})
    found = [user("Flights from Lisbon please"),
             {"type": "function_call", "call_id": "c1", "name": "search_flights", "arguments": '{"origin": "Lisbon"}'},
             {"type": "function_call_output", "call_id": "c1", "output": json.dumps([
                 {"flight": "LH 1", "departure": "2025-06-05T14:00"}, {"flight": "BA 2", "departure": "2025-06-05T09:00"}])},
             {"role": "assistant", "content": "I found 2 flights."}]
    [reply] = respond([*found, user("Which one leaves earliest?")], [flights])
    assert "BA 2" in reply and "LH 1" not in reply
