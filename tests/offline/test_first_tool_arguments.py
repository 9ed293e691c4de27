"""Arguments a careful model fills on a tester's first try with their own tool.

What a message asks to tell someone ("email Tom that ...") is the body, and a subject says it in short; a reminder's
text leaves out the time another field takes ("tonight at 8"); the speaker counts in a party ("me and my wife": 2);
a list after a related word keeps each item's own words ("with spinach and feta under 30 minutes").
"""

from __future__ import annotations

import pytest
from agents import function_tool

from ..helpers import tool_calls

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def send_email(to: str, subject: str, body: str) -> str:
    """Send an email."""
    return "sent"


@function_tool
def create_reminder(text: str, when: str) -> str:
    """Create a reminder."""
    return "set"


@function_tool
def schedule_reminder(message: str, when: str) -> str:
    """Schedule a reminder."""
    return "scheduled"


@function_tool
def book_flight(origin: str, destination: str, date: str, passengers: int) -> str:
    """Book a flight."""
    return "booked"


@function_tool
def reserve_table(restaurant: str, time: str, party_size: int) -> str:
    """Reserve a table."""
    return "reserved"


@function_tool
def search_recipes(ingredients: list[str], max_minutes: int) -> str:
    """Find recipes."""
    return "[]"


@pytest.mark.parametrize("message, to, subject, body", [
    ("Email Tom at tom@x.com that the meeting moved to 3pm", "tom@x.com", "Meeting moved to 3pm",
     "the meeting moved to 3pm"),
    ("Please email lena@corp.io to let her know that a new build is ready", "lena@corp.io", "New build is ready",
     "a new build is ready"),
])
async def test_what_to_tell_is_the_body_and_its_gist_the_subject(message, to, subject, body):
    calls, _ = await tool_calls([send_email], message)
    assert calls == [("send_email", {"to": to, "subject": subject, "body": body})]


@pytest.mark.parametrize("tool, message, text, when", [
    (create_reminder, "Remind me to take out the trash tonight at 8", "take out the trash", "tonight at 8"),
    (create_reminder, "remind me to call the dentist on Friday", "call the dentist", "Friday"),
    (schedule_reminder, "Remind us to renew the lease next Monday at 9", "renew the lease", "next Monday at 9"),
    (create_reminder, "Set a reminder for Friday at 5 to submit the report", "submit the report", "Friday at 5"),
])
async def test_a_reminders_text_leaves_its_time_to_the_time_field(tool, message, text, when):
    calls, _ = await tool_calls([tool], message)
    assert list(calls[0][1].values()) == [text, when]


@pytest.mark.parametrize("tool, message, count", [
    (book_flight, "I need a flight from NYC to LA next Friday for me and my wife", 2),
    (book_flight, "Book a flight from Rome to Paris on May 2 for me and two kids", 3),
    (reserve_table, "Reserve a table at Nopa at 7pm for me and 3 colleagues", 4),
    (book_flight, "Book a flight from Paris to Rome on June 9 for my wife and me", 2),
])
async def test_the_speaker_counts_in_a_party(tool, message, count):
    calls, _ = await tool_calls([tool], message)
    assert list(calls[0][1].values())[-1] == count


@pytest.mark.parametrize("message, ingredients", [
    ("Find me a vegetarian recipe with spinach and feta under 30 minutes", ["spinach", "feta"]),
    ("Any dinner ideas with chicken, leeks and mushrooms under 40 minutes?", ["chicken", "leeks", "mushrooms"]),
])
async def test_listed_ingredients_keep_only_their_own_words(message, ingredients):
    calls, _ = await tool_calls([search_recipes], message)
    assert calls[0][1]["ingredients"] == ingredients


@function_tool
def create_event(title: str, date: str) -> str:
    """Create a calendar event."""
    return "created"


@pytest.mark.parametrize("tool, message, field, value", [
    (send_email, "Send an email to ana@corp.io with subject Q3 report saying the numbers are attached", "subject",
     "Q3 report"),
    (create_event, "Create an event titled Team offsite planning on March 4", "title", "Team offsite planning"),
])
async def test_a_labelled_subject_runs_to_the_next_small_word(tool, message, field, value):
    calls, _ = await tool_calls([tool], message)
    assert calls[0][1][field] == value


@function_tool
def convert_units(value: float, from_unit: str, to_unit: str) -> str:
    """Convert a measurement between units."""
    return "converted"


@function_tool
def convert_measure(amount: float, source_unit: str, target_unit: str) -> str:
    """Convert a quantity from one unit to another."""
    return "converted"


@function_tool
def convert_temperature(value: float, from_scale: str, to_scale: str) -> str:
    """Convert a temperature."""
    return "converted"


@pytest.mark.parametrize("tool, message, expected", [
    (convert_units, "How many kilometers is 26.2 miles?", [26.2, "miles", "kilometers"]),
    (convert_units, "Convert 350 fahrenheit to celsius", [350, "fahrenheit", "celsius"]),
    (convert_measure, "What is 12 inches in centimeters?", [12, "inches", "centimeters"]),
    (convert_temperature, "Convert 20 degrees celsius to fahrenheit", [20, "celsius", "fahrenheit"]),
])
async def test_a_unit_field_holds_the_unit_never_the_number(tool, message, expected):
    calls, _ = await tool_calls([tool], message)
    assert list(calls[0][1].values()) == expected


@function_tool
def get_exchange_rate(base: str, quote: str) -> str:
    """Get an exchange rate between two currencies (ISO codes)."""
    return "1.0"


@pytest.mark.parametrize("message, base, quote", [
    ("What's the dollar to yen rate?", "USD", "JPY"),
    ("Rate from euros to Swiss francs please", "EUR", "CHF"),
])
async def test_a_quote_currency_is_the_one_after_to(message, base, quote):
    calls, _ = await tool_calls([get_exchange_rate], message)
    assert calls == [("get_exchange_rate", {"base": base, "quote": quote})]


async def test_a_reminder_may_name_its_time_before_the_task_and_a_list_ends_before_please():
    calls, _ = await tool_calls([create_reminder], "remind me tomorrow to renew my passport")
    assert calls == [("create_reminder", {"text": "renew my passport", "when": "tomorrow"})]
    calls, _ = await tool_calls([search_recipes], "Recipes with chicken, rice and broccoli please")
    assert calls[0][1]["ingredients"] == ["chicken", "rice", "broccoli"]


@function_tool
def send_sms(phone: str, message: str) -> str:
    """Send a text message."""
    return "sent"


@function_tool
def call_back(mobile_number: str, topic: str) -> str:
    """Schedule a call back."""
    return "scheduled"


async def test_a_phone_field_takes_the_whole_number():
    calls, _ = await tool_calls([send_sms], "Send a text to 555-0134 saying I'm running late")
    assert calls == [("send_sms", {"phone": "555-0134", "message": "I'm running late"})]
    calls, _ = await tool_calls([call_back], "Please schedule a call back to +44 20 7946 0018 about my refund")
    assert calls[0][1]["mobile_number"] == "+44 20 7946 0018"
