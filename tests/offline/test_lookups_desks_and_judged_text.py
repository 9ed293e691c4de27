"""What a careful model looks up, where it routes, and how it fills a result or a judgement literally.

A search tool gets questions and problem reports, never a greeting, thanks or news about the user; a desk is named by
an everyday phrase with its object inside ("send these shoes back": returns), not by what its work is for ("refunds
for orders" takes no order-status question).
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel, Field

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def search_kb(query: str) -> str:
    """Search the knowledge base."""
    return f"Article: {query}"


@function_tool
def find_recipes(question: str) -> str:
    """Find recipes in the cookbook."""
    return f"Recipe: {question}"


async def _calls(agent: Agent, message: str) -> list[str]:
    result = await Runner.run(agent, message)
    return [item.raw_item.arguments for item in result.new_items if item.type == "tool_call_item"]


async def _desk(agent: Agent, message: str) -> str:
    return (await Runner.run(agent, message)).last_agent.name


async def test_a_search_tool_gets_questions_and_problems_not_chat():
    for instructions, tool in (("You are a support agent. Look things up in the knowledge base before answering.", search_kb),
                               ("You are a support agent. Use search_kb to answer.", search_kb),
                               ("You are a kitchen helper. Use find_recipes for every answer.", find_recipes)):
        agent = Agent(name="Helper", instructions=instructions, tools=[tool])
        for chat in ("My name is Ana.", "Thanks, that's all.", "I live in Porto.", "Good morning everyone",
                     "I'm a vegetarian.", "We are two brothers from Lyon.", "Great, that worked.", "I'm Ana from accounting."):
            assert await _calls(agent, chat) == [], (instructions, chat)
        for asked in ("How do I reset my password?", "My printer won't print.", "I need a gluten-free cake.",
                      "Hi, my oven is broken.", "My laptop keeps freezing", "I'm getting a blank page"):
            assert len(await _calls(agent, asked)) == 1, (instructions, asked)


async def test_a_desk_is_named_by_a_verb_whose_object_sits_inside():
    returns = Agent(name="Returns agent", handoff_description="Handles returns of items", instructions="You handle returns.")
    billing = Agent(name="Billing agent", handoff_description="Handles billing questions", instructions="You bill.")
    triage = Agent(name="Triage", instructions="Route the user to the right agent.", handoffs=[returns, billing])
    assert await _desk(triage, "I want to send these shoes back") == "Returns agent"
    assert await _desk(triage, "Can I take this old lamp back?") == "Returns agent"
    assert await _desk(triage, "I'd like to bring the blue jacket back to the store.") == "Returns agent"


async def test_a_desk_takes_no_message_naming_only_what_its_work_is_for():
    refunds = Agent(name="Refunds agent", handoff_description="Handles refunds for orders", instructions="You refund.")
    triage = Agent(name="Triage", instructions="Route the user to the right agent.", handoffs=[refunds])
    assert await _desk(triage, "Where is my order?") == "Triage"
    assert await _desk(triage, "I want a refund for my order") == "Refunds agent"
    repairs = Agent(name="Repairs desk", handoff_description="Handles repairs for bicycles", instructions="You repair.")
    front = Agent(name="Front desk", instructions="Send the user to the right desk.", handoffs=[repairs])
    assert await _desk(front, "How much does a new bicycle cost?") == "Front desk"
    assert await _desk(front, "My bicycle needs a repair.") == "Repairs desk"


class ChatGuardrailOutput(BaseModel):
    reasoning: str
    is_readable_by_ten_year_old: bool


class PlainCheck(BaseModel):
    explanation: str = Field(description="Why the reply is or is not simple.")
    is_simple_enough: bool


async def test_a_judge_of_plain_reading_describes_the_text_and_passes_short_common_words():
    checker = Agent(name="Checker", output_type=ChatGuardrailOutput, instructions=(
        "Check if the text is readable by a ten year old. Only respond with your reasoning and the verdict."))
    easy = (await Runner.run(checker, "The dog ran to the park and played with a ball.")).final_output
    assert easy.is_readable_by_ten_year_old and "user" not in easy.reasoning.lower() and "easy" in easy.reasoning
    long = "When we got to the lake we took off our shoes, sat on the warm rocks and ate the apples we had brought."
    assert (await Runner.run(checker, long)).final_output.is_readable_by_ten_year_old  # 23 words, one sentence
    hard = (await Runner.run(checker, "Photosynthesis converts electromagnetic radiation into chemical energy.")).final_output
    assert not hard.is_readable_by_ten_year_old and "Photosynthesis" in hard.reasoning
    judge = Agent(name="Judge", output_type=PlainCheck, instructions="Judge whether the reply is simple enough for a child.")
    plain = (await Runner.run(judge, "Rain falls from clouds. It helps plants grow.")).final_output
    assert plain.is_simple_enough and plain.explanation.startswith("The text has 8 words in 2 sentences")
    assert not (await Runner.run(judge, "Epistemological considerations necessitate interdisciplinary "
                                        "collaboration.")).final_output.is_simple_enough


@function_tool
def search_help(topic: str) -> str:
    """Search the help articles."""
    return f"Article on {topic}"


@function_tool
def find_guides(subject: str) -> str:
    """Find repair guides."""
    return f"Guide on {subject}"


async def test_a_search_tools_topic_gets_the_report_as_a_query_does():
    agent = Agent(name="Helper", instructions="Use search_help to answer.", tools=[search_help])
    assert await _calls(agent, "My phone won't charge after the update") == [
        '{"topic": "My phone won\'t charge after the update"}']
    assert await _calls(agent, "My laptop keeps freezing when I open Chrome") == [
        '{"topic": "My laptop keeps freezing when I open Chrome"}']
    fixer = Agent(name="Fixer", instructions="Use find_guides for every problem.", tools=[find_guides])
    assert await _calls(fixer, "The dishwasher is leaking water.") == ['{"subject": "The dishwasher is leaking water"}']
    assert await _calls(agent, "Search for articles on battery health") == ['{"topic": "battery health"}']


class MatchResult(BaseModel):
    home: str
    away: str
    home_goals: int
    away_goals: int
    winner: str


async def test_a_score_line_without_commas_or_verb_names_both_sides():
    agent = Agent(name="Scores", instructions="Extract the match result.", output_type=MatchResult)
    for line, (home, away, goals, winner) in {
            "Benfica 1 Sporting 2": ("Benfica", "Sporting", (1, 2), "Sporting"),
            "Final: Benfica 1 Sporting 2": ("Benfica", "Sporting", (1, 2), "Sporting"),
            "Wolves 3 Everton 0": ("Wolves", "Everton", (3, 0), "Wolves"),
            "Lakers 102, Celtics 99": ("Lakers", "Celtics", (102, 99), "Lakers")}.items():
        result = (await Runner.run(agent, line)).final_output
        assert (result.home, result.away, (result.home_goals, result.away_goals), result.winner) == (
            home, away, goals, winner), line
