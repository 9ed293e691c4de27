"""A ticket opened in one message: its title stops before a clause that gives another field ("..., assign it to
Marek" is the assignee's)."""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def create_ticket(title: str, priority: Literal["low", "medium", "high"], assignee: str | None = None) -> str:
    """Open a ticket in the issue tracker."""
    return json.dumps({"id": "BUG-812", "title": title, "priority": priority, "assignee": assignee})


async def opened(session: SQLiteSession) -> tuple[Agent, list[dict]]:
    agent = Agent(name="Dev", instructions="Manage the tracker.", tools=[create_ticket])
    first = await Runner.run(agent, "Open a high priority ticket: login page returns 500 after deploy, assign it to Marek",
                             session=session)
    return agent, [json.loads(i.raw_item.arguments) for i in first.new_items if i.type == "tool_call_item"]


async def test_the_title_stops_before_the_clause_that_gives_the_assignee() -> None:
    _, calls = await opened(SQLiteSession(":memory:"))
    assert calls == [{"title": "login page returns 500 after deploy", "priority": "high", "assignee": "Marek"}]
