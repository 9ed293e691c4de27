"""A learner's trip planner that calls two agents as tools: each gets its clause of the request, and a question
comparing the results ("What's the cheapest flight...?") is answered with the one it picks, in the turn the results
arrive (not only when asked again later)."""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def search_flights(origin: str, destination: str, date: str) -> str:
    """Search flights. Date is YYYY-MM-DD."""
    return json.dumps([{"flight": "LX 1823", "depart": f"{date}T07:10", "price_eur": 189},
                       {"flight": "EW 7741", "depart": f"{date}T13:45", "price_eur": 142}])


@function_tool
def search_hotels(city: str, nights: int) -> str:
    """Search hotels in a city for a number of nights."""
    return json.dumps([{"hotel": "Hotel Adler", "price_per_night_eur": 120}, {"hotel": "Casa Lumen", "price_per_night_eur": 95}])


FLIGHTS = Agent(name="Flights", instructions="Find flights with search_flights. Today is 2025-05-01.", tools=[search_flights])
HOTELS = Agent(name="Hotels", instructions="Find hotels with search_hotels.", tools=[search_hotels])
PLANNER = Agent(name="Planner", instructions="Plan trips with the flights and hotels tools.", tools=[
    FLIGHTS.as_tool(tool_name="flights", tool_description="Finds flights between two cities on a date."),
    HOTELS.as_tool(tool_name="hotels", tool_description="Finds hotels in a city for some nights.")])


async def test_each_agent_gets_its_clause() -> None:
    result = await Runner.run(PLANNER, "Find me a flight from Zurich to Lisbon on 12 May and a hotel in Lisbon for 3 nights.")
    called = {item.raw_item.name: json.loads(item.raw_item.arguments)["input"] for item in result.new_items
              if item.type == "tool_call_item"}
    assert "Zurich to Lisbon" in called["flights"] and "hotel" not in called["flights"]
    assert "3 nights" in called["hotels"] and "Casa Lumen" in result.final_output


@pytest.mark.parametrize(("question", "picked", "other"), [
    ("What's the cheapest flight from Zurich to Lisbon on 12 May?", "EW 7741", "LX 1823"),
    ("Which hotel in Lisbon is the most expensive for 2 nights?", "Hotel Adler", "Casa Lumen"),
])
async def test_a_comparison_asked_with_the_search_is_answered_with_its_pick(question, picked, other) -> None:
    answer = (await Runner.run(PLANNER, question)).final_output
    assert picked in answer and other not in answer
