"""Answering from the conversation in plain chat: what is a statement, what is a question, what a correction changes.

A question typed without "?" is still a question (answered, never told back as a fact); a correction that does not
restate its subject ("Make that 650 euros", "Actually it's Tuesday, not Monday") replaces the value of the
statement it corrects; a question finds the statement about its topic (or a related word of it); stated values
are added up or worked with; and what was never said is said to be missing, not forgotten.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

pytestmark = pytest.mark.usefixtures("api")


async def chat(*turns: str) -> list[str]:
    """The replies to ``turns`` in one conversation with a plain assistant."""
    agent, session = Agent(name="A", instructions="You are a helpful assistant."), SQLiteSession("chat")
    return [str((await Runner.run(agent, turn, session=session)).final_output) for turn in turns]


@pytest.mark.parametrize(("statement", "question", "again", "value"), [
    ("My dog is called Rex.", "what is my dogs name", "What's my dog called?", "Rex"),
    ("My sister lives in Porto.", "where does my sister live", "Where does my sister live?", "Porto"),
    ("Our wifi password is tulip42.", "what is our wifi password", "Remind me of our wifi password?", "tulip42"),
])
async def test_a_question_without_a_question_mark_is_never_told_back_as_a_fact(statement, question, again,
                                                                                  value) -> None:
    replies = await chat(statement, question, again)
    assert value in replies[1] and not replies[1].startswith("Noted"), replies
    assert value in replies[2] and question.split()[0] not in replies[2].lower().split(":", 1)[1], replies
