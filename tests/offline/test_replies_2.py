"""Replies when no tool is called: questions about the agent, pronouns, and facts told back.

Questions to the agent itself are answered from its instructions and tools (who it is, its tools, its
rules; a request a rule forbids is refused with the rule); "she"/"he" point back to the latest woman or
man the user named by a word that says so; a yes/no question a stated fact contradicts starts "No"; a
name the user gave someone ("my husband Piotr") stands for them; studying is learning; a retold message
keeps its capital after a full stop.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def reset_router(customer_id: str) -> str:
    """Restart a customer's router."""
    return "restarted"


@function_tool
def line_test(customer_id: str) -> str:
    """Test the line."""
    return "line ok"


HELPDESK = Agent(name="Otto", tools=[reset_router, line_test], instructions=(
    "You are Otto, the helpdesk bot of Lumen Telecom. Rules: never discuss politics; always answer briefly."))


async def chat(agent: Agent, turns: list[str], session_id: str) -> list[str]:
    session = SQLiteSession(session_id)
    return [(await Runner.run(agent, text, session=session)).final_output for text in turns]


async def test_questions_to_the_agent_are_answered_from_its_instructions_and_tools() -> None:
    who, tools, rules = [(await Runner.run(HELPDESK, q)).final_output
                         for q in ("Who are you?", "Which tools do you have?", "What are your rules?")]
    assert who == "I'm Otto, the helpdesk bot of Lumen Telecom."
    assert "reset_router (Restart a customer's router)" in tools and "line_test" in tools
    assert rules.startswith("Never discuss politics")


async def test_a_request_a_rule_forbids_is_refused_with_the_rule() -> None:
    reply = (await Runner.run(HELPDESK, "Who will win the presidential election?")).final_output
    assert reply.startswith("I'm sorry") and "never discuss politics" in reply


async def test_pronouns_point_back_to_the_latest_person_of_their_gender() -> None:
    replies = await chat(Agent(name="a", instructions="Be brief."), [
        "My mother Carla lives in Braga and works as a pharmacist.", "My uncle Tiago lives in Evora.",
        "What does she do?", "Where does he live?", "Does my uncle live in Coimbra?"], "family")
    told, _, she, he, contradicted = replies
    assert not told.startswith("Good to hear")
    assert "pharmacist" in she and "Evora" in he and "Carla" not in he
    assert contradicted.startswith("No") and "Evora" in contradicted


async def test_a_name_given_to_someone_stands_for_them_and_studying_is_learning() -> None:
    *_, job, language = await chat(Agent(name="a", instructions="Be brief."), [
        "I share a flat in Krakow with my husband Piotr.", "I'm studying Japanese.", "Piotr is a carpenter.",
        "What does my husband do for a living?", "What language am I learning?"], "household")
    assert "carpenter" in job and "Japanese" in language


async def test_a_retold_message_keeps_its_capital_after_a_full_stop() -> None:
    reply = (await Runner.run(Agent(name="a", instructions="Be brief."),
                              "Put me down for pottery on Friday. I'll bring my own apron.")).final_output
    assert "Friday. You'll bring your own apron" in reply
