"""Under trimming, a fact that was cut is not answered by a statement about something merely related.

memlab's lesson is that a trimmed agent forgets. With a learner's own pet conversation and `TrimmingSession(max_turns=2)`,
"What is my dog called?" got "You told me: you also have a cat, Miso." (a cat is kin of a dog) and "What is Pepper
allergic to?" got "Miso hates the vet." (another animal, a word near "allergic"). With the full history both are
answered from what was said.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

from memlab import TrimmingSession

pytestmark = pytest.mark.usefixtures("api")

PETS = ["My dog is called Pepper and she is 4.", "Pepper is allergic to chicken.", "We walk every morning in Victoria Park.",
        "I also have a cat, Miso.", "Miso hates the vet."]
FAMILY = ["My brother Tom lives in Leeds.", "He works as a nurse.", "My cousin Ana lives in York.", "She is a teacher."]


async def _answers(session, told: list[str], asked: list[str]) -> list[str]:
    agent = Agent(name="Helper", instructions="You are a friendly assistant.")
    for turn in told:
        await Runner.run(agent, turn, session=session)
    return [(await Runner.run(agent, question, session=session)).final_output for question in asked]


@pytest.mark.parametrize("told, asked, kept, other", [
    (PETS, ["What is my dog called?", "What is Pepper allergic to?"], ["Pepper", "chicken"], ["Miso", "vet"]),
    (FAMILY, ["Where does my brother live?"], ["Leeds"], ["York"]),
])
async def test_a_trimmed_fact_is_not_answered_by_a_related_statement(told, asked, kept, other):
    full = await _answers(SQLiteSession("full"), told, asked)
    trimmed = await _answers(TrimmingSession("trimmed", max_turns=2), told, asked)
    assert all(value in answer for value, answer in zip(kept, full))
    assert all(answer.startswith("I don't know") and value not in answer for value, answer in zip(other, trimmed))
