"""A sentence that routes speakers of a language is no order to answer in it, and a question asked in another
language is a question.

Before, a triage agent told "Hand off Spanish speakers." ended every English reply with "I can only answer in
English, not in Spanish.", and the Spanish desk answered "Hola, ¿qué tiempo hace en Sevilla?" with "I can't do
that" (the refusal of a task), not with the honest "I don't know" an English question gets.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def get_weather(city: str) -> str:
    """Weather for a city."""
    return f"Sunny, 24C in {city}"


@pytest.mark.parametrize("language, routing", [
    ("Spanish", "Use tools. Hand off Spanish speakers."),
    ("French", "Use the tools. Transfer customers who write in French to the French desk."),
])
async def test_a_routing_sentence_is_no_order_to_answer_in_its_language(language, routing):
    desk = Agent(name=language, instructions=f"You answer in {language}.", handoff_description=f"Speaks {language}")
    main = Agent(name="Main", instructions=routing, tools=[get_weather], handoffs=[desk])
    reply = (await Runner.run(main, "What's the weather in Madrid?")).final_output
    assert "Sunny, 24C in Madrid" in reply and "not in" not in reply


@pytest.mark.parametrize("language, question", [
    ("Spanish", "Hola, ¿qué tiempo hace en Sevilla?"),
    ("French", "Bonjour, est-ce que le musée est ouvert le lundi ?"),
])
async def test_a_question_in_another_language_gets_an_honest_answer(language, question):
    desk = Agent(name=language, instructions=f"You answer in {language}.")
    reply = (await Runner.run(desk, question)).final_output
    assert reply.startswith("I don't know") and language in reply
