"""The reply after a tool returns, and a triage agent's choice of desk.

After a tool call a careful model answers the user's question from the output: the field a question asks
for ("When does it land?": the arrival time), a sentence the tool wrote as it is, "I couldn't find ..."
for nothing found and "I found no ..." for an empty list; never the tool's name as the subject of those.
A triage agent routes by the words of its desks' descriptions; a word said that only relates to a desk's
name ("card" to "refunds") does not beat a desk whose description says it, and when no desk's own words
are said, everyday words for them ("my money back" for a refund) still find the desk.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")

SHIPMENT = {"shipment_id": "K-5512", "status": "out for delivery", "courier": "Velo Freight",
            "eta": "2025-07-09", "contents": ["lamp", "rug"], "total": 88.4}


@function_tool
def parcel_status(shipment_id: str) -> str:
    """Look up a shipment by its shipment id."""
    return json.dumps(SHIPMENT) if shipment_id == "K-5512" else "Unknown shipment"


@function_tool
def book_court(court: str) -> str:
    """Book a tennis court for this evening."""
    return f"Court {court} is booked from 7 pm to 8 pm."


@function_tool
def train_times(train_number: str) -> str:
    """Get the departure time of a train."""
    return "No such train"


@function_tool
def list_overdue_invoices() -> str:
    """List the invoices that are overdue."""
    return "[]"


@function_tool
def find_parking(district: str) -> str:
    """Find car parks with free spaces in a district."""
    return json.dumps([{"garage": "Quayside", "spaces": 14}, {"garage": "Mill Lane", "spaces": 3}])


async def reply(tool, message: str) -> str:
    result = await Runner.run(Agent(name="Helper", instructions="Help the user with your tools.", tools=[tool]), message)
    assert [i.raw_item.name for i in result.new_items if i.type == "tool_call_item"] == [tool.name]
    return result.final_output


async def test_a_question_gets_the_fields_it_asks_for_not_every_field() -> None:
    when = await reply(parcel_status, "When will shipment K-5512 arrive?")
    assert "2025-07-09" in when and "Velo Freight" not in when and "88.4" not in when, when
    status = await reply(parcel_status, "What's the status of shipment K-5512?")
    assert status == "The status is out for delivery.", status
    courier = await reply(parcel_status, "Which courier has shipment K-5512?")
    assert courier == "The courier is Velo Freight.", courier


async def test_a_sentence_a_tool_wrote_is_the_reply_without_the_tools_name() -> None:
    assert await reply(book_court, "Book court 3 for me.") == "Court 3 is booked from 7 pm to 8 pm."


async def test_nothing_found_and_an_empty_list_are_said_plainly() -> None:
    assert await reply(train_times, "When does train IC-804 leave?") == "I couldn't find train IC-804."
    assert await reply(parcel_status, "Where is shipment K-9000?") == "I couldn't find shipment K-9000."
    assert await reply(list_overdue_invoices, "List the overdue invoices.") == "I found no overdue invoices."


async def test_a_list_of_objects_is_told_item_by_item() -> None:
    text = await reply(find_parking, "Find parking in the Docks district.")
    assert text == "I found 2: garage Quayside, spaces 14; garage Mill Lane, spaces 3.", text


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
