"""A travel insurer's cover check and a bank's desks, an outside tester's own.

"Am I covered for skiing in Austria?" once called ``check_cover(activity="Austria")`` and told the traveller Austria
was covered (the tool's "(e.g. skiing, scuba diving)" was cut at "e.g." as if a sentence ended there). "...I don't
recognise, I think it's fraud. Card ending 4821." went to the cards desk ("fraud. Card" read as a fraud card) and
then to two desks at once; "What were the last four digits of the card I froze?" froze a card again, "48".
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def check_cover(policy_number: str, activity: str) -> str:
    """Check whether a policy covers a given activity (e.g. skiing, scuba diving)."""
    return f"Policy {policy_number}: {activity} is covered up to €2,000,000 medical."


COVER = Agent(name="Cover", instructions="Answer cover questions with check_cover.", tools=[check_cover])


@pytest.mark.parametrize(("message", "activity"), [
    ("Am I covered for skiing in Austria? Policy TRV-558120.", "skiing"),
    ("Policy TRV-558120: does it cover scuba diving?", "scuba diving"),
    ("Is paragliding covered on policy TRV-558120 when I'm in Nepal?", "paragliding"),
])
async def test_an_activity_field_takes_what_the_user_does_not_where(message: str, activity: str) -> None:
    [(calls, _)] = await turns(COVER, [message])
    assert calls == [("check_cover", {"policy_number": "TRV-558120", "activity": activity})]


@function_tool
def freeze_card(last_four: str, reason: Literal["lost", "stolen", "suspicious_activity"]) -> str:
    """Freeze a debit or credit card identified by its last four digits."""
    return f"Card ending {last_four} frozen (reason: {reason})."


@function_tool
def loan_quote(amount_gbp: float, term_months: int) -> str:
    """Quote a personal loan repayment for an amount in pounds over a term in months."""
    return f"Loan of £{amount_gbp:.0f} over {term_months} months: £{round(amount_gbp * 1.079 / term_months, 2)} per month."


@function_tool
def list_recent_transactions(last_four: str) -> str:
    """List recent card transactions for a card (last four digits)."""
    return "2024-03-03 STEAMGAMES.COM £59.99; 2024-03-04 SHELL FUEL £41.00"


CARDS = Agent(name="Cards desk", handoff_description="Lost or stolen cards, freezing and replacing cards, PIN problems.",
              instructions="Help with cards. Freeze cards with freeze_card when the customer asks.", tools=[freeze_card])
LOANS = Agent(name="Loans desk", handoff_description="Personal loans, repayment quotes, overpayments.",
              instructions="Give loan quotes with loan_quote.", tools=[loan_quote])
FRAUD = Agent(name="Fraud desk", handoff_description="Unrecognised transactions, scams, suspected fraud on an account.",
              instructions="Investigate suspected fraud with list_recent_transactions.", tools=[list_recent_transactions])
TRIAGE = Agent(name="Bank triage", instructions="Send the customer to the right desk.", handoffs=[CARDS, LOANS, FRAUD])


async def test_fraud_goes_to_the_fraud_desk_alone() -> None:
    result = await Runner.run(TRIAGE, "There are transactions on my account I don't recognise, I think it's fraud. "
                                      "Card ending 4821.")
    handoffs = [i.raw_item.name for i in result.new_items if i.type == "handoff_call_item"]
    assert handoffs == ["transfer_to_fraud_desk"] and result.last_agent.name == "Fraud desk"
    calls = [i.raw_item.name for i in result.new_items if i.type == "tool_call_item"]
    assert calls == ["list_recent_transactions"] and "STEAMGAMES" in str(result.final_output)


async def test_a_question_about_a_card_frozen_freezes_nothing() -> None:
    session, agent, said = SQLiteSession(":memory:"), TRIAGE, []
    for message in ["Please freeze my card ending 4821, it's been stolen.",
                    "What would a £12,000 loan over 48 months cost me each month?",
                    "What were the last four digits of the card I froze?"]:
        result = await Runner.run(agent, message, session=session)
        said.append(([i.raw_item.arguments for i in result.new_items if i.type == "tool_call_item"], result.final_output))
        agent = result.last_agent
    assert [json.loads(arguments) for arguments in said[0][0]] == [{"last_four": "4821", "reason": "stolen"}]
    assert said[2][0] == [] and "4821" in said[2][1], said[2]
