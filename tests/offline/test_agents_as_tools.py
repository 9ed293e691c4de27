"""An orchestrator whose tools are agents: the request goes to the agent-tool that does it.

Instructions that say which tool summarizes ("use digest_tool to summarize texts") hand summarizing to that tool:
the orchestrator neither writes a note itself nor reads the user's "Summarize this: ..." as a fact that answers
the request. The agents, tool names and texts are our own.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner

pytestmark = pytest.mark.usefixtures("api")

DIGEST = Agent(name="Digest", instructions="Summarize the text you are given in one sentence.")
FRENCH = Agent(name="French", instructions="Translate the user's message into French.")
ORCHESTRATOR = Agent(
    name="Desk", instructions="Help the user. Use digest_tool to summarize texts and french_tool for French.",
    tools=[DIGEST.as_tool(tool_name="digest_tool", tool_description="Summarize a text in one sentence"),
           FRENCH.as_tool(tool_name="french_tool", tool_description="Translate a text into French")])


def calls(result) -> list[str]:
    return [item.raw_item.name for item in result.new_items if item.type == "tool_call_item"]


async def test_a_summary_request_goes_to_the_agent_that_summarizes() -> None:
    text = "The library extends its opening hours from May. The reading room stays open until ten."
    result = await Runner.run(ORCHESTRATOR, f"Summarize this: {text}")
    assert calls(result) == ["digest_tool"]
    assert "library extends its opening hours" in result.final_output
    assert "Problem" not in result.final_output and "Summarize this" not in result.final_output


async def test_a_translation_request_goes_to_the_translating_agent() -> None:
    result = await Runner.run(ORCHESTRATOR, "Translate 'the museum is closed on Mondays' into French.")
    assert calls(result) == ["french_tool"]
