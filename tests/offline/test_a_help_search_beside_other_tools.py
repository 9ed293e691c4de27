"""A help-center search beside tools that act: the search gets what the customer reports or asks, the other tools
what names them, and neither gets news, plans or thanks.

A shop's own agent (not memlab's scenario): its instructions say when to search, and a ticket tool that takes free
text sits next to the search. Before, any tool taking one free text stood in for the search, so the ticket tool
opened a ticket for "please text me, never call".
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")

ARTICLES = {"drain": "Clean the drain filter behind the lower flap.", "door": "Hold Start for 3 seconds to unlock it.",
            "hours": "We are open 9:00 to 17:00 on weekdays."}


@function_tool
def open_case(summary: str) -> str:
    """Open a case for a technician to visit.

    Args:
        summary: What the technician must do.
    """
    return json.dumps({"case": "CS-2211", "status": "open"})


@function_tool
def search_articles(query: str) -> str:
    """Search the help articles.

    Args:
        query: What the customer needs, in a few words.
    """
    found = [text for key, text in ARTICLES.items() if key in query.lower()]
    return found[0] if found else "No article matches."


INSTRUCTIONS = ("You support owners of our washing machines. Use open_case when a technician must come, and "
                "search_articles for a fault or a how-to question (then say what the article says).")


async def _calls(message: str) -> list[str]:
    agent = Agent(name="Support", instructions=INSTRUCTIONS, tools=[open_case, search_articles])
    result = await Runner.run(agent, message)
    return [item.raw_item.name for item in result.new_items if item.type == "tool_call_item"]


@pytest.mark.parametrize("message", [
    "Water stays in the drum: the drain seems blocked.",
    "The door won't open after the wash.",
    "What are your opening hours?",
    "My machine keeps beeping at the end of the cycle.",
])
async def test_a_report_or_a_question_is_searched(message):
    assert await _calls(message) == ["search_articles"]


@pytest.mark.parametrize("message", [
    "Hi! A preference first: please contact me by email, never by phone.",
    "Okay, let's do that later this week.",
    "Before we finish, let me check a few details.",
    "Done, I cleaned the filter and it drains fine now.",
    "Thanks, that's all for today!",
])
async def test_news_plans_and_thanks_call_no_tool(message):
    assert await _calls(message) == []


async def test_the_tool_the_message_names_is_called():
    assert await _calls("Please open a case: a technician should replace the door seal.") == ["open_case"]


async def test_the_reply_says_what_the_article_says():
    agent = Agent(name="Support", instructions=INSTRUCTIONS, tools=[open_case, search_articles])
    result = await Runner.run(agent, "The door won't open after the wash.")
    assert ARTICLES["door"].rstrip(".") in result.final_output
