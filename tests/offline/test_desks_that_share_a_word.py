"""A triage agent whose desks share a word ("insurance" for claims and for sales), followed across turns.

A word every desk's description has names none of them, so a related word decides ("cost" is a quote's); a desk
handed a question its one tool answers asks for what the tool still needs; "And for a Tesla Model 3?" goes to the
desk the question before went to, which redoes its call with the new name (its "3" is no age); "a 3-year-old
driver" holds no identifier.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

from memlab.offline.reading import identifiers

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def check_claim(claim_id: str) -> str:
    """Look up an insurance claim's status by its id (CLM-xxxxx)."""
    return f"{claim_id}: approved, payout 1,250 EUR scheduled for 15 April."


@function_tool
def get_quote(vehicle: str, driver_age: int) -> str:
    """Quote a car insurance premium for a vehicle and the driver's age."""
    return f"Annual premium for a {vehicle} with a {driver_age}-year-old driver: 780 EUR."


@function_tool
def price_trip(destination: str, nights: int) -> str:
    """Price a new package holiday."""
    return f"{nights} nights in {destination}: 940 EUR per person."


@function_tool
def change_booking(booking_ref: str, new_date: str) -> str:
    """Move an existing holiday booking to another date."""
    return f"Booking {booking_ref} moved to {new_date}."


def triage(first: tuple[str, str, object], second: tuple[str, str, object]) -> Agent:
    desks = [Agent(name=name, handoff_description=about, instructions=f"You are the {name}.", tools=[tool])
             for name, about, tool in (first, second)]
    return Agent(name="Front desk", instructions="Route each customer to the right desk.", handoffs=desks)


INSURANCE = triage(("Claims agent", "Handles existing insurance claims: status, documents, payouts.", check_claim),
                   ("Sales agent", "Gives quotes for new car insurance policies.", get_quote))
HOLIDAYS = triage(("Changes desk", "Handles changes to existing holiday bookings.", change_booking),
                  ("Sales desk", "Sells new holidays: packages and their prices.", price_trip))


def calls(result) -> list[tuple[str, dict]]:
    return [(item.raw_item.name, json.loads(item.raw_item.arguments)) for item in result.new_items
            if item.type == "tool_call_item"]


@pytest.mark.parametrize(("agent", "message", "desk", "call"), [
    (INSURANCE, "How much would insurance cost for a Toyota Corolla? I'm 34.", "Sales agent",
     ("get_quote", {"vehicle": "Toyota Corolla", "driver_age": 34})),
    (HOLIDAYS, "What would 5 nights in Crete cost for a holiday?", "Sales desk",
     ("price_trip", {"destination": "Crete", "nights": 5})),
])
async def test_a_word_every_desk_has_leaves_the_choice_to_a_related_one(agent, message, desk, call) -> None:
    result = await Runner.run(agent, message)
    assert result.last_agent.name == desk
    assert calls(result) == [call]


async def test_a_desk_handed_a_question_asks_for_what_its_tool_still_needs() -> None:
    result = await Runner.run(INSURANCE, "How much would insurance cost for a Toyota Corolla?")
    assert result.last_agent.name == "Sales agent" and calls(result) == []
    assert "driver age" in result.final_output and "?" in result.final_output


async def test_asking_on_goes_back_to_the_desk_before_with_the_new_name() -> None:
    session = SQLiteSession("insurance")
    await Runner.run(INSURANCE, "How much would insurance cost for a Toyota Corolla? I'm 34.", session=session)
    result = await Runner.run(INSURANCE, "And for a Tesla Model 3?", session=session)  # the app starts at triage
    assert result.last_agent.name == "Sales agent"
    assert calls(result) == [("get_quote", {"vehicle": "Tesla Model 3", "driver_age": 34})]


def test_an_age_or_a_rating_written_with_dashes_is_no_identifier() -> None:
    assert identifiers("a 3-year-old driver at a 5-star hotel, flat 3-B, ticket ORD-123") == ["3-B", "ORD-123"]
