"""Two replies of an agent with no tools: an order to act in the world, and "how much" asked of a statement with no
amount.

Before, "Remind me to call mum at 6." got "Noted: remind you to call mum at 6." (as if a reminder were set) and
"How much do I owe Sam?" after "Hi, I'm Sam." got "You told me: you're Sam."
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

pytestmark = pytest.mark.usefixtures("api")


async def _replies(turns: list[str]) -> list[str]:
    agent, session = Agent(name="Helper", instructions="You are a personal assistant."), SQLiteSession("orders")
    return [(await Runner.run(agent, turn, session=session)).final_output for turn in turns]


@pytest.mark.parametrize("order", ["Remind me to call mum at 6.", "Please book a taxi to the airport for 7am.",
                                   "Send Priya the slides tonight."])
async def test_an_order_no_tool_can_carry_out_is_refused(order):
    reply = (await _replies([order]))[0]
    assert reply.startswith("I can't do that") and not reply.startswith("Noted")


@pytest.mark.parametrize("told", ["Call me Sam.", "call yourself Juniper from now on"])
async def test_a_name_is_no_order_to_act(told):
    assert (await _replies([told]))[0].startswith("Noted")


@pytest.mark.parametrize("turns, kept", [
    (["Hi, I'm Sam.", "How much do I owe Sam?"], None),
    (["I borrowed 40 euros from Sam last week.", "How much do I owe Sam?"], "40 euros"),
])
async def test_how_much_is_answered_only_by_a_statement_with_an_amount(turns, kept):
    reply = (await _replies(turns))[-1]
    assert (kept in reply) if kept else reply.startswith("I don't know")
