"""A museum's desks, a parcel tracker and an orchestrator of agents as tools, all our own.

A desk that "answers questions about exhibits" takes questions about exhibits, not every question: the SDK's own
words in each desk's description ("handle the request") make no desk one that changes things. A tier the tool's
description lists in brackets ("a membership tier (basic, family, patron)") is read from the message. "Where is my
parcel?" tracks it, never redirects it; "Thanks a lot!" calls nothing, though the user gave an email before. An
English question is no cue for a tool that translates English."""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def exhibit_hours(exhibit: str) -> str:
    """Get opening hours for a museum exhibit."""
    return f"{exhibit}: open 10:00-17:00 Tue-Sun, closed Mondays."


@function_tool
def book_tour(date: str, group_size: int) -> str:
    """Book a guided tour for a group on a date (YYYY-MM-DD)."""
    return f"Tour booked for {group_size} on {date}."


@function_tool
def membership_price(tier: str) -> str:
    """Look up the annual price of a membership tier (basic, family, patron)."""
    return {"basic": "$60", "family": "$120", "patron": "$500"}.get(tier.lower(), "unknown tier")


EXHIBITS = Agent(name="Exhibits Desk", handoff_description="Answers questions about exhibits and opening hours",
                 instructions="Help with exhibits and hours.", tools=[exhibit_hours])
TOURS = Agent(name="Tours Desk", handoff_description="Books guided tours for groups", instructions="Book tours.",
              tools=[book_tour])
MEMBERS = Agent(name="Membership Desk", handoff_description="Membership tiers, prices and renewals",
                instructions="Help with memberships.", tools=[membership_price])
TRIAGE = Agent(name="Museum Triage", instructions="Route visitors to the right desk.", handoffs=[EXHIBITS, TOURS, MEMBERS])


@pytest.mark.parametrize(("question", "tier", "price"), [("How much is a family membership?", "family", "$120"),
                                                          ("How much does the patron membership cost?", "patron", "$500")])
async def test_a_membership_question_goes_to_the_membership_desk(question: str, tier: str, price: str) -> None:
    result = await Runner.run(TRIAGE, question)
    calls = [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]
    assert result.last_agent.name == "Membership Desk"
    assert calls == [("membership_price", {"tier": tier})] and price in str(result.final_output)


async def test_an_exhibit_question_still_goes_to_the_exhibits_desk() -> None:
    result = await Runner.run(TRIAGE, "When is the Egyptian Gallery open?")
    assert result.last_agent.name == "Exhibits Desk" and "10:00-17:00" in str(result.final_output)


@function_tool
def track_parcel(tracking_number: str) -> dict:
    """Track a parcel by its tracking number."""
    return {"tracking_number": tracking_number, "status": "in_transit", "eta": "2026-12-08"}


@function_tool
def redirect_parcel(tracking_number: str, new_address: str) -> str:
    """Redirect a parcel that is still in transit to a new delivery address."""
    return f"Parcel {tracking_number} will now be delivered to {new_address}."


@function_tool
def parcel_count(email: str) -> int:
    """Count how many parcels are registered to a customer email."""
    return 3


async def test_a_parcel_asked_after_is_tracked_and_thanks_call_nothing() -> None:
    agent = Agent(name="Parcels", instructions="You are a parcel tracking assistant.",
                  tools=[track_parcel, redirect_parcel, parcel_count])
    said = await turns(agent, ["Where is my parcel PX-4471?", "How many parcels do I have under jo@mail.fr?",
                               "Thanks a lot!", "Great, thanks for your help!"])
    assert said[0][0] == [("track_parcel", {"tracking_number": "PX-4471"})]
    assert said[1][0] == [("parcel_count", {"email": "jo@mail.fr"})]
    assert said[2][0] == [] and said[3][0] == []


async def test_arithmetic_goes_to_the_calculating_agent_not_the_translator() -> None:
    calculator = Agent(name="Calculator", instructions="Do arithmetic.")
    translator = Agent(name="French Translator", instructions="Translate the user's text into French.")
    orchestrator = Agent(name="Orchestrator", instructions="Use your tools to help the user.", tools=[
        calculator.as_tool(tool_name="calculate", tool_description="Perform arithmetic calculations"),
        translator.as_tool(tool_name="translate_to_french", tool_description="Translate English text to French")])
    said = await turns(orchestrator, ["What is 17.5 times 4?"])
    assert [name for name, _ in said[0][0]] == ["calculate"]
