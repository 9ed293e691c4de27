"""A value the model asked for, given in the next message ("It's PC-2231.", or just "PC-2231"), completes the request
it was asked for, with what that request said ("it's too small" as the reason); a later lookup takes the order's id,
not the id a result gave something else ("Return R-2231 started for PC-2231")."""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def get_order(order_id: str) -> str:
    """Look up an order by its id."""
    return f"Order {order_id}: shipped, arriving Thursday."


@function_tool
def start_return(order_id: str, reason: str) -> str:
    """Start a return for an order."""
    return f"Return R-{order_id[-4:]} started for {order_id} ({reason})."


@function_tool
def get_balance(account_number: str) -> str:
    """Get an account's balance."""
    return f"Account {account_number}: 1,204.50 EUR."


SHOP = Agent(name="Shop", instructions="You help shop customers with orders and returns.", tools=[get_order, start_return])
BANK = Agent(name="Bank", instructions="You help bank customers.", tools=[get_balance])


def calls(result) -> list[tuple[str, dict]]:
    return [(item.raw_item.name, json.loads(item.raw_item.arguments)) for item in result.new_items
            if item.type == "tool_call_item"]


@pytest.mark.parametrize(("agent", "asked", "given", "call"), [
    (SHOP, "Where is my order?", "It's PC-2231.", ("get_order", {"order_id": "PC-2231"})),
    (SHOP, "I'd like to return my jacket, it's too small.", "PC-2231",
     ("start_return", {"order_id": "PC-2231", "reason": "it's too small"})),
    (BANK, "What's my balance?", "My account number is 4471-22.", ("get_balance", {"account_number": "4471-22"})),
])
async def test_the_value_asked_for_completes_the_request(agent, asked, given, call) -> None:
    session = SQLiteSession("asked")
    first = await Runner.run(agent, asked, session=session)
    assert calls(first) == [] and "Could you give it to me?" in first.final_output
    assert calls(await Runner.run(agent, given, session=session)) == [call]


async def test_news_after_the_ask_is_no_value() -> None:
    session = SQLiteSession("asked")
    await Runner.run(SHOP, "Where is my order?", session=session)
    assert calls(await Runner.run(SHOP, "I'd rather you text me than call.", session=session)) == []


async def test_a_later_lookup_takes_the_orders_id_not_the_returns() -> None:
    session = SQLiteSession("asked")
    for text in ("I'd like to return my jacket, it's too small.", "PC-2231"):
        await Runner.run(SHOP, text, session=session)
    result = await Runner.run(SHOP, "When does my order arrive?", session=session)
    assert calls(result) == [("get_order", {"order_id": "PC-2231"})]
