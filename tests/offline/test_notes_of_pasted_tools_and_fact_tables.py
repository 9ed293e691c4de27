"""A pasted chat's ``TOOL lookup_order: {...}`` line is that tool's result (never a line of the note as pasted); "Done."
then what was done is a step taken; a note does not greet ("Hi, I'm Dana" is "I'm Dana"); "a table with columns
Field | Value" holds a row for each fact."""

from __future__ import annotations

import pytest
from agents import Agent, Runner

pytestmark = pytest.mark.usefixtures("api")

CHAT = """USER: Hi, I'm Dana Whitfield. My order ORD-88213 arrived with a cracked screen.
ASSISTANT: Sorry to hear that! Which model is it?
USER: It's the Nimbus X2 tablet, bought on 3 March.
TOOL lookup_order: {"order_id": "ORD-88213", "status": "delivered", "warranty": "active until 2027-03-03"}
ASSISTANT: Your warranty is active. I can offer a replacement or a refund.
USER: A replacement please.
ASSISTANT: Done. Replacement RPL-4410 ships within 2 days."""


async def note(prompt: str) -> str:
    return str((await Runner.run(Agent(name="Notes", instructions=prompt), CHAT)).final_output)


def sections(text: str) -> dict[str, str]:
    parts = [part.split("\n", 1) for part in text.split("## ")[1:]]
    return {head.strip(): body.strip() for head, body in parts}


async def test_a_pasted_tool_line_is_its_tools_result() -> None:
    written = sections(await note("## Customer\n## Tool results\n## Next step"))
    assert written["Tool results"] == "- lookup_order → order id: ORD-88213; status: delivered; warranty: active until 2027-03-03"
    assert "TOOL" not in "\n".join(written.values())


async def test_done_then_what_was_done_is_a_step_taken() -> None:
    text = await note("Create a handover note with these sections:\n**Customer details**\n**Issue**\n**Actions taken**\n"
                      "**Follow-up**")
    taken = text.split("**Actions taken:**")[1].split("**Follow-up:**")[0].strip()
    assert taken == "- Replacement RPL-4410 ships within 2 days.", text
    assert text.startswith("**Customer details:**\n- I'm Dana Whitfield."), text  # no "Hi,"


async def test_a_field_value_table_has_a_row_for_each_fact() -> None:
    text = await note("Summarize as a markdown table with columns Field | Value.")
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    assert rows[:2] == ["| Field | Value |", "| --- | --- |"], text
    assert "| Name | Dana Whitfield |" in rows and "| What was done | Replacement RPL-4410 ships within 2 days |" in rows
    assert "none" not in text


async def test_a_pasted_function_line_is_a_call_of_that_tool() -> None:
    chat = ('USER: Where is my order ORD-123?\nFUNCTION lookup_order: {"order_id": "ORD-123"}\n'
            'TOOL lookup_order: {"order_id": "ORD-123", "status": "lost"}\nASSISTANT: Sorry, it was lost in transit.')
    agent = Agent(name="Notes", instructions="## Customer\n## Tool results\n## Next step")
    written = sections(str((await Runner.run(agent, chat)).final_output))
    assert written["Tool results"].startswith('- lookup_order({"order_id": "ORD-123"}) → '), written
    assert "status: lost" in written["Tool results"]
