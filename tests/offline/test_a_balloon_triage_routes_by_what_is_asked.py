"""A triage agent of a learner's own routes by what is asked, and each desk uses its tool.

An outside tester's balloon-flight triage: "Are there any seats left on 14 June for 3 people?" went to the weather
desk (a question, so never to a desk that books, though that desk "checks availability of slots"); "I cancelled last
month; where's my money? Booking BX-2291." went to flight bookings by the reference's label; "Is it too windy to
fly from Bradgate Park tomorrow?" and "Will the gusts ground us at Ashby Fields?" reached the weather desk, which
never called ``wind_forecast``.
"""

from __future__ import annotations

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def check_flight_slots(date: str, passengers: int) -> str:
    """Look up open hot-air balloon flight slots for a date and party size."""
    return '{"slots": ["06:10 dawn flight"], "seats_left": 7}'


@function_tool
def wind_forecast(launch_site: str) -> dict:
    """Get the surface wind forecast for a launch site."""
    return {"site": launch_site, "wind_knots": 14, "gusts_knots": 22}


@function_tool
def refund_status(booking_ref: str) -> str:
    """Check the status of a refund for a cancelled balloon flight booking."""
    return f"Refund for {booking_ref}: approved, allow 5 working days."


def triage() -> Agent:
    desks = [Agent(name="Flight Bookings", handoff_description="Books balloon flights and checks availability of slots.",
                   instructions="You book balloon flights. Use check_flight_slots.", tools=[check_flight_slots]),
             Agent(name="Weather Desk", instructions="You answer weather questions using wind_forecast.",
                   handoff_description="Answers questions about wind, weather and whether flights will go ahead.",
                   tools=[wind_forecast]),
             Agent(name="Refunds", handoff_description="Handles refunds and cancellations of existing bookings.",
                   instructions="You handle refunds. Use refund_status.", tools=[refund_status])]
    return Agent(name="Triage", instructions="Route the customer to the right specialist.", handoffs=desks)


@pytest.mark.parametrize(("message", "calls"), [
    ("Are there any seats left on 14 June for 3 people?",
     [("check_flight_slots", {"date": "14 June", "passengers": 3})]),
    ("I cancelled last month; where's my money? Booking BX-2291.",
     [("refund_status", {"booking_ref": "BX-2291"})]),
    ("Is it too windy to fly from Bradgate Park tomorrow?",
     [("wind_forecast", {"launch_site": "Bradgate Park"})]),
    ("Will the gusts ground us at Ashby Fields?",
     [("wind_forecast", {"launch_site": "Ashby Fields"})])])
async def test_each_message_reaches_the_desk_it_asks_for_and_its_tool(message, calls) -> None:
    [(made, _)] = await turns(triage(), [message])  # (each tool is one desk's: its call shows the route)
    assert made == calls, made
