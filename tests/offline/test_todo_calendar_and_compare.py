"""To-do lists, calendars and comparisons a careful model reads literally.

A due date is the date said ("due tomorrow", "by the 1st"), never another field's value nor one from an earlier
result; a task's title is what the request asks for after its verb, up to its date ("add call the dentist on
Friday": "call the dentist"); a listed record's flags read yes/no.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")

TASKS: list[dict] = []


@function_tool
def add_task(title: str, due: str | None = None) -> str:
    """Add a task to the user's to-do list.

    Args:
        title: What to do.
        due: When it is due, if said.
    """
    TASKS.append({"id": len(TASKS) + 1, "title": title, "due": due, "done": False})
    return json.dumps(TASKS[-1])


@function_tool
def list_tasks() -> str:
    """List the user's tasks."""
    return json.dumps(TASKS)


@function_tool
def complete_task(task_id: int) -> str:
    """Mark a task as done.

    Args:
        task_id: The task's id.
    """
    for task in TASKS:
        if task["id"] == task_id:
            task["done"] = True
            return f"Task {task_id} done."
    return f"No task {task_id}."


@function_tool
def open_ticket(title: str, due: str | None = None) -> str:
    """Open a ticket in the team's tracker.

    Args:
        title: What needs doing.
        due: When it is due, if said.
    """
    return json.dumps({"ticket": 88, "title": title, "due": due, "urgent": False})


