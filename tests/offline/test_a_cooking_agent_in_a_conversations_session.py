"""A learner's cooking agent over the Conversations API (``OpenAIConversationsSession``, offline): a statement
about the user looks nothing up by a related word; a request the tool answers is not "answered" by an earlier
statement that shares half its words; a question about one part of a result gets that part."""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool
from agents.memory import OpenAIConversationsSession

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def get_recipe(dish: str) -> str:
    """Find a recipe for a dish."""
    return f"{dish.title()}: 200 g flour, 2 eggs, 300 ml milk; whisk, rest 20 minutes, fry 2 minutes a side."


@function_tool
def plant_care(plant: str) -> str:
    """How to look after a plant."""
    return f"{plant.title()}: water every 2 days, 6 hours of sun a day, pinch off the flowers."


def calls(result) -> list[tuple[str, dict]]:
    return [(item.raw_item.name, json.loads(item.raw_item.arguments)) for item in result.new_items
            if item.type == "tool_call_item"]


async def test_a_cooks_conversation_keeps_to_what_each_message_asks() -> None:
    agent = Agent(name="Chef", instructions="You help people cook. Use get_recipe for recipes.", tools=[get_recipe])
    session = OpenAIConversationsSession()
    told = await Runner.run(agent, "I'm vegetarian and I have a 6-year-old.", session=session)
    assert calls(told) == [] and told.final_output.startswith("Noted")
    asked = await Runner.run(agent, "Give me a recipe for pancakes.", session=session)
    assert calls(asked) == [("get_recipe", {"dish": "pancakes"})]
    flour = (await Runner.run(agent, "How much flour do I need?", session=session)).final_output
    assert "200 g flour" in flour and "milk" not in flour
    rest = (await Runner.run(agent, "How long do they rest?", session=session)).final_output
    assert "20 minutes" in rest and "fry" not in rest
    assert len(await session.get_items()) > 8  # the whole conversation, kept by the offline Conversations API


async def test_a_question_about_one_part_of_a_result_gets_that_part() -> None:
    agent = Agent(name="Gardener", instructions="Answer with plant_care.", tools=[plant_care])
    session = OpenAIConversationsSession()
    await Runner.run(agent, "How do I look after basil?", session=session)
    sun = (await Runner.run(agent, "How much sun does it need?", session=session)).final_output
    assert "6 hours of sun" in sun and "water" not in sun
