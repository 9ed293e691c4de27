"""Which tools a careful model calls for a message, and which actions it asks for.

A verb the message says not to do ("don't publish", "without publishing") never calls the tool it names; an
order that gives every value the one fitting tool needs calls it, even without the tool's words ("Large, oat
milk.", "to 60614" for a zip code), while news about the user that gives them ("I usually have a large with
oat milk") does not; a second clause that asks for an action ("and can you move 40 from W-310 to W-422?") gets
its call too; an umbrella question is a weather question.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


def names(result) -> list[str]:
    return [i.raw_item.name for i in result.new_items if i.type == "tool_call_item"]


@function_tool
def save_post(blog: str, title: str) -> str:
    """Save a blog post as a draft."""
    return "Saved as draft P-12"


@function_tool
def publish_post(blog: str, title: str) -> str:
    """Publish a blog post."""
    return "Published"


@pytest.mark.parametrize("message", [
    "Save (but don't publish) a post on the blog travel-notes titled 'Lisbon in spring'.",
    "Save a post titled 'Lisbon in spring' on the blog travel-notes; do not publish it yet.",
    "Save a post on the blog travel-notes titled 'Lisbon in spring' without publishing it.",
    "Save a post titled 'Lisbon in spring' on the blog travel-notes, no need to publish it.",
])
async def test_a_verb_the_message_negates_never_calls_its_tool(message: str) -> None:
    agent = Agent(name="blog", instructions="You manage the blog.", tools=[save_post, publish_post])
    assert names(await Runner.run(agent, message)) == ["save_post"]



@function_tool
def order_coffee(size: Literal["small", "regular", "large"], milk: Literal["whole", "oat", "soy", "none"]) -> str:
    """Order a coffee at the counter."""
    return "Coffee C-3 ordered"


@pytest.mark.parametrize(("message", "called"), [
    ("Large, with oat milk.", ["order_coffee"]),
    ("A small one. Soy milk please.", ["order_coffee"]),
    ("I usually have a large with oat milk.", []),
])
async def test_an_order_that_gives_every_value_of_the_one_fitting_tool_calls_it(message: str, called: list) -> None:
    agent = Agent(name="barista", instructions="You take coffee orders.", tools=[order_coffee])
    assert names(await Runner.run(agent, message)) == called


@function_tool
def book_pickup(pickup_zip: str, size: Literal["envelope", "box", "pallet"]) -> str:
    """Book a courier pickup."""
    return "Pickup K-7 booked"


async def test_a_five_digit_number_is_the_zip_code_a_tool_needs() -> None:
    agent = Agent(name="courier", instructions="You book courier pickups.", tools=[book_pickup])
    result = await Runner.run(agent, "Book a pickup of a pallet at 60614, please.")
    assert [json.loads(i.raw_item.arguments) for i in result.new_items if i.type == "tool_call_item"] == [
        {"pickup_zip": "60614", "size": "pallet"}]


@function_tool
def wallet_statement(wallet: str) -> str:
    """Show a wallet's latest statement."""
    return "3 payments this week"


@function_tool
def transfer_credit(source_wallet: str, target_wallet: str, amount: int) -> str:
    """Transfer credit between wallets."""
    return "Transfer done"


async def test_a_second_clause_that_asks_for_an_action_gets_its_call_too() -> None:
    agent = Agent(name="wallets", instructions="You look after game wallets.",
                  tools=[wallet_statement, transfer_credit])
    result = await Runner.run(agent, "Show me the statement of wallet W-310, and can you move 40 from W-310 to W-422?")
    made = {i.raw_item.name: json.loads(i.raw_item.arguments) for i in result.new_items if i.type == "tool_call_item"}
    assert made == {"wallet_statement": {"wallet": "W-310"},
                    "transfer_credit": {"source_wallet": "W-310", "target_wallet": "W-422", "amount": 40}}


@function_tool
def city_forecast(town: str) -> str:
    """Get tomorrow's forecast for a town."""
    return "showers all day"


async def test_an_umbrella_question_is_a_weather_question() -> None:
    agent = Agent(name="forecaster", instructions="Answer questions about tomorrow.", tools=[city_forecast])
    result = await Runner.run(agent, "Should Mia pack an umbrella for Porto tomorrow?")
    assert names(result) == ["city_forecast"]
