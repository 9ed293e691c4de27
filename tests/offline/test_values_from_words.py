"""Values of a kind read off the user's words, for tool arguments and structured answers.

A count spelled out is a number and a year is no count; "250k" is 250,000; a date or a time takes
the form a tool's description asks for; a list takes the items a sentence joins with "and", and an
optional list the message gives nothing for is left out; a name after "this is" is the whole name.
"""

from __future__ import annotations

import json
from typing import Literal, Optional

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


def arguments(result) -> list[tuple[str, dict]]:
    return [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]


@function_tool
def charter_boat(harbour: str, guests: int, budget: int) -> str:
    """Charter a boat."""
    return "chartered"


async def test_a_count_spelled_out_is_a_number_a_year_is_no_count_and_k_is_thousands() -> None:
    agent = Agent(name="boats", instructions="You charter boats.", tools=[charter_boat])
    result = await Runner.run(agent, "A boat for nine from Porto Azul, on August 3rd 2026, budget 12.5k.")
    assert arguments(result) == [("charter_boat", {"harbour": "Porto Azul", "guests": 9, "budget": 12500})]
