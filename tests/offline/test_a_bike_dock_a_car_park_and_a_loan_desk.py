"""Tool agents of an outside tester's: options that share a word, orders not to act, picks from a list, percentages.

Before: "Fan speed in bedroom_south?" read the first option sharing a word (bedroom_north); "German episodes" gave
no language code; "Please don't hold a bike at D-208" reserved one and "Cancel the Old Market one — actually no,
keep it" cancelled it; "Cancel the Old Market one" and "Cancel the second one" cancelled the first booking (its
record's key is "booking", not "booking_id"); "at 5.5% interest" and "an 18% tip" were no percentages.
"""

from __future__ import annotations

from typing import Literal

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def fan_speed(room: Literal["bedroom_north", "bedroom_south", "attic"]) -> str:
    """Read the ceiling-fan speed in a room."""
    return f"{room}: 3"


@function_tool
def panel_output(array_name: Literal["roof_east", "roof_west", "carport"],
                 period: Literal["now", "today", "this_week"] = "now") -> str:
    """Energy produced by one solar array over a period."""
    return f"{array_name}: 12.4 kWh"


@function_tool
def search_episodes(query: str, language: Literal["en", "es", "de"] | None = None) -> str:
    """Search podcast episodes, optionally in one language."""
    return f"3 episodes for {query}"


@pytest.mark.parametrize(("tool", "message", "field", "value"), [
    (fan_speed, "What's the fan speed in the south bedroom?", "room", "bedroom_south"),
    (fan_speed, "Fan speed in bedroom_south?", "room", "bedroom_south"),
    (fan_speed, "Fan speed in the attic?", "room", "attic"),
    (panel_output, "How much has the west roof produced today?", "array_name", "roof_west"),
    (search_episodes, "Search for German episodes about trains.", "language", "de"),
    (search_episodes, "Search episodes about whales in Spanish.", "language", "es"),
])
async def test_the_option_naming_most_of_what_is_said_or_a_languages_code(tool, message, field, value) -> None:
    agent = Agent(name="Home", instructions="Use your tools.", tools=[tool])
    [(calls, _)] = await turns(agent, [message])
    assert len(calls) == 1 and calls[0][1][field] == value, calls


@function_tool
def find_docks(street: str) -> list:
    """Find bike-share docks near a street, with free bikes."""
    return [{"dock_id": "D-114", "name": "Canal Bridge", "free_bikes": 7}]


@function_tool
def reserve_bike(dock_id: str, minutes: int) -> str:
    """Hold a bike at a dock for some minutes."""
    return f"Reservation R-5521 at {dock_id} for {minutes} minutes."


@pytest.mark.parametrize("message", ["Please don't hold a bike at D-208 for 10 minutes, the last one had a flat.",
                                     "Don't reserve anything, I'll walk today."])
async def test_an_order_not_to_act_calls_nothing_and_says_so(message: str) -> None:
    agent = Agent(name="Docks", instructions="Help riders find docks and reserve bikes.",
                  tools=[find_docks, reserve_bike])
    [(calls, reply)] = await turns(agent, [message])
    assert calls == [] and "I won't" in reply and "will don't" not in reply, reply


@function_tool
def my_bookings() -> list:
    """List the driver's current parking bookings."""
    return [{"booking": "P-401", "garage": "Riverside", "price_eur": 14},
            {"booking": "P-417", "garage": "Old Market", "price_eur": 6}]


@function_tool
def cancel_booking(booking_id: str) -> str:
    """Cancel a parking booking by id."""
    return f"Booking {booking_id} cancelled."


PARKING = Agent(name="Park", instructions="Manage the driver's parking.", tools=[my_bookings, cancel_booking])


@pytest.mark.parametrize("message", ["Cancel the Old Market one.", "Cancel the second one."])
async def test_a_booking_picked_from_the_list_by_its_garage_or_its_place(message: str) -> None:
    _, (calls, _) = await turns(PARKING, ["What parking have I booked?", message])
    assert calls == [("cancel_booking", {"booking_id": "P-417"})], calls


async def test_an_order_taken_back_in_the_same_message_is_not_carried_out() -> None:
    _, (calls, _) = await turns(PARKING, ["What parking have I booked?",
                                          "Cancel the Old Market one — actually no, keep it for now."])
    assert calls == [], calls


@function_tool
def monthly_payment(principal: float, annual_rate_pct: float, years: int) -> str:
    """Monthly payment of a loan."""
    return "ok"


@function_tool
def tip(bill: float, percent: int) -> str:
    """Tip on a restaurant bill."""
    return "ok"


@pytest.mark.parametrize(("message", "wanted"), [
    ("I owe $28,500 at 5.5% interest. What would I pay monthly over 10 years?",
     ("monthly_payment", {"principal": 28500, "annual_rate_pct": 5.5, "years": 10})),
    ("My sister owes 12000 at 4.25 percent over 7 years, what's her monthly payment?",
     ("monthly_payment", {"principal": 12000, "annual_rate_pct": 4.25, "years": 7})),
    ("What's an 18% tip on a $64.20 bill?", ("tip", {"bill": 64.2, "percent": 18})),
])
async def test_a_percentage_fills_a_rate_or_a_percent(message: str, wanted) -> None:
    agent = Agent(name="Money", instructions="Use your tools.", tools=[monthly_payment, tip])
    [(calls, _)] = await turns(agent, [message])
    assert calls == [wanted], calls
