"""A learner's own calendar agent: create, list and cancel events over one session.

A field whose description gives an ISO example ("e.g. 2025-03-14T15:00") takes a date said in words, in that form
(its own description decides, not another tool's "YYYY-MM-DD"); "a 1-hour call" lasts 60 minutes; "What's on my
calendar tomorrow?" lists the events (a calendar holds events); a question about "the call" is answered from the
record of the call, not compared with the other events ("How long...?" compares nothing).
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def create_event(title: str, start: str, duration_minutes: int, attendees: list[str]) -> str:
    """Create a calendar event.

    Args:
        title: Short title of the event.
        start: Start time in ISO 8601, e.g. 2025-03-14T15:00.
        duration_minutes: Length of the event in minutes.
        attendees: Email addresses or names of the people invited.
    """
    return json.dumps({"id": f"evt_{len(title)}", "title": title, "start": start, "duration_minutes": duration_minutes,
                       "attendees": attendees})


@function_tool
def list_events(day: str) -> str:
    """List the events on a day (YYYY-MM-DD)."""
    return json.dumps([{"title": "Standup", "start": f"{day}T09:30"}, {"title": "Lunch with Mia", "start": f"{day}T12:30"}])


@function_tool
def cancel_event(event_id: str) -> str:
    """Cancel an event by its id."""
    return f"Cancelled {event_id}."


AGENT = Agent(name="Calendar", instructions="You manage the user's calendar. Today is 2025-03-10 (Monday).",
              tools=[create_event, list_events, cancel_event])


def calls(result) -> list[tuple[str, dict]]:
    return [(item.raw_item.name, json.loads(item.raw_item.arguments)) for item in result.new_items
            if item.type == "tool_call_item"]


@pytest.mark.parametrize(("message", "start", "minutes"), [
    ("Set up a 45 minute design review with Ana and Tom on Thursday at 3pm.", "2025-03-13T15:00", 45),
    ("Book a 1-hour call with priya@acme.io next Monday at 10.", "2025-03-17T10:00", 60),
])
async def test_an_event_said_in_words_is_created_in_the_fields_form(message, start, minutes) -> None:
    [(name, arguments)] = calls(await Runner.run(AGENT, message))
    assert name == "create_event"
    assert arguments["start"].startswith(start) and arguments["duration_minutes"] == minutes


async def test_whats_on_my_calendar_lists_the_days_events() -> None:
    result = await Runner.run(AGENT, "What's on my calendar tomorrow?")
    assert calls(result) == [("list_events", {"day": "2025-03-11"})]
    assert "Lunch with Mia" in result.final_output


async def test_a_question_about_one_event_is_answered_from_its_record() -> None:
    session = SQLiteSession("calendar")
    for message in ("Set up a 45 minute design review with Ana and Tom on Thursday at 3pm.",
                    "Book a 1-hour call with priya@acme.io next Monday at 10."):
        await Runner.run(AGENT, message, session=session)
    who = await Runner.run(AGENT, "Who is coming to the call?", session=session)
    assert calls(who) == [] and "priya@acme.io" in who.final_output and "Ana" not in who.final_output
    long = await Runner.run(AGENT, "How long is the call?", session=session)
    assert "one is" not in long.final_output and "design review" not in long.final_output


LISTED = [{"role": "user", "content": "What's on tomorrow?"},
          {"type": "function_call", "call_id": "c1", "name": "list_events", "arguments": json.dumps({"day": "2025-03-11"})},
          {"type": "function_call_output", "call_id": "c1", "output": json.dumps([
              {"title": "Standup", "start": "2025-03-11T09:30", "duration_minutes": 15, "attendees": ["Ana", "Tom"]},
              {"title": "Lunch with Mia", "start": "2025-03-11T12:30", "duration_minutes": 60, "attendees": ["Mia"]}])},
          {"role": "assistant", "content": "You have 2 events: Standup at 09:30 and Lunch with Mia at 12:30."}]


@pytest.mark.parametrize(("question", "answer"), [
    ("How long is the standup?", "The duration is 15 minutes."),
    ("Who is coming to lunch?", "The attendees are Mia."),
    ("When is lunch?", "The start is 2025-03-11T12:30."),
])
async def test_a_listed_event_the_question_names_answers_it(client, question, answer) -> None:
    tools = [{"type": "function", "name": "list_events", "description": "List the events on a day (YYYY-MM-DD).",
              "parameters": {"type": "object", "properties": {"day": {"type": "string"}}, "required": ["day"]}}]
    response = await client.responses.create(model="gpt-4.1-mini", tools=tools,
                                             input=[*LISTED, {"role": "user", "content": question}])
    assert response.output_text == answer


async def test_an_event_named_in_words_is_cancelled_by_its_own_id() -> None:
    session = SQLiteSession("calendar")
    for message in ("Set up a 45 minute design review with Ana and Tom on Thursday at 3pm.",
                    "What's on my calendar tomorrow?"):  # a later result lists other events, with dates
        await Runner.run(AGENT, message, session=session)
    result = await Runner.run(AGENT, "Cancel the design review.", session=session)
    assert calls(result) == [("cancel_event", {"event_id": "evt_30"})]


async def test_an_order_no_tool_can_carry_out_is_refused_not_noted() -> None:
    session = SQLiteSession("calendar")
    await Runner.run(AGENT, "Book a 1-hour call with priya@acme.io next Monday at 10.", session=session)
    result = await Runner.run(AGENT, "Move the call to 11.", session=session)  # no tool moves an event
    assert calls(result) == [] and result.final_output.startswith("I can't")


async def test_an_id_the_message_gives_wins_over_a_record_its_words_name() -> None:
    session = SQLiteSession("calendar")
    await Runner.run(AGENT, "Set up a 45 minute design review with Ana and Tom on Thursday at 3pm.", session=session)
    result = await Runner.run(AGENT, "Cancel evt_9, not the design review.", session=session)
    assert calls(result) == [("cancel_event", {"event_id": "evt_9"})]
