"""Specialists that answer from their instructions, and structured outputs read from a user's own words.

A ``Label: sentence. sentence.`` line of instructions answers a question by the one sentence that says each word
asked, even when the question does not name the label ("What's the warranty on electronics?" of "Our return
policy: ... Electronics have a 2-year warranty.").
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner

pytestmark = pytest.mark.usefixtures("api")


async def answer(instructions: str, message: str, desk: str = "") -> str:
    agent = Agent(name="Expert", instructions=instructions, handoff_description=desk or None)
    if desk:  # a triage agent hands off to it first
        agent = Agent(name="Triage", instructions="Route the customer to the right specialist.", handoffs=[agent])
    result = await Runner.run(agent, message)
    assert result.last_agent.name == "Expert"
    return result.final_output


@pytest.mark.parametrize(("instructions", "message", "expected", "desk"), [
    ("Our return policy: items can be returned within 30 days with a receipt. Electronics have a 2-year warranty. "
     "Answer only from this.", "What's the warranty on electronics?", "Electronics have a 2-year warranty.",
     "Explains the return and warranty policy."),
    ("Menu: Margherita pizza 11 EUR (contains gluten, dairy). Caesar salad 9 EUR (contains egg, fish). Tiramisu 6 EUR "
     "(contains egg, dairy, alcohol).", "How much is the tiramisu?", "Tiramisu 6 EUR (contains egg, dairy, alcohol).",
     ""),
    ("Club facts: the pool opens at 6am. Lockers cost 2 EUR a day. Towels are free for members.",
     "How much do the lockers cost?", "Lockers cost 2 EUR a day.", "Answers about the club's pool, lockers and towels."),
])
async def test_a_sentence_of_a_labelled_line_answers_what_it_says(instructions, message, expected, desk):
    assert await answer(instructions, message, desk) == expected

