"""The SDK's quickstart, as its docs write it: a homework guardrail, then a triage agent that "determine[s] which
agent to use based on the user's homework question" between a history and a math tutor. A sentence of the
instructions that routes is no topic the router answers itself, a sum or an equation is a math desk's, and a
request for help the model cannot give ("I need help with fractions") is said to be one, not "Noted"."""

from __future__ import annotations

import pytest
from agents import Agent, GuardrailFunctionOutput, InputGuardrail, Runner
from agents.exceptions import InputGuardrailTripwireTriggered
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class HomeworkOutput(BaseModel):
    is_homework: bool
    reasoning: str


GUARDRAIL = Agent(name="Guardrail check", instructions="Check if the user is asking about homework.",
                  output_type=HomeworkOutput)
MATH = Agent(name="Math Tutor", handoff_description="Specialist agent for math questions",
             instructions="You provide help with math problems. Explain your reasoning at each step and include examples")
HISTORY = Agent(name="History Tutor", handoff_description="Specialist agent for historical questions",
                instructions="You provide assistance with historical queries. Explain important events and context clearly.")


async def homework_guardrail(ctx, agent, input_data):
    result = await Runner.run(GUARDRAIL, input_data, context=ctx.context)
    verdict = result.final_output_as(HomeworkOutput)
    return GuardrailFunctionOutput(output_info=verdict, tripwire_triggered=not verdict.is_homework)


TRIAGE = Agent(name="Triage Agent", instructions="You determine which agent to use based on the user's homework question",
               handoffs=[HISTORY, MATH], input_guardrails=[InputGuardrail(guardrail_function=homework_guardrail)])
ROUTER = Agent(name="Router", instructions="You decide which agent should take each question from a student.",
               handoffs=[HISTORY, MATH])


async def test_the_quickstarts_algebra_homework_goes_to_the_math_tutor_and_is_solved() -> None:
    result = await Runner.run(TRIAGE, "Can you help me solve 2x + 3 = 11 for my algebra homework?")
    assert result.last_agent.name == "Math Tutor"
    assert "x = 4" in result.final_output


async def test_a_question_that_is_no_homework_trips_the_guardrail() -> None:
    with pytest.raises(InputGuardrailTripwireTriggered):
        await Runner.run(TRIAGE, "what is life")


@pytest.mark.parametrize("question, desk", [
    ("What is 15% of 80?", "Math Tutor"), ("What's 17 * 23?", "Math Tutor"),
    ("How do I find the area of a circle?", "Math Tutor"), ("Solve 4y - 2 = 10 please.", "Math Tutor"),
    ("Why did the Roman Empire fall?", "History Tutor"),
])
async def test_a_sum_an_equation_or_a_shape_is_the_math_desks(question, desk) -> None:
    assert (await Runner.run(ROUTER, question)).last_agent.name == desk


async def test_a_word_of_the_routing_sentence_is_no_reason_to_answer_without_a_desk() -> None:
    result = await Runner.run(ROUTER, "Which question from my algebra worksheet should I start with?")
    assert result.last_agent.name == "Math Tutor"


@pytest.mark.parametrize("message", ["I need help with fractions", "I'd like some help with geometry",
                                     "My kid needs help with long division"])
async def test_a_request_for_help_the_model_cannot_give_is_said_to_be_one(message) -> None:
    result = await Runner.run(ROUTER, message)
    assert result.last_agent.name == "Math Tutor"
    assert result.final_output.startswith("I can't do that"), result.final_output


async def test_thanks_for_help_and_help_that_failed_are_not_requests() -> None:
    assert (await Runner.run(MATH, "Thanks for the help earlier")).final_output.startswith("You're welcome")
    assert "didn't help" in (await Runner.run(MATH, "This didn't help at all")).final_output
