"""Tool calls that depend on one another, and questions about every option of a tool's field.

When a second action acts on what the first one makes ("... and text the invoice link to ...", "... and
email the tracking number to ..."), a careful model makes the first call, reads its output, and only
then makes the second, with that output as the message; two independent actions are still called
together. A plural of what a field of options chooses among ("What are the rates?"), or "each", asks
for one call per option.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def create_invoice(customer: str, amount: float) -> str:
    """Create an invoice for a customer."""
    return json.dumps({"invoice_id": "INV-3107", "link": "https://pay.example.com/INV-3107", "amount": amount})


@function_tool
def text_customer(phone_number: str, message: str) -> str:
    """Send a text message to a customer's phone."""
    return "delivered"


@function_tool
def dispatch_order(order_id: str) -> str:
    """Dispatch a customer's order from the warehouse."""
    return json.dumps({"tracking_number": "TRK-88-4410", "carrier": "UPS"})


@function_tool
def email_user(to: str, subject: str, body: str) -> str:
    """Email someone."""
    return "queued"


@function_tool
def get_rate(currency: Literal["EUR", "GBP", "JPY"]) -> str:
    """Get today's exchange rate of a currency against the dollar."""
    return {"EUR": "0.92", "GBP": "0.79", "JPY": "151.2"}[currency]


@function_tool
def get_forecast(city: str) -> str:
    """Get the weather forecast for a city."""
    return f"Light rain in {city}"


@function_tool
def get_local_time(city: str) -> str:
    """Get the local time in a city."""
    return "14:05"


async def run(tools, message: str):
    agent = Agent(name="Assistant", instructions="You are a helpful assistant. Use your tools.", tools=tools)
    return await Runner.run(agent, message)


def responses_of_calls(result) -> list[list[tuple[str, dict]]]:
    """The calls of each model response, in order."""
    return [[(i.name, json.loads(i.arguments)) for i in response.output if i.type == "function_call"]
            for response in result.raw_responses]


async def test_a_call_that_sends_what_another_makes_waits_for_its_output() -> None:
    result = await run([create_invoice, text_customer],
                 "Create an invoice for Acme Corp for 250 dollars and text the invoice link to 555-0142.")
    first, second, *_ = responses_of_calls(result)
    assert [name for name, _ in first] == ["create_invoice"]
    (name, arguments), = second
    assert name == "text_customer" and arguments["phone_number"] == "555-0142"
    assert "https://pay.example.com/INV-3107" in arguments["message"]
    assert "Create an invoice" not in arguments["message"]


async def test_an_email_of_a_result_names_it_and_carries_the_output() -> None:
    result = await run([dispatch_order, email_user],
                 "Dispatch order A-1042 and email the tracking number to lee@example.org.")
    first, second, *_ = responses_of_calls(result)
    assert first == [("dispatch_order", {"order_id": "A-1042"})]
    (name, arguments), = second
    assert name == "email_user" and arguments["to"] == "lee@example.org"
    assert "tracking number" in arguments["subject"].lower() and "TRK-88-4410" in arguments["body"]
    assert "Dispatch order" not in arguments["body"]


async def test_independent_actions_are_still_called_together() -> None:
    result = await run([get_forecast, get_local_time], "Get the forecast for Lisbon and get the local time in Tokyo.")
    first, *_ = responses_of_calls(result)
    assert sorted(first, key=str) == [("get_forecast", {"city": "Lisbon"}), ("get_local_time", {"city": "Tokyo"})]


@pytest.mark.parametrize("message", ["What are the rates?", "Give me the rate for each currency."])
async def test_a_plural_of_what_a_field_chooses_calls_the_tool_for_each_option(message: str) -> None:
    result = await run([get_rate], message)
    first, *_ = responses_of_calls(result)
    assert sorted(arguments["currency"] for _, arguments in first) == ["EUR", "GBP", "JPY"]
    assert all(rate in result.final_output for rate in ("0.92", "0.79", "151.2"))


async def test_a_named_option_is_called_alone() -> None:
    first, *_ = responses_of_calls(await run([get_rate], "What's the JPY rate today?"))
    assert first == [("get_rate", {"currency": "JPY"})]
