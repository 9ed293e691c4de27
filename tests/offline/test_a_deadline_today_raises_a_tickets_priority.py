"""A ticket's priority enum, when the message names no level: a deadline today, "asap" or "immediately" makes it
high; "when you have time" never does (nor a "Thanks!")."""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def create_ticket(subject: str, description: str, priority: Literal["low", "normal", "high", "urgent"]) -> str:
    """Open a support ticket for the engineering team."""
    return f"Ticket T-8812 opened ({priority})."


AGENT = Agent(name="Support", instructions="Open a ticket for every problem reported.", tools=[create_ticket])


@pytest.mark.parametrize(("message", "priority"), [
    ("Please open a ticket: the export button does nothing and our month-end close is today.", "high"),
    ("Open a ticket: the printer on floor 2 is jammed, we need it fixed asap.", "high"),
    ("Open a ticket: could someone update my email signature when you have time? Thanks!", "low"),
])
async def test_a_deadline_today_makes_the_priority_high(message, priority) -> None:
    result = await Runner.run(AGENT, message)
    [call] = [json.loads(i.raw_item.arguments) for i in result.new_items if i.type == "tool_call_item"]
    assert call["priority"] == priority
