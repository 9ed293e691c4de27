"""Whether a careful model calls a tool or hands off, and which one.

A report that gives a record tool's other values opens the record; instructions that say which tool to
call first are followed; a triage agent sends a question to the desk that answers questions (not to the
one that changes things), and a desk sends a question outside its routine back, as its instructions say.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


def calls(result) -> list[tuple[str, dict]]:
    return [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]


@function_tool
def log_incident(description: str, severity: Literal["minor", "major", "critical"], site: str) -> str:
    """Log an incident for the facilities team."""
    return "Incident FAC-88 logged"


@function_tool
def count_dice() -> int:
    """How many dice to roll, from 1 to 6."""
    return 3


@function_tool
def roll_die() -> int:
    """Roll one six-sided die."""
    return 5


async def test_a_reported_fault_that_gives_a_record_tools_values_opens_the_record() -> None:
    agent = Agent(name="facilities", instructions="You help the facilities team.", tools=[log_incident])
    result = await Runner.run(agent, "The lift at site Harbour-2 is stuck between floors. Severity critical.")
    assert [(name, args["severity"], args["site"]) for name, args in calls(result)] == [
        ("log_incident", "critical", "Harbour-2")]


async def test_instructions_that_name_the_tool_to_call_first_are_followed() -> None:
    agent = Agent(name="Dice", instructions="Before anything else, first use the count_dice tool, then roll that many.",
                  tools=[roll_die, count_dice])
    result = await Runner.run(agent, "Hi there")
    assert [name for name, _ in calls(result)][:1] == ["count_dice"]