async def chat(agent: Agent, turns: list[str]) -> list[tuple[list[tuple[str, dict]], str]]:
    """Each turn's calls (name, arguments) and reply, in one session."""
    TASKS.clear()
    session, said = SQLiteSession("todo"), []
    for turn in turns:
        result = await Runner.run(agent, turn, session=session)
        said.append(([(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items
                      if i.type == "tool_call_item"], str(result.final_output)))
    return said


def todo() -> Agent:
    return Agent(name="Todo", instructions="You manage the user's to-do list with the tools.",
                 tools=[add_task, list_tasks, complete_task])


@pytest.mark.parametrize("message, title, due", [
    ("Add 'buy milk' due tomorrow", "buy milk", "tomorrow"),
    ("Add 'file taxes' due April 15", "file taxes", "April 15"),
    ("Add pay rent by the 1st", "pay rent", "the 1st"),
    ("Also add call the dentist on Friday", "call the dentist", "Friday"),
    ("Please add a task to email Bob before Monday", "email Bob", "Monday"),
])
async def test_a_task_is_what_follows_its_verb_and_due_is_the_date_said(message, title, due):
    calls, _ = await tool_calls([add_task], message)
    assert calls == [("add_task", {"title": title, "due": due})]


async def test_a_ticket_in_another_domain_takes_its_title_and_due_date_the_same_way():
    calls, _ = await tool_calls([open_ticket], "Open a ticket to fix the login page by next Thursday")
    assert calls == [("open_ticket", {"title": "fix the login page", "due": "next Thursday"})]


async def test_no_value_of_an_earlier_result_leaks_into_a_later_call():
    said = await chat(todo(), ["Add 'buy milk' due tomorrow", "Also add call the dentist on Friday"])
    assert said[1][0] == [("add_task", {"title": "call the dentist", "due": "Friday"})]


async def test_a_listed_records_flags_read_yes_or_no():
    said = await chat(todo(), ["Add 'buy milk' due tomorrow", "Add walk the dog on Sunday", "What's on my list?"])
    assert said[2][0] == [("list_tasks", {})]
    assert "done no" in said[2][1] and "False" not in said[2][1]


@function_tool
def add_guest(name: str) -> str:
    """Add a guest to the party's guest list."""
    return "ok"


@function_tool
def list_guests() -> str:
    """List the party's guests."""
    return json.dumps([{"name": "Noor", "confirmed": True}, {"name": "Ivo", "confirmed": False}])


@function_tool
def add(a: float, b: float) -> float:
    """Add two numbers."""
    return a + b


async def test_a_question_never_adds_it_lists():
    said = await chat(todo(), ["Add 'buy milk' due tomorrow", "Which tasks are still open?"])
    assert said[1][0] == [("list_tasks", {})] and "buy milk" in said[1][1]
    calls, _ = await tool_calls([add_guest, list_guests], "Which guests are still unconfirmed?")
    assert calls == [("list_guests", {})]
    calls, _ = await tool_calls([add], "What is 17 plus 25?")  # adding numbers changes nothing
    assert calls == [("add", {"a": 17, "b": 25})]


@function_tool
def list_orders() -> str:
    """List the user's open orders."""
    return json.dumps([{"order_number": 5501, "item": "desk lamp"}, {"order_number": 5502, "item": "office chair"}])


@function_tool
def cancel_order(order_number: int) -> str:
    """Cancel an order.

    Args:
        order_number: The order's number.
    """
    return f"Order {order_number} cancelled."


@pytest.mark.parametrize("which, task_id", [("Mark the first one done", 1), ("Mark the second one as done", 2),
                                            ("Mark the dentist one done", 2)])
async def test_a_record_pointed_at_by_its_place_or_a_word_gives_its_id(which, task_id):
    said = await chat(todo(), ["Add 'buy milk' due tomorrow", "Also add call the dentist on Friday", "What's on my list?",
                               which])
    assert said[3][0] == [("complete_task", {"task_id": task_id})]


async def test_an_order_pointed_at_by_a_word_of_it_is_cancelled():
    agent = Agent(name="Shop", instructions="You help with orders.", tools=[list_orders, cancel_order])
    said = await chat(agent, ["Show my orders", "Cancel the chair one"])
    assert said[1][0] == [("cancel_order", {"order_number": 5502})]


@function_tool
def get_weather(city: str) -> str:
    """Current weather for a city."""
    return json.dumps({"city": city, "temp_c": {"Paris": 18, "London": 14}.get(city, 20), "sky": "cloudy"})


@function_tool
def get_fare(route: str) -> str:
    """The cheapest fare on a train route."""
    return json.dumps({"route": route, "price_eur": {"Lyon": 39.0, "Nice": 27.5}.get(route, 50.0)})


@pytest.mark.parametrize("question, answer", [("Which one is warmer?", "Paris, temp c 18"),
                                              ("Which city is colder?", "London, temp c 14")])
async def test_results_of_one_tool_are_compared(question, answer):
    agent = Agent(name="W", instructions="You report the weather using get_weather.", tools=[get_weather])
    said = await chat(agent, ["What's the weather in Paris and London?", question])
    assert said[1][0] == [] and answer in said[1][1] and "don't know" not in said[1][1]


async def test_fares_looked_up_one_by_one_are_compared():
    agent = Agent(name="Rail", instructions="You look up fares with get_fare.", tools=[get_fare])
    said = await chat(agent, ["What's the fare on route Lyon?", "Get the fare on route Nice", "Which one is cheaper?"])
    assert "Nice" in said[2][1] and "27.5" in said[2][1]


@function_tool
def create_event(title: str, start: str, duration_minutes: int, attendees: list[str]) -> str:
    """Create a calendar event.

    Args:
        title: The event's title.
        start: Start date and time, ISO 8601.
        duration_minutes: How long it lasts.
        attendees: Who is invited.
    """
    return f"Created '{title}' at {start} for {duration_minutes} min with {', '.join(attendees)}."


@function_tool
def book_call(topic: str, when: str, guests: list[str]) -> str:
    """Book a video call.

    Args:
        topic: What the call is about.
        when: The date and time, in ISO 8601.
        guests: Who joins.
    """
    return "Booked."


async def test_an_event_takes_a_short_title_an_iso_start_and_its_attendees_are_told_back():
    agent = Agent(name="Cal", instructions="You schedule meetings with create_event. Today is 2025-03-10.",
                  tools=[create_event])
    said = await chat(agent, ["Set up a 30-minute sync with Ana and Ben next Tuesday at 3pm", "Who did I invite?"])
    assert said[0][0] == [("create_event", {"title": "sync with Ana and Ben", "start": "2025-03-11T15:00:00",
                                            "duration_minutes": 30, "attendees": ["Ana", "Ben"]})]
    assert "Ana" in said[1][1] and "Ben" in said[1][1] and "don't know" not in said[1][1]


async def test_a_call_booked_in_other_words_the_same_way():
    agent = Agent(name="Calls", instructions="You book calls. Today is 2025-03-10.", tools=[book_call])
    said = await chat(agent, ["Book a call about the budget with Priya tomorrow at 9am", "Who is joining?"])
    assert said[0][0] == [("book_call", {"topic": "budget", "when": "2025-03-11T09:00:00", "guests": ["Priya"]})]
    assert "Priya" in said[1][1] and "don't know" not in said[1][1]


@function_tool
def list_invoices() -> str:
    """List the invoices."""
    return json.dumps([{"number": "INV-1", "client": "Acme", "paid": True},
                       {"number": "INV-2", "client": "Globex", "paid": False}])


async def test_a_question_keeps_the_listed_records_its_yes_no_field_answers():
    said = await chat(todo(), ["Add 'buy milk' due tomorrow", "Also add call the dentist on Friday", "What's on my list?",
                               "Mark the dentist one done", "Which tasks are still open?", "Which tasks are done?"])
    assert "buy milk" in said[4][1] and "dentist" not in said[4][1]
    assert "dentist" in said[5][1] and "buy milk" not in said[5][1]
    _, reply = await tool_calls([list_invoices], "Which invoices are not paid?")
    assert "Globex" in reply and "Acme" not in reply
    _, reply = await tool_calls([list_invoices], "List the invoices")
    assert "Globex" in reply and "Acme" in reply


@function_tool
def set_reminder(text: str, when: str) -> str:
    """Set a reminder.

    Args:
        text: What to be reminded of.
        when: When, as said.
    """
    return "ok"


@function_tool
def meet_up(person: str, where: str) -> str:
    """Arrange to meet someone.

    Args:
        person: Who to meet.
        where: Where to meet.
    """
    return json.dumps({"person": person, "where": where, "confirmed": True})


async def test_a_field_named_when_or_where_takes_a_date_or_a_place_said_now():
    agent = Agent(name="Todo", instructions="You manage the user's to-do list.", tools=[list_tasks, set_reminder])
    said = await chat(agent, ["Add nothing, just list my tasks", "Remind me to water the plants tomorrow at 8am"])
    assert [arguments["when"] for _, arguments in said[1][0]] == ["tomorrow at 8am"]  # one reminder, its day and time
    calls, _ = await tool_calls([meet_up], "Set up a meeting with Dana in Lisbon")
    assert calls == [("meet_up", {"person": "Dana", "where": "Lisbon"})]

