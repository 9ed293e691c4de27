"""Instructions that tell who the user is, as a learner's dynamic instructions do, answer the user's questions.

An outside tester's choir agents: "You are talking to Ines, an alto in the Llandaff choir." left "What's my name?"
unknown; "The user's name is Ines. She sings alto in the choir." left "What part do I sing?" unknown.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner

pytestmark = pytest.mark.usefixtures("api")


@pytest.mark.parametrize(("instructions", "question", "answer"), [
    ("You are talking to Ines, an alto in the Llandaff choir.", "What's my name?", "Ines"),
    ("You are talking to Ines, an alto in the Llandaff choir.", "Which choir am I in?", "Llandaff"),
    ("The user's name is Ines. She sings alto in the choir.", "What part do I sing?", "You sing alto"),
    ("The user's name is Ines. She sings alto in the choir.", "What's my name?", "Ines")])
async def test_what_the_instructions_say_of_the_user_answers_them(instructions, question, answer) -> None:
    said = (await Runner.run(Agent(name="Choir", instructions=instructions), question)).final_output
    assert answer in said, said
