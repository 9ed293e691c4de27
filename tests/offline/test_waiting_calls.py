"""A call that acts on what another makes waits for it, but only when that other call can be made.

"The kettle arrived cracked. Please file a claim for it." names the order (``find_order`` needs its number, not
given) and asks for a claim: the claim is filed at once, not held back behind a look-up that cannot happen and
turned into a question. And the call that waited is made once, not once per value it could have read.
Tools and sentences are our own.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def find_order(order_number: str) -> str:
    """Find an order by its number."""
    return json.dumps({"order_number": order_number, "item": "kettle", "status_list": "delivered"})


@function_tool
def file_claim(description: str) -> str:
    """File a damage claim for the customer."""
    return "Claim CL-3301 filed."


async def test_a_call_waiting_on_one_that_cannot_be_made_is_made_at_once() -> None:
    agent = Agent(name="Claims", instructions="Help customers with damaged goods.", tools=[find_order, file_claim])
    result = await Runner.run(agent, "The kettle arrived cracked from my order. Please file a claim for it.")
    assert [i.raw_item.name for i in result.new_items if i.type == "tool_call_item"][:1] == ["file_claim"]
    assert "CL-3301" in result.final_output


async def test_a_call_waiting_on_one_that_can_be_made_waits_for_its_output() -> None:
    agent = Agent(name="Claims", instructions="Help customers with damaged goods.", tools=[find_order, file_claim])
    result = await Runner.run(agent, "Find order K-5520 and file a claim for it.")
    calls = [i.raw_item for i in result.new_items if i.type == "tool_call_item"]
    assert [c.name for c in calls] == ["find_order", "file_claim"]
    assert "K-5520" in json.loads(calls[1].arguments)["description"]
