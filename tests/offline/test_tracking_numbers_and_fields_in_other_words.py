"""A question that gives an id the tool looks up calls it, whatever the id's shape ("Where is parcel 1Z999?": a
``tracking_number`` is an id, not a music track to be named); a follow-up asks a result's field in other words ("my
limit per day": ``daily_limit``; "How late is it?": ``delay_minutes``), a yes/no one the flag it names ("Do I need to
sign for it?": ``signature_required``)."""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def track_parcel(tracking_number: str) -> str:
    """Track a parcel."""
    return json.dumps({"tracking_number": tracking_number, "status": "out for delivery", "signature_required": True,
                       "insured": False})


@function_tool
def get_card(card_id: str) -> str:
    """Get a card's settings."""
    return json.dumps({"card_id": card_id, "frozen": False, "daily_limit": 500, "currency": "EUR"})


@function_tool
def flight_status(flight: str) -> str:
    """Get a flight's status."""
    return json.dumps({"flight": flight, "status": "delayed", "delay_minutes": 25, "gate": "B12"})


@pytest.mark.parametrize("message, number", [
    ("Where is parcel 1Z999?", "1Z999"),
    ("Where's my package? Tracking number 1Z999AA10123456784.", "1Z999AA10123456784"),
    ("Where is parcel 12345?", "12345"),
])
async def test_a_question_with_a_tracking_number_tracks_it(message: str, number: str) -> None:
    agent = Agent(name="Parcels", instructions="Help the customer using the tools.", tools=[track_parcel])
    result = await Runner.run(agent, message)
    calls = [item.raw_item for item in result.new_items if item.type == "tool_call_item"]
    assert [json.loads(call.arguments) for call in calls] == [{"tracking_number": number}]
    assert "out for delivery" in result.final_output


@pytest.mark.parametrize("tool, first, question, value", [
    (get_card, "Show me card C-77.", "What is my limit per day?", "500"),
    (flight_status, "Status of flight LH123?", "How late is it?", "25"),
    (track_parcel, "Where is parcel 1Z999?", "Do I need to sign for it?", "Yes"),
    (track_parcel, "Where is parcel 1Z999?", "Is it insured?", "No"),
])
async def test_a_follow_up_asks_a_field_in_other_words(tool, first: str, question: str, value: str) -> None:
    agent = Agent(name="Help", instructions="Help the customer using the tools.", tools=[tool])
    earlier = await Runner.run(agent, first)
    later = await Runner.run(agent, earlier.to_input_list() + [{"role": "user", "content": question}])
    assert value in later.final_output and "don't know" not in later.final_output
    assert not [item for item in later.new_items if item.type == "tool_call_item"]  # answered from the result
