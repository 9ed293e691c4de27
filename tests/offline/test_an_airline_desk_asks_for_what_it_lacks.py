"""The SDK's customer-service pattern, rebuilt in this file's own code: a triage agent, an FAQ desk with a lookup
tool and a seat desk whose routine asks for a confirmation number and a seat, with one conversation carried across
them. A range from an FAQ answer ("Rows 5-8") is no confirmation number, and a desk that lacks two values asks for
both, then for the one still missing."""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def faq_lookup(question: str) -> str:
    """Look up frequently asked questions."""
    if "seat" in question.lower():
        return "There are 120 seats. Exit rows are rows 4 and 16. Rows 5-8 are Economy Plus, with extra legroom."
    return "Carry-on bags must be under 8 kg."


@function_tool
def update_seat(confirmation_number: str, new_seat: str) -> str:
    """Update the seat for a given confirmation number.

    Args:
        confirmation_number: The confirmation number for the flight.
        new_seat: The new seat to update to.
    """
    return f"Updated seat to {new_seat} for confirmation number {confirmation_number}"


def desks() -> Agent:
    faq = Agent(name="FAQ desk", handoff_description="Answers questions about the airline.",
                instructions="Answer with the FAQ lookup tool; transfer back to triage for anything else.",
                tools=[faq_lookup])
    seats = Agent(name="Seat desk", handoff_description="Changes the seat on a flight.",
                  instructions="1. Ask for their confirmation number. 2. Ask for the seat they want. 3. Update the seat.",
                  tools=[update_seat])
    triage = Agent(name="Triage", instructions="Send each question to the right desk.", handoffs=[faq, seats])
    faq.handoffs.append(triage)
    seats.handoffs.append(triage)
    return triage


async def test_the_seat_desk_asks_for_both_values_then_for_the_one_still_missing() -> None:
    agent, items, replies, updates = desks(), [], [], []
    for text in ("How many seats are on the plane?", "I want to change my seat.", "My confirmation number is QK7731.",
                 "I'd like seat 14C please."):
        result = await Runner.run(agent, [*items, {"role": "user", "content": text}])
        replies.append(result.final_output)
        updates += [json.loads(i.raw_item.arguments) for i in result.new_items
                    if i.type == "tool_call_item" and i.raw_item.name == "update_seat"]
        items, agent = result.to_input_list(), result.last_agent
    assert "120 seats" in replies[0]
    assert "confirmation number and the new seat" in replies[1] and "give them" in replies[1]
    assert "new seat" in replies[2] and "confirmation number" not in replies[2]
    assert updates == [{"confirmation_number": "QK7731", "new_seat": "14C"}]  # never "5-8"


@pytest.mark.parametrize("question", ["How many seats are on the plane?", "How heavy can my carry-on be?"])
async def test_a_question_goes_to_the_desk_that_answers_not_to_the_one_that_changes(question) -> None:
    result = await Runner.run(desks(), question)  # "seats" names the seat desk, but a question changes nothing; a
    assert result.last_agent.name == "FAQ desk"  # "my" in a first message has nothing to recall
    assert "I don't know" not in result.final_output
