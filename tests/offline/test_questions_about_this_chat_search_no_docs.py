"""A SaaS support agent told to "search the docs first": a question about this chat ("What priority did you give
it?", "What's the ticket number?") is answered from the chat, or honestly not, never searched for in the docs."""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def search_docs(query: str) -> str:
    """Search the product documentation."""
    return "Exports: Settings > Data > Export CSV." if "export" in query.lower() else "No matching article."


@function_tool
def create_ticket(subject: str, description: str, priority: Literal["low", "normal", "high", "urgent"]) -> str:
    """Open a support ticket for the engineering team."""
    return f"Ticket T-8812 opened ({priority}): {subject}"


AGENT = Agent(name="Support", tools=[search_docs, create_ticket],
              instructions="You support users of Tallyflow, a bookkeeping SaaS. Search the docs first; open a ticket "
                           "only for bugs or outages.")


def calls(result) -> list[str]:
    return [item.raw_item.name for item in result.new_items if item.type == "tool_call_item"]


@pytest.mark.parametrize("question", ["What priority did you give it?", "What's the ticket number?"])
async def test_a_question_about_this_chat_is_not_searched_for(question) -> None:
    session = SQLiteSession("saas")
    await Runner.run(AGENT, "How do I export my invoices?", session=session)
    result = await Runner.run(AGENT, question, session=session)
    assert calls(result) == [] and result.final_output.startswith("I don't know")


async def test_the_ticket_number_is_told_from_the_chat_once_a_ticket_was_opened() -> None:
    session = SQLiteSession("saas")
    opened = await Runner.run(AGENT, "Please open a ticket: the export fails with error 500.", session=session)
    assert calls(opened) == ["create_ticket"]
    result = await Runner.run(AGENT, "What's the ticket number?", session=session)
    assert calls(result) == [] and "T-8812" in result.final_output
