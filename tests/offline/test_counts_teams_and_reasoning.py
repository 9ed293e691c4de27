"""Structured output that reasons or reads roles: an equation asked of a steps-and-answer schema is solved in steps
("how can I solve 8x + 7 = -23": final answer "x = -3.75"), ...

The schemas and sentences are our own, shaped like the ones in OpenAI's guides and the Agents SDK's examples.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


async def run(output_type, message: str, instructions: str = "Extract the information."):
    agent = Agent(name="Reader", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


class Step(BaseModel):
    explanation: str
    output: str


class MathReasoning(BaseModel):
    steps: list[Step]
    final_answer: str


class Working(BaseModel):
    steps: list[str]
    result: float


async def test_an_equation_asked_of_a_reasoning_schema_is_solved_in_steps() -> None:
    tutor = "You are a helpful math tutor. Guide the user through the solution step by step."
    solved = await run(MathReasoning, "how can I solve 8x + 7 = -23", tutor)
    assert solved == MathReasoning(steps=[
        Step(explanation="Move the x terms to the left side and the numbers to the right", output="8x = -30"),
        Step(explanation="Divide both sides by 8", output="x = -3.75")], final_answer="x = -3.75")
    solved = await run(MathReasoning, "Solve 3y - 4 = 11 please", tutor)
    assert (solved.final_answer, solved.steps[-1].output) == ("y = 5", "y = 5")
    worked = await run(Working, "What is n if 5 - n = 2?", "Work it out.")
    assert worked == Working(steps=["Move the n terms to the left side and the numbers to the right: -n = -3",
                                    "Divide both sides by -1: n = 3"], result=3)
