"""Three things a bank or home assistant of one's own meets in a few turns.

- A goodbye calls no tool: "Thanks, bye!" after a balance lookup looked the balance up again (the tool's one
  value was in the conversation, so the goodbye counted as an order that gave it).
- A question for data that changes is looked up afresh when it says every value the tool needs: "What's my
  checking balance now?" after a transfer was answered with the transfer ("You asked me to move...").
- A field whose description lists its options in brackets ("Why the card is frozen (lost, stolen, fraud)") gets
  the one the message says, not the whole message.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def get_balance(account: Literal["checking", "savings"]) -> str:
    """Get the balance of one of the user's accounts."""
    return json.dumps({"account": account, "balance_eur": 1520.40 if account == "checking" else 8800.00})


@function_tool
def transfer(amount_eur: float, from_account: Literal["checking", "savings"],
             to_account: Literal["checking", "savings"]) -> str:
    """Move money between the user's own accounts."""
    return json.dumps({"status": "done", "transfer_id": "TRF-20931"})


@function_tool
def freeze_card(last_four: str, reason: str) -> str:
    """Freeze a payment card.

    Args:
        last_four: The last four digits of the card.
        reason: Why the card is frozen (lost, stolen, fraud).
    """
    return f"Card ending {last_four} frozen."


@function_tool
def read_sensor(room: Literal["kitchen", "bedroom", "garage"]) -> str:
    """Read the temperature sensor of a room."""
    return json.dumps({"room": room, "celsius": 19.5})


@function_tool
def report_problem(category: str, details: str) -> str:
    """Report a problem with an order.

    Args:
        category: The kind of problem (billing, delivery, quality).
        details: What happened.
    """
    return "Reported."


BANK = Agent(name="Bank", instructions="You are a bank's assistant. Use the tools for balances, transfers and cards.",
             tools=[get_balance, transfer, freeze_card])
HOME = Agent(name="Home", instructions="You run the house. Use the tools.", tools=[read_sensor])


async def _calls(agent: Agent, turns: list[str]) -> list[list[tuple[str, dict]]]:
    session, made = SQLiteSession("turns"), []
    for turn in turns:
        result = await Runner.run(agent, turn, session=session)
        made.append([(item.raw_item.name, json.loads(item.raw_item.arguments)) for item in result.new_items
                     if item.type == "tool_call_item"])
    return made


@pytest.mark.parametrize("agent, first, goodbye", [
    (BANK, "How much is in my savings?", "Thanks, bye!"),
    (HOME, "How warm is the kitchen?", "Great, thanks"),
    (HOME, "How warm is the garage?", "Perfect, that is all"),
])
async def test_a_goodbye_calls_no_tool(agent, first, goodbye):
    made = await _calls(agent, [first, goodbye])
    assert made[0] and made[1] == []


@pytest.mark.parametrize("agent, turns, wanted", [
    (BANK, ["Please move 200 euros from savings to checking.", "What's my checking balance now?"],
     ("get_balance", {"account": "checking"})),
    (HOME, ["How warm is the kitchen?", "And what's the bedroom sensor reading?"], ("read_sensor", {"room": "bedroom"})),
])
async def test_a_question_that_says_every_value_a_lookup_needs_is_looked_up(agent, turns, wanted):
    assert (await _calls(agent, turns))[-1] == [wanted]


@pytest.mark.parametrize("agent, message, field, wanted", [
    (BANK, "I lost my card, the one ending in 4417.", "reason", "lost"),
    (BANK, "My card ending 9921 was stolen at the station.", "reason", "stolen"),
    (Agent(name="Shop", instructions="Use report_problem for complaints.", tools=[report_problem]),
     "The delivery came a week late and the box was crushed.", "category", "delivery"),
])
async def test_a_field_gets_the_option_its_description_lists_that_the_message_says(agent, message, field, wanted):
    (call,), = await _calls(agent, [message])
    assert call[1][field] == wanted


async def test_a_follow_up_never_puts_a_value_outside_the_fields_options():
    made = await _calls(HOME, ["How warm is the kitchen?", "What about the attic?", "And the garage?"])
    rooms = [arguments["room"] for calls in made for _, arguments in calls]
    assert rooms == ["kitchen", "garage"]
