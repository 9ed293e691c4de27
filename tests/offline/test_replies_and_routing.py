"""The reply after a tool returns, and a triage agent's choice of desk.

After a tool call a careful model answers the user's question from the output: the field a question asks
for ("When does it land?": the arrival time), a sentence the tool wrote as it is, "I couldn't find ..."
for nothing found and "I found no ..." for an empty list; never the tool's name as the subject of those.
A triage agent routes by the words of its desks' descriptions; a word said that only relates to a desk's
name ("card" to "refunds") does not beat a desk whose description says it, and when no desk's own words
are said, everyday words for them ("my money back" for a refund) still find the desk.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")

def desks() -> Agent:
    refunds = Agent(name="Refunds", handoff_description="Money back on returned purchases.", instructions="Refunds.")
    lost = Agent(name="Lost property", handoff_description="Stolen or lost cards, keys and bags.", instructions="Lost.")
    access = Agent(name="Access desk", handoff_description="Login and password trouble.", instructions="Access.")
    return Agent(name="Front desk", instructions="Send each visitor to the right desk.", handoffs=[refunds, lost, access])


@pytest.mark.parametrize(("message", "desk"), [
    ("My bank card was stolen at the station.", "Lost property"),  # "card" is related to "refund"; the description says it
    ("Can I be reimbursed for the concert I could not attend?", "Refunds"),
    ("A man robbed me on the tram last night.", "Lost property"),
    ("I cannot log into the members portal.", "Access desk"),
    ("Signing in fails every morning.", "Access desk"),
])
async def test_a_desk_is_found_by_its_own_words_first_then_by_everyday_words_for_them(message, desk) -> None:
    assert (await Runner.run(desks(), message)).last_agent.name == desk
