"""Told back: the clause of a statement that answers "when" or "where", and a flight for "Where am I flying?".

Before, "My sister Ines lives in Bergen; I'll visit her on Friday." answered "When will I visit my sister?" with
"your sister Ines lives on Friday." (the place was cut across the two clauses), and "Where am I flying to?" was
answered by the visit, since "visit" counted as a word of flying.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

pytestmark = pytest.mark.usefixtures("api")


async def _last_reply(turns: list[str]) -> str:
    agent, session, reply = Agent(name="Travel", instructions="You are a travel assistant."), SQLiteSession("told"), ""
    for turn in turns:
        reply = (await Runner.run(agent, turn, session=session)).final_output
    return reply


@pytest.mark.parametrize("told, asked, kept, other_clause", [
    ("My sister Ines lives in Bergen; I'll visit her on Friday.", "When will I visit my sister?",
     "you'll visit her on Friday", "Bergen"),
    ("My office is in the Leeds building; I start there on 3 March.", "When do I start?",
     "you start there on 3 March", "Leeds"),
])
async def test_a_when_question_gets_the_clause_that_says_when(told, asked, kept, other_clause):
    reply = await _last_reply([told, asked])
    assert reply.startswith("You told me:") and kept in reply and other_clause not in reply and " lives on" not in reply


async def test_a_flight_answers_where_the_user_is_flying_not_a_visit():
    reply = await _last_reply(["My flight to Oslo is on Monday at 9am.",
                               "My sister lives in Bergen; I'll visit her on Friday.", "Where am I flying to?"])
    assert "flight to Oslo" in reply and "visit" not in reply
