"""Tool agents that keep what was said: two requests in one message, a rate asked after, a registration told before.

Before: "Convert 250 euros to yen, and tell me the time in Tokyo." converted and never asked the clock; "What was the
rate for the euro conversion?" was answered with the user's own message; after "My bike is a 1968 Triumph Bonneville
T120, registration TPX 412F.", "Please book an MOT for my bike on 2 June 2025." booked the registration "bike" (and
"registration TPX 412F" in one message gave "TPX"); "What's the MOT reference?" left out the reference; "How much is a
clutch cable for my bike?" asked for the year the user had given.
"""

from __future__ import annotations

import pytest
from agents import Agent, function_tool

from ..helpers import turns
from .test_a_fell_ranger_an_irrigation_board_and_a_garage import GARAGE

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def convert_currency(amount: float, from_currency: str, to_currency: str) -> str:
    """Convert an amount between currencies using today's rate. Currencies are ISO 4217 codes like EUR, USD, JPY."""
    rates = {("EUR", "JPY"): 162.4, ("GBP", "USD"): 1.27}
    rate = rates.get((from_currency.upper(), to_currency.upper()), 1.0)
    return f"{amount} {from_currency} = {round(amount * rate, 2)} {to_currency} (rate {rate})"


@function_tool
def world_clock(city: str) -> str:
    """Current local time in a city."""
    return {"tokyo": "Tokyo: 21:14 (UTC+9)", "lima": "Lima: 07:14 (UTC-5)"}.get(city.lower(), f"Unknown city {city}")


TRAVEL = Agent(name="Globetrotter", instructions="You are a travel-prep assistant.", tools=[convert_currency, world_clock])


async def test_two_requests_call_two_tools_and_a_rate_is_told_from_its_result() -> None:
    replies = await turns(TRAVEL, ["Convert 250 euros to yen, and tell me the time in Tokyo.",
                                   "What time is it in Lima, and how much is 80 pounds in dollars?",
                                   "What was the rate for the euro conversion?"])
    assert sorted(name for name, _ in replies[0][0]) == ["convert_currency", "world_clock"], replies[0]
    assert ("world_clock", {"city": "Tokyo"}) in replies[0][0], replies[0]
    assert sorted(name for name, _ in replies[1][0]) == ["convert_currency", "world_clock"], replies[1]
    calls, answer = replies[2]
    assert calls == [] and "162.4" in answer and "1.27" not in answer, replies[2]


async def test_a_registration_told_before_is_booked_and_the_reference_told() -> None:
    replies = await turns(GARAGE, ["My bike is a 1968 Triumph Bonneville T120, registration TPX 412F.",
                                   "Please book an MOT for my bike on 2 June 2025.", "What's the MOT reference?"])
    assert replies[1][0] == [("book_mot", {"registration": "TPX 412F", "date": "2025-06-02"})], replies[1]
    assert "MOT-5531" in replies[2][1], replies[2]


async def test_a_registration_in_the_message_is_read_whole() -> None:
    [(calls, _)] = await turns(GARAGE, ["Please book an MOT for my bike, registration TPX 412F, on 2 June 2025."])
    assert calls == [("book_mot", {"registration": "TPX 412F", "date": "2025-06-02"})], calls


async def test_a_year_told_before_is_not_asked_again() -> None:
    replies = await turns(GARAGE, ["My bike is a 1968 Triumph Bonneville T120.",
                                   "How much is a clutch cable for my bike?"])
    calls, _ = replies[1]
    assert [name for name, _ in calls] == ["parts_price"] and calls[0][1]["year"] == 1968, replies[1]
