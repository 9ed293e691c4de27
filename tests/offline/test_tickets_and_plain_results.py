"""A ticket filed from a chatty message, and a tool's result that already says what it is.

A ``priority``, ``severity`` or ``sentiment`` field typed as a plain string still takes a grade the message's
words lean to ("urgent!": high), not the whole message; a ``requester`` is a person; a ``summary`` leaves out the
greeting, the introduction and the thanks. A result such as "Lisbon: sunny, 21C" is told as it is, not as "The
forecast for Lisbon, 3 is Lisbon: sunny, 21C".
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class Ticket(BaseModel):
    requester: str
    summary: str
    priority: str


async def ticket(message: str) -> Ticket:
    agent = Agent(name="Intake", instructions="Turn the message into a ticket.", output_type=Ticket)
    return (await Runner.run(agent, message)).final_output


async def test_a_plain_string_priority_takes_the_grade_the_words_lean_to():
    urgent = await ticket("Hi, this is Maria Gonzalez from accounting. The printer on floor 3 is jammed again "
                          "and we have payroll due today, urgent!")
    calm = await ticket("Hello, Tom here. Small thing, no rush: could someone update my email signature? Thanks!")
    assert (urgent.priority, calm.priority) == ("high", "low")
    assert (urgent.requester, calm.requester) == ("Maria Gonzalez", "Tom")


async def test_a_summary_leaves_out_the_greeting_the_introduction_and_the_thanks():
    urgent = await ticket("Hi, this is Maria Gonzalez from accounting. The printer on floor 3 is jammed again.")
    calm = await ticket("Hello, Tom here. Could someone update my email signature when you have time? Thanks!")
    assert "printer on floor 3 is jammed" in urgent.summary and "Maria" not in urgent.summary
    assert "email signature" in calm.summary and "Tom here" not in calm.summary and "Thanks" not in calm.summary


async def test_a_sentiment_string_is_one_word_not_the_message():
    class Review(BaseModel):
        sentiment: str

    agent = Agent(name="Reader", instructions="Read the review.", output_type=Review)
    result = await Runner.run(agent, "The battery died after two days and support never answered. Terrible.")
    assert result.final_output.sentiment == "negative"


@function_tool
def get_forecast(city: str, days: int = 1) -> str:
    """Weather forecast for a city for the next N days."""
    return f"{city}: sunny, 21C for {days} days"


async def test_a_result_that_names_what_it_is_is_told_as_it_is():
    agent = Agent(name="Helper", instructions="You help plan trips. Use tools.", tools=[get_forecast])
    result = await Runner.run(agent, "What's the weather going to be in Lisbon for the next 3 days?")
    assert result.final_output == "Lisbon: sunny, 21C for 3 days."


async def test_a_summary_asked_into_an_output_type_is_json_of_that_type():
    class Digest(BaseModel):
        headline: str
        bullet_points: list[str]

    agent = Agent(name="Digest", instructions="Summarize the text into a headline and bullet points.",
                  output_type=Digest)
    result = await Runner.run(agent, "The council voted 7-2 on Tuesday to add 40 km of bike lanes. "
                                     "Funding comes from a new parking levy.")
    assert "bike lanes" in result.final_output.headline and result.final_output.bullet_points


@function_tool
def cancel_order(order_id: str) -> str:
    """Cancel an order."""
    return "cancelled"


@function_tool
def send_invoice(invoice_id: str) -> str:
    """Send an invoice to the customer."""
    return "sent"


@pytest.mark.parametrize("message", ["I don't want to cancel ORD-4471, just tell me where it is.",
                                     "Do not send INV-22 yet, I want you to check it first.",
                                     "I don't want you to cancel ORD-4471."])
async def test_a_verb_the_user_says_not_to_do_is_never_called_even_after_want(message):
    agent = Agent(name="Orders", instructions="You help customers with orders. Use your tools.",
                  tools=[cancel_order, send_invoice])
    result = await Runner.run(agent, message)
    assert [i for i in result.new_items if i.type == "tool_call_item"] == []


class BugReport(BaseModel):
    title: str
    expected: str
    actual: str


@pytest.mark.parametrize(("message", "expected", "actual"), [
    ("When I click Save the page should show a confirmation, but instead it goes blank.",
     "show a confirmation", "it goes blank"),
    ("Export to CSV is broken: expected a file with 3 columns, got an empty file.",
     "a file with 3 columns", "an empty file"),
    ("The timer is supposed to stop at zero but it keeps counting into negative numbers.",
     "stop at zero", "it keeps counting into negative numbers"),
])
async def test_a_bug_reports_expected_and_actual_are_the_clauses_that_say_them(message, expected, actual):
    agent = Agent(name="Triage", instructions="File a bug report.", output_type=BugReport)
    report = (await Runner.run(agent, message)).final_output
    assert (report.expected, report.actual) == (expected, actual)


@function_tool
def file_bug(title: str, expected_behavior: str, actual_behavior: str) -> str:
    """File a bug in the tracker."""
    return "filed"


async def test_a_bug_tool_gets_the_same_clauses():
    agent = Agent(name="QA", instructions="You file bugs with your tool.", tools=[file_bug])
    result = await Runner.run(agent, "File a bug: the login button should open the form but nothing happens.")
    call = next(i.raw_item for i in result.new_items if i.type == "tool_call_item")
    arguments = json.loads(call.arguments)
    assert (arguments["expected_behavior"], arguments["actual_behavior"]) == ("open the form", "nothing happens")
