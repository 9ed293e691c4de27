"""An insurance claims desk of a learner's own: a question about the money asks about the payout its result gave,
and a question it cannot answer, followed by a statement ("...for a Toyota Corolla? I'm 34."), is no news to note."""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def check_claim(claim_id: str) -> str:
    """Look up an insurance claim's status by its id (CLM-xxxxx)."""
    return f"{claim_id}: approved, payout 1,250 EUR scheduled for 15 April."


CLAIMS = Agent(name="Claims agent", instructions="You handle claims. Use check_claim for a claim's status.",
               tools=[check_claim])


async def test_the_money_is_the_payout_the_result_gave() -> None:
    session = SQLiteSession("claims")
    await Runner.run(CLAIMS, "What's the status of my claim CLM-20931?", session=session)
    result = await Runner.run(CLAIMS, "When will I get the money?", session=session)
    assert "15 April" in result.final_output
    assert not [item for item in result.new_items if item.type == "tool_call_item"]


async def test_a_question_then_a_statement_is_not_noted() -> None:
    result = await Runner.run(CLAIMS, "Also, how much would insurance cost for a Toyota Corolla? I'm 34.")
    assert not result.final_output.startswith("Noted") and result.final_output.startswith("I don't know")
