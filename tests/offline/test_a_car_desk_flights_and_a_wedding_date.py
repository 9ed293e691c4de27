"""Follow-ups an outside tester typed: a car booking's cost, a flight tomorrow, a wedding's date asked again.

"What did that cost?" after a booking that returned ``total_eur`` once got "I don't know"; "and for tomorrow?" called
``flight_status(date="tomorrow")``; "Is AF77 flying today?" called nothing (the example "LH1234" was read as "LH"
followed by digits); "What was the date of the wedding again?" answered with the wedding's budget; "Remind me of
everything we've decided so far." got "I can't do that", and "Summarise what we've agreed." a support ticket's
"Problem:" and "Status:".
"""

from __future__ import annotations

import pytest
from agents import Agent, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def book_car(car_id: str, pickup_date: str, days: int) -> dict:
    """Book a rental car by car id.

    Args:
        car_id: id like CR-512
        pickup_date: YYYY-MM-DD
        days: rental days
    """
    return {"booking_id": "RB-4470", "car": "Volvo XC60", "days": days, "total_eur": 78.0 * days}


@pytest.mark.parametrize("question", ["What did that cost?", "What was the cost?", "How much did it cost?"])
async def test_a_cost_asked_after_a_booking_is_its_total(question: str) -> None:
    agent = Agent(name="RentalDesk", instructions="You are a car-rental desk.", tools=[book_car])
    replies = await turns(agent, ["Book CR-512 for 4 days from 2025-06-10", question])
    assert replies[1] == ([], "The total is 312.0 EUR.")


FLIGHTS = {("LH1234", "2025-05-01"): "Flight LH1234 on 2025-05-01: delayed, gate B12.",
           ("LH1234", "2025-05-02"): "Flight LH1234 on 2025-05-02: on time, gate B14.",
           ("AF77", "2025-05-01"): "Flight AF77 on 2025-05-01: cancelled."}


@function_tool
def flight_status(flight_number: str, date: str) -> str:
    """Get the status of a flight on a given date.

    Args:
        flight_number: IATA flight number such as LH1234
        date: departure date YYYY-MM-DD
    """
    return FLIGHTS.get((flight_number, date), "No such flight found.")


async def test_a_flight_tomorrow_and_another_flight_today() -> None:
    agent = Agent(name="FlightStatus", instructions="You answer flight status questions. Today is 2025-05-01.",
                  tools=[flight_status])
    replies = await turns(agent, ["What's the status of LH1234 today?", "and for tomorrow?", "Is AF77 flying today?"])
    assert [calls for calls, _ in replies] == [
        [("flight_status", {"flight_number": "LH1234", "date": "2025-05-01"})],
        [("flight_status", {"flight_number": "LH1234", "date": "2025-05-02"})],
        [("flight_status", {"flight_number": "AF77", "date": "2025-05-01"})]]
    assert "cancelled" in replies[2][1]


async def test_the_date_asked_again_is_the_date_told() -> None:
    agent = Agent(name="Planner", instructions="You are a wedding planner. Answer questions about the details.")
    replies = await turns(agent, ["Ines and I are getting married in Portugal. The date is 12 June 2026.",
                                  "Our budget for the whole wedding is 32,000 euros.",
                                  "What was the date of the wedding again?"])
    assert "12 June 2026" in replies[2][1] and "32,000" not in replies[2][1], replies[2][1]


@pytest.mark.parametrize("asked", ["Remind me of everything we've decided so far.", "Summarise what we've agreed."])
async def test_a_recap_of_plans_tells_what_was_decided_as_it_now_is(asked: str) -> None:
    agent = Agent(name="Planner", instructions="You are a wedding planner. Keep track of the details.")
    replies = await turns(agent, ["Ines and I are getting married in Portugal. The date is 12 June 2026.",
                                  "Our budget is 32,000 euros.", "We chose Casa do Lago as the venue.",
                                  "Actually the date is 14 June 2026, not the 12th.", asked])
    recap = replies[-1][1]
    assert recap.startswith("What you told me:\n- ") and "14 June 2026" in recap and "12 June" not in recap, recap
    assert "32,000 euros" in recap and "Casa do Lago" in recap and "Problem" not in recap, recap
