"""Whether a careful model calls a tool or hands off, and which one.

A report that gives a record tool's other values opens the record; instructions that say which tool to
call first are followed; a triage agent sends a question to the desk that answers questions (not to the
one that changes things), and a desk sends a question outside its routine back, as its instructions say
(each desk at most once a turn, so the reception can route it on).
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


def calls(result) -> list[tuple[str, dict]]:
    return [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]


def handoffs(result) -> list[str]:
    return [i.raw_item.name for i in result.new_items if i.type == "handoff_call_item"]


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


@function_tool
def rules_search(question: str) -> str:
    """Search the museum's visitor rules."""
    return "Photos without flash are allowed; backpacks go to the cloakroom."


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


def museum() -> tuple[Agent, Agent, Agent]:
    info = Agent(name="Info Desk", handoff_description="An agent that answers questions about the museum.",
                 instructions="Use the rules search to answer.", tools=[rules_search])
    tickets = Agent(name="Ticket Desk", handoff_description="An agent that can cancel or book a ticket for a tour.",
                    instructions="You book and cancel tour tickets. Ask for the booking code. If the visitor asks "
                                 "about anything else, transfer back to the reception agent.")
    reception = Agent(name="Reception", instructions="Send visitors to the right desk.", handoffs=[tickets, info])
    info.handoffs.append(reception)
    tickets.handoffs.append(reception)
    return reception, info, tickets


@pytest.mark.parametrize("question", ["May I take photos inside?", "How many tickets does a tour hold?"])
async def test_a_question_goes_to_the_desk_that_answers_questions(question) -> None:
    reception, info, _ = museum()
    result = await Runner.run(reception, question)
    assert handoffs(result)[:1] == ["transfer_to_info_desk"]
    assert result.last_agent is info


async def test_a_request_to_change_still_goes_to_the_desk_that_changes() -> None:
    reception, _, tickets = museum()
    result = await Runner.run(reception, "Can I cancel my tour ticket?")
    assert handoffs(result)[:1] == ["transfer_to_ticket_desk"]
    assert result.last_agent is tickets


async def test_a_desk_sends_a_question_outside_its_routine_back_as_told() -> None:
    _, info, tickets = museum()
    result = await Runner.run(tickets, "Is the cafe open on Mondays?")
    assert handoffs(result) == ["transfer_to_reception", "transfer_to_info_desk"]  # then reception routes it
    assert result.last_agent is info
    asked = await Runner.run(tickets, "Which tour does my ticket book?")
    assert not handoffs(asked)
