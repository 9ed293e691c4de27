"""Three replies outside any script: an age asked after it was said as "aged", an elliptical follow-up question, and a
translation the offline model cannot make, asked of a translator whose instructions name no language.

Each failed before: "How old are the kids?" got "I don't know" with "two kids, aged 6 and 9" in the conversation;
"And 18?" after "Is 17 prime?" got "I can't do that" (the refusal of a task such as "Write a haiku"), not the
honest "I don't know" its first question got; and the SDK's agents_as_tools_structured translator said "I can't do
that" instead of saying it cannot translate offline.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession
from pydantic import BaseModel, Field

pytestmark = pytest.mark.usefixtures("api")


async def _replies(instructions: str, turns: list[str]) -> list[str]:
    agent, session = Agent(name="Helper", instructions=instructions), SQLiteSession("follow-ups")
    return [(await Runner.run(agent, turn, session=session)).final_output for turn in turns]


@pytest.mark.parametrize("told, asked, kept", [
    ("We are flying to Tokyo on 3 April with two kids, aged 6 and 9.", "How old are the kids?", "aged 6 and 9"),
    ("My grandmother, aged 91, moves in with us next month.", "How old is my grandmother?", "aged 91"),
])
async def test_an_age_said_as_aged_answers_how_old(told, asked, kept):
    replies = await _replies("You help families plan their week.", [told, asked])
    assert kept in replies[-1] and "I don't know" not in replies[-1]


@pytest.mark.parametrize("first, follow_up", [("Is the museum open on Monday?", "Or on Tuesday?")])
async def test_an_elliptical_follow_up_is_a_question_not_a_task(first, follow_up):
    replies = await _replies("Answer briefly.", [first, follow_up])
    assert replies[-1].startswith("I don't know") and replies[-1].startswith(replies[0][:12])


async def test_an_elliptical_follow_up_asks_the_same_of_its_number():
    replies = await _replies("Answer briefly.", ["Is 17 prime?", "And 18?", "What about 19?"])
    assert replies == ["Yes: 17 is prime.", "No: 18 = 2 × 9.", "Yes: 19 is prime."]


class Translation(BaseModel):
    text: str = Field(description="Text to translate.")
    target: str = Field(description="Target language.")


async def test_a_translator_says_it_cannot_translate_offline_directly_and_as_a_tool():
    translator = Agent(name="translator", instructions="Translate the input text into the target language.")
    direct = await Runner.run(translator, 'Translate "Hola" from Spanish to French.')
    dispatcher = Agent(name="dispatcher", instructions="Always call the tool; do not translate yourself.",
                       tools=[translator.as_tool(tool_name="translate_text", tool_description="Translate text.",
                                                 parameters=Translation)])
    called = await Runner.run(dispatcher, 'Translate "Good night" into German.')
    outputs = [str(item.output) for item in called.new_items if item.type == "tool_call_output_item"]
    assert "can't translate offline" in direct.final_output
    assert len(outputs) == 1 and "can't translate offline" in outputs[0]
