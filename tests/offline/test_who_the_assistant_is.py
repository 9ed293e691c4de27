""""What can you do?" is answered with what the instructions say the assistant is ("You are a shop assistant for
Acme": "I'm a shop assistant for Acme."), and the offline model's account of itself is never a fact of a note."""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def get_order(order_id: str) -> str:
    """Look up an order by its id."""
    return '{"order_id": "%s", "status": "shipped"}' % order_id


@pytest.mark.parametrize("instructions, persona", [
    ("You are a helpful shop assistant for Acme Outdoor. Be concise.", "I'm a helpful shop assistant for Acme Outdoor."),
    ("Be concise. You're the front desk of the Harbour Hotel.", "I'm the front desk of the Harbour Hotel."),
])
async def test_what_can_you_do_says_what_the_instructions_make_it(instructions: str, persona: str) -> None:
    agent = Agent(name="Helper", instructions=instructions, tools=[get_order])
    reply = str((await Runner.run(agent, "What can you do?")).final_output)
    assert reply.startswith(persona) and "get_order" in reply, reply


async def test_the_assistants_account_of_itself_is_no_fact_of_a_note() -> None:
    agent, session = Agent(name="Helper", instructions="Help with orders.", tools=[get_order]), SQLiteSession(":memory:")
    for message in ["What can you do?", "Where is my order A-1001?"]:
        await Runner.run(agent, message, session=session)
    note = str((await Runner.run(agent, "Summarize our conversation so far", session=session)).final_output)
    assert "A-1001" in note and "can only answer" not in note, note
