"""A learner's HR assistant: leave balances and leave requests over one session.

An id the user gave in an earlier turn, after its name ("my employee ID is E-4471"), counts as given when a later
message asks for the request; "from 16 to 20 June" starts on 16 June (the month is shared) and "20 June" names no
year; a question ("Is 19 June a holiday?") never files a request (to request is to change); a result's key made of
stop words only ("kind") answers no question.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def get_leave_balance(employee_id: str) -> str:
    """Get how many vacation and sick days an employee has left."""
    return json.dumps({"employee_id": employee_id, "vacation_days": 12, "sick_days": 5})


@function_tool
def request_leave(employee_id: str, start_date: str, end_date: str, kind: Literal["vacation", "sick", "unpaid"]) -> str:
    """Submit a leave request. Dates are YYYY-MM-DD."""
    return f"Leave request LR-970 submitted for {employee_id}: {kind} from {start_date} to {end_date}."


@function_tool
def book_room(check_in: str, check_out: str) -> str:
    """Book a hotel room. Dates are YYYY-MM-DD."""
    return f"Room booked from {check_in} to {check_out}, confirmation HB-22."


AGENT = Agent(name="HR bot", tools=[get_leave_balance, request_leave],
              instructions="You are the HR assistant of Nordlicht GmbH. Today is 2025-06-02. Public holidays: 9 June "
                           "(Whit Monday), 19 June (Corpus Christi). Remote work is allowed up to 2 days a week.")


def calls(result) -> list[tuple[str, dict]]:
    return [(item.raw_item.name, json.loads(item.raw_item.arguments)) for item in result.new_items
            if item.type == "tool_call_item"]


async def test_a_leave_request_takes_the_id_said_before_and_the_shared_month() -> None:
    session = SQLiteSession("hr")
    await Runner.run(AGENT, "Hi, my employee ID is E-4471.", session=session)
    result = await Runner.run(AGENT, "I'd like to take vacation from 16 to 20 June.", session=session)
    assert calls(result) == [("request_leave", {"employee_id": "E-4471", "start_date": "2025-06-16",
                                                "end_date": "2025-06-20", "kind": "vacation"})]
    holiday = await Runner.run(AGENT, "Is 19 June a holiday?", session=session)
    assert calls(holiday) == [] and "19 June" in holiday.final_output
    remote = await Runner.run(AGENT, "How many days a week can I work from home?", session=session)
    assert "2 days a week" in remote.final_output and "kind" not in remote.final_output


async def test_a_range_of_days_in_one_month_is_two_dates_of_it() -> None:
    agent = Agent(name="Hotel", instructions="Today is 2025-06-02. Book rooms with book_room.", tools=[book_room])
    result = await Runner.run(agent, "Please book a room from 3 to 5 July.")
    assert calls(result) == [("book_room", {"check_in": "2025-07-03", "check_out": "2025-07-05"})]
