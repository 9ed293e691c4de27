"""An age in years is a count of years, a tool that takes nothing is called for what its description says, a text
result listing records by "; " is read a record at a time, and ``tool_choice="required"`` always makes a call.

Outside testers' farrier bookings, boiler survey, vending machine and forge agents. "Our pony Biscuit is 7 years old
and arrived on 2025-04-09." filled ``age_years`` with 2025 (and "installed 2016 so about 9 years old" with 2016),
"Biscuit, aged 7" with 1, and ``max_budget_gbp`` with 7 although no budget was said. "What's in stock?" never called
``machine_inventory()`` ("Return the current stock of every slot"), and "How many colas are left?" was answered with
every slot. A request whose input ends in a tool's output answered in words under ``tool_choice="required"``, where
the real API (and the SDK's warning about ``reset_tool_choice=False``) makes another call.
"""

from __future__ import annotations

import json
from typing import Optional

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


class Pony(BaseModel):
    name: str
    age_years: int
    arrival_date: str
    max_budget_gbp: Optional[float] = None


class Boiler(BaseModel):
    model: str
    age_years: Optional[int] = None
    pressure_bar: float


@pytest.mark.parametrize(("schema", "message", "expected"), [
    (Pony, "Our pony Biscuit is 7 years old and arrived on 2025-04-09.",
     {"name": "Biscuit", "age_years": 7, "arrival_date": "2025-04-09", "max_budget_gbp": None}),
    (Pony, "Just the one pony, Biscuit, aged 7, she arrived 2025-04-09.",
     {"name": "Biscuit", "age_years": 7, "arrival_date": "2025-04-09", "max_budget_gbp": None}),
    (Boiler, "Worcester Greenstar 30i, pressure reading 1.2 bar, installed 2016 so about 9 years old.",
     {"model": "Worcester Greenstar 30i", "age_years": 9, "pressure_bar": 1.2}),
])
async def test_an_age_in_years_is_a_count_of_years(schema, message, expected) -> None:
    agent = Agent(name="Intake", instructions="Extract the record.", output_type=schema)
    assert (await Runner.run(agent, message)).final_output.model_dump() == expected


@function_tool
def machine_inventory() -> str:
    """Return the current stock of every slot in the vending machine."""
    return "A1 crisps: 4 left; A2 flapjack: 0 left; B1 cola: 11 left; B2 water: 7 left"


@function_tool
def cash_box_total() -> float:
    """Return how much cash (in pounds) is in the coin box right now."""
    return 86.40


@function_tool
def restock(slot: str, units: int) -> str:
    """Add units of stock to a slot such as A2."""
    return f"Slot {slot} restocked with {units} units."


async def test_a_tool_taking_nothing_is_called_for_what_it_returns_and_its_records_read_one_at_a_time() -> None:
    agent = Agent(name="Vendo", instructions="You help the operator of a vending machine at Platform 3.",
                  tools=[machine_inventory, cash_box_total, restock])
    [(stock, _), (left, answer)] = await turns(agent, ["What's in stock?", "How many colas are left?"])
    assert [name for name, _ in stock] == ["machine_inventory"] and left == [], (stock, left)
    assert answer == "B1 cola: 11 left.", answer


async def test_a_required_call_is_made_after_a_tools_output_too(client) -> None:
    tools = [{"type": "function", "name": "yard_distance", "description": "Driving distance in km to a livery yard",
              "parameters": {"type": "object", "properties": {"yard": {"type": "string"}}, "required": ["yard"],
                             "additionalProperties": False}, "strict": True}]
    sent = [{"role": "user", "content": "How far is Oakhollow livery yard?"},
            {"type": "function_call", "call_id": "call_1", "name": "yard_distance", "arguments": '{"yard": "Oakhollow"}'},
            {"type": "function_call_output", "call_id": "call_1", "output": "23.5"}]
    required = await client.responses.create(model="gpt-4.1-mini", input=sent, tools=tools, tool_choice="required")
    assert [(item.type, item.name, json.loads(item.arguments)) for item in required.output] == [
        ("function_call", "yard_distance", {"yard": "Oakhollow"})]
    auto = await client.responses.create(model="gpt-4.1-mini", input=sent, tools=tools)
    assert [item.type for item in auto.output] == ["message"] and "23.5" in auto.output_text


def _tool(name: str, description: str, field: str) -> dict:
    return {"type": "function", "name": name, "description": description, "parameters": {
        "type": "object", "properties": {field: {"type": "string"}}, "required": [field]}}


async def test_a_required_call_is_one_still_asked_for_and_never_a_second_charge(client) -> None:
    weather = [{"role": "user", "content": "Weather in Oslo and Bergen?"},
               {"type": "function_call", "call_id": "c0", "name": "get_weather", "arguments": '{"city": "Oslo"}'},
               {"type": "function_call_output", "call_id": "c0", "output": "Oslo: 3C, snow"}]
    asked = await client.responses.create(model="gpt-4.1", input=weather, tool_choice="required",
                                          tools=[_tool("get_weather", "Get weather", "city")])
    assert [(item.name, json.loads(item.arguments)) for item in asked.output] == [("get_weather", {"city": "Bergen"})]
    charged = [{"role": "user", "content": "Charge my card 20 EUR"},
               {"type": "function_call", "call_id": "c0", "name": "charge_card", "arguments": '{"amount": "20 EUR"}'},
               {"type": "function_call_output", "call_id": "c0", "output": "charged 20 EUR"}]
    once = await client.responses.create(model="gpt-4.1", input=charged, tool_choice="required",
                                         tools=[_tool("charge_card", "Charge the customer's card", "amount")])
    assert [item.type for item in once.output] == ["message"], once.output
